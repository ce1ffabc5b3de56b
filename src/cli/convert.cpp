// SPDX-License-Identifier: MIT
// convert and batch: the verbs that write files. Every output is planned before anything is written (see
// outputs.hpp), then goes to a temporary file that is renamed into place. Status lines go to standard error:
// standard output carries only data (batch --json lines, the file of `convert IN -`).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/characters.hpp"
#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/retarget.hpp"
#include "outputs.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

namespace fs = std::filesystem;

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return fs::exists(b, ec) && fs::equivalent(a, b, ec);
}

struct ConvertRequest {
  std::vector<std::string> files;   // the command line's inputs, then the output
  std::vector<std::string> inputs;  // from the command line, then those --anims lists
  std::string output, to;
  std::string anims;      // --anims: a file listing more inputs
  std::string character;  // --character: the one input is an install, archive or folder defining it
  InputOptions options;
  bool no_mesh = false;
  bool in_place = false;
  bool force = false;
  bool json = false;
};

// --in-place lets the output replace an input itself; --force, any other existing file.
OutputPlan plan_convert(const ConvertRequest& request) {
  const auto replaced = [&](const std::string& input) {
    return request.in_place && same_file(input, request.output);
  };
  OutputPlan plan{request.force || std::any_of(request.inputs.begin(), request.inputs.end(), replaced)};
  for (const auto& input : request.inputs) {
    if (!replaced(input)) plan.protect_input(input);
  }
  if (!request.anims.empty()) plan.protect_input(request.anims);
  plan.protect_companions(request.options.to_options());
  plan.add(request.inputs.front(), request.output);
  return plan;
}

// The inputs an --anims file lists: one a line, relative to the list's own folder; blank lines and lines
// starting with '#' are skipped.
Result<std::vector<std::string>> listed_inputs(const std::string& list) {
  auto bytes = read_file(list);
  if (!bytes) return bytes.error();
  std::vector<std::string> inputs;
  std::istringstream lines(std::string(bytes->begin(), bytes->end()));
  const fs::path folder = fs::path(list).parent_path();
  for (std::string line; std::getline(lines, line);) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const auto last = line.find_last_not_of(" \t\r");
    const fs::path input = line.substr(first, last - first + 1);
    inputs.push_back(input.is_absolute() ? input.string() : (folder / input).string());
  }
  return inputs;
}

// The character the game defines at the one input, as glTF (as `batch --characters` writes it).
Result<Converted<std::vector<std::uint8_t>>> converted_character(const ConvertRequest& request) {
  const auto found = find_character(request.inputs.front(), request.character);
  if (!found) return found.error();
  const bool text =
      request.to == "gltf" || (request.to.empty() && fs::path(request.output).extension() == ".gltf");
  return export_character(*found, request.options.to_options(),
                          {.binary = !text, .generate_mesh = !request.no_mesh});
}

bool retargeting(const ConvertRequest& request) {
  const auto it = request.options.switches.find("retarget");
  return it != request.options.switches.end() && it->second;
}

// The job of a plain conversion, standard input read for "-"; with --retarget, its report in `report`.
Result<Converted<std::vector<std::uint8_t>>> converted_files(const ConvertRequest& request,
                                                             nlohmann::json& report) {
  ConvertJob job{.input = request.inputs.front(),
                 .input_bytes = std::nullopt,
                 .more_inputs = {request.inputs.begin() + 1, request.inputs.end()},
                 .output = request.output,
                 .to = request.to,
                 .format = request.options.format,
                 .options = request.options.to_options(),
                 .generate_mesh = !request.no_mesh,
                 .animation_names = {},
                 .animation_metadata = {}};
  if (job.input == "-") {
    auto bytes = read_standard_input();
    if (!bytes) return bytes.error();
    job.input_bytes = std::move(*bytes);
  }
  if (!retargeting(request)) return convert(job);
  // --character names the target's character here, not one the input defines.
  if (!request.character.empty()) job.options.values["character"] = request.character;
  auto retargeted = retarget_conversion(job);
  if (!retargeted) return retargeted.error();
  report = retarget_json(*retargeted);
  return Converted<std::vector<std::uint8_t>>{std::move(retargeted->bytes), std::move(retargeted->notes)};
}

// The conversion, with its notes on standard error (what was resampled, approximated or dropped, both ways);
// a retargeting's report in `report`.
Result<Converted<std::vector<std::uint8_t>>> converted(const ConvertRequest& request,
                                                       nlohmann::json& report) {
  auto result = !request.character.empty() && !retargeting(request) ? converted_character(request)
                                                                    : converted_files(request, report);
  if (!result) {
    Error error = result.error();
    if (error.file.empty()) error.file = request.inputs.front();
    return error;
  }
  for (const auto& note : result->notes) status() << "note: " << note << "\n";
  return result;
}

// How the status line names the inputs: the one, or the first and how many more.
std::string inputs_named(const ConvertRequest& request) {
  if (request.inputs.size() == 1) return request.inputs.front();
  return fmt::format("{} and {} more", request.inputs.front(), request.inputs.size() - 1);
}

// What convert --json prints on standard output once the output is written.
void print_record(const ConvertRequest& request, const Converted<std::vector<std::uint8_t>>& result,
                  const nlohmann::json& report) {
  if (!request.json) return;
  nlohmann::json record{{"output", request.output}, {"bytes", result.value.size()}, {"notes", result.notes}};
  if (!report.is_null()) record["retarget"] = report;
  if (request.inputs.size() == 1)
    record["input"] = request.inputs.front();
  else
    record["inputs"] = request.inputs;
  std::cout << record.dump(-1, ' ', false, kReplaceInvalidUtf8) << "\n";
}

