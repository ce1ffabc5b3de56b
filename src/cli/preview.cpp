// SPDX-License-Identifier: MIT
// preview: one self-contained HTML page that plays a conversion (registry/preview.hpp), opened offline from a
// file.
#include <fmt/format.h>

#include <filesystem>
#include <memory>

#include "bonebridge/registry/archives.hpp"
#include "bonebridge/registry/preview.hpp"
#include "outputs.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

namespace fs = std::filesystem;

struct PreviewRequest {
  std::string input, output;
  InputOptions options;
  bool force = false;
};

// The page's default name: the input's (an archive entry's own name) with .html, in the current folder.
std::string default_output(const std::string& input) {
  const auto split = split_address(input);
  const std::string named = split && !split->entries.empty() ? split->entries.back() : input;
  return fs::path(named).filename().replace_extension(".html").string();
}

int run_preview(const PreviewRequest& request) {
  const std::string output = request.output.empty() ? default_output(request.input) : request.output;
  OutputPlan plan{request.force};
  plan.protect_input(request.input);
  plan.protect_companions(request.options.to_options());
  plan.add(request.input, output);
  if (!plan.conflicts().empty()) return plan.refuse();
  const auto scripts = read_preview_scripts(default_three_folder());
  if (!scripts) return report_error(scripts.error());
  const Options options = request.options.to_options();
  auto input = load_input(request.input, options, request.options.format);
  if (!input) return report_error(input.error());
  auto page = preview_page(fs::path(request.input).filename().string(), *input, options, *scripts);
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
  command->add_option("input", request->input, "Game file (or ARCHIVE:ENTRY)")->required();
  command->add_option("-o,--output", request->output, "The page (default: the input's name with .html)");
  command->add_flag("--force", request->force, "Allow the page to replace an existing file (not an input)");
  request->options.add_to(*command);
  return {command, [request] { return run_preview(*request); }};
}

}  // namespace bonebridge::cli
