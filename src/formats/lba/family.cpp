#include "bonebridge/formats/lba/family.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "body_report.hpp"
#include "bonebridge/formats/lba/bridge.hpp"
#include "bonebridge/formats/lba/codec.hpp"
#include "bonebridge/formats/lba/engine.hpp"
#include "bonebridge/formats/lba/hqr.hpp"
#include "bonebridge/formats/lba/lm2.hpp"

namespace bonebridge::lba {
namespace {

using nlohmann::json;

const char* const kTitle = "Little Big Adventure .anm / HQR / LBA1 body";
const char* const kUnknownNote =
    "LBA1 behaviour follows the released 1994 engine source; no retail LBA1 file was available to check it";

Error option_error(std::string message) {
  return Error{kTitle, std::move(message), {}, {}, {}};
}

// A companion (--body, --palette) parsed by `read`, its errors naming the companion's address. Read by
// load_input when it came through the registry; else a file, or ARCHIVE.HQR:<index>.
template <class Read>
auto read_companion(const Options& options, const std::string& key, Read read)
    -> decltype(read(std::span<const std::uint8_t>{})) {
  const std::string address = options.get(key).value_or("");
  auto bytes = options.companions.contains(key) ? options.companion(key) : read_file_or_entry(address);
  if (!bytes) return bytes.error();
  auto parsed = read(*bytes);
  if (!parsed) {
    Error error = parsed.error();
    error.file = address;
    return error;
  }
  return parsed;
}

Result<BridgeOptions> bridge_options(const Options& options) {
  BridgeOptions out;
  const auto variant = options.get("variant").value_or("lba1");
  if (variant == "lba2")
    out.variant = Variant::Lba2;
  else if (variant != "lba1")
    return option_error(fmt::format("variant must be lba1 or lba2, found '{}'", variant));
  const auto root = options.get("root-motion").value_or("joint");
  if (root == "separate")
    out.separate_root_motion = true;
  else if (root != "joint")
    return option_error(fmt::format("root-motion must be joint or separate, found '{}'", root));
  if (const auto scale = options.get("unit-scale")) {
    char* end = nullptr;
    out.unit_scale = std::strtod(scale->c_str(), &end);
    if (end == scale->c_str() || *end != '\0' || !(out.unit_scale > 0) || !std::isfinite(out.unit_scale)) {
      return option_error(fmt::format("unit-scale must be a positive number, found '{}'", *scale));
    }
  }
  if (const auto light = options.get("light")) {
    if (std::sscanf(light->c_str(), "%d,%d", &out.light.alpha, &out.light.beta) != 2)
      return option_error(fmt::format("light must be ALPHA,BETA in angle units, found '{}'", *light));
  } else if (out.variant == Variant::Lba2) {
    out.light = {out.light.alpha * 4, out.light.beta * 4};
  }
  if (const auto path = options.get("palette")) {
    auto palette = read_companion(options, "palette", read_palette);
    if (!palette) return palette.error();
    out.palette = *palette;
  }
  return out;
}

// LBA2 bodies have their own layout (.lm2): the file's extension says so, else the animation's variant
// suggests it.
Result<Body> read_lm2_as_body(std::span<const std::uint8_t> bytes) {
  auto lm2 = read_lm2(bytes);
  if (!lm2) return lm2.error();
  return body_from_lm2(*lm2);
}

// Bytes without a telling name under an LBA2 animation: the LBA2 layout first, then LBA1's (an LBA1 body
// may drive an LBA2 animation, as remakes do); the LBA2 reader's error when neither fits.
Result<Body> read_lm2_or_lba1_body(std::span<const std::uint8_t> bytes) {
  auto lm2 = read_lm2_as_body(bytes);
  if (lm2) return lm2;
  auto lba1 = read_body(bytes);
  return lba1 ? std::move(lba1) : std::move(lm2);
}

using BodyReader = Result<Body> (*)(std::span<const std::uint8_t>);

BodyReader body_reader(const std::string& address, Variant variant) {
  std::string tail = address.substr(address.size() - std::min<std::size_t>(address.size(), 4));
  std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return std::tolower(c); });
  if (tail == ".lm2") return read_lm2_as_body;
  return variant == Variant::Lba2 ? read_lm2_or_lba1_body : read_body;
}

