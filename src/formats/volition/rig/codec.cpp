// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/rig/codec.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::volition {
namespace {

std::size_t bone_size(PointerWidth width) {
  return width == PointerWidth::Four ? 36 : 40;
}
std::size_t tag_size(PointerWidth width) {
  return width == PointerWidth::Four ? 60 : 64;
}

RigVec3 read_rig_vec3(ByteReader& in, std::string_view what) {
  RigVec3 v;
  v.x = in.f32(what);
  v.y = in.f32(what);
  v.z = in.f32(what);
  return v;
}

void write_rig_vec3(ByteWriter& out, const RigVec3& v) {
  out.f32(v.x);
  out.f32(v.y);
  out.f32(v.z);
}

// Reads the bytes between where an array would start and where its relative offset puts it.
std::vector<std::uint8_t> read_gap(ByteReader& in, const FilePointer& offset, std::string_view what) {
  if (offset.value == 0) return {};
  auto gap = in.bytes(offset.value, what);
  return {gap.begin(), gap.end()};
}

rig::Document parse_rig(ByteReader& in, PointerWidth width) {
  rig::Document doc;
  doc.width = width;
  auto name = in.bytes(doc.name.size(), "rig name");
  std::copy(name.begin(), name.end(), doc.name.begin());
  doc.flags = in.u32("flags");
  const std::uint32_t num_bones = in.u32("num_bones");
  doc.num_common_bones = in.u32("num_common_bones");
  doc.num_virtual_bones = in.u32("num_virtual_bones");
  const std::uint32_t num_tags = in.u32("num_tags");
  if (width == PointerWidth::Eight) doc.header_pad = in.u32("header padding");
  doc.checksums_offset = read_pointer(in, width, "bone_name_chksums offset");
  doc.bones_offset = read_pointer(in, width, "bones offset");
  doc.tags_offset = read_pointer(in, width, "tags offset");

  doc.checksums_gap = read_gap(in, doc.checksums_offset, "bytes before the checksums");
  const std::size_t bones = in.count(num_bones, 4 + bone_size(width), "num_bones");
  doc.bone_name_checksums.reserve(bones);
  for (std::size_t i = 0; i < bones; ++i) doc.bone_name_checksums.push_back(in.u32("bone name checksum"));
  if (width == PointerWidth::Eight && in.offset() % 8 != 0) {
    auto pad = in.bytes(8 - in.offset() % 8, "padding after the checksums");
    doc.checksum_pad.assign(pad.begin(), pad.end());
  }

  doc.bones_gap = read_gap(in, doc.bones_offset, "bytes before the bones");
  doc.bones.reserve(bones);
  for (std::size_t i = 0; i < bones; ++i) {
    RigBone bone;
    bone.name = read_pointer(in, width, "bone name offset");
    bone.inv_translation = read_rig_vec3(in, "bone inv_translation");
    bone.rel_bone_translation = read_rig_vec3(in, "bone rel_bone_translation");
    const std::size_t parent_at = in.offset();
    bone.parent = in.s32("bone parent");
    bone.vid = in.s32("bone vid");
    if (bone.parent < -1 || bone.parent >= static_cast<std::int64_t>(i)) {
      in.fail_at(parent_at, fmt::format("bone {}: expected a parent index from -1 to {} (parents precede "
                                        "children), found {}",
                                        i, static_cast<std::int64_t>(i) - 1, bone.parent));
    }
    doc.bones.push_back(bone);
  }

  doc.tags_gap = read_gap(in, doc.tags_offset, "bytes before the tags");
  const std::size_t tags = in.count(num_tags, tag_size(width), "num_tags");
  doc.tags.reserve(tags);
  for (std::size_t i = 0; i < tags; ++i) {
    RigTag tag;
    tag.name = read_pointer(in, width, "tag name offset");
    for (auto& value : tag.rotation) value = in.f32("tag rotation");
    tag.translation = read_rig_vec3(in, "tag translation");
    const std::size_t parent_at = in.offset();
    tag.parent = in.s32("tag parent");
    tag.vid = in.s32("tag vid");
    if (tag.parent < -1 || tag.parent >= static_cast<std::int64_t>(bones)) {
      in.fail_at(parent_at, fmt::format("tag {}: expected a bone index from -1 to {}, found {}", i,
                                        static_cast<std::int64_t>(bones) - 1, tag.parent));
    }
    doc.tags.push_back(tag);
  }
  const std::size_t names_at = in.offset();
  auto names = in.rest();
  doc.names.assign(names.begin(), names.end());
  auto check_name = [&](const FilePointer& p, std::string_view what, std::size_t index) {
    if (!rig_name_at(doc, p.value)) {
      in.fail_at(names_at, fmt::format("{} {}: name offset {} is not a NUL-terminated string inside the "
                                       "{}-byte name region",
                                       what, index, p.value, doc.names.size()));
    }
  };
  for (std::size_t i = 0; i < doc.bones.size(); ++i) check_name(doc.bones[i].name, "bone", i);
  for (std::size_t i = 0; i < doc.tags.size(); ++i) check_name(doc.tags[i].name, "tag", i);
  return doc;
}

Result<rig::Document> read_width(std::span<const std::uint8_t> bytes, PointerWidth width) {
  return capture(kRigFormat, [&] {
    ByteReader in(bytes, kRigFormat);
    return parse_rig(in, width);
  });
}

bool checksums_match(const rig::Document& doc) {
  for (std::size_t i = 0; i < doc.bones.size(); ++i) {
    if (doc.bone_name_checksums[i] != bone_name_hash(rig_bone_name(doc, i))) return false;
  }
  return true;
}

}  // namespace

