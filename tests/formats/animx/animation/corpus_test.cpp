// SPDX-License-Identifier: MIT
// The fuzz seed corpora (fuzz/corpus/animx_read, animx_animj, animx_bridge) are small clips built here and
// written by bonebridge's own writers; this test checks that the stored seeds are what the writers produce
// now. Regenerate them with
//   bonebridge_tests_animx --gtest_also_run_disabled_tests --gtest_filter='*DISABLED_WriteFuzzCorpus'
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>

#include "bonebridge/formats/animx/animation/animj.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"
#include "support/samples.hpp"

namespace bonebridge::animx::animation {
namespace {

template <class T>
void add(Values& values, std::initializer_list<T> items) {
  for (const T item : items) {
    const auto at = values.bytes.size();
    values.bytes.resize(at + sizeof(T));
    std::memcpy(values.bytes.data() + at, &item, sizeof(T));
  }
}

Track track(TrackType type, ElementType element, const char* node, const char* property) {
  Track t;
  t.type = type;
  t.element = element;
  t.node = node;
  t.property = property;
  return t;
}

// One clip touching every track kind, nullable and bare strings, bool vectors, tangents and mixed modes.
Document seed_clip() {
  Document document;
  document.name = "Seed";
  document.global_duration = 2;
  Track position = track(TrackType::Curve, ElementType::Float3, "Hips", "Position");
  position.times = {0, 1, 2};
  add<float>(position.values, {0, 1, 0, 0, 1.5f, 0, 0.5f, 1, 0});
  choose_curve_layout(position, {Interpolation::Linear, Interpolation::Linear, Interpolation::Linear});
  Track mixed = track(TrackType::Curve, ElementType::Float, "Body", "Weight");
  mixed.times = {0, 0.5f, 1, 2};
  add<float>(mixed.values, {0, 1, 0.5f, 2});
  choose_curve_layout(mixed, {Interpolation::Hold, Interpolation::Tangent, Interpolation::CubicBezier,
                              Interpolation::Linear});
  mixed.left_tangents.bytes.clear();
  mixed.right_tangents.bytes.clear();
  add<float>(mixed.left_tangents, {0, 0.5f, -1, 2});
  add<float>(mixed.right_tangents, {0, 1, 3, 0});
  Track rotation = track(TrackType::Raw, ElementType::FloatQ, "Head", "Rotation");
  rotation.interval = 0.5f;
  add<float>(rotation.values, {0, 0, 0, 1, 0, 0.7071068f, 0, 0.7071068f, 0, 1, 0, 0});
  Track label = track(TrackType::Discrete, ElementType::String, "Label", "Content");
  label.times = {0, 1, 1.5f};
  label.values.strings = {"hi", std::nullopt, ""};
  Track caption = track(TrackType::Curve, ElementType::String, "Caption", "Text");
  caption.times = {0, 1};
  caption.values.strings = {"a", "bc"};
  choose_curve_layout(caption, {Interpolation::Linear, Interpolation::Linear});
  Track mask = track(TrackType::Curve, ElementType::Bool2, "Flags", "Mask");
  mask.times = {0, 1};
  mask.values.bytes = {1, 2};
  choose_curve_layout(mask, {Interpolation::Hold, Interpolation::Hold});
  Track counter = track(TrackType::Discrete, ElementType::Long, "Counter", "Value");
  counter.times = {0, 1};
  add<std::int64_t>(counter.values, {1, 9007199254740993});
  Track tint = track(TrackType::Raw, ElementType::Color32, "Mat", "Tint");
  tint.interval = 1;
  tint.values.bytes = {255, 0, 0, 255, 0, 0, 255, 128};
  Track spin = track(TrackType::Curve, ElementType::Double3x3, "Mat", "Basis");
  spin.times = {0};
  add<double>(spin.values, {1, 0, 0, 0, 1, 0, 0, 0, 1});
  choose_curve_layout(spin, {Interpolation::Linear});
  document.tracks = {position, mixed, rotation, label, caption, mask, counter, tint, spin};
  return document;
}

Document version0_clip() {
  Document document;
  document.version = 0;
  document.name = "Old";
  Track position = track(TrackType::Curve, ElementType::Float3, "Hips", "Position");
  position.times = {0, 1};
  add<float>(position.values, {0, 0, 0, 1, 2, 3});
  choose_curve_layout(position, {Interpolation::Linear, Interpolation::Linear});
  Track weight = track(TrackType::Raw, ElementType::Float, "Body", "Weight");
  weight.interval = 0.25f;
  add<float>(weight.values, {0, 1, 0.5f});
  document.tracks = {position, weight};
  return document;
}

std::map<std::string, std::vector<std::uint8_t>> seeds() {
  std::map<std::string, std::vector<std::uint8_t>> files;
  Document clip = seed_clip();
  files["animx_read/seed_plain.animx"] = write(clip);
  clip.encoding = Encoding::Lz4;
  files["animx_read/seed_lz4.animx"] = write(clip);
  clip.encoding = Encoding::Lzma;
  files["animx_read/seed_lzma.animx"] = write(clip);
  files["animx_read/seed_v0.animx"] = write(version0_clip());
  files["animx_read/seed_empty.animx"] = write(Document{});
  // The bridge target starts from the same binary seeds.
  for (const char* name : {"seed_plain.animx", "seed_v0.animx", "seed_lz4.animx"}) {
    files[std::string("animx_bridge/") + name] = files[std::string("animx_read/") + name];
  }
  for (const auto& [name, document] : {std::pair{"seed_clip", seed_clip()}, {"seed_v0", version0_clip()}}) {
    const std::string text = write_animj(document);
    files[std::string("animx_animj/") + name + ".animj"] = {text.begin(), text.end()};
  }
  return files;
}

TEST(AnimxCorpus, SeedsAreWhatTheWritersProduce) {
  for (const auto& [name, bytes] : seeds()) {
    const auto path = testing::source_dir() / "fuzz/corpus" / name;
    EXPECT_EQ(testing::read_bytes(path), bytes)
        << path << " is stale; regenerate it (see the top of this file)";
  }
}

TEST(AnimxCorpus, SeedClipReadsBackAndSamples) {
  const Document clip = seed_clip();
  const auto bytes = write(clip);
  const auto again = read(bytes);
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(*again, clip);
  const auto text = read_animj(write_animj(clip));
  ASSERT_TRUE(text.ok()) << text.error().to_string();
  EXPECT_EQ(write(*text), bytes);
}

TEST(AnimxCorpus, DISABLED_WriteFuzzCorpus) {
  for (const auto& [name, bytes] : seeds()) {
    const auto path = testing::source_dir() / "fuzz/corpus" / name;
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    ASSERT_TRUE(out.good()) << path;
  }
}

}  // namespace
}  // namespace bonebridge::animx::animation
