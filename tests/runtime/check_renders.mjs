// Pictures of characters as the game shows them: each case is converted with the tool and rendered by three.js in
// headless Chromium (render.mjs) at two animation times. A case passes when both frames show the character (at
// least 3% of the picture drawn, in at least 3 distinct colours each above 2% of the drawn pixels) and the two
// frames differ (the animation moves it). The PNGs stay in OUTDIR for a person to look at.
// Usage: node check_renders.mjs TOOL SOURCE_DIR SAMPLES_DIR OUTDIR
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [tool, sourceDir, samplesDir, outDir] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const cases = [
  { name: 'twinsen_walk_lm2', input: 'lba/Twinsen_Walk.anm', times: [0.1, 0.5], colours: 3,
    args: ['--variant', 'lba2', '--body', '{samples}/lba/lba2-bodies/My_Twinsen_Tunic_LBA2.lm2'] },
  { name: 'human_hand_lm2', input: 'lba/Human_Hand_P1.anm', times: [0.5, 4.0], colours: 1,
    args: ['--variant', 'lba2', '--body', '{samples}/lba/lba2-bodies/Human_Hand.lm2'] },
];

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
  if (problems.length) {
    failed++;
    for (const p of problems) console.error(`FAILED: ${p}`);
  } else passed++;
}
console.log(`renders: ${passed} passed, ${failed} failed, ${skipped} skipped; pictures in ${outDir}`);
process.exit(failed === 0 ? 0 : 1);
