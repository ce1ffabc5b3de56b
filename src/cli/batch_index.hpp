// SPDX-License-Identifier: MIT
#pragma once
// `batch --preview`: the index page in the output folder, linking every item's glTF file and preview page.
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace bonebridge::cli {

// One row per item of the batch, in its order: `records` are the items' `batch --json` records (written,
// skipped or failed). Links are relative to `out`, the output folder the page is written to.
std::string batch_index_page(const std::string& input, const std::filesystem::path& out,
                             const std::vector<nlohmann::json>& records);

}  // namespace bonebridge::cli
