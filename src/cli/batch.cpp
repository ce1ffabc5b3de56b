// SPDX-License-Identifier: MIT
// batch: every file of a folder, or every entry of an archive, to glTF, on all cores. Each output is planned
// before anything is written (outputs.hpp); a bad file is reported and the others go on. With --preview, each
// glTF file gets its preview page beside it (services/preview.hpp) and the output folder an index.html.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>
#include <thread>

#include "batch_index.hpp"
#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/batch.hpp"
#include "bonebridge/services/characters.hpp"
#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/install.hpp"
#include "bonebridge/services/preview.hpp"
#include "outputs.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {

namespace {

namespace fs = std::filesystem;

// A batch's options apply to the files of the families that have them.
const std::vector<const FormatFamily*>& every_family() {
  static const auto families = [] {
    std::vector<const FormatFamily*> all;
    for (const auto& family : format_families()) all.push_back(&family);
    return all;
  }();
  return families;
}

// One item's outputs: its glTF file, and its preview page with --preview.
struct BatchJob {
  PlannedOutput gltf;
  std::optional<PlannedOutput> page;
  const Character* character = nullptr;
  std::uint64_t size = BatchItem::kUnknownSize;
};

// A batch's pages share one copy of three.js, written beside the index in this folder.
constexpr const char* kScriptsFolder = "preview-scripts";

// The preview pages' three.js and the folder it is written to (--preview).
struct PagesScripts {
  PreviewScripts scripts;
  fs::path folder;
};

// The item's preview page around the glTF just written (not a second conversion), written: what its record
// adds. The page loads three.js from the batch's scripts folder, by a path relative to itself.
Result<nlohmann::json> write_preview(const PlannedOutput& page, const std::string& family_title, double tick,
                                     const Converted<std::vector<std::uint8_t>>& gltf,
                                     const PagesScripts& shared) {
  const std::string folder = shared.folder.lexically_relative(page.path.parent_path()).generic_string();
  const std::string html = preview_page(fs::path(page.input).filename().string(), family_title, tick, gltf,
                                        shared.scripts, folder);
  const std::span bytes(reinterpret_cast<const std::uint8_t*>(html.data()), html.size());
  if (const auto written = write_planned(page, bytes); !written) return written.error();
  return nlohmann::json{{"preview", page.path.string()}, {"preview_bytes", html.size()}};
}

// The kind of file a document is ("Sith .key keyframes"), as its format names it, else its family's title.
std::string kind_of(const LoadedInput& loaded) {
  std::string format = loaded.document->format();
  return format.empty() ? loaded.family->title : format;
}

// A character of --characters, converted and written.
Result<nlohmann::json> convert_character(const BatchJob& job, const Options& settings, bool binary,
                                         const PagesScripts* scripts) {
  const Character& character = *job.character;
  auto bytes = export_character(character, settings, {.binary = binary});
  if (!bytes) {
    Error error = bytes.error();
    if (error.file.empty()) error.file = job.gltf.input;
    return error;
  }
  if (const auto written = write_planned(job.gltf, bytes->value); !written) return written.error();
  const FormatFamily* family = find_family_by_id(character.family);
  const std::string title = family ? family->title : character.family;
  nlohmann::json record{{"input", job.gltf.input},      {"output", job.gltf.path.string()},
                        {"family", character.family},   {"format", "character (" + title + ")"},
                        {"character", character.name},  {"animations", character.animations.size()},
                        {"bytes", bytes->value.size()}, {"notes", bytes->notes}};
  if (job.page) {
    // The slider in milliseconds: a character's animations may come from files of different engine ticks.
    auto preview = write_preview(*job.page, title, 0.001, *bytes, *scripts);
    if (!preview) return preview.error();
    record.update(*preview);
  }
  return record;
}

// One item of a batch, converted and written: what `batch --json` prints for it. `scripts` is set when the
// job has a preview page.
Result<nlohmann::json> convert_item(const BatchJob& job, const Options& settings, const std::string& format,
                                    bool binary, const PagesScripts* scripts) {
  if (job.character) return convert_character(job, settings, binary, scripts);
  const PlannedOutput& item = job.gltf;
  auto loaded = open_path(item.input, settings, format, every_family());
  if (!loaded) return loaded.error();
  if (const auto reason = loaded->document->no_gltf_form()) {
    return nlohmann::json{{"input", item.input}, {"family", loaded->family->id}, {"skipped", *reason}};
  }
  auto bytes = export_gltf(*loaded, settings, {.binary = binary});
  if (!bytes) {
    Error error = bytes.error();
    if (error.file.empty()) error.file = item.input;
    return error;
  }
  if (const auto written = write_planned(item, bytes->value); !written) return written.error();
  nlohmann::json record{{"input", item.input},
                        {"output", item.path.string()},
                        {"family", loaded->family->id},
                        {"format", kind_of(*loaded)},
                        {"joints", loaded->document->joint_count()},
                        {"duration", loaded->document->duration()},
                        {"bytes", bytes->value.size()},
                        {"notes", bytes->notes}};
  if (job.page) {
    auto preview =
        write_preview(*job.page, loaded->family->title, loaded->document->engine_tick(), *bytes, *scripts);
    if (!preview) return preview.error();
    record.update(*preview);
  }
  return record;
}

struct BatchRequest {
  std::string input, out;
  InputOptions options;
  bool text = false;
  bool json = false;
  bool force = false;
  bool preview = false;
  bool characters = false;  // one glTF per character the game defines, lone files alone
  unsigned jobs = 0;        // 0: one per core
};

struct BatchCounts {
  std::size_t written = 0, characters = 0, skipped = 0, failed = 0;
  std::vector<std::string> failures;    // the inputs that failed (each error is printed once, as it happens)
  std::vector<nlohmann::json> records;  // every item's record, in order, for the index (--preview only)
};

// What one finished item says: its status line (standard error), its JSON record (standard output).
std::string status_line(const PlannedOutput& item, const Result<nlohmann::json>& record) {
  if (!record) return "bonebridge: error: " + record.error().to_string() + "\n";
  if (record->contains("skipped"))
    return fmt::format("{}: skipped: {}\n", item.input, (*record)["skipped"].get<std::string>());
  if (record->contains("character")) {
    std::string line =
        fmt::format("{} -> {}: {}, {} animations, {} bytes\n", item.input, item.path.string(),
                    (*record)["format"].get<std::string>(), (*record)["animations"].get<std::size_t>(),
                    (*record)["bytes"].get<std::size_t>());
    if (verbosity() == Verbosity::Verbose) {
      for (const auto& note : (*record)["notes"]) line += "  note: " + note.get<std::string>() + "\n";
    }
    return line;
  }
  std::string line =
      fmt::format("{} -> {}: {}, {} joints, {:.3f} s, {} bytes", item.input, item.path.string(),
                  (*record)["format"].get<std::string>(), (*record)["joints"].get<std::size_t>(),
                  (*record)["duration"].get<double>(), (*record)["bytes"].get<std::size_t>());
  if (record->contains("preview")) line += ", preview " + (*record)["preview"].get<std::string>();
  line += "\n";
  if (verbosity() == Verbosity::Verbose) {
    for (const auto& note : (*record)["notes"]) line += "  note: " + note.get<std::string>() + "\n";
  }
  return line;
}

// "42 s", "3 min 05 s": the time a batch has left.
std::string duration_text(double seconds) {
  const auto whole = static_cast<long>(seconds + 0.5);
  if (whole < 60) return fmt::format("{} s", whole);
  return fmt::format("{} min {:02} s", whole / 60, whole % 60);
}

// Items are converted by `jobs` threads, each taking the next one, the largest inputs first (those of unknown
// size, characters, before them): a large model taken last would leave the other threads idle while it
// converts alone. What each says is written in the items' order (so that output is the same whatever -j), as
// soon as every earlier item is done. When standard error
// is a terminal (and the records do not go to standard output as JSON), each line has [n/total] in front and
// one line under them, rewritten in place, says how many entries a second the batch converts and the time
// it has left.
class BatchRun {
 public:
  BatchRun(const BatchRequest& request, const std::vector<BatchJob>& items, const PagesScripts* scripts,
           std::shared_ptr<const NearbyFiles> files)
      : request_(request),
        settings_(with_files(request.options.to_options(), std::move(files))),
        scripts_(scripts),
        items_(items),
        order_(largest_first(items)),
        finished_(items.size()),
        progress_(::isatty(STDERR_FILENO) == 1 && !request.json && verbosity() != Verbosity::Quiet),
        start_(std::chrono::steady_clock::now()) {}

