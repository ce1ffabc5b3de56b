// SPDX-License-Identifier: MIT
// The one fixed change of frame between a game's coordinates and a runtime's: some signed permutation of the
// axes (rotations by quarter turns, mirrors), a uniform scale and a translation. All 48 signed permutations
// are tried, each with its least-squares scale and translation; the one with the least residual wins. This
// handles planar motion (where a general affine fit is degenerate) and takes nothing from bonebridge.

const permutations = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

function centroid(points) {
  const c = [0, 0, 0];
  for (const p of points) for (let k = 0; k < 3; k++) c[k] += p[k] / points.length;
  return c;
}

export function fitFrame(from, to) {
  const cf = centroid(from);
  const ct = centroid(to);
  let best = null;
  for (const perm of permutations) {
    for (let signs = 0; signs < 8; signs++) {
      const sign = [0, 1, 2].map((k) => ((signs >> k) & 1 ? -1 : 1));
      const image = (p) => [0, 1, 2].map((k) => sign[k] * (p[perm[k]] - cf[perm[k]]));
      let dot = 0;
      let norm = 0;
      from.forEach((p, i) => {
        const a = image(p);
        for (let k = 0; k < 3; k++) {
          dot += a[k] * (to[i][k] - ct[k]);
          norm += a[k] * a[k];
        }
      });
      const scale = norm > 0 ? dot / norm : 1;
      if (!(scale > 0)) continue;
      let residual = 0;
      from.forEach((p, i) => {
        const a = image(p);
        for (let k = 0; k < 3; k++) residual += (scale * a[k] - (to[i][k] - ct[k])) ** 2;
      });
      if (!best || residual < best.residual) best = { residual, scale, apply: (p) => image(p).map((v, k) => scale * v + ct[k]) };
    }
  }
  return best;
}
