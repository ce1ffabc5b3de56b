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

Result<std::unique_ptr<Document>> open_volition(std::span<const std::uint8_t> bytes, const Options& options);

}  // namespace bonebridge::volition
