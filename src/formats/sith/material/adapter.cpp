// SPDX-License-Identifier: MIT
// The .mat's registry Document: a material has no skeleton, pose or glTF form of its own (a .3do or a .key
// with --model shows it on its model); info, dump, validate and a byte-exact re-encode.
#include <fmt/format.h>

#include "../adapters.hpp"
#include "bonebridge/formats/sith/material/bridge.hpp"
#include "bonebridge/formats/sith/material/codec.hpp"

namespace bonebridge::sith {
namespace {

using nlohmann::json;

const char* type_name(std::uint32_t type) {
  return type == static_cast<std::uint32_t>(MatType::Textures) ? "textures" : "colours";
}

json channel_json(const MatChannel& c) {
  return {{"bits", c.bits}, {"shift", c.shift}, {"expand", c.expand}};
}

json cels_json(const material::Document& mat) {
  json cels = json::array();
  for (const MatCel& cel : mat.cels) {
    json levels = json::array();
    for (const auto& level : cel.mip_levels) levels.push_back(level.size());
    cels.push_back({{"width", cel.width},
                    {"height", cel.height},
                    {"transparent", cel.transparent},
                    {"unknown", cel.unknown},
                    {"transparent_color", cel.transparent_color},
                    {"levels", cel.levels},
                    {"level_bytes", levels}});
  }
  return cels;
}

json mat_info(const material::Document& mat) {
  const MatHeader& h = mat.header;
  json cels = json::array();
  for (const MatCel& cel : mat.cels)
    cels.push_back(fmt::format("{} x {}, {} mip level{}", cel.width, cel.height, cel.levels,
                               cel.levels == 1 ? "" : "s"));
  return {{"format", std::string(kMatFormat)},
          {"version", fmt::format("0x{:X}", h.version)},
          {"type", type_name(h.type)},
          {"color_mode", h.format.color_mode},
          {"bits_per_pixel", h.format.bits_per_pixel},
          {"texels", mat_layout_name(h.format)},
          {"records", mat.records.size()},
          {"cels", cels},
          {"trailing_bytes", mat.trailing.size()},
          {"duration", 0.0},
          {"joints", json::array()}};
}

json mat_dump(const material::Document& mat) {
  const MatColorFormat& f = mat.header.format;
  json out = mat_info(mat);
  out["header"] = {{"version", mat.header.version},
                   {"type", mat.header.type},
                   {"record_count", mat.header.record_count},
                   {"cel_count", mat.header.cel_count},
                   {"color_mode", f.color_mode},
                   {"bits_per_pixel", f.bits_per_pixel},
                   {"red", channel_json(f.red)},
                   {"green", channel_json(f.green)},
                   {"blue", channel_json(f.blue)},
                   {"alpha", channel_json(f.alpha)}};
  out["record_list"] = json::array();
  for (const MatRecord& r : mat.records) {
    out["record_list"].push_back({{"type", r.type},
                                  {"color_index", r.color_index},
                                  {"unknown", r.unknown},
                                  {"texture_unknown", r.texture_unknown},
                                  {"cel_index", r.cel_index}});
  }
  out["cel_list"] = cels_json(mat);
  return out;
}

Diagnostic warning(std::string message, std::optional<std::uint64_t> offset) {
  return Diagnostic{false, Error{std::string(kMatFormat), std::move(message), offset, {}, {}}};
}

// What readers disagree on or the game may not draw; the reader has accepted the file.
std::vector<Diagnostic> mat_check(const material::Document& mat) {
  std::vector<Diagnostic> out;
  const MatColorFormat& f = mat.header.format;
  const bool texture = mat.header.type == static_cast<std::uint32_t>(MatType::Textures);
  if (texture && mat.header.record_count != mat.header.cel_count) {
    out.push_back(warning(fmt::format("{} records but {} cels (blender-sith rejects this)",
                                      mat.header.record_count, mat.header.cel_count),
                          12));
  }
  if (texture && f.bits_per_pixel == 16) {
    static const char* const kKnown[] = {"RGB565", "ARGB1555", "RGBA5551", "ARGB4444", "RGBA4444"};
    const std::string layout = mat_layout_name(f);
    if (std::find(std::begin(kKnown), std::end(kKnown), layout) == std::end(kKnown))
      out.push_back(warning(fmt::format("16-bit texels laid out as {}: not 565, 1555 or 4444", layout), 28));
    const bool rgba = f.color_mode == static_cast<std::uint32_t>(MatColorMode::Rgba);
    if (rgba != (f.alpha.bits > 0)) {
      out.push_back(warning(fmt::format("colour mode {} but {} alpha bits", f.color_mode, f.alpha.bits), 20));
    }
  }
  for (std::size_t i = 0; texture && i < mat.records.size(); ++i) {
    const std::int32_t cel = mat.records[i].cel_index;
    if (cel < 0 || static_cast<std::size_t>(cel) >= mat.cels.size())
      out.push_back(warning(fmt::format("record {} shows cel {}, but there are {}", i, cel, mat.cels.size()),
                            kMatHeaderBytes + i * kMatTextureRecordBytes + 36));
  }
  if (!mat.trailing.empty()) {
    out.push_back(
        warning(fmt::format("{} bytes after the last cel (kept)", mat.trailing.size()), std::nullopt));
  }
  return out;
}

class MatDocument : public PoselessDocument {
 public:
  explicit MatDocument(material::Document mat)
      : PoselessDocument(std::string(kMatFormat),
                         "a .mat is a material: it has no pose or skeleton; convert the .3do that names it "
                         "(or a .key with --model) to see it on its model"),
        mat_(std::move(mat)) {}

  json info() const override { return mat_info(mat_); }
  json dump() const override { return mat_dump(mat_); }
  std::vector<Diagnostic> check(bool) const override { return mat_check(mat_); }
  Result<std::vector<std::uint8_t>> encode() const override { return material::write(mat_); }

 private:
  material::Document mat_;
};

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> material::open(std::span<const std::uint8_t> bytes) {
  auto mat = material::read(bytes);
  if (!mat) return mat.error();
  return std::unique_ptr<bonebridge::Document>(std::make_unique<MatDocument>(std::move(mat).value()));
}

}  // namespace bonebridge::sith
