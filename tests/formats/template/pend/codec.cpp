// SPDX-License-Identifier: MIT
#include "formats/template/pend/codec.hpp"

#include <fmt/format.h>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::pendulum::pend {
namespace {

constexpr std::size_t kNameBytes = 16;
constexpr std::size_t kJointBytes = kNameBytes + 2 + 4 + 2;
constexpr std::size_t kKeyBytes = 8;

Joint read_joint(ByteReader& in, std::size_t index) {
  Joint joint;
  const std::string name = in.string(kNameBytes, "joint name");
  joint.name = name.substr(0, name.find('\0'));
  const std::size_t parent_at = in.offset();
  joint.parent = in.s16("parent");
  if (joint.parent < -1 || joint.parent >= static_cast<int>(index))
    in.fail_at(parent_at,
               fmt::format("joint {}: parent {} is not an earlier joint or -1", index, joint.parent));
  joint.length = in.f32("length");
  const std::size_t keys = in.count(in.u16("key count"), kKeyBytes, "keys");
  for (std::size_t k = 0; k < keys; ++k) {
    const std::size_t at = in.offset();
    Key key{in.u32("key time"), in.f32("key angle")};
    if (k > 0 && key.ms <= joint.keys.back().ms)
      in.fail_at(at, fmt::format("joint {}: key {} at {} ms is not after the one before", index, k, key.ms));
    joint.keys.push_back(key);
  }
  return joint;
}

}  // namespace

Result<Document> read(std::span<const std::uint8_t> bytes) {
  return capture(kFormat, [&] {
    ByteReader in(bytes, kFormat);
    if (in.string(4, "magic") != "PEND") in.fail_at(0, "expected the magic PEND");
    Document document;
    const std::size_t version_at = in.offset();
    document.version = in.u16("version");
    if (document.version != 1)
      in.fail_at(version_at, fmt::format("version {} (expected 1)", document.version));
    const std::size_t joints = in.count(in.u16("joint count"), kJointBytes, "joints");
    for (std::size_t j = 0; j < joints; ++j) document.joints.push_back(read_joint(in, j));
    if (!in.at_end()) in.fail(fmt::format("{} bytes after the last joint", in.remaining()));
    return document;
  });
}

Result<std::vector<std::uint8_t>> write(const Document& document) {
  ByteWriter out;
  out.string("PEND");
  out.u16(document.version);
  if (document.joints.size() > 0xFFFF) return Error{kFormat, "more than 65535 joints", {}, {}, {}};
  out.u16(static_cast<std::uint16_t>(document.joints.size()));
  for (const auto& joint : document.joints) {
    if (joint.name.size() >= kNameBytes || joint.keys.size() > 0xFFFF)
      return Error{
          kFormat, fmt::format("joint \"{}\": name or keys too long for the format", joint.name), {}, {}, {}};
    std::string name = joint.name;
    name.resize(kNameBytes, '\0');
    out.string(name);
    out.s16(joint.parent);
    out.f32(joint.length);
    out.u16(static_cast<std::uint16_t>(joint.keys.size()));
    for (const auto& key : joint.keys) {
      out.u32(key.ms);
      out.f32(key.degrees);
    }
  }
  return std::move(out).take();
}

}  // namespace bonebridge::pendulum::pend