// Unnamed bytes count as a body only when its drawing data decodes too: a static body's short header alone
// would accept too much.
bool recognisable_body(const Body& body) {
  return body.geometry && body_problems(body).empty();
}

std::string describe(std::span<const std::uint8_t> bytes) {
  if (looks_like_animation(bytes)) {
    return fmt::format("LBA .anm animation ({} keyframes, {} groups)", bytes[0] | bytes[1] << 8,
                       bytes[2] | bytes[3] << 8);
  }
  if (is_container(bytes)) return "HQR archive";
  if (const auto body = read_body(bytes); body.ok() && recognisable_body(*body)) {
    return fmt::format("LBA1 body ({} points, {} groups)", body->points.size(), body->groups.size());
  }
  return "data";
}

json group_json(const GroupEntry& entry) {
  return {{"type", entry.type}, {"a", entry.a}, {"b", entry.b}, {"c", entry.c}};
}

Error at(std::size_t offset, std::string message, const char* format = kAnmFormat) {
  return Error{format, std::move(message), offset, {}, {}};
}

class AnimationDocument : public Document {
 public:
  // `animation` must be evaluable (first pass within kMaxEvaluatedTicks); open() checks.
  AnimationDocument(Animation animation, std::optional<Body> body, BridgeOptions options,
                    int game_update_ticks)
      : animation_(std::move(animation)),
        body_(std::move(body)),
        options_(options),
        clock_(std::make_unique<IdealClock>(animation_, options_.variant)),
        end_ticks_(timeline(animation_, options_.variant).end_ticks) {
    if (game_update_ticks > 0) run_game(game_update_ticks);
  }

  json info() const override {
    json joints = json::array();
    for (std::size_t g = 0; g < skeleton_body().groups.size(); ++g)
      joints.push_back(g == 0 ? "root" : fmt::format("group_{}", g));
    return {
        {"format", kAnmFormat},
        {"variant", variant_name()},
        {"keyframes", animation_.keyframes.size()},
        {"groups", animation_.group_count},
        {"loop_frame", animation_.loop_frame},
        {"duration", duration()},
        {"ticks", game_ticks_.empty() ? end_ticks_ : game_ticks_.back()},
        {"clock", game_ticks_.empty() ? "ideal" : "game"},
        {"tick_seconds", engine_tick()},
        {"joints", joints},
        {"body", body_ ? json(fmt::format("{} points, {} groups", body_->points.size(), body_->groups.size()))
                       : json(nullptr)},
        {"units", options_.variant == Variant::Lba1 ? "1024 angle units per turn; durations in 50 Hz ticks"
                                                    : "4096 angle units per turn; durations in ms"},
        {"notes",
         json::array({kUnknownNote,
                      "variant is not detectable from the bytes: LBA1 is assumed unless variant=lba2"})}};
  }

  json dump() const override {
    json keyframes = json::array();
    for (const auto& k : animation_.keyframes) {
      json groups = json::array();
      for (const auto& g : k.groups) groups.push_back(group_json(g));
      keyframes.push_back({{"duration", k.duration}, {"step", k.step}, {"groups", groups}});
    }
    return {{"format", kAnmFormat},
            {"group_count", animation_.group_count},
            {"loop_frame", animation_.loop_frame},
            {"unused_header_field", animation_.unused},
            {"keyframes", keyframes},
            {"trailing", animation_.trailing}};
  }

