// SPDX-License-Identifier: MIT
// Pictures of characters as the game shows them: each case is converted with the tool and rendered by three.js in
// headless Chromium (render.mjs) at two animation times. A case passes when both frames show the character (at
// least 3% of the picture drawn, in at least 3 distinct colours each above 2% of the drawn pixels) and the two
// frames differ (the animation moves it). A case with `textures` (a folder of 16-bit RGB565 .mat files, read here
// from their bytes) must also carry their colours: at least `texturedShare` of the drawn pixels in the chromaticity
// bins that hold most of the textures' texels (the neutral grey bin left out, so a flat grey model scores 0).
// The PNGs stay in OUTDIR for a person to look at.
// Usage: node check_renders.mjs TOOL SOURCE_DIR SAMPLES_DIR OUTDIR
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePng } from './png.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [tool, sourceDir, samplesDir, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const cases = [
  { name: 'twinsen_walk_lm2', input: 'lba/Twinsen_Walk.anm', times: [0.1, 0.5], colours: 3,
    args: ['--variant', 'lba2', '--body', '{samples}/lba/lba2-bodies/My_Twinsen_Tunic_LBA2.lm2'] },
  { name: 'human_hand_lm2', input: 'lba/Human_Hand_P1.anm', times: [0.5, 4.0], colours: 1,
    args: ['--variant', 'lba2', '--body', '{samples}/lba/lba2-bodies/Human_Hand.lm2'] },
  { name: 'sith_sed_pd_textured', input: 'sith/ijim-sed-mod/sed_pdgo.key', times: [0.3, 1.0], colours: 3,
    args: ['--model', '{samples}/sith/ijim-sed-mod/sed_pd.3do'], textures: 'sith/ijim-sed-mod/mat', texturedShare: 0.25 },
];

// A pixel's chromaticity bin: r and g as shares of r + g + b, in twentieths.
const chromaBin = (r, g, b) => {
  const sum = r + g + b;
  return sum < 30 ? null : `${Math.round((r / sum) * 20)},${Math.round((g / sum) * 20)}`;
};
const neutralBin = chromaBin(100, 100, 100);

// The bins holding 80% of the texels of the RGB565 .mat files in `folder` (one cel, one level: texels at byte 140,
// width and height at 116 and 120), the neutral bin left out.
function textureBins(folder) {
  const counts = new Map();
  let total = 0;
  for (const file of readdirSync(folder).filter((f) => f.toLowerCase().endsWith('.mat'))) {
    const bytes = readFileSync(join(folder, file));
    const texels = bytes.readInt32LE(116) * bytes.readInt32LE(120);
    for (let i = 0; i < texels; i++) {
      const t = bytes.readUInt16LE(140 + 2 * i);
      const bin = chromaBin((t >> 11) << 3, ((t >> 5) & 63) << 2, (t & 31) << 3);
      if (bin === null) continue;
      counts.set(bin, (counts.get(bin) ?? 0) + 1);
      total++;
    }
  }
  const bins = new Set();
  let covered = 0;
  for (const [bin, count] of [...counts.entries()].sort((p, q) => q[1] - p[1])) {
    if (covered >= 0.8 * total) break;
    covered += count;
    if (bin !== neutralBin) bins.add(bin);
  }
  return bins;
}

// The share of the drawn (non-background) pixels of the PNG at `path` whose bin is in `bins`.
function texturedShare(path, bins, background) {
  const { width, height, channels, pixels } = decodePng(readFileSync(path));
  let drawn = 0, inBins = 0;
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [pixels[i * channels], pixels[i * channels + 1], pixels[i * channels + 2]];
    if (Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]) <= 6) continue;
    drawn++;
    if (bins.has(chromaBin(r, g, b))) inBins++;
  }
  return inBins / Math.max(drawn, 1);
}
const renderBackground = [32, 32, 40];  // render.mjs's

let failed = 0, passed = 0, skipped = 0;
for (const c of cases) {
  const input = join(samplesDir, c.input);
  if (!existsSync(input)) {
    console.log(`SKIPPED LOUDLY: ${input} is absent (../shared/samples missing)`);
    skipped++;
    continue;
  }
  const glb = join(outDir, `${c.name}.glb`);
  const args = c.args.map((a) => a.replace('{samples}', samplesDir));
  rmSync(glb, { force: true });
  execFileSync(tool, ['convert', input, glb, ...args], { stdio: ['ignore', 'ignore', 'ignore'] });
  const frames = c.times.map((t, i) => {
    const png = join(outDir, `${c.name}_${i}.png`);
    const stats = JSON.parse(execFileSync('node', [join(here, 'render.mjs'), glb, png, String(t)]).toString());
    return { stats, bytes: readFileSync(png) };
  });
  const problems = [];
  for (const { stats } of frames) {
    const distinct = stats.colours.filter((c) => c.share > 0.02).length;
    if (stats.drawn < 0.03) problems.push(`${stats.png}: only ${(stats.drawn * 100).toFixed(2)}% drawn`);
    if (distinct < c.colours) problems.push(`${stats.png}: ${distinct} distinct colours`);
    console.log(`${stats.png}: ${(stats.drawn * 100).toFixed(1)}% drawn, ${distinct} colours above 2%`);
  }
  if (frames[0].bytes.equals(frames[1].bytes)) problems.push(`${c.name}: the two times render the same picture`);
  if (c.textures) {
    const bins = textureBins(join(samplesDir, c.textures));
    for (const { stats } of frames) {
      const share = texturedShare(stats.png, bins, renderBackground);
      console.log(`${stats.png}: ${(share * 100).toFixed(1)}% of the drawn pixels in the textures' colours`);
      if (share < c.texturedShare) problems.push(`${stats.png}: only ${(share * 100).toFixed(1)}% in the textures' colours`);
    }
  }
  if (problems.length) {
    failed++;
    for (const p of problems) console.error(`FAILED: ${p}`);
  } else passed++;
}
console.log(`renders: ${passed} passed, ${failed} failed, ${skipped} skipped; pictures in ${outDir}`);
process.exit(failed === 0 ? 0 : 1);
