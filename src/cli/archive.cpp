// SPDX-License-Identifier: MIT
// ls, extract and pack: what an archive (or an archive inside one) holds, and its entries as files.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "bonebridge/io/file.hpp"
#include "bonebridge/services/addressing.hpp"
#include "outputs.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

namespace fs = std::filesystem;

// One listed entry: where it is (the archive it lies in: the outer one, or a nested archive listed before
// it) and what it is. Bytes are not kept: extract reads each entry when it writes it.
struct Listed {
  std::string path;  // ARCHIVE:ENTRY[:ENTRY]
  archive::Entry entry;
  std::size_t index = 0;              // in the archive it lies in
  std::optional<std::size_t> inside;  // the listed nested archive it lies in; none: the outer archive
  std::size_t depth = 0;              // how many nested archives it lies in
  bool is_archive = false;            // a nested archive opened with --recursive
};

// How a listing goes: into nested archives or not, and how many archives the listed one lies in (0 on disk).
struct ListRequest {
  bool recursive = false;
  std::size_t depth = 0;
};

Status list_into(const std::string& path, const archive::Archive& opened, std::optional<std::size_t> inside,
                 const ListRequest& request, std::vector<Listed>& out);

Result<std::vector<std::uint8_t>> read_listed(const archive::Archive& archive, const Listed& listed) {
  return read_entry(archive, listed.index, listed.path);
}

Status list_into(const std::string& path, const archive::Archive& opened, std::optional<std::size_t> inside,
                 const ListRequest& request, std::vector<Listed>& out) {
  const std::size_t depth = inside ? out[*inside].depth + 1 : 0;
  for (std::size_t i = 0; i < opened.entries().size(); ++i) {
    Listed listed{path + ":" + opened.entries()[i].name, opened.entries()[i], i, inside, depth, false};
    std::unique_ptr<archive::Archive> nested;  // opened from its bytes, dropped once listed
    if (request.recursive && listed.entry.compression != "blank") {
      auto archive = open_if_archive({listed.path, listed.entry.name, request.depth + depth + 1,
                                      [&] { return read_listed(opened, listed); }});
      if (!archive) return archive.error();
      nested = std::move(*archive);
    }
    // A nested archive is listed, but extracted as a folder of its entries.
    listed.is_archive = nested != nullptr;
    out.push_back(listed);
    if (!nested) continue;
    if (auto status = list_into(listed.path, *nested, out.size() - 1, request, out); !status) return status;
  }
  return Ok{};
}

// Reads listed entries one at a time, keeping open the outer archive (read where its entries lie) and, at
// each depth, the last nested archive used: extract visits entries in listing order, so each nested archive
// is opened once and memory holds one entry and one nested archive per depth, never the outer archive.
class EntryReader {
 public:
  EntryReader(const archive::Archive& outer, const std::vector<Listed>& listed)
      : outer_(outer), listed_(listed) {}

  Result<std::vector<std::uint8_t>> read(const Listed& entry) {
    auto archive = archive_of(entry);
    if (!archive) return archive.error();
    return read_listed(**archive, entry);
  }

 private:
  struct Open {
    std::size_t listed = 0;  // the nested archive's row
    std::unique_ptr<archive::Archive> archive;
  };

  Result<const archive::Archive*> archive_of(const Listed& entry) {
    if (!entry.inside) return &outer_;
    if (open_.size() < entry.depth) open_.resize(entry.depth);
    Open& slot = open_[entry.depth - 1];
    if (!slot.archive || slot.listed != *entry.inside) {
      const Listed& container = listed_[*entry.inside];
      auto bytes = read(container);
      if (!bytes) return bytes.error();
      auto opened = open_archive(container.entry.name, std::move(*bytes));
      if (!opened) return opened.error();
      slot = {*entry.inside, std::move(*opened)};
    }
    return slot.archive.get();
  }

  const archive::Archive& outer_;
  const std::vector<Listed>& listed_;
  std::vector<Open> open_;  // by depth - 1
};

struct Listing {
  std::unique_ptr<archive::Archive> outer;
  std::vector<Listed> entries;
};

Result<Listing> list(const std::string& address, bool recursive) {
  // An archive on disk: only its index is read for a listing.
  auto opened = open_archive_at(address);
  if (!opened) return opened.error();
  Listing listing{std::move(*opened), {}};
  const auto split = split_address(address);  // it opened, so it splits
  const ListRequest request{recursive, split->entries.size()};
  if (auto status = list_into(address, *listing.outer, std::nullopt, request, listing.entries); !status)
    return status.error();
  return listing;
}

int print_listing(const std::vector<Listed>& entries, bool json) {
  if (json) {
    auto array = nlohmann::json::array();
    for (const auto& listed : entries) {
      array.push_back({{"path", listed.path},
                       {"size", listed.entry.size},
                       {"stored", listed.entry.stored},
                       {"compression", listed.entry.compression}});
    }
    std::cout << array.dump(2, ' ', false, kReplaceInvalidUtf8) << "\n";
    return kSuccess;
  }
  for (const auto& listed : entries) {
    std::cout << fmt::format("{:>10} {:>10} {:<16} {}\n", listed.entry.size, listed.entry.stored,
                             listed.entry.compression, listed.path);
  }
  return kSuccess;
}

