// SPDX-License-Identifier: MIT
// Baked numeric channels back into Resonite Curve segments (bridge_fit.hpp).
#include "bridge_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "bonebridge/core/math.hpp"
#include "bonebridge/formats/animx/animation/codec.hpp"
#include "bonebridge/formats/animx/animation/engine.hpp"
#include "bonebridge/formats/animx/elements.hpp"

namespace bonebridge::animx {
namespace {

// Whether keys at t0 and t1 are a jump the export baked as a pair: bridge_resample.cpp puts the second key
// 1e-4 s, or 2^-19 of the time, after the first; its bisection never puts keys closer than 5e-4 s.
bool jump_apart(double t0, double t1) {
  return t1 - t0 <= std::max(2e-4, std::abs(t0) * std::ldexp(1.0, -18));
}
constexpr std::size_t kMaxSpan = 4096;  // a segment spans at most this many passed values
// The glTF's motion is checked at its keys and at kBetween points evenly between each two.
constexpr int kBetween = 3;
// A cubic segment spans at least this many passed values: its two control values must be held by values
// over more than one key's interval, or it passes through them and swings between.
constexpr std::size_t kMinCurveSpan = 2 * (kBetween + 1);
// The greedy search overshoots a corner by what the tolerance lets through, and then needs a key more: each
// channel is also fitted within a fraction of the tolerance, and the fewer keys kept.
constexpr double kTightTolerance = 1.0 / 8;

// The values the glTF's motion passes through: its keys, and between each two (where the glTF interpolates,
// which may itself stray from the motion it was baked from by the export's tolerance: there the tolerance
// is twice the writer's, however tight the fit), except across a jump.
struct Baked {
  ElementType element;
  std::vector<double> times;
  std::vector<std::vector<double>> values;
  std::vector<bool> between;     // not a key of the glTF
  std::vector<bool> jump_after;  // a jump follows the value
  double tolerance;              // at keys
  double between_tolerance;
  bool curves;  // CubicBezier segments may be tried
};

double largest_difference(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
  double largest = 0;
  for (std::size_t c = 0; c < a.size(); ++c) {
    const double apart = std::abs(a[c] - b[c]);
    if (!(apart <= largest)) largest = apart;  // NaN kept, to be refused below
  }
  return std::isnan(largest) ? std::numeric_limits<double>::infinity() : largest;
}

// How far what Resonite plays of `keys` strays from the passed values from..to (indices), in tolerances:
// above 1 where it strays more than allowed. The search stops at the first value beyond `enough` (a test
// whether a segment fits needs no more: most tests of the greedy search fail).
double played_error(const Baked& baked, const std::vector<CurveKey>& keys, std::size_t from, std::size_t to,
                    double enough = std::numeric_limits<double>::infinity()) {
  const Track track = fitted_track("", "", baked.element, keys, 0);
  double largest = 0;
  for (std::size_t k = from; k <= to && !(largest > enough); ++k) {
    const auto played = sample(track, static_cast<float>(baked.times[k]));
    if (!played) return std::numeric_limits<double>::infinity();
    largest =
        std::max(largest, largest_difference(components(baked.element, played->bytes), baked.values[k]) /
                              (baked.between[k] ? baked.between_tolerance : baked.tolerance));
  }
  return largest;
}

// played_error over every passed value, one segment at a time (a track of many keys is slow to sample: the
// engine finds a key by a linear scan).
double largest_played_error(const Baked& baked, const std::vector<CurveKey>& keys) {
  double largest = 0;
  std::size_t from = 0;
  for (std::size_t k = 0; k + 1 < keys.size() && from < baked.times.size(); ++k) {
    std::size_t to = from;
    while (to + 1 < baked.times.size() && baked.times[to + 1] <= keys[k + 1].time) ++to;
    largest = std::max(largest, played_error(baked, {keys[k], keys[k + 1]}, from, to));
    from = to + 1;
  }
  return largest;
}

// The CubicBezier control values P1, P2 from baked key `from` to `to` closest (least squares) to the keys
// between them: B(u) = w³P0 + 3w²u P1 + 3wu² P2 + u³P3, u linear in time (research/animx.md §4).
std::optional<std::pair<std::vector<double>, std::vector<double>>> bezier_controls(const Baked& baked,
                                                                                   std::size_t from,
                                                                                   std::size_t to) {
  const std::vector<double>& p0 = baked.values[from];
  const std::vector<double>& p3 = baked.values[to];
  const double t0 = baked.times[from], span = baked.times[to] - t0;
  const std::size_t width = p0.size();
  double s11 = 0, s12 = 0, s22 = 0;
  std::vector<double> r1(width, 0), r2(width, 0);
  for (std::size_t k = from + 1; k < to; ++k) {
    const double u = (baked.times[k] - t0) / span, w = 1 - u;
    const double b1 = 3 * w * w * u, b2 = 3 * w * u * u;
    s11 += b1 * b1;
    s12 += b1 * b2;
    s22 += b2 * b2;
    for (std::size_t c = 0; c < width; ++c) {
      const double rest = baked.values[k][c] - w * w * w * p0[c] - u * u * u * p3[c];
      r1[c] += b1 * rest;
      r2[c] += b2 * rest;
    }
  }
  const double determinant = s11 * s22 - s12 * s12;
  if (!(std::abs(determinant) > 1e-12)) return std::nullopt;
  std::vector<double> p1(width), p2(width);
  for (std::size_t c = 0; c < width; ++c) {
    p1[c] = (s22 * r1[c] - s12 * r2[c]) / determinant;
    p2[c] = (s11 * r2[c] - s12 * r1[c]) / determinant;
  }
  return std::pair{std::move(p1), std::move(p2)};
}

// The simplest segment (Linear, else CubicBezier) from baked key `from` to `to` that Resonite plays within
// the tolerance at every key between them, as its two end keys; nullopt when neither does.
std::vector<CurveKey> line(const Baked& baked, std::size_t from, std::size_t to) {
  return {{baked.times[from], baked.values[from], Interpolation::Linear, {}, {}},
          {baked.times[to], baked.values[to], Interpolation::Linear, {}, {}}};
}

bool line_fits(const Baked& baked, std::size_t from, std::size_t to) {
  return played_error(baked, line(baked, from, to), from, to, 1) <= 1;
}

std::optional<std::vector<CurveKey>> segment(const Baked& baked, std::size_t from, std::size_t to) {
  std::vector<CurveKey> keys = line(baked, from, to);
  if (played_error(baked, keys, from, to, 1) <= 1) return keys;
  if (!baked.curves || to - from < kMinCurveSpan) return std::nullopt;
  auto controls = bezier_controls(baked, from, to);
  if (!controls) return std::nullopt;
  keys[0].mode = Interpolation::CubicBezier;
  keys[0].out_control = std::move(controls->first);
  keys[1].in_control = std::move(controls->second);
  if (played_error(baked, keys, from, to, 1) <= 1) return keys;
  return std::nullopt;
}

// The keys of baked keys first..last, which hold no jump.
// The longest span from `from` (at most `limit`) that `fits` (core's grow_span from `shortest`); 0 when the
// shortest does not fit.
template <class Fits>
std::size_t longest_span(std::size_t from, std::size_t shortest, std::size_t limit, Fits fits) {
  if (shortest > limit || !fits(from, from + shortest)) return 0;
  return grow_span(from, shortest, limit, fits);
}

// The keys of baked values first..last, which hold no jump: from each kept value, the longer of the
// longest Linear and the longest CubicBezier segment (each found apart: a span a curve fits need not be
// one a line fits, nor the other way round).
std::vector<CurveKey> fit_piece(const Baked& baked, std::size_t first, std::size_t last) {
  std::vector<std::size_t> kept{first};
  while (kept.back() < last) {
    const std::size_t from = kept.back(), limit = std::min(kMaxSpan, last - from);
    const std::size_t straight = longest_span(
        from, 1, limit, [&](std::size_t a, std::size_t b) { return b == a + 1 || line_fits(baked, a, b); });
    const std::size_t curved =
        baked.curves
            ? longest_span(from, kMinCurveSpan, limit,
                           [&](std::size_t a, std::size_t b) { return segment(baked, a, b).has_value(); })
            : 0;
    kept.push_back(from + std::max<std::size_t>({straight, curved, 1}));
  }
  std::vector<CurveKey> keys;
  for (std::size_t k = 0; k + 1 < kept.size(); ++k) {
    auto pair = segment(baked, kept[k], kept[k + 1]);
    if (!pair) pair = line(baked, kept[k], kept[k + 1]);
    if (keys.empty()) {
      keys.push_back(std::move((*pair)[0]));
    } else {
      keys.back().mode = (*pair)[0].mode;
      keys.back().out_control = std::move((*pair)[0].out_control);
    }
    keys.push_back(std::move((*pair)[1]));
  }
  if (keys.empty()) keys.push_back({baked.times[first], baked.values[first], Interpolation::Linear, {}, {}});
  return keys;
}

// The segment from `start` to `end` made to begin at `time` (before start.time) with the same motion: the
// line or the cubic extended (a cubic over a longer span is still one cubic: its value and slopes at the new
// ends give its control values).
void extend_back(CurveKey& start, CurveKey& end, double time) {
  const double span = end.time - start.time, longer = end.time - time;
  const double u = (time - start.time) / span, w = 1 - u;
  std::vector<double>& p0 = start.value;
  const std::vector<double>& p3 = end.value;
  if (start.mode != Interpolation::CubicBezier) {
    for (std::size_t c = 0; c < p0.size(); ++c) p0[c] = w * p0[c] + u * p3[c];
    start.time = time;
    return;
  }
  std::vector<double>& p1 = start.out_control;
  std::vector<double>& p2 = end.in_control;
  for (std::size_t c = 0; c < p0.size(); ++c) {
    const double value =
        w * w * w * p0[c] + 3 * w * w * u * p1[c] + 3 * w * u * u * p2[c] + u * u * u * p3[c];
    const double slope =
        3 * (w * w * (p1[c] - p0[c]) + 2 * w * u * (p2[c] - p1[c]) + u * u * (p3[c] - p2[c])) / span;
    const double end_slope = 3 * (p3[c] - p2[c]) / span;
    p0[c] = value;
    p1[c] = value + slope * longer / 3;
    p2[c] = p3[c] - end_slope * longer / 3;
  }
  start.time = time;
}

// Appends the keys after a jump: when the segment before the jump is still, it becomes a Hold segment ending
// where the jump is, and the motion after the jump starts there (as Resonite's own files say a jump);
// otherwise both keys of the pair stay.
void append_after_jump(std::vector<CurveKey>& keys, std::vector<CurveKey> after, double tolerance) {
  const bool still = keys.size() >= 2 && keys[keys.size() - 2].mode == Interpolation::Linear &&
                     largest_difference(keys[keys.size() - 2].value, keys.back().value) <= tolerance;
  if (still && after.size() >= 2) {
    const double jump = keys.back().time;
    keys.pop_back();
    keys.back().mode = Interpolation::Hold;
    extend_back(after[0], after[1], jump);
  }
  keys.insert(keys.end(), std::make_move_iterator(after.begin()), std::make_move_iterator(after.end()));
}

Baked passed_values(ElementType element, const std::vector<double>& times,
                    const std::vector<std::vector<double>>& values, double tolerance) {
  const auto scalar = element_info(element).scalar;
  Baked baked{element,
              {},
              {},
              {},
              {},
              tolerance,
              2 * tolerance,
              (scalar == Scalar::F32 || scalar == Scalar::F64) && !is_quaternion(element)};
  for (std::size_t i = 0; i < times.size(); ++i) {
    const bool jump = i + 1 < times.size() && jump_apart(times[i], times[i + 1]) &&
                      largest_difference(values[i], values[i + 1]) > tolerance;
    baked.times.push_back(times[i]);
    baked.values.push_back(values[i]);
    baked.between.push_back(false);
    baked.jump_after.push_back(jump);
    if (jump || i + 1 == times.size() || !(times[i + 1] > times[i])) continue;
    for (int k = 1; k <= kBetween; ++k) {
      const double f = static_cast<double>(k) / (kBetween + 1);
      std::vector<double> between(values[i].size());
      for (std::size_t c = 0; c < between.size(); ++c)
        between[c] = (1 - f) * values[i][c] + f * values[i + 1][c];
      baked.times.push_back((1 - f) * times[i] + f * times[i + 1]);
      baked.values.push_back(std::move(between));
      baked.between.push_back(true);
      baked.jump_after.push_back(false);
    }
  }
  return baked;
}

// The keys of every piece between jumps, joined.
std::vector<CurveKey> fit_passed(const Baked& baked) {
  std::vector<CurveKey> keys;
  std::size_t first = 0;
  const std::size_t last = baked.times.size() - 1;
  for (std::size_t i = 0; i <= last; ++i) {
    if (!baked.jump_after[i] && i < last) continue;
    append_after_jump(keys, fit_piece(baked, first, i), baked.tolerance);
    first = i + 1;
  }
  // The last key's mode is never sampled: the one before it keeps the modes shared where they can be.
  if (keys.size() >= 2) keys.back().mode = keys[keys.size() - 2].mode;
  return keys;
}

// A rotation the glTF's motion passes through: a key, or half-way between two (where the glTF's slerp may
// stray from the motion it was baked from by the export's tolerance: there the tolerance is twice the
// writer's, however tight the fit).
struct Passed {
  double time = 0;
  Quat value;
  bool between = false;
};

std::vector<Passed> passed_rotations(const std::vector<double>& times,
                                     const std::vector<std::vector<double>>& values) {
  std::vector<Passed> passed;
  for (std::size_t i = 0; i < times.size(); ++i) {
    const Quat q = normalize({values[i][0], values[i][1], values[i][2], values[i][3]});
    if (i > 0 && times[i] > times[i - 1]) {
      const Quat previous = passed.back().value;
      passed.push_back(
          {(times[i - 1] + times[i]) / 2, slerp(previous, same_hemisphere(previous, q), 0.5), true});
    }
    passed.push_back({times[i], q, false});
  }
  return passed;
}

// The largest angle between Resonite's nlerp from passed[from] to passed[to] scaled by `ratio` and the
// rotations passed between them, in tolerances (radians when both are 1).
double nlerp_error(const std::vector<Passed>& passed, std::size_t from, std::size_t to, double ratio,
                   double tolerance, double between_tolerance) {
  const Quat a = passed[from].value, b = passed[to].value;
  const std::vector<CurveKey> keys{
      {passed[from].time, {a.x, a.y, a.z, a.w}, Interpolation::Linear, {}, {}},
      {passed[to].time, {ratio * b.x, ratio * b.y, ratio * b.z, ratio * b.w}, Interpolation::Linear, {}, {}}};
  const Track track = fitted_track("", "", ElementType::FloatQ, keys, 0);
  double largest = 0;
  for (std::size_t k = from + 1; k < to; ++k) {
    const auto played = sample(track, static_cast<float>(passed[k].time));
    if (!played) return std::numeric_limits<double>::infinity();
    const auto q = components(ElementType::FloatQ, played->bytes);
    const double angle = angle_between(normalize({q[0], q[1], q[2], q[3]}), passed[k].value);
    largest =
        std::max(largest, std::isnan(angle) ? std::numeric_limits<double>::infinity()
                                            : angle / (passed[k].between ? between_tolerance : tolerance));
  }
  return largest;
}

// The ratio of lengths that makes nlerp from passed[from] to passed[to] pass through the key nearest
// half-way: nlerp's direction (1-u)·a + u·r·b lies at angle θ from a and φ from b when
// (1-u)/(u·r) = sin φ / sin θ. 1 when there is no such point or the ratio is far from 1.
double length_ratio(const std::vector<Passed>& passed, std::size_t from, std::size_t to) {
  if (to - from < 2) return 1;
  const double t0 = passed[from].time, t1 = passed[to].time, half_way = (t0 + t1) / 2;
  std::size_t middle = from;  // a key: half-way points are the glTF's slerp, not the motion it was baked from
  for (std::size_t k = from + 1; k < to; ++k) {
    if (!passed[k].between &&
        (middle == from || std::abs(passed[k].time - half_way) < std::abs(passed[middle].time - half_way)))
      middle = k;
  }
  if (middle == from) return 1;
  const Quat m = passed[middle].value;
  const double u = (passed[middle].time - t0) / (t1 - t0);
  const double theta = std::acos(std::clamp(dot(passed[from].value, m), -1.0, 1.0));
  const double phi = std::acos(std::clamp(dot(m, passed[to].value), -1.0, 1.0));
  const double ratio = (1 - u) * std::sin(theta) / (u * std::sin(phi));
  return std::isfinite(ratio) && ratio > 0.25 && ratio < 4 ? ratio : 1;
}

}  // namespace

void fit_nlerp_keys(std::vector<double>& times, std::vector<std::vector<double>>& values, double radians,
                    KeyReductionReport& report) {
  if (times.size() < 2 || times.size() != values.size() || !std::is_sorted(times.begin(), times.end()))
    return;
  const std::vector<Passed> passed = passed_rotations(times, values);
  const auto ratio_within = [&](std::size_t from, std::size_t to, double tolerance) -> std::optional<double> {
    if (nlerp_error(passed, from, to, 1, tolerance, 2 * radians) <= 1) return 1.0;
    const double ratio = length_ratio(passed, from, to);
    if (ratio != 1 && nlerp_error(passed, from, to, ratio, tolerance, 2 * radians) <= 1) return ratio;
    return std::nullopt;
  };
  const auto kept_within = [&](double tolerance) {
    return reduce_spans(passed.size(), kMaxSpan, [&](std::size_t from, std::size_t to) {
      return ratio_within(from, to, tolerance).has_value();
    });
  };
  std::vector<std::size_t> kept = kept_within(radians);
  double tolerance = radians;
  if (auto tight = kept_within(radians * kTightTolerance); tight.size() <= kept.size()) {
    kept = std::move(tight);
    tolerance = radians * kTightTolerance;
  }
  report.before += times.size();
  report.after += kept.size();
  std::vector<double> kept_times;
  std::vector<std::vector<double>> kept_values;
  double length = 1;
  for (std::size_t k = 0; k < kept.size(); ++k) {
    if (k > 0) {
      const double ratio = ratio_within(kept[k - 1], kept[k], tolerance).value_or(1);
      report.largest_error =
          std::max(report.largest_error, nlerp_error(passed, kept[k - 1], kept[k], ratio, 1, 1));
      length *= ratio;
    }
    const Quat q = passed[kept[k]].value;
    kept_times.push_back(passed[kept[k]].time);
    kept_values.push_back({length * q.x, length * q.y, length * q.z, length * q.w});
  }
  times = std::move(kept_times);
  values = std::move(kept_values);
}

std::vector<CurveKey> fit_curve_keys(ElementType element, const std::vector<double>& times,
                                     const std::vector<std::vector<double>>& values, double tolerance,
                                     KeyReductionReport& report) {
  if (times.empty() || times.size() != values.size()) return {};
  Baked baked = passed_values(element, times, values, tolerance);
  std::vector<CurveKey> keys = fit_passed(baked);
  baked.tolerance = tolerance * kTightTolerance;
  if (std::vector<CurveKey> tight = fit_passed(baked); tight.size() <= keys.size()) keys = std::move(tight);
  report.before += times.size();
  report.after += keys.size();
  baked.tolerance = baked.between_tolerance = 1;  // in units
  report.largest_error = std::max(report.largest_error, largest_played_error(baked, keys));
  return keys;
}

namespace {

constexpr double kSameValue = 1e-6;  // float rounding of Raw's extrapolation

// The time step of a Linear curve whose keys all lie on one grid from 0 (what Raw can say), else nullopt.
std::optional<double> raw_grid_step(const Track& curve, double clip_end) {
  const auto& times = curve.times;
  const bool linear = curve.type == TrackType::Curve && curve.flags == 0 &&
                      curve.shared_interpolation == static_cast<std::uint8_t>(Interpolation::Linear);
  if (!linear || times.size() < 2 || times.front() != 0 || is_string(curve.element) ||
      is_bool(curve.element) || is_quaternion(curve.element) || !(clip_end >= times.back()))
    return std::nullopt;
  double gap = std::numeric_limits<double>::infinity();
  for (std::size_t k = 1; k < times.size(); ++k)
    gap = std::min(gap, static_cast<double>(times[k] - times[k - 1]));
  if (!(gap > 0)) return std::nullopt;
  for (const float t : times) {
    const double steps = t / gap;
    if (std::abs(steps - std::round(steps)) > 1e-4) return std::nullopt;
  }
  return gap;
}

// Raw needs frames up to the curve's last corner and one after it, whose extrapolation plays the rest: a key
// where the slope changes, or the last key when the curve moves up to it and holds after it.
double last_corner(const Track& curve, double clip_end) {
  const auto& times = curve.times;
  const std::size_t n = times.size();
  const auto value = [&](std::size_t k) {
    return components(curve.element, value_bytes(curve.element, curve.values, k));
  };
  const auto slope = [&](std::size_t k) {
    std::vector<double> out = value(k + 1);
    const std::vector<double> start = value(k);
    for (std::size_t c = 0; c < out.size(); ++c) out[c] = (out[c] - start[c]) / (times[k + 1] - times[k]);
    return out;
  };
  double corner = 0;
  for (std::size_t k = 1; k + 1 < n; ++k) {
    if (largest_difference(slope(k - 1), slope(k)) * (times[k + 1] - times[k - 1]) > kSameValue)
      corner = times[k];
  }
  if (times.back() < clip_end && largest_difference(value(n - 1), value(n - 2)) > kSameValue)
    corner = times.back();
  return corner;
}

// A Linear curve sampled one segment at a time, in time order (Resonite finds a key by scanning them all:
// sampling the whole curve at each time would cost n² on a long grid).
class SegmentSampler {
 public:
  explicit SegmentSampler(const Track& curve)
      : curve_(curve), size_(static_cast<std::size_t>(element_info(curve.element).size)) {
    two_.element = curve.element;
    two_.shared_interpolation = curve.shared_interpolation;
  }
  void restart() { segment_ = 0; }
  auto at(double t) {
    const auto& times = curve_.times;
    while (segment_ + 2 < times.size() && t > times[segment_ + 1]) ++segment_;
    two_.times = {times[segment_], times[segment_ + 1]};
    const auto first = curve_.values.bytes.begin() + static_cast<std::ptrdiff_t>(segment_ * size_);
    two_.values.bytes.assign(first, first + static_cast<std::ptrdiff_t>(2 * size_));
    return sample(two_, static_cast<float>(t));
  }

