// SPDX-License-Identifier: MIT
// formats, info, dump, validate, sample: reading and looking, never writing.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/fidelity.hpp"
#include "bonebridge/services/reports.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

// "--angle-tolerance (degrees, 0.0001 to 1; default 0.01): help"
std::string describe_setting(const Setting& setting) {
  std::vector<std::string> facts;
  if (!setting.unit.empty()) facts.push_back(setting.unit);
  if (!setting.choices.empty()) facts.push_back(fmt::format("{}", fmt::join(setting.choices, "|")));
  if (setting.maximum > setting.minimum)
    facts.push_back(fmt::format("{} to {}", setting.minimum, setting.maximum));
  if (!setting.form.empty()) facts.push_back(setting.form);
  std::string text = "--" + setting.name;
  if (!facts.empty()) text += fmt::format(" ({}", fmt::join(facts, ", "));
  if (!setting.fallback.empty()) text += (facts.empty() ? " (" : "; ") + ("default " + setting.fallback);
  if (!facts.empty() || !setting.fallback.empty()) text += ")";
  return text + ": " + setting.help;
}

void print_family(const FormatFamily& family) {
  std::cout << family.id << ": " << family.title << " (";
  for (std::size_t i = 0; i < family.extensions.size(); ++i)
    std::cout << (i ? ", " : "") << family.extensions[i];
  std::cout << ")\n";
  for (const auto& c : family.capabilities) {
    std::cout << fmt::format("  {:<12} {:<4} {:<10} {}\n", c.what, c.supported ? "yes" : "no", c.confidence,
                             c.note);
  }
  for (const auto& limit : family.limits) std::cout << "  limit        " << describe_limit(limit) << "\n";
  for (const auto& setting : family.settings)
    std::cout << "  setting      " << describe_setting(setting) << "\n";
}

void print_container(const archive::ArchiveKind& kind) {
  std::cout << kind.id << ": " << kind.title << " (";
  for (std::size_t i = 0; i < kind.extensions.size(); ++i) std::cout << (i ? ", " : "") << kind.extensions[i];
  std::cout << ")\n  " << kind.support << "\n";
}

struct Opened {
  std::shared_ptr<InputOptions> input = std::make_shared<InputOptions>();
  std::shared_ptr<std::string> path = std::make_shared<std::string>();
};

Opened add_input(CLI::App& command) {
  Opened opened;
  command
      .add_option("file", *opened.path,
                  "Input file, or an archive entry: ARCHIVE:ENTRY[:ENTRY] by name or index")
      ->required();
  opened.input->add_to(command);
  return opened;
}

}  // namespace

Verb add_formats(CLI::App& app) {
  auto* command =
      app.add_subcommand("formats", "List the format families, what each supports and how sure we are");
  auto json = std::make_shared<bool>(false);
  command->add_flag("--json", *json, "Machine-readable output");
  return {command, [json] {
            if (*json) {
              std::cout << formats_json().dump(2, ' ', false, kReplaceInvalidUtf8) << "\n";
            } else {
              for (const auto& family : format_families()) print_family(family);
              std::cout << fmt::format(
                  "\ncontainers (ls, extract, and ARCHIVE:ENTRY wherever a file is named; nested at most {} "
                  "deep):\n",
                  kMaxArchiveDepth);
              for (const auto* kind : archive_kinds()) print_container(*kind);
            }
            return int{kSuccess};
          }};
}

Verb add_info(CLI::App& app) {
  auto* command = app.add_subcommand("info", "Format, counts, duration and joints of a file");
  auto opened = add_input(*command);
  auto json = std::make_shared<bool>(false);
  command->add_flag("--json", *json, "Machine-readable output");
  return {command, [opened, json] {
            auto input = open_path(*opened.path, opened.input->to_options(), opened.input->format);
            if (!input) return report_error(input.error());
            const auto info = input_info(*input);
            if (*json) {
              std::cout << info.dump(2, ' ', false, kReplaceInvalidUtf8) << "\n";
            } else {
              std::cout << *opened.path << ": " << input->family->title << "\n";
              for (const auto& [key, value] : info.items()) {
                std::cout << "  " << key << ": "
                          << (value.is_string() ? value.get<std::string>()
                                                : value.dump(-1, ' ', false, kReplaceInvalidUtf8))
                          << "\n";
              }
            }
            return int{kSuccess};
          }};
}

