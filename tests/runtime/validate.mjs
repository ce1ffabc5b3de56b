// SPDX-License-Identifier: MIT
// Runs the Khronos glTF-Validator on each file given; prints one line per file and exits non-zero when any
// file has an error or a warning (infos and hints are reported but allowed).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import validator from 'gltf-validator';

let failed = 0;
for (const path of process.argv.slice(2)) {
  const bytes = new Uint8Array(readFileSync(path));
  const report = await validator.validateBytes(bytes, {
    uri: basename(path),
    maxIssues: 50,
    externalResourceFunction: () => Promise.reject(new Error('external resources are not allowed')),
  });
  const { numErrors, numWarnings, numInfos, numHints, messages } = report.issues;
  console.log(`${path}: ${numErrors} errors, ${numWarnings} warnings, ${numInfos} infos, ${numHints} hints`);
  for (const m of messages) {
    if (m.severity <= 1) console.log(`  ${m.severity === 0 ? 'error' : 'warning'} ${m.code} at ${m.pointer}: ${m.message}`);
  }
  if (numErrors > 0 || numWarnings > 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
