// SPDX-License-Identifier: MIT
// One character with all its animations (issue 14): each entry of animations.json (several inputs, or one input
// that holds several animations, such as a Sith .pup) is converted to ONE .glb by the bonebridge tool, checked by
// the Khronos glTF-Validator (0 errors, 0 warnings), and each of its animations, found by name, is played in
// three.js and in Blender (headless, the others muted) against the game engine's poses of that animation's own
// input (`bonebridge sample INPUT`).
// Entries: "inputs" (under ../shared/samples), "args" ({samples}, {examples}, {source} expanded), "animations"
// (name -> the input to sample; by default each input's file stem names its own), "max_relative", "max_units".
// A "character" entry instead lays out a game folder ("files": path -> a sample, or {"text"} or {"bytes"}, or
// {"package"}: a Resonite package laid out by package.mjs from its name, data tree and assets; "pack": archive ->
// folder, packed by the tool in order) and converts it with `batch --characters`: the glb of that character is
// checked. A path under {examples}/ or {source}/ names a bundled example or a file of the source tree instead of
// a sample; {install}/ a file of the laid-out game folder (a package whose own AnimX the engine samples).
// Usage: node check_animations.mjs TOOL SAMPLES_DIR
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, mkdirSync, cpSync } from 'node:fs';
import { join, basename, dirname, extname } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { resonitePackage } from './package.mjs';
import { playInBlender } from './blender_batch.mjs';

const [tool, samplesDir] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const sourceDir = join(here, '..', '..');
// A sample, or with {examples}/, {source}/ or {install}/ a bundled example, a file of the source tree or of
// the game folder laid out for entry i.
const installOf = (i) => join(out, `${i}-install`);
const resolve = (path, i) => (path.startsWith('{examples}/') ? join(sourceDir, 'examples', path.slice(11))
  : path.startsWith('{source}/') ? join(sourceDir, path.slice(9))
  : path.startsWith('{install}/') ? join(installOf(i), path.slice(10)) : join(samplesDir, path));
const expand = (arg) => arg.replace('{samples}', samplesDir).replace('{examples}', join(sourceDir, 'examples'))
  .replace('{source}', sourceDir);
const out = mkdtempSync(join(tmpdir(), 'bonebridge-animations-'));

let failed = 0;
let skipped = 0;
// Entries whose three.js checks passed, with their animations' Blender cases: all are played in one Blender last.
const ready = [];
function laidOutPackage({ name, tree, assets }) {
  const bytes = Object.fromEntries(Object.entries(assets).map(([hash, path]) => [hash, readFileSync(resolve(path))]));
  return resonitePackage({ name, tree, assets: bytes });
}

// The game folder of a "character" entry, its archives packed; returns the glb `batch --characters` wrote.
function characterGlb(entry, i) {
  const folder = installOf(i);
  for (const [path, source] of Object.entries(entry.files)) {
    const target = join(folder, path);
    mkdirSync(dirname(target), { recursive: true });
    if (typeof source === 'string') cpSync(resolve(source, i), target, { recursive: true });
    else if (source.package) writeFileSync(target, laidOutPackage(source.package));
    else writeFileSync(target, source.text ?? Buffer.from(source.bytes));
  }
  for (const [archive, inner] of Object.entries(entry.pack ?? {})) {
    execFileSync(tool, ['-q', 'pack', join(folder, inner), join(folder, archive)], { stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('rm', ['-r', join(folder, inner)]);
  }
  const converted = join(out, `${i}-out`);
  execFileSync(tool, ['-q', 'batch', folder, converted, '--characters'], { stdio: ['ignore', 'ignore', 'inherit'] });
  return join(converted, `${entry.character}.glb`);
}

JSON.parse(readFileSync(join(here, 'animations.json'), 'utf8')).forEach((entry, i) => {
  const inputs = (entry.inputs ?? Object.values(entry.animations)).map((input) => resolve(input, i));
  const laidOut = Object.values(entry.files ?? {}).flatMap((f) => (typeof f === 'string' ? [f]
    : Object.values(f.package?.assets ?? {}))).map((f) => resolve(f, i));
  const missing = [...inputs, ...laidOut].filter((input) => !input.startsWith(installOf(i)) && !existsSync(input));
  if (missing.length) {
    console.log(`SKIPPED LOUDLY: ${missing.join(', ')} absent (../shared/samples missing)`);
    skipped++;
    return;
  }
  const args = (entry.args ?? []).map(expand);
  const animations = entry.animations
    ? Object.entries(entry.animations).map(([name, input]) => [name, resolve(input, i)])
    : inputs.map((input) => [basename(input, extname(input)), input]);
  let glb = join(out, `${i}.glb`);
  try {
    if (entry.character) glb = characterGlb(entry, i);
    else execFileSync(tool, ['convert', ...inputs, glb, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('node', [join(here, 'validate.mjs'), glb], { stdio: 'inherit' });
    const names = JSON.parse(execFileSync('node', ['-e', `
      const b = require('fs').readFileSync(process.argv[1]);
      const json = JSON.parse(b.subarray(20, 20 + b.readUInt32LE(12)).toString());
      console.log(JSON.stringify((json.animations ?? []).map((a) => a.name)));`, glb]).toString());
    const expected = animations.map(([name]) => name);
    if (JSON.stringify([...names].sort()) !== JSON.stringify([...expected].sort())) {
      throw new Error(`animations ${JSON.stringify(names)}, expected ${JSON.stringify(expected)}`);
    }
    const blenderCases = animations.map(([name, input], k) => {
      const posesPath = join(out, `${i}-${k}.poses.json`);
      writeFileSync(posesPath, execFileSync(tool, ['sample', input, '--ticks', '--json', ...args], { maxBuffer: 1 << 30 }));
      const bounds = [String(entry.max_relative ?? 1e-3), String(entry.max_units ?? 0)];
      execFileSync('node', [join(here, 'threejs_compare.mjs'), glb, posesPath, ...bounds, name], { stdio: 'inherit' });
      return { glb, poses: posesPath, max_relative: bounds[0], max_units: bounds[1], animation: name };
    });
    ready.push({ why: entry.why, cases: blenderCases });
  } catch (error) {
    console.error(`FAILED: ${entry.why}: ${error.message.split('\n')[0]}`);
    failed++;
  }
});
const outcomes = playInBlender(ready.flatMap((r) => r.cases), join(out, 'blender-cases.json'));
let passed = 0;
for (const { why, cases } of ready) {
  const mine = outcomes.splice(0, cases.length);
  for (const outcome of mine) {
    console.log(outcome.error ? `FAILED: ${why}: ${outcome.case.animation}: Blender: ${outcome.error}`
      : JSON.stringify(outcome.result));
  }
  if (mine.every((outcome) => !outcome.error)) {
    console.log(`${why}: ${cases.length} animations checked`);
    passed++;
  } else {
    failed++;
  }
}
console.log(`animations: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
