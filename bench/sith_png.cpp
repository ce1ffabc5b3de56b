// SPDX-License-Identifier: MIT
// The glTF writer's textures (issue 27). BM_WriteTexturedScene writes the probe droid's 11 textures (the Sith
// .mat reader's cel 0, grey ramp without a palette) on a small mesh: the cache off, then on, and reports the
// ratio of the two in the same run. BM_PngSettings encodes the same 11 images at each zlib level and filter
// choice and reports the total PNG size beside the time, the figures the encoder's settings were chosen by.
#include <benchmark/benchmark.h>
#include <png.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "bonebridge/formats/sith/material/bridge.hpp"
#include "bonebridge/formats/sith/material/codec.hpp"
#include "bonebridge/gltf/gltf.hpp"
#include "bonebridge/gltf/png.hpp"

namespace {

using bonebridge::Image;
using bonebridge::Scene;

std::filesystem::path samples_dir() {
  // The bench build defines no samples path: BONEBRIDGE_SAMPLES_DIR, else ../shared/samples beside the
  // project.
  const char* env = std::getenv("BONEBRIDGE_SAMPLES_DIR");
  return env ? std::filesystem::path(env)
             : std::filesystem::path(__FILE__).parent_path() / "../../shared/samples";
}

// The probe droid's textures; empty when the samples are absent.
const std::vector<Image>& droid_images() {
  static const std::vector<Image> images = [] {
    std::vector<Image> found;
    std::error_code ec;
    for (const auto& item :
         std::filesystem::directory_iterator(samples_dir() / "sith/ijim-sed-mod/mat", ec)) {
      std::ifstream in(item.path(), std::ios::binary);
      const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                            std::istreambuf_iterator<char>()};
      const auto mat = bonebridge::sith::material::read(bytes);
      if (!mat) continue;
      auto cel = bonebridge::sith::decode_cel(*mat, 0, nullptr, item.path().filename().string());
      if (cel) found.push_back(std::move(*cel));
    }
    return found;
  }();
  return images;
}

Scene textured_scene(const std::vector<Image>& images) {
  Scene scene;
  scene.skeleton.joints = {{"root", -1, {{0, 0, 0}, {}, {1, 1, 1}}}};
  scene.images = images;
  for (std::size_t i = 0; i < images.size(); ++i) {
    scene.materials.push_back({images[i].name,
                               {1, 1, 1, 1},
                               static_cast<int>(i),
                               false,
                               bonebridge::Material::Alpha::Opaque,
                               false});
    bonebridge::RigidMesh quad;
    quad.name = images[i].name;
    quad.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    quad.triangles = {0, 1, 2, 0, 2, 3};
    quad.uvs = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    quad.material = static_cast<int>(i);
    scene.meshes.push_back(quad);
  }
  return scene;
}

double seconds_per_write(const Scene& scene, int writes) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < writes; ++i) benchmark::DoNotOptimize(bonebridge::gltf::write(scene, {}));
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / writes;
}

void BM_WriteTexturedScene(benchmark::State& state) {
  if (droid_images().empty()) {
    state.SkipWithError("SKIPPED LOUDLY: shared/samples/sith/ijim-sed-mod/mat is absent");
    return;
  }
  const Scene scene = textured_scene(droid_images());
  bonebridge::gltf::reset_png_cache(0);
  const double uncached = seconds_per_write(scene, 20);
  bonebridge::gltf::reset_png_cache(std::size_t{64} << 20);
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) benchmark::DoNotOptimize(bonebridge::gltf::write(scene, {}));
  const double cached = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
                        static_cast<double>(state.iterations());
  state.counters["uncached_ms"] = uncached * 1e3;
  state.counters["cached_ms"] = cached * 1e3;
  state.counters["speedup"] = uncached / cached;
  state.counters["encodings"] = static_cast<double>(bonebridge::gltf::png_cache_statistics().encodings);
}
BENCHMARK(BM_WriteTexturedScene)->Unit(benchmark::kMillisecond);

void BM_PngSettings(benchmark::State& state) {
  if (droid_images().empty()) {
    state.SkipWithError("SKIPPED LOUDLY: shared/samples/sith/ijim-sed-mod/mat is absent");
    return;
  }
  const bonebridge::gltf::PngSettings settings{static_cast<int>(state.range(0)),
                                               static_cast<int>(state.range(1))};
  std::size_t bytes = 0, pixels = 0;
  for (auto _ : state) {
    bytes = pixels = 0;
    for (const auto& image : droid_images()) {
      const auto png = bonebridge::gltf::encode_png(image, settings);
      bytes += png->size();
      pixels += image.rgba.size();
    }
  }
  state.counters["png_bytes"] = static_cast<double>(bytes);
  state.counters["rgba_bytes"] = static_cast<double>(pixels);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * pixels));
}
BENCHMARK(BM_PngSettings)
    ->ArgsProduct({{-1, 1, 3, 6, 9},
                   {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, PNG_FILTER_PAETH, PNG_FAST_FILTERS,
                    PNG_ALL_FILTERS}})
    ->ArgNames({"level", "filters"})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
