// SPDX-License-Identifier: MIT
// The preview page (`bonebridge preview`) of one file per family, and one page of a `batch --preview` (which
// loads the batch's one copy of three.js from a folder above it), opened from a file in headless Chromium as
// a user would open it (no server): it must load without errors (the page lists every error and uncaught
// exception and says "ready" in its title once drawn), draw the character in its 3D view, and show it moved
// between two times of the clip (#t=SECONDS stops the page there). The screenshots stay in OUTDIR.
// Usage: node check_preview.mjs TOOL SOURCE_DIR SAMPLES_DIR OUTDIR
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pictureStats } from './png.mjs';

const [tool, sourceDir, samplesDir, outDir] = process.argv.slice(2).map((p) => resolve(p));
mkdirSync(outDir, { recursive: true });
const examples = join(sourceDir, 'examples');
const cases = [
  { name: 'lego', input: `${examples}/lego/waving_arm.ani`, args: [], times: [0.25, 0.75] },
  { name: 'lba', input: `${examples}/lba/ANIM.HQR:1`, args: ['--body', `${examples}/lba/BODY.HQR:0`], times: [0.1, 0.5] },
  { name: 'volition', input: `${examples}/volition/wave.anim_pc`,
    args: ['--rig', `${examples}/volition/wave_character.rig_pc`], times: [0.2, 0.6] },
  { name: 'sith', input: `${samplesDir}/sith/ijim-sed-mod/sed_pdgo.key`,
    args: ['--model', `${samplesDir}/sith/ijim-sed-mod/sed_pd.3do`], times: [0.2, 0.6] },
  { name: 'animx', input: `${samplesDir}/animx/sample_plain.animx`,
    args: ['--skeleton', `${sourceDir}/tests/data/resonite_skeleton.glb`], times: [0.2, 0.6] },
  { name: 'batch', input: `${examples}/lego`, page: 'batch/lego/held_arm.html', times: [0.25, 0.75] },
];

// The page to open: written by `preview`, or (a case with `page`) by `batch --preview` of a folder holding
// the input folder, so that the page sits one folder below the batch's scripts.
function writePage(c) {
  if (!c.page) {
    const html = join(outDir, `${c.name}.html`);
    execFileSync(tool, ['-q', 'preview', c.input, '-o', html, '--force', ...c.args], { stdio: 'inherit' });
    return html;
  }
  const holder = mkdtempSync(join(tmpdir(), 'bonebridge-batch-'));
  cpSync(c.input, join(holder, basename(c.input)), { recursive: true });
  execFileSync(tool, ['-q', 'batch', holder, join(outDir, 'batch'), '--preview', '--force'], { stdio: 'inherit' });
  rmSync(holder, { recursive: true, force: true });
  return join(outDir, c.page);
}

function chromium(page, extra) {
  const profile = mkdtempSync(join(tmpdir(), 'bonebridge-preview-'));
  try {
    return execFileSync('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader', `--user-data-dir=${profile}`, '--window-size=800,700', '--virtual-time-budget=10000',
      ...extra, page], { timeout: 120000, maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

let failed = 0, passed = 0, skipped = 0;
for (const c of cases) {
  if (!existsSync(c.input.split('.HQR:')[0] + (c.input.includes('.HQR:') ? '.HQR' : ''))) {
    console.log(`SKIPPED LOUDLY: ${c.input} is absent (../shared/samples missing)`);
    skipped++;
    continue;
  }
  const html = writePage(c);
  const problems = [];
  const dom = chromium(`file://${html}#t=${c.times[0]}`, ['--dump-dom']);
  const title = dom.match(/<title>([^<]*)<\/title>/)?.[1];
  const errors = dom.match(/<ul id="errors">(.*?)<\/ul>/s)?.[1] ?? '';
  if (title !== 'ready') problems.push(`title is "${title}", not "ready"`);
  if (errors.trim()) problems.push(`errors on the page: ${errors}`);
  const pngs = c.times.map((t, i) => {
    const png = join(outDir, `${c.name}_${i}.png`);
    rmSync(png, { force: true });
    chromium(`file://${html}#t=${t}&bare`, [`--screenshot=${png}`]);
    const stats = pictureStats(png, [32, 32, 40], 0.65);
    console.log(`${png}: ${(stats.drawn * 100).toFixed(1)}% of the 3D view drawn`);
    if (stats.drawn < 0.0005) problems.push(`${png}: the 3D view is blank`);
    return readFileSync(png);
  });
  if (pngs[0].equals(pngs[1])) problems.push(`the two times (${c.times}) show the same picture`);
  if (problems.length) {
    failed++;
    for (const p of problems) console.error(`FAILED ${c.name}: ${p}`);
  } else passed++;
}
console.log(`previews: ${passed} passed, ${failed} failed, ${skipped} skipped; pages and pictures in ${outDir}`);
process.exit(failed === 0 ? 0 : 1);
