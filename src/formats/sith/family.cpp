#include "bonebridge/formats/sith/family.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

#include "bonebridge/formats/sith/bridge.hpp"
#include "bonebridge/formats/sith/codec.hpp"
#include "bonebridge/formats/sith/engine.hpp"
#include "bonebridge/formats/sith/json.hpp"
#include "bonebridge/io/file.hpp"

namespace bonebridge::sith {
namespace {

constexpr double kContinuousTick = 0.001;  // the engine advances by the game's frame time: no fixed tick

std::string lowercase_head(std::span<const std::uint8_t> bytes, std::size_t limit) {
  std::string head(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(std::min(bytes.size(), limit)));
  std::transform(head.begin(), head.end(), head.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return head;
}

bool looks_like_key(const std::string& head) {
  return head.find("section: header") != std::string::npos && head.find("frames") != std::string::npos &&
         head.find("joints") != std::string::npos;
}

bool looks_like_model(const std::string& head) {
  return head.find("section: header") != std::string::npos && head.find("\n3do ") != std::string::npos;
}

Result<Dialect> dialect_option(const Options& options) {
  const auto variant = options.get("variant");
  if (!variant || *variant == "ijim") return Dialect::InfernalMachine;
  if (*variant == "jk") return Dialect::JediKnight;
  if (*variant == "mots") return Dialect::MysteriesOfTheSith;
  return Error{std::string(kKeyFormat),
               fmt::format("unknown variant \"{}\": expected jk, mots or ijim", *variant),
               {},
               {},
               {}};
}

Result<BridgeOptions> bridge_options(const Options& options) {
  BridgeOptions bridge;
  auto dialect = dialect_option(options);
  if (!dialect.ok()) return dialect.error();
  bridge.dialect = *dialect;
  if (const auto scale = options.get("unit-scale")) {
    char* end = nullptr;
    bridge.unit_scale = std::strtod(scale->c_str(), &end);
    if (end == scale->c_str() || !(bridge.unit_scale > 0) || !std::isfinite(bridge.unit_scale)) {
      return Error{std::string(kKeyFormat),
                   fmt::format("unit-scale \"{}\" is not a positive number", *scale),
                   {},
                   {},
                   {}};
    }
  }
  if (const auto fps = options.get("fps")) bridge.fps = std::strtod(fps->c_str(), nullptr);
  return bridge;
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

// Where the engine's nodes stand in the pose. With a model, node n is hierarchy row n. Without one, the flat
// nodes come in KEY-block order, and pose joint i is KEY `NODE i`, as it would be row i of a model (§3), for
// i from 0 to max(JOINTS, highest NODE + 1) − 1; a NODE no block animates (or one the engine drops, at or
// past JOINTS) stays at the identity, as the engine leaves it. The list stops at kMaxFlatJoints (the puppet
// holds 64 nodes, §1.3), so that a stray NODE 2000000000 costs nothing; negative NODEs are not listed.
constexpr std::int32_t kMaxFlatJoints = 4096;

struct PoseLayout {
  std::size_t size = 0;
  std::vector<int> joint_of_node;  // engine node -> pose joint, or -1 when not listed
};

PoseLayout model_layout(const KeyEngine& engine) {
  PoseLayout layout{engine.nodes().size(), {}};
  for (std::size_t n = 0; n < engine.nodes().size(); ++n) layout.joint_of_node.push_back(static_cast<int>(n));
  return layout;
}

PoseLayout flat_layout(const KeyEngine& engine, std::int32_t joints) {
  std::int32_t size = std::clamp(joints, 0, kMaxFlatJoints);
  for (const EngineNode& node : engine.nodes()) {
    if (node.key_index < kMaxFlatJoints) size = std::max(size, node.key_index + 1);
  }
  PoseLayout layout{static_cast<std::size_t>(size), {}};
  for (const EngineNode& node : engine.nodes()) {
    const bool listed = node.key_index >= 0 && node.key_index < kMaxFlatJoints;
    layout.joint_of_node.push_back(listed ? node.key_index : -1);
  }
  return layout;
}

int pose_parent(const PoseLayout& layout, int parent) {
  const bool known = parent >= 0 && static_cast<std::size_t>(parent) < layout.joint_of_node.size();
  return known ? layout.joint_of_node[static_cast<std::size_t>(parent)] : -1;
}

// The pose's joints, named and parented, at the identity: each listed engine node in its place, "node_i"
// where no node is.
std::vector<EngineJoint> layout_joints(const KeyEngine& engine, const PoseLayout& layout) {
  std::vector<EngineJoint> joints(layout.size);
  for (std::size_t i = 0; i < layout.size; ++i) joints[i].name = fmt::format("node_{}", i);
  for (std::size_t n = 0; n < engine.nodes().size(); ++n) {
    if (const int slot = layout.joint_of_node[n]; slot >= 0) {
      joints[static_cast<std::size_t>(slot)].name = engine.nodes()[n].name;
      joints[static_cast<std::size_t>(slot)].parent = pose_parent(layout, engine.nodes()[n].parent);
    }
  }
  return joints;
}

EnginePose engine_pose(const KeyEngine& engine, const PoseLayout& layout, double seconds) {
  EnginePose pose{seconds, layout_joints(engine, layout)};
  // One play-through: the frame is clamped to [0, FRAMES]; the end pose is the one at FRAMES exactly.
  const auto frame = static_cast<float>(std::clamp(seconds * engine.fps(), 0.0, engine.frames()));
  const std::vector<Mat4> joints = engine.joint_matrices(frame);
  for (std::size_t n = 0; n < engine.nodes().size(); ++n) {
    const int slot = layout.joint_of_node[n];
    if (slot < 0) continue;
    const LocalPose local = engine.local(n, frame);
    EngineJoint& joint = pose.joints[static_cast<std::size_t>(slot)];
    joint.local = Transform{
        {local.position[0], local.position[1], local.position[2]}, rotation_quat(local.rotation), {1, 1, 1}};
    joint.model = joints[n];
  }
  return pose;
}

nlohmann::json joint_names(const std::vector<EngineJoint>& joints) {
  nlohmann::json out = nlohmann::json::array();
  for (const EngineJoint& joint : joints) out.push_back({{"name", joint.name}, {"parent", joint.parent}});
  return out;
}

class KeyDocument : public Document {
 public:
  // `only`: the dialect the user named, if any (check() then reports for that game alone); the engine plays
  // `dialect`, IJIM by default (it differs only in how many loops a long tick skips).
  KeyDocument(KeyFile key, std::optional<ModelFile> model, Dialect dialect, bool only)
      : key_(std::move(key)),
        model_(std::move(model)),
        dialect_(dialect),
        only_(only),
        engine_(key_.content, model_ ? model_nodes(model_->content) : flat_nodes(key_.content), dialect),
        layout_(model_ ? model_layout(engine_) : flat_layout(engine_, key_.content.header.joints)) {}

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
    pose = pose_at(seconds);
    return Ok{};
  }

  EnginePose pose_at(double seconds) const { return engine_pose(engine_, layout_, seconds); }
  Result<CoreConversion> to_core(const Options& options) const override {
    auto bridge = bridge_options(options);
    if (!bridge.ok()) return bridge.error();
    auto core = key_to_core(key_, model_ ? &*model_ : nullptr, *bridge);
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
  Result<std::vector<std::uint8_t>> encode() const override { return write_key(key_); }

 private:
  KeyFile key_;
  std::optional<ModelFile> model_;
  Dialect dialect_;
  bool only_;
  KeyEngine engine_;
  PoseLayout layout_;
};

class ModelDocument : public Document {
 public:
  explicit ModelDocument(ModelFile model)
      : model_(std::move(model)), engine_(no_key_, model_nodes(model_.content), Dialect::InfernalMachine) {}

  nlohmann::json info() const override {
    nlohmann::json info = model_info(model_.content);
    info["joints"] = engine_joint_names(engine_);
    return info;
  }
  nlohmann::json dump() const override { return model_dump(model_); }
  double duration() const override { return 0; }
  double engine_tick() const override { return kContinuousTick; }
  Status sample_into(double seconds, EnginePose& pose) const override {
    pose = pose_at(seconds);
    return Ok{};
  }

  EnginePose pose_at(double seconds) const { return engine_pose(engine_, model_layout(engine_), seconds); }
  Result<CoreConversion> to_core(const Options& options) const override {
    auto bridge = bridge_options(options);
    if (!bridge.ok()) return bridge.error();
    // The rest pose as a KEY of no motion: skeleton and meshes only.
    KeyFile still;
    still.content.header.fps = 1;
    return key_to_core(still, &model_, *bridge);
  }
  Result<std::vector<std::uint8_t>> encode() const override { return write_model(model_); }

 private:
  ModelFile model_;
  KeyContent no_key_;
  KeyEngine engine_;
};

Result<std::optional<ModelFile>> model_option(const Options& options) {
  const auto path = options.get("model");
  if (!path) return std::optional<ModelFile>{};
  auto bytes = options.companion("model");
  if (!bytes.ok()) return bytes.error();
  auto parsed = read_model(*bytes);
  if (!parsed.ok()) {
    Error error = parsed.error();
    error.file = *path;
    return error;
  }
  return std::optional<ModelFile>(std::move(parsed).value());
}

Result<std::unique_ptr<Document>> open(std::span<const std::uint8_t> bytes, const Options& options) {
  auto dialect = dialect_option(options);
  if (!dialect.ok()) return dialect.error();
  const auto extension = options.extension();
  const bool is_model =
      extension == ".3do" || (extension != ".key" && looks_like_model(lowercase_head(bytes, 4096)));
  if (is_model) {
    auto model = read_model(bytes);
    if (!model.ok()) return model.error();
    return std::unique_ptr<Document>(std::make_unique<ModelDocument>(std::move(model).value()));
  }
  auto key = read_key(bytes);
  if (!key.ok()) return key.error();
  auto model = model_option(options);
  if (!model.ok()) return model.error();
  return std::unique_ptr<Document>(std::make_unique<KeyDocument>(std::move(key).value(), std::move(*model),
                                                                 *dialect, options.flag("variant")));
}

Result<Converted<std::vector<std::uint8_t>>> from_core(const Scene& scene, const Options& options) {
  auto bridge = bridge_options(options);
  if (!bridge.ok()) return bridge.error();
  auto model = model_option(options);
  if (!model.ok()) return model.error();
  auto key = core_to_key(scene, *bridge, model->has_value() ? &**model : nullptr);
  if (!key.ok()) return key.error();
  return Converted<std::vector<std::uint8_t>>{write_key(key->key), std::move(key->notes)};
}

}  // namespace

FormatFamily family() {
  FormatFamily row;
  row.id = "sith";
  row.title = "Sith engine .key keyframes / .3do models (Jedi Knight, MotS, IJIM)";
  row.extensions = {".key", ".3do"};
  row.settings = {
      {"model", SettingKind::Companion, "the .3do model whose hierarchy the .key animates", {}, 0, 0, {}, {}},
      {"variant", SettingKind::Choice, "the game's dialect", {"jk", "mots", "ijim"}, 0, 0, "ijim", {}},
      {"unit-scale", SettingKind::Number, "metres per game unit", {}, 1e-12, 1e12, "1", {}},
      {"fps",
       SettingKind::Number,
       "frames per second of a written .key",
       {},
       1e-3,
       1e4,
       "the clip's sith.fps, else 30",
       {}},
  };
  row.capabilities = {
      {"read", true, "confirmed",
       "the engine's line grammar (stdConffile + sscanf patterns), checked on 10 sample files; what only a "
       "game "
       "rejects is read and reported by validate"},
      {"write", true, "confirmed",
       ".key: unmodified files byte for byte, others in the conventional layout; .3do: unchanged, or with "
       "edited "
       "HIERARCHYDEF rows only"},
      {"evaluate", true, "partial",
       "one track at full weight as OpenJKDF2/OpenJones3D decompilations describe; no blending of tracks, "
       "priorities, fades or puppet-driven speed; not compared against a running game"},
      {"to glTF", true, "partial",
       "translations exact, rotations resampled within 0.01 degrees, jumps as keys 1e-4 s apart; the metre "
       "per "
       "game unit is unknown (unit-scale)"},
      {"from glTF", true, "partial",
       "entries at the clip's keys plus where Euler-linear motion leaves slerp; only .key is written, never "
       ".3do"},
      {"validate", true, "assumed",
       "whitespace-only lines, marker limits, name buffers and line buffers follow the decompiled loaders, "
       "not "
       "tests on the retail executables"},
  };
  row.sniff = [](std::span<const std::uint8_t> bytes) {
    const std::string head = lowercase_head(bytes, 4096);
    return looks_like_key(head) || looks_like_model(head);
  };
  row.open = open;
  row.from_core = from_core;
  return row;
}

}  // namespace bonebridge::sith
