// SPDX-License-Identifier: MIT
// Opening one input: its bytes read by address (or given), its family chosen, its settings checked, its
// companions read, and the family's document opened.
#include <tuple>

#include "bonebridge/registry/registry.hpp"
#include "bonebridge/services/addressing.hpp"
#include "bonebridge/services/settings.hpp"
#include "steps.hpp"

namespace bonebridge {

namespace conversion {

Error with_file(Error error, const std::string& path) {
  if (error.file.empty()) error.file = path;
  return error;
}

}  // namespace conversion

using conversion::with_file;

namespace {

// The family named by `format`, else by the file's extension, else by the bytes; with how it was chosen.
std::pair<const FormatFamily*, std::string> choose_family(const std::filesystem::path& named,
                                                          std::span<const std::uint8_t> bytes,
                                                          const std::string& format) {
  if (!format.empty()) return {find_family_by_id(format), "format option"};
  if (const auto* family = find_family_by_extension(named)) return {family, "extension"};
  // An extension that names a container (.gob, .vpp_pc) decides as a family's would: no document, and the
  // error says it is an archive, instead of a family guessing from the archive's bytes.
  if (names_an_archive(named)) return {nullptr, "extension"};
  return {find_family(named, bytes), "content"};
}

}  // namespace

// Companion files (--model, --rig, --body, ...) may be archive entries too: read them here, by address. Files
// that a document names itself are looked for inside archives too.
Status read_companions(const FormatFamily& family, Options& options) {
  if (options.nearby == disk_files()) options.nearby = archive_files();
  for (const auto& key : companion_names(family)) {
    const auto address = options.get(key);
    if (!address || options.companions.contains(key)) continue;
    auto companion = read_address(*address, *options.nearby);
    if (!companion) return with_file(companion.error(), *address);
    options.companions[key] = std::move(companion->bytes);
  }
  return Ok{};
}

namespace {

// An address, read through the options' finder when it reaches into archives (a batch's, which keeps them
// open). Standard input is the caller's to read (the library reads none): see open_input.
Result<AddressedFile> read_input(const std::string& path, const Options& options) {
  return options.nearby == disk_files() ? read_address(path) : read_address(path, *options.nearby);
}

// Why no family opens a file: an unknown --format, a container (which holds files rather than being one), or
// nothing known.
std::string unrecognised(const std::filesystem::path& named, std::span<const std::uint8_t> bytes,
                         const std::string& format) {
  if (!format.empty()) return "unknown format '" + format + "' (see `bonebridge formats`)";
  if (const auto* kind = find_archive_kind(named, bytes)) {
    return "a " + kind->title +
           ": an archive holds files rather than being one: `bonebridge ls` lists its "
           "entries, ARCHIVE:ENTRY names one, `bonebridge characters` lists what it defines";
  }
  return "no format family recognises this file (see `bonebridge formats`)";
}

}  // namespace

Result<LoadedInput> load_input(const std::string& path, const Options& options, const std::string& format,
                               std::span<const FormatFamily* const> elsewhere) {
  auto file = read_input(path, options);
  if (!file) return with_file(file.error(), path);
  return open_input(std::move(*file), path, options, format, elsewhere);
}

Result<LoadedInput> open_input(AddressedFile file, const std::string& path, const Options& options,
                               const std::string& format, std::span<const FormatFamily* const> elsewhere) {
  LoadedInput input;
  input.bytes = std::move(file.bytes);
  // An entry named without an extension (HQR entries are numbered) is found by its archive's extension.
  const bool named = !std::filesystem::path(file.name).extension().empty();
  const std::filesystem::path deciding = named || file.container.empty() ? file.name : file.container;
  std::tie(input.family, input.detected_by) = choose_family(deciding, input.bytes, format);
  if (!input.family) return Error{"", unrecognised(deciding, input.bytes, format), {}, {}, path};
  if (auto checked = check_settings(*input.family, options, elsewhere); !checked)
    return with_file(checked.error(), path);
  Options opening = options;
  apply_tool_settings(opening);
  if (named && opening.placement.extension.empty()) opening.placement.extension = lower_extension(file.name);
  if (opening.placement.input.empty()) opening.placement.input = path;
  if (auto companions = read_companions(*input.family, opening); !companions) return companions.error();
  auto document = input.family->open(input.bytes, opening);
  if (!document) return with_file(document.error(), path);
  input.document = std::move(document).value();
  input.extension = opening.placement.extension;
  input.companions = std::move(opening.companions);
  return input;
}

}  // namespace bonebridge
