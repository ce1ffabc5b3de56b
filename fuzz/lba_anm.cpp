// SPDX-License-Identifier: MIT
// .anm reader: read, and when that succeeds, write and read again; the document and bytes must survive.
// The LBA1 and LBA2 engines must also run over the first pass without crashing.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/anm/engine.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/lba/body/engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::lba;
  const auto animation = anm::read(std::span(data, size));
  if (!animation.ok()) return 0;
  const auto bytes = anm::write(*animation);
  if (bytes.size() != size || !std::equal(bytes.begin(), bytes.end(), data)) std::abort();
  const auto again = anm::read(bytes);
  if (!again.ok() || !(*again == *animation)) std::abort();
  // Evaluation is bounded so that an input costs milliseconds, not seconds: every evaluation path is reached
  // with 2000 ticks and 64 groups (at 20000 ticks the campaign ran 3 inputs a second).
  if (timeline(*animation, Variant::Lba1).end_ticks <= 2000 && animation->group_count <= 64) {
    const auto states = run_ideal_clock(*animation, Variant::Lba1);
    const auto body = placeholder_body(animation->group_count);
    if (!states.empty()) pose_body(body, states.back().pose, states.back().actor, Variant::Lba1);
  }
  run_game_clock(*animation, Variant::Lba2, 7, 64);
  return 0;
}
