// SPDX-License-Identifier: MIT
// The .pup's registry Document: the puppet read, the key files it names found beside it, and the whole
// converted by the pup bridge with the --model companion. A puppet has no single motion to sample: its keys
// are sampled each on its own.
#include "adapter.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../adapters.hpp"
#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/pup/bridge.hpp"
#include "bonebridge/formats/sith/pup/codec.hpp"
#include "bonebridge/formats/sith/pup/engine.hpp"

namespace bonebridge::sith {
namespace {

// Where a puppet's keys are: beside it, in key/ below it, or in the game's tree (misc/pup/ and 3do/key/,
// so ../../3do/key/ from the .pup; ../3do/key/ for a .pup kept one folder down); on disk or inside the
// archive that holds the .pup, in any letter case.
const char* const kKeyFolders[] = {".", "key/", "../3do/key/", "../../3do/key/"};

PuppetKey find_key(const Options& options, const std::string& name) {
  PuppetKey found{name, std::nullopt, {}};
  const auto pup = options.placement.input.empty() ? std::nullopt : std::optional(options.placement.input);
  const NearbyFiles& files = *options.nearby;
  for (const char* below : kKeyFolders) {
    const auto folder = pup ? files.folder_near(*pup, below) : std::nullopt;
    const auto address = folder ? files.find(*folder, name) : std::nullopt;
    if (!address) continue;
    auto bytes = files.read(*address);
    auto key = bytes ? key::read(*bytes) : Result<key::Document>(bytes.error());
    if (!key) {
      found.why_absent = fmt::format("{} does not read: {}", *address, key.error().to_string());
      return found;
    }
    found.key = std::move(*key);
    return found;
  }
  found.why_absent = fmt::format("not found beside the .pup{}, nor in {}", pup ? " (" + *pup + ")" : "",
                                 fmt::join(kKeyFolders + 1, std::end(kKeyFolders), ", "));
  return found;
}

nlohmann::json move_json(const PuppetMove& m) {
  return {{"line", m.line},
          {"mode", m.mode},
          {"move", m.move},
          {"key", m.key},
          {"flags", m.flags},
          {"low_priority", m.low_priority},
          {"high_priority", m.high_priority}};
}

nlohmann::json keys_json(const std::vector<PuppetKey>& keys) {
  auto list = nlohmann::json::array();
  for (const PuppetKey& key : keys) {
    nlohmann::json entry{{"name", key.name}, {"present", key.key.has_value()}};
    if (!key.key) entry["why_absent"] = key.why_absent;
    list.push_back(entry);
  }
  return list;
}

nlohmann::json joints_json(const PuppetClass& puppet) {
  nlohmann::json joints = nlohmann::json::object();
  for (const auto& [part, joint] : puppet.joints) joints[std::to_string(part)] = joint;
  return joints;
}

bool is_blank(const PupLine& line) {
  return line.arguments.empty() && line.comment.empty();
}

class PupDocument : public bonebridge::Document {
 public:
  PupDocument(pup::Document file, std::vector<PuppetKey> keys, std::shared_ptr<const model::Document> model,
              SurfaceSearch search)
      : file_(std::move(file)),
        puppet_(load_puppet(file_)),
        keys_(std::move(keys)),
        model_(std::move(model)),
        search_(std::move(search)) {}