Verb add_dump(CLI::App& app) {
  auto* command = app.add_subcommand("dump", "The native document as JSON, every field included");
  auto opened = add_input(*command);
  return {command, [opened] {
            auto input = open_path(*opened.path, opened.input->to_options(), opened.input->format);
            if (!input) return report_error(input.error());
            std::cout << input->document->dump().dump(2, ' ', false, kReplaceInvalidUtf8) << "\n";
            return int{kSuccess};
          }};
}

Verb add_validate(CLI::App& app) {
  auto* command = app.add_subcommand("validate", "Check files; exit 0 when all are valid");
  auto paths = std::make_shared<std::vector<std::string>>();
  auto input_options = std::make_shared<InputOptions>();
  command->add_option("files", *paths, "Files to check")->required();
  input_options->add_to(*command);
  return {command, [paths, input_options] {
            int status = kSuccess;
            const Options options = input_options->to_options();
            for (const auto& path : *paths) {
              auto input = open_path(path, options, input_options->format);
              if (!input) {
                status = report_error(input.error());
                continue;
              }
              std::size_t errors = 0, warnings = 0;
              for (auto diagnostic : input->document->check(input_options->strict)) {
                if (diagnostic.where.file.empty()) diagnostic.where.file = path;
                std::cerr << (diagnostic.is_error ? "error: " : "warning: ") << diagnostic.where.to_string()
                          << "\n";
                (diagnostic.is_error ? errors : warnings)++;
              }
              if (errors > 0) status = kInvalidInput;
              std::cout << fmt::format("{}: {} ({}, {} errors, {} warnings)\n", path,
                                       errors ? "invalid" : "valid", input->family->title, errors, warnings);
            }
            return status;
          }};
}

namespace {

// A document's error names the file it came from (a family's "has no pose" says nothing of the file).
int report_error_of(Error error, const std::string& path) {
  if (error.file.empty()) error.file = path;
  return report_error(error);
}

}  // namespace

// The engine's poses every `step` seconds, with the glTF node each joint becomes: what an independent glTF
// runtime is compared against.
int print_pose_grid(const LoadedInput& input, const std::string& path, const Options& options, double step) {
  auto core = core_of(*input.document, options);
  if (!core) return report_error_of(core.error(), path);
  auto poses = nlohmann::json::array();
  EnginePose pose;
  const double duration = input.document->duration();
  if (auto note = grid_note(duration, step); !note.empty()) status() << "note: " << note << "\n";
  for (const double t : time_grid(duration, step)) {
    if (auto sampled = input.document->sample_into(t, pose); !sampled)
      return report_error_of(sampled.error(), path);
    poses.push_back(pose_json(pose));
  }
  std::cout << nlohmann::json{{"poses", poses}, {"gltf_node_of_joint", core->core_joint_of}}.dump(
                   -1, ' ', false, kReplaceInvalidUtf8)
            << "\n";
  return kSuccess;
}

