// SPDX-License-Identifier: MIT
// The page: files in (dropped, picked, a folder, or ?src=URL), a list of what they hold, and the chosen one
// played by the `preview` page of the CLI (the same player as `bonebridge preview`) with its .glb to download.
// Every step is a run of the bonebridge CLI in a Web Worker (worker.js), so that the page converts exactly as the
// CLI does and shows its errors in its words.
'use strict';

const $ = (id) => document.getElementById(id);
const folder = '/in';
let worker = null, pending = new Map(), nextId = 1, dropped = [], downloadUrl = null;

// A resource of the page: inlined in the single-file page (a text/plain script with data-file, base64 for
// binaries), otherwise a file beside index.html.
async function resource(name, binary) {
  const inlined = document.querySelector(`script[data-file="${name}"]`);
  if (inlined) {
    if (!binary) return inlined.textContent;
    return Uint8Array.from(atob(inlined.textContent.trim()), (c) => c.charCodeAt(0)).buffer;
  }
  const response = await fetch(name);
  if (!response.ok) throw new Error(`cannot load ${name}: HTTP ${response.status}`);
  return binary ? response.arrayBuffer() : response.text();
}

function call(op, message = {}, transfer = []) {
  const id = nextId++;
  worker.postMessage({ id, op, ...message }, transfer);
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

function status(text) { $('status').textContent = text; }
function showError(text) {
  const item = document.createElement('li');
  item.textContent = text;
  $('errors').appendChild(item);
}
function clearErrors() { $('errors').replaceChildren(); }

// Runs the CLI; a failure shows its standard error as the CLI words it and rejects.
async function run(args) {
  status('bonebridge ' + args.join(' '));
  const result = await call('run', { args });
  if (result.code !== 0) {
    showError(result.stderr || `bonebridge ${args.join(' ')} exited with ${result.code}`);
    throw new Error(result.stderr);
  }
  return result;
}

async function startWorker() {
  const started = performance.now();
  const [module, glue, wasm] = await Promise.all([resource('bonebridge.js'), resource('worker.js'),
                                                  resource('bonebridge.wasm', true)]);
  const three = {};
  for (const relative of ['three.min.js', 'examples/js/loaders/GLTFLoader.js',
                          'examples/js/controls/OrbitControls.js']) {
    three[relative] = await resource('three/' + relative);
  }
  // From a Blob: a page opened from file:// may not start a worker from a file.
  worker = new Worker(URL.createObjectURL(new Blob([module, '\n', glue], { type: 'text/javascript' })));
  worker.onmessage = (event) => {
    const { id, op, text, result, error } = event.data;
    if (op === 'line') { $('progress').textContent = text; return; }
    const waiting = pending.get(id);
    pending.delete(id);
    if (error !== undefined) waiting.reject(new Error(error));
    else waiting.resolve(result);
  };
  worker.onerror = (event) => showError('worker: ' + event.message);
  await call('start', { wasm, three, folder }, [wasm]);
  $('timing').dataset.loadMs = Math.round(performance.now() - started);
  status('ready: drop a game file, several files, a folder or an archive');
  document.title = 'bonebridge';
}

// The options box: more of the CLI's options for the conversion (`--variant lba2 --body BODY.lm2`), split as a
// shell splits words ("..." or '...' keep spaces); file names are those of the dropped files.
function options() {
  const words = $('options').value.match(/"[^"]*"|'[^']*'|[^\s"']+/g) || [];
  return words.map((word) => (/^(["']).*\1$/.test(word) ? word.slice(1, -1) : word));
}

const isGltf = (name) => /\.(glb|gltf)$/i.test(name);

function listItem(label, onClick, kind) {
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.textContent = label;
  button.dataset.address = label;
  button.onclick = onClick;
  item.appendChild(button);
  if (kind) item.append(' ' + kind);
  $('entries').appendChild(item);
  return item;
}

// Each dropped file: an archive lists its entries, a glTF offers the way back, anything else opens as a game
// file (or says why it cannot).
async function list() {
  $('entries').replaceChildren();
  for (const file of dropped) {
    const path = `${folder}/${file.name}`;
    if (isGltf(file.name)) {
      listItem(file.name, () => back(path), 'glTF: pick a target format and open it to get the game file');
      continue;
    }
    const listing = await call('run', { args: ['ls', '--json', path] });
    if (listing.code === 0) {
      const entries = JSON.parse(listing.stdout);
      listItem(file.name, () => open(path), `archive, ${entries.length} entries:`);
      // Each entry's path is its whole address (ARCHIVE:ENTRY), shown without the page's folder.
      for (const entry of entries) listItem(entry.path.slice(folder.length + 1), () => open(entry.path));
    } else {
      listItem(file.name, () => open(path));
    }
  }
  await listCharacters();
  status(`${dropped.length} file(s): pick one`);
  document.title = 'listed';
}

// Characters (a model with the animations the game plays on it, under the game's names) that the dropped files
// define, as `bonebridge characters` lists them; each opens as one glb.
async function listCharacters() {
  $('characters').replaceChildren();
  const found = await call('run', { args: ['characters', '--json', '.'] });
  if (found.code !== 0) return;
  for (const character of JSON.parse(found.stdout).characters || []) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.textContent = `character ${character.name}`;
    button.dataset.character = character.name;
    button.onclick = () => openCharacter(character);
    const missing = character.missing.length ? `, ${character.missing.length} missing` : '';
    item.append(button, ` (${character.family}: ${character.animations.length} animation(s)${missing}; ` +
                `${character.defined_by})`);
    $('characters').appendChild(item);
  }
}

function offerDownload(name, bytes) {
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  $('download').href = downloadUrl;
  $('download').download = name;
  $('download').textContent = `download ${name} (${bytes.byteLength} bytes)`;
  $('download').hidden = false;
}

const baseName = (address) => address.split(/[/:]/).pop().replace(/\.[^.]*$/, '');

async function open(address) {
  clearErrors();
  document.title = 'converting';
  try {
    const started = performance.now();
    const info = JSON.parse((await run(['info', '--json', address, ...options()])).stdout);
    const output = `/out/${baseName(address)}.glb`;
    await run(['-q', 'convert', address, output, '--force', ...options()]);
    const glb = await call('read', { path: output });
    $('timing').dataset.convertMs = Math.round(performance.now() - started);
    await run(['-q', 'preview', address, '-o', '/out/preview.html', '--force', ...options()]);
    const page = new TextDecoder().decode(await call('read', { path: '/out/preview.html' }));
    showInfo(address, info);
    offerDownload(`${baseName(address)}.glb`, glb);
    $('player').srcdoc = page;
    $('player').hidden = false;
    status(`${address}: ${info.joints ?? '?'} joints, ${info.duration ?? '?'} s`);
    document.title = 'opened';
  } catch (error) {
    if (!$('errors').children.length) showError(error.message);
    document.title = 'error';
  }
}

// A character as one glb (the model once, every animation named as the game names it): the CLI run in the
// dropped files' folder, as `bonebridge convert --character NAME . NAME.glb` there.
async function openCharacter(character) {
  clearErrors();
  document.title = 'converting';
  try {
    const started = performance.now();
    const name = character.name.replace(/[^A-Za-z0-9._ -]/g, '_');
    await run(['-q', 'convert', '--character', character.name, '.', `/out/${name}.glb`, '--force', ...options()]);
    const glb = await call('read', { path: `/out/${name}.glb` });
    $('timing').dataset.convertMs = Math.round(performance.now() - started);
    await run(['-q', 'preview', '--character', character.name, '.', '-o', '/out/preview.html', '--force',
               ...options()]);
    const page = new TextDecoder().decode(await call('read', { path: '/out/preview.html' }));
    const { name: _, ...facts } = character;
    showInfo(`character ${character.name}`, facts);
    offerDownload(`${name}.glb`, glb);
    $('player').srcdoc = page;
    $('player').hidden = false;
    status(`character ${character.name}: ${character.animations.length} animation(s)`);
    document.title = 'opened';
  } catch (error) {
    if (!$('errors').children.length) showError(error.message);
    document.title = 'error';
  }
}

// The info the CLI gives (`bonebridge info --json`), as a table; the test reads it from data-json.
function showInfo(address, info) {
  $('info').dataset.json = JSON.stringify(info);
  $('info').replaceChildren();
  for (const [key, value] of Object.entries({ file: address, ...info })) {
    const row = document.createElement('tr');
    const shown = typeof value === 'string' ? value : JSON.stringify(value);
    row.append(Object.assign(document.createElement('th'), { textContent: key }),
               Object.assign(document.createElement('td'), { textContent: shown }));
    $('info').appendChild(row);
  }
}

// A glTF back to the game format picked in the list.
async function back(path) {
  clearErrors();
  document.title = 'converting';
  try {
    const extension = $('target').value;
    const output = `/out/${baseName(path)}${extension}`;
    await run(['-q', 'convert', path, output, '--force', ...options()]);
    offerDownload(`${baseName(path)}${extension}`, await call('read', { path: output }));
    status(`${path} -> ${baseName(path)}${extension}`);
    document.title = 'opened';
  } catch (error) {
    if (!$('errors').children.length) showError(error.message);
    document.title = 'error';
  }
}

async function fillTargets() {
  const formats = JSON.parse((await run(['formats', '--json'])).stdout);
  for (const family of formats.families || formats) {
    if (family.container) continue;
    for (const extension of family.extensions || []) $('target').add(new Option(`${extension} (${family.title})`, extension));
  }
}

// Every file goes into one folder (the CLI finds companions beside the input, as on disk).
async function accept(files) {
  clearErrors();
  dropped = files;
  const copies = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: await file.bytes })));
  await call('write', { folder, files: copies }, copies.map((copy) => copy.bytes));
  await list();
}