  std::vector<Diagnostic> check(bool strict) const override {
    std::vector<Diagnostic> out;
    const std::size_t n = animation_.keyframes.size(), g_count = animation_.group_count;
    const auto entry_offset = [&](std::size_t k, std::size_t g) {
      return 8 + k * (8 + 8 * g_count) + 8 + 8 * g;
    };
    if (n == 0) out.push_back({true, at(0, "no keyframe: the engine has nothing to play")});
    if (n > 0 && animation_.loop_frame >= n) {
      out.push_back(
          {true, at(4, fmt::format("loop frame {} is not below the keyframe count {}; evaluated as {}",
                                   animation_.loop_frame, n, effective_loop_frame(animation_)))});
    }
    const int units = traits(options_.variant).angle_units;
    for (std::size_t k = 0; k < n; ++k) {
      const auto& keyframe = animation_.keyframes[k];
      for (std::size_t g = 1; g < keyframe.groups.size(); ++g) {
        const auto& e = keyframe.groups[g];
        if (e.type > 2) {
          out.push_back(
              {true, at(entry_offset(k, g),
                        fmt::format("group type {}: LBA1 misreads every later group (only 0 and 1 are safe)",
                                    e.type))});
        } else if (e.type == 2) {
          out.push_back({false, at(entry_offset(k, g),
                                   "group type 2 (zoom) is interpolated but never rendered by LBA1")});
        } else if (strict && e.type == 0 &&
                   (e.a < 0 || e.a >= units || e.b < 0 || e.b >= units || e.c < 0 || e.c >= units)) {
          out.push_back({false, at(entry_offset(k, g), "angle outside 0..units-1 (legal: masked at use)")});
        }
      }
      if (strict && keyframe.duration == 0)
        out.push_back({false, at(8 + k * (8 + 8 * g_count), "zero duration: still costs one game update")});
    }
    if (strict && !animation_.trailing.empty()) {
      out.push_back({false, at(8 + n * (8 + 8 * g_count),
                               fmt::format("{} bytes after the last keyframe", animation_.trailing.size()))});
    }
    if (body_) {
      auto body_diagnostics = check_body(*body_);
      out.insert(out.end(), body_diagnostics.begin(), body_diagnostics.end());
      if (body_->groups.size() != g_count) {
        out.push_back({false, at(2, fmt::format("{} animation groups for {} body groups: min is animated",
                                                g_count, body_->groups.size()))});
      }
    }
    return out;
  }

  double duration() const override {
    return static_cast<double>(game_ticks_.empty() ? end_ticks_ : game_ticks_.back()) * engine_tick();
  }
  double engine_tick() const override { return traits(options_.variant).tick_seconds; }

  Status sample_into(double seconds, EnginePose& pose) const override {
    pose = pose_at(seconds);
    return Ok{};
  }

  EnginePose pose_at(double seconds) const {
    const auto tick =
        static_cast<std::int64_t>(std::floor(std::clamp(seconds, 0.0, duration()) / engine_tick() + 1e-6));
    if (game_ticks_.empty()) {
      return engine_pose(skeleton_body(), clock_->at(tick), seconds, options_.variant,
                         !options_.separate_root_motion);
    }
    const auto it = std::upper_bound(game_ticks_.begin(), game_ticks_.end(), tick);
    const std::size_t index =
        it == game_ticks_.begin() ? 0 : static_cast<std::size_t>(it - game_ticks_.begin()) - 1;
    return engine_pose(skeleton_body(), game_states_.at(index), seconds, options_.variant,
                       !options_.separate_root_motion);
  }

  Result<CoreConversion> to_core(const Options& options) const override {
    auto bridge = bridge_options(options);
    if (!bridge) return bridge.error();
    bridge->variant = options_.variant;
    return animation_to_core(animation_, body_ ? &*body_ : nullptr, *bridge);
  }

  Result<std::vector<std::uint8_t>> encode() const override { return write_animation(animation_); }

 private:
  // The game clock: one update every `update_ticks`, until the first pass and its closing segment are done
  // (bounded like the ideal clock: the remainder dropped per keyframe is less than one update each).
  void run_game(int update_ticks) {
    AnimPlayer player(animation_, options_.variant);
    const std::size_t target = animation_.keyframes.size() + (options_.variant == Variant::Lba1 ? 1 : 0);
    const std::int64_t limit = end_ticks_ + static_cast<std::int64_t>(target + 1) * update_ticks;
    for (std::int64_t now = 0; player.reached() < target && now <= limit; now += update_ticks) {
      player.update(now);
      game_states_.push_back({player.pose(), player.actor()});
      game_ticks_.push_back(now);
    }
  }

