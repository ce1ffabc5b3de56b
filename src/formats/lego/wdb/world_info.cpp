// SPDX-License-Identifier: MIT
// The reader of lego\data\<world>inf.dta; the layout is in world_info.hpp.
#include "bonebridge/formats/lego/wdb/world_info.hpp"

#include <fmt/format.h>

#include "bonebridge/io/byte_reader.hpp"

namespace bonebridge::lego::wdb {
namespace {

constexpr std::string_view kWorldInfoFormat = "LEGO Island world animation index (<world>inf.dta)";
constexpr std::uint32_t kVersion = 3;
constexpr std::size_t kMinModelSize = 1 + 1 + 36 + 1;
constexpr std::size_t kMinAnimationSize = 1 + 4 + 2 + 4 + 16 + 1;

std::string short_string(ByteReader& reader, std::string_view what) {
  return reader.string(reader.u8(what), what);
}

template <std::size_t N>
std::array<float, N> floats(ByteReader& reader, std::string_view what) {
  std::array<float, N> out{};
  for (float& value : out) value = reader.f32(what);
  return out;
}

WorldInfoModel read_info_model(ByteReader& reader) {
  WorldInfoModel model;
  model.name = short_string(reader, "model name");
  model.unknown_04 = reader.u8("model byte 0x04");
  model.location = floats<3>(reader, "model location");
  model.direction = floats<3>(reader, "model direction");
  model.up = floats<3>(reader, "model up");
  model.unknown_2c = reader.u8("model byte 0x2c");
  return model;
}

WorldInfoAnimation read_animation(ByteReader& reader) {
  WorldInfoAnimation animation;
  animation.offset = reader.offset();
  animation.name = short_string(reader, "animation name");
  animation.object_id = reader.u32("object id");
  animation.location = reader.s16("location");
  for (auto& value : animation.unknown_0a) value = reader.u8("animation bytes 0x0a-0x0d");
  animation.unknown_10 = floats<4>(reader, "animation floats 0x10");
  const std::size_t models = reader.count(reader.u8("model count"), kMinModelSize, "model count");
  for (std::size_t i = 0; i < models; ++i) animation.models.push_back(read_info_model(reader));
  return animation;
}

}  // namespace

Result<WorldInfo> read_world_info(std::span<const std::uint8_t> bytes) {
  return capture(kWorldInfoFormat, [&] {
    ByteReader reader(bytes, kWorldInfoFormat);
    WorldInfo info;
    info.version = reader.u32("version");
    if (info.version != kVersion)
      reader.fail_at(0, fmt::format("expected version {} (the game refuses any other), found {}", kVersion,
                                    info.version));
    const std::size_t count =
        reader.count(reader.u16("animation count"), kMinAnimationSize, "animation count");
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t at = reader.offset();
      try {
        info.animations.push_back(read_animation(reader));
      } catch (const FormatError& e) {
        Error error = e.error();
        error.message = fmt::format("animation {} of {} (at byte {}): {}", i, count, at, error.message);
        throw FormatError(std::move(error));
      }
    }
    return info;
  });
}

}  // namespace bonebridge::lego::wdb
