// SPDX-License-Identifier: MIT
#pragma once
// What family.cpp and the kinds' adapters (key/adapter.cpp, model/adapter.cpp) give each other; private to
// the family.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/formats/sith/model/bridge.hpp"
#include "bonebridge/formats/sith/model/document.hpp"
#include "bonebridge/formats/sith/settings.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge::sith {

// The engine advances by the game's frame time: there is no fixed tick.
inline constexpr double kContinuousTick = 0.001;

// family.cpp: what the bridges read, from the family's settings (family_settings, settings.hpp).
BridgeOptions bridge_options(const Settings& settings);
Result<BridgeOptions> bridge_options(const Options& options);
// The --model companion, parsed once per run (nothing when it is not given).
Result<std::shared_ptr<const model::Document>> model_option(const Options& options, const Settings& settings);

// surfaces.cpp: where a model's .mat files and .cmp palette are looked for (`materials`, the model's folder,
// its mat/ and ../mat/, on disk or inside the model's archive; `palette`), captured when a document is
// opened; and what was found there.
struct SurfaceSearch {
  std::vector<std::string>
      resolved;                      // addresses resolved by the game's rule (Options::resolved_files): first
  std::vector<std::string> folders;  // addresses (io/nearby.hpp)
  std::string model;                 // the model's address (--model, or the .3do opened)
  std::string where;                 // the folders, for notes
  std::optional<colormap::Document> palette;
  std::shared_ptr<const NearbyFiles> files = disk_files();  // what finds and reads them
};
Result<SurfaceSearch> surface_search(const Options& options, const Settings& settings,
                                     const std::string& model_address);
ModelSurfaces find_surfaces(const ModelContent& model, const SurfaceSearch& search);
// The same, once per run for one model and one search (a batch of keys on one model reads its .mat files
// once).
std::shared_ptr<const ModelSurfaces> model_surfaces(const Options& options, const model::Document& model,
                                                    const SurfaceSearch& search);

// key/adapter.cpp: a .key (with the --model companion), played as the settings' variant.
namespace key {
Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes,
                                                   const Options& options, const Settings& settings);
}  // namespace key
// The first clip of `scene` written as a .key (the only kind written from the core model).
Result<Converted<std::vector<std::uint8_t>>> key_from_core(const Scene& scene, const Options& options);

// model/adapter.cpp: a .3do (its address in Options::placement.input, for its materials).
namespace model {
Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes,
                                                   const Options& options, const Settings& settings);
}  // namespace model

// material/adapter.cpp and colormap/adapter.cpp: a .mat and a .cmp.
namespace material {
Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes);
}  // namespace material
namespace colormap {
Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes);
}  // namespace colormap

}  // namespace bonebridge::sith
