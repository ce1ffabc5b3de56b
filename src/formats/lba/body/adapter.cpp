// SPDX-License-Identifier: MIT
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "../adapters.hpp"
#include "../options.hpp"
#include "bonebridge/formats/lba/anm/bridge.hpp"
#include "bonebridge/formats/lba/body/bridge.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"
#include "bonebridge/formats/lba/body/lm2_codec.hpp"
#include "report.hpp"

namespace bonebridge::lba {
namespace {

using nlohmann::json;

// LBA2 bodies have their own layout (.lm2): the file's extension says so, else the animation's variant
// suggests it.
Result<body::Document> read_lm2_as_body(std::span<const std::uint8_t> bytes) {
  auto lm2 = body::read_lm2(bytes);
  if (!lm2) return lm2.error();
  return body_from_lm2(*lm2);
}

// Bytes without a telling name under an LBA2 animation: the LBA2 layout first, then LBA1's (an LBA1 body
// may drive an LBA2 animation, as remakes do); the LBA2 reader's error when neither fits.
Result<body::Document> read_lm2_or_lba1_body(std::span<const std::uint8_t> bytes) {
  auto lm2 = read_lm2_as_body(bytes);
  if (lm2) return lm2;
  auto lba1 = body::read(bytes);
  return lba1 ? std::move(lba1) : std::move(lm2);
}

using BodyReader = Result<body::Document> (*)(std::span<const std::uint8_t>);

BodyReader body_reader(const std::string& address, Variant variant) {
  std::string tail = address.substr(address.size() - std::min<std::size_t>(address.size(), 4));
  std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return std::tolower(c); });
  if (tail == ".lm2") return read_lm2_as_body;
  return variant == Variant::Lba2 ? read_lm2_or_lba1_body : body::read;
}

// A body: LBA1's layout, or an LBA2 .lm2 (kept as read, so that it writes back byte for byte) seen through
// the same body model the animations pose.
class BodyDocument : public bonebridge::Document {
 public:
  BodyDocument(body::Document body, BridgeOptions options,
               std::optional<body::Lm2Document> lm2 = std::nullopt)
      : body_(std::move(body)),
        posable_(posable_body(body_)),
        options_(std::move(options)),
        lm2_(std::move(lm2)) {}
  std::string format() const override { return lm2_ ? kLm2Format : kBodyFormat; }
  std::size_t joint_count() const override { return posable_.groups.size(); }
  json info() const override {
    json joints = json::array();
    for (std::size_t g = 0; g < posable_.groups.size(); ++g)
      joints.push_back(g == 0 ? "root" : fmt::format("group_{}", g));
    json out = {{"format", format()},
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
    pose = anm::engine_pose(posable_, EngineState{{}, {}}, seconds, options_.variant, false);
    return Ok{};
  }
  Result<CoreConversion> to_core(const Options& options) const override {
    auto bridge = bridge_options(options);
    if (!bridge) return bridge.error();
    return body::to_core(body_, *bridge);
  }
  Result<std::vector<std::uint8_t>> encode() const override {
    return lm2_ ? body::write_lm2(*lm2_) : body::write(body_);
  }

 private:
  body::Document body_;
  body::Document posable_;
  BridgeOptions options_;
  std::optional<body::Lm2Document> lm2_;
};

}  // namespace

Result<std::optional<body::Document>> companion_body(const Options& options, const std::string& address,
                                                     Variant variant) {
  if (address.empty()) return std::optional<body::Document>{};
  auto parsed = read_companion(options, "body", address, body_reader(address, variant),
                               variant == Variant::Lba1 ? "lba1" : "lba2");
  if (!parsed) return parsed.error();
  if (auto problems = body_problems(*parsed); !problems.empty()) {
    problems.front().file = address;
    return problems.front();
  }
  return std::optional<body::Document>(std::move(*parsed));
}

std::unique_ptr<bonebridge::Document> body::open(body::Document body, const BridgeOptions& bridge) {
  return std::unique_ptr<bonebridge::Document>(new BodyDocument(std::move(body), bridge));
}

Result<std::unique_ptr<bonebridge::Document>> body::open_lm2(std::span<const std::uint8_t> bytes,
                                                             BridgeOptions options) {
  auto lm2 = body::read_lm2(bytes);
  if (!lm2) return lm2.error();
  auto body = body_from_lm2(*lm2);
  if (!body) return body.error();
  options.variant = Variant::Lba2;
  return std::unique_ptr<bonebridge::Document>(
      new BodyDocument(std::move(*body), std::move(options), std::move(*lm2)));
}

}  // namespace bonebridge::lba
