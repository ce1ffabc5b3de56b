#pragma once
// The registry row of Little Big Adventure: .anm animations (LBA1 by default, LBA2 with variant=lba2),
// HQR archives, and LBA1 bodies (kind=body, or an HQR entry given as --body BODY.HQR:0).
//
// Options: "variant" (lba1 | lba2), "body" (a file or ARCHIVE.HQR:<index>), "kind" (anm | body | hqr),
// "root-motion" (joint | separate), "unit-scale" (metres per world unit, default 1/512), "clock"
// (ideal | game, and "update-ticks" for the game clock of sample()).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/io/error.hpp"
#include "bonebridge/registry/family.hpp"

namespace bonebridge::lba {

FormatFamily family();

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