const fromFile = (file) => ({ name: file.name, bytes: file.arrayBuffer() });

// A dropped folder: its files, at any depth, flattened into one folder.
async function filesOf(entry) {
  if (entry.isFile) return [fromFile(await new Promise((resolve, reject) => entry.file(resolve, reject)))];
  const reader = entry.createReader(), files = [];
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return files;
    for (const child of batch) files.push(...(await filesOf(child)));
  }
}

async function fromUrl(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot fetch ${url}: HTTP ${response.status}`);
  const name = decodeURIComponent(new URL(url, location.href).pathname.split('/').pop());
  return { name, bytes: response.arrayBuffer() };
}

function wire() {
  const zone = $('drop');
  zone.ondragover = (event) => { event.preventDefault(); zone.classList.add('over'); };
  zone.ondragleave = () => zone.classList.remove('over');
  zone.ondrop = async (event) => {
    event.preventDefault();
    zone.classList.remove('over');
    const files = [];
    for (const item of [...event.dataTransfer.items]) {
      const entry = item.webkitGetAsEntry();  // null for files that no file system holds (made by a script)
      if (entry) files.push(...(await filesOf(entry)));
      else if (item.kind === 'file') files.push(fromFile(item.getAsFile()));
    }
    await accept(files);
  };
  $('files').onchange = () => accept([...$('files').files].map(fromFile));
  $('folder').onchange = () => accept([...$('folder').files].map(fromFile));
}

async function main() {
  window.addEventListener('error', (event) => showError(String(event.message)));
  wire();
  try {
    await startWorker();
    await fillTargets();
    $('options').value = new URLSearchParams(location.search).get('options') || '';
    const sources = new URLSearchParams(location.search).getAll('src');
    if (sources.length) {
      await accept(await Promise.all(sources.map(fromUrl)));
      const open = new URLSearchParams(location.search).get('open');
      if (open) document.querySelector(`button[data-address="${CSS.escape(open)}"]`)?.click();
      else if ($('entries').querySelectorAll('button').length === 1) $('entries').querySelector('button').click();
    }
  } catch (error) {
    showError(error.message);
    document.title = 'error';
  }
}

main();
