// SPDX-License-Identifier: MIT
// libFuzzer target for the LEGO Island .ani bridge: every document the reader accepts converts to the core
// model, and that scene converts back to a document the writer can store and the reader accepts.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "bonebridge/formats/lego/ani/bridge.hpp"
#include "bonebridge/formats/lego/ani/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::lego::ani;
  if (size > 4096) return 0;  // conversions sample every millisecond; keep each run short
  const auto document = read(std::span<const std::uint8_t>(data, size));
  // Long clips only repeat the same work millisecond after millisecond (ResamplingIsBoundedOnHostileFiles
  // covers their bounds); short ones keep each run fast enough for many runs.
  if (!document.ok() || document->duration > 10000) return 0;
  const auto core = *to_core(*document);
  if (core.scene.clips.size() != 1 || core.core_joint_of.size() > core.scene.skeleton.joints.size())
    std::abort();
  const auto back = from_core(core.scene);
  if (back.ok()) {
    if (!writable(back->value).empty()) std::abort();
    if (!read(write(back->value)).ok()) std::abort();
  } else if (back.error().message.empty()) {
    std::abort();
  }
  return 0;
}
