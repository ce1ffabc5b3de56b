// SPDX-License-Identifier: MIT
#include "bonebridge/formats/volition/asm/codec.hpp"

#include <fmt/format.h>

#include <array>
#include <limits>

#include "bonebridge/io/byte_reader.hpp"
#include "bonebridge/io/byte_writer.hpp"

namespace bonebridge::volition {
namespace {

constexpr std::size_t kContainerFixedSize = 2 + 1 + 2 + 2 + 4 + 4 + 4;  // everything but the name and lists
constexpr std::size_t kPrimitiveFixedSize = 2 + 4 + 8;

std::string read_name(ByteReader& in, std::string_view what) {
  const std::uint16_t length = in.u16(what);
  return in.string(length, what);
}

AsmPrimitive read_primitive(ByteReader& in) {
  AsmPrimitive primitive;
  primitive.name = read_name(in, "primitive name");
  primitive.type = in.u8("primitive type");
  primitive.allocator = in.u8("primitive allocator");
  primitive.flags = in.u8("primitive flags");
  primitive.split_extension_index = in.u8("primitive split extension index");
  primitive.header_size = in.s32("primitive header size");
  primitive.data_size = in.s32("primitive data size");
  return primitive;
}

AsmContainer read_container(ByteReader& in) {
  AsmContainer container;
  container.name = read_name(in, "container name");
  container.type = in.u8("container type");
  container.flags = in.u16("container flags");
  const std::uint16_t primitives = in.u16("primitive count");
  container.data_offset = in.u32("container data offset");
  const auto sizes = in.count(in.u32("size count"), 4, "primitive sizes");
  container.compressed_size = in.u32("container compressed size");
  container.sizes.reserve(sizes);
  for (std::size_t i = 0; i < sizes; ++i) container.sizes.push_back(in.s32("primitive size"));
  container.primitives.reserve(in.count(primitives, kPrimitiveFixedSize, "primitives"));
  for (std::size_t i = 0; i < primitives; ++i) container.primitives.push_back(read_primitive(in));
  return container;
}

asm_::Document parse_asm(std::span<const std::uint8_t> bytes) {
  ByteReader in(bytes, kAsmFormat);
  const std::uint32_t signature = in.u32("signature");
  if (signature != kAsmSignature)
    in.fail_at(0, fmt::format("expected signature 0x{:08X}, found 0x{:08X}", kAsmSignature, signature));
  asm_::Document document;
  document.version = in.u16("version");
  if (document.version != kAsmVersion)
    in.fail_at(4, fmt::format("expected version {}, found {}", kAsmVersion, document.version));
  const auto containers = in.count(in.u16("container count"), kContainerFixedSize, "containers");
  document.containers.reserve(containers);
  for (std::size_t i = 0; i < containers; ++i) document.containers.push_back(read_container(in));
  const auto rest = in.rest();
  document.trailing.assign(rest.begin(), rest.end());
  return document;
}

Error too_many(std::string what, std::size_t count, std::size_t limit) {
  return Error{
      kAsmFormat, fmt::format("{}: {} do not fit a count of at most {}", what, count, limit), {}, {}, {}};
}

Status write_name(ByteWriter& out, const std::string& name, std::string_view what) {
  if (name.size() > std::numeric_limits<std::uint16_t>::max())
    return too_many(std::string(what) + " bytes", name.size(), std::numeric_limits<std::uint16_t>::max());
  out.u16(static_cast<std::uint16_t>(name.size()));
  out.string(name);
  return Ok{};
}

Status write_container(ByteWriter& out, const AsmContainer& container) {
  if (auto status = write_name(out, container.name, "container name"); !status) return status;
  if (container.primitives.size() > std::numeric_limits<std::uint16_t>::max())
    return too_many(container.name + " primitives", container.primitives.size(), 65535);
  if (container.sizes.size() > std::numeric_limits<std::uint32_t>::max())
    return too_many(container.name + " sizes", container.sizes.size(),
                    std::numeric_limits<std::uint32_t>::max());
  out.u8(container.type);
  out.u16(container.flags);
  out.u16(static_cast<std::uint16_t>(container.primitives.size()));
  out.u32(container.data_offset);
  out.u32(static_cast<std::uint32_t>(container.sizes.size()));
  out.u32(container.compressed_size);
  for (const auto size : container.sizes) out.s32(size);
  for (const auto& primitive : container.primitives) {
    if (auto status = write_name(out, primitive.name, "primitive name"); !status) return status;
    out.u8(primitive.type);
    out.u8(primitive.allocator);
    out.u8(primitive.flags);
    out.u8(primitive.split_extension_index);
    out.s32(primitive.header_size);
    out.s32(primitive.data_size);
  }
  return Ok{};
}

constexpr std::array<const char*, 39> kContainerTypes = {"None",
                                                         "Glass",
                                                         "EffectsEnv",
                                                         "EffectsPreload",
                                                         "EffectsDlc",
                                                         "MpEffects",
                                                         "LayerSmall",
                                                         "LayerLarge",
                                                         "Audio",
                                                         "ClothSim",
                                                         "Decals",
                                                         "DecalsPreload",
                                                         "Fsm",
                                                         "Ui",
                                                         "Env",
                                                         "Chunk",
                                                         "ChunkPreload",
                                                         "Stitch",
                                                         "World",
                                                         "HumanHead",
                                                         "Human",
                                                         "Player",
                                                         "Items",
                                                         "ItemsPreload",
                                                         "ItemsMpPreload",
                                                         "ItemsDlc",
                                                         "WeaponLarge",
                                                         "WeaponSmall",
                                                         "Skybox",
                                                         "Vehicle",
                                                         "VoicePersona",
                                                         "AlwaysLoadedVoicePersona",
                                                         "Foliage",
                                                         "UiPeg",
                                                         "MaterialEffect",
                                                         "MaterialPreload",
                                                         "SharedBackpack",
                                                         "LandmarkLod",
                                                         "GpsPreload"};

constexpr std::array<const char*, 23> kPrimitiveTypes = {
    "None",          "Peg",         "Chunk",        "Zone",           "Terrain",      "StaticMesh",
    "CharacterMesh", "FoliageMesh", "Material",     "ClothSim",       "Vehicle",      "VehicleAudio",
    "Vfx",           "Wavebank",    "FoleyBank",    "MeshMorph",      "VoicePersona", "AnimFile",
    "Vdoc",          "LuaScript",   "Localization", "TerrainHighLod", "LandmarkLod"};

}  // namespace

Result<asm_::Document> asm_::read(std::span<const std::uint8_t> bytes) {
  return capture(kAsmFormat, [&] { return parse_asm(bytes); });
}

Result<std::vector<std::uint8_t>> asm_::write(const asm_::Document& document) {
  ByteWriter out;
  out.u32(kAsmSignature);
  out.u16(document.version);
  if (document.containers.size() > std::numeric_limits<std::uint16_t>::max())
    return too_many("containers", document.containers.size(), 65535);
  out.u16(static_cast<std::uint16_t>(document.containers.size()));
  for (const auto& container : document.containers) {
    if (auto status = write_container(out, container); !status) return status.error();
  }
  out.bytes(document.trailing);
  return std::move(out).take();
}

bool looks_like_asm(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= 8 && bytes[0] == 0xED && bytes[1] == 0xFE && bytes[2] == 0xEF && bytes[3] == 0xBE;
}

std::string asm_container_type(std::uint8_t type) {
  return type < kContainerTypes.size() ? kContainerTypes[type] : fmt::format("type {}", type);
}

std::string asm_primitive_type(std::uint8_t type) {
  return type < kPrimitiveTypes.size() ? kPrimitiveTypes[type] : fmt::format("type {}", type);
}

}  // namespace bonebridge::volition
