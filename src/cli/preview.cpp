// SPDX-License-Identifier: MIT
// preview: one self-contained HTML page that plays a conversion (services/preview.hpp), opened offline from a
// file.
#include <fmt/format.h>

#include <filesystem>
#include <memory>

#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/characters.hpp"
#include "bonebridge/services/preview.hpp"
#include "outputs.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

namespace fs = std::filesystem;

struct PreviewRequest {
  std::string input, output;
  std::string character;  // --character: the input is an install, archive or folder defining it
  InputOptions options;
  bool force = false;
};

// The page's default name: the input's (an archive entry's own name) with .html, in the current folder.
std::string default_output(const std::string& input) {
  const auto split = split_address(input);
  const std::string named = split && !split->entries.empty() ? split->entries.back() : input;
  return fs::path(named).filename().replace_extension(".html").string();
}

// The page of the game file at the input, or of the character it defines (in milliseconds: a character's
// animations may come from files of different engine ticks, as in `batch --characters --preview`).
Result<std::string> page_of(const PreviewRequest& request, const PreviewScripts& scripts) {
  const Options options = request.options.to_options();
  if (!request.character.empty()) {
    const auto found = find_character(request.input, request.character);
    if (!found) return found.error();
    const auto gltf = export_character(*found, options, {});
    if (!gltf) return gltf.error();
    const Character& character = found->character;
    const FormatFamily* family = find_family_by_id(character.family);
    return preview_page(character.name, family ? family->title : character.family, 0.001, *gltf, scripts);
  }
  auto input = open_path(request.input, options, request.options.format);
  if (!input) return input.error();
  return preview_page(fs::path(request.input).filename().string(), *input, options, scripts);
}

int run_preview(const PreviewRequest& request) {
  const std::string output = !request.output.empty()     ? request.output
                             : request.character.empty() ? default_output(request.input)
                                                         : safe_file_name(request.character) + ".html";
  OutputPlan plan{request.force};
  plan.protect_input(request.input);
  plan.protect_companions(request.options.to_options());
  plan.add(request.input, output);
  if (!plan.conflicts().empty()) return plan.refuse();
  const auto scripts = read_preview_scripts(default_three_folder());
  if (!scripts) return report_error(scripts.error());
  auto page = page_of(request, *scripts);
  if (!page) {
    Error error = page.error();
    if (error.file.empty()) error.file = request.input;
    return report_error(error);
  }
  const std::span bytes(reinterpret_cast<const std::uint8_t*>(page->data()), page->size());
  if (auto written = write_planned(plan.outputs().front(), bytes); !written)
    return report_error(written.error());
  status() << fmt::format("{} -> {} ({} bytes; open it in a browser, offline)\n", request.input, output,
                          page->size());
  return kSuccess;
}

}  // namespace

Verb add_preview(CLI::App& app) {
  auto* command =
      app.add_subcommand("preview", "Write one self-contained HTML page that plays the conversion");
  auto request = std::make_shared<PreviewRequest>();
  command
      ->add_option("input", request->input,
                   "Game file (or ARCHIVE:ENTRY); with --character, an install, archive or folder")
      ->required();
  command->add_option(
      "--character", request->character,
      "The character of this name (as `characters` lists it) that the game defines in the input "
      "(an install folder, an archive or a folder of files)");
  command->add_option("-o,--output", request->output, "The page (default: the input's name with .html)");
  command->add_flag("--force", request->force, "Allow the page to replace an existing file (not an input)");
  request->options.add_to(*command);
  return {command, [request] { return run_preview(*request); }};
}

}  // namespace bonebridge::cli
