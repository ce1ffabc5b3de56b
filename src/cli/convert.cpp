// convert and batch: the verbs that write files. Output goes to a temporary file and is renamed into place;
// an input is never overwritten unless --in-place says so.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>

#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/pipeline.hpp"
#include "bonebridge/registry/registry.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

namespace fs = std::filesystem;

std::string lower_extension(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext;
}

bool is_gltf(const fs::path& path) {
  const auto ext = lower_extension(path);
  return ext == ".glb" || ext == ".gltf";
}

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return fs::exists(b, ec) && fs::equivalent(a, b, ec);
}

struct ConvertRequest {
  std::string input, output, to;
  InputOptions options;
  bool no_mesh = false;
  bool in_place = false;
};

// A family with several file kinds (Volition: rigs and animations) learns which one to write from this.
Options output_options(const ConvertRequest& request) {
  Options options = request.options.to_options();
  options.values["output"] = request.output;
  options.values["output-extension"] = lower_extension(request.output);
  return options;
}

Result<std::vector<std::uint8_t>> from_gltf(const ConvertRequest& request, const FormatFamily& target) {
  auto bytes = read_file(request.input);
  if (!bytes) return bytes.error();
  auto scene = gltf::read(*bytes);
  if (!scene) return scene.error();
  if (!target.from_core)
    return Error{target.title, "writing this format from glTF is not supported yet", {}, {}, {}};
  Options options = output_options(request);
  if (auto companions = read_companions(target, options); !companions) return companions.error();
  return target.from_core(*scene, options);
}

Result<std::vector<std::uint8_t>> convert_bytes(const ConvertRequest& request) {
  const fs::path out(request.output);
  const FormatFamily* target =
      request.to.empty() ? find_family_by_extension(out) : find_family_by_id(request.to);
  const bool to_gltf = request.to.empty() ? is_gltf(out) : (request.to == "glb" || request.to == "gltf");
  if (!to_gltf && !target) {
    return Error{"",
                 fmt::format("cannot tell the output format of '{}': use --to (glb, gltf or a family id)",
                             request.output),
                 {},
                 {},
                 {}};
  }
  if (is_gltf(request.input) && request.options.format.empty()) {
    if (to_gltf) return Error{"", "the input is already glTF", {}, {}, {}};
    return from_gltf(request, *target);
  }
  const Options options = request.options.to_options();
  auto input = load_input(request.input, options, request.options.format);
  if (!input) return input.error();
  if (to_gltf) {
    const bool binary = request.to.empty() ? lower_extension(out) == ".glb" : request.to == "glb";
    auto core = core_of(*input->document, options);
    if (!core) return core.error();
    for (const auto& note : core->notes) std::cerr << "note: " << note << "\n";
    return gltf::write(core->scene, {.binary = binary, .generate_mesh = !request.no_mesh});
  }
  if (target == input->family) {
    if (target->transcode) return target->transcode(input->bytes, output_options(request));
    return input->document->encode();
  }
  if (!target->from_core) return Error{target->title, "writing this format is not supported yet", {}, {}, {}};
  auto core = core_of(*input->document, options);
  if (!core) return core.error();
  Options writing = output_options(request);
  if (auto companions = read_companions(*target, writing); !companions) return companions.error();
  return target->from_core(core->scene, writing);
}

}  // namespace

Verb add_convert(CLI::App& app) {
  auto* command =
      app.add_subcommand("convert", "Convert between a game format and glTF (.glb/.gltf), either way");
  auto request = std::make_shared<ConvertRequest>();
  command->add_option("input", request->input, "Input file (or ARCHIVE:INDEX)")->required();
  command->add_option("output", request->output, "Output file; its extension picks the format")->required();
  command->add_option("--to", request->to, "Output format: glb, gltf or a family id");
  command->add_flag("--no-mesh", request->no_mesh, "Leave out the generated bone mesh");
  command->add_flag("--in-place", request->in_place, "Allow the output to replace the input");
  request->options.add_to(*command);
  return {command, [request] {
            if (!request->in_place && same_file(request->input, request->output)) {
              std::cerr << "bonebridge: error: '" << request->output
                        << "' is the input file; refusing to overwrite it (use --in-place)\n";
              return int{kUsage};
            }
            auto bytes = convert_bytes(*request);
            if (!bytes) {
              Error error = bytes.error();
              if (error.file.empty()) error.file = request->input;
              return report_error(error);
            }
            const auto written = write_file_atomic(request->output, *bytes);
            if (!written) return report_error(written.error());
            std::cout << fmt::format("{} -> {} ({} bytes)\n", request->input, request->output, bytes->size());
            return int{kSuccess};
          }};
}

