// SPDX-License-Identifier: MIT
// The page's Web Worker: it runs the bonebridge CLI (compiled to WebAssembly, its `main` called as on a
// terminal) on an in-memory file system, so that a large archive never freezes the page. The worker's script is
// emscripten's module (createBonebridge) followed by this file, started from a Blob by app.js.
//
// Messages in: {id, op: 'start', wasm, folder} | {id, op: 'write', folder, files: [{path, bytes}]}
//              | {id, op: 'run', args} | {id, op: 'read', path}
// Messages out: {id, result} or {id, error}, and {op: 'line', text} for every line the CLI prints while it runs
// and for every file written. The page cancels long work by terminating the worker and starting a new one.
'use strict';

let bonebridge = null;
let captured = null;

function line(stream, text) {
  if (captured) captured[stream].push(text);
  postMessage({ op: 'line', stream, text });
}

// A dropped file's path inside the folder, as its install has it (mat/x.mat and 3do/mat/x.mat stay two files):
// separators made '/', and no empty, '.' or '..' part, so that nothing lands outside the folder.
function insidePath(path) {
  const parts = String(path).split(/[\\/]+/).filter((part) => part && part !== '.' && part !== '..');
  if (!parts.length) throw new Error(`a file without a name (${JSON.stringify(path)}) cannot be written`);
  return parts.join('/');
}

// Empties a folder (which stays: it is the CLI's working folder).
function emptyFolder(FS, path) {
  for (const name of FS.readdir(path)) {
    if (name === '.' || name === '..') continue;
    const child = path + '/' + name;
    if (FS.isDir(FS.stat(child).mode)) {
      emptyFolder(FS, child);
      FS.rmdir(child);
    } else {
      FS.unlink(child);
    }
  }
}

const operations = {
  async start({ wasm, folder }) {
    bonebridge = await createBonebridge({
      wasmBinary: wasm,
      noExitRuntime: true,  // main runs many times: its exit must not end the runtime
      print: (text) => line('stdout', text),
      printErr: (text) => line('stderr', text),
    });
    bonebridge.FS.mkdirTree('/out');  // where the page's conversions write
    // The dropped files' folder is the working folder: a character's glb names its files as the CLI run in
    // that folder names them (`bonebridge convert --character NAME . out.glb`).
    bonebridge.FS.mkdirTree(folder);
    bonebridge.FS.chdir(folder);
    return true;
  },
  // A new set of files replaces the folder's old ones, each at its relative path (its subfolders made):
  // companions are looked up beside the input and from the install's root, as on disk.
  write({ folder, files }) {
    const FS = bonebridge.FS;
    emptyFolder(FS, folder);
    for (const [index, file] of files.entries()) {
      const path = folder + '/' + insidePath(file.path);
      postMessage({ op: 'line', stream: 'progress', text: `writing ${insidePath(file.path)} (${index + 1}/${files.length})` });
      FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
      FS.writeFile(path, new Uint8Array(file.bytes));
    }
    return files.length;
  },
  run({ args }) {
    captured = { stdout: [], stderr: [] };
    const started = performance.now();
    let code;
    try {
      code = bonebridge.callMain(args);
    } catch (thrown) {
      code = thrown && typeof thrown.status === 'number' ? thrown.status : 70;
      if (!(thrown && typeof thrown.status === 'number')) captured.stderr.push(String(thrown));
    }
    const result = { code, stdout: captured.stdout.join('\n'), stderr: captured.stderr.join('\n'),
                     milliseconds: performance.now() - started };
    captured = null;
    return result;
  },
  read({ path }) {
    const bytes = bonebridge.FS.readFile(path);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  },
};

onmessage = async (event) => {
  const { id, op } = event.data;
  try {
    const result = await operations[op](event.data);
    postMessage({ id, result }, result instanceof ArrayBuffer ? [result] : []);
  } catch (error) {
    postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
