// SPDX-License-Identifier: MIT
#pragma once
// Red Faction Guerrilla asset-assembler manifests (.asm_pc, version 5): which .str2_pc containers a packfile
// holds and which files (primitives) each container holds, with their types. Field for field as stored,
// little-endian; layout from RFGM.Formats Asset/AsmFile.cs, AsmContainer.cs, AsmPrimitive.cs (read, not
// copied), checked on the two real manifests in shared/samples (dlc01_l1.asm_pc: 8 bytes, no container;
// dlc_activity_containers.asm_pc: 598 bytes, 8 containers).
//
//   file:      u32 signature 0xBEEFFEED, u16 version (5), u16 container count, containers
//   container: u16 name length, name, u8 type, u16 flags, u16 primitive count, u32 data offset,
//              u32 size count, u32 compressed size, size count x s32 sizes, primitives
//   primitive: u16 name length, name, u8 type, u8 allocator, u8 flags, u8 split extension index,
//              s32 header size (the CPU file), s32 data size (the GPU file; 0 when there is none)
#include <cstdint>
#include <string>
#include <vector>

namespace bonebridge::volition {

inline constexpr std::uint32_t kAsmSignature = 0xBEEFFEED;
inline constexpr std::uint16_t kAsmVersion = 5;

struct AsmPrimitive {
  std::string name;
  std::uint8_t type = 0;  // PrimitiveType: CharacterMesh 6, AnimFile 17, ... (named by asm_primitive_type)
  std::uint8_t allocator = 0;
  std::uint8_t flags = 0;
  std::uint8_t split_extension_index = 0;
  std::int32_t header_size = 0;
  std::int32_t data_size = 0;
};

struct AsmContainer {
  std::string name;       // the .str2_pc without its extension
  std::uint8_t type = 0;  // ContainerType: HumanHead 19, Human 20, Player 21, ...
  std::uint16_t flags = 0;
  std::uint32_t data_offset = 0;
  std::uint32_t compressed_size = 0;
  std::vector<std::int32_t> sizes;  // as stored (duplicates the primitives' sizes when flag 0x80 is set)
  std::vector<AsmPrimitive> primitives;
};

namespace asm_ {
struct Document {
  std::uint16_t version = kAsmVersion;
  std::vector<AsmContainer> containers;
  std::vector<std::uint8_t> trailing;  // bytes after the last container (none in the samples)
};
}  // namespace asm_

}  // namespace bonebridge::volition
