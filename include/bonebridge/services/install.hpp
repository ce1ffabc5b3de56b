// SPDX-License-Identifier: MIT
#pragma once
// The install view (io/install_view.hpp) over a folder, an archive or a single file: every file on disk below
// the folder and every entry of every archive found there (by extension), nested archives included.
#include <memory>
#include <string>

#include "bonebridge/io/install_view.hpp"

namespace bonebridge {

// Lists everything at `address` (a folder, an archive file or entry, or one file). An archive that does not
// open is listed as a file with a note (InstallView::notes); the view fails only when `address` itself cannot
// be read.
Result<std::shared_ptr<const InstallView>> open_install(const std::string& address);

}  // namespace bonebridge
