// SPDX-License-Identifier: MIT
#pragma once
// The files a document names (a model's .mat files, a puppet's keys), found through the caller's bb_files
// callbacks the way io/nearby.hpp finds them on disk: the library itself opens no file.
#include <memory>

#include "bonebridge/bonebridge.h"
#include "bonebridge/io/nearby.hpp"

struct bb_sink {
  std::vector<std::uint8_t> bytes;
};

namespace bonebridge::capi {

// The caller's files, or (for NULL) none at all.
std::shared_ptr<const NearbyFiles> caller_files(const bb_files* files);

}  // namespace bonebridge::capi