  BatchCounts run() {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t workers =
        std::min<std::size_t>(request_.jobs ? request_.jobs : cores, std::max<std::size_t>(1, items_.size()));
    std::vector<std::thread> threads;
    for (std::size_t w = 1; w < workers; ++w) threads.emplace_back([this] { work(); });
    work();
    for (auto& thread : threads) thread.join();
    if (progress_) std::cerr << "\r\x1b[K" << std::flush;  // the summary takes the progress line's place
    return std::move(counts_);
  }

 private:
  static Options with_files(Options options, std::shared_ptr<const NearbyFiles> files) {
    options.nearby = std::move(files);
    return options;
  }

  static std::vector<std::size_t> largest_first(const std::vector<BatchJob>& items) {
    std::vector<std::size_t> order(items.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return items[a].size > items[b].size; });
    return order;
  }

  void work() {
    for (std::size_t taken = next_++; taken < order_.size(); taken = next_++) {
      const std::size_t i = order_[taken];
      auto record = convert_item(items_[i], settings_, request_.options.format, !request_.text, scripts_);
      const std::lock_guard lock(mutex_);
      finished_[i] = std::move(record);
      while (printed_ < items_.size() && finished_[printed_]) report(printed_++);
    }
  }

  void report(std::size_t index) {
    const auto& item = items_[index].gltf;
    const auto& record = *finished_[index];
    const std::string prefix =
        progress_ ? fmt::format("\r\x1b[K[{}/{}] ", index + 1, items_.size()) : std::string();
    if (!record) {
      ++counts_.failed;
      counts_.failures.push_back(item.input);
      std::cerr << prefix << status_line(item, record);
    } else {
      ++(record->contains("skipped") ? counts_.skipped : counts_.written);
      if (record->contains("character")) ++counts_.characters;
      status() << prefix << status_line(item, record);
    }
    auto json = record ? *record
                       : nlohmann::json{{"input", item.input},
                                        {"output", item.path.string()},
                                        {"error", record.error().to_string()}};
    if (request_.json) std::cout << json.dump(-1, ' ', false, kReplaceInvalidUtf8) << "\n";
    if (request_.preview) counts_.records.push_back(std::move(json));
    finished_[index].reset();  // printed: its record is no longer needed
    if (progress_) show_progress(index + 1);
  }

