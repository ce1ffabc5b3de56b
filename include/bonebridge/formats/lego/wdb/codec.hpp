// SPDX-License-Identifier: MIT
#pragma once
// Reading and writing WORLD.WDB bytes. The reader follows the decompiled loader (document.hpp), checks every
// count against the bytes left before allocating, and requires the blobs the world table points at to lie
// one after another without overlapping (gaps are kept as bytes). A part or model blob that does not parse is
// kept as bytes, so that the other parts still read; `blob_error` says why. write(read(bytes)) == bytes.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bonebridge/formats/lego/wdb/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::lego::wdb {

inline constexpr const char* kFormatName = "LEGO Island WORLD.WDB";

Result<Document> read(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write(const Document& document);

// Why `document` cannot be written faithfully (a count beyond its field, a reference that does not point at
// its blob as laid out, a '^' texture without its second image). Empty when writable.
std::vector<std::string> writable(const Document& document);

// The blobs alone; offsets in errors are `base` plus the offset inside the blob.
Result<PartBlob> read_part_blob(std::span<const std::uint8_t> bytes, std::uint64_t base = 0);
Result<ModelBlob> read_model_blob(std::span<const std::uint8_t> bytes, std::uint64_t base = 0);
std::vector<std::uint8_t> write_part_blob(const PartBlob& blob);
std::vector<std::uint8_t> write_model_blob(const ModelBlob& blob);

// Where each mesh of `blob` starts (its u16 polygon count), from the blob's first byte: [ROI][LOD][mesh]; and
// where the global part block starts in the file `document` writes. For errors that name a byte offset.
std::vector<std::vector<std::vector<std::size_t>>> mesh_offsets(const PartBlob& blob);
std::size_t global_parts_offset(const Document& document);

// Why the blob at `index` was kept as bytes: its parse error, or nullopt when it parsed (or no reference
// points at it).
std::optional<Error> blob_error(const Document& document, std::size_t index);

// A stored name up to its first NUL: world, part and model names carry one.
std::string_view display_name(std::string_view stored);

}  // namespace bonebridge::lego::wdb
