// SPDX-License-Identifier: MIT
// The .cmp's registry Document: a palette has no skeleton, pose or glTF form; info, dump and a byte-exact
// re-encode.
#include <fmt/format.h>

#include "../adapters.hpp"
#include "bonebridge/formats/sith/colormap/codec.hpp"

namespace bonebridge::sith {
namespace {

using nlohmann::json;

json cmp_info(const colormap::Document& cmp) {
  return {{"format", std::string(kCmpFormat)},
          {"version", fmt::format("0x{:X}", cmp.version)},
          {"transparency_tables", cmp.has_transparency != 0},
          {"palette_entries", cmp.palette.size()},
          {"light_level_bytes", cmp.light_levels.size()},
          {"transparency_bytes", cmp.transparency.size()},
          {"trailing_bytes", cmp.trailing.size()},
          {"duration", 0.0},
          {"joints", json::array()}};
}

json cmp_dump(const colormap::Document& cmp) {
  json out = cmp_info(cmp);
  out["header"] = {
      {"version", cmp.version}, {"has_transparency", cmp.has_transparency}, {"unknown", cmp.unknown}};
  out["palette"] = cmp.palette;
  return out;
}

class CmpDocument : public PoselessDocument {
 public:
  explicit CmpDocument(colormap::Document cmp)
      : PoselessDocument(
            std::string(kCmpFormat),
            "a .cmp is a colour map (palette and light tables): it has no pose or skeleton; give it as "
            "--palette when converting a model with 8-bit materials"),
        cmp_(std::move(cmp)) {}

  json info() const override { return cmp_info(cmp_); }
  json dump() const override { return cmp_dump(cmp_); }
  Result<std::vector<std::uint8_t>> encode() const override { return colormap::write(cmp_); }

 private:
  colormap::Document cmp_;
};

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> colormap::open(std::span<const std::uint8_t> bytes) {
  auto cmp = colormap::read(bytes);
  if (!cmp) return cmp.error();
  return std::unique_ptr<bonebridge::Document>(std::make_unique<CmpDocument>(std::move(cmp).value()));
}

}  // namespace bonebridge::sith
