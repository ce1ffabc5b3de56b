// SPDX-License-Identifier: MIT
// Entities laid out byte by byte from FICHE.C / FICHE.CPP (SearchBody, SearchAnim): opcode, generic id (u8;
// u16 for LBA2 animations), a size counted from the size byte to the next record, then the record; 0xFF ends
// the entity.
#include <gtest/gtest.h>

#include "bonebridge/formats/lba/entity/codec.hpp"
#include "bonebridge/formats/lba/entity/names.hpp"

namespace bonebridge::lba {
namespace {

// LBA1: a body (GEN_BODY_NORMAL, BODY.HQR 12, a ZV box), an animation (GEN_ANIM_MARCHE, ANIM.HQR 40, no
// action), a record of another kind (opcode 10, skipped by its size), the end.
const std::vector<std::uint8_t> kLba1Entity = {
    0x01, 0x00, 17,   12,   0x00, 0x01, 14,
    0x9C, 0xFF, 0x00, 0x00, 0x9C, 0xFF,  // body .. xmin -100, ymin 0, zmin -100
    0x64, 0x00, 0xD0, 0x07, 0x64, 0x00,  // xmax 100, ymax 2000, zmax 100
    0x03, 0x01, 4,    40,   0x00, 0x00,  // animation
    0x0A, 0x00, 3,    0xAB, 0xCD,        // other
    0xFF};

TEST(LbaEntity, Lba1RecordsReadAsTheGameReadsThem) {
  const auto entity = entity::read(kLba1Entity, Variant::Lba1);
  ASSERT_TRUE(entity.ok()) << entity.error().to_string();
  ASSERT_EQ(entity->records.size(), 3u);
  const auto body = entity_body(entity->records[0]);
  ASSERT_TRUE(body.has_value());
  EXPECT_EQ(body->generic, 0);
  EXPECT_EQ(body->body_index, 12);
  ASSERT_TRUE(body->box.has_value());
  EXPECT_EQ(*body->box, (std::array<std::int16_t, 6>{-100, 0, -100, 100, 2000, 100}));
  const auto animation = entity_animation(entity->records[1]);
  ASSERT_TRUE(animation.has_value());
  EXPECT_EQ(animation->generic, 1);
  EXPECT_EQ(animation->animation_index, 40);
  EXPECT_EQ(entity->records[2].opcode, 0x0A);
  EXPECT_EQ(entity::write(*entity), kLba1Entity);
  EXPECT_EQ(generic_animation_name(animation->generic, Variant::Lba1), "GEN_ANIM_MARCHE (1)");
  EXPECT_EQ(generic_body_name(body->generic), "GEN_BODY_NORMAL (0)");
}

// LBA2's RESS.HQR:44: two u32 offsets, then two entities; animation ids are u16 (0x0101 = 257 here, past the
// header's names).
const std::vector<std::uint8_t> kLba2Table = {
    8,    0,    0,    0, 22,   0,    0,    0,      // offsets 8 and 22
    0x01, 0x02, 4,    3, 0x00, 0x00,               // body GEN_BODY_SABRE, BODY.HQR 3, no action
    0x03, 0x2F, 0x00, 4, 5,    0x00, 0x00,         // animation GEN_ANIM_LABYRINTHE (47), ANIM 5
    0xFF,                                          // end of entity 0
    0x03, 0x01, 0x01, 4, 0xFF, 0xFF, 0x00, 0xFF};  // entity 1: id 257, ANIM.HQR -1

TEST(LbaEntity, Lba2TableReadsWithWideAnimationIds) {
  const auto table = entity::read_table(kLba2Table);
  ASSERT_TRUE(table.ok()) << table.error().to_string();
  ASSERT_EQ(table->entities.size(), 2u);
  const auto animation = entity_animation(table->entities[0].records[1]);
  ASSERT_TRUE(animation.has_value());
  EXPECT_EQ(animation->generic, 47);
  EXPECT_EQ(animation->animation_index, 5);
  EXPECT_EQ(generic_animation_name(47, Variant::Lba2), "GEN_ANIM_LABYRINTHE (47)");
  const auto wide = entity_animation(table->entities[1].records[0]);
  ASSERT_TRUE(wide.has_value());
  EXPECT_EQ(wide->generic, 257);
  EXPECT_EQ(wide->animation_index, -1);
  EXPECT_EQ(generic_animation_name(257, Variant::Lba2), "generic animation 257");
  EXPECT_EQ(entity::write_table(*table), kLba2Table);
}

// An LBA1 animation whose actions are a hit (type 5: frame, force), a sample (6: frame, u16), a repeated
// sample (10: frame, u16 sample, u16 count) and a left step (15: frame): the sounds at their frames.
TEST(LbaEntity, Lba1SoundsAtFrames) {
  const std::vector<std::uint8_t> bytes = {
      0x03, 0x02, 19,   7,    0x00, 4,     // GEN_ANIM_RECULE, ANIM 7, 4 actions
      5,    3,    20,                      // hit at frame 3, force 20
      6,    2,    0x2A, 0x01,              // sample 298 at frame 2
      10,   4,    0x05, 0x00, 0x03, 0x00,  // sample 5, 3 times, at frame 4
      15,   1,                             // left step at frame 1
      0xFF};
  const auto entity = entity::read(bytes, Variant::Lba1);
  ASSERT_TRUE(entity.ok()) << entity.error().to_string();
  const auto sounds = entity_sounds(entity->records[0], Variant::Lba1);
  ASSERT_EQ(sounds.size(), 2u);
  EXPECT_EQ(sounds[0].frame, 2);
  EXPECT_EQ(sounds[0].sample, 298);
  EXPECT_STREQ(sounds[0].kind, "sample");
  EXPECT_EQ(sounds[1].frame, 4);
  EXPECT_EQ(sounds[1].sample, 5);
  EXPECT_STREQ(sounds[1].kind, "sample_repeat");
  EXPECT_EQ(sounds[1].argument, 3);
  EXPECT_TRUE(entity_sounds(entity->records[0], Variant::Lba2).empty());
}

TEST(LbaEntity, BadRecordsNameTheirOffset) {
  auto past = kLba1Entity;
  past[2] = 200;  // the body's size runs past the entity
  const auto runs_past = entity::read(past, Variant::Lba1);
  ASSERT_FALSE(runs_past.ok());
  EXPECT_EQ(runs_past.error().offset, 2u);
  EXPECT_NE(runs_past.error().message.find("runs"), std::string::npos) << runs_past.error().message;
  auto zero = kLba1Entity;
  zero[2] = 0;  // the game would loop on it forever
  const auto stuck = entity::read(zero, Variant::Lba1);
  ASSERT_FALSE(stuck.ok());
  EXPECT_NE(stuck.error().message.find("size 0"), std::string::npos);
  const std::vector<std::uint8_t> unended(kLba1Entity.begin(), kLba1Entity.end() - 1);
  EXPECT_FALSE(entity::read(unended, Variant::Lba1).ok());
  const std::vector<std::uint8_t> bad_table = {7, 0, 0, 0, 0xFF};
  EXPECT_FALSE(entity::read_table(bad_table).ok());
}

}  // namespace
}  // namespace bonebridge::lba
