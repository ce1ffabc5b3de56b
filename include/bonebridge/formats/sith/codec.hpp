#pragma once
// Reading and writing the Sith engine's .key keyframe files and the hierarchy and meshes of .3do models.
// The readers follow the engine's line grammar (research/sith-key.md §1) but tolerate what only a game would
// reject; each tolerated deviation is kept as a ReaderNote with its line so `validate` can report it.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/formats/sith/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::sith {

inline constexpr std::string_view kKeyFormat = "Sith .key";
inline constexpr std::string_view kModelFormat = "Sith .3do";

Result<KeyFile> read_key(std::span<const std::uint8_t> bytes);
Result<KeyFile> read_key(std::string_view text);

// The source text when the content is unchanged, otherwise the conventional layout of §1.5.
std::string write_key_text(const KeyFile& file);
std::vector<std::uint8_t> write_key(const KeyFile& file);
// Always the conventional layout; floats are printed in fixed notation with as many decimals as they need to
// read back to the same value (at least the conventional ones).
std::string write_key_conventional(const KeyContent& content, std::string_view banner_comment);

// Field-by-field equality, floats compared by value (any NaN equals any NaN).
bool same_content(const KeyContent& a, const KeyContent& b);

Result<ModelFile> read_model(std::span<const std::uint8_t> bytes);
Result<ModelFile> read_model(std::string_view text);
// The source text, with HIERARCHYDEF rows rewritten in place where the hierarchy was edited. Meshes and the
// other sections cannot be edited (an edited mesh, or a node added or removed, is an error).
Result<std::vector<std::uint8_t>> write_model(const ModelFile& file);
bool same_content(const ModelContent& a, const ModelContent& b);

}  // namespace bonebridge::sith
