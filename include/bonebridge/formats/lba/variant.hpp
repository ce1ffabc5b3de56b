// SPDX-License-Identifier: MIT
#pragma once
// The two games the family reads. LBA1 and LBA2 share the layouts of their files but not their units: angle
// units per turn, the length of one unit of keyframe duration, and the sine table built from them.

namespace bonebridge::lba {

enum class Variant { Lba1, Lba2 };

struct VariantTraits {
  int angle_units;      // per full turn
  double tick_seconds;  // one unit of keyframe duration
};
// Inline: the engines ask for it per angle, per group, per tick.
constexpr VariantTraits traits(Variant variant) {
  return variant == Variant::Lba1 ? VariantTraits{1024, 0.02} : VariantTraits{4096, 0.001};
}

// Q14 sine of an angle in the variant's units, from the table round(16384·sin(2πi/units)); cos(i) = sin(i +
// units/4).
int sine(Variant variant, int angle);
int cosine(Variant variant, int angle);

// An actor's angles, in the variant's units: LBA1 turns an actor by beta alone, LBA2's master rotation by all
// three.
struct Orientation {
  int alpha = 0;
  int beta = 0;
  int gamma = 0;
  friend bool operator==(const Orientation&, const Orientation&) = default;
};

}  // namespace bonebridge::lba
