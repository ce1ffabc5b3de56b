// SPDX-License-Identifier: MIT
// LBA1 body reader: read, write back byte for byte, read again; then pose, light and mesh it (any parent,
// pivot, point, normal and colour fields, however wrong, must be handled without a crash).
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/anm/engine.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"
#include "bonebridge/formats/lba/body/mesh.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::lba;
  const auto body = body::read(std::span(data, size));
  if (!body.ok()) return 0;
  const auto bytes = body::write(*body);
  if (bytes.size() != size || !std::equal(bytes.begin(), bytes.end(), data)) std::abort();
  const auto again = body::read(bytes);
  if (!again.ok() || !(*again == *body)) std::abort();
  std::vector<GroupEntry> pose(body->groups.size(), GroupEntry{0, 100, 200, 300});
  pose_body(*body, pose, {0, 77, 0}, Variant::Lba1);
  const auto drawing =
      body_drawing(posable_body(*body), placeholder_palette(), nullptr, Light{}, Variant::Lba1);
  for (const auto& mesh : drawing.meshes) {
    for (const auto index : mesh.triangles) {
      if (index >= mesh.positions.size()) std::abort();
    }
  }
  return 0;
}
