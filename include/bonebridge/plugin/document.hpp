// SPDX-License-Identifier: MIT
#pragma once
// The plug-in API (2 of 4): a native file opened by its family, as the library's services use it.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/conversion.hpp"
#include "bonebridge/io/error.hpp"
#include "bonebridge/plugin/options.hpp"

namespace bonebridge {

// A native file opened by its family.
class Document {
 public:
  virtual ~Document() = default;
  virtual nlohmann::json info() const = 0;  // format, counts, duration, joints
  // Two facts of info() typed, for the services and the tool that list documents (`batch`): the kind of
  // file as info() names it ("Sith .key keyframes"; empty: the family's title says it), and the number of
  // joints info() lists (0 where it lists none).
  virtual std::string format() const = 0;
  virtual std::size_t joint_count() const = 0;
  virtual nlohmann::json dump() const = 0;  // every field of the native document, raw flags included
  virtual std::vector<Diagnostic> check(bool /*strict*/) const { return {}; }  // beyond what read() rejects
  virtual double duration() const = 0;                                         // seconds
  virtual double engine_tick() const = 0;  // the game's own time step in seconds (0.001 when continuous)
  // The engine's pose at `seconds` into `pose`, whose storage is reused from call to call (fidelity checks
  // sample millions of times). An error leaves `pose` unspecified.
  virtual Status sample_into(double seconds, EnginePose& pose) const = 0;
  Result<EnginePose> sample(double seconds) const {
    EnginePose pose;
    if (auto status = sample_into(seconds, pose); !status) return status.error();
    return pose;
  }
  virtual Result<CoreConversion> to_core(const Options& options) const = 0;
  // Why this document has no glTF form at all (a cloth setup, an archive), or nullopt when it has one:
  // `batch` lists such files as skipped, not failed.
  virtual std::optional<std::string> no_gltf_form() const { return std::nullopt; }
  virtual Result<std::vector<std::uint8_t>> encode() const = 0;  // writes the document back
};

// A file with no pose and no glTF form of its own (an archive, a material, a colour map): sampling and
// conversion are errors in its format's name that say why, and `batch` lists it as skipped.
class PoselessDocument : public Document {
 public:
  PoselessDocument(std::string format, std::string why) : format_(std::move(format)), why_(std::move(why)) {}
  std::string format() const override { return format_; }
  std::size_t joint_count() const override { return 0; }
  double duration() const override { return 0; }
  double engine_tick() const override { return 0.001; }
  Status sample_into(double, EnginePose&) const override { return why(); }
  Result<CoreConversion> to_core(const Options&) const override { return why(); }
  std::optional<std::string> no_gltf_form() const override { return why_; }

 private:
  Error why() const { return Error{format_, why_, {}, {}, {}}; }
  std::string format_;
  std::string why_;
};

}  // namespace bonebridge