  void show_progress(std::size_t done) const {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
    const std::string left =
        rate > 0 ? duration_text(static_cast<double>(items_.size() - done) / rate) : std::string("?");
    std::cerr << fmt::format("\r{}/{} entries, {:.1f} entries/s, {} left\x1b[K", done, items_.size(), rate,
                             left)
              << std::flush;
  }

  const BatchRequest& request_;
  const Options settings_;       // the request's options, built once for every item
  const PagesScripts* scripts_;  // three.js for the preview pages; null without --preview
  const std::vector<BatchJob>& items_;
  const std::vector<std::size_t> order_;  // the items' indices in the order they are taken
  std::vector<std::optional<Result<nlohmann::json>>> finished_;  // done but not yet printed
  const bool progress_;  // the [n/total] prefixes and the progress line
  const std::chrono::steady_clock::time_point start_;
  std::atomic<std::size_t> next_{0};
  std::mutex mutex_;  // guards what follows, finished_ and both output streams
  std::size_t printed_ = 0;
  BatchCounts counts_;
};

// Every output of the batch, planned: each item's glTF file, then (--preview) its page beside it with .html,
// and after them the pages' scripts and last the index in the output folder.
OutputPlan plan_batch(const BatchRequest& request, const std::vector<BatchItem>& items,
                      const std::vector<fs::path>& outputs, const PagesScripts* scripts) {
  OutputPlan plan{request.force};
  for (const auto& item : items) {
    if (!item.character) plan.protect_input(item.input);
    if (item.character) {
      for (const auto& animation : item.character->animations) plan.protect_input(animation.file);
      if (!item.character->model.empty()) plan.protect_input(item.character->model);
    }
  }
  plan.protect_companions(request.options.to_options());
  for (std::size_t i = 0; i < items.size(); ++i) {
    plan.add(items[i].input, outputs[i]);
    if (scripts) plan.add(items[i].input, fs::path(outputs[i]).replace_extension(".html"));
  }
  if (!scripts) return plan;
  for (const auto& script : scripts->scripts)
    plan.add("(three.js for the preview pages)", scripts->folder / script.file);
  plan.add("(the batch's index page)", fs::path(request.out) / "index.html");
  return plan;
}

