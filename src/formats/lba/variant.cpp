// SPDX-License-Identifier: MIT
#include "bonebridge/formats/lba/variant.hpp"

#include <cmath>
#include <vector>

#include "fixed_point.hpp"

namespace bonebridge::lba {
namespace {

std::vector<int> make_sine_table(int units) {
  std::vector<int> table(static_cast<std::size_t>(units));
  for (int i = 0; i < units; ++i) {
    table[static_cast<std::size_t>(i)] =
        static_cast<int>(std::lround(kOne * std::sin(2 * 3.14159265358979323846 * i / units)));
  }
  return table;
}

const std::vector<int>& sine_table(Variant variant) {
  static const std::vector<int> lba1 = make_sine_table(1024), lba2 = make_sine_table(4096);
  return variant == Variant::Lba1 ? lba1 : lba2;
}

}  // namespace

int sine(Variant variant, int angle) {
  return sine_table(variant)[static_cast<std::size_t>(angle & angle_mask(variant))];
}

int cosine(Variant variant, int angle) {
  return sine(variant, angle + traits(variant).angle_units / 4);
}

}  // namespace bonebridge::lba
