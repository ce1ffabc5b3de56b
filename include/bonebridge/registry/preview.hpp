#pragma once
// A look before a load: one self-contained HTML page that plays a conversion with three.js, offline from a
// file (no server, no network): the glTF embedded, three.js inlined from Debian's libjs-three.
#include <filesystem>
#include <string>

#include "bonebridge/registry/pipeline.hpp"

namespace bonebridge {

// three.min.js, GLTFLoader.js and OrbitControls.js (the classic-script builds that extend THREE).
struct PreviewScripts {
  std::string three, gltf_loader, orbit_controls;
};

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
std::string preview_page(const std::string& name, const LoadedInput& input,
                         const Converted<std::vector<std::uint8_t>>& gltf, const PreviewScripts& scripts);

}  // namespace bonebridge