// The jobs of a plan made by plan_batch (so in its order): the items' outputs.
std::vector<BatchJob> planned_jobs(const std::vector<PlannedOutput>& outputs,
                                   const std::vector<BatchItem>& items, bool preview) {
  std::vector<BatchJob> jobs;
  const std::size_t step = preview ? 2 : 1;
  for (std::size_t i = 0; jobs.size() < items.size() && i + step <= outputs.size(); i += step) {
    jobs.push_back({outputs[i], preview ? std::optional(outputs[i + 1]) : std::nullopt,
                    items[jobs.size()].character, items[jobs.size()].size});
  }
  return jobs;
}

// The pages' scripts, planned between the pages and the index.
Status write_scripts(const PagesScripts& scripts, std::span<const PlannedOutput> planned) {
  for (std::size_t i = 0; i < scripts.scripts.size() && i < planned.size(); ++i) {
    const std::string& text = scripts.scripts[i].text;
    const std::span bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    if (auto written = write_planned(planned[i], bytes); !written) return written.error();
  }
  return Ok{};
}

Status write_index(const BatchRequest& request, const PlannedOutput& index,
                   const std::vector<nlohmann::json>& records) {
  const std::string page = batch_index_page(request.input, request.out, records);
  const std::span bytes(reinterpret_cast<const std::uint8_t*>(page.data()), page.size());
  if (auto written = write_planned(index, bytes); !written) return written.error();
  status() << "index: " << index.path.string() << "\n";
  return Ok{};
}

// Where each item's glTF goes: its path mirrored below the output folder with the glTF extension in place of
// its own; a character's name with the extension appended, not put in place of what follows a dot in the name
// ("entity 0 GEN_BODY_NORMAL"). Files that would share an output (a Sith folder's walk.3do and walk.key, in
// any letter case) keep their own extension in front of the glTF one: walk.3do.glb, walk.key.glb.
Result<std::vector<fs::path>> output_paths(const std::vector<BatchItem>& items, const fs::path& out,
                                           const char* extension) {
  const auto output_of = [&](const BatchItem& item, bool keep_extension) {
    const bool append = item.character || keep_extension;
    return mirrored_output(out, append ? fs::path(item.relative.string() + extension) : item.relative,
                           extension);
  };
  std::vector<fs::path> outputs;
  std::vector<std::string> keys;  // path_key resolves the path on disk: once per output
  std::map<std::string, std::size_t> shared;
  for (const auto& item : items) {
    auto output = output_of(item, false);
    if (!output) return output.error();
    keys.push_back(path_key(*output));
    ++shared[keys.back()];
    outputs.push_back(std::move(*output));
  }
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].character || shared[keys[i]] < 2) continue;
    auto output = output_of(items[i], true);
    if (!output) return output.error();
    outputs[i] = std::move(*output);
  }
  return outputs;
}

// What the view could not list (an archive that did not open, an unreadable folder), each printed as an error
// now (its note) and counted as a failure; an item that is such an archive itself (INVALID.HQR, also an LBA
// document) is not converted again. Returns their addresses.
std::vector<std::string> unlisted_failures(const InstallView& view, std::vector<BatchItem>& items) {
  for (const auto& note : view.notes()) std::cerr << "bonebridge: error: " << note << "\n";
  const auto& addresses = view.unlisted();
  std::erase_if(items, [&](const BatchItem& item) {
    return std::find(addresses.begin(), addresses.end(), item.input) != addresses.end();
  });
  return addresses;
}

