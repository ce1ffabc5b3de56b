// SPDX-License-Identifier: MIT
// The two MIT packages of orange3134/VRMtoResonitePackage (../shared/samples/animx/packages). Golden values
// were read from the packages by another route: Python's zipfile, Debian's python3-brotli and python3-bson
// decoding the main asset, then walking Object/Children and Components.Data with the Types table.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bonebridge/formats/animx/package/adapter.hpp"
#include "bonebridge/formats/animx/package/codec.hpp"
#include "bonebridge/formats/animx/package/slots.hpp"
#include "support/samples.hpp"

namespace bonebridge::animx::package {
namespace {

std::vector<std::string> slot_names(const SlotTree& slots) {
  std::vector<std::string> names;
  for (const auto& slot : slots.slots) names.push_back(slot.name);
  return names;
}

std::size_t component_count(const SlotTree& slots, std::string_view type) {
  std::size_t count = 0;
  for (const auto& slot : slots.slots) {
    for (const auto& component : slot.components) count += type.empty() || short_type(component) == type;
  }
  return count;
}

TEST(ResonitePackage, AvatarRootIdentificationSlots) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/packages/AvatarRootIdentification.resonitepackage");
  const auto bytes = bonebridge::testing::read_bytes(path);
  ASSERT_EQ(bytes.size(), 3637u);
  const auto package = package::read(bytes);
  ASSERT_TRUE(package.ok()) << package.error().to_string();
  ASSERT_EQ(package->entries.size(), 2u);
  EXPECT_EQ(package->main_asset, "7c364dcd1910149df94772cab146b38c42f6e31f1c8859e71f3429b6055c5ecb");
  EXPECT_EQ(package->record["name"], "Avatar Root Identification");
  EXPECT_EQ(package->tree.version, 0);
  EXPECT_EQ(package->tree.compression, TreeCompression::Brotli);
  EXPECT_EQ(package->tree.root["VersionNumber"], "2026.6.12.557");
  EXPECT_EQ(package->tree.root["Types"].size(), 20u);
  const auto slots = read_slots(package->tree);
  ASSERT_TRUE(slots.ok()) << slots.error().to_string();
  const std::vector<std::string> expected = {"Avatar Root Identification",
                                             "<color=#FF0000>Check Avatar Worn</color> - (11 Nodes)",
                                             "GetActiveUserSelf",
                                             "ObjectEquals`1",
                                             "AND_Bool",
                                             "ValueFieldDrive`1",
                                             "IsLocalUser",
                                             "AND_Bool",
                                             "ValueFieldDrive`1",
                                             "RefObjectInput`1",
                                             "NotNull`1",
                                             "AND_Bool",
                                             "PackedComment"};
  EXPECT_EQ(slot_names(*slots), expected);
  EXPECT_EQ(slots->slots[1].parent, 0);
  EXPECT_EQ(slots->slots[12].parent, 1);
  EXPECT_EQ(component_count(*slots, ""), 29u);
  EXPECT_EQ(component_count(*slots, "FrooxEngine.DynamicValueVariable<bool>"), 3u);
  EXPECT_EQ(component_count(*slots, "FrooxEngine.CommonAvatar.AvatarUserReferenceAssigner"), 2u);
}

TEST(ResonitePackage, LoadingStandinSlotsAndAssets) {
  BONEBRIDGE_REQUIRE_SAMPLE(path, "animx/packages/loading_standin.resonitepackage");
  const auto bytes = bonebridge::testing::read_bytes(path);
  const auto package = package::read(bytes);
  ASSERT_TRUE(package.ok()) << package.error().to_string();
  ASSERT_EQ(package->entries.size(), 4u);
  EXPECT_EQ(package->main_asset, "6ca27cd0f61e6490eb7bcbedd54fb7907c75aeffffce816508972243058a82cd");
  const Entry* png =
      find_entry(*package, "Assets/30a0bc21f298c2e75427245468405849b6c7ea67eb9ced14ecbc5dc1ef3eabb3");
  ASSERT_NE(png, nullptr);
  EXPECT_EQ(png->bytes.size(), 2976u);
  EXPECT_EQ(package->tree.compression, TreeCompression::Brotli);
  const auto slots = read_slots(package->tree);
  ASSERT_TRUE(slots.ok()) << slots.error().to_string();
  ASSERT_EQ(slots->slots.size(), 36u);
  EXPECT_EQ(component_count(*slots, ""), 58u);
  EXPECT_EQ(component_count(*slots, "FrooxEngine.StaticTexture2D"), 1u);
  EXPECT_EQ(slots->slots[0].name, "LoadingStandin - Thumbnail v1.3.1");
  const Slot& visual = slots->slots[1];
  EXPECT_EQ(visual.name, "Visual");
  EXPECT_EQ(visual.rotation[0], -7.105428204633949e-15);
  EXPECT_EQ(visual.rotation[1], 1.0);
  EXPECT_EQ(visual.rotation[3], 1.2167964413833943e-08);
  EXPECT_EQ(visual.scale[0], 0.0);
  EXPECT_EQ(slots->slots[2].name, "UserIconTex");
  EXPECT_EQ(slots->slots[2].parent, 1);
  EXPECT_EQ(slots->slots[4].name, "<color=#6700FF>Get Profile Icon</color> - (9 Nodes)");
  EXPECT_EQ(slots->slots[14].name, "<color=#6700FF>AutoSetScale</color> - (21 Nodes)");
  EXPECT_EQ(slots->slots[14].parent, 0);
  EXPECT_EQ(slots->slots[35].name, "Relay");
}

// An unchanged package writes back to its own bytes; info counts what the tree holds.
TEST(ResonitePackage, RealPackagesWriteBackByteForByte) {
  for (const char* name : {"AvatarRootIdentification", "loading_standin"}) {
    BONEBRIDGE_REQUIRE_SAMPLE(path, std::string("animx/packages/") + name + ".resonitepackage");
    const auto bytes = bonebridge::testing::read_bytes(path);
    auto document = package::open(bytes);
    ASSERT_TRUE(document.ok()) << document.error().to_string();
    const auto encoded = (*document)->encode();
    ASSERT_TRUE(encoded.ok());
    EXPECT_EQ(*encoded, bytes) << name;
    const auto info = (*document)->info();
    EXPECT_EQ(info["slotCount"], std::string(name) == "loading_standin" ? 36 : 13);
    EXPECT_TRUE(info["animations"].empty());
    // No AnimX: the package still converts, to its skeleton alone.
    const auto core = (*document)->to_core({});
    ASSERT_TRUE(core.ok()) << core.error().to_string();
    EXPECT_EQ(core->scene.skeleton.joints.size(), info["slotCount"].get<std::size_t>());
    EXPECT_TRUE(core->scene.clips.empty());
  }
}

}  // namespace
}  // namespace bonebridge::animx::package
