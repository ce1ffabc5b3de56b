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
#include "bonebridge/services/characters.hpp"
#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/install.hpp"
#include "bonebridge/services/preview.hpp"
#include "outputs.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {

namespace {

namespace fs = std::filesystem;

struct BatchItem {
  std::string input;  // a file, or ARCHIVE:INDEX; for a character, "character NAME"
  fs::path output;
  const Character* character = nullptr;  // with --characters: the character this item writes
  std::uint64_t size = kUnknownSize;     // the input's bytes: larger items are started first
  static constexpr std::uint64_t kUnknownSize = ~std::uint64_t{0};
};

// Everything a batch converts: files a family claims by extension, and inside archives (found by extension,
// nested ones too) every entry a family claims by its name, or every entry of an archive whose own
// extension names a family (HQR entries are numbered). An archive's entries go to a folder named after it.
class BatchCollector {
 public:
  BatchCollector(fs::path out, const char* extension) : out_(std::move(out)), extension_(extension) {}

  Status add_file(const fs::path& file, const fs::path& relative) {
    auto archive = open_if_archive({file.string(), file.filename().string(), 0, {}});
    if (!archive) return archive.error();
    if (*archive) return add_entries(file.string(), relative, file, std::move(*archive), 1);
    std::error_code ec;
    const std::uint64_t size = fs::file_size(file, ec);
    if (find_family_by_extension(file))
      return add(file.string(), relative, ec ? BatchItem::kUnknownSize : size);
    return Ok{};
  }
  // An archive on disk is opened reading its index only; an entry of one (ARCHIVE:NESTED) is read whole.
  Status add_archive(const std::string& address, const fs::path& relative, const fs::path& named) {
    auto archive = open_archive_at(address);
    if (!archive) return archive.error();
    const auto split = split_address(address);  // it opened, so it splits
    return add_entries(address, relative, named, std::move(*archive), split->entries.size() + 1);
  }
  std::vector<BatchItem> take() { return std::move(items_); }
  // The archives listed, for the items to read their entries from (each opened once per batch).
  std::vector<OpenedArchive> take_archives() { return std::move(archives_); }

 private:
  // The entries of `opened`, which lie `depth` archives deep. A nested archive's bytes come from its parent,
  // already read, not from its address anew.
  Status add_entries(const std::string& address, const fs::path& relative, const fs::path& named,
                     std::unique_ptr<archive::Archive> opened, std::size_t depth) {
    archives_.push_back({address, std::move(opened)});
    const archive::Archive* archive = archives_.back().archive.get();
    // An archive whose own extension names a family (HQR) numbers its entries: those without an extension
    // are that family's; named ones with another extension (WORLD.WDB's stored .bin blobs) are no one's.
    const bool numbered_family = find_family_by_extension(named) != nullptr;
    for (std::size_t i = 0; i < archive->entries().size(); ++i) {
      const auto& entry = archive->entries()[i];
      if (entry.compression == "blank") continue;
      const std::string inner = address + ":" + entry.name;
      const fs::path inner_relative = relative / entry.name;
      auto nested =
          open_if_archive({inner, entry.name, depth, [&] { return read_entry(*archive, i, inner); }});
      if (!nested) return nested.error();
      Status status = Ok{};
      if (*nested) {
        status = add_entries(inner, inner_relative, entry.name, std::move(*nested), depth + 1);
      } else if (find_family_by_extension(entry.name) ||
                 (numbered_family && fs::path(entry.name).extension().empty())) {
        status = add(inner, inner_relative, entry.size);
      }
      if (!status) return status;
    }
    return Ok{};
  }
  Status add(const std::string& input, const fs::path& relative, std::uint64_t size) {
    auto output = mirrored_output(out_, relative, extension_);
    if (!output) return output.error();
    items_.push_back({input, std::move(output).value(), nullptr, size});
    return Ok{};
  }

  fs::path out_;
  const char* extension_;
  std::vector<BatchItem> items_;
  std::vector<OpenedArchive> archives_;
};

Status add_folder(const fs::path& folder, BatchCollector& collector) {
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
    if (auto status = collector.add_file(file, file.lexically_relative(folder)); !status) return status;
  }
  return Ok{};
}

// What a batch converts, and the archives it listed (kept open for the items' reads).
struct BatchInput {
  std::vector<BatchItem> items;
  std::vector<OpenedArchive> archives;
};

// A folder: every file a family claims and every archive, at its path relative to the folder. An archive:
// its entries, under a folder of the archive's name.
Result<BatchInput> batch_items(const std::string& input, const fs::path& out, const char* extension) {
  BatchCollector collector(out, extension);
  std::error_code ec;
  if (fs::is_directory(input, ec)) {
    if (auto status = add_folder(input, collector); !status) return status.error();
  } else {
    const fs::path named = split_address(input) ? fs::path(input).filename() : fs::path(input);
    if (auto status = collector.add_archive(input, named.filename(), named); !status) return status.error();
  }
  return BatchInput{collector.take(), collector.take_archives()};
}

