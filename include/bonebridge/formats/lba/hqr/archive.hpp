// SPDX-License-Identifier: MIT
#pragma once
// HQR archives on the archive interface (include/bonebridge/archive/archive.hpp): entries are named by their
// slot index ("0", "1", ...), blank slots listed with compression "blank".
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/archive/archive.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lba {

const archive::ArchiveKind& hqr_kind();

// HQR archive access (the HQR document's info and tests use these): every slot of an HQR archive with
// what it decodes to, and one slot's decoded bytes (what "ANIM.HQR:12" names).
struct ContainerEntry {
  std::size_t index = 0;
  bool blank = false;
  std::uint32_t size = 0;         // decoded
  std::uint32_t stored_size = 0;  // as stored
  std::uint16_t method = 0;
  bool shared = false;     // another slot points at the same data
  std::string decodes_to;  // "LBA .anm animation (5 keyframes, 24 groups)", "LBA1 body (...)", "data"
};
bool is_container(std::span<const std::uint8_t> bytes);
Result<std::vector<ContainerEntry>> container_entries(std::span<const std::uint8_t> bytes);
Result<std::vector<std::uint8_t>> container_entry(std::span<const std::uint8_t> bytes, std::size_t index);

}  // namespace bonebridge::lba
