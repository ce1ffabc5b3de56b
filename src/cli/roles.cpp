// SPDX-License-Identifier: MIT
// roles: which joint of a file's skeleton plays which humanoid role (VRM's bone names), through the built-in
// role map that places the most roles or a map file (--map), and what could not be placed: what retargeting
// onto or from this skeleton would use.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/reports.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

struct RolesRequest {
  std::string input;
  std::string map;  // a JSON role map file; empty: the best built-in map
  InputOptions options;
  bool json = false;
};

void print_list(const std::string& title, const nlohmann::json& names) {
  if (names.empty()) return;
  std::vector<std::string> shown;
  for (const auto& name : names) shown.push_back(name.get<std::string>());
  std::cout << fmt::format("{} ({}): {}\n", title, shown.size(), fmt::join(shown, ", "));
}

void print_roles(const std::string& input, const nlohmann::json& report) {
  std::cout << fmt::format("{}: roles by {}, {} of 55 placed\n", input, report["source"].get<std::string>(),
                           report["roles"].size());
  for (const auto& placed : report["roles"])
    std::cout << fmt::format("  {}: {}\n", placed["role"].get<std::string>(),
                             placed["joint"].get<std::string>());
  for (const auto& shared : report["shared_joints"]) {
    std::vector<std::string> roles;
    for (const auto& role : shared["roles"]) roles.push_back(role.get<std::string>());
    std::cout << fmt::format("  {} plays {} roles: {}\n", shared["joint"].get<std::string>(), roles.size(),
                             fmt::join(roles, ", "));
  }
  print_list("required roles not placed", report["missing_required"]);
  print_list("optional roles not placed", report["missing_optional"]);
  print_list("joints with no role", report["joints_without_role"]);
  print_list("names the map gives that the skeleton lacks", report["names_not_in_skeleton"]);
  print_list("misplaced", report["misplaced"]);
}

int run_roles(const RolesRequest& request) {
  ConvertJob job;
  job.input = request.input;
  job.format = request.options.format;
  job.options = request.options.to_options();
  if (request.input == "-") {
    auto bytes = read_standard_input();
    if (!bytes) return report_error(bytes.error());
    job.input_bytes = std::move(*bytes);
  }
  const auto scene = scene_of(job);
  if (!scene) return report_error(scene.error());
  std::optional<RoleSource> map;
  if (!request.map.empty()) {
    auto read = read_role_map_file(request.map);
    if (!read) return report_error(read.error());
    map = std::move(*read);
  }
  const Skeleton& skeleton = scene->value.skeleton;
  const RoleAssignment assignment = roles_for(skeleton, map ? &*map : nullptr);
  const auto report = roles_json(skeleton, assignment);
  if (request.json) {
    std::cout << report.dump(2, ' ', false, kReplaceInvalidUtf8) << "\n";
  } else {
    print_roles(request.input, report);
  }
  return assignment.report.missing_required.empty() ? kSuccess : kInvalidInput;
}

}  // namespace

Verb add_roles(CLI::App& app) {
  auto* command = app.add_subcommand(
      "roles", "Which joint plays which humanoid role (VRM's names), and what could not be placed");
  auto request = std::make_shared<RolesRequest>();
  command->add_option("input", request->input, "A game file, glTF or BVH (- for standard input)")->required();
  command->add_option("--map", request->map,
                      "A JSON role map, {\"hips\": \"pelvis\", ...}, instead of the best built-in one");
  command->add_flag("--json", request->json, "A JSON object: source, roles, what could not be placed");
  request->options.add_to(*command);
  return {command, [request] { return run_roles(*request); }};
}

}  // namespace bonebridge::cli
