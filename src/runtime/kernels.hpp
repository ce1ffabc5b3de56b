// SPDX-License-Identifier: MIT
// The jobs' arithmetic, written once over a lane type V (simd.hpp's Scalar, Sse; avx2.cpp's pairs of SoA
// groups): the interpolation of four tracks of one kind and the local matrices of a SoA group. No header is
// included here and no standard function called: avx2.cpp includes this file inside an anonymous namespace,
// so that its AVX2 copies stay its own (a shared inline function compiled for AVX2 could otherwise be the
// copy the linker keeps for every caller).
// Expects bonebridge::runtime's SoaTransform and detail:: segments declared before it.

// Four (or V::kWidth) lanes of one kind of track, from lane `lane`, at time t into x, y, z (and w for
// rotations).
template <class V, int Components, class Segment>
inline void interpolate(const Segment& s, V t, int lane, float* const* out) {
  const V one = V::splat(1);
  V f = min(max((t - V::load(&s.left_time[lane])) * V::load(&s.inverse_span[lane]), V::splat(0)), one);
  if constexpr (Components == 4) {
    // nlerp runs ahead of slerp before the middle and behind after it; f + k f (1 - f) (1 - 2f), with
    // k = (1 - cos) / 3 of the keys' quaternions, cancels that to third order (1e-4 of nlerp's error at 30
    // keys a second), so that rotations need no extra keys to follow the core clip's slerp.
    f = f + V::load(&s.k[lane]) * (f * ((one - f) * (one - (f + f))));
  }
  V value[Components];
  for (int c = 0; c < Components; ++c) {
    const V a = V::load(&s.a[c][lane]);
    value[c] = a + (V::load(&s.b[c][lane]) - a) * f;
  }
  if constexpr (Components == 4) {
    const V norm = value[0] * value[0] + value[1] * value[1] + value[2] * value[2] + value[3] * value[3];
    const V inverse = one / sqrt(norm);
    for (V& c : value) c = c * inverse;
  }
  for (int c = 0; c < Components; ++c) value[c].store(out[c] + lane);
}

// One SoA group's tracks (or V::kWidth / 4 consecutive groups') at `time`.
template <class V>
inline void interpolate_group(const detail::GroupSegments& segments, V t, SoaTransform& o) {
  float* const translation[3] = {o.tx, o.ty, o.tz};
  float* const rotation[4] = {o.qx, o.qy, o.qz, o.qw};
  float* const scale[3] = {o.sx, o.sy, o.sz};
  for (int lane = 0; lane < 4; lane += V::kWidth) {
    interpolate<V, 3>(segments.translation, t, lane, translation);
    interpolate<V, 4>(segments.rotation, t, lane, rotation);
    interpolate<V, 3>(segments.scale, t, lane, scale);
  }
}

// The 4x4 matrices (T * R * S, column-major) of lanes lane..lane+width, as [element][lane]: lanes 4..7 are
// the next group's, for a V of eight lanes.
template <class V>
inline void local_matrices(const SoaTransform& g, int lane, float (&m)[16][8]) {
  const V x = V::load(&g.qx[lane]), y = V::load(&g.qy[lane]), z = V::load(&g.qz[lane]),
          w = V::load(&g.qw[lane]);
  const V one = V::splat(1), two = V::splat(2);
  const V xx = x * x, yy = y * y, zz = z * z, xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y,
          wz = w * z;
  const V sx = V::load(&g.sx[lane]), sy = V::load(&g.sy[lane]), sz = V::load(&g.sz[lane]);
  const V element[12] = {
      (one - two * (yy + zz)) * sx, two * (xy + wz) * sx, two * (xz - wy) * sx, two * (xy - wz) * sy,
      (one - two * (xx + zz)) * sy, two * (yz + wx) * sy, two * (xz + wy) * sz, two * (yz - wx) * sz,
      (one - two * (xx + yy)) * sz, V::load(&g.tx[lane]), V::load(&g.ty[lane]), V::load(&g.tz[lane])};
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 3; ++r) element[c * 3 + r].store(&m[c * 4 + r][lane]);
    (c == 3 ? one : V::splat(0)).store(&m[c * 4 + 3][lane]);
  }
}
