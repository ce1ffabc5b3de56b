// SPDX-License-Identifier: MIT
// ls, extract and pack: what an archive (or an archive inside one) holds, and its entries as files.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "bonebridge/io/file.hpp"
#include "bonebridge/registry/archives.hpp"
#include "outputs.hpp"
#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

namespace fs = std::filesystem;

struct Listed {
  std::string path;  // ARCHIVE:ENTRY[:ENTRY]
  archive::Entry entry;
  std::vector<std::uint8_t> bytes;  // filled only when extracting
  bool is_archive = false;          // a nested archive opened with --recursive
};

Status list_into(const std::string& path, const archive::Archive& archive, bool recursive, bool with_bytes,
                 std::vector<Listed>& out);

Status list_into(const std::string& path, const std::string& name, std::vector<std::uint8_t> bytes,
                 bool recursive, bool with_bytes, std::vector<Listed>& out) {
  auto opened = open_archive(name, std::move(bytes));
  if (!opened) return opened.error();
  return list_into(path, **opened, recursive, with_bytes, out);
}

Status list_into(const std::string& path, const archive::Archive& archive, bool recursive, bool with_bytes,
                 std::vector<Listed>& out) {
  for (std::size_t i = 0; i < archive.entries().size(); ++i) {
    Listed listed{path + ":" + archive.entries()[i].name, archive.entries()[i], {}, false};
    const bool blank = listed.entry.compression == "blank";
    const bool nested = recursive && !blank && names_an_archive(listed.entry.name);
    if ((with_bytes || nested) && !blank) {
      auto read = archive.read(i);
      if (!read) {
        Error error = read.error();
        error.file = listed.path;
        return error;
      }
      listed.bytes = std::move(*read);
    }
    if (nested) {
      listed.is_archive = true;  // listed, but extracted as a folder of its entries: its bytes go inward
      auto inner = std::move(listed.bytes);
      out.push_back(listed);
      if (auto status = list_into(listed.path, listed.entry.name, std::move(inner), true, with_bytes, out);
          !status)
        return status;
      continue;
    }
    out.push_back(std::move(listed));
  }
  return Ok{};
}

Result<std::vector<Listed>> list(const std::string& address, bool recursive, bool with_bytes) {
  // An archive on disk: only its index is read for a listing.
  auto opened = open_archive_at(address);
  if (!opened) return opened.error();
  std::vector<Listed> out;
  if (auto status = list_into(address, **opened, recursive, with_bytes, out); !status) return status.error();
  return out;
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
            auto entries = list(*address, *recursive, false);
            if (!entries) return report_error(entries.error());
            return print_listing(*entries, *json);
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
            auto entries = list(*address, *recursive, true);
            if (!entries) return report_error(entries.error());
            std::vector<const Listed*> planned;
            auto plan = plan_extraction(*address, *entries, *out, *force, planned);
            if (!plan) return report_error(plan.error());
            if (!plan->conflicts().empty()) return plan->refuse();
            for (std::size_t i = 0; i < planned.size(); ++i) {
              if (auto written = write_planned(plan->outputs()[i], planned[i]->bytes); !written)
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
