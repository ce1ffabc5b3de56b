// SPDX-License-Identifier: MIT
// The registry Document of a Resonite package (adapter.hpp): info, dump, check, the engine's pose, the
// bridge, and the original bytes written back.
#include "bonebridge/formats/animx/package/adapter.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <map>

#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"
#include "bonebridge/formats/animx/package/bridge.hpp"
#include "bonebridge/formats/animx/package/codec.hpp"
#include "bonebridge/io/text.hpp"

namespace bonebridge::animx::package {
namespace {

constexpr const char* kCompressions[] = {"none", "LZ4", "LZMA", "Brotli"};

std::string asset_kind(const package::Document& package, const Entry& entry) {
  if (entry.name == asset_entry(package.main_asset)) return "data tree (main asset)";
  if (is_animx(entry.bytes)) return "AnimX";
  constexpr std::uint8_t kPng[] = {0x89, 'P', 'N', 'G'};
  if (entry.bytes.size() >= 4 && std::equal(std::begin(kPng), std::end(kPng), entry.bytes.begin()))
    return "PNG";
  if (entry.bytes.size() >= 6 && entry.bytes[0] == 5 &&
      std::equal(entry.bytes.begin() + 1, entry.bytes.begin() + 6, "MeshX")) {
    return "MeshX (not converted)";
  }
  return "other";
}

double clip_duration(const animation::Document& clip) {
  return clip.global_duration > 0 ? clip.global_duration : max_track_duration(clip);
}

class PackageDocument final : public bonebridge::Document {
 public:
  PackageDocument(package::Document package, SlotTree slots, BoundPackage bound)
      : package_(std::move(package)), slots_(std::move(slots)), bound_(std::move(bound)) {}

  std::string format() const override { return kPackageFormat; }
  std::size_t joint_count() const override { return 0; }  // info lists the slots, not joints
  nlohmann::json info() const override {
    nlohmann::json slots = nlohmann::json::array();
    std::map<std::string, std::size_t> by_type;
    std::size_t components = 0;
    for (std::size_t i = 0; i < slots_.slots.size(); ++i) {
      const Slot& slot = slots_.slots[i];
      nlohmann::json types = nlohmann::json::array();
      for (const auto& component : slot.components) {
        types.push_back(short_type(component));
        ++by_type[std::string(short_type(component))];
      }
      components += slot.components.size();
      slots.push_back({{"name", slot.name},
                       {"joint", bound_.skeleton.joints[i].name},
                       {"parent", slot.parent},
                       {"components", types}});
    }
    nlohmann::json assets = nlohmann::json::array();
    for (const auto& entry : package_.entries) {
      if (entry.name.starts_with("Assets/"))
        assets.push_back(
            {{"entry", entry.name}, {"bytes", entry.bytes.size()}, {"kind", asset_kind(package_, entry)}});
    }
    nlohmann::json animations = nlohmann::json::array();
    for (const auto& animation : bound_.animations) {
      animations.push_back({{"name", animation.name},
                            {"asset", animation.asset},
                            {"tracks", animation.clip.tracks.size()},
                            {"duration", clip_duration(animation.clip)},
                            {"binding", animation.notes}});
    }
    const auto name = package_.record.find("name");
    return {
        {"format", kPackageFormat},
        {"name", name != package_.record.end() ? *name : nlohmann::json()},
        {"mainAsset", package_.main_asset},
        {"dataTree",
         {{"version", package_.tree.version},
          {"compression", kCompressions[static_cast<int>(package_.tree.compression)]},
          {"versionNumber", package_.tree.root.value("VersionNumber", nlohmann::json())}}},
        {"slotCount", slots_.slots.size()},
        {"componentCount", components},
        {"componentsByType", by_type},
        {"slots", slots},
        {"assets", assets},
        {"animations", animations},
        {"duration", duration()},
        {"limits",
         {"meshes (MeshX, SkinnedMeshRenderer) are not converted: no vendor description of MeshX exists",
          "sample and the engine's pose play the first AnimX only; convert writes every AnimX",
          "the Animator's Fields layout in a data tree is assumed (no public package holds an Animator)"}}};
  }

  nlohmann::json dump() const override {
    nlohmann::json entries = nlohmann::json::array();
    for (const auto& entry : package_.entries)
      entries.push_back({{"name", entry.name}, {"bytes", entry.bytes.size()}});
    return {{"format", kPackageFormat},
            {"entries", entries},
            {"record", package_.record},
            {"dataTree",
             {{"version", package_.tree.version},
              {"compression", kCompressions[static_cast<int>(package_.tree.compression)]},
              {"root", package_.tree.root}}}};
  }

  std::vector<Diagnostic> check(bool) const override {
    std::vector<Diagnostic> found;
    for (const auto& entry : package_.entries) {
      if (asset_kind(package_, entry).starts_with("MeshX")) {
        found.push_back({false, Error{kPackageFormat,
                                      fmt::format("entry {}: a MeshX mesh, not converted", entry.name),
                                      {},
                                      {},
                                      {}}});
      }
    }
    return found;
  }

  double duration() const override {
    return bound_.animations.empty() ? 0 : clip_duration(bound_.animations.front().clip);
  }

  double engine_tick() const override { return 0.001; }

  Status sample_into(double seconds, EnginePose& pose) const override {
    static const animation::Document kStill;
    return animation::engine_pose(bound_.animations.empty() ? kStill : bound_.animations.front().clip,
                                  bound_.skeleton, seconds, pose);
  }

  Result<CoreConversion> to_core(const Options&) const override { return package::to_core(bound_); }

  Result<std::vector<std::uint8_t>> encode() const override { return package_.bytes; }

 private:
  package::Document package_;
  SlotTree slots_;
  BoundPackage bound_;
};

}  // namespace

bool looks_like_package(std::span<const std::uint8_t> bytes) {
  constexpr std::uint8_t kZip[] = {'P', 'K', 3, 4};
  if (bytes.size() < 4 || !std::equal(std::begin(kZip), std::end(kZip), bytes.begin())) return false;
  const std::string_view text = as_text(bytes);
  return text.find(kRecordEntry) != std::string_view::npos;
}

Result<std::unique_ptr<bonebridge::Document>> open(std::span<const std::uint8_t> bytes) {
  auto package = package::read(bytes);
  if (!package) return package.error();
  auto slots = read_slots(package->tree);
  if (!slots) {
    Error error = slots.error();
    error.message = fmt::format("entry {}: {}", asset_entry(package->main_asset), error.message);
    return error;
  }
  auto bound = bind(*package, *slots);
  if (!bound) return bound.error();
  return std::unique_ptr<bonebridge::Document>(std::make_unique<PackageDocument>(
      std::move(package).value(), std::move(slots).value(), std::move(bound).value()));
}

}  // namespace bonebridge::animx::package