  const Body& skeleton_body() const {
    if (!placeholder_) placeholder_ = placeholder_body(animation_.group_count);
    return body_ ? *body_ : *placeholder_;
  }
  const char* variant_name() const { return options_.variant == Variant::Lba1 ? "lba1" : "lba2"; }

  Animation animation_;
  std::optional<Body> body_;
  mutable std::optional<Body> placeholder_;
  BridgeOptions options_;
  std::unique_ptr<IdealClock> clock_;  // sample() is const but replays the clock forward
  std::int64_t end_ticks_ = 0;
  std::vector<EngineState> game_states_;
  std::vector<std::int64_t> game_ticks_;
};

// A body: LBA1's layout, or an LBA2 .lm2 (kept as read, so that it writes back byte for byte) seen through
// the same body model the animations pose.
class BodyDocument : public Document {
 public:
  BodyDocument(Body body, BridgeOptions options, std::optional<Lm2Body> lm2 = std::nullopt)
      : body_(std::move(body)),
        posable_(posable_body(body_)),
        options_(std::move(options)),
        lm2_(std::move(lm2)) {}
  json info() const override {
    json joints = json::array();
    for (std::size_t g = 0; g < posable_.groups.size(); ++g)
      joints.push_back(g == 0 ? "root" : fmt::format("group_{}", g));
    json out = {{"format", lm2_ ? kLm2Format : kBodyFormat},
                {"animatable", is_animatable(body_)},
                {"points", body_.points.size()},
                {"groups", body_.groups.size()},
                {"duration", 0},
                {"joints", joints}};
    if (const auto& geometry = body_.geometry) {
      out["normals"] = geometry->normals.size();
      out["polygons"] = geometry->polygons.size();
      out["lines"] = geometry->lines.size();
      out["spheres"] = geometry->spheres.size();
      out["notes"] = json::array({kUnknownNote});
    } else {
      out["notes"] =
          json::array({"drawing data kept as stored, not decoded: " + body_.geometry_error, kUnknownNote});
    }
    return out;
  }
  json dump() const override { return body_json(body_); }
  std::vector<Diagnostic> check(bool) const override { return check_body(body_); }
  double duration() const override { return 0; }
  double engine_tick() const override { return 0.02; }
  Status sample_into(double seconds, EnginePose& pose) const override {
    pose = pose_at(seconds);
    return Ok{};
  }

  EnginePose pose_at(double seconds) const {
    return engine_pose(posable_, EngineState{{}, {}}, seconds, options_.variant, false);
  }
  Result<CoreConversion> to_core(const Options& options) const override {
    auto bridge = bridge_options(options);
    if (!bridge) return bridge.error();
    return body_to_core(body_, *bridge);
  }
  Result<std::vector<std::uint8_t>> encode() const override {
    return lm2_ ? write_lm2(*lm2_) : write_body(body_);
  }

 private:
  Body body_;
  Body posable_;
  BridgeOptions options_;
  std::optional<Lm2Body> lm2_;
};

Result<std::unique_ptr<Document>> open_lm2(std::span<const std::uint8_t> bytes, BridgeOptions options) {
  auto lm2 = read_lm2(bytes);
  if (!lm2) return lm2.error();
  auto body = body_from_lm2(*lm2);
  if (!body) return body.error();
  options.variant = Variant::Lba2;
  return std::unique_ptr<Document>(new BodyDocument(std::move(*body), std::move(options), std::move(*lm2)));
}

