// SPDX-License-Identifier: MIT
// glTF -> game format: each entry of imports.json names a glTF file (made by Blender, or by bonebridge from a
// sample) and a family; the tool writes it in that family's format and `bonebridge fidelity --to` measures the
// game engine's playback of the written file against the glTF. Fails above the entry's stated error.
// Usage: node check_imports.mjs TOOL SOURCE_DIR SAMPLES_DIR
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const [tool, sourceDir, samplesDir] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const families = new Set(JSON.parse(execFileSync(tool, ['formats', '--json'])).map((f) => f.id));
let passed = 0;
let failed = 0;
for (const entry of JSON.parse(readFileSync(join(here, 'imports.json'), 'utf8'))) {
  if (!families.has(entry.to)) {
    console.error(`FAILED: family ${entry.to} is not built into the tool`);
    failed++;
    continue;
  }
  let input = join(sourceDir, entry.gltf ?? '');
  try {
    if (entry.sample) {
      // A real sample exported to glTF first: the full circle game file -> glTF -> game file.
      const sample = join(samplesDir, entry.sample);
      if (!existsSync(sample)) {
        console.log(`SKIPPED LOUDLY: ${sample} is absent (../shared/samples missing)`);
        continue;
      }
      input = join(mkdtempSync(join(tmpdir(), 'bonebridge-imports-')), 'sample.glb');
      entry.args = (entry.args ?? []).map((a) => a.replace('{samples}', samplesDir));
      execFileSync(tool, ['convert', sample, input, ...entry.args]);
      entry.gltf = `${entry.sample} (exported)`;
    }
    const report = JSON.parse(execFileSync(tool, ['fidelity', input, '--to', entry.to, '--json', ...(entry.args ?? [])]));
    // An integer engine (LBA) is off by its own rounding whatever the extent: then an absolute bound applies.
    const ok = report.max_relative <= (entry.max_relative ?? 0) || report.max <= (entry.max_units ?? 0);
    console.log(`${ok ? 'ok' : 'FAILED'}: ${entry.gltf} -> ${entry.to}: max ${report.max} game units ` +
      `(${report.max_relative} of the extent ${report.extent}), p99 ${report.p99}, ${report.samples} samples; ` +
      `allowed ${entry.max_relative ?? 0} of the extent or ${entry.max_units ?? 0} units`);
    ok ? passed++ : failed++;
  } catch (error) {
    console.error(`FAILED: ${entry.gltf} -> ${entry.to}: ${error.message.split('\n')[0]}`);
    failed++;
  }
}
console.log(`imports: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
