#pragma once
// The Document objects of the three Volition formats (private to the family).
#include <optional>

#include "bonebridge/formats/volition/anim_document.hpp"
#include "bonebridge/formats/volition/anim_engine.hpp"
#include "bonebridge/formats/volition/cloth_document.hpp"
#include "bonebridge/formats/volition/common.hpp"
#include "bonebridge/formats/volition/rig_document.hpp"
#include "bonebridge/registry/family.hpp"

namespace bonebridge::volition {

class RigFile : public Document {
 public:
  RigFile(RigDocument rig, std::string axes) : rig_(std::move(rig)), axes_(std::move(axes)) {}
  nlohmann::json info() const override;
  nlohmann::json dump() const override;
  std::vector<Diagnostic> check(bool strict) const override;
  double duration() const override { return 0; }
  double engine_tick() const override;
  Status sample_into(double seconds, EnginePose& pose) const override;
  Result<CoreConversion> to_core(const Options& options) const override;
  Result<std::vector<std::uint8_t>> encode() const override;

 private:
  RigDocument rig_;
  std::string axes_;
};

class AnimFile : public Document {
 public:
  AnimFile(AnimDocument anim, std::optional<RigDocument> rig, AnimSettings settings, std::string axes)
      : anim_(std::move(anim)),
        rig_(std::move(rig)),
        settings_(settings),
        axes_(std::move(axes)),
        engine_(anim_, rig_ ? &*rig_ : nullptr, settings_) {}
  nlohmann::json info() const override;
  nlohmann::json dump() const override;
  std::vector<Diagnostic> check(bool strict) const override;
  double duration() const override;
  double engine_tick() const override;
  Status sample_into(double seconds, EnginePose& pose) const override;
  Result<CoreConversion> to_core(const Options& options) const override;
  Result<std::vector<std::uint8_t>> encode() const override;

 private:
  AnimDocument anim_;
  std::optional<RigDocument> rig_;
  AnimSettings settings_;
  std::string axes_;
  AnimEngine engine_;  // decodes the tracks once; refers to anim_ and rig_ above
};

class ClothFile : public Document {
 public:
  explicit ClothFile(ClothDocument cloth) : cloth_(std::move(cloth)) {}
  nlohmann::json info() const override;
  nlohmann::json dump() const override;
  std::vector<Diagnostic> check(bool strict) const override;
  double duration() const override { return 0; }
  double engine_tick() const override;
  Status sample_into(double seconds, EnginePose& pose) const override;
  Result<CoreConversion> to_core(const Options& options) const override;
  std::optional<std::string> no_gltf_form() const override;
  Result<std::vector<std::uint8_t>> encode() const override;

 private:
  ClothDocument cloth_;
};

// Helpers shared by the three.
nlohmann::json json_vec3(float x, float y, float z);
Diagnostic diagnostic(bool is_error, const char* format, std::optional<std::uint64_t> offset,
                      std::string message);

}  // namespace bonebridge::volition
