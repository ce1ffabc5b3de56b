// SPDX-License-Identifier: MIT
// libFuzzer target for the WORLD.WDB reader: any input either fails with an error carrying a byte offset
// within the input, or reads into a document that writes back to exactly the input bytes, whose meshes expand
// or fail with an error, and whose first part converts to the core model.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/lego/wdb/bridge.hpp"
#include "bonebridge/formats/lego/wdb/codec.hpp"
#include "bonebridge/formats/lego/wdb/mesh.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::lego::wdb;
  const std::span<const std::uint8_t> input(data, size);
  const auto document = read(input);
  if (!document.ok()) {
    if (!document.error().offset || *document.error().offset > size) std::abort();
    return 0;
  }
  const auto bytes = write(*document);
  if (bytes.size() != size || !std::equal(bytes.begin(), bytes.end(), input.begin())) std::abort();
  if (!writable(*document).empty()) std::abort();
  for (std::size_t i = 0; i < document->blobs.size(); ++i) {
    if (const auto error = blob_error(*document, i); error && (!error->offset || *error->offset > size))
      std::abort();
  }
  for (const auto& roi : document->global_parts.rois) {
    for (const auto& lod : roi.lods) {
      for (const auto& mesh : lod.meshes) (void)expand(lod, mesh);
    }
  }
  const auto names = part_names(*document);
  if (!names.empty() && !bonebridge::lego::wdb::to_core(*document, names.front()).ok()) std::abort();
  return 0;
}
