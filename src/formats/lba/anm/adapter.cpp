// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "../adapters.hpp"
#include "../body/report.hpp"
#include "../options.hpp"
#include "bonebridge/formats/lba/anm/bridge.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/anm/engine.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"

namespace bonebridge::lba {
namespace {

using nlohmann::json;

json group_json(const GroupEntry& entry) {
  return {{"type", entry.type}, {"a", entry.a}, {"b", entry.b}, {"c", entry.c}};
}

Error at(std::size_t offset, std::string message, const char* format = kAnmFormat) {
  return Error{format, std::move(message), offset, {}, {}};
}

class AnimationDocument : public bonebridge::Document {
 public:
  // `animation` must be evaluable (evaluation_refusal); open() checks.
  AnimationDocument(anm::Document animation, std::optional<body::Document> body, BridgeOptions options,
                    int game_update_ticks)
      : animation_(std::move(animation)),
        body_(std::move(body)),
        options_(options),
        clock_(std::make_unique<IdealClock>(animation_, options_.variant)),
        end_ticks_(timeline(animation_, options_.variant).end_ticks) {
    if (game_update_ticks > 0) run_game(game_update_ticks);
  }

  std::string format() const override { return kAnmFormat; }
  std::size_t joint_count() const override { return skeleton_body().groups.size(); }
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
      return anm::engine_pose(skeleton_body(), clock_->at(tick), seconds, options_.variant,
                              !options_.separate_root_motion);
    }
    const auto it = std::upper_bound(game_ticks_.begin(), game_ticks_.end(), tick);
    const std::size_t index =
        it == game_ticks_.begin() ? 0 : static_cast<std::size_t>(it - game_ticks_.begin()) - 1;
    return anm::engine_pose(skeleton_body(), game_states_.at(index), seconds, options_.variant,
                            !options_.separate_root_motion);
  }

  Result<CoreConversion> to_core(const Options& options) const override {
    auto bridge = bridge_options(options);
    if (!bridge) return bridge.error();
    bridge->variant = options_.variant;
    return anm::to_core(animation_, body_ ? &*body_ : nullptr, *bridge);
  }

  Result<std::vector<std::uint8_t>> encode() const override { return anm::write(animation_); }

 private:
  // The game clock: one update every `update_ticks`, until the first pass and its closing segment are done
  // (bounded like the ideal clock: the remainder dropped per keyframe is less than one update each).
  void run_game(int update_ticks) {
    anm::Engine player(animation_, options_.variant);
    const std::size_t target = animation_.keyframes.size() + (options_.variant == Variant::Lba1 ? 1 : 0);
    const std::int64_t limit = end_ticks_ + static_cast<std::int64_t>(target + 1) * update_ticks;
    for (std::int64_t now = 0; player.reached() < target && now <= limit; now += update_ticks) {
      player.update(now);
      game_states_.push_back({player.pose(), player.actor()});
      game_ticks_.push_back(now);
    }
  }

  const body::Document& skeleton_body() const {
    if (!placeholder_) placeholder_ = placeholder_body(animation_.group_count);
    return body_ ? *body_ : *placeholder_;
  }
  const char* variant_name() const { return options_.variant == Variant::Lba1 ? "lba1" : "lba2"; }

  anm::Document animation_;
  std::optional<body::Document> body_;
  mutable std::optional<body::Document> placeholder_;
  BridgeOptions options_;
  std::unique_ptr<IdealClock> clock_;  // sample() is const but replays the clock forward
  std::int64_t end_ticks_ = 0;
  std::vector<EngineState> game_states_;
  std::vector<std::int64_t> game_ticks_;
};

// clock=game: the ticks between two updates (update-ticks); 0 for the ideal clock.
int game_update_ticks(const Settings& settings) {
  return settings.clock == Clock::Game ? settings.update_ticks : 0;
}

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> anm::open(std::span<const std::uint8_t> bytes,
                                                        const Options& options, const Settings& settings,
                                                        const BridgeOptions& bridge) {
  auto animation = anm::read(bytes);
  if (!animation) return animation.error();
  auto body = companion_body(options, settings.body, bridge.variant);
  if (!body) return body.error();
  if (const auto refusal = evaluation_refusal(*animation, bridge.variant); !refusal.empty())
    return at(0, refusal);
  return std::unique_ptr<bonebridge::Document>(
      new AnimationDocument(std::move(*animation), std::move(*body), bridge, game_update_ticks(settings)));
}

}  // namespace bonebridge::lba
