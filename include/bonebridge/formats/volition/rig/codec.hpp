// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/formats/volition/rig/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::volition {

inline constexpr const char* kRigFormat = "Volition .rig_pc";

// Reads a rig in the given pointer width; without one, tries 8-byte slots (SR:TT / SR IV) and then 4-byte
// slots (RFG), taking the first layout whose bone names all resolve and whose checksums match them, then
// the first that parses at all.
namespace rig {
Result<Document> read(std::span<const std::uint8_t> bytes, std::optional<PointerWidth> width = {});
std::vector<std::uint8_t> write(const Document& document);
}  // namespace rig

// Reads as a rig with at least one bone whose checksums all match the names: how a rig (no magic) is told
// apart.
bool looks_like_rig(std::span<const std::uint8_t> bytes);

std::size_t rig_header_size(PointerWidth width);
// The NUL-terminated string at `offset` in the name region, or nullopt when it runs off the region.
std::optional<std::string> rig_name_at(const rig::Document& document, std::uint32_t offset);
std::string rig_bone_name(const rig::Document& document, std::size_t bone);  // "" when unresolved
std::string rig_tag_name(const rig::Document& document, std::size_t tag);

// Builds a rig from names, parents and bind positions: inv_translation = -bind, rel = bind - bind(parent),
// checksums from the hash, names packed in order, slots 0.
struct RigBoneSpec {
  std::string name;
  int parent = -1;
  RigVec3 bind_position;
};
struct RigTagSpec {
  std::string name;
  int parent = -1;
  std::array<float, 9> rotation{1, 0, 0, 0, 1, 0, 0, 0, 1};
  RigVec3 translation;
};
rig::Document make_rig(PointerWidth width, const std::vector<RigBoneSpec>& bones,
                       const std::vector<RigTagSpec>& tags);

}  // namespace bonebridge::volition
