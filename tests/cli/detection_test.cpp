// SPDX-License-Identifier: MIT
// The file name decides the format when its extension names one (issue: a truncated .anm was reported as a
// valid LBA1 body, a broken .3do with a .key error, an .animj without "trackType" near the start as binary
// AnimX). Content decides only when the extension names no format, and `info` says which did.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "bonebridge/formats/animx/animation/animj.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/lba/anm/codec.hpp"
#include "bonebridge/formats/lba/body/codec.hpp"
#include "bonebridge/formats/sith/model/codec.hpp"
#include "bonebridge/formats/volition/cloth/codec.hpp"
#include "bonebridge/services/conversion.hpp"
#include "bonebridge/services/reports.hpp"
#include "support/samples.hpp"

namespace bonebridge {
namespace {

namespace fs = std::filesystem;

class Detection : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() /
              ("bonebridge_detection_" +
               std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  std::string write(const std::string& name, const std::vector<std::uint8_t>& bytes) {
    const auto path = folder_ / name;
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return path.string();
  }
  std::string write(const std::string& name, const std::string& text) {
    return write(name, std::vector<std::uint8_t>(text.begin(), text.end()));
  }

  fs::path folder_;
};

// The first 40 bytes of a real LBA1 animation: its header and part of its first keyframe. The body reader
// used to accept them ("valid LBA1 body").
TEST_F(Detection, TruncatedAnmGivesTheAnimationReadersError) {
  BONEBRIDGE_REQUIRE_SAMPLE(sample, "lba/Twinsen_Walk.anm");
  auto bytes = testing::read_bytes(sample);
  bytes.resize(40);
  const auto loaded = load_input(write("walk.anm", bytes), {});
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().format, lba::kAnmFormat) << loaded.error().to_string();
  EXPECT_TRUE(loaded.error().offset.has_value());
}

TEST_F(Detection, BrokenModelGivesTheModelReadersError) {
  BONEBRIDGE_REQUIRE_SAMPLE(sample, "sith/ijim-sed-mod/sed_cable_car_door_close.key");
  const auto loaded = load_input(write("door.3do", testing::read_bytes(sample)), {});
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().format, sith::kModelFormat) << loaded.error().to_string();
  EXPECT_TRUE(loaded.error().line.has_value());
}

// Version 1 and a header, then records that fit neither cloth layout: a cloth error, never a rig's.
TEST_F(Detection, SimPcThatDoesNotParseGivesTheClothError) {
  std::vector<std::uint8_t> bytes(volition::kClothHeaderSize + 10, 0);
  bytes[0] = 1;
  bytes[0x38] = 3;  // three anchor nodes: 108 or 96 bytes, 10 present
  const auto loaded = load_input(write("legpack.sim_pc", bytes), {});
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().format, volition::kClothFormat) << loaded.error().to_string();
  EXPECT_EQ(loaded.error().offset, volition::kClothHeaderSize);
}

// Valid AnimJ whose first 4 KiB hold no "trackType": a long name comes first.
TEST_F(Detection, AnimjIsReadAsJsonWhateverComesFirst) {
  const std::string text =
      "{\"name\": \"" + std::string(5000, 'a') + "\", \"globalDuration\": 1, \"tracks\": []}";
  const auto loaded = load_input(write("long_name.animj", text), {});
  ASSERT_TRUE(loaded.ok()) << loaded.error().to_string();
  EXPECT_EQ(input_info(*loaded)["detected_by"], "extension");
  EXPECT_EQ(input_info(*loaded)["format"].get<std::string>().find("AnimJ") != std::string::npos, true)
      << input_info(*loaded).dump();
}

TEST_F(Detection, JsonNamedAnimxGivesTheBinaryReadersError) {
  const auto loaded = load_input(write("clip.animx", std::string("{\"tracks\": []}")), {});
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().format, animx::kFormatName) << loaded.error().to_string();
}

TEST_F(Detection, InfoSaysWhetherTheNameOrTheBytesDecided) {
  const auto example = testing::source_dir() / "examples/lego/waving_arm.ani";
  const auto bytes = testing::read_bytes(example);
  const auto by_name = load_input(write("arm.ani", bytes), {});
  ASSERT_TRUE(by_name.ok()) << by_name.error().to_string();
  EXPECT_EQ(input_info(*by_name)["detected_by"], "extension");
  const auto by_content = load_input(write("arm.bin", bytes), {});
  ASSERT_TRUE(by_content.ok()) << by_content.error().to_string();
  EXPECT_EQ(input_info(*by_content)["detected_by"], "content");
  EXPECT_EQ(input_info(*by_content)["family"], "lego");
  const auto forced = load_input(write("arm.data", bytes), {}, "lego");
  ASSERT_TRUE(forced.ok());
  EXPECT_EQ(input_info(*forced)["detected_by"], "format option");
}

}  // namespace
}  // namespace bonebridge