 private:
  const Track& curve_;
  std::size_t size_;
  std::size_t segment_ = 0;
  Track two_;
};

// `count` frames `gap` apart sampled from the curve, checked against it at every key, frame and the clip's
// end; nullopt when Raw would play otherwise.
std::optional<Track> sampled_raw(const Track& curve, double gap, std::size_t count, double clip_end) {
  Track raw = curve;
  raw.type = TrackType::Raw;
  raw.interval = static_cast<float>(gap);
  raw.times.clear();
  raw.flags = raw.shared_interpolation = 0;
  raw.values.bytes.clear();
  std::vector<double> frames;
  for (std::size_t k = 0; k < count; ++k) frames.push_back(static_cast<double>(k) * gap);
  std::vector<double> checked = frames;
  checked.insert(checked.end(), curve.times.begin(), curve.times.end());
  checked.push_back(clip_end);
  std::sort(checked.begin(), checked.end());
  SegmentSampler played(curve);
  std::size_t next_frame = 0;
  for (const double t : checked) {
    if (t > clip_end) break;
    const auto value = played.at(t);
    if (!value) return std::nullopt;
    if (next_frame < count && t == frames[next_frame]) {
      raw.values.bytes.insert(raw.values.bytes.end(), value->bytes.begin(), value->bytes.end());
      ++next_frame;
    }
  }
  if (next_frame != count) return std::nullopt;  // a frame past the clip's end
  played.restart();
  for (const double t : checked) {
    if (t > clip_end) break;
    const auto a = sample(raw, static_cast<float>(t));
    const auto b = played.at(t);
    if (!a || !b ||
        largest_difference(components(curve.element, a->bytes), components(curve.element, b->bytes)) >
            kSameValue)
      return std::nullopt;
  }
  return raw;
}

}  // namespace

std::optional<Track> as_raw(const Track& curve, double clip_end) {
  const auto gap = raw_grid_step(curve, clip_end);
  if (!gap) return std::nullopt;
  const double steps = std::round(last_corner(curve, clip_end) / *gap);
  // Not when Raw is not smaller: count·size + 4 bytes against n·(size + 4) + 2.
  const auto size = static_cast<std::size_t>(element_info(curve.element).size);
  if (!(4 + (steps + 2) * static_cast<double>(size) <
        2 + static_cast<double>(curve.times.size() * (size + 4))))
    return std::nullopt;
  return sampled_raw(curve, *gap, static_cast<std::size_t>(steps) + 2, clip_end);
}

Track fitted_track(const std::string& node, const std::string& property, ElementType element,
                   const std::vector<CurveKey>& keys, double shift) {
  Track track;
  track.type = TrackType::Curve;
  track.element = element;
  track.node = node;
  track.property = property;
  std::vector<Interpolation> modes;
  for (const CurveKey& key : keys) {
    track.times.push_back(static_cast<float>(key.time - shift));
    const auto bytes = to_bytes(element, key.value);
    track.values.bytes.insert(track.values.bytes.end(), bytes.begin(), bytes.end());
    modes.push_back(key.mode);
  }
  choose_curve_layout(track, modes);
  if (!(track.flags & kCurveTangents)) return track;
  track.left_tangents.bytes.clear();
  track.right_tangents.bytes.clear();
  for (const CurveKey& key : keys) {
    const std::vector<double> zero(key.value.size(), 0);
    const auto left = to_bytes(element, key.in_control.empty() ? zero : key.in_control);
    const auto right = to_bytes(element, key.out_control.empty() ? zero : key.out_control);
    track.left_tangents.bytes.insert(track.left_tangents.bytes.end(), left.begin(), left.end());
    track.right_tangents.bytes.insert(track.right_tangents.bytes.end(), right.begin(), right.end());
  }
  return track;
}

}  // namespace bonebridge::animx
