// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <cmath>

#include "../adapters.hpp"
#include "bonebridge/formats/volition/rig/bridge.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "bonebridge/formats/volition/rig/engine.hpp"
#include "bonebridge/formats/volition/settings.hpp"

namespace bonebridge::volition {
namespace {

class RigFile : public bonebridge::Document {
 public:
  RigFile(rig::Document rig, std::string axes) : rig_(std::move(rig)), axes_(std::move(axes)) {}
  std::string format() const override { return "Volition .rig_pc (crunched rig)"; }
  std::size_t joint_count() const override { return rig_.bones.size() + rig_.tags.size(); }
  nlohmann::json info() const override;
  nlohmann::json dump() const override;
  std::vector<Diagnostic> check(bool strict) const override;
  double duration() const override { return 0; }
  double engine_tick() const override;
  Status sample_into(double seconds, EnginePose& pose) const override;
  Result<CoreConversion> to_core(const Options& options) const override;
  Result<std::vector<std::uint8_t>> encode() const override;

 private:
  rig::Document rig_;
  std::string axes_;
};

nlohmann::json vec(const RigVec3& v) {
  return json_vec3(v.x, v.y, v.z);
}

// Rigs nest at most a few dozen levels; a deeper chain (a damaged file) is listed flat so that printing the
// JSON needs no deep recursion.
constexpr std::size_t kMaxTreeDepth = 128;

// Built from the leaves up: parents precede children, so every child is complete before its parent.
nlohmann::json tree(const rig::Document& rig) {
  const std::size_t count = rig.bones.size();
  std::vector<std::vector<std::size_t>> children(count);
  std::vector<std::size_t> depth(count, 0);
  std::vector<std::size_t> roots;
  for (std::size_t i = 0; i < count; ++i) {
    const int parent = rig.bones[i].parent;
    if (parent >= 0 && static_cast<std::size_t>(parent) < i) {
      children[static_cast<std::size_t>(parent)].push_back(i);
      depth[i] = depth[static_cast<std::size_t>(parent)] + 1;
      if (depth[i] > kMaxTreeDepth)
        return nlohmann::json{{"flat", true}, {"note", "hierarchy too deep to nest"}};
    } else {
      roots.push_back(i);
    }
  }
  std::vector<nlohmann::json> nodes(count);
  for (std::size_t t = 0; t < rig.tags.size(); ++t) {
    const int parent = rig.tags[t].parent;
    if (parent >= 0 && static_cast<std::size_t>(parent) < count) {
      nodes[static_cast<std::size_t>(parent)]["tags"].push_back(printable(rig_tag_name(rig, t)));
    }
  }
  for (std::size_t i = count; i-- > 0;) {
    nodes[i]["bone"] = i;
    nodes[i]["name"] = printable(rig_bone_name(rig, i));
    for (std::size_t c : children[i]) nodes[i]["children"].push_back(std::move(nodes[c]));
  }
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t r : roots) out.push_back(std::move(nodes[r]));
  return out;
}

std::size_t checksum_mismatches(const rig::Document& rig) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < rig.bones.size(); ++i) {
    count += rig.bone_name_checksums[i] != bone_name_hash(rig_bone_name(rig, i));
  }
  return count;
}

const char* width_name(PointerWidth width) {
  return width == PointerWidth::Four ? "4-byte slots (Red Faction Guerrilla layout)"
                                     : "8-byte slots (Saints Row: The Third / IV layout)";
}

nlohmann::json RigFile::info() const {
  return {
      {"format", format()},
      {"pointer_width", width_name(rig_.width)},
      {"bones", rig_.bones.size()},
      {"tags", rig_.tags.size()},
      {"num_common_bones", rig_.num_common_bones},
      {"num_virtual_bones", rig_.num_virtual_bones},
      {"checksum_mismatches", checksum_mismatches(rig_)},
      {"duration", 0.0},
      {"joints", joint_count()},
      {"tree", tree(rig_)},
      {"notes",
       {"bind position = -inv_translation and rel_bone_translation = offset from the parent (inference, "
        "notes §2)",
        "no rotation in a crunched rig's rest pose",
        "checksum hash verified on SR:TT rigs only (not SR2/RFG)"}},
  };
}