class ArchiveDocument : public Document {
 public:
  ArchiveDocument(HqrArchive archive, std::vector<std::uint8_t> bytes)
      : archive_(std::move(archive)), bytes_(std::move(bytes)) {}
  json info() const override {
    json entries = json::array();
    if (const auto listed = container_entries(bytes_)) {
      for (const auto& e : *listed) {
        if (e.blank) {
          entries.push_back({{"index", e.index}, {"blank", true}});
          continue;
        }
        entries.push_back({{"index", e.index},
                           {"size", e.size},
                           {"stored_size", e.stored_size},
                           {"method", e.method},
                           {"shared", e.shared},
                           {"decodes_to", e.decodes_to}});
      }
    }
    std::size_t hidden = 0;
    for (const auto& block : archive_.blocks) hidden += block.hidden.size();
    return {{"format", kHqrFormat},
            {"entries", entries},
            {"slots", archive_.slots.size()},
            {"distinct_entries", archive_.blocks.size()},
            {"hidden_entries", hidden},
            {"duration", 0},
            {"joints", json::array()},
            {"notes", json::array({"address an entry as ARCHIVE.HQR:<index>"})}};
  }
  json dump() const override {
    json blocks = json::array();
    for (const auto& block : archive_.blocks) {
      json hidden = json::array();
      for (const auto& h : block.hidden)
        hidden.push_back({{"size", h.size}, {"stored_size", h.stored.size()}, {"method", h.method}});
      blocks.push_back({{"size", block.entry.size},
                        {"stored_size", block.entry.stored.size()},
                        {"method", block.entry.method},
                        {"hidden", hidden},
                        {"gap_bytes", block.gap.size()}});
    }
    json slots = json::array();
    for (const auto& slot : archive_.slots) slots.push_back(slot ? json(*slot) : json(nullptr));
    return {{"format", kHqrFormat},
            {"slots", slots},
            {"blocks", blocks},
            {"table_gap_bytes", archive_.table_gap.size()}};
  }
  std::vector<Diagnostic> check(bool) const override {
    std::vector<Diagnostic> out;
    for (std::size_t i = 0; i < archive_.slots.size(); ++i) {
      if (!archive_.slots[i]) continue;
      if (const auto decoded = hqr_entry(archive_, i); !decoded) {
        out.push_back(
            {true,
             Error{kHqrFormat, fmt::format("entry {}: {}", i, decoded.error().message), i * 4, {}, {}}});
      }
    }
    return out;
  }
  double duration() const override { return 0; }
  double engine_tick() const override { return 0.02; }
  Status sample_into(double, EnginePose&) const override {
    return Error{kHqrFormat, *no_gltf_form(), {}, {}, {}};
  }
  Result<CoreConversion> to_core(const Options&) const override {
    return Error{kHqrFormat, *no_gltf_form(), {}, {}, {}};
  }
  std::optional<std::string> no_gltf_form() const override {
    return "an HQR archive holds many files: name one entry, e.g. ANIM.HQR:3";
  }
  Result<std::vector<std::uint8_t>> encode() const override { return write_hqr(archive_); }

 private:
  HqrArchive archive_;
  std::vector<std::uint8_t> bytes_;
};

bool sniff_animation(std::span<const std::uint8_t> bytes) {
  if (!looks_like_animation(bytes)) return false;
  const auto animation = read_animation(bytes);
  if (!animation || animation->group_count > 128 || animation->loop_frame >= animation->keyframes.size())
    return false;
  for (const auto& keyframe : animation->keyframes) {
    for (std::size_t g = 1; g < keyframe.groups.size(); ++g) {
      if (keyframe.groups[g].type > 2) return false;
    }
  }
  return true;
}

// What to open: the kind the file's extension names, else what the bytes look like ("" : a body, or else an
// animation).
std::string kind_of(std::span<const std::uint8_t> bytes, const std::string& extension) {
  if (extension == ".anm") return "anm";
  if (extension == ".hqr") return "hqr";
  if (extension == ".lm2") return "lm2";
  return is_container(bytes) ? "hqr" : looks_like_animation(bytes) ? "anm" : "";
}

