// SPDX-License-Identifier: MIT
#pragma once
// Reading and writing the Sith engine's .key keyframe files. The reader follows the engine's line grammar
// (research/sith-key.md §1) but tolerates what only a game would reject; each tolerated deviation is kept as
// a ReaderNote with its line so `validate` can report it.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/formats/sith/key/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::sith {

inline constexpr std::string_view kKeyFormat = "Sith .key";

namespace key {
Result<Document> read(std::span<const std::uint8_t> bytes);
Result<Document> read(std::string_view text);

// The source text when the content is unchanged, otherwise the conventional layout of §1.5.
std::string write_text(const Document& file);
std::vector<std::uint8_t> write(const Document& file);
// Always the conventional layout; floats are printed in fixed notation with as many decimals as they need to
// read back to the same value (at least the conventional ones).
std::string write_conventional(const KeyContent& content, std::string_view banner_comment);
}  // namespace key

// Field-by-field equality, floats compared by value (any NaN equals any NaN).
bool same_content(const KeyContent& a, const KeyContent& b);

}  // namespace bonebridge::sith
