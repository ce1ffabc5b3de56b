// SPDX-License-Identifier: MIT
// What a screenshot holds, for the picture checks: a minimal PNG reader and the share of the picture that is not
// background, with its most common colours.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

// A minimal PNG reader (8-bit RGB or RGBA, non-interlaced: what Chromium writes).
export function decodePng(bytes) {
  let offset = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      channels = { 2: 3, 6: 4 }[data[9]];
      if (data[8] !== 8 || !channels || data[12] !== 0) throw new Error('unsupported PNG layout');
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const paeth = () => { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c; };
      const predictor = [0, a, b, (a + b) >> 1, paeth()][filter];
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}


// How much of the PNG at `path` differs from `background` (RGB), and its 12 most common colours (16 levels per
// channel) with their share of the drawn pixels. `top` (0..1] limits the count to that share of the rows from
// the top (the 3D view of a page, not its controls).
export function pictureStats(path, background, top = 1) {
  const { width, height: fullHeight, channels, pixels } = decodePng(readFileSync(path));
  const height = Math.max(1, Math.floor(fullHeight * top));
  let drawn = 0;
  const histogram = new Map();
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [pixels[i * channels], pixels[i * channels + 1], pixels[i * channels + 2]];
    if (Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]) <= 6) continue;
    drawn++;
    const key = `${r >> 4},${g >> 4},${b >> 4}`;
    histogram.set(key, (histogram.get(key) ?? 0) + 1);
  }
  const colours = [...histogram.entries()].sort((p, q) => q[1] - p[1]).slice(0, 12)
    .map(([key, count]) => ({ rgb: key.split(',').map((v) => Number(v) * 16 + 8), share: count / Math.max(drawn, 1) }));
  return { width, height, drawn: drawn / (width * height), colours };
}
