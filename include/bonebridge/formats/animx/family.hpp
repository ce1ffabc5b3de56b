#pragma once
#include "bonebridge/registry/family.hpp"

namespace bonebridge::animx {

// The registry row for Resonite AnimX (.animx) and AnimJ (.animj).
FormatFamily family();

// AnimX <-> AnimJ without the core model, so `bonebridge convert clip.animj clip.animx` (and back) keeps
// every track as it is: Raw stays Raw, nulls stay null. The output is AnimJ when options "output" ends in
// .animj or "variant" is "animj"; otherwise AnimX with options "encoding" (plain, lz4, lzma; default plain).
Result<std::vector<std::uint8_t>> transcode(std::span<const std::uint8_t> input, const Options& options);

}  // namespace bonebridge::animx
