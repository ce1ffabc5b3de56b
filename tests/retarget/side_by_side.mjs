// SPDX-License-Identifier: MIT
// Two or more screenshots (render.mjs's PNGs) side by side in one PNG, left to right, for a person to compare a
// retargeted character with its source. Usage: node side_by_side.mjs OUT.png IN1.png IN2.png ...
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { decodePng } from '../runtime/png.mjs';

const [out, ...inputs] = process.argv.slice(2);
const pictures = inputs.map((path) => decodePng(readFileSync(path)));
const height = Math.max(...pictures.map((p) => p.height));
const width = pictures.reduce((sum, p) => sum + p.width, 0);
const raw = Buffer.alloc(height * (width * 3 + 1));  // filter byte 0, then RGB
let left = 0;
for (const p of pictures) {
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const from = (y * p.width + x) * p.channels, to = y * (width * 3 + 1) + 1 + (left + x) * 3;
      for (let c = 0; c < 3; c++) raw[to + c] = p.pixels[from + c];
    }
  }
  left += p.width;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(width, 0);
header.writeUInt32BE(height, 4);
header[8] = 8;  // bit depth
header[9] = 2;  // RGB
writeFileSync(out, Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]));
