// SPDX-License-Identifier: MIT
// The runtime clip builder and the jobs over bytes read as a small skeleton, a clip (any floats: NaN,
// infinities, times out of order or outside the clip) and the jobs' inputs (times, span sizes, a context
// bound to another clip). The builder builds only what it validates; Run() must never read or write out of
// bounds, whatever Validate() said (the sanitizers watch), and a validated job's output must be finite. The
// clip's shapes (constant tracks, tracks of two keys, seek points or none) and the arithmetic (scalar, SSE2,
// AVX2) come from the bytes too.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "bonebridge/runtime/jobs.hpp"

namespace {

using namespace bonebridge;

struct Reader {
  const std::uint8_t* data;
  std::size_t size;
  std::uint8_t byte() {
    if (size == 0) return 0;
    --size;
    return *data++;
  }
  float number() {  // a raw float one time in four (NaN, infinities), else a small one
    const std::uint8_t kind = byte();
    float f = 0;
    if (kind % 4 == 0) {
      std::uint8_t raw[4] = {byte(), byte(), byte(), byte()};
      std::memcpy(&f, raw, 4);
      return f;
    }
    return static_cast<float>(static_cast<std::int8_t>(byte())) / 16.0f;
  }
};

template <class Value>
std::optional<Channel<Value>> channel(Reader& in) {
  const std::uint8_t head = in.byte();
  if (head % 3 == 0) return std::nullopt;
  Channel<Value> c;
  c.interpolation = static_cast<Interpolation>((head / 3) % 3);
  const int keys = (head / 9) % 6;
  double t = 0;
  for (int k = 0; k < keys; ++k) {
    t += in.number();
    c.times.push_back(t);
    for (std::size_t v = 0; v < c.values_per_key(); ++v) {
      if constexpr (std::is_same_v<Value, Quat>)
        c.values.push_back({in.number(), in.number(), in.number(), in.number()});
      else
        c.values.push_back({in.number(), in.number(), in.number()});
    }
  }
  if (head & 0x80 && !c.values.empty()) c.values.pop_back();  // a value short
  return c;
}

void check_finite(std::span<const runtime::SoaTransform> out) {
  for (const auto& g : out)
    for (std::size_t i = 0; i < sizeof g / sizeof(float); ++i)
      if (!std::isfinite(reinterpret_cast<const float*>(&g)[i])) std::abort();
}

void play(Reader& in, const Skeleton& skeleton, const runtime::RuntimeClip& clip) {
  // Any path this machine has (an absent one leaves the best): each must stay in bounds.
  const char* const paths[] = {"scalar", "sse2", "avx2"};
  runtime::force_simd_path(paths[in.byte() % 3]);
  const runtime::RuntimeClip other;
  runtime::SamplingContext context(clip), wrong(other);
  std::vector<runtime::SoaTransform> locals(in.byte() % (clip.soa_count() + 2));
  std::vector<runtime::Float4x4> model(in.byte() % (clip.joint_count() + 2));
  const runtime::RuntimeSkeleton runtime_skeleton = runtime::make_runtime_skeleton(skeleton);
  for (int i = 0; i < 12 && in.size > 0; ++i) {
    runtime::SamplingJob job{&clip, in.byte() % 8 == 0 ? &wrong : &context, 0, locals};
    job.time = in.byte() % 2 ? in.number() : static_cast<float>(in.byte()) / 255.0f * clip.duration();
    const bool valid = job.Validate().empty();
    job.Run();
    if (valid) check_finite(std::span(locals).first(clip.soa_count()));
    runtime::LocalToModelJob ltm{&runtime_skeleton, locals, model};
    ltm.Run();
    const runtime::BlendingLayer layers[] = {{locals, in.number()}, {runtime_skeleton.rest, in.number()}};
    runtime::BlendingJob blend{&runtime_skeleton, layers, std::span(layers).first(1), 0.1f, locals};
    blend.Run();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Reader in{data, size};
  Skeleton skeleton;
  const int joints = in.byte() % 9;
  for (int j = 0; j < joints; ++j)
    skeleton.joints.push_back(
        {"j", static_cast<int>(in.byte() % (j + 1)) - 1, {{in.number(), 0, 0}, {}, {1, 1, 1}}});
  Clip clip;
  clip.duration = in.number();
  const int channels = in.byte() % 10;
  for (int c = 0; c < channels; ++c) {
    JointChannels jc;
    jc.joint = static_cast<int>(in.byte() % 10);
    jc.translation = channel<Vec3>(in);
    jc.rotation = channel<Quat>(in);
    jc.scale = channel<Vec3>(in);
    clip.joints.push_back(std::move(jc));
  }
  runtime::ClipBuilder builder;
  builder.skeleton = &skeleton;
  builder.clip = &clip;
  builder.seek_interval = 0.05 + in.byte() / 64.0;
  if (!builder.Validate().empty()) return 0;
  const runtime::RuntimeClip runtime_clip = builder.Build();
  play(in, skeleton, runtime_clip);
  return 0;
}
