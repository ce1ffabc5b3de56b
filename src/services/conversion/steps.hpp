// SPDX-License-Identifier: MIT
#pragma once
// The conversion service's steps shared between its files (not public).
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/seal.hpp"
#include "bonebridge/services/conversion.hpp"

namespace bonebridge::conversion {

// `error`, naming `path` as its file when it names none.
Error with_file(Error error, const std::string& path);

// The glTF options a job asks for: binary when the output is .glb (or --to glb).
gltf::ExportOptions gltf_options(const ConvertJob& job);

// The job's input at `address` opened: from the bytes the caller gave for it (standard input), else read.
Result<LoadedInput> load_job_input(const ConvertJob& job, const std::string& address,
                                   std::span<const FormatFamily* const> elsewhere = {});

// A core scene in the job's output format: glTF, BVH or `target`'s file (settings of `source`, the input's
// family, passed over).
Result<Converted<std::vector<std::uint8_t>>> write_job_output(const Scene& scene, const FormatFamily* target,
                                                              const ConvertJob& job,
                                                              std::vector<std::string> notes,
                                                              const FormatFamily* source = nullptr);
// The options a family writes the job's output with (its name and extension placed, --strict applied).
Options job_writing_options(const ConvertJob& job);
// Whether the job writes glTF or BVH rather than a family's file.
bool writes_interchange(const ConvertJob& job);

// The seal of a glTF export of `scene` from `input` with `options` (core/seal.hpp), or nullopt when the scene
// has not exactly one clip or that clip does not describe the input file, byte for byte.
std::optional<Seal> export_seal(const Scene& scene, const LoadedInput& input, const Options& options);
// The described source file of a scene read from glTF, when its seal is intact and was made for `target`, the
// kind of file the writing options name and the same settings; nullopt otherwise (the family then judges).
std::optional<Converted<std::vector<std::uint8_t>>> sealed_write_back(const Scene& scene,
                                                                      const FormatFamily& target,
                                                                      const Options& options);

// Every input of a job of several as one glTF: one character and all its animations (see ConvertJob).
Result<Converted<std::vector<std::uint8_t>>> animations_to_gltf(const ConvertJob& job);

}  // namespace bonebridge::conversion