// The batch's install view: a folder, or an archive; by character, also a loose file (an install of one
// file).
Result<std::shared_ptr<const InstallView>> batch_input(const std::string& input, bool characters) {
  auto view = open_install(input);
  if (!view) return view.error();
  std::error_code ec;
  const auto& files = (*view)->files();
  const bool loose_file =
      !characters && !fs::is_directory(input, ec) && !files.empty() && files.front().address == input;
  if (loose_file) {
    auto archive = open_archive_at(input);  // its error says why it is not an archive
    if (!archive) return archive.error();
    return Error{
        "", "not an archive, nor a folder: batch converts a folder or an archive's entries", {}, {}, input};
  }
  return view;
}

// The summary line, then the inputs that failed and (with --characters and --verbose) the characters not in
// this install.
void print_summary(const BatchRequest& request, const BatchCounts& counts, const CharacterList& characters) {
  if (!request.characters) {
    status() << fmt::format("batch: {} written, {} skipped (no glTF form), {} failed\n", counts.written,
                            counts.skipped, counts.failed);
  } else {
    std::vector<const Character*> absent;
    for (const auto& character : characters.characters)
      if (absent_from_install(character)) absent.push_back(&character);
    status() << fmt::format(
        "batch: {} characters and {} lone files written, {} characters not in this install, {} skipped (no "
        "glTF form), {} failed\n",
        counts.characters, counts.written - counts.characters, absent.size(), counts.skipped, counts.failed);
    if (verbosity() == Verbosity::Verbose) {
      for (const auto* character : absent)
        status() << fmt::format("  not in this install: {} ({}, {})\n", character->name, character->family,
                                character->defined_by);
    }
  }
  for (const auto& failure : counts.failures) status() << "  failed: " << failure << "\n";
}

int run_batch(const BatchRequest& request) {
  const char* extension = request.text ? ".gltf" : ".glb";
  const auto install = batch_input(request.input, request.characters);
  if (!install) return report_error(install.error());
  std::vector<BatchItem> items = batch_items(**install);
  CharacterList characters;
  std::vector<std::string> unlisted;
  if (!request.characters) {  // (with characters, the list's notes hold the view's)
    unlisted = unlisted_failures(**install, items);
  } else {
    characters = find_characters(**install);
    for (const auto& note : characters.notes) status() << "note: " << note << "\n";
    items = character_batch(characters, std::move(items));
  }
  const auto outputs = output_paths(items, request.out, extension);
  if (!outputs) return report_error(outputs.error());
  std::optional<PagesScripts> scripts;
  if (request.preview) {
    auto read = read_preview_scripts(default_three_folder());
    if (!read) return report_error(read.error());
    scripts = PagesScripts{std::move(*read), fs::path(request.out) / kScriptsFolder};
  }
  const OutputPlan plan = plan_batch(request, items, *outputs, scripts ? &*scripts : nullptr);
  if (!plan.conflicts().empty()) return plan.refuse();
  const auto jobs = planned_jobs(plan.outputs(), items, request.preview);
  // One finder for every item: the archives the view opened, their entries read where they lie.
  auto counts = BatchRun(request, jobs, scripts ? &*scripts : nullptr, (*install)->nearby()).run();
  counts.failed += unlisted.size();
  counts.failures.insert(counts.failures.begin(), unlisted.begin(), unlisted.end());
  print_summary(request, counts, characters);
  if (scripts) {
    const std::span planned(plan.outputs());
    if (auto written = write_scripts(*scripts, planned.subspan(jobs.size() * 2, scripts->scripts.size()));
        !written)
      return report_error(written.error());
    if (auto index = write_index(request, planned.back(), counts.records); !index)
      return report_error(index.error());
  }
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
  command->add_flag("--preview", request->preview,
                    "Also write a preview page beside each glTF file, and index.html linking them all");
  command->add_flag("--characters", request->characters,
                    "One glTF per character the game defines (model once, every animation named as the game "
                    "names it); files of no character convert alone");
  command->add_option("-j,--jobs", request->jobs, "Files converted at once (default: one per core)")
      ->check(CLI::Range(1u, 1024u));
  request->options.add_to(*command);
  return {command, [request] { return run_batch(*request); }};
}

}  // namespace bonebridge::cli