Result<std::unique_ptr<Document>> open(std::span<const std::uint8_t> bytes, const Options& options) {
  auto bridge = bridge_options(options);
  if (!bridge) return bridge.error();
  const std::string kind = options.get("kind").value_or(kind_of(bytes, options.extension()));
  if (kind == "hqr") {
    auto archive = read_hqr(bytes);
    if (!archive) return archive.error();
    return std::unique_ptr<Document>(new ArchiveDocument(std::move(*archive), {bytes.begin(), bytes.end()}));
  }
  if (kind == "lm2") return open_lm2(bytes, *bridge);
  if (kind == "body" || kind.empty()) {
    auto body = read_body(bytes);
    if (body && (kind == "body" || recognisable_body(*body))) {
      return std::unique_ptr<Document>(new BodyDocument(std::move(*body), *bridge));
    }
    if (kind == "body") return body.error();
  }
  if (!kind.empty() && kind != "anm")
    return option_error(fmt::format("kind must be anm, body, lm2 or hqr, found '{}'", kind));
  auto animation = read_animation(bytes);
  if (!animation) return animation.error();
  std::optional<Body> body;
  if (const auto body_path = options.get("body")) {
    auto parsed = read_companion(options, "body", body_reader(*body_path, bridge->variant));
    if (!parsed) return parsed.error();
    if (auto problems = body_problems(*parsed); !problems.empty()) {
      problems.front().file = *body_path;
      return problems.front();
    }
    body = std::move(*parsed);
  }
  if (animation->keyframes.empty()) return at(0, "no keyframe: nothing to evaluate");
  if (const auto end = timeline(*animation, bridge->variant).end_ticks; end > kMaxEvaluatedTicks) {
    return at(0,
              fmt::format("the first pass lasts {} ticks; evaluation stops at {}", end, kMaxEvaluatedTicks));
  }
  int update_ticks = 0;
  const auto clock = options.get("clock").value_or("ideal");
  if (clock == "game") {
    const std::string ticks = options.get("update-ticks").value_or("1");
    char* end = nullptr;
    const long parsed = std::strtol(ticks.c_str(), &end, 10);
    if (end == ticks.c_str() || *end != '\0' || parsed < 1 || parsed > 1000)
      return option_error(
          fmt::format("update-ticks must be a whole number from 1 to 1000, found '{}'", ticks));
    update_ticks = static_cast<int>(parsed);
  } else if (clock != "ideal") {
    return option_error(fmt::format("clock must be ideal or game, found '{}'", clock));
  }
  return std::unique_ptr<Document>(
      new AnimationDocument(std::move(*animation), std::move(body), *bridge, update_ticks));
}

Result<Converted<std::vector<std::uint8_t>>> from_core(const Scene& scene, const Options& options) {
  auto bridge = bridge_options(options);
  if (!bridge) return bridge.error();
  auto converted = animation_from_core(scene, *bridge);
  if (!converted) return converted.error();
  if (options.flag("strict") && !converted->lost.empty()) {
    std::string lost;
    for (const auto& item : converted->lost) lost += (lost.empty() ? "" : "; ") + item;
    return Error{kAnmFormat, "strict: the conversion would lose " + lost, {}, {}, {}};
  }
  return Converted<std::vector<std::uint8_t>>{write_animation(converted->animation),
                                              std::move(converted->lost)};
}

}  // namespace

bool is_container(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 8) return false;
  const auto u32 = [&](std::size_t at) {
    return std::uint32_t{bytes[at]} | std::uint32_t{bytes[at + 1]} << 8 | std::uint32_t{bytes[at + 2]} << 16 |
           std::uint32_t{bytes[at + 3]} << 24;
  };
  const std::uint32_t table = u32(0);
  if (table % 4 != 0 || table < 8 || table > bytes.size() || u32(table - 4) != bytes.size()) return false;
  for (std::size_t at = 4; at + 4 < table; at += 4) {
    const std::uint32_t offset = u32(at);
    if (offset != 0 && (offset < table || offset + 10 > bytes.size())) return false;
  }
  return true;
}

Result<std::vector<ContainerEntry>> container_entries(std::span<const std::uint8_t> bytes) {
  const auto archive = read_hqr(bytes);
  if (!archive) return archive.error();
  std::map<std::uint32_t, int> uses;
  for (const auto& slot : archive->slots) {
    if (slot) ++uses[*slot];
  }
  std::vector<ContainerEntry> out;
  for (std::size_t i = 0; i < archive->slots.size(); ++i) {
    ContainerEntry entry;
    entry.index = i;
    const auto& slot = archive->slots[i];
    entry.blank = !slot;
    if (slot) {
      const auto& stored = archive->blocks[*slot].entry;
      entry.size = stored.size;
      entry.stored_size = static_cast<std::uint32_t>(stored.stored.size());
      entry.method = stored.method;
      entry.shared = uses[*slot] > 1;
      const auto decoded = decode_entry(stored);
      entry.decodes_to = decoded ? describe(*decoded) : "undecodable: " + decoded.error().message;
    }
    out.push_back(std::move(entry));
  }
  return out;
}

