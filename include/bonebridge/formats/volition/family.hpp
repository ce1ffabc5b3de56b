// SPDX-License-Identifier: MIT
#pragma once
#include <memory>
#include <span>

#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::volition {

// One row for three formats (.rig_pc, .anim_pc, .sim_pc), told apart by content.
FormatFamily family();

enum class FileKind { Rig, Anim, Cloth, Unknown };
FileKind sniff_kind(std::span<const std::uint8_t> bytes);

// The engine settings chosen by options: "fps", "key-times" (start|end), "rotation-times" (field|even),
// "translation-key-divisor" (4000|1000|...), "interpolation" (slerp|nlerp|step). Unknown values are errors.
Result<AnimSettings> settings_from(const Options& options);

Result<std::unique_ptr<Document>> open_volition(std::span<const std::uint8_t> bytes, const Options& options);

}  // namespace bonebridge::volition
