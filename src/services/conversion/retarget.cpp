// SPDX-License-Identifier: MIT
// The conversion service's retarget step: see services/retarget.hpp.
#include "bonebridge/services/retarget.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/fidelity.hpp"
#include "bonebridge/services/settings.hpp"
#include "steps.hpp"

namespace bonebridge {
namespace {

using namespace setting_fields;
using Bytes = std::vector<std::uint8_t>;

constexpr const char* kTitle = "retargeting";

const SettingFields<RetargetSettings>& fields() {
  static const SettingFields<RetargetSettings> table = {
      flag("retarget", &RetargetSettings::retarget,
           "replay the input's humanoid motion on the output's character, role by role (see `roles`)"),
      companion("skeleton", &RetargetSettings::skeleton,
                "with --retarget: any file whose skeleton the result animates (glTF, a Resonite avatar "
                "package, a game file)",
                "the output family's own character: --character, --rig, --model"),
      text("character", &RetargetSettings::character, SettingKind::Text, "NAME",
           "with --retarget: the output game's character the result animates (LEGO Island: an actor such as "
           "pepper; --world WORLD.WDB gives it its body)"),
      companion("source-map", &RetargetSettings::source_map,
                "with --retarget: a JSON role map for the input's skeleton ({\"hips\": \"pelvis\", ...})",
                "the built-in map that places the most roles"),
      companion("target-map", &RetargetSettings::target_map,
                "with --retarget: a JSON role map for the target's skeleton",
                "the game's own roles, else the built-in map that places the most"),
      flag("foot-lock", &RetargetSettings::foot_lock,
           "with --retarget: keep each foot still while the source's foot is on the ground (the hips move)"),
      number("contact-height", &RetargetSettings::contact_height, "hip heights", {0, 1},
             "with --foot-lock: a foot this close above its lowest point over the clip may touch the ground"),
      number("contact-speed", &RetargetSettings::contact_speed, "hip heights per second", {0, 100},
             "with --foot-lock: a foot slower than this (horizontally) may touch the ground"),
  };
  return table;
}

// The job's options without retargeting's settings (and their files, when a C caller gave them as bytes):
// what the families see.
Options family_options(const Options& options) {
  Options kept = options;
  std::erase_if(kept.values, [](const auto& named) { return is_retarget_setting(named.first); });
  std::erase_if(kept.companions, [](const auto& named) { return is_retarget_setting(named.first); });
  return kept;
}

// The bytes of a retargeting file setting (--skeleton, --source-map, --target-map) when the caller gave them
// (the C ABI's companions: the library reads no file itself there), else nullptr: the tool reads the file.
const Bytes* given_bytes(const Options& options, const std::string& setting) {
  const auto it = options.companions.find(setting);
  return it == options.companions.end() ? nullptr : &it->second;
}

Error retarget_error(std::string message, std::string file = {}) {
  return Error{kTitle, std::move(message), {}, {}, std::move(file)};
}

struct SourceScene {
  Scene scene;
  const FormatFamily* family = nullptr;  // nullptr: glTF or BVH
  std::vector<std::string> notes;
};

Result<SourceScene> source_scene(const ConvertJob& job, const FormatFamily* target) {
  ConvertJob source = job;
  source.options = family_options(job.options);
  const FormatFamily* const written_by[] = {target};
  auto scene = scene_of(source, written_by);
  if (!scene) return scene.error();
  const FormatFamily* family =
      source.format.empty() ? find_family_by_extension(source.input) : find_family_by_id(source.format);
  return SourceScene{std::move(scene->value), family, std::move(scene->notes)};
}

// What the result animates: --skeleton's file, else the output family's character.
Result<Converted<RetargetTarget>> target_scene(const RetargetSettings& settings, const FormatFamily* target,
                                               const ConvertJob& job) {
  if (!settings.skeleton.empty()) {
    ConvertJob skeleton;
    skeleton.input = settings.skeleton;
    if (const Bytes* given = given_bytes(job.options, "skeleton")) skeleton.input_bytes = *given;
    auto scene = scene_of(skeleton);
    if (!scene) return conversion::with_file(scene.error(), settings.skeleton);
    return Converted<RetargetTarget>{{std::move(scene->value), {}}, std::move(scene->notes)};
  }
  if (!target)
    return retarget_error("retargeting onto glTF or BVH needs the target's skeleton: --skeleton FILE");
  if (!target->retarget_target)
    return retarget_error(fmt::format("{} has no character to build: give --skeleton FILE", target->title));
  Options options = conversion::job_writing_options(job);
  options.values = family_options(job.options).values;
  if (auto companions = read_companions(*target, options); !companions) return companions.error();
  auto built = target->retarget_target(options, settings.character);
  if (!built) return built.error();
  if (!*built) {
    std::vector<std::string> flags{"--character NAME"};
    for (const auto& name : companion_names(*target)) flags.push_back("--" + name);
    return retarget_error(fmt::format("say which character of {} the clip is for: {} (or --skeleton FILE)",
                                      target->title, fmt::join(flags, ", ")));
  }
  return std::move(**built);
}

// The roles of one side: its map file, else the game's own, else the best built-in map; what could not be
// placed in notes.
Result<RoleAssignment> side_roles(const Skeleton& skeleton, const std::string& map_file,
                                  const Bytes* map_bytes, const std::optional<RoleSource>& given,
                                  const char* side, std::vector<std::string>& notes) {
  std::optional<RoleSource> map = given;
  if (!map_file.empty()) {
    auto read = map_bytes ? read_role_map(std::string_view(reinterpret_cast<const char*>(map_bytes->data()),
                                                           map_bytes->size()),
                                          map_file)
                          : read_role_map_file(map_file);
    if (!read) return read.error();
    map = std::move(*read);
  }
  RoleAssignment assignment = roles_for(skeleton, map ? &*map : nullptr);
  const RoleReport& report = assignment.report;
  std::vector<std::string> missing;
  for (const HumanoidRole role : report.missing_required) missing.emplace_back(role_name(role));
  if (!missing.empty())
    notes.push_back(fmt::format("{} (roles by {}): required roles not placed: {}", side, report.source,
                                fmt::join(missing, ", ")));
  if (!report.absent_joints.empty())
    notes.push_back(fmt::format("{}: the map names joints the skeleton lacks: {}", side,
                                fmt::join(report.absent_joints, ", ")));
  for (const auto& wrong : report.misplaced) notes.push_back(fmt::format("{}: misplaced: {}", side, wrong));
  return assignment;
}

// The report in words, for the notes.
std::vector<std::string> report_notes(const RetargetConversion& conversion) {
  const RetargetReport& report = conversion.report;
  std::vector<std::string> notes = report.notes;
  notes.push_back(fmt::format("retargeted by roles: the source's by {}, the target's by {}",
                              conversion.source_roles, conversion.target_roles));
  for (const RoleDeviation& role : report.roles)
    notes.push_back(fmt::format("{}: largest {} error {:.2f} degrees (at {:.3f} s)", role_name(role.role),
                                role.direction ? "direction" : "rotation", role.degrees, role.at_seconds));
  notes.push_back(fmt::format("hip heights: source {:.4g}, target {:.4g} (units of each): ratio {:.4g}",
                              report.source_hip_height, report.target_hip_height, report.hip_ratio));
  const char* sides[] = {"left", "right"};
  for (std::size_t i = 0; i < 2; ++i) {
    const FootSliding& foot = report.feet[i];
    if (!foot.measured) {
      notes.push_back(
          fmt::format("{} foot sliding not measured (a side has no {} leg, or it never touches the "
                      "ground)",
                      sides[i], sides[i]));
      continue;
    }
    notes.push_back(
        fmt::format("{} foot sliding while the source's is on the ground ({:.2f} s): source {:.4g}, "
                    "result {:.4g} target units per second{}",
                    sides[i], foot.contact_seconds, foot.source, foot.result,
                    report.foot_lock.enabled ? " (foot lock on)" : ""));
  }
  if (conversion.engine)
    notes.push_back(
        fmt::format("the written file in the game's engine against the retargeted clip: largest "
                    "joint error {:.3g} game units (p99 {:.3g}, extent {:.3g})",
                    conversion.engine->max, conversion.engine->p99, conversion.engine->extent));
  else
    notes.push_back("the written file's engine poses were not measured: " + conversion.engine_note);
  return notes;
}

// The engine playing what was written against the retargeted clip (services/fidelity.hpp).
void measure_engine(RetargetConversion& conversion, const Scene& scene, const FormatFamily& target,
                    const ConvertJob& job) {
  Options options = conversion::job_writing_options(job);
  options.values = family_options(job.options).values;
  options.placement.input = job.output;
  options.placement.extension = options.placement.output_extension;
  if (auto companions = read_companions(target, options); !companions) {
    conversion.engine_note = companions.error().to_string();
    return;
  }
  auto measured = measure_import_fidelity(scene, target, options, 1.0 / 60);
  if (measured) {
    conversion.engine = std::move(*measured);
  } else {
    conversion.engine_note = measured.error().to_string();
  }
}

}  // namespace

Result<RetargetConversion> retarget_conversion(const ConvertJob& job) {
  auto settings = retarget_settings(job.options);
  if (!settings) return settings.error();
  const FormatFamily* target =
      job.to.empty() ? find_family_by_extension(job.output) : find_family_by_id(job.to);
  if (!target && !conversion::writes_interchange(job))
    return retarget_error(fmt::format("cannot tell the output format of '{}': use --to", job.output));
  auto source = source_scene(job, target);
  if (!source) return source.error();
  auto aim = target_scene(*settings, target, job);
  if (!aim) return aim.error();
  RetargetConversion result;
  result.notes = std::move(source->notes);
  result.notes.insert(result.notes.end(), aim->notes.begin(), aim->notes.end());
  auto source_roles =
      side_roles(source->scene.skeleton, settings->source_map, given_bytes(job.options, "source-map"),
                 std::nullopt, "source", result.notes);
  if (!source_roles) return source_roles.error();
  auto target_roles =
      side_roles(aim->value.scene.skeleton, settings->target_map, given_bytes(job.options, "target-map"),
                 aim->value.roles, "target", result.notes);
  if (!target_roles) return target_roles.error();
  result.source_roles = source_roles->report.source;
  result.target_roles = target_roles->report.source;
  RetargetOptions options;
  options.foot_lock = {settings->foot_lock, settings->contact_height, settings->contact_speed};
  auto retargeted =
      retarget(source->scene, source_roles->roles, aim->value.scene, target_roles->roles, options);
  if (!retargeted) return conversion::with_file(retargeted.error(), job.input);
  result.report = std::move(retargeted->report);
  ConvertJob writing = job;
  writing.options = family_options(job.options);
  auto written = conversion::write_job_output(retargeted->scene, target, writing, {}, source->family);
  if (!written) return written.error();
  result.bytes = std::move(written->value);
  result.notes.insert(result.notes.end(), written->notes.begin(), written->notes.end());
  if (target && !conversion::writes_interchange(job)) {
    measure_engine(result, retargeted->scene, *target, writing);
  } else {
    result.engine_note = "glTF and BVH have no engine";
  }
  const auto words = report_notes(result);
  result.notes.insert(result.notes.end(), words.begin(), words.end());
  return result;
}

nlohmann::json retarget_json(const RetargetConversion& conversion) {
  const RetargetReport& report = conversion.report;
  auto roles = nlohmann::json::array();
  for (const RoleDeviation& role : report.roles)
    roles.push_back({{"role", role_name(role.role)},
                     {"degrees", role.degrees},
                     {"at_seconds", role.at_seconds},
                     {"measured_as", role.direction ? "direction" : "rotation"}});
  auto feet = nlohmann::json::object();
  const char* sides[] = {"left", "right"};
  for (std::size_t i = 0; i < 2; ++i) {
    const FootSliding& foot = report.feet[i];
    feet[sides[i]] = foot.measured ? nlohmann::json{{"contact_seconds", foot.contact_seconds},
                                                    {"source", foot.source},
                                                    {"result", foot.result}}
                                   : nlohmann::json(nullptr);
  }
  nlohmann::json engine = nullptr;
  if (conversion.engine)
    engine = {{"max", conversion.engine->max},
              {"p99", conversion.engine->p99},
              {"extent", conversion.engine->extent},
              {"samples", conversion.engine->samples}};
  return {{"source_roles", conversion.source_roles},
          {"target_roles", conversion.target_roles},
          {"roles", roles},
          {"hips",
           {{"source_height", report.source_hip_height},
            {"target_height", report.target_hip_height},
            {"ratio", report.hip_ratio}}},
          {"foot_sliding", feet},
          {"foot_sliding_unit", "target units per second, while the source's foot is on the ground"},
          {"foot_lock",
           {{"enabled", report.foot_lock.enabled},
            {"contact_height", report.foot_lock.contact_height},
            {"contact_speed", report.foot_lock.contact_speed}}},
          {"engine", engine},
          {"engine_note", conversion.engine_note},
          {"notes", report.notes}};
}

const std::vector<Setting>& retarget_schema() {
  static const std::vector<Setting> schema = settings_schema(fields());
  return schema;
}

bool is_retarget_setting(const std::string& name) {
  const auto& schema = retarget_schema();
  return std::any_of(schema.begin(), schema.end(),
                     [&](const Setting& setting) { return setting.name == name; });
}

Result<RetargetSettings> retarget_settings(const Options& options) {
  return read_settings(options, fields(), kTitle);
}

}  // namespace bonebridge
