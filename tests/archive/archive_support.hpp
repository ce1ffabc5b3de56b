// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the archive tests.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "bonebridge/archive/archive.hpp"

namespace bonebridge::archive::testing {

// Opens `bytes` with `kind`, failing the test (and returning nullptr) when it cannot.
inline std::unique_ptr<Archive> open_or_fail(const ArchiveKind& kind, std::vector<std::uint8_t> bytes) {
  auto opened = kind.open(std::move(bytes));
  EXPECT_TRUE(opened.ok()) << (opened.ok() ? "" : opened.error().to_string());
  return opened.ok() ? std::move(opened).value() : nullptr;
}

// Every entry as new bytes (what a user extracting and repacking would hand us).
inline std::vector<EntrySource> decoded_entries(const Archive& archive) {
  std::vector<EntrySource> out;
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    auto bytes = archive.read(i);
    EXPECT_TRUE(bytes.ok()) << (bytes.ok() ? "" : bytes.error().to_string());
    out.push_back(
        {archive.entries()[i].name, bytes.ok() ? *bytes : std::vector<std::uint8_t>{}, std::nullopt});
  }
  return out;
}

// Every entry kept from the archive, in its order.
inline std::vector<EntrySource> kept_entries(const Archive& archive) {
  std::vector<EntrySource> out;
  for (std::size_t i = 0; i < archive.entries().size(); ++i)
    out.push_back({archive.entries()[i].name, {}, i});
  return out;
}

inline void poke32(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint32_t value) {
  std::memcpy(bytes.data() + at, &value, 4);
}

inline std::uint32_t peek32(const std::vector<std::uint8_t>& bytes, std::size_t at) {
  std::uint32_t value = 0;
  std::memcpy(&value, bytes.data() + at, 4);
  return value;
}

inline std::vector<std::uint8_t> text_bytes(std::string_view text) {
  return {text.begin(), text.end()};
}

}  // namespace bonebridge::archive::testing
