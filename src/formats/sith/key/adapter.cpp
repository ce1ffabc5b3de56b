// SPDX-License-Identifier: MIT
// The .key's registry Document: the KEY (and its --model companion) read, played by key::Engine, converted by
// the key bridge.
#include <fmt/format.h>

#include <optional>

#include "../adapters.hpp"
#include "bonebridge/formats/sith/json.hpp"
#include "bonebridge/formats/sith/key/bridge.hpp"
#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/key/engine.hpp"
#include "bonebridge/formats/sith/key/limits.hpp"

namespace bonebridge::sith {
namespace {

std::size_t entry_count(const KeyContent& key) {
  std::size_t count = 0;
  for (const KeyNode& node : key.nodes) count += node.entries.size();
  return count;
}

nlohmann::json key_info(const KeyContent& key) {
  const KeyHeader& h = key.header;
  return {{"format", std::string(kKeyFormat)},
          {"frames", h.frames},
          {"fps", json_number(h.fps)},
          {"duration", h.fps > 0 ? h.frames / static_cast<double>(h.fps) : 0.0},
          {"joint_count", h.joints},
          {"nodes", key.nodes.size()},
          {"entries", entry_count(key)},
          {"markers", key.markers.size()},
          {"flags", fmt::format("0x{:04X} (IJIM reads %x; JK/MotS read %d: {}; neither engine uses it)",
                                h.flags, h.flags_decimal)},
          {"type", fmt::format("0x{:04X}", h.type)}};
}

nlohmann::json key_dump(const key::Document& file) {
  const KeyContent& key = file.content;
  nlohmann::json out;
  out["format"] = std::string(kKeyFormat);
  out["header"] = {{"flags", file.content.header.flags},
                   {"flags_decimal", key.header.flags_decimal},
                   {"type", key.header.type},
                   {"frames", key.header.frames},
                   {"fps", json_number(key.header.fps)},
                   {"joints", key.header.joints}};
  out["has_markers_section"] = key.has_markers_section;
  out["markers"] = nlohmann::json::array();
  for (const KeyMarker& m : key.markers)
    out["markers"].push_back({{"frame", json_number(m.frame)}, {"type", m.type}});
  out["nodes"] = nlohmann::json::array();
  for (const KeyNode& node : key.nodes) {
    nlohmann::json entries = nlohmann::json::array();
    for (const KeyEntry& e : node.entries) {
      entries.push_back({{"num", e.num},
                         {"frame", json_number(e.frame)},
                         {"flags", e.flags},
                         {"position", json_triple(e.position)},
                         {"rotation_pyr", json_triple(e.rotation)},
                         {"position_rate", json_triple(e.position_rate)},
                         {"rotation_rate", json_triple(e.rotation_rate)}});
    }
    out["nodes"].push_back({{"index", node.index}, {"mesh_name", node.mesh_name}, {"entries", entries}});
  }
  out["reader_notes"] = reader_notes_json(file.notes);
  return out;
}

const char* dialect_name(Dialect d) {
  switch (d) {
    case Dialect::JediKnight:
      return "JK";
    case Dialect::MysteriesOfTheSith:
      return "MotS";
    case Dialect::InfernalMachine:
      return "IJIM";
  }
  return "?";
}

std::vector<Diagnostic> diagnostics(const std::vector<ReaderNote>& notes, std::string_view format,
                                    bool strict, const std::optional<Dialect>& only) {
  std::vector<Diagnostic> out;
  for (const ReaderNote& note : notes) {
    std::string games;
    for (Dialect d : {Dialect::JediKnight, Dialect::MysteriesOfTheSith, Dialect::InfernalMachine}) {
      if ((note.dialects & mask(d)) == 0 || (only && *only != d)) continue;
      games += games.empty() ? dialect_name(d) : std::string("/") + dialect_name(d);
    }
    if (games.empty()) continue;
    const std::string verdict = note.engine_rejects ? "the game rejects this" : "the game loads this";
    out.push_back(Diagnostic{strict && note.engine_rejects,
                             Error{std::string(format),
                                   fmt::format("{} ({}): {}", games, verdict, note.message),
                                   note.offset,
                                   note.line,
                                   {}}});
  }
  return out;
}

nlohmann::json joint_names(const std::vector<EngineJoint>& joints) {
  nlohmann::json out = nlohmann::json::array();
  for (const EngineJoint& joint : joints) out.push_back({{"name", joint.name}, {"parent", joint.parent}});
  return out;
}

class KeyDocument : public bonebridge::Document {
 public:
  // `only`: the dialect the user named, if any (check() then reports for that game alone); the engine plays
  // `dialect`, IJIM by default (it differs only in how many loops a long tick skips).
  KeyDocument(key::Document key, std::shared_ptr<const model::Document> model, SurfaceSearch search,
              Dialect dialect, bool only)
      : key_(std::move(key)),
        model_(std::move(model)),
        search_(std::move(search)),
        dialect_(dialect),
        only_(only),
        engine_(key_.content, model_ ? model_nodes(model_->content) : flat_nodes(key_.content), dialect),
        layout_(model_ ? model_layout(engine_) : flat_layout(engine_, key_.content.header.joints)) {}

