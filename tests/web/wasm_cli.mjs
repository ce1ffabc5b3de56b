// SPDX-License-Identifier: MIT
// The web page's WebAssembly build run as a command-line tool under Node, so that tests can drive it like the
// native tool (tests/robustness/verb_matrix.py). It is the same module the page's worker runs (build-wasm/web/
// bonebridge.js and .wasm), and it is driven the same way: files copied into emscripten's in-memory file
// system, `main` called with the arguments, the files it wrote copied out.
//
//   node wasm_cli.mjs WEB_DIR ARGS...
//
// Every argument that names an absolute path (or an archive address FILE:ENTRY) is mirrored into memory at the
// same path: an existing folder with its contents, an existing file with its folder's (the page too is given a
// folder, where companions are found beside the file), a path that does not exist yet (an output) by its
// parent folder. After the run, every file under those folders and the working folder that the tool created or
// changed is written back to disk. Exit code: the tool's.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const [webDir, ...args] = process.argv.slice(2);
if (!webDir) {
  process.stderr.write('usage: node wasm_cli.mjs WEB_DIR ARGS...\n');
  process.exit(2);
}
const require = createRequire(import.meta.url);
const createBonebridge = require(path.resolve(webDir, 'bonebridge.js'));

// The longest prefix of FILE:ENTRY:... that exists on disk, else the argument itself.
function diskPart(argument) {
  const parts = argument.split(':');
  for (let count = parts.length; count > 0; --count) {
    const candidate = parts.slice(0, count).join(':');
    if (fs.existsSync(candidate)) return candidate;
  }
  return argument;
}

function copyIn(FS, diskPath, written) {
  const stat = fs.statSync(diskPath);
  if (stat.isDirectory()) {
    FS.mkdirTree(diskPath);
    for (const name of fs.readdirSync(diskPath)) copyIn(FS, path.join(diskPath, name), written);
  } else if (stat.isFile()) {
    FS.mkdirTree(path.dirname(diskPath));
    FS.writeFile(diskPath, fs.readFileSync(diskPath));
    written.set(diskPath, FS.stat(diskPath).mtime.getTime());
  }
}

// The folders whose new files go back to disk: the working folder and every argument's folder.
function mirror(FS, written) {
  const roots = new Set([process.cwd()]);
  FS.mkdirTree(process.cwd());
  // preview reads three.js from Debian's libjs-three, as the page's worker provides it.
  const three = '/usr/share/javascript/three';
  if (args[0] === 'preview' && fs.existsSync(three)) copyIn(FS, three, written);
  for (const argument of args) {
    if (!path.isAbsolute(argument)) continue;
    const onDisk = diskPart(argument);
    if (fs.existsSync(onDisk)) {
      // A file comes with its folder, as when the page is given the folder: companions are found beside it.
      const folder = fs.statSync(onDisk).isDirectory() ? onDisk : path.dirname(onDisk);
      copyIn(FS, folder, written);
      roots.add(folder);
    } else if (fs.existsSync(path.dirname(onDisk))) {
      FS.mkdirTree(path.dirname(onDisk));
      roots.add(path.dirname(onDisk));
    }
  }
  return roots;
}

function copyOut(FS, memoryPath, written) {
  const stat = FS.stat(memoryPath);
  if (FS.isDir(stat.mode)) {
    if (!fs.existsSync(memoryPath)) fs.mkdirSync(memoryPath, { recursive: true });
    for (const name of FS.readdir(memoryPath)) {
      if (name !== '.' && name !== '..') copyOut(FS, path.join(memoryPath, name), written);
    }
  } else if (written.get(memoryPath) !== stat.mtime.getTime()) {
    fs.writeFileSync(memoryPath, FS.readFile(memoryPath));
  }
}

const bonebridge = await createBonebridge({
  // Emscripten 3.1.6 would fetch() the .wasm by path, which Node's fetch refuses: hand it the bytes.
  wasmBinary: fs.readFileSync(path.resolve(webDir, 'bonebridge.wasm')),
  noExitRuntime: true,
  print: (text) => process.stdout.write(text + '\n'),
  printErr: (text) => process.stderr.write(text + '\n'),
});
const FS = bonebridge.FS;
const written = new Map();
const roots = mirror(FS, written);
FS.chdir(process.cwd());
let code;
try {
  code = bonebridge.callMain(args);
} catch (thrown) {
  if (thrown && typeof thrown.status === 'number') {
    code = thrown.status;
  } else {
    process.stderr.write(`internal error: ${thrown}\n`);
    code = 70;
  }
}
for (const root of roots) copyOut(FS, root, written);
process.exitCode = code;
