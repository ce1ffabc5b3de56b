#pragma once
// HQR archives on the archive interface (include/bonebridge/archive/archive.hpp): entries are named by their
// slot index ("0", "1", ...), blank slots listed with compression "blank".
#include "bonebridge/archive/archive.hpp"

namespace bonebridge::lba {

const archive::ArchiveKind& hqr_kind();

}  // namespace bonebridge::lba