  std::string format() const override { return std::string(kKeyFormat); }
  std::size_t joint_count() const override { return layout_joints(engine_, layout_).size(); }
  nlohmann::json info() const override {
    nlohmann::json info = key_info(key_.content);
    info["joints"] = joint_names(layout_joints(engine_, layout_));
    info["skeleton"] =
        model_ ? "from the .3do model"
               : "flat: joint n is KEY NODE n, up to max(JOINTS, highest NODE + 1) (no --model given)";
    info["sample"] =
        "one play-through: frame = t * FPS clamped to [0, FRAMES]; no blending, priorities or fades";
    info["units"] = "game units (the metre per unit is not stated by any source; use unit-scale)";
    if (model_ && static_cast<std::size_t>(key_.content.header.joints) != model_->content.hierarchy.size()) {
      info["warning"] = fmt::format("JOINTS {} but the model has {} hierarchy nodes",
                                    key_.content.header.joints, model_->content.hierarchy.size());
    }
    return info;
  }
  nlohmann::json dump() const override { return key_dump(key_); }
  std::vector<Diagnostic> check(bool strict) const override {
    auto out = diagnostics(key_.notes, kKeyFormat, strict, only_ ? std::optional(dialect_) : std::nullopt);
    if (model_ && static_cast<std::size_t>(key_.content.header.joints) != model_->content.hierarchy.size()) {
      out.push_back(
          Diagnostic{false, Error{std::string(kKeyFormat),
                                  fmt::format("JOINTS {} differs from the model's {} nodes: mismatched "
                                              "node count",
                                              key_.content.header.joints, model_->content.hierarchy.size()),
                                  {},
                                  {},
                                  {}}});
    }
    return out;
  }
  double duration() const override {
    const KeyHeader& h = key_.content.header;
    return h.fps > 0 ? h.frames / static_cast<double>(h.fps) : 0.0;
  }
  double engine_tick() const override { return kContinuousTick; }
  Status sample_into(double seconds, EnginePose& pose) const override {
    pose = key::engine_pose(engine_, layout_, seconds);
    return Ok{};
  }
  Result<CoreConversion> to_core(const Options& options) const override {
    auto bridge = bridge_options(options);
    if (!bridge.ok()) return bridge.error();
    const auto surfaces = model_ ? model_surfaces(options, *model_, search_) : nullptr;
    auto core = key::to_core(key_, model_.get(), *bridge, surfaces.get());
    if (!core.ok()) return core;
    // The bridge numbers engine nodes; sample() numbers pose joints.
    std::vector<int> core_joint_of(layout_.size, -1);
    for (std::size_t n = 0; n < layout_.joint_of_node.size(); ++n) {
      if (const int slot = layout_.joint_of_node[n]; slot >= 0)
        core_joint_of[static_cast<std::size_t>(slot)] = core->core_joint_of[n];
    }
    core->core_joint_of = std::move(core_joint_of);
    return core;
  }
  Result<std::vector<std::uint8_t>> encode() const override { return key::write(key_); }

 private:
  key::Document key_;
  std::shared_ptr<const model::Document> model_;
  SurfaceSearch search_;
  Dialect dialect_;
  bool only_;
  key::Engine engine_;
  PoseLayout layout_;
};

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> key::open(std::span<const std::uint8_t> bytes,
                                                        const Options& options, const Settings& settings) {
  auto key = key::read(bytes);
  if (!key.ok()) return key.error();
  auto model = model_option(options, settings);
  if (!model.ok()) return model.error();
  SurfaceSearch search;
  if (*model) {
    auto found = surface_search(options, settings, settings.model);
    if (!found.ok()) return found.error();
    search = std::move(found).value();
  }
  // Without --variant, validate checks the rules of every game.
  return std::unique_ptr<bonebridge::Document>(std::make_unique<KeyDocument>(
      std::move(key).value(), std::move(*model), std::move(search),
      settings.variant.value_or(Dialect::InfernalMachine), settings.variant.has_value()));
}

Result<Converted<std::vector<std::uint8_t>>> key_from_core(const Scene& scene, const Options& options) {
  auto settings = family_settings(options);
  if (!settings.ok()) return settings.error();
  auto model = model_option(options, *settings);
  if (!model.ok()) return model.error();
  auto key = key::from_core(scene, bridge_options(*settings), model->get());
  if (!key.ok()) return key.error();
  if (auto within = check_key_limits(key->value.content, key->notes); !within) return within.error();
  return Converted<std::vector<std::uint8_t>>{key::write(key->value), std::move(key->notes)};
}

}  // namespace bonebridge::sith
