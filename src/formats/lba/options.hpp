// SPDX-License-Identifier: MIT
#pragma once
// The family's settings (family.cpp): read from the Options into `Settings`, then into the bridges'
// BridgeOptions with the companion files they name (--palette, --texture-page; --body by the .anm adapter)
// read from the companions the services read, a file, or ARCHIVE.HQR:<index>.
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>

#include "bonebridge/formats/lba/hqr/codec.hpp"
#include "bonebridge/formats/lba/settings.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::lba {

inline constexpr const char* kTitle = "Little Big Adventure .anm / HQR / LBA1 body";

Result<BridgeOptions> bridge_options(const Settings& settings, const Options& options);
Result<BridgeOptions> bridge_options(const Options& options);

// A companion (--body, --palette) at `address` (the setting's value) parsed by `read`, its errors naming the
// address. Read by load_input when it came through the services; else by Options::nearby. Parsed once per run
// (Options::documents) for each `how` (what decides the reading besides the bytes, such as the variant).
template <class Read>
auto read_companion(const Options& options, const std::string& key, const std::string& address, Read read,
                    const std::string& how = "") -> decltype(read(std::span<const std::uint8_t>{})) {
  using Value = std::decay_t<decltype(*read(std::span<const std::uint8_t>{}))>;
  auto parsed = options.documents->get<Value>(key + '/' + how, address, [&]() -> Result<Value> {
    // Read by the registry (load_input), else through the options' finder: formats open no file themselves.
    auto bytes = options.companion(key, address);
    if (!bytes) return bytes.error();
    auto value = read(*bytes);
    if (!value) {
      Error error = value.error();
      error.file = address;
      return error;
    }
    return value;
  });
  if (!parsed) return parsed.error();
  return Value(**parsed);
}

}  // namespace bonebridge::lba
