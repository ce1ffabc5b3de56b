// SPDX-License-Identifier: MIT
// The JSON the tool prints of the registry and of a document: `formats`, `info`, `sample`.
#include "bonebridge/services/reports.hpp"

#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/settings.hpp"

namespace bonebridge {
namespace {

const char* kind_name(SettingKind kind) {
  switch (kind) {
    case SettingKind::Companion:
      return "file";
    case SettingKind::Choice:
      return "choice";
    case SettingKind::Number:
      return "number";
    case SettingKind::Integer:
      return "integer";
    case SettingKind::Flag:
      return "flag";
    case SettingKind::Text:
      return "text";
    case SettingKind::Pair:
      return "pair";
  }
  return "text";
}

nlohmann::json settings_json(const FormatFamily& family) {
  auto settings = nlohmann::json::array();
  for (const auto& setting : family.settings) {
    nlohmann::json entry{{"name", setting.name}, {"kind", kind_name(setting.kind)}, {"help", setting.help}};
    if (!setting.choices.empty()) entry["choices"] = setting.choices;
    if (setting.maximum > setting.minimum) entry["range"] = {setting.minimum, setting.maximum};
    if (!setting.fallback.empty()) entry["default"] = setting.fallback;
    if (!setting.form.empty()) entry["form"] = setting.form;
    if (!setting.unit.empty()) entry["unit"] = setting.unit;
    if (!setting.alias_of.empty()) entry["alias_of"] = setting.alias_of;
    settings.push_back(std::move(entry));
  }
  return settings;
}

nlohmann::json limits_json(const FormatFamily& family) {
  auto limits = nlohmann::json::array();
  for (const auto& limit : family.limits) {
    limits.push_back({{"what", limit.what},
                      {"maximum", limit.maximum},
                      {"note_only", limit.note_only},
                      {"source", limit.source}});
  }
  return limits;
}

}  // namespace

nlohmann::json formats_json() {
  auto list = nlohmann::json::array();
  for (const auto& family : format_families()) {
    auto capabilities = nlohmann::json::array();
    for (const auto& c : family.capabilities) {
      capabilities.push_back(
          {{"what", c.what}, {"supported", c.supported}, {"confidence", c.confidence}, {"note", c.note}});
    }
    list.push_back({{"id", family.id},
                    {"title", family.title},
                    {"extensions", family.extensions},
                    {"capabilities", capabilities},
                    {"companions", companion_names(family)},
                    {"settings", settings_json(family)},
                    {"limits", limits_json(family)}});
  }
  for (const auto* kind : archive_kinds()) {
    list.push_back({{"id", kind->id},
                    {"title", kind->title},
                    {"extensions", kind->extensions},
                    {"container", true},
                    {"writes", static_cast<bool>(kind->write)},
                    {"support", kind->support}});
  }
  return list;
}

nlohmann::json input_info(const LoadedInput& input) {
  auto info = input.document->info();
  info["family"] = input.family->id;
  if (!input.detected_by.empty()) info["detected_by"] = input.detected_by;
  return info;
}

nlohmann::json pose_json(const EnginePose& pose) {
  auto joints = nlohmann::json::array();
  for (std::size_t i = 0; i < pose.joints.size(); ++i) {
    const auto& joint = pose.joints[i];
    const auto& t = joint.local;
    joints.push_back({{"index", i},
                      {"name", joint.name},
                      {"parent", joint.parent},
                      {"translation", {t.translation.x, t.translation.y, t.translation.z}},
                      {"rotation", {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w}},
                      {"scale", {t.scale.x, t.scale.y, t.scale.z}},
                      {"model", joint.model.m}});
  }
  return {{"time", pose.time}, {"joints", joints}};
}

nlohmann::json roles_json(const Skeleton& skeleton, const RoleAssignment& assignment) {
  const auto names = [](const std::vector<HumanoidRole>& roles) {
    auto list = nlohmann::json::array();
    for (const auto role : roles) list.push_back(role_name(role));
    return list;
  };
  auto placed = nlohmann::json::array();  // in VRM's order of the roles
  for (std::size_t r = 0; r < kHumanoidRoleCount; ++r) {
    const int joint = assignment.roles.joints[r];
    if (joint >= 0)
      placed.push_back(
          {{"role", role_name(static_cast<HumanoidRole>(r))}, {"joint", skeleton.joints[joint].name}});
  }
  auto unmapped = nlohmann::json::array();
  for (const int joint : assignment.report.unmapped_joints) unmapped.push_back(skeleton.joints[joint].name);
  const auto& report = assignment.report;
  auto shared = nlohmann::json::array();  // joints playing several roles (a part standing for a chain)
  for (const auto& [joint, roles] : report.shared)
    shared.push_back({{"joint", skeleton.joints[joint].name}, {"roles", names(roles)}});
  return {{"source", report.source},
          {"shared_joints", shared},
          {"roles", placed},
          {"missing_required", names(report.missing_required)},
          {"missing_optional", names(report.missing_optional)},
          {"joints_without_role", unmapped},
          {"names_not_in_skeleton", report.absent_joints},
          {"misplaced", report.misplaced}};
}

}  // namespace bonebridge