Result<std::vector<std::uint8_t>> container_entry(std::span<const std::uint8_t> bytes, std::size_t index) {
  const auto archive = read_hqr(bytes);
  if (!archive) return archive.error();
  return hqr_entry(*archive, index);
}

FormatFamily family() {
  FormatFamily row;
  row.id = "lba";
  row.title = kTitle;
  row.extensions = {".anm", ".hqr", ".lm2"};
  row.settings = {
      {"body", SettingKind::Companion, "the body (file or BODY.HQR:N) the .anm animates", {}, 0, 0, {}, {}},
      {"palette",
       SettingKind::Companion,
       "the 768-byte palette (file or RESS.HQR:0) that colours a body",
       {},
       0,
       0,
       {},
       {}},
      {"variant", SettingKind::Choice, "the game", {"lba1", "lba2"}, 0, 0, "lba1", {}},
      {"root-motion",
       SettingKind::Choice,
       "the actor's displacement on the root joint or as root motion",
       {"joint", "separate"},
       0,
       0,
       "joint",
       {}},
      {"unit-scale", SettingKind::Number, "metres per game unit", {}, 1e-12, 1e12, "1/512", {}},
      {"light", SettingKind::Text, "the light's angles for shaded bodies", {}, 0, 0, "default", "ALPHA,BETA"},
      {"kind",
       SettingKind::Choice,
       "what the file is when its name does not say",
       {"anm", "body", "lm2", "hqr"},
       0,
       0,
       {},
       {}},
      {"clock",
       SettingKind::Choice,
       "the ideal 50 Hz clock or the game's frame clock",
       {"ideal", "game"},
       0,
       0,
       "ideal",
       {}},
      {"update-ticks",
       SettingKind::Integer,
       "with clock=game: ticks between two updates",
       {},
       1,
       1000,
       "1",
       {}},
  };
  row.capabilities = {
      {"read", true, "confirmed",
       ".anm layout checked on 9 LBA2 files (byte-exact round trip); HQR on the LBALab/hqr test archives; "
       "LBA1 body (points, groups, normals, polygons, lines, spheres) from the released engine source only "
       "(no retail file)"},
      {"write", true, "confirmed",
       "byte-exact for .anm, bodies and HQR; the HQR writer compresses with methods 1/2 and stores when that "
       "does not help"},
      {"evaluate", true, "partial",
       "LBA1 engine reproduced from the released source as the notes describe (not checked against retail "
       "captures); the type>2 pointer desync is not reproduced; LBA2 root motion keeps yaw only and its sine "
       "table is assumed"},
      {"to glTF", true, "partial",
       "baked LINEAR keys on the tick grid, error measured against the engine; body polygons, lines and "
       "spheres as a skinned mesh coloured at the rest pose (--palette for the game's colours; light "
       "SetLightVector(896, 950) unless --option light=A,B); axes kept (right-handed as Proj_ISO draws "
       "them); "
       "1 unit = 1/512 m assumed"},
      {"from glTF", true, "partial",
       "keyframes at the clip's key times, rotations decomposed into Rx·Rz·Ry, step and yaw from root "
       "motion; joints matched to groups by index"},
      {"container", true, "confirmed", "HQR archives: ARCHIVE.HQR:<index> names an entry"},
      {"LBA2 bodies", true, "partial",
       "--body FILE.lm2 (or any body with --variant lba2): layout from lba2-classic AFF_OBJ.H/.INC, "
       "byte-exact "
       "round trip of the 3 public fan-made bodies (no retail LBA2 body is public); exported with flat "
       "palette "
       "colours, unlit: LBA2 shading, textures and UVs are not reproduced; a .lm2 on its own opens as a body "
       "(info, dump, validate, convert to glTF at rest, written back byte for byte)"},
  };
  row.sniff = [](std::span<const std::uint8_t> bytes) {
    return is_container(bytes) || sniff_animation(bytes);
  };
  row.open = open;
  row.from_core = from_core;
  return row;
}

}  // namespace bonebridge::lba
