// Where a model's .mat files and palette are found: the `materials` folder, then the model's own folder, its
// mat/ subfolder and ../mat/ (JK's layout: 3do/ and mat/ side by side). Names match case-insensitively, as on
// the games' own (Windows) file systems.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <system_error>

#include "adapters.hpp"
#include "bonebridge/formats/sith/colormap/codec.hpp"
#include "bonebridge/formats/sith/material/bridge.hpp"
#include "bonebridge/formats/sith/material/codec.hpp"
#include "bonebridge/io/file.hpp"

namespace bonebridge::sith {
namespace {

namespace fs = std::filesystem;

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

bool is_folder(const fs::path& path) {
  std::error_code error;
  return fs::is_directory(path, error);
}

std::optional<fs::path> find_in(const fs::path& folder, const std::string& name) {
  const std::string wanted = lowercase(name);
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    if (lowercase(it->path().filename().string()) == wanted && it->is_regular_file(error)) return it->path();
  }
  return std::nullopt;
}

std::optional<MatFile> load_mat(const std::string& name, const SurfaceSearch& search,
                                std::vector<std::string>& notes) {
  for (const fs::path& folder : search.folders) {
    const auto path = find_in(folder, name);
    if (!path) continue;
    auto bytes = read_file(path->string());
    if (!bytes) {
      notes.push_back(fmt::format("{}: {}; its faces are drawn grey", path->string(), bytes.error().message));
      return std::nullopt;
    }
    auto mat = read_mat(*bytes);
    if (!mat) {
      notes.push_back(
          fmt::format("{}: {}; its faces are drawn grey", path->string(), mat.error().to_string()));
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

bool needs_palette(const MatFile& mat) {
  return mat.header.format.color_mode == static_cast<std::uint32_t>(MatColorMode::Indexed) ||
         mat.header.format.bits_per_pixel == 8 || mat.cels.empty();
}

}  // namespace

Result<SurfaceSearch> surface_search(const Options& options, const std::string& model_address) {
  SurfaceSearch search;
  if (const auto folder = options.get("materials")) {
    if (!is_folder(*folder))
      return Error{
          kSettingsErrorFormat, fmt::format("--materials: \"{}\" is not a folder", *folder), {}, {}, {}};
    search.folders.emplace_back(*folder);
  }
  const fs::path model(model_address);
  std::error_code error;
  if (!model_address.empty() && fs::is_regular_file(model, error)) {
    const fs::path here = model.parent_path().empty() ? fs::path(".") : model.parent_path();
    for (const fs::path& folder : {here, here / "mat", here / ".." / "mat"}) {
      if (is_folder(folder)) search.folders.push_back(folder.lexically_normal());
    }
  } else if (!model_address.empty()) {
    search.notes.push_back(
        fmt::format("the model {} is not a plain file (an archive entry?): .mat files are "
                    "looked for only in --materials",
                    model_address));
  }
  for (const fs::path& folder : search.folders)
    search.where += (search.where.empty() ? "" : ", ") + folder.string();
  if (options.get("palette")) {
    auto bytes = options.companion("palette");
    if (!bytes) return bytes.error();
    auto palette = read_cmp(*bytes);
    if (!palette) {
      Error failed = palette.error();
      failed.file = *options.get("palette");
      return failed;
    }
    search.palette = std::move(palette).value();
  }
  return search;
}

ModelSurfaces find_surfaces(const ModelContent& model, const SurfaceSearch& search) {
  ModelSurfaces surfaces;
  surfaces.notes = search.notes;
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

std::shared_ptr<const ModelSurfaces> model_surfaces(const Options& options, const ModelFile& model,
                                                    const SurfaceSearch& search) {
  const std::string address = options.get("model").value_or(options.get("input").value_or(""));
  auto found = options.documents->get<ModelSurfaces>(
      "materials", address + '\n' + search.where,
      [&]() -> Result<ModelSurfaces> { return find_surfaces(model.content, search); });
  return std::move(found).value();  // find_surfaces cannot fail: what is missing or unreadable becomes notes
}

}  // namespace bonebridge::sith
