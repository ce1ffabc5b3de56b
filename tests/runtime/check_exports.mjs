// SPDX-License-Identifier: MIT
// The suite's end-to-end check of every export: each entry of exports.json (bundled examples and real samples) is
// converted to .glb by the bonebridge tool, checked by the Khronos glTF-Validator (0 errors, 0 warnings), and
// played in three.js and in Blender against the game engine's own poses within the entry's stated error.
// Usage: node check_exports.mjs TOOL SOURCE_DIR SAMPLES_DIR
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, basename, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { playInBlender } from './blender_batch.mjs';

const [tool, sourceDir, samplesDir] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'bonebridge-exports-'));
const defaultMaxRelative = 1e-3;

const cases = [];
let skipped = 0;
// Entries name a bundled example ("example", under the project) or a real sample ("sample", under
// ../shared/samples, skipped loudly when absent); "args" may refer to {examples}, {samples} and {source}.
for (const entry of JSON.parse(readFileSync(join(here, 'exports.json'), 'utf8'))) {
  const root = entry.example ? join(sourceDir, 'examples') : samplesDir;
  const input = join(root, entry.example ?? entry.sample);
  const inputFile = input.replace(/:\d+$/, '');
  if (!existsSync(inputFile) && entry.example) throw new Error(`bundled example ${input} is missing`);
  if (!existsSync(inputFile)) {
    console.log(`SKIPPED LOUDLY: ${input} is absent (../shared/samples missing)`);
    skipped++;
    continue;
  }
  const args = (entry.args ?? []).map((a) => a.replace('{samples}', samplesDir).replace('{examples}', join(sourceDir, 'examples')).replace('{source}', sourceDir));
  cases.push({ input, args, max_relative: entry.max_relative ?? defaultMaxRelative, max_units: entry.max_units ?? 0 });
}

// Converted, validated, sampled and played in three.js one by one; then every glb played in one Blender.
const ready = [];
let failed = 0;
cases.forEach((c, i) => {
  const glb = join(out, `${i}-${basename(c.input).replace(/[:.]/g, '_')}.glb`);
  const posesPath = `${glb}.poses.json`;
  try {
    execFileSync(tool, ['convert', c.input, glb, ...c.args], { stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('node', [join(here, 'validate.mjs'), glb], { stdio: 'inherit' });
    const poses = execFileSync(tool, ['sample', c.input, '--ticks', '--json', ...c.args], { maxBuffer: 1 << 30 });
    writeFileSync(posesPath, poses);
    execFileSync('node', [join(here, 'threejs_compare.mjs'), glb, posesPath, String(c.max_relative), String(c.max_units)], { stdio: 'inherit' });
    ready.push({ input: c.input, glb, poses: posesPath, max_relative: c.max_relative, max_units: c.max_units });
  } catch (error) {
    console.error(`FAILED: ${c.input}: ${error.message.split('\n')[0]}`);
    failed++;
  }
});
let passed = 0;
// playInBlender answers in the order of the cases it is given.
playInBlender(ready.map(({ input, ...c }) => c), join(out, 'blender-cases.json')).forEach((outcome, i) => {
  const { input } = ready[i];
  if (outcome.error) {
    console.error(`FAILED: ${input}: Blender: ${outcome.error}`);
    failed++;
  } else {
    console.log(JSON.stringify(outcome.result));
    passed++;
  }
});
console.log(`exports: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