bool looks_like_rig(std::span<const std::uint8_t> bytes) {
  auto rig = rig::read(bytes);
  return rig && !rig->bones.empty() && checksums_match(*rig);
}

std::size_t rig_header_size(PointerWidth width) {
  return width == PointerWidth::Four ? 0x40 : 0x50;
}

Result<rig::Document> rig::read(std::span<const std::uint8_t> bytes, std::optional<PointerWidth> width) {
  if (width) return read_width(bytes, *width);
  auto eight = read_width(bytes, PointerWidth::Eight);
  if (eight && checksums_match(*eight)) return eight;
  auto four = read_width(bytes, PointerWidth::Four);
  if (four && (checksums_match(*four) || !eight)) return four;
  return eight;
}

std::vector<std::uint8_t> rig::write(const rig::Document& doc) {
  const PointerWidth width = doc.width;
  ByteWriter out;
  out.bytes(doc.name);
  out.u32(doc.flags);
  out.u32(static_cast<std::uint32_t>(doc.bones.size()));
  out.u32(doc.num_common_bones);
  out.u32(doc.num_virtual_bones);
  out.u32(static_cast<std::uint32_t>(doc.tags.size()));
  if (width == PointerWidth::Eight) out.u32(doc.header_pad);
  write_pointer(out, width, doc.checksums_offset);
  write_pointer(out, width, doc.bones_offset);
  write_pointer(out, width, doc.tags_offset);
  out.bytes(doc.checksums_gap);
  for (auto checksum : doc.bone_name_checksums) out.u32(checksum);
  out.bytes(doc.checksum_pad);
  out.bytes(doc.bones_gap);
  for (const auto& bone : doc.bones) {
    write_pointer(out, width, bone.name);
    write_rig_vec3(out, bone.inv_translation);
    write_rig_vec3(out, bone.rel_bone_translation);
    out.s32(bone.parent);
    out.s32(bone.vid);
  }
  out.bytes(doc.tags_gap);
  for (const auto& tag : doc.tags) {
    write_pointer(out, width, tag.name);
    for (float value : tag.rotation) out.f32(value);
    write_rig_vec3(out, tag.translation);
    out.s32(tag.parent);
    out.s32(tag.vid);
  }
  out.bytes(doc.names);
  return std::move(out).take();
}

std::optional<std::string> rig_name_at(const rig::Document& doc, std::uint32_t offset) {
  if (offset >= doc.names.size()) return std::nullopt;
  const auto begin = doc.names.begin() + offset;
  const auto end = std::find(begin, doc.names.end(), std::uint8_t{0});
  if (end == doc.names.end()) return std::nullopt;
  return std::string(begin, end);
}

std::string rig_bone_name(const rig::Document& doc, std::size_t bone) {
  return rig_name_at(doc, doc.bones.at(bone).name.value).value_or("");
}

std::string rig_tag_name(const rig::Document& doc, std::size_t tag) {
  return rig_name_at(doc, doc.tags.at(tag).name.value).value_or("");
}

rig::Document make_rig(PointerWidth width, const std::vector<RigBoneSpec>& bones,
                       const std::vector<RigTagSpec>& tags) {
  rig::Document doc;
  doc.width = width;
  auto add_name = [&](const std::string& name) {
    FilePointer p{static_cast<std::uint32_t>(doc.names.size()), 0};
    doc.names.insert(doc.names.end(), name.begin(), name.end());
    doc.names.push_back(0);
    return p;
  };
  for (const auto& spec : bones) {
    RigBone bone;
    bone.name = add_name(spec.name);
    bone.inv_translation = {-spec.bind_position.x, -spec.bind_position.y, -spec.bind_position.z};
    RigVec3 parent_bind{};
    if (spec.parent >= 0) parent_bind = bones.at(static_cast<std::size_t>(spec.parent)).bind_position;
    bone.rel_bone_translation = {spec.bind_position.x - parent_bind.x, spec.bind_position.y - parent_bind.y,
                                 spec.bind_position.z - parent_bind.z};
    bone.parent = spec.parent;
    doc.bones.push_back(bone);
    doc.bone_name_checksums.push_back(bone_name_hash(spec.name));
  }
  const std::size_t checksums_end = rig_header_size(width) + 4 * bones.size();
  if (width == PointerWidth::Eight && checksums_end % 8 != 0)
    doc.checksum_pad.assign(8 - checksums_end % 8, 0);
  doc.num_common_bones = static_cast<std::uint32_t>(bones.size());
  for (const auto& spec : tags) {
    RigTag tag;
    tag.name = add_name(spec.name);
    tag.rotation = spec.rotation;
    tag.translation = spec.translation;
    tag.parent = spec.parent;
    doc.tags.push_back(tag);
  }
  return doc;
}

}  // namespace bonebridge::volition