// "-" as the output: the converted file on standard output (its format from --to), nothing on disk.
int convert_to_stdout(const ConvertRequest& request) {
  nlohmann::json report;
  const auto bytes = converted(request, report);
  if (!bytes) return report_error(bytes.error());
  const auto& data = bytes->value;
  std::cout.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  std::cout.flush();
  if (!std::cout)
    return report_error(Error{"", "cannot write to standard output", {}, {}, request.inputs.front()});
  return kSuccess;
}

// An output inside an archive (GAME.vpp_pc:hero.str2_pc:walk.anim_pc): the whole archive is written anew
// with that entry replaced and every other entry's stored bytes kept; only with --in-place, since the archive
// file itself changes.
int convert_into_archive(const ConvertRequest& request, const SplitAddress& target) {
  if (!request.in_place) {
    return report_error(Error{
        "", "writing an entry rewrites the whole archive; say so with --in-place", {}, {}, target.file});
  }
  nlohmann::json report;
  const auto bytes = converted(request, report);
  if (!bytes) return report_error(bytes.error());
  auto archive = read_file(target.file);
  if (!archive) return report_error(archive.error());
  const auto replaced = replace_entry(fs::path(target.file).filename().string(), std::move(*archive),
                                      target.entries, bytes->value);
  if (!replaced) return report_error(replaced.error());
  if (const auto written = write_file_atomic(target.file, *replaced); !written)
    return report_error(written.error());
  status() << fmt::format("{} -> {} ({} bytes; archive rewritten, {} bytes)\n", inputs_named(request),
                          request.output, bytes->value.size(), replaced->size());
  print_record(request, *bytes, report);
  return kSuccess;
}

// The output (the last file on the command line) and the inputs (the others, then those of --anims), or the
// exit code of a request without both.
std::optional<int> gather_inputs(ConvertRequest& request) {
  request.output = request.files.back();
  request.inputs.assign(request.files.begin(), request.files.end() - 1);
  if (!request.anims.empty()) {
    auto listed = listed_inputs(request.anims);
    if (!listed) return report_error(listed.error());
    request.inputs.insert(request.inputs.end(), listed->begin(), listed->end());
  }
  if (request.inputs.empty()) {
    std::cerr << "bonebridge: error: convert needs an input (or --anims FILE) before the output\n";
    return kUsage;
  }
  if (!request.character.empty() && request.inputs.size() != 1) {
    std::cerr
        << "bonebridge: error: --character takes one input: the install, archive or folder defining it\n";
    return kUsage;
  }
  return std::nullopt;
}

int run_convert(ConvertRequest& request) {
  if (const auto refused = gather_inputs(request)) return *refused;
  if (request.output == "-" && request.json) {
    std::cerr << "bonebridge: error: --json and the output - would both use standard output\n";
    return kUsage;
  }
  if (request.output == "-") return convert_to_stdout(request);
  if (const auto target = split_address(request.output); target && !target->entries.empty())
    return convert_into_archive(request, *target);
  for (const auto& input : request.inputs) {
    if (request.in_place || !same_file(input, request.output)) continue;
    std::cerr << "bonebridge: error: '" << request.output
              << "' is the input file; refusing to overwrite it (use --in-place)\n";
    return kInvalidInput;
  }
  const OutputPlan plan = plan_convert(request);
  if (!plan.conflicts().empty()) return plan.refuse();
  nlohmann::json report;
  const auto bytes = converted(request, report);
  if (!bytes) return report_error(bytes.error());
  const auto written = write_planned(plan.outputs().front(), bytes->value);
  if (!written) return report_error(written.error());
  status() << fmt::format("{} -> {} ({} bytes)\n", inputs_named(request), request.output,
                          bytes->value.size());
  print_record(request, *bytes, report);
  return kSuccess;
}

}  // namespace

Verb add_convert(CLI::App& app) {
  auto* command =
      app.add_subcommand("convert", "Convert between a game format and glTF (.glb/.gltf) or BVH, either way");
  auto request = std::make_shared<ConvertRequest>();
  // One list: CLI11 would give every file to a list of inputs and leave none for a separate output.
  command
      ->add_option("files", request->files,
                   "Input file(s) (or ARCHIVE:INDEX), then the output file, whose extension picks the format "
                   "(- for standard output); several inputs make one glTF with an animation for each")
      ->required();
  command->add_option("--anims", request->anims,
                      "A file listing more inputs, one a line (relative to its folder; # starts a comment)");
  command->add_option(
      "--character", request->character,
      "The character of this name (as `characters` lists it) that the game defines in the input "
      "(an install folder, an archive or a folder of files), as `batch --characters` writes it; with "
      "--retarget, the output game's character the result animates (LEGO Island: an actor such as pepper)");
  // Retargeting's settings (services/retarget.hpp); --skeleton is already every family's flag (AnimX's).
  for (const Setting& setting : retarget_schema()) {
    if (setting.name == "skeleton" || setting.name == "character") continue;
    const std::string flag = "--" + setting.name;
    if (setting.kind == SettingKind::Flag) {
      command->add_flag(flag, request->options.switches[setting.name], setting.help);
    } else {
      command->add_option(flag, request->options.settings[setting.name], setting.help);
    }
  }
  command->add_option("--to", request->to, "Output format: glb, gltf, bvh or a family id");
  command->add_flag("--no-mesh", request->no_mesh, "Leave out the generated bone mesh");
  command->add_flag("--in-place", request->in_place,
                    "Allow the output to replace the input, or an entry of an archive (ARCHIVE:ENTRY)");
  command->add_flag("--force", request->force, "Allow the output to replace an existing file (not an input)");
  command->add_flag("--json", request->json,
                    "Print what was written and the conversion notes as one JSON object on standard output");
  request->options.add_to(*command);
  return {command, [request] { return run_convert(*request); }};
}

}  // namespace bonebridge::cli
