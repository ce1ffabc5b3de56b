// SPDX-License-Identifier: MIT
// LBA2 body reader: read, write back byte for byte, read again to the same document; then see it as the
// engine's body and draw it on a texture page (any texture handle, record and coordinate must be handled
// without a crash, and every mesh must stay consistent).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/lba/body/engine.hpp"
#include "bonebridge/formats/lba/body/lm2_codec.hpp"
#include "bonebridge/formats/lba/body/mesh.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::lba;
  const auto body = body::read_lm2(std::span(data, size));
  if (!body.ok()) return 0;
  const auto bytes = body::write_lm2(*body);
  if (bytes.size() != size || !std::equal(bytes.begin(), bytes.end(), data)) std::abort();
  const auto again = body::read_lm2(bytes);
  if (!again.ok() || !(*again == *body)) std::abort();
  if (!looks_like_lm2(bytes)) std::abort();
  const auto engine_body = body_from_lm2(*body);
  if (!engine_body.ok()) return 0;
  TexturePage page(kTexturePageBytes);
  for (std::size_t i = 0; i < page.size(); ++i) page[i] = static_cast<std::uint8_t>(i * 7);
  const auto drawing =
      body_drawing(posable_body(*engine_body), placeholder_palette(), &page, Light{}, Variant::Lba2);
  for (const auto& mesh : drawing.meshes) {
    if (!mesh.uvs.empty() && mesh.uvs.size() != mesh.positions.size()) std::abort();
    if (mesh.material >= static_cast<int>(drawing.materials.size())) std::abort();
    for (const auto index : mesh.triangles) {
      if (index >= mesh.positions.size()) std::abort();
    }
  }
  return 0;
}