// With --characters, the install view has listed the input already: the batch's items come from its files
// (one walk), at the same output paths as batch_items gives, and its finder reads their entries.
Result<BatchInput> view_items(const InstallView& view, const std::string& input, const fs::path& out,
                              const char* extension) {
  struct Container {
    fs::path relative;  // the output folder of its entries
    bool numbered;      // its own extension names a family (HQR): every entry is an item
  };
  std::map<std::string, Container> containers;
  std::error_code ec;
  if (!fs::is_directory(input, ec)) {  // an archive: its entries under a folder of its name
    const fs::path named = split_address(input) ? fs::path(input).filename() : fs::path(input);
    containers[input] = {named.filename(), find_family_by_extension(named) != nullptr};
  }
  BatchInput items;
  for (const auto& file : view.files()) {
    const auto container = containers.find(file.root);
    const fs::path relative =
        container == containers.end() ? fs::path(file.path) : container->second.relative / file.path;
    if (file.archive) {
      containers[file.address] = {relative, find_family_by_extension(file.path) != nullptr};
      continue;
    }
    const bool numbered = container != containers.end() && container->second.numbered;
    if (!find_family_by_extension(file.path) && !numbered) continue;
    auto output = mirrored_output(out, relative, extension);
    if (!output) return output.error();
    items.items.push_back({file.address, std::move(*output), nullptr, file.size});
  }
  return items;
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

// The kind of file a document is ("Sith .key keyframes"), as its info names it, else its family's title.
std::string kind_of(const LoadedInput& loaded) {
  const auto info = loaded.document->info();
  const auto format = info.find("format");
  return format != info.end() && format->is_string() ? format->get<std::string>() : loaded.family->title;
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
  auto bytes = export_gltf(*loaded->document, settings, {.binary = binary});
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
                        {"joints", joint_count(*loaded->document)},
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
                      const PagesScripts* scripts) {
  OutputPlan plan{request.force};
  for (const auto& item : items) {
    if (!item.character) plan.protect_input(item.input);
    if (item.character) {
      for (const auto& animation : item.character->animations) plan.protect_input(animation.file);
      if (!item.character->model.empty()) plan.protect_input(item.character->model);
    }
  }
  plan.protect_companions(request.options.to_options());
  for (const auto& item : items) {
    plan.add(item.input, item.output);
    if (scripts) plan.add(item.input, fs::path(item.output).replace_extension(".html"));
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

// Whether a batch item stays a lone item beside the characters: a family listed it as belonging to no
// character, or its family (by its name's extension) defines no characters at all. Other files of a family
// with characters (a numbered HQR entry, a .mat) are parts the characters already use or data of no glTF
// form.
bool converts_alone(const BatchItem& item, const std::set<std::string>& lone) {
  if (lone.contains(item.input)) return true;
  const auto split = split_address(item.input);
  const std::string name = split && !split->entries.empty() ? split->entries.back() : item.input;
  const FormatFamily* family = find_family_by_extension(fs::path(name).filename());
  return family && !family->find_characters;
}

// With --characters: a glTF per character in the install, named after it, first; then the items that
// convert alone. A character not in this install (absent_from_install) has no item.
Result<std::vector<BatchItem>> character_items(const CharacterList& list, std::vector<BatchItem> items,
                                               const fs::path& out, const char* extension) {
  std::vector<BatchItem> planned;
  for (const auto& character : list.characters) {
    if (absent_from_install(character)) continue;
    // The extension appended, not put in place of what follows a dot in the name ("entity 0
    // GEN_BODY_NORMAL").
    auto output = mirrored_output(out, safe_file_name(character.name) + extension, extension);
    if (!output) return output.error();
    planned.push_back({"character " + character.name, std::move(*output), &character});
  }
  std::set<std::string> lone;
  for (const auto& file : list.lone) lone.insert(file.file);
  const auto used = character_files(list);
  for (auto& item : items) {
    if (!used.contains(item.input) && converts_alone(item, lone)) planned.push_back(std::move(item));
  }
  return planned;
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
  std::shared_ptr<const InstallView> install;
  if (request.characters) {
    auto opened = open_install(request.input);
    if (!opened) return report_error(opened.error());
    install = std::move(*opened);
  }
  auto input = install ? view_items(*install, request.input, request.out, extension)
                       : batch_items(request.input, request.out, extension);
  if (!input) return report_error(input.error());
  Result<std::vector<BatchItem>> items = std::move(input->items);
  CharacterList characters;
  if (install) {
    characters = find_characters(*install);
    for (const auto& note : characters.notes) status() << "note: " << note << "\n";
    items = character_items(characters, std::move(*items), request.out, extension);
    if (!items) return report_error(items.error());
  }
  std::optional<PagesScripts> scripts;
  if (request.preview) {
    auto read = read_preview_scripts(default_three_folder());
    if (!read) return report_error(read.error());
    scripts = PagesScripts{std::move(*read), fs::path(request.out) / kScriptsFolder};
  }
  const OutputPlan plan = plan_batch(request, *items, scripts ? &*scripts : nullptr);
  if (!plan.conflicts().empty()) return plan.refuse();
  const auto jobs = planned_jobs(plan.outputs(), *items, request.preview);
  // One finder for every item: the archives listed above stay open, their entries read where they lie.
  const auto files = install ? install->nearby() : archive_files(std::move(input->archives));
  const auto counts = BatchRun(request, jobs, scripts ? &*scripts : nullptr, files).run();
  print_summary(request, counts, characters);
  if (scripts) {
    const std::span outputs(plan.outputs());
    if (auto written = write_scripts(*scripts, outputs.subspan(jobs.size() * 2, scripts->scripts.size()));
        !written)
      return report_error(written.error());
    if (auto index = write_index(request, outputs.back(), counts.records); !index)
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