  std::string format() const override { return std::string(kPupFormat); }
  std::size_t joint_count() const override { return 0; }  // info lists the body parts' joints, not a skeleton
  nlohmann::json info() const override {
    return {{"format", format()},
            {"modes", puppet_.modes.size()},
            {"moves", puppet_.rows.size()},
            {"keys", keys_json(keys_)},
            {"body_part_joints", joints_json(puppet_)},
            {"duration", 0.0},
            {"sample", "a puppet has no motion of its own: sample each of its keys with --model"}};
  }
  nlohmann::json dump() const override {
    nlohmann::json out = info();
    out["lines"] = nlohmann::json::array();
    for (std::size_t i = 0; i < file_.lines.size(); ++i) {
      const PupLine& line = file_.lines[i];
      if (line.arguments.empty() && line.comment.empty()) continue;
      out["lines"].push_back({{"line", i + 1}, {"arguments", line.arguments}, {"comment", line.comment}});
    }
    out["rows"] = nlohmann::json::array();
    for (const PuppetMove& row : puppet_.rows) out["rows"].push_back(move_json(row));
    out["modes_after_basedon"] = nlohmann::json::object();
    for (const auto& [mode, moves] : puppet_.modes) {
      auto& listed = out["modes_after_basedon"][std::to_string(mode)] = nlohmann::json::array();
      for (const auto& [name, move] : moves) listed.push_back(move_json(move));
    }
    return out;
  }
  std::vector<Diagnostic> check(bool /*strict*/) const override {
    std::vector<Diagnostic> out;
    if (keys_.empty())
      out.push_back(
          {true,
           Error{std::string(kPupFormat), "the puppet names no key file: no move to play", {}, {}, {}}});
    // The game reads whatever lines there are, but every puppet it ships ends its last line: a file that
    // stops inside a line was cut short (bonebridge's own check, not the engine's).
    if (!file_.lines.empty() && file_.lines.back().ending.empty() && !is_blank(file_.lines.back())) {
      out.push_back({true, Error{std::string(kPupFormat),
                                 fmt::format("line {} has no line ending: the file stops inside a line, as a "
                                             "file cut short does",
                                             file_.lines.size()),
                                 {},
                                 {},
                                 {}}});
    }
    for (const PuppetKey& key : keys_) {
      if (key.key) continue;
      out.push_back(
          {false,
           Error{std::string(kPupFormat), fmt::format("{}: {}", key.name, key.why_absent), {}, {}, {}}});
    }
    return out;
  }
  double duration() const override { return 0; }
  double engine_tick() const override { return kContinuousTick; }
  Status sample_into(double /*seconds*/, EnginePose& /*pose*/) const override {
    return Error{std::string(kPupFormat),
                 "a puppet has no motion of its own: sample each of its keys with --model",
                 {},
                 {},
                 {}};
  }
  Result<CoreConversion> to_core(const Options& options) const override {
    if (!model_)
      return Error{std::string(kPupFormat),
                   "a puppet's keys need the model they animate: give --model MODEL.3do",
                   {},
                   {},
                   {}};
    auto bridge = bridge_options(options);
    if (!bridge) return bridge.error();
    return pup::to_core(puppet_, keys_, *model_, *bridge, model_surfaces(options, *model_, search_).get());
  }
  Result<std::vector<std::uint8_t>> encode() const override { return pup::write(file_); }

 private:
  pup::Document file_;
  PuppetClass puppet_;
  std::vector<PuppetKey> keys_;
  std::shared_ptr<const model::Document> model_;
  SurfaceSearch search_;  // where the model's .mat files are looked for
};

}  // namespace

Result<std::unique_ptr<bonebridge::Document>> pup::open(std::span<const std::uint8_t> bytes,
                                                        const Options& options, const Settings& settings) {
  auto file = pup::read(bytes);
  if (!file) return file.error();
  auto model = model_option(options, settings);
  if (!model) return model.error();
  SurfaceSearch search;
  if (*model) {
    auto found = surface_search(options, settings, settings.model);
    if (!found) return found.error();
    search = std::move(found).value();
  }
  std::vector<PuppetKey> keys;
  for (const auto& name : puppet_keys(load_puppet(*file))) keys.push_back(find_key(options, name));
  return std::unique_ptr<bonebridge::Document>(std::make_unique<PupDocument>(
      std::move(file).value(), std::move(keys), std::move(*model), std::move(search)));
}

}  // namespace bonebridge::sith
