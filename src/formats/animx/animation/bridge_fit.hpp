// SPDX-License-Identifier: MIT
#pragma once
// Writing a baked numeric channel back as the fewest Curve keys Resonite needs (issue 28): the export turns
// Tangent and CubicBezier segments into dense LINEAR keys and a Hold before a jump into a key pair a moment
// apart; the way back finds the segments again. Each segment is the simplest of Linear or CubicBezier (its
// two control values fitted by least squares) that Resonite's own sampling (engine.hpp) plays within the
// tolerance at every baked key it spans; a jump whose preceding segment is still becomes a Hold segment
// ending at the jump, as Resonite's own files have it.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "bonebridge/core/reduce.hpp"
#include "bonebridge/formats/animx/animation/document.hpp"

namespace bonebridge::animx {

// A key of a Curve track being written, with the mode and the Bezier control values of the segment that
// starts at it (the `in_control` of the key after it ends that segment).
struct CurveKey {
  double time = 0;
  std::vector<double> value;
  Interpolation mode = Interpolation::Linear;
  std::vector<double> out_control;  // CubicBezier P1 of the segment starting here (Resonite's R_i)
  std::vector<double> in_control;   // CubicBezier P2 of the segment ending here (Resonite's L_i)
};

// The fewest keys for the LINEAR channel (`times` increasing, each value `element`'s components) that
// Resonite plays within `tolerance` (largest component difference) at every time of the channel. CubicBezier
// segments are tried only for float and double element types (not quaternions).
std::vector<CurveKey> fit_curve_keys(ElementType element, const std::vector<double>& times,
                                     const std::vector<std::vector<double>>& values, double tolerance,
                                     KeyReductionReport& report);

// The fewest keys of a LINEAR rotation channel (`values` x, y, z, w, consecutive keys in one hemisphere,
// `times` increasing) that Resonite's nlerp plays within `radians` of the glTF's motion: at every key, and
// half-way between each two, where the glTF slerps (there within twice the tolerance, as the glTF's slerp
// itself may stray from the motion it was baked from by as much). Nlerp of two keys follows a stretch of an
// nlerp (or of a Raw track's linear extrapolation) exactly when their lengths are in the ratio the
// stretch's ends had; where unit keys do not fit, the later key is scaled by the ratio that makes nlerp
// pass through the point nearest half-way between them (Resonite normalizes after lerping, research/animx.md
// §4), so a long arc the export cut in pieces of 15 degrees comes back as the keys the source had.
void fit_nlerp_keys(std::vector<double>& times, std::vector<std::vector<double>>& values, double radians,
                    KeyReductionReport& report);

// `curve` (all Linear) as a Raw track when that is smaller and Resonite plays both alike from 0 to
// `clip_end`: its keys on a grid from 0 (the smallest gap), frames sampled from the curve at the grid, as
// few as Raw's linear extrapolation past the last frame allows (research/animx.md §4). Both are piecewise
// linear with their corners among the keys, the frames and the clip's end, so agreeing there they agree
// everywhere. Not for rotations (a Raw floatQ is not normalized: whether Resonite normalizes it for a
// Rotation field is not known), strings or bools.
std::optional<Track> as_raw(const Track& curve, double clip_end);

// The Curve track of `keys`, times moved by -shift: per-key modes and a tangent list when the keys need them,
// as Resonite's InsertKeyFrame leaves them (choose_curve_layout).
Track fitted_track(const std::string& node, const std::string& property, ElementType element,
                   const std::vector<CurveKey>& keys, double shift);

}  // namespace bonebridge::animx
