// SPDX-License-Identifier: MIT
// Rig reader, both pointer widths: every accepted input writes back byte for byte; the Document's JSON
// prints and the bridge runs.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/volition/family.hpp"
#include "bonebridge/formats/volition/rig/bridge.hpp"
#include "bonebridge/formats/volition/rig/codec.hpp"
#include "inspect_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::volition;
  const std::span<const std::uint8_t> bytes(data, size);
  for (auto width : {PointerWidth::Four, PointerWidth::Eight}) {
    auto rig = rig::read(bytes, width);
    if (!rig) {
      if (!rig.error().offset) std::abort();
      continue;
    }
    const auto written = rig::write(*rig);
    if (!std::equal(written.begin(), written.end(), bytes.begin(), bytes.end())) std::abort();
    auto again = rig::read(written, width);
    if (!again || rig::write(*again) != written) std::abort();
    (void)rig::to_core(*rig, bonebridge::AxisConversion::identity());
  }
  inspect_document(open_volition(bytes, {}));
  return 0;
}