Verb add_sample(CLI::App& app) {
  auto* command =
      app.add_subcommand("sample", "The game engine's pose at a time, in the game's own coordinates");
  auto opened = add_input(*command);
  auto at = std::make_shared<double>(0.0);
  auto step = std::make_shared<double>(0.0);
  auto json = std::make_shared<bool>(false);
  auto ticks = std::make_shared<bool>(false);
  auto* at_option = command->add_option("--at", *at, "Time in seconds");
  auto* step_option =
      command->add_option("--step", *step, "Every STEP seconds over the whole clip, as one JSON document");
  step_option->excludes(at_option);
  command->add_flag("--ticks", *ticks, "Every engine tick (at most 5000 poses), as with --step")
      ->excludes(at_option)
      ->excludes(step_option);
  command->add_flag("--json", *json, "Machine-readable output");
  return {command, [opened, at, step, json, ticks, at_option] {
            if (*step <= 0 && !*ticks && at_option->count() == 0) {
              std::cerr << "bonebridge: error: sample needs --at SECONDS, --step SECONDS or --ticks\n";
              return int{kUsage};
            }
            const Options options = opened.input->to_options();
            auto input = open_path(*opened.path, options, opened.input->format);
            if (!input) return report_error(input.error());
            if (*ticks) {
              const auto& document = *input->document;
              return print_pose_grid(*input, *opened.path, options,
                                     std::max(document.engine_tick(), document.duration() / 5000));
            }
            if (*step > 0) return print_pose_grid(*input, *opened.path, options, *step);
            const auto sampled = input->document->sample(*at);
            if (!sampled) return report_error_of(sampled.error(), *opened.path);
            const EnginePose& pose = *sampled;
            if (*json) {
              std::cout << pose_json(pose).dump(2, ' ', false, kReplaceInvalidUtf8) << "\n";
              return int{kSuccess};
            }
            std::cout << fmt::format("t = {} s\n", pose.time);
            for (std::size_t i = 0; i < pose.joints.size(); ++i) {
              const auto& joint = pose.joints[i];
              const Vec3 p = joint.model.translation();
              std::cout << fmt::format(
                  "  {:>3} {:<24} parent {:>3}  model position ({:.6f}, {:.6f}, {:.6f})\n", i, joint.name,
                  joint.parent, p.x, p.y, p.z);
            }
            return int{kSuccess};
          }};
}

void print_fidelity(const std::string& path, const FidelityReport& report, bool json) {
  const double relative_max = report.extent > 0 ? report.max / report.extent : 0;
  if (json) {
    std::cout << nlohmann::json{{"max", report.max},
                                {"p99", report.p99},
                                {"extent", report.extent},
                                {"samples", report.samples},
                                {"max_relative", relative_max},
                                {"worst_time", report.worst_time},
                                {"worst_joint", report.worst_joint},
                                {"notes", report.notes}}
                     .dump(2, ' ', false, kReplaceInvalidUtf8)
              << "\n";
    return;
  }
  for (const auto& note : report.notes) status() << "note: " << note << "\n";
  std::cout << fmt::format(
      "{}: max {:.3g} (joint {} at {:.3f} s), p99 {:.3g} game units over {} joint samples; extent {:.4g}, "
      "max/extent {:.3g}\n",
      path, report.max, report.worst_joint, report.worst_time, report.p99, report.samples, report.extent,
      relative_max);
}

// A glTF input is written in the --to family's format and that file's engine is measured against the glTF.
Result<FidelityReport> import_fidelity(const std::string& path, const std::string& to, const Options& options,
                                       double step) {
  const FormatFamily* family = find_family_by_id(to);
  if (!family)
    return Error{"", "fidelity of a glTF input needs --to FAMILY (see `bonebridge formats`)", {}, {}, path};
  auto bytes = read_file(path);
  if (!bytes) return bytes.error();
  auto scene = gltf::read(*bytes);
  if (!scene) return scene.error();
  return measure_import_fidelity(*scene, *family, options, step);
}

Verb add_fidelity(CLI::App& app) {
  auto* command = app.add_subcommand("fidelity",
                                     "Joint position error of a conversion against the game engine: a game "
                                     "file through glTF and back into our "
                                     "reader, or a glTF file (with --to FAMILY) written as a game file");
  auto opened = add_input(*command);
  auto json = std::make_shared<bool>(false);
  auto step = std::make_shared<double>(0.0);
  auto to = std::make_shared<std::string>();
  command->add_flag("--json", *json, "Machine-readable output");
  command->add_option("--step", *step, "Seconds between samples (default: every engine tick)");
  command->add_option("--to", *to, "For a glTF input: the family to write it as");
  return {command, [opened, json, step, to] {
            const Options options = opened.input->to_options();
            if (names_gltf(*opened.path)) {
              const auto report = import_fidelity(*opened.path, *to, options, *step);
              if (!report) return report_error(report.error());
              print_fidelity(*opened.path, *report, *json);
              return int{kSuccess};
            }
            auto input = open_path(*opened.path, options, opened.input->format);
            if (!input) return report_error(input.error());
            const auto report = measure_fidelity(*input->document, options, *step);
            if (!report) return report_error(report.error());
            print_fidelity(*opened.path, *report, *json);
            return int{kSuccess};
          }};
}

}  // namespace bonebridge::cli
