// SPDX-License-Identifier: MIT
// Plays many glbs in one headless Blender (blender_compare.py --cases): Blender's start-up, seconds each, was most
// of the time the runtime checks spent when each file had a Blender of its own.
// cases: [{glb, poses, max_relative, max_units, animation?}]; returns [{case, result} | {case, error}] in order.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// Blender must see Debian's Python packages (numpy), not those of a version-managed Python on PATH.
const blenderEnv = { ...process.env, PYTHONPATH: '', PYTHONHOME: '', PATH: `/usr/bin:${process.env.PATH}` };

export function playInBlender(cases, casesPath) {
  if (cases.length === 0) return [];
  writeFileSync(casesPath, JSON.stringify(cases.map((c) => ({ ...c, max_relative: String(c.max_relative),
    max_units: String(c.max_units) }))));
  const run = spawnSync('blender', ['-b', '--factory-startup', '--python-exit-code', '1', '--python',
    join(here, 'blender_compare.py'), '--', '--cases', casesPath], { env: blenderEnv, maxBuffer: 1 << 28 });
  const lines = run.stdout.toString().split('\n');
  const outcomes = [];
  for (const line of lines) {
    if (line.startsWith('BONEBRIDGE_RESULT ')) outcomes.push({ result: JSON.parse(line.slice(18)) });
    else if (line.startsWith('BONEBRIDGE_FAILED ')) outcomes.push({ error: JSON.parse(line.slice(18)).error });
  }
  // A Blender that stopped early (a crash) leaves the rest of the cases without a line: each is a failure.
  const stopped = `Blender stopped before this file (exit ${run.status}): ${run.stderr.toString().split('\n').slice(-3).join(' ')}`;
  return cases.map((c, i) => ({ case: c, ...(outcomes[i] ?? { error: stopped }) }));
}
