// SPDX-License-Identifier: MIT
// Reads a .mat; when that succeeds, it must write back byte for byte, and every cel must decode (16-bit
// through the header's channel fields, 8-bit through a grey ramp) to an image of its stated size.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "bonebridge/formats/sith/material/bridge.hpp"
#include "bonebridge/formats/sith/material/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::sith;
  const std::vector<std::uint8_t> bytes(data, data + size);
  auto file = material::read(bytes);
  if (!file.ok()) return 0;
  auto written = material::write(*file);
  if (!written.ok() || *written != bytes) std::abort();
  for (std::size_t cel = 0; cel < file->cels.size(); ++cel) {
    if (file->cels[cel].mip_levels.empty()) continue;
    auto image = decode_cel(*file, cel, nullptr, "fuzz");
    if (!image.ok()) continue;  // a layout no decoder draws (24-bit indexed ...) is an error, not a crash
    if (image->rgba.size() != static_cast<std::size_t>(image->width) * image->height * 4) std::abort();
  }
  (void)mat_alpha(*file);
  (void)mat_flat_color(*file, nullptr);
  (void)mat_layout_name(file->header.format);
  return 0;
}
