// SPDX-License-Identifier: MIT
#include "formats/template/pend/adapter.hpp"

#include "formats/template/pend/bridge.hpp"
#include "formats/template/pend/codec.hpp"
#include "formats/template/pend/engine.hpp"

namespace bonebridge::pendulum::pend {
namespace {

class PendulumDocument final : public bonebridge::Document {
 public:
  explicit PendulumDocument(pend::Document document) : document_(std::move(document)) {}

  std::string format() const override { return kFormat; }
  std::size_t joint_count() const override { return document_.joints.size(); }

  nlohmann::json info() const override {
    std::size_t keys = 0;
    for (const auto& joint : document_.joints) keys += joint.keys.size();
    return {{"format", format()},
            {"version", document_.version},
            {"joints", joint_count()},
            {"keys", keys},
            {"duration", duration()}};
  }
  nlohmann::json dump() const override {
    auto joints = nlohmann::json::array();
    for (const auto& joint : document_.joints) {
      auto keys = nlohmann::json::array();
      for (const auto& key : joint.keys) keys.push_back({key.ms, key.degrees});
      joints.push_back(
          {{"name", joint.name}, {"parent", joint.parent}, {"length", joint.length}, {"keys", keys}});
    }
    return {{"version", document_.version}, {"joints", joints}};
  }
  double duration() const override { return duration_seconds(document_); }
  double engine_tick() const override { return 0.001; }
  Status sample_into(double seconds, EnginePose& pose) const override {
    pose = engine_pose(document_, seconds);
    return Ok{};
  }
  Result<CoreConversion> to_core(const Options&) const override { return pend::to_core(document_); }
  Result<std::vector<std::uint8_t>> encode() const override { return write(document_); }

 private:
  pend::Document document_;  // a bare `Document` here names the registry's base class
};

}  // namespace

std::unique_ptr<bonebridge::Document> open(Document document) {
  return std::make_unique<PendulumDocument>(std::move(document));
}

}  // namespace bonebridge::pendulum::pend
