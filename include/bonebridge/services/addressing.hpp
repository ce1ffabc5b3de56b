// SPDX-License-Identifier: MIT
#pragma once
// The containers bonebridge reads (one archive::ArchiveKind row each), and addresses that reach into them:
// "GAME.vpp_pc:anims.str2_pc:walk.anim_pc" names entry walk.anim_pc of the .str2_pc inside the .vpp_pc;
// "ANIM.HQR:12" names entry 12. An entry is found by its stored name (case-insensitively) or by its index.
// Whether an entry is itself an archive is decided in one place, open_if_archive, for every walk into
// archives.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bonebridge/archive/archive.hpp"
#include "bonebridge/io/nearby.hpp"

namespace bonebridge {

// Every container: the engine-neutral ones (src/archive), then those the family rows bring, by id.
std::vector<const archive::ArchiveKind*> archive_kinds();

// The container a file is, by its extension when that names one, else by its bytes; nullptr when none.
const archive::ArchiveKind* find_archive_kind(const std::filesystem::path& named,
                                              std::span<const std::uint8_t> bytes);

// Whether a file or entry name has an archive's extension (hero.str2_pc): how nested archives are found
// without sniffing every entry. A name alone does not make an archive: see open_if_archive.
bool names_an_archive(const std::filesystem::path& name);

// Archives open inside one another at most this deep, the outermost counting as the first: an archive that
// lies inside 8 others is not opened, and the walk or address that reaches it fails naming it. Games nest two
// deep (a .vpp_pc holding .str2_pc files); the bound stops an archive crafted or damaged to hold itself.
inline constexpr std::size_t kMaxArchiveDepth = 8;

// A file or entry that a walk into archives meets.
struct ArchiveCandidate {
  std::string address;    // a path on disk, or ARCHIVE:ENTRY[:ENTRY]: what errors name
  std::string name;       // its own name (an entry's stored name), whose extension names its kind
  std::size_t depth = 0;  // how many archives it lies in: 0 for a file on disk
  // Its bytes (an entry's, from the archive the walk holds open); unset for a file on disk, which is read
  // from `address` only when its kind needs its bytes.
  std::function<Result<std::vector<std::uint8_t>>()> read;
};

// The one rule for what opens as an archive, followed by ls -r, extract -r, batch, characters (the install
// view) and addresses (A:B:C): a file or entry whose name has an archive's extension and whose kind confirms
// that its bytes hold entries (archive::ArchiveKind::holds_entries; a WDB part file holds only itself), lying
// in fewer than kMaxArchiveDepth archives. Returns the archive (a file on disk: its index only, when its
// container reads entries where they lie), nullptr when it is a file, or an error when it does not open or
// lies too deep.
Result<std::unique_ptr<archive::Archive>> open_if_archive(const ArchiveCandidate& candidate);

struct AddressedFile {
  std::vector<std::uint8_t> bytes;
  std::string name;       // the file's own name: the last entry's stored name, else the path
  std::string container;  // the innermost archive's name; empty for a plain file
};

// The entry of `archive` that `wanted` names: its stored name, in any letter case, its name without the
// extension when only one entry has that stem, or its index; nullopt when none.
std::optional<std::size_t> entry_index(const archive::Archive& archive, const std::string& wanted);

// Entry `index` of `archive`, its errors naming it by `address` (ARCHIVE:ENTRY).
Result<std::vector<std::uint8_t>> read_entry(const archive::Archive& archive, std::size_t index,
                                             const std::string& address);

// Reads a plain file, or the entry an address names. Errors name the address and, for entries, the archive.
Result<AddressedFile> read_address(const std::string& address);

// Splits an address into the file on disk and the entry names after it (none for a plain file). The file is
// the longest prefix before a ':' that exists; nullopt when no prefix does.
struct SplitAddress {
  std::string file;
  std::vector<std::string> entries;
};
std::optional<SplitAddress> split_address(const std::string& address);

// An entry's name as the games compare names: any letter case, '/' and '\' one separator, empty parts dropped
// ("3do/SED_PD.3do" and "3do\sed_pd.3do" are one entry).
std::string entry_key(const std::string& name);

// A NearbyFiles (io/nearby.hpp) that also finds files inside archives: the folders near "Res2.gob:3do\ky.3do"
// are folders of Res2.gob ("Res2.gob:mat"). Each archive is read once per finder.
std::shared_ptr<const NearbyFiles> archive_files();

// An archive already opened, by its address (a file, or an entry of another archive).
struct OpenedArchive {
  std::string address;
  std::shared_ptr<const archive::Archive> archive;
};
// The same finder, holding `opened` from the start: a batch (or an install view) lists an archive once and
// its items read their entries through the same opened archive (an archive on disk keeps only its index).
std::shared_ptr<const NearbyFiles> archive_files(std::vector<OpenedArchive> opened);

// Reads the file or entry at `address` through `files` (archives it has opened stay open for the next read),
// with the name and container read_address gives.
Result<AddressedFile> read_address(const std::string& address, const NearbyFiles& files);

// Opens the archive file at `path` reading only its index when its container reads from disk (GOB), whole
// otherwise. A file that open_if_archive finds is no archive (a WDB part file) is an error saying what it is.
Result<std::unique_ptr<archive::Archive>> open_archive_file(const std::filesystem::path& path);

// The archive at `address`: a file on disk through open_archive_file, an entry of another archive read whole
// and opened under its own name.
Result<std::unique_ptr<archive::Archive>> open_archive_at(const std::string& address);

// Opens `bytes` (named `name`) as an archive, with the error a user needs when it is not one (by its
// extension, else by its bytes; a kind's lone file, such as a WDB part file, is not one).
Result<std::unique_ptr<archive::Archive>> open_archive(const std::string& name,
                                                       std::vector<std::uint8_t> bytes);

// The archive `name` (its bytes) written anew with the entry at `path` (entry names or indices, nested
// archives in between) replaced by `bytes`: every other entry keeps its stored bytes, each archive its
// layout. Returns the outermost archive's new bytes.
Result<std::vector<std::uint8_t>> replace_entry(const std::string& name, std::vector<std::uint8_t> archive,
                                                std::span<const std::string> path,
                                                std::vector<std::uint8_t> bytes);

// An archive named `name` holding the files of `folder` as entries: with a `model` archive (its bytes), in
// the model's order and layout, unchanged files reusing the model's stored bytes, new files after them;
// without, sorted by name in the container's default layout. A subfolder named like an archive
// (hero.str2_pc/, as `extract --recursive` writes them) becomes that nested archive.
Result<std::vector<std::uint8_t>> pack_folder(const std::filesystem::path& folder, const std::string& name,
                                              const std::vector<std::uint8_t>* model);

}  // namespace bonebridge
