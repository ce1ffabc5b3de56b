// SPDX-License-Identifier: MIT
#pragma once
// The submode names each engine knows: a puppet row whose name is not in its engine's table is skipped when
// the game loads the puppet (sithAnimClass_LoadPupEntry looks the name up in a hash of this table).
#include <optional>
#include <span>
#include <string_view>

#include "bonebridge/formats/sith/dialect.hpp"

namespace bonebridge::sith {

// The engine's table, index 0 reserved: Jedi Knight's 43 slots (OpenJKDF2 src/Engine/sithPuppet.c
// `sithPuppet_animNames`), Mysteries of the Sith's 2 more (charge, buttpunch), the Infernal Machine's 84
// (OpenJones3D Libs/sith/Engine/sithPuppet.c `sithPuppet_aStrSubModes`).
std::span<const std::string_view> submode_names(Dialect dialect);

// The submode's index in the dialect's table; nullopt when the engine does not know it.
std::optional<std::size_t> submode_index(Dialect dialect, std::string_view name);

}  // namespace bonebridge::sith
