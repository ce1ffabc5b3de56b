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
  for (const auto& note : result->notes) std::cerr << "note: " << note << "\n";
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
  std::cerr << fmt::format("{} -> {} ({} bytes; archive rewritten, {} bytes)\n", request.input,
                           request.output, bytes->value.size(), replaced->size());
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
  std::cerr << fmt::format("{} -> {} ({} bytes)\n", request.input, request.output, bytes->value.size());
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

namespace {

struct BatchItem {
  std::string input;  // a file, or ARCHIVE:INDEX
  fs::path output;
};

// Everything a batch converts: files a family claims by extension, and inside archives (found by extension,
// nested ones too) every entry a family claims by its name, or every entry of an archive whose own
// extension names a family (HQR entries are numbered). An archive's entries go to a folder named after it.
class BatchCollector {
 public:
  BatchCollector(fs::path out, const char* extension) : out_(std::move(out)), extension_(extension) {}

  Status add_file(const fs::path& file, const fs::path& relative) {
    if (names_an_archive(file)) return add_archive(file.string(), relative, file);
    if (find_family_by_extension(file)) return add(file.string(), relative);
    return Ok{};
  }
  Status add_archive(const std::string& address, const fs::path& relative, const fs::path& named) {
    auto file = read_address(address);
    if (!file) return file.error();
    return add_entries(address, relative, named, std::move(file->bytes));
  }
  std::vector<BatchItem> take() { return std::move(items_); }

 private:
  // A nested archive's bytes come from its parent, already read, not from its address anew.
  Status add_entries(const std::string& address, const fs::path& relative, const fs::path& named,
                     std::vector<std::uint8_t> bytes) {
    auto archive = open_archive(named.filename().string(), std::move(bytes));
    if (!archive) return archive.error();
    const bool numbered_family = find_family_by_extension(named) != nullptr;
    for (std::size_t i = 0; i < (*archive)->entries().size(); ++i) {
      const auto& entry = (*archive)->entries()[i];
      if (entry.compression == "blank") continue;
      const std::string inner = address + ":" + entry.name;
      const fs::path inner_relative = relative / entry.name;
      Status status = Ok{};
      if (names_an_archive(entry.name)) {
        auto nested = (*archive)->read(i);
        if (!nested) {
          Error error = nested.error();
          error.file = inner;
          return error;
        }
        status = add_entries(inner, inner_relative, entry.name, std::move(*nested));
      } else if (find_family_by_extension(entry.name) || numbered_family) {
        status = add(inner, inner_relative);
      }
      if (!status) return status;
    }
    return Ok{};
  }
  Status add(const std::string& input, const fs::path& relative) {
    auto output = mirrored_output(out_, relative, extension_);
    if (!output) return output.error();
    items_.push_back({input, std::move(output).value()});
    return Ok{};
  }

