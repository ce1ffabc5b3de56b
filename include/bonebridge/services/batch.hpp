// SPDX-License-Identifier: MIT
#pragma once
// What a batch converts, decided from one install view (services/install.hpp): the files and archive entries
// a family claims, and with characters, each character the game defines with the files that belong to none.
// The CLI only names the outputs, converts and reports.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "bonebridge/io/install_view.hpp"
#include "bonebridge/plugin/family.hpp"

namespace bonebridge {

struct BatchItem {
  static constexpr std::uint64_t kUnknownSize = ~std::uint64_t{0};
  std::string input;                     // the address it reads; for a character, "character NAME"
  std::filesystem::path relative;        // its output below the output folder, before the glTF extension
  const Character* character = nullptr;  // the character it writes, else null
  std::uint64_t size = kUnknownSize;     // the input's bytes: larger items are started first
};

// Every file of `view` that a family claims by its name, and every entry of an archive whose own name names a
// family (HQR entries are numbered), at its path below the view's origin; an archive's entries under a folder
// of its name. (An archive given as the view's origin: its entries under a folder of the archive's name.)
std::vector<BatchItem> batch_items(const InstallView& view);

// A batch by character: a glTF per character in the install (named after it; none for a character not in
// this install), then the items that convert alone: those a family listed as belonging to no character, and
// those of families that define no characters. Other files of a family with characters (a numbered HQR entry,
// a .mat) are parts the characters use or data of no glTF form. `list` must outlive the items.
std::vector<BatchItem> character_batch(const CharacterList& list, std::vector<BatchItem> items);

}  // namespace bonebridge
