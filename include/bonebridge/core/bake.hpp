// SPDX-License-Identifier: MIT
#pragma once
// Baking engine motion into core channels, one toolkit for every family's bridge: rotation arcs cut into
// short segments in one hemisphere, bisection of an interval until LINEAR keys follow the engine, key
// reduction, and the largest error left. Plain structs and functions in the manner of ozz-animation's
// offline tools: every parameter is stated by the caller, nothing is kept between calls, and every loop is
// bounded by a stated limit (inputs are hostile files).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "bonebridge/core/clip.hpp"
#include "bonebridge/core/math.hpp"

namespace bonebridge {

// A value at a time (seconds, or the engine's own unit: frames, milliseconds).
template <class Value>
struct Knot {
  double time = 0;
  Value value{};
};

// ---------------------------------------------------------------------------------------------------------
// Rotation segments. Players that interpolate quaternions component-wise (Blender, Resonite) agree with
// glTF's slerp only over short arcs, and take the long way round unless successive keys share a hemisphere
// (gltf-runtimes.md). Every key is put in the hemisphere of the one before it (dot >= 0).

struct RotationSegments {
  double max_radians = 0;    // no LINEAR segment turns further than this
  double piece_radians = 0;  // arcs are cut into pieces of at most this (a margin under max_radians, if any,
                             // keeps rounding from pushing a piece over it)
  double count_slack = 0;    // taken off arc / piece_radians before rounding up, so that an arc a rounding
                             // error longer than a whole number of pieces gets no extra piece
};

// Pieces an arc of `radians` is cut into: ceil(radians / piece_radians - count_slack) (0 for no arc).
int segment_count(double radians, const RotationSegments& policy);

// q, or -q when that is in the hemisphere of `previous`.
Quat same_hemisphere(Quat previous, Quat q);
// Every knot's value put in the hemisphere of the one before it.
void align_hemispheres(std::span<Knot<Quat>> knots);

// How points inserted on an arc are interpolated: glTF's slerp, or the engine's own (e.g. nlerp).
using ArcInterpolation = Quat (*)(Quat a, Quat b, double f);

// Appends a LINEAR key (time, q) after q is put in the hemisphere of the channel's last key, with the
// points `between(last, q, k / n)` at k / n of the time between, k = 1 .. n - 1, that cut the arc from the
// last key into n = segment_count pieces.
void append_rotation_key(Channel<Quat>& channel, double time, Quat q, const RotationSegments& policy,
                         ArcInterpolation between = slerp);

// ---------------------------------------------------------------------------------------------------------
// Bisection: an interval [a, b] of engine motion split at its middle until a test accepts each piece.

struct BisectionLimits {
  int max_depth = 0;  // an interval this many halvings below the first is not split
  // Nor is an interval shorter than max(min_span, relative_min_span · |b.time|) (e.g. so that keys stay
  // apart once glTF stores their times as float32), or one whose length is not a number.
  double min_span = 0;
  double relative_min_span = 0;
  std::size_t max_tests = std::numeric_limits<std::size_t>::max();  // split tests in one fit, in all
};

namespace detail {
template <class Value, class Split>
void bisect_at_depth(const Knot<Value>& a, const Knot<Value>& b, Split& split, const BisectionLimits& limits,
                     std::size_t& tests_left, std::vector<Knot<Value>>& out, int depth) {
  const double shortest = std::max(limits.min_span, std::abs(b.time) * limits.relative_min_span);
  // A span that is not a number (NaN times from a hostile file) is never split.
  if (depth >= limits.max_depth || tests_left == 0 || !(b.time - a.time >= shortest)) return;
  --tests_left;
  const std::optional<Knot<Value>> middle = split(a, b);
  if (!middle) return;
  bisect_at_depth(a, *middle, split, limits, tests_left, out, depth + 1);
  out.push_back(*middle);
  bisect_at_depth(*middle, b, split, limits, tests_left, out, depth + 1);
}
}  // namespace detail

// Splits [a, b] while `split(a, b)` returns the knot to split it at (nullopt: the interval is kept as it
// is) and the limits allow, each test taking one of `tests_left`. Appends the split knots to `out` in time
// order (neither a nor b).
template <class Value, class Split>
void bisect(const Knot<Value>& a, const Knot<Value>& b, Split split, const BisectionLimits& limits,
            std::size_t& tests_left, std::vector<Knot<Value>>& out) {
  detail::bisect_at_depth(a, b, split, limits, tests_left, out, 0);
}

// LINEAR keys that follow an engine function: a key at every breakpoint (the engine's value there), and
// between two keys the engine's value at their middle time wherever `misses(a, b, middle)` says that
// interpolating a and b strays from it, bisecting down to the limits. `engine(t)` returns
// std::optional<Value>; nullopt when the engine fails at a breakpoint (a failure at a middle keeps the
// interval). Breakpoints are increasing.
template <class Value, class Engine, class Misses>
std::optional<std::vector<Knot<Value>>> fit(std::span<const double> breakpoints, Engine engine, Misses misses,
                                            const BisectionLimits& limits) {
  std::vector<Knot<Value>> keys;
  for (const double t : breakpoints) {
    std::optional<Value> value = engine(t);
    if (!value) return std::nullopt;
    keys.push_back({t, std::move(*value)});
  }
  if (keys.empty()) return keys;
  const auto split = [&](const Knot<Value>& a, const Knot<Value>& b) -> std::optional<Knot<Value>> {
    const double t = (a.time + b.time) / 2;
    std::optional<Value> value = engine(t);
    if (!value) return std::nullopt;
    Knot<Value> middle{t, std::move(*value)};
    if (!misses(a, b, middle)) return std::nullopt;
    return middle;
  };
  std::vector<Knot<Value>> fitted{keys.front()};
  std::size_t tests_left = limits.max_tests;
  for (std::size_t i = 1; i < keys.size(); ++i) {
    bisect(keys[i - 1], keys[i], split, limits, tests_left, fitted);
    fitted.push_back(keys[i]);
  }
  return fitted;
}

// Whether interpolating a and b reproduces `actual` within `tolerance` (distance; angle in radians).
bool lerp_reproduces(Vec3 a, Vec3 b, double f, Vec3 actual, double tolerance);
bool slerp_reproduces(Quat a, Quat b, double f, Quat actual, double radians);

// ---------------------------------------------------------------------------------------------------------
// Key reduction (ozz's decimation): a key is dropped when interpolating the kept keys around it reproduces
// it. From each kept key the next one is the farthest, at most max_span keys on, such that
// `fits(left, right, f, actual)` holds for every key dropped in between (f its fraction of the time from
// left to right).

enum class SpanSearch {
  Longest,   // every span from max_span down: the longest that fits (max_span² tests per kept key)
  Doubling,  // spans 1, 2, 4 ... until one fails, then bisection between the last two: the longest when a
             // span fitting means every shorter one fits (max_span · log max_span tests per kept key)
};

struct Reduction {
  std::size_t max_span = 0;  // a kept key is at most this many keys after the one before it
  SpanSearch search = SpanSearch::Doubling;
};

// The longest span from `from` (at most `limit` items) that `fits`, given that `fitting` items do: doubling,
// then bisecting back between the longest that fits and the shortest that does not.
template <class Fits>
std::size_t grow_span(std::size_t from, std::size_t fitting, std::size_t limit, Fits&& fits) {
  std::size_t failing = 0;
  while (fitting < limit && failing == 0) {
    const std::size_t next = std::min(fitting * 2, limit);
    (fits(from, from + next) ? fitting : failing) = next;
  }
  while (failing > fitting + 1) {
    const std::size_t middle = (fitting + failing) / 2;
    (fits(from, from + middle) ? fitting : failing) = middle;
  }
  return fitting;
}

namespace detail {
template <class Value, class Fits>
bool span_fits(std::span<const Knot<Value>> knots, std::size_t from, std::size_t to, Fits& fits) {
  for (std::size_t k = from + 1; k < to; ++k) {
    const double f = (knots[k].time - knots[from].time) / (knots[to].time - knots[from].time);
    if (!fits(knots[from].value, knots[to].value, f, knots[k].value)) return false;
  }
  return true;
}

template <class Value, class Fits>
std::size_t longest_span(std::span<const Knot<Value>> knots, std::size_t from, std::size_t limit,
                         Fits& fits) {
  for (std::size_t span = limit; span > 1; --span) {
    if (span_fits(knots, from, from + span, fits)) return span;
  }
  return 1;
}

template <class Value, class Fits>
std::size_t doubling_span(std::span<const Knot<Value>> knots, std::size_t from, std::size_t limit,
                          Fits& fits) {
  // A span of 1 drops nothing: it always fits.
  return grow_span(from, 1, limit,
                   [&](std::size_t a, std::size_t b) { return span_fits(knots, a, b, fits); });
}
}  // namespace detail

// Indices of the kept knots, the first and the last included. Times are increasing.
template <class Value, class Fits>
std::vector<std::size_t> reduce(std::span<const Knot<Value>> knots, Fits fits, const Reduction& policy) {
  std::vector<std::size_t> kept;
  if (knots.empty()) return kept;
  kept.push_back(0);
  const std::size_t last = knots.size() - 1;
  while (kept.back() < last) {
    const std::size_t from = kept.back();
    const std::size_t limit = std::max<std::size_t>(1, std::min(policy.max_span, last - from));
    kept.push_back(from + (policy.search == SpanSearch::Longest
                               ? detail::longest_span(knots, from, limit, fits)
                               : detail::doubling_span(knots, from, limit, fits)));
  }
  return kept;
}

// The kept keys of a STEP or LINEAR channel.
template <class Value, class Fits>
Channel<Value> reduce(const Channel<Value>& channel, Fits fits, const Reduction& policy) {
  std::vector<Knot<Value>> knots;
  knots.reserve(channel.times.size());
  for (std::size_t i = 0; i < channel.times.size(); ++i)
    knots.push_back({channel.times[i], channel.values[i]});
  Channel<Value> out{channel.interpolation, {}, {}};
  for (const std::size_t i : reduce(std::span<const Knot<Value>>(knots), fits, policy)) {
    out.times.push_back(knots[i].time);
    out.values.push_back(knots[i].value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The error a bake leaves: the largest, and where, for the bridge's conversion notes.

struct ErrorReport {
  double largest = 0;  // in the caller's unit (game units, metres, radians, degrees)
  double time = 0;     // where it is, in the caller's time unit
  std::size_t compared = 0;
};

// Counts one comparison; keeps `error` at `time` when larger than the largest so far (NaN never is).
void note_error(ErrorReport& report, double error, double time);

}  // namespace bonebridge
