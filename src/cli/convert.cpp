// convert and batch: the verbs that write files. Every output is planned before anything is written (see
// outputs.hpp), then goes to a temporary file that is renamed into place. Status lines go to standard error:
// standard output carries only data (batch --json lines, the file of `convert IN -`).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>

#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/archives.hpp"
#include "bonebridge/registry/pipeline.hpp"
#include "bonebridge/registry/registry.hpp"
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
  std::string input, output, to;
  InputOptions options;
  bool no_mesh = false;
  bool in_place = false;
  bool force = false;
  bool json = false;
};

// --in-place lets the output replace the input itself; --force, any other existing file.
OutputPlan plan_convert(const ConvertRequest& request) {
  const bool in_place = request.in_place && same_file(request.input, request.output);
  OutputPlan plan{request.force || in_place};
  if (!in_place) plan.protect_input(request.input);
  plan.protect_companions(request.options.to_options());
  plan.add(request.input, request.output);
  return plan;
}

// The conversion, with its notes on standard error (what was resampled, approximated or dropped, both ways).
Result<Converted<std::vector<std::uint8_t>>> converted(const ConvertRequest& request) {
  auto result = convert({.input = request.input,
                         .output = request.output,
                         .to = request.to,
                         .format = request.options.format,
                         .options = request.options.to_options(),
                         .generate_mesh = !request.no_mesh});
  if (!result) {
    Error error = result.error();
    if (error.file.empty()) error.file = request.input;
    return error;
  }
  for (const auto& note : result->notes) status() << "note: " << note << "\n";
  return result;
}

// What convert --json prints on standard output once the output is written.
void print_record(const ConvertRequest& request, const Converted<std::vector<std::uint8_t>>& result) {
  if (!request.json) return;
  const nlohmann::json record{{"input", request.input},
                              {"output", request.output},
                              {"bytes", result.value.size()},
                              {"notes", result.notes}};
  std::cout << record.dump(-1, ' ', false, kReplaceInvalidUtf8) << "\n";
}

// "-" as the output: the converted file on standard output (its format from --to), nothing on disk.
int convert_to_stdout(const ConvertRequest& request) {
  const auto bytes = converted(request);
  if (!bytes) return report_error(bytes.error());
  const auto& data = bytes->value;
  std::cout.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  std::cout.flush();
  if (!std::cout) return report_error(Error{"", "cannot write to standard output", {}, {}, request.input});
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
  const auto bytes = converted(request);
  if (!bytes) return report_error(bytes.error());
  auto archive = read_file(target.file);
  if (!archive) return report_error(archive.error());
  const auto replaced = replace_entry(fs::path(target.file).filename().string(), std::move(*archive),
                                      target.entries, bytes->value);
  if (!replaced) return report_error(replaced.error());
  if (const auto written = write_file_atomic(target.file, *replaced); !written)
    return report_error(written.error());
  status() << fmt::format("{} -> {} ({} bytes; archive rewritten, {} bytes)\n", request.input, request.output,
                          bytes->value.size(), replaced->size());
  print_record(request, *bytes);
  return kSuccess;
}

int run_convert(const ConvertRequest& request) {
  if (request.output == "-" && request.json) {
    std::cerr << "bonebridge: error: --json and the output - would both use standard output\n";
    return kUsage;
  }
  if (request.output == "-") return convert_to_stdout(request);
  if (const auto target = split_address(request.output); target && !target->entries.empty())
    return convert_into_archive(request, *target);
  if (!request.in_place && same_file(request.input, request.output)) {
    std::cerr << "bonebridge: error: '" << request.output
              << "' is the input file; refusing to overwrite it (use --in-place)\n";
    return kInvalidInput;
  }
  const OutputPlan plan = plan_convert(request);
  if (!plan.conflicts().empty()) return plan.refuse();
  const auto bytes = converted(request);
  if (!bytes) return report_error(bytes.error());
  const auto written = write_planned(plan.outputs().front(), bytes->value);
  if (!written) return report_error(written.error());
  status() << fmt::format("{} -> {} ({} bytes)\n", request.input, request.output, bytes->value.size());
  print_record(request, *bytes);
  return kSuccess;
}

}  // namespace

Verb add_convert(CLI::App& app) {
  auto* command =
      app.add_subcommand("convert", "Convert between a game format and glTF (.glb/.gltf), either way");
  auto request = std::make_shared<ConvertRequest>();
  command->add_option("input", request->input, "Input file (or ARCHIVE:INDEX)")->required();
  command
      ->add_option("output", request->output,
                   "Output file, its extension picks the format; - for standard output")
      ->required();
  command->add_option("--to", request->to, "Output format: glb, gltf or a family id");
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