// Where each entry goes: under the folder at its path of entry names, nested archives (with --recursive) as
// folders of their name. The plan refuses names that leave the folder, two entries on one file, writing over
// the archive, and existing files without --force, before anything is written.
Result<OutputPlan> plan_extraction(const std::string& root, const std::vector<Listed>& entries,
                                   const fs::path& out, bool force, std::vector<const Listed*>& planned) {
  OutputPlan plan{force};
  plan.protect_input(root);
  for (const auto& listed : entries) {
    if (listed.is_archive || listed.entry.compression == "blank") continue;
    std::string relative = listed.path.substr(root.size() + 1);
    std::replace(relative.begin(), relative.end(), ':', '/');
    const fs::path target(relative);
    auto output = mirrored_output(out, target, target.extension().string());
    if (!output) {
      Error error = output.error();
      error.message = "entry name would leave the output folder; not extracted";
      error.file = listed.path;
      return error;
    }
    plan.add(listed.path, *output);
    planned.push_back(&listed);
  }
  return plan;
}

}  // namespace

Verb add_ls(CLI::App& app) {
  auto* command =
      app.add_subcommand("ls", "List the entries of an archive (ARCHIVE, or ARCHIVE:ENTRY nested)");
  auto address = std::make_shared<std::string>();
  auto recursive = std::make_shared<bool>(false);
  auto json = std::make_shared<bool>(false);
  command->add_option("archive", *address, "The archive (or an archive entry of one)")->required();
  command->add_flag("--recursive,-r", *recursive, "List the entries of archives inside it too");
  command->add_flag("--json", *json, "JSON: [{path, size, stored, compression}]");
  return {command, [=] {
            auto listing = list(*address, *recursive);
            if (!listing) return report_error(listing.error());
            return print_listing(listing->entries, *json);
          }};
}

Verb add_extract(CLI::App& app) {
  auto* command = app.add_subcommand("extract", "Write the entries of an archive as files, byte for byte");
  auto address = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto recursive = std::make_shared<bool>(false);
  auto force = std::make_shared<bool>(false);
  command->add_option("archive", *address, "The archive (or an archive entry of one)")->required();
  command->add_option("outdir", *out, "The folder to write the entries into")->required();
  command->add_flag("--recursive,-r", *recursive, "Archives inside it become folders of their entries");
  command->add_flag("--force", *force, "Replace files that already exist");
  return {command, [=] {
            auto listing = list(*address, *recursive);
            if (!listing) return report_error(listing.error());
            std::vector<const Listed*> planned;
            auto plan = plan_extraction(*address, listing->entries, *out, *force, planned);
            if (!plan) return report_error(plan.error());
            if (!plan->conflicts().empty()) return plan->refuse();
            // One entry in memory at a time: read where it lies, written, dropped.
            EntryReader reader(*listing->outer, listing->entries);
            for (std::size_t i = 0; i < planned.size(); ++i) {
              auto bytes = reader.read(*planned[i]);
              if (!bytes) return report_error(bytes.error());
              if (auto written = write_planned(plan->outputs()[i], *bytes); !written)
                return report_error(written.error());
            }
            status() << fmt::format("extracted {} entries of {} to {}\n", planned.size(), *address, *out);
            return int{kSuccess};
          }};
}

Verb add_pack(CLI::App& app) {
  auto* command = app.add_subcommand("pack", "Write an archive from a folder (the inverse of extract)");
  auto folder = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto like = std::make_shared<std::string>();
  auto force = std::make_shared<bool>(false);
  command->add_option("folder", *folder, "The folder whose files become the entries")->required();
  command->add_option("archive", *out, "The archive to write; its extension picks the container")->required();
  command->add_option("--like", *like,
                      "An archive to follow: its order, layout and compression, and its stored bytes for "
                      "unchanged entries");
  command->add_flag("--force", *force, "Replace the archive if it exists");
  return {command, [=] {
            OutputPlan plan{*force};
            plan.protect_input(*like);
            plan.add(*folder, *out);
            if (!plan.conflicts().empty()) return plan.refuse();
            std::optional<std::vector<std::uint8_t>> model;
            if (!like->empty()) {
              auto read = read_address(*like);
              if (!read) return report_error(read.error());
              model = std::move(read->bytes);
            }
            auto packed = pack_folder(*folder, fs::path(*out).filename().string(), model ? &*model : nullptr);
            if (!packed) return report_error(packed.error());
            if (auto written = write_planned(plan.outputs().front(), *packed); !written)
              return report_error(written.error());
            status() << fmt::format("packed {} into {} ({} bytes)\n", *folder, *out, packed->size());
            return int{kSuccess};
          }};
}

}  // namespace bonebridge::cli
