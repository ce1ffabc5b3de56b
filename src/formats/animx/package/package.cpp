// SPDX-License-Identifier: MIT
// Resonite packages: a ZIP read from memory with libzip, its record JSON, and the main asset's data tree.
#include <fmt/format.h>
#include <zip.h>
#include <algorithm>
#include <memory>

#include "bonebridge/formats/animx/package/codec.hpp"

namespace bonebridge::animx::package {
namespace {

// No entry may decode beyond this, nor beyond what DEFLATE could expand the whole package to (1032:1).
constexpr std::uint64_t kMaxEntryBytes = std::uint64_t{256} << 20;
constexpr std::uint64_t kDeflateRatio = 1032;

Error package_error(std::string message) {
  return Error{kPackageFormat, std::move(message), {}, {}, {}};
}

using Archive = std::unique_ptr<zip_t, decltype(&zip_discard)>;

Result<Archive> open_zip(std::span<const std::uint8_t> bytes) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  zip_t* archive = source ? zip_open_from_source(source, ZIP_RDONLY, &error) : nullptr;
  if (!archive) {
    if (source) zip_source_free(source);
    const std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    return package_error(fmt::format("not a ZIP archive ({})", why));
  }
  zip_error_fini(&error);
  return Archive(archive, zip_discard);
}

// Reads in chunks, never trusting the declared size for an allocation; libzip checks the CRC at the end.
Result<Entry> read_entry(zip_t* archive, zip_uint64_t index, std::uint64_t limit) {
  zip_stat_t stat;
  zip_stat_init(&stat);
  if (zip_stat_index(archive, index, 0, &stat) != 0 || !(stat.valid & ZIP_STAT_NAME)) {
    return package_error(fmt::format("entry {}: unreadable directory record", index));
  }
  Entry entry{stat.name, {}};
  if ((stat.valid & ZIP_STAT_SIZE) && stat.size > limit) {
    return package_error(fmt::format("entry {}: declares {} bytes, beyond the {} this package could hold",
                                     entry.name, stat.size, limit));
  }
  const std::unique_ptr<zip_file_t, decltype(&zip_fclose)> file(zip_fopen_index(archive, index, 0),
                                                                zip_fclose);
  if (!file) {
    return package_error(fmt::format("entry {}: cannot be opened ({})", entry.name, zip_strerror(archive)));
  }
  for (;;) {
    std::uint8_t chunk[65536];
    const zip_int64_t count = zip_fread(file.get(), chunk, sizeof chunk);
    if (count < 0) {
      return package_error(
          fmt::format("entry {}: corrupt data ({})", entry.name, zip_file_strerror(file.get())));
    }
    if (count == 0) return entry;
    entry.bytes.insert(entry.bytes.end(), chunk, chunk + count);
    if (entry.bytes.size() > limit) {
      return package_error(fmt::format("entry {}: expands beyond {} bytes", entry.name, limit));
    }
  }
}

Result<std::vector<Entry>> read_entries(std::span<const std::uint8_t> bytes) {
  auto archive = open_zip(bytes);
  if (!archive) return archive.error();
  const zip_int64_t count = zip_get_num_entries(archive->get(), 0);
  const std::uint64_t limit = std::min(kMaxEntryBytes, kDeflateRatio * bytes.size());
  std::vector<Entry> entries;
  std::uint64_t total = 0;
  for (zip_int64_t i = 0; i < count; ++i) {
    auto entry = read_entry(archive->get(), static_cast<zip_uint64_t>(i), limit - total);
    if (!entry) return entry.error();
    total += entry->bytes.size();
    entries.push_back(std::move(entry).value());
  }
  return entries;
}

Result<nlohmann::json> read_record(const Entry& entry) {
  auto record = nlohmann::json::parse(entry.bytes.begin(), entry.bytes.end(), nullptr, false);
  if (record.is_discarded() || !record.is_object()) {
    return package_error(fmt::format("entry {}: not a JSON object", entry.name));
  }
  return record;
}

std::string string_member(const nlohmann::json& object, const char* name) {
  const auto it = object.find(name);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

Result<const Entry*> named_asset(const package::Document& package, const std::string& hash,
                                 const std::string& why) {
  const std::string name = asset_entry(hash);
  const Entry* entry = find_entry(package, name);
  if (!entry) return package_error(fmt::format("entry {}: missing ({})", name, why));
  return entry;
}

// Every asset of the manifest is present.
Status check_manifest(const package::Document& package) {
  const auto it = package.record.find("assetManifest");
  if (it == package.record.end() || !it->is_array()) return Ok{};
  for (const auto& asset : *it) {
    if (!asset.is_object()) continue;
    auto entry = named_asset(package, string_member(asset, "hash"), "listed in the record's assetManifest");
    if (!entry) return entry.error();
  }
  return Ok{};
}

}  // namespace

std::string asset_entry(std::string_view hash) {
  return "Assets/" + std::string(hash);
}

const Entry* find_entry(const package::Document& package, std::string_view name) {
  const auto it = std::find_if(package.entries.begin(), package.entries.end(),
                               [name](const Entry& entry) { return entry.name == name; });
  return it == package.entries.end() ? nullptr : &*it;
}

std::string packdb_hash(std::string_view url) {
  if (url.starts_with('@')) url.remove_prefix(1);
  constexpr std::string_view kScheme = "packdb:///";
  return url.starts_with(kScheme) ? std::string(url.substr(kScheme.size())) : std::string();
}

Result<package::Document> read(std::span<const std::uint8_t> bytes) {
  return guard(kPackageFormat, [&]() -> Result<package::Document> {
    package::Document package;
    package.bytes.assign(bytes.begin(), bytes.end());
    auto entries = read_entries(bytes);
    if (!entries) return entries.error();
    package.entries = std::move(entries).value();
    const Entry* record_entry = find_entry(package, kRecordEntry);
    if (!record_entry)
      return package_error(fmt::format("entry {}: missing (every package has one)", kRecordEntry));
    auto record = read_record(*record_entry);
    if (!record) return record.error();
    package.record = std::move(record).value();
    const std::string uri = string_member(package.record, "assetUri");
    package.main_asset = packdb_hash(uri);
    if (package.main_asset.empty()) {
      return package_error(
          fmt::format("entry {}: assetUri \"{}\" is not a packdb:/// address", kRecordEntry, uri));
    }
    auto main = named_asset(package, package.main_asset, "the record's assetUri, the main asset");
    if (!main) return main.error();
    auto tree = read_data_tree((*main)->bytes);
    if (!tree) {
      Error error = tree.error();
      error.message = fmt::format("entry {}: {}", (*main)->name, error.message);
      return error;
    }
    package.tree = std::move(tree).value();
    if (auto manifest = check_manifest(package); !manifest) return manifest.error();
    return package;
  });
}

}  // namespace bonebridge::animx::package
