// SPDX-License-Identifier: MIT
#pragma once
// How far two .ani documents play apart in the game's engine: the reverse bridge's and the glTF tests'
// measure.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "bonebridge/formats/lego/ani/engine.hpp"

namespace bonebridge::lego::ani::test {

inline double max_matrix_difference(const RowMatrix& a, const RowMatrix& b) {
  double worst = 0;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) worst = std::max(worst, static_cast<double>(std::abs(a[r][c] - b[r][c])));
  }
  return worst;
}

// Both documents evaluated by the engine at every millisecond: largest difference of any world matrix element
// (positions included), nodes matched in pre-order.
inline double engine_difference(const Document& expected, const Document& actual) {
  const ani::Engine a(expected), b(actual);
  EXPECT_EQ(a.nodes().size(), b.nodes().size());
  double worst = 0;
  for (std::int32_t ms = 0; ms <= expected.duration; ++ms) {
    const auto pa = a.evaluate(ms), pb = b.evaluate(ms);
    for (std::size_t i = 0; i < std::min(pa.size(), pb.size()); ++i) {
      worst = std::max(worst, max_matrix_difference(pa[i].world, pb[i].world));
      EXPECT_EQ(pa[i].visible, pb[i].visible) << "node " << i << " at " << ms << " ms";
    }
    const auto ca = a.camera(ms), cb = b.camera(ms);
    EXPECT_EQ(ca.has_value(), cb.has_value());
    if (ca && cb) worst = std::max(worst, max_matrix_difference(*ca, *cb));
  }
  return worst;
}

}  // namespace bonebridge::lego::ani::test
