// SPDX-License-Identifier: MIT
// Runtime playback (sampling + local-to-model) in joints per second, against ozz-animation in the same
// process when it is built in (OZZ_SOURCE, bench/CMakeLists.txt): the 64-joint 30 Hz clip of
// bench/core_sampler.cpp and one real clip per family, played forward at 60 Hz, at random times, and as
// 1,000 characters on one clip at different times. Counters: the clip's bytes and build time.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <memory>

#include <fmt/format.h>

#include "bonebridge/runtime/jobs.hpp"
#include "bonebridge/services/conversion.hpp"
#include "runtime_playback_ozz.hpp"

namespace {

using namespace bonebridge;

struct Case {
  std::string name;
  Skeleton skeleton;
  Clip clip;
};

Case generated_case() {
  Case c{"clip64", {}, {}};
  constexpr int kJoints = 64;
  for (int j = 0; j < kJoints; ++j) c.skeleton.joints.push_back({fmt::format("j{}", j), j - 1, {}});
  c.clip.duration = 10.0;
  for (int j = 0; j < kJoints; ++j) {
    JointChannels channels{j, Channel<Vec3>{}, Channel<Quat>{}, {}};
    for (int k = 0; k <= 300; ++k) {
      const double t = k / 30.0;
      channels.translation->times.push_back(t);
      channels.translation->values.push_back({std::sin(t + j), 0.1 * j, std::cos(t)});
      channels.rotation->times.push_back(t);
      channels.rotation->values.push_back(axis_angle({0, 1, 0.2 * j}, std::sin(t * 2 + j)));
    }
    c.clip.joints.push_back(std::move(channels));
  }
  return c;
}

// The first file (in name order) of a family's sample folder that opens alone and has an animation.
std::optional<Case> family_case(const std::filesystem::path& folder) {
  if (!std::filesystem::is_directory(folder)) return std::nullopt;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    auto input = load_input(file.string(), Options{});
    if (!input) continue;
    auto core = core_of(*input->document, Options{});
    if (!core || core->scene.clips.empty() || !(core->scene.clips[0].duration > 0)) continue;
    return Case{folder.filename().string() + ":" + file.filename().string(), core->scene.skeleton,
                core->scene.clips[0]};
  }
  return std::nullopt;
}

std::filesystem::path samples_dir() {
  if (const char* env = std::getenv("BONEBRIDGE_SAMPLES_DIR")) return env;
  return BONEBRIDGE_SAMPLES_DIR;
}

// Milliseconds, the median of five runs of `build`.
double build_ms(const std::function<void()>& build) {
  std::vector<double> ms;
  for (int run = 0; run < 5; ++run) {
    const auto start = std::chrono::steady_clock::now();
    build();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[2];
}

// The times one iteration plays: for `characters` characters, forward at 60 Hz or at random.
struct Clock {
  double duration;
  bool random;
  double t = 0;
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  double next() {
    if (random) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      return static_cast<double>(state >> 11) / 9007199254740992.0 * duration;
    }
    t = t + 1 / 60.0 > duration ? 0 : t + 1 / 60.0;
    return t;
  }
};

struct BonebridgePlayer {
  runtime::RuntimeClip clip;
  runtime::RuntimeSkeleton skeleton;
  std::vector<runtime::SamplingContext> contexts;
  std::vector<runtime::SoaTransform> locals;
  std::vector<runtime::Float4x4> model;
  double build_ms = 0;

  BonebridgePlayer(const Case& c, int characters) {
    runtime::ClipBuilder builder;
    builder.skeleton = &c.skeleton;
    builder.clip = &c.clip;
    if (const auto problem = builder.Validate(); !problem.empty()) throw std::runtime_error(problem);
    build_ms = ::build_ms([&] { clip = builder.Build(); });
    skeleton = runtime::make_runtime_skeleton(c.skeleton);
    contexts.resize(static_cast<std::size_t>(characters));
    for (auto& context : contexts) context.bind(clip);
    locals.resize(clip.soa_count());
    model.resize(clip.joint_count());
  }
  void play(std::size_t character, double t) {
    runtime::SamplingJob{&clip, &contexts[character],
                         static_cast<float>(std::min(t, double{clip.duration()})), locals}
        .Run();
    runtime::LocalToModelJob{&skeleton, locals, model}.Run();
  }
  std::size_t bytes() const { return clip.size_bytes(); }
};

template <class Player>
void play(benchmark::State& state, const Case& c, bool random, int characters) {
  Player player(c, characters);
  std::vector<Clock> clocks;
  for (int i = 0; i < characters; ++i) {
    clocks.push_back({c.clip.duration, random});
    clocks.back().t = std::fmod(i * 0.37, c.clip.duration);
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < clocks.size(); ++i) player.play(i, clocks[i].next());
    benchmark::DoNotOptimize(player.model.data());
  }
  state.SetItemsProcessed(state.iterations() * characters *
                          static_cast<std::int64_t>(c.skeleton.joints.size()));
  state.counters["bytes"] = static_cast<double>(player.bytes());
  state.counters["build_ms"] = player.build_ms;
  state.counters["joints"] = static_cast<double>(c.skeleton.joints.size());
}

template <class Player>
void register_player(const std::string& library, const std::shared_ptr<const Case>& c) {
  const struct {
    const char* name;
    bool random;
    int characters;
  } modes[] = {{"forward", false, 1}, {"random", true, 1}, {"crowd1000", false, 1000}};
  for (const auto& mode : modes) {
    benchmark::RegisterBenchmark(
        fmt::format("{}/{}/{}", c->name, mode.name, library).c_str(),
        [c, mode](benchmark::State& state) { play<Player>(state, *c, mode.random, mode.characters); });
  }
}

}  // namespace

int main(int argc, char** argv) {
  // BONEBRIDGE_RUNTIME_PATH=scalar|sse2|avx2 plays one path rather than the best this CPU has.
  if (const char* path = std::getenv("BONEBRIDGE_RUNTIME_PATH"); path && !runtime::force_simd_path(path)) {
    fmt::print(stderr, "BONEBRIDGE_RUNTIME_PATH={}: not a path this machine has\n", path);
    return 2;
  }
  fmt::print("runtime path: {}\n", runtime::simd_path());
  std::vector<std::shared_ptr<const Case>> cases{std::make_shared<const Case>(generated_case())};
  // Volition has none today: its sample folder holds cloth simulations (.sim_pc) and packfiles whose entries
  // (recursively: .asm_pc, .str2_pc of .layer_pc, textures, .xtbl tables) include no .anim_pc or .rig_pc
  // (samples/volition/SOURCES.md: no public one is available).
  for (const char* family : {"lego", "sith", "lba", "animx", "volition"}) {
    if (auto c = family_case(samples_dir() / family))
      cases.push_back(std::make_shared<const Case>(std::move(*c)));
    else
      fmt::print("no {} case: no file under {} opens alone as an animation\n", family,
                 (samples_dir() / family).string());
  }
  for (const auto& c : cases) {
    register_player<BonebridgePlayer>("bonebridge", c);
#ifdef BONEBRIDGE_BENCH_OZZ
    register_player<bench_ozz::OzzPlayer>("ozz", c);
#endif
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