  fs::path out_;
  const char* extension_;
  std::vector<BatchItem> items_;
};

Result<std::vector<BatchItem>> folder_items(const fs::path& folder, BatchCollector& collector) {
  std::vector<fs::path> files;
  std::error_code ec;
  // The error_code forms throughout: an unreadable subfolder is bad input, not an exception.
  const auto options = fs::directory_options::skip_permission_denied;
  for (fs::recursive_directory_iterator it(folder, options, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (it->is_regular_file(type_ec)) files.push_back(it->path());
  }
  if (ec) return Error{"", "cannot list the folder: " + ec.message(), {}, {}, folder.string()};
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    if (auto status = collector.add_file(file, file.lexically_relative(folder)); !status)
      return status.error();
  }
  return collector.take();
}

// A folder: every file a family claims and every archive, at its path relative to the folder. An archive:
// its entries, under a folder of the archive's name.
Result<std::vector<BatchItem>> batch_items(const std::string& input, const fs::path& out,
                                           const char* extension) {
  BatchCollector collector(out, extension);
  std::error_code ec;
  if (fs::is_directory(input, ec)) return folder_items(input, collector);
  const fs::path named = split_address(input) ? fs::path(input).filename() : fs::path(input);
  if (auto status = collector.add_archive(input, named.filename(), named); !status) return status.error();
  return collector.take();
}

std::size_t joint_count(const Document& document) {
  const auto joints = document.info().value("joints", nlohmann::json(0));
  if (joints.is_array()) return joints.size();
  return joints.is_number() ? joints.get<std::size_t>() : 0;
}

// A batch's options apply to the files of the families that have them.
const std::vector<const FormatFamily*>& every_family() {
  static const auto families = [] {
    std::vector<const FormatFamily*> all;
    for (const auto& family : format_families()) all.push_back(&family);
    return all;
  }();
  return families;
}

// One item of a batch, converted and written: what `batch --json` prints for it.
Result<nlohmann::json> convert_item(const PlannedOutput& item, const InputOptions& options, bool binary) {
  const Options settings = options.to_options();
  auto loaded = load_input(item.input, settings, options.format, every_family());
  if (!loaded) return loaded.error();
  if (const auto reason = loaded->document->no_gltf_form()) {
    return nlohmann::json{{"input", item.input}, {"family", loaded->family->id}, {"skipped", *reason}};
  }
  auto bytes = export_gltf(*loaded->document, settings, {.binary = binary});
  if (!bytes) {
    Error error = bytes.error();
    if (error.file.empty()) error.file = item.input;
    return error;
  }
  if (const auto written = write_planned(item, bytes->value); !written) return written.error();
  return nlohmann::json{{"input", item.input},
                        {"output", item.path.string()},
                        {"family", loaded->family->id},
                        {"format", loaded->family->title},
                        {"joints", joint_count(*loaded->document)},
                        {"duration", loaded->document->duration()},
                        {"bytes", bytes->value.size()},
                        {"notes", bytes->notes}};
}

struct BatchRequest {
  std::string input, out;
  InputOptions options;
  bool text = false;
  bool json = false;
  bool force = false;
};

// Converts every planned item; returns how many failed. Each item's line goes to standard error, its JSON
// record (with --json) to standard output.
struct BatchCounts {
  std::size_t written = 0, skipped = 0, failed = 0;
};

BatchCounts convert_items(const BatchRequest& request, const std::vector<PlannedOutput>& items) {
  BatchCounts counts;
  for (const auto& item : items) {
    const auto record = convert_item(item, request.options, !request.text);
    if (record && record->contains("skipped")) {
      std::cerr << fmt::format("{}: skipped: {}\n", item.input, (*record)["skipped"].get<std::string>());
      ++counts.skipped;
    } else if (record) {
      ++counts.written;
      std::cerr << fmt::format("{} -> {}: {}, {} joints, {:.3f} s, {} bytes\n", item.input,
                               item.path.string(), (*record)["format"].get<std::string>(),
                               (*record)["joints"].get<std::size_t>(), (*record)["duration"].get<double>(),
                               (*record)["bytes"].get<std::size_t>());
    } else {
      report_error(record.error());
      ++counts.failed;
    }
    if (!request.json) continue;
    const auto line = record ? *record
                             : nlohmann::json{{"input", item.input},
                                              {"output", item.path.string()},
                                              {"error", record.error().to_string()}};
    std::cout << line.dump(-1, ' ', false, kReplaceInvalidUtf8) << "\n";
  }
  return counts;
}

int run_batch(const BatchRequest& request) {
  const auto items = batch_items(request.input, request.out, request.text ? ".gltf" : ".glb");
  if (!items) return report_error(items.error());
  OutputPlan plan{request.force};
  for (const auto& item : *items) plan.protect_input(item.input);
  plan.protect_companions(request.options.to_options());
  for (const auto& item : *items) plan.add(item.input, item.output);
  if (!plan.conflicts().empty()) return plan.refuse();
  const auto counts = convert_items(request, plan.outputs());
  std::cerr << fmt::format("batch: {} written, {} skipped (no glTF form), {} failed\n", counts.written,
                           counts.skipped, counts.failed);
  return counts.failed ? kInvalidInput : kSuccess;
}

}  // namespace

Verb add_batch(CLI::App& app) {
  auto* command =
      app.add_subcommand("batch", "Convert every file of a folder, or every entry of an archive, to glTF");
  auto request = std::make_shared<BatchRequest>();
  command->add_option("input", request->input, "Folder of game files, or an archive (ANIM.HQR)")->required();
  command->add_option("output", request->out, "Folder for the .glb files, mirroring the input's subfolders")
      ->required();
  command->add_flag("--gltf", request->text, "Write .gltf instead of .glb");
  command->add_flag("--json", request->json, "One JSON line per item on standard output");
  command->add_flag("--force", request->force, "Allow outputs to replace existing files (never an input)");
  request->options.add_to(*command);
  return {command, [request] { return run_batch(*request); }};
}

}  // namespace bonebridge::cli
