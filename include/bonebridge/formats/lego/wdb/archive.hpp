// SPDX-License-Identifier: MIT
#pragma once
// WORLD.WDB browsed like an archive (include/bonebridge/archive/archive.hpp), read only. Entries:
//   - every part (LOD list) as "<name>.wdb" ("head.wdb", "bodyred.wdb"): a WORLD.WDB of its own holding that
//     part in its global part block and the textures its meshes name in its global texture block (one image
//     per name: of a '^' pair the one the game keeps), so that `convert WORLD.WDB:head.wdb head.glb` converts
//     it textured and an extracted part opens like any WORLD.WDB. A part file is a document, not an archive
//     (the row's holds_entries): listed, it would hold only itself, and so on without end;
//   - every world's part and model blobs as stored: "<world>/parts/<name>.bin", "<world>/models/<name>.bin".
#include <cstdint>
#include <string_view>
#include <vector>

#include "bonebridge/archive/archive.hpp"
#include "bonebridge/formats/lego/wdb/document.hpp"

namespace bonebridge::lego::wdb {

const archive::ArchiveKind& wdb_kind();

// The standalone WORLD.WDB of one part (see above); empty when `document` has no part so named.
std::vector<std::uint8_t> part_file(const Document& document, std::string_view part);

}  // namespace bonebridge::lego::wdb
