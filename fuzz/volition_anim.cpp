// SPDX-License-Identifier: MIT
// Animation reader, both pointer widths: every accepted input writes back byte for byte; decoding, the
// engine and the bridge run on whatever was accepted, and the Document's JSON prints.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/volition/anim/bridge.hpp"
#include "bonebridge/formats/volition/anim/codec.hpp"
#include "bonebridge/formats/volition/anim/engine.hpp"
#include "bonebridge/formats/volition/family.hpp"
#include "inspect_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::volition;
  const std::span<const std::uint8_t> bytes(data, size);
  for (auto width : {PointerWidth::Four, PointerWidth::Eight}) {
    auto anim = anim::read(bytes, width);
    if (!anim) {
      if (!anim.error().offset) std::abort();
      continue;
    }
    const auto written = anim::write(*anim);
    if (!std::equal(written.begin(), written.end(), bytes.begin(), bytes.end())) std::abort();
    if (anim_walk_end(*anim) + anim->tail.size() != size) std::abort();
    const anim::Engine engine(*anim, nullptr, {});
    for (double t : {0.0, engine.duration() / 2, engine.duration() + 1}) (void)engine_pose(engine, t);
    (void)anim::to_core(*anim, nullptr, {}, bonebridge::AxisConversion::identity(), "fuzz");
  }
  inspect_document(open_volition(bytes, {}));
  return 0;
}
