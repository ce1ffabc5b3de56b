// SPDX-License-Identifier: MIT
#pragma once
// LEGO Island SI ("Interleaf") files: RIFF "OMNI" holding an MxHd header (version, buffer size, buffer
// count), an MxOf table of stream offsets indexed by object id, and a LIST "MxSt" of streams. Each stream
// (an MxSt chunk) holds one MxOb object record, which may nest child objects (composites), and a LIST
// "MxDa" of MxCh data chunks of that object and its children, interleaved. A data chunk never crosses a
// buffer boundary: one that would is split (flag 0x10) into consecutive pieces, and the ends of buffers are
// filled with "pad " chunks.
//
// Entries are the objects that carry data, in the order their MxOb records appear; an entry's bytes are its
// data chunks joined in file order. An object with media format " OBJ" and one of the LegoAnimPresenter
// presenters holds one LegoAnim (.ani) and its entry is named "<object name>.ani"; other entries keep the
// object name as it is. Names shared by several entries get "#<object id>" before any ".ani" suffix (an
// empty name becomes "#<object id>"); if that still collides, "~<entry index>" follows the id.
//
// Layout sources (read, not copied): isledecomp/SIEdit libweaver (include/libweaver/sitypes.h,
// lib/interleaf.cpp) and the engine's own readers in isledecomp/isle (LEGO1/omni/src/action/mxds*.cpp for the
// object record, mxstreamchunk.cpp and mxdsbuffer.cpp for chunks, split joining and padding, mxdsfile.cpp for
// the header). No SI file is public: everything is tested on files laid out from those sources.
#include <cstdint>

#include "bonebridge/archive/archive.hpp"

namespace bonebridge::archive {

inline constexpr const char* kSiFormat = "LEGO Island SI";

inline constexpr std::uint32_t kSiVersion22 = 0x00020002;  // major 2 in the low half, minor 2 in the high
inline constexpr std::uint32_t kSiVersion21 = 0x00010002;

// The MxHd header of a new SI file. The defaults are what isle-portable's asset builder writes (and the
// engine loads): version 2.2, 64 KiB buffers, 8 of them. LEGO1 accepts version 2.2 only.
struct SiLayout {
  std::uint32_t version = kSiVersion22;
  std::uint32_t buffer_size = 65536;  // even, 64 bytes to 16 MiB
  std::uint32_t buffer_count = 8;
};

const ArchiveKind& si_kind();

// Writes `entries`.
//
// Without a model, each entry becomes a top-level object action whose id is its index (so MxOf entry i
// points at it), media format " OBJ", source path the entry name; an entry named "*.ani" is named without
// the suffix and played by LegoAnimPresenter (other entries have no presenter). Each object's data goes in
// one chunk, split at buffer boundaries, followed by its end-of-stream chunk; the file is padded to a whole
// number of buffers, as the engine reads whole buffers.
//
// With a `model` (an opened SI), `entries` must be the model's entries in their order, each kept or
// replaced by new bytes under the same name; objects cannot be added, removed, renamed or reordered. An
// unchanged list gives the model's bytes. Otherwise the model's header, object records and chunk order are
// kept and its streams are laid out again with the rules above; a replaced entry must be an object whose
// data is one chunk (an animation, a model), since splitting sound or video into its timed chunks needs
// codecs we do not have.
Result<std::vector<std::uint8_t>> write_si(const std::vector<EntrySource>& entries, const SiLayout& layout);
Result<std::vector<std::uint8_t>> write_si(const std::vector<EntrySource>& entries, const Archive& model);

}  // namespace bonebridge::archive
