// SPDX-License-Identifier: MIT
// AnimX -> core -> AnimX: whatever the reader accepts, the bridge must convert both ways without crashing,
// hanging or producing channel times glTF would reject, and the result must read back, with the source the
// clip's extras describe and without it.
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/formats/animx/animation/bridge.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"

namespace {

template <class Value>
void require_valid(const std::optional<bonebridge::Channel<Value>>& channel) {
  if (!channel) return;
  const auto& times = channel->times;
  for (std::size_t i = 0; i < times.size(); ++i) {
    if (!std::isfinite(times[i]) || times[i] < 0) std::abort();
    if (i > 0 && !(static_cast<float>(times[i - 1]) < static_cast<float>(times[i]))) std::abort();
  }
  if (channel->values.size() != times.size() * channel->values_per_key()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bonebridge::animx;
  using namespace bonebridge::animx::animation;
  const auto document = read({data, size});
  if (!document.ok()) return 0;
  const auto core = to_core(*document, {});
  if (!core.ok()) std::abort();
  for (const auto& joint : core->scene.clips.at(0).joints) {
    require_valid(joint.translation);
    require_valid(joint.rotation);
    require_valid(joint.scale);
  }
  // Without the source the clip's extras describe, the way back fits every channel; with it, the clip is
  // that source's own export, which goes back as the source itself (or, when the two scenes differ, as a
  // NaN makes them, is fitted and compared with the source's).
  bonebridge::Scene fitted = core->scene;
  fitted.clips.at(0).metadata.erase(bonebridge::kSourceMetadata);
  const auto back = from_core(fitted, {});
  if (!back.ok() || !read(write(back->value)).ok()) std::abort();
  const auto unchanged = from_core(core->scene, {});
  if (!unchanged.ok() || !read(write(unchanged->value)).ok()) std::abort();
  return 0;
}