nlohmann::json RigFile::dump() const {
  nlohmann::json bones = nlohmann::json::array();
  for (std::size_t i = 0; i < rig_.bones.size(); ++i) {
    const auto& b = rig_.bones[i];
    bones.push_back({{"name", printable(rig_bone_name(rig_, i))},
                     {"name_offset", b.name.value},
                     {"name_slot_high", b.name.high},
                     {"checksum", fmt::format("0x{:08X}", rig_.bone_name_checksums[i])},
                     {"inv_translation", vec(b.inv_translation)},
                     {"rel_bone_translation", vec(b.rel_bone_translation)},
                     {"parent", b.parent},
                     {"vid", b.vid}});
  }
  nlohmann::json tags = nlohmann::json::array();
  for (std::size_t i = 0; i < rig_.tags.size(); ++i) {
    const auto& t = rig_.tags[i];
    tags.push_back({{"name", printable(rig_tag_name(rig_, i))},
                    {"name_offset", t.name.value},
                    {"name_slot_high", t.name.high},
                    {"rotation_rows", t.rotation},
                    {"translation", vec(t.translation)},
                    {"parent", t.parent},
                    {"vid", t.vid}});
  }
  auto slot = [](const FilePointer& p) { return nlohmann::json{{"value", p.value}, {"high", p.high}}; };
  return {{"pointer_width", static_cast<int>(rig_.width)},
          {"name_bytes", rig_.name},
          {"flags", fmt::format("0x{:08X}", rig_.flags)},
          {"num_bones", rig_.bones.size()},
          {"num_common_bones", rig_.num_common_bones},
          {"num_virtual_bones", rig_.num_virtual_bones},
          {"num_tags", rig_.tags.size()},
          {"header_pad", rig_.header_pad},
          {"bone_name_chksums_offset", slot(rig_.checksums_offset)},
          {"bones_offset", slot(rig_.bones_offset)},
          {"tags_offset", slot(rig_.tags_offset)},
          {"checksum_pad", rig_.checksum_pad},
          {"bones", bones},
          {"tags", tags},
          {"name_region_bytes", rig_.names.size()}};
}

std::vector<Diagnostic> RigFile::check(bool strict) const {
  std::vector<Diagnostic> out;
  const std::size_t checksums_at = rig_header_size(rig_.width) + rig_.checksums_gap.size();
  for (std::size_t i = 0; i < rig_.bones.size(); ++i) {
    const auto name = printable(rig_bone_name(rig_, i));
    const auto expected = bone_name_hash(rig_bone_name(rig_, i));
    if (rig_.bone_name_checksums[i] != expected) {
      out.push_back(
          diagnostic(strict || rig_.width == PointerWidth::Eight, kRigFormat, checksums_at + 4 * i,
                     fmt::format("bone {} \"{}\": checksum 0x{:08X}, but the name hashes to 0x{:08X}", i,
                                 name, rig_.bone_name_checksums[i], expected)));
    }
    const auto& b = rig_.bones[i];
    RigVec3 parent_inv{};
    if (b.parent >= 0) parent_inv = rig_.bones[static_cast<std::size_t>(b.parent)].inv_translation;
    const double dx = (parent_inv.x - b.inv_translation.x) - b.rel_bone_translation.x;
    const double dy = (parent_inv.y - b.inv_translation.y) - b.rel_bone_translation.y;
    const double dz = (parent_inv.z - b.inv_translation.z) - b.rel_bone_translation.z;
    if (std::sqrt(dx * dx + dy * dy + dz * dz) > 1e-4) {
      out.push_back(
          diagnostic(false, kRigFormat, {},
                     fmt::format("bone {} \"{}\": rel_bone_translation is not inv(parent) - inv(bone) "
                                 "(exact in all SR:TT rigs)",
                                 i, name)));
    }
  }
  if (rig_.num_common_bones + rig_.num_virtual_bones != rig_.bones.size()) {
    out.push_back(
        diagnostic(false, kRigFormat, 0x28,
                   fmt::format("num_common_bones {} + num_virtual_bones {} != num_bones {} (equal in SR:TT)",
                               rig_.num_common_bones, rig_.num_virtual_bones, rig_.bones.size())));
  }
  for (std::size_t i = 0; i < rig_.tags.size(); ++i) {
    Mat3 m;
    for (std::size_t k = 0; k < 9; ++k) m.m[k] = rig_.tags[i].rotation[k];
    if (std::abs(determinant(m) - 1.0) > 1e-3) {
      out.push_back(diagnostic(
          strict, kRigFormat, {},
          fmt::format("tag {}: rotation is not a proper rotation (determinant {})", i, determinant(m))));
    }
  }
  return out;
}

double RigFile::engine_tick() const {
  return 1.0 / 30.0;
}

Status RigFile::sample_into(double seconds, EnginePose& pose) const {
  pose = rig::engine_pose(rig_, seconds);
  return Ok{};
}

Result<CoreConversion> RigFile::to_core(const Options& options) const {
  auto settings = family_settings(options);
  if (!settings) return settings.error();
  return rig::to_core(rig_, volition_axes(settings->axes.value_or(axes_)));
}

Result<std::vector<std::uint8_t>> RigFile::encode() const {
  return rig::write(rig_);
}

}  // namespace

std::unique_ptr<bonebridge::Document> rig::open(rig::Document rig, std::string axes) {
  return std::make_unique<RigFile>(std::move(rig), std::move(axes));
}

}  // namespace bonebridge::volition
