// SPDX-License-Identifier: MIT
#pragma once
#include <memory>

#include "bonebridge/formats/animx/animation/bridge.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::animx {

// The registry row for Resonite AnimX (.animx) and AnimJ (.animj).
FormatFamily family();

// AnimX <-> AnimJ without the core model, so `bonebridge convert clip.animj clip.animx` (and back) keeps
// every track as it is: Raw stays Raw, nulls stay null. The output is AnimJ when the output
// (Options::placement) ends in .animj or the setting variant is animj; otherwise AnimX with the setting
// encoding (plain, lz4, lzma; default: the input's own).
Result<std::vector<std::uint8_t>> transcode(std::span<const std::uint8_t> input, const Options& options);

// The bridge's options from the family's settings (settings.hpp): the output form as `transcode` says, and
// the skeleton companion read as glTF (an error names the file).
Result<BridgeOptions> bridge_options(const Options& options);

}  // namespace bonebridge::animx
