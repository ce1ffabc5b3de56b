// SPDX-License-Identifier: MIT
#include "adapter.hpp"

#include <fmt/format.h>

#include <cmath>
#include <memory>

#include "bonebridge/formats/lego/ani/bridge.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"
#include "bonebridge/formats/lego/ani/engine.hpp"
#include "bonebridge/formats/lego/settings.hpp"
#include "bonebridge/formats/lego/wdb/character.hpp"
#include "bonebridge/formats/lego/wdb/codec.hpp"

namespace bonebridge::lego {
namespace {

using nlohmann::json;

json key_json(const VectorKey& k) {
  return {{"time", k.time}, {"flags", k.flags}, {"x", k.x}, {"y", k.y}, {"z", k.z}};
}
json key_json(const RotationKey& k) {
  return {{"time", k.time}, {"flags", k.flags}, {"w", k.w}, {"x", k.x}, {"y", k.y}, {"z", k.z}};
}
json key_json(const MorphKey& k) {
  return {{"time", k.time}, {"flags", k.flags}, {"visible", k.visible}};
}
json key_json(const RollKey& k) {
  return {{"time", k.time}, {"flags", k.flags}, {"roll", k.roll}};
}

template <class Key>
json keys_json(const std::vector<Key>& keys) {
  json list = json::array();
  for (const auto& key : keys) list.push_back(key_json(key));
  return list;
}

json node_json(const Node& node) {
  json children = json::array();
  for (const auto& child : node.children) children.push_back(node_json(child));
  return {{"name", name_to_utf8(node.name)},      {"translation", keys_json(node.translation)},
          {"rotation", keys_json(node.rotation)}, {"scale", keys_json(node.scale)},
          {"morph", keys_json(node.morph)},       {"children", std::move(children)}};
}

std::string hex(std::span<const std::uint8_t> bytes) {
  std::string text;
  for (const auto b : bytes) text += fmt::format("{:02x}", b);
  return text;
}

struct KeyTotals {
  std::size_t translation = 0, rotation = 0, scale = 0, morph = 0;
};

Diagnostic diagnostic(bool is_error, std::string message) {
  return {is_error, Error{kFormatName, std::move(message), {}, {}, {}}};
}

template <class Key>
void check_times(const std::vector<Key>& keys, const std::string& where, std::int32_t duration,
                 std::vector<Diagnostic>& out) {
  for (std::size_t i = 1; i < keys.size(); ++i) {
    if (keys[i].time < keys[i - 1].time) {
      out.push_back(
          diagnostic(false, fmt::format("{}: key {} at {} ms comes before key {} at {} ms; the game's "
                                        "key search then depends on its play history",
                                        where, i, keys[i].time, i - 1, keys[i - 1].time)));
      break;
    }
  }
  if (!keys.empty() && duration >= 0 && keys.back().time > static_cast<std::uint32_t>(duration)) {
    out.push_back(
        diagnostic(false, fmt::format("{}: a key at {} ms lies after the duration ({} ms) and is never "
                                      "reached in play",
                                      where, keys.back().time, duration)));
  }
}

template <class Key>
void check_flags(const std::vector<Key>& keys, std::uint8_t known, const std::string& where,
                 std::vector<Diagnostic>& out) {
  for (const auto& key : keys) {
    if (key.flags & ~known) {
      out.push_back(diagnostic(false, fmt::format("{}: key at {} ms has flag bits 0x{:02x} the game ignores",
                                                  where, key.time, key.flags & ~known)));
      return;
    }
  }
}

class LegoDocument final : public bonebridge::Document {
 public:
  explicit LegoDocument(ani::Document document) : document_(std::move(document)), engine_(document_) {}
  LegoDocument(const LegoDocument&) = delete;  // engine_ points into document_
  LegoDocument& operator=(const LegoDocument&) = delete;

  std::string format() const override { return kFormatName; }
  std::size_t joint_count() const override { return engine_.nodes().size(); }
  json info() const override {
    KeyTotals totals;
    json joints = json::array();
    for (const auto& flat : engine_.nodes()) {
      totals.translation += flat.node->translation.size();
      totals.rotation += flat.node->rotation.size();
      totals.scale += flat.node->scale.size();
      totals.morph += flat.node->morph.size();
      joints.push_back({{"name", name_to_utf8(flat.node->name)}, {"parent", flat.parent}});
    }
    return {
        {"format", kFormatName},
        {"duration_ms", document_.duration},
        {"duration", duration()},
        {"actors", document_.actors.size()},
        {"nodes", engine_.nodes().size()},
        {"keys",
         {{"translation", totals.translation},
          {"rotation", totals.rotation},
          {"scale", totals.scale},
          {"morph", totals.morph}}},
        {"camera", document_.camera.has_value()},
        {"trailing_bytes", document_.trailing.size()},
        {"joints", std::move(joints)},
        {"limits",
         {"evaluation follows the decompiled engine (isledecomp/isle); not compared with the running 1997 "
          "game",
          "actor type 1 occurs in shipping data but its meaning is undocumented; types are kept as numbers",
          "node-to-object binding ('*' instancing, variables, case-insensitive subtree search) is not "
          "modelled",
          "the bounding sphere is recomputed on export; the original exporter's rule is unknown"}}};
  }

