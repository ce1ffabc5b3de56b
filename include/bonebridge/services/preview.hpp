// SPDX-License-Identifier: MIT
#pragma once
// A look before a load: an HTML page that plays a conversion with three.js, offline from a file (no server,
// no network): the glTF embedded, three.js from Debian's libjs-three inlined (a page that stands alone) or
// loaded from script files written once beside a batch's pages.
#include <filesystem>
#include <string>
#include <vector>

#include "bonebridge/services/conversion.hpp"

namespace bonebridge {

// three.min.js, GLTFLoader.js and OrbitControls.js (the classic-script builds that extend THREE), in load
// order: each with the file name it has when written beside the pages.
struct PreviewScript {
  std::string file, text;
};
using PreviewScripts = std::vector<PreviewScript>;

// Where Debian's libjs-three puts them; BONEBRIDGE_THREE_DIR in the environment overrides it.
std::filesystem::path default_three_folder();
Result<PreviewScripts> read_preview_scripts(const std::filesystem::path& folder);

// The page for `input` converted with `options`: play/pause, a time slider showing the engine's own time
// (milliseconds, or engine steps of 1/N s), the animation picker, joint names on hover, and the conversion
// notes.
Result<std::string> preview_page(const std::string& name, const LoadedInput& input, const Options& options,
                                 const PreviewScripts& scripts);
// The same page around glTF bytes already made from `input` (a .glb or a self-contained .gltf: three.js reads
// either) and their conversion notes, so that a caller that has converted the file does not convert it again.
// With `scripts_folder` (a URL relative to the page), the page loads the scripts from the files there instead
// of inlining them.
std::string preview_page(const std::string& name, const LoadedInput& input,
                         const Converted<std::vector<std::uint8_t>>& gltf, const PreviewScripts& scripts,
                         const std::string& scripts_folder = {});
// The same page for glTF bytes of no one input (a character's: a model and many animation files), the slider
// in steps of `tick` seconds.
std::string preview_page(const std::string& name, const std::string& family_title, double tick,
                         const Converted<std::vector<std::uint8_t>>& gltf, const PreviewScripts& scripts,
                         const std::string& scripts_folder = {});

}  // namespace bonebridge
