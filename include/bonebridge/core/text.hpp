// SPDX-License-Identifier: MIT
#pragma once
// Names in game files are bytes in some 8-bit code page; JSON and glTF need UTF-8. Valid UTF-8 (ASCII
// included) passes unchanged; anything else is read as Latin-1, so that no name can make a writer fail.
#include <string>
#include <string_view>

namespace bonebridge {

bool is_valid_utf8(std::string_view text);
std::string to_utf8(std::string_view bytes);

// ASCII letters in lower case, other bytes as they are: how the games' (DOS, Windows) file systems compare
// names, and how extensions and keywords are matched.
std::string fold_case(std::string_view text);
// Whether a and b are the same name compared that way.
bool equal_folded(std::string_view a, std::string_view b);

}  // namespace bonebridge
