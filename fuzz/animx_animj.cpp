// SPDX-License-Identifier: MIT
// AnimJ reader: whatever reads must write AnimJ that reads again, reach a fixed point after one pass (the
// importer drops tangents of keys inserted before the first Tangent key, as Resonite's does), and encode
// as AnimX that decodes to the same clip.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "bonebridge/formats/animx/animation/animj.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::animx;
  using namespace bonebridge::animx::animation;
  const auto document = read_animj({reinterpret_cast<const char*>(data), size});
  if (!document.ok()) {
    if (document.error().message.empty()) std::abort();
    return 0;
  }
  const auto normalized = read_animj(write_animj(*document));
  if (!normalized.ok()) std::abort();
  const std::string text = write_animj(*normalized);
  const auto again = read_animj(text);
  if (!again.ok() || write_animj(*again) != text) std::abort();
  const auto binary = read(write(*again));
  if (!binary.ok() || write_animj(*binary) != text) std::abort();
  return 0;
}
