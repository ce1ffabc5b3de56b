// SPDX-License-Identifier: MIT
#include "formats/template/family.hpp"

#include "formats/template/pend/adapter.hpp"
#include "formats/template/pend/bridge.hpp"
#include "formats/template/pend/codec.hpp"
#include "formats/template/settings.hpp"

namespace bonebridge::pendulum {
namespace {

using namespace setting_fields;

constexpr const char* kTitle = "pendulum .pend (test-only family)";

// What a user may set: one field per member of Settings (settings.hpp), whose default is the member's own.
// The schema `formats` shows and the parser of Settings both come from this table.
const SettingFields<Settings>& fields() {
  static const SettingFields<Settings> table = {
      integer("clip", &Settings::clip, "", {0, 1e6}, "which animation of a glTF to write"),
  };
  return table;
}

}  // namespace

FormatFamily family() {
  FormatFamily row;
  row.id = "pendulum";
  row.title = kTitle;
  row.extensions = {".pend"};
  row.settings = settings_schema(fields());
  row.capabilities = {{"read", true, "confirmed", "its own definition"},
                      {"write", true, "confirmed", "byte for byte"},
                      {"evaluate", true, "confirmed", "linear in degrees"},
                      {"to glTF", true, "confirmed", "exact, arcs cut at 15 degrees"},
                      {"from glTF", true, "partial", "turns about Z at whole milliseconds"}};
  row.sniff = [](std::span<const std::uint8_t> bytes) {
    return bytes.size() >= 4 && bytes[0] == 'P' && bytes[1] == 'E' && bytes[2] == 'N' && bytes[3] == 'D';
  };
  row.open = [](std::span<const std::uint8_t> bytes,
                const Options&) -> Result<std::unique_ptr<bonebridge::Document>> {
    auto document = pend::read(bytes);
    if (!document) return document.error();
    return pend::open(std::move(*document));
  };
  row.from_core = [](const Scene& scene,
                     const Options& options) -> Result<Converted<std::vector<std::uint8_t>>> {
    auto settings = read_settings(options, fields(), kTitle);
    if (!settings) return settings.error();
    auto converted = pend::from_core(scene, *settings);
    if (!converted) return converted.error();
    auto bytes = pend::write(converted->value);
    if (!bytes) return bytes.error();
    return Converted<std::vector<std::uint8_t>>{std::move(*bytes), std::move(converted->notes)};
  };
  return row;
}

}  // namespace bonebridge::pendulum
