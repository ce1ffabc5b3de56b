// SPDX-License-Identifier: MIT
#pragma once
// A world's animation index, lego\data\<world>inf.dta, as LegoAnimationManager::LoadWorldInfo, ReadAnimInfo
// and ReadModelInfo read it (isledecomp/isle @ 2614373c, legoanimationmanager.cpp:583-850; AnimInfo and
// ModelInfo in legoanimationmanager.h). Little-endian, packed:
//   u32 version (3; the game refuses any other), u16 animation count, then per animation:
//     u8 name length, name; u32 object id (in the world's SI script); s16 location (-1: anywhere);
//     4 x u8 (m_unk0x0a..0x0d); 4 x f32 (m_unk0x10); u8 model count, then per model:
//       u8 name length, name; u8 m_unk0x04; f32[3] location, f32[3] direction, f32[3] up; u8 m_unk0x2c
// A model names an actor of the scene (the game looks its name up among g_characters and g_vehicles).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/io/error.hpp"

namespace bonebridge::lego::wdb {

struct WorldInfoModel {
  std::string name;
  std::uint8_t unknown_04 = 0;
  std::array<float, 3> location{}, direction{}, up{};
  std::uint8_t unknown_2c = 0;  // with a vehicle's name: the vehicle is used (FindVehicle)
};

struct WorldInfoAnimation {
  std::string name;  // the animation object's name; its last two letters name its g_characters entry
  std::uint32_t object_id = 0;
  std::int16_t location = -1;
  std::array<std::uint8_t, 4> unknown_0a{};
  std::array<float, 4> unknown_10{};
  std::vector<WorldInfoModel> models;
  std::uint64_t offset = 0;  // of the name length byte
};

struct WorldInfo {
  std::uint32_t version = 3;
  std::vector<WorldInfoAnimation> animations;
};

// Errors name the byte offset and the animation (index and name) being read.
Result<WorldInfo> read_world_info(std::span<const std::uint8_t> bytes);

}  // namespace bonebridge::lego::wdb
