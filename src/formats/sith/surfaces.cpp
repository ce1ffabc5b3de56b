// SPDX-License-Identifier: MIT
// Where a model's .mat files and palette are found: the files a character's definition resolved by the game's
// rule (Options::resolved_files, from `characters`), then the `materials` folder, then the model's own
// folder, its mat/ subfolder and ../mat/ (JK's layout: 3do/ and mat/ side by side), on disk or inside the
// archive that holds the model (Res2.gob:3do\ky.3do finds Res2.gob:mat\*.mat). Names match
// case-insensitively, as on the games' own (Windows) file systems.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "adapters.hpp"
#include "bonebridge/core/text.hpp"
#include "bonebridge/formats/sith/colormap/codec.hpp"
#include "bonebridge/formats/sith/material/bridge.hpp"
#include "bonebridge/formats/sith/material/codec.hpp"

namespace bonebridge::sith {
namespace {

// The resolved address whose file name is `name`, in any letter case.
std::optional<std::string> resolved_address(const std::string& name, const SurfaceSearch& search) {
  const std::string wanted = fold_case(name);
  for (const std::string& address : search.resolved) {
    const auto slash = address.find_last_of("/\\:");
    if (fold_case(slash == std::string::npos ? address : address.substr(slash + 1)) == wanted) return address;
  }
  return std::nullopt;
}

// Where the .mat called `name` is: as the game's definitions resolved it, else in the search's folders.
std::optional<std::string> mat_address(const std::string& name, const SurfaceSearch& search) {
  if (auto address = resolved_address(name, search)) return address;
  for (const std::string& folder : search.folders) {
    if (auto address = search.files->find(folder, name)) return address;
  }
  return std::nullopt;
}

std::optional<material::Document> load_mat(const std::string& name, const SurfaceSearch& search,
                                           std::vector<std::string>& notes) {
  if (const auto address = mat_address(name, search)) {
    auto bytes = search.files->read(*address);
    if (!bytes) {
      notes.push_back(fmt::format("{}: {}; its faces are drawn grey", *address, bytes.error().message));
      return std::nullopt;
    }
    auto mat = material::read(*bytes);
    if (!mat) {
      notes.push_back(fmt::format("{}: {}; its faces are drawn grey", *address, mat.error().to_string()));
      return std::nullopt;
    }
    return std::move(mat).value();
  }
  notes.push_back(
      fmt::format("material {} not found (looked in {}): its faces are drawn grey; --materials "
                  "names another folder",
                  name, search.folders.empty() ? "no folder" : search.where));
  return std::nullopt;
}

bool needs_palette(const material::Document& mat) {
  return mat.header.format.color_mode == static_cast<std::uint32_t>(MatColorMode::Indexed) ||
         mat.header.format.bits_per_pixel == 8 || mat.cels.empty();
}

}  // namespace

Result<SurfaceSearch> surface_search(const Options& options, const Settings& settings,
                                     const std::string& model_address) {
  SurfaceSearch search;
  search.files = options.nearby;
  search.resolved = options.resolved_files;
  search.model = model_address;
  if (const auto& folder = settings.materials) {
    if (!search.files->is_folder(*folder)) {
      return Error{
          kSettingsErrorFormat,
          fmt::format("--materials: \"{}\" is not a folder (on disk, or inside an archive: GAME.GOB:mat)",
                      *folder),
          {},
          {},
          {}};
    }
    search.folders.push_back(*folder);
  }
  if (!model_address.empty()) {
    for (const char* relative : {".", "mat", "../mat"}) {
      if (auto folder = search.files->folder_near(model_address, relative)) search.folders.push_back(*folder);
    }
  }
  search.where = fmt::format("{}", fmt::join(search.folders, ", "));
  if (!settings.palette.empty()) {
    auto bytes = options.companion("palette", settings.palette);
    if (!bytes) return bytes.error();
    auto palette = colormap::read(*bytes);
    if (!palette) {
      Error failed = palette.error();
      failed.file = settings.palette;
      return failed;
    }
    search.palette = std::move(palette).value();
  }
  return search;
}

ModelSurfaces find_surfaces(const ModelContent& model, const SurfaceSearch& search) {
  ModelSurfaces surfaces;
  surfaces.palette = search.palette;
  std::vector<std::string> grey;
  for (const std::string& name : model.materials) {
    surfaces.materials.push_back(load_mat(name, search, surfaces.notes));
    if (surfaces.materials.back() && needs_palette(*surfaces.materials.back()) && !search.palette)
      grey.push_back(name);
  }
  if (!grey.empty()) {
    surfaces.notes.push_back(
        fmt::format("no --palette (.cmp): {} drawn with a grey ramp (palette index i as "
                    "grey i)",
                    fmt::join(grey, ", ")));
  }
  return surfaces;
}

std::shared_ptr<const ModelSurfaces> model_surfaces(const Options& options, const model::Document& model,
                                                    const SurfaceSearch& search) {
  auto found = options.documents->get<ModelSurfaces>(
      "materials", fmt::format("{}\n{}\n{}", search.model, search.where, fmt::join(search.resolved, "\n")),
      [&]() -> Result<ModelSurfaces> { return find_surfaces(model.content, search); });
  return std::move(found).value();  // find_surfaces cannot fail: what is missing or unreadable becomes notes
}

}  // namespace bonebridge::sith
