// SPDX-License-Identifier: MIT
#pragma once
// Readers for Resonite packages and FrDT data trees (document.hpp). There is no writer: an unchanged package
// is written back from the bytes it was read from (Package::bytes).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "bonebridge/formats/animx/package/document.hpp"
#include "bonebridge/io/error.hpp"

namespace bonebridge::animx::package {

inline constexpr const char* kPackageFormat = "Resonite package";
inline constexpr const char* kDataTreeFormat = "Resonite data tree";
inline constexpr const char* kRecordEntry = "R-Main.record";

// The header, then the BSON after decompression (at most 64 MiB decoded, nested at most 256 levels deep).
// Version 0 only: Resonite refuses newer ones. Errors carry the byte offset in the data tree.
Result<DataTree> read_data_tree(std::span<const std::uint8_t> bytes);

// The ZIP, its record, and the main asset read as a data tree. Fails when the record, the main asset or an
// asset of the record's manifest is missing; the message names the entry.
Result<Document> read(std::span<const std::uint8_t> bytes);

// "Assets/<hash>".
std::string asset_entry(std::string_view hash);
// The entry called `name`, or nullptr.
const Entry* find_entry(const package::Document& package, std::string_view name);
// The hash of a "packdb:///<hash>" or "@packdb:///<hash>" address; empty when it is not one.
std::string packdb_hash(std::string_view url);

}  // namespace bonebridge::animx::package
