// SPDX-License-Identifier: MIT
// The fuzz seed corpora are output of this family's writers, from documents built here. The test checks the
// committed seeds still equal what the writers produce; BONEBRIDGE_WRITE_SITH_CORPUS=1 rewrites them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "bonebridge/formats/sith/key/codec.hpp"
#include "bonebridge/formats/sith/model/codec.hpp"
#include "support/samples.hpp"

namespace bonebridge::sith {
namespace {

KeyContent two_node_key(bool markers) {
  KeyContent key;
  key.header = KeyHeader{0x3, 0, "", 0xFFFF, 20, 15.0f, 3};
  if (markers) {
    key.has_markers_section = true;
    key.markers = {KeyMarker{0, 1}, KeyMarker{7.5f, 2}};
  }
  KeyEntry a{0, 0, 0x3, {0.1f, 0, -0.02f}, {10, 350, 0}, {0.001f, 0, 0}, {0, 2, 0}};
  KeyEntry b{1, 10, 0x0, {0.11f, 0, -0.02f}, {10, 10, 0}, {}, {}};
  KeyEntry c{2, 12.5f, 0x2, {0, 0, 0}, {-45, 0, 90}, {}, {1.5f, 0, -3}};
  key.nodes = {KeyNode{0, "Root", {a, b}}, KeyNode{2, "arm\\", {c}}};
  return key;
}

std::string minimal_model_text() {
  return "SECTION: HEADER\n3DO 2.3\n"
         "SECTION: GEOMETRYDEF\nGEOSETS 1\nGEOSET 0\nMESHES 1\nMESH 0\nNAME box\n"
         "VERTICES 3\n0: 0 0 0 0\n1: 1 0 0 0\n2: 0 1 0 0\nTEXTURE VERTICES 1\n0: 0 0\nVERTEX NORMALS\n"
         "0: 0 0 1\n1: 0 0 1\n2: 0 0 1\nFACES 1\n0: 0 0x0 4 3 0 0.0 3 0, 0 1, 0 2, 0\nFACE NORMALS\n0: 0 0 "
         "1\n"
         "SECTION: HIERARCHYDEF\nHIERARCHY NODES 2\n"
         "0: 0x0 0x1 -1 -1 1 -1 1 0 0 0 0 0 0 0 0 0 root\n"
         "1: 0x0 0x1 0 0 -1 -1 0 0 0.5 0 0 0 0 0 0 0 body\n";
}

std::vector<std::pair<std::string, std::string>> expected_seeds() {
  std::vector<std::pair<std::string, std::string>> seeds;
  seeds.emplace_back("sith_key/two_nodes_markers.key", key::write_conventional(two_node_key(true), "seed"));
  seeds.emplace_back("sith_key/two_nodes.key", key::write_conventional(two_node_key(false), ""));
  auto model = model::read(minimal_model_text());
  EXPECT_TRUE(model.ok());
  if (model.ok()) {
    model->content.hierarchy[1].position = {0.25f, 0.5f, -1};
    model->content.hierarchy[1].rotation = {0, 90, 0};
    auto bytes = model::write(*model);
    EXPECT_TRUE(bytes.ok());
    if (bytes.ok()) seeds.emplace_back("sith_model/two_nodes.3do", std::string(bytes->begin(), bytes->end()));
  }
  return seeds;
}

TEST(SithCorpus, SeedsAreWriterOutput) {
  const auto corpus = testing::source_dir() / "fuzz" / "corpus";
  const bool rewrite = std::getenv("BONEBRIDGE_WRITE_SITH_CORPUS") != nullptr;
  for (const auto& [name, text] : expected_seeds()) {
    if (rewrite) std::ofstream(corpus / name, std::ios::binary) << text;
    const auto bytes = testing::read_bytes(corpus / name);
    EXPECT_EQ(std::string(bytes.begin(), bytes.end()), text) << name;
    // Each seed reads back to what was written.
    if (name.ends_with(".key")) {
      auto key = key::read(text);
      ASSERT_TRUE(key.ok()) << key.error().to_string();
      EXPECT_EQ(key->content.nodes[1].mesh_name, "arm\\");  // the trailing-backslash name survives
    } else {
      auto model = model::read(text);
      ASSERT_TRUE(model.ok()) << model.error().to_string();
      EXPECT_FLOAT_EQ(model->content.hierarchy[1].rotation[1], 90);
    }
  }
}

}  // namespace
}  // namespace bonebridge::sith
