// SPDX-License-Identifier: MIT
#pragma once
// Sith engine GOB/GOO archives (Jedi Knight, Mysteries of the Sith, Indiana Jones and the Infernal Machine):
// "GOB " + u32 version 0x14 + u32 directory offset; the directory is a u32 count, then per file {u32 offset,
// u32 size, char[128] path}. No compression. Layout and lookup rules: OpenJKDF2 src/Win95/stdGob.c.
#include <string>
#include <string_view>

#include "bonebridge/archive/archive.hpp"

namespace bonebridge::archive {

inline constexpr const char* kGobFormat = "Sith GOB archive";

const ArchiveKind& gob_kind();

// The path as the engine can find it: stdGob_FileOpen lower-cases the requested path and turns '/' into '\'
// before an exact, case-sensitive lookup, so a stored path must already be in that form.
std::string gob_path(std::string_view name);

// Writes `entries`. New entries' names are stored as gob_path gives them (at most 127 bytes). With a
// `model` (an opened GOB), kept entries keep their stored path field and bytes, and the model's file order
// and the bytes between its entries stay: the directory keeps its place, new entries go after the model's
// last entry. Without one, the directory follows the header and the entries follow it in order.
Result<std::vector<std::uint8_t>> write_gob(const std::vector<EntrySource>& entries,
                                            const Archive* model = nullptr);

}  // namespace bonebridge::archive