namespace {

struct BatchItem {
  std::string input;  // a file, or ARCHIVE:INDEX
  fs::path output;
};

// A folder: every file whose extension a family claims. An archive: every entry.
Result<std::vector<BatchItem>> batch_items(const std::string& input, const fs::path& out,
                                           const char* extension) {
  std::vector<BatchItem> items;
  std::error_code ec;
  if (fs::is_directory(input, ec)) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(input, ec)) {
      if (entry.is_regular_file() && find_family_by_extension(entry.path())) files.push_back(entry.path());
    }
    if (ec) return Error{"", "cannot list the folder: " + ec.message(), {}, {}, input};
    std::sort(files.begin(), files.end());
    for (const auto& file : files)
      items.push_back({file.string(), out / file.filename().replace_extension(extension)});
    return items;
  }
  auto bytes = read_file(input);
  if (!bytes) return bytes.error();
  const FormatFamily* family = find_family(input, *bytes);
  if (!family || !family->container_size) {
    return Error{"", "not a folder, nor an archive that a format family can list", {}, {}, input};
  }
  auto size = family->container_size(*bytes);
  if (!size) return size.error();
  const std::string stem = fs::path(input).stem().string();
  for (std::size_t i = 0; i < *size; ++i) {
    items.push_back({fmt::format("{}:{}", input, i), out / fmt::format("{}_{}{}", stem, i, extension)});
  }
  return items;
}

}  // namespace

Verb add_batch(CLI::App& app) {
  auto* command =
      app.add_subcommand("batch", "Convert every file of a folder, or every entry of an archive, to glTF");
  auto input = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto options = std::make_shared<InputOptions>();
  auto text = std::make_shared<bool>(false);
  command->add_option("input", *input, "Folder of game files, or an archive (ANIM.HQR)")->required();
  command->add_option("output", *out, "Folder for the .glb files (created)")->required();
  command->add_flag("--gltf", *text, "Write .gltf instead of .glb");
  options->add_to(*command);
  return {command, [input, out, options, text] {
            const auto items = batch_items(*input, *out, *text ? ".gltf" : ".glb");
            if (!items) return report_error(items.error());
            std::error_code ec;
            fs::create_directories(*out, ec);
            int status = kSuccess;
            for (const auto& item : *items) {
              auto loaded = load_input(item.input, options->to_options(), options->format);
              if (!loaded) {
                status = report_error(loaded.error());
                continue;
              }
              auto bytes = export_gltf(*loaded->document, options->to_options(), {.binary = !*text});
              if (!bytes) {
                Error error = bytes.error();
                if (error.file.empty()) error.file = item.input;
                status = report_error(error);
                continue;
              }
              if (const auto written = write_file_atomic(item.output, *bytes); !written) {
                status = report_error(written.error());
                continue;
              }
              const auto info = loaded->document->info();
              const auto joints = info.value("joints", nlohmann::json(0));
              std::cout << fmt::format("{} -> {}: {}, {} joints, {:.3f} s, {} bytes\n", item.input,
                                       item.output.string(), loaded->family->title,
                                       joints.is_array()    ? joints.size()
                                       : joints.is_number() ? joints.get<std::size_t>()
                                                            : 0,
                                       loaded->document->duration(), bytes->size());
            }
            return status;
          }};
}

}  // namespace bonebridge::cli
