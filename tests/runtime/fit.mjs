// Least-squares affine map q ≈ A p + t between two point lists (normal equations, 4x4, solved per axis).
function solve4(m, b) {
  const a = m.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < 4; c++) {
    let pivot = c;
    for (let r = c + 1; r < 4; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
    [a[c], a[pivot]] = [a[pivot], a[c]];
    if (Math.abs(a[c][c]) < 1e-300) throw new Error('degenerate point set: cannot fit the change of frame');
    for (let r = 0; r < 4; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let k = c; k < 5; k++) a[r][k] -= f * a[c][k];
    }
  }
  return a.map((row, i) => row[4] / row[i]);
}

export function fitAffine(from, to) {
  const ata = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
  const atb = [0, 1, 2].map(() => [0, 0, 0, 0]);
  from.forEach((p, i) => {
    const h = [p[0], p[1], p[2], 1];
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 4; c++) ata[r][c] += h[r] * h[c];
      for (let axis = 0; axis < 3; axis++) atb[axis][r] += h[r] * to[i][axis];
    }
  });
  return [0, 1, 2].map((axis) => solve4(ata, atb[axis]));
}

export function applyAffine(map, p) {
  return map.map((row) => row[0] * p[0] + row[1] * p[1] + row[2] * p[2] + row[3]);
}

export function scaleOf(map) {
  const [a, b, c] = map;
  const det = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
  return Math.cbrt(Math.abs(det));
}