  json dump() const override {
    json actors = json::array();
    for (const auto& actor : document_.actors) {
      json entry{{"name", name_to_utf8(actor.name)}};
      if (!actor.name.empty()) entry["type"] = actor.type;
      actors.push_back(std::move(entry));
    }
    const Header& h = document_.header;
    json out{{"header",
              {{"magic", h.magic},
               {"radius", h.radius},
               {"center", {h.center[0], h.center[1], h.center[2]}},
               {"parse_scene", h.parse_scene},
               {"unused", h.unused}}},
             {"actors", std::move(actors)},
             {"duration", document_.duration},
             {"root", node_json(document_.root)},
             {"trailing", hex(document_.trailing)}};
    if (document_.camera) {
      out["camera"] = {{"position", keys_json(document_.camera->position)},
                       {"target", keys_json(document_.camera->target)},
                       {"roll", keys_json(document_.camera->roll)}};
    }
    return out;
  }

  std::vector<Diagnostic> check(bool strict) const override {
    std::vector<Diagnostic> out;
    for (const auto& problem : ani::writable(document_)) out.push_back(diagnostic(true, problem));
    if (document_.duration <= 0) {
      out.push_back(diagnostic(
          false, fmt::format("duration is {} ms; a looping presenter divides by it", document_.duration)));
    }
    if (document_.camera && document_.camera->target.empty()) {
      out.push_back(
          diagnostic(true, "the camera block has no target keys: the game reads an uninitialised value"));
    }
    for (const auto& flat : engine_.nodes()) {
      const Node& node = *flat.node;
      const std::string where = fmt::format("node \"{}\"", name_to_utf8(node.name));
      if (node.name.empty()) {
        out.push_back(
            diagnostic(false, "a node has an empty name; the WDB path of the game would crash on it"));
      }
      check_times(node.translation, where + " translation", document_.duration, out);
      check_times(node.rotation, where + " rotation", document_.duration, out);
      check_times(node.scale, where + " scale", document_.duration, out);
      check_times(node.morph, where + " morph", document_.duration, out);
      for (const auto& key : node.rotation) {
        const float n = key.w * key.w + key.x * key.x + key.y * key.y + key.z * key.z;
        if (std::abs(n - 1.0f) > 1e-3f) {
          out.push_back(
              diagnostic(false, fmt::format("{}: rotation key at {} ms is not a unit quaternion (|q|^2 = "
                                            "{})",
                                            where, key.time, n)));
          break;
        }
      }
      if (strict) {
        check_flags(node.translation, kFlagActive, where + " translation", out);
        check_flags(node.rotation, kFlagActive | kFlagNegate | kFlagHold, where + " rotation", out);
        check_flags(node.scale, kFlagActive, where + " scale", out);
        check_flags(node.morph, 0, where + " morph", out);
      }
    }
    if (strict) {
      if (document_.header.unused != 1) {
        out.push_back(diagnostic(
            false, fmt::format("unused header field is {}; only 1 has been seen", document_.header.unused)));
      }
      if (document_.trailing.size() > 1) {
        out.push_back(diagnostic(false, fmt::format("{} bytes follow the node tree (one pad byte is usual)",
                                                    document_.trailing.size())));
      }
    }
    return out;
  }

  double duration() const override { return document_.duration / 1000.0; }
  double engine_tick() const override { return 0.001; }

  Status sample_into(double seconds, EnginePose& pose) const override {
    pose = ani::engine_pose(engine_, seconds);
    return Ok{};
  }

  Result<CoreConversion> to_core(const Options& options) const override {
    auto settings = family_settings(options);
    if (!settings) return settings.error();
    auto converted = ani::to_core(document_);
    if (!converted) return converted.error();
    CoreConversion result = std::move(converted.value());
    std::vector<wdb::AniActor> actors;
    for (const auto& actor : document_.actors) actors.push_back({actor.name, actor.type});
    if (auto dressed =
            dress_from_world(result, actors, options, *settings,
                             "the actors are bare skeletons: --world WORLD.WDB gives them the game's bodies");
        !dressed)
      return dressed.error();
    return result;
  }

  Result<std::vector<std::uint8_t>> encode() const override { return ani::write(document_); }

 private:
  ani::Document document_;
  ani::Engine engine_;  // points into document_
};

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> ani::open(std::span<const std::uint8_t> bytes) {
  auto document = ani::read(bytes);
  if (!document.ok()) return document.error();
  return std::unique_ptr<bonebridge::Document>(std::make_unique<LegoDocument>(std::move(document).value()));
}

Status dress_from_world(CoreConversion& conversion, const std::vector<wdb::AniActor>& actors,
                        const Options& options, const Settings& settings, const std::string& bare_note) {
  if (settings.world.empty() && !options.companions.contains("world")) {
    conversion.notes.push_back(bare_note);
    return Ok{};
  }
  auto world = options.documents->get<wdb::Document>("world", settings.world, [&]() -> Result<wdb::Document> {
    auto bytes = options.companion("world", settings.world);
    if (!bytes.ok()) return bytes.error();
    auto parsed = wdb::read(*bytes);
    if (!parsed.ok()) {
      Error error = parsed.error();  // the world's fault, not the clip's
      error.file = settings.world.empty() ? "the world companion (WORLD.WDB)" : settings.world;
      return error;
    }
    return parsed;
  });
  if (!world.ok()) return world.error();
  wdb::dress_actors(conversion, actors, **world);
  return Ok{};
}

}  // namespace bonebridge::lego
