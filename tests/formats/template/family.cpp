// SPDX-License-Identifier: MIT
#include "formats/template/family.hpp"

#include <cstdlib>

#include "formats/template/adapter.hpp"
#include "formats/template/bridge.hpp"
#include "formats/template/codec.hpp"

namespace bonebridge::pendulum {
namespace {

// The registry checked the value against the setting's declaration (a whole number from 0).
Settings settings_from(const Options& options) {
  Settings settings;
  if (const auto clip = options.get("clip")) settings.clip = std::strtoull(clip->c_str(), nullptr, 10);
  return settings;
}

}  // namespace

FormatFamily family() {
  FormatFamily row;
  row.id = "pendulum";
  row.title = "pendulum .pend (test-only family)";
  row.extensions = {".pend"};
  row.settings = {{"clip", SettingKind::Integer, "which animation of a glTF to write", {}, 0, 1e6, "0", {}}};
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
    auto document = read_pendulum(bytes);
    if (!document) return document.error();
    return adapt(std::move(*document));
  };
  row.from_core = [](const Scene& scene,
                     const Options& options) -> Result<Converted<std::vector<std::uint8_t>>> {
    auto converted = from_core(scene, settings_from(options));
    if (!converted) return converted.error();
    auto bytes = write_pendulum(converted->value);
    if (!bytes) return bytes.error();
    return Converted<std::vector<std::uint8_t>>{std::move(*bytes), std::move(converted->notes)};
  };
  return row;
}

}  // namespace bonebridge::pendulum
