// SPDX-License-Identifier: MIT
#pragma once
// A Resonite package (.resonitepackage) and the data trees inside it, mirrored as stored
// (research/characters.md part A §3):
//  - the package is a ZIP: "R-Main.record" (JSON: assetUri "packdb:///<sha256>" names the main asset,
//    assetManifest lists the others), "Assets/<sha256>" blobs, "Metadata/<sha256>.bitmap" JSON;
//  - the main asset is an FrDT data tree (Elements.Core DataTreeConverter): "FrDT", int32 version,
//    7-bit-encoded compression id, then one BSON document, compressed as the id says.
// The original bytes are kept: writing back an unchanged package gives them back exactly.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace bonebridge::animx::package {

// DataTreeConverter.Compression.
enum class TreeCompression : std::uint64_t { None = 0, Lz4 = 1, Lzma = 2, Brotli = 3 };

struct DataTree {
  std::int32_t version = 0;
  TreeCompression compression = TreeCompression::Brotli;
  nlohmann::json root;  // the BSON document (VersionNumber, FeatureFlags, Types, TypeVersions, Object ...)
};

// One file of the ZIP, its bytes decompressed.
struct Entry {
  std::string name;  // "R-Main.record", "Assets/<sha256>"
  std::vector<std::uint8_t> bytes;
};

struct Document {
  std::vector<std::uint8_t> bytes;  // the ZIP as read
  std::vector<Entry> entries;       // in the ZIP's order
  nlohmann::json record;            // R-Main.record
  std::string main_asset;           // the hash of assetUri
  DataTree tree;                    // the main asset
};

}  // namespace bonebridge::animx::package
