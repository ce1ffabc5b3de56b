// SPDX-License-Identifier: MIT
// The page: files in (dropped anywhere, picked, a whole folder with its subfolders, or ?src= links), the side
// panel with what they hold (a tree of files and archives' entries, the characters the game defines with their
// animations under the game's names, the lone parts), and the chosen one converted to a glb and shown in the 3D
// view (viewer.js), with its summary in words, its notes grouped, its downloads and its full JSON under
// "details". Every conversion is a run of the bonebridge CLI in a Web Worker (worker.js), so that the page
// converts exactly as the CLI does. A motion on another skeleton among the files (a .bvh, a Mixamo .glb) is
// retargeted onto a character picked in the panel: `convert MOTION OUT --retarget` with the character's
// settings, its report in the notes, the game's file to download and its preview on the character.
//
// Links: ?src=URL (repeatable) fetches files into the page's folder. Each lands at its path below the folder
// the sources share (src=.../sith/x/sed_pd.3do&src=.../sith/x/mat/a.mat gives sed_pd.3do and mat/a.mat), or at
// the path a `path=` right after it names (src=URL&path=mat/a.mat). Also: open=ADDRESS (a file or
// ARCHIVE:ENTRY to show first), character=NAME, options=CLI options (--variant lba2 --body BODY.lm2).
'use strict';

const $ = (id) => document.getElementById(id);
const folder = '/in';
const page = {
  files: [],            // what was opened: [{path, bytes: ArrayBuffer}], paths relative to the folder
  families: [],         // `formats --json`
  containers: new Set(),// archive extensions
  listing: null,        // `characters --json .`
  entries: new Map(),   // archive path -> [entry address]
  shown: null,          // what the view shows: {kind, address|character, info, clock, ...}
  downloads: {},
};

// ---------------------------------------------------------------------------------------------- resources
// A resource of the page: inlined in the single-file page (a text/plain script with data-file, base64 for
// binaries), otherwise a file beside index.html.
async function resource(name, binary) {
  const inlined = document.querySelector(`script[data-file="${name}"]`);
  if (inlined) {
    if (!binary) return inlined.textContent;
    return Uint8Array.from(atob(inlined.textContent.trim()), (c) => c.charCodeAt(0)).buffer;
  }
  const response = await fetch(name);
  if (!response.ok) throw new PageError(`The page cannot load its own file ${name} (HTTP ${response.status}).`,
                                        { todo: 'Reload the page; if it persists, the page was copied without its files.' });
  return binary ? response.arrayBuffer() : response.text();
}

// ---------------------------------------------------------------------------------------------- errors
// An error as people read it: the message, the file and archive entry, where in the file, and what to do.
class PageError extends Error {
  constructor(message, { file = '', entry = '', format = '', where = '', todo = '' } = {}) {
    super(message);
    Object.assign(this, { file, entry, format, where, todo });
  }
}
class Cancelled extends Error {}

// A path as people read it: without the page's folder or a leading ./ (also inside a sentence).
const shortPath = (path) => String(path).replace(/(^|[\s(])(\/in\/|\.\/)/g, '$1');

function splitAddress(address) {
  const path = shortPath(address);
  for (let at = path.indexOf(':'); at > 0; at = path.indexOf(':', at + 1)) {
    if (page.containers.has(extension(path.slice(0, at)))) return { file: path.slice(0, at), entry: path.slice(at + 1) };
  }
  return { file: path, entry: '' };
}

function advice(message) {
  if (/not found|cannot open|cannot read|no such|not a regular file|missing/i.test(message)) {
    return 'Open that file too, with its folder (paths such as mat/x.mat are kept), or name it in the conversion options.';
  }
  if (/unexpected end|truncated|too short|past the end|ends before/i.test(message)) {
    return 'The file ends too early: it may have been cut short when copied. Copy it again from the game.';
  }
  if (/no format family|not an archive/i.test(message)) {
    return 'bonebridge does not read this kind of file. Open a game file it reads (see the formats bonebridge lists), or an archive holding one.';
  }
  if (/option|--[a-z]/i.test(message)) return 'Check the conversion options: they are those of the command line (bonebridge convert --help).';
  if (/expected|found|invalid|bad|unknown/i.test(message)) {
    return 'The file may be damaged, from another game or version, or misnamed: try the game\'s original file, or name the game in the conversion options (--variant).';
  }
  return 'Check that the file comes from a game bonebridge reads, or open another file.';
}

// The CLI's error line ("bonebridge: error: FILE: FORMAT: at byte N (0xN): line L: what") as a PageError.
function cliError(stderr, address) {
  const lines = String(stderr || '').split('\n');
  const line = (lines.find((l) => /error:/.test(l)) || lines.find((l) => l.trim()) || 'the conversion failed')
    .replace(/^bonebridge: error: /, '').replace(/^error: /, '');
  let rest = line, file = address || '', format = '';
  const parts = line.split(': ');
  if (parts.length >= 3 && !/\s/.test(parts[0].trim())) [file, format, rest] = [parts[0], parts[1], parts.slice(2).join(': ')];
  else if (parts.length === 2 && !/\s/.test(parts[0].trim())) [file, rest] = [parts[0], parts[1]];
  const where = [];
  rest = rest.replace(/at byte (\d+) \((0x[0-9a-fA-F]+)\):\s*/, (_, byte, hex) => { where.push(`byte ${byte} (${hex})`); return ''; });
  rest = rest.replace(/line (\d+):\s*/, (_, number) => { where.push(`line ${number}`); return ''; });
  const { file: shownFile, entry } = splitAddress(file);
  const message = rest.charAt(0).toUpperCase() + rest.slice(1);
  return new PageError(message, { file: shownFile, entry, format, where: where.join(', '), todo: advice(rest) });
}

function row(list, term, value) {
  if (value === undefined || value === null || value === '') return;
  list.append(Object.assign(document.createElement('dt'), { textContent: term }),
              Object.assign(document.createElement('dd'), { textContent: String(value) }));
}

// One box: never a raw object, brace or stack trace.
function showError(error) {
  if (error instanceof Cancelled) return;
  const box = $('errors');
  box.replaceChildren();
  const known = error instanceof PageError ? error : new PageError(String(error && error.message || error),
                                                                    { todo: 'Reload the page and try again.' });
  box.append(Object.assign(document.createElement('div'), { className: 'message', textContent: known.message }));
  const facts = document.createElement('dl');
  row(facts, 'file', known.file);
  row(facts, 'archive entry', known.entry);
  row(facts, 'format', known.format);
  row(facts, 'where', known.where);
  row(facts, 'what to do', known.todo);
  box.append(facts);
  box.scrollIntoView({ block: 'nearest' });  // a button low in the panel (Retarget) failed: its error is on top
  document.title = 'error';
}
function clearErrors() { $('errors').replaceChildren(); }

// ---------------------------------------------------------------------------------------------- worker
let worker = null, pending = new Map(), nextId = 1, moduleSources = null;

function call(op, message = {}, transfer = []) {
  const id = nextId++;
  worker.postMessage({ id, op, ...message }, transfer);
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

function busy(text) {
  $('busy').hidden = text === null;
  if (text !== null) $('progress').textContent = text;
}

async function startWorker() {
  if (!moduleSources) {
    moduleSources = await Promise.all([resource('bonebridge.js'), resource('worker.js'), resource('bonebridge.wasm', true)]);
  }
  const [module, glue, wasm] = moduleSources;
  // From a Blob: a page opened from file:// may not start a worker from a file.
  worker = new Worker(URL.createObjectURL(new Blob([module, '\n', glue], { type: 'text/javascript' })));
  worker.onmessage = (event) => {
    const { id, op, text, result, error } = event.data;
    if (op === 'line') { if (!$('busy').hidden && event.data.stream === 'progress') $('progress').textContent = text; return; }
    const waiting = pending.get(id);
    pending.delete(id);
    if (error !== undefined) waiting.reject(new PageError(`The converter stopped: ${error}`, { todo: 'Reload the page and try again.' }));
    else waiting.resolve(result);
  };
  worker.onerror = (event) => showError(new PageError(`The converter stopped: ${event.message}`, { todo: 'Reload the page and try again.' }));
  const copy = wasm.slice(0);
  await call('start', { wasm: copy, folder }, [copy]);
}

// Cancel: the worker is ended (a run of the CLI cannot be interrupted) and a new one gets the same files.
async function cancel() {
  worker.terminate();
  for (const { reject } of pending.values()) reject(new Cancelled('cancelled'));
  pending.clear();
  busy('cancelled: restarting the converter');
  await startWorker();
  if (page.files.length) await writeFiles();
  busy(null);
  status('cancelled');
  document.title = 'cancelled';
}

// Runs the CLI; a failure rejects with the CLI's error in words.
async function run(args, address) {
  const result = await call('run', { args });
  if (result.code !== 0) throw cliError(result.stderr || `bonebridge ${args[0]} exited with ${result.code}`, address);
  return result;
}
async function runJson(args, address) { return JSON.parse((await run(args, address)).stdout); }

function status(text) { $('status').textContent = text; }

// The options box: more of the CLI's options for the conversion, split as a shell splits words.
function options() {
  const words = $('options').value.match(/"[^"]*"|'[^']*'|[^\s"']+/g) || [];
  return words.map((word) => (/^(["']).*\1$/.test(word) ? word.slice(1, -1) : word));
}

// ---------------------------------------------------------------------------------------------- words
const extension = (path) => { const m = /\.[^./:]+$/.exec(path); return m ? m[0].toLowerCase() : ''; };
const baseName = (address) => address.split(/[/:\\]/).pop().replace(/\.[^.]*$/, '');
const safeName = (name) => name.replace(/[^A-Za-z0-9._ -]/g, '_') || 'character';
const isGltf = (path) => /\.(glb|gltf)$/i.test(path);
const isBvh = (path) => /\.bvh$/i.test(path);
const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

// A family's game for people; a family this table does not know goes by its title up to its first extension.
const GAMES = { lego: 'LEGO Island', sith: 'Sith engine (Jedi Knight, MotS, Infernal Machine)', lba: 'Little Big Adventure',
                animx: 'Resonite', volition: 'Volition (Red Faction Guerrilla, Saints Row)' };
function gameName(id) {
  if (GAMES[id]) return GAMES[id];
  const family = page.families.find((f) => f.id === id);
  return family ? family.title.split(/\s+(?=[.(/])/)[0] : id || '';
}

// The game's own clock for a clip: its tick (what a step moves), and how a time reads in the game's unit
// (LEGO Island counts milliseconds, LBA1 20 ms ticks and LBA2 milliseconds as `info`'s tick_seconds says, the
// Sith engine frames of its .key's FPS, Volition frames of 30 fps as its notes assume); Resonite's is seconds.
function gameClock(family, info = {}) {
  const ticks = (tick) => (t) => Math.round(t / tick);
  const milliseconds = { tick: 0.001, at: (t, end) => `${Math.round(t * 1000)} / ${Math.round(end * 1000)} ms`,
                         total: (end) => `${Math.round(end * 1000)} ms` };
  if (family === 'lego' || (family === 'lba' && info.tick_seconds === 0.001)) return milliseconds;  // LBA2: ms
  if (family === 'lba') {
    const tick = info.tick_seconds || 0.02;
    return { tick, at: (t, end) => `tick ${ticks(tick)(t)} / ${ticks(tick)(end)}`,
             total: (end) => `${ticks(tick)(end)} ticks of ${Math.round(tick * 1000)} ms` };
  }
  if (family === 'sith' || family === 'volition') {
    const assumed = /at (\d+) fps/.exec((info.assumptions || []).join(' '));
    const fps = info.fps || (assumed ? Number(assumed[1]) : family === 'sith' ? 15 : 30);
    return { tick: 1 / fps, at: (t, end) => `frame ${ticks(1 / fps)(t)} / ${ticks(1 / fps)(end)}`,
             total: (end) => `${ticks(1 / fps)(end)} frames at ${fps} fps` };
  }
  return { tick: 1 / 60, at: null, total: null };
}

function jointCount(info) {
  if (Array.isArray(info.joints) && info.joints.length) return info.joints.length;
  if (typeof info.joints === 'number') return info.joints;
  return info.joint_count ?? info.num_rig_bones ?? info.nodes ?? undefined;
}

function keysText(info) {
  const counts = info.keys && typeof info.keys === 'object' ? info.keys
    : { rotation: info.rotation_keys, translation: info.translation_keys };
  const parts = Object.entries(counts).filter(([, n]) => typeof n === 'number' && n > 0).map(([kind, n]) => `${n} ${kind}`);
  if (parts.length) return parts.join(', ');
  if (typeof info.entries === 'number') return `${plural(info.entries, 'key entry')}${info.frames ? ` over ${info.frames} frames` : ''}`.replace('entrys', 'entries');
  if (typeof info.keyframes === 'number') return plural(info.keyframes, 'keyframe');
  if (Array.isArray(info.tracks)) {
    const keys = info.tracks.reduce((sum, track) => sum + (track.keys || 0), 0);
    return `${keys} on ${plural(info.tracks.length, 'track')}`;
  }
  return undefined;
}

function durationText(seconds, clock) {
  if (!(seconds > 0)) return undefined;
  return `${seconds.toFixed(3)} s${clock.total ? ` (${clock.total(seconds)})` : ''}`;
}

// ---------------------------------------------------------------------------------------------- the panel
function itemButton(label, onClick, data) {
  const button = Object.assign(document.createElement('button'), { className: 'item', textContent: label });
  Object.assign(button.dataset, data);
  button.onclick = onClick;
  return button;
}
const note = (className, text) => Object.assign(document.createElement('span'), { className, textContent: ` ${text}` });

// The files as a tree of folders, archives with their entries under them.
function renderTree() {
  const root = { folders: new Map(), files: [] };
  for (const file of page.files) {
    const parts = file.path.split('/');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      if (!node.folders.has(part)) node.folders.set(part, { folders: new Map(), files: [] });
      node = node.folders.get(part);
    }
    node.files.push(file.path);
  }
  $('tree').replaceChildren(...treeItems(root));
  $('tree-box').hidden = !page.files.length;
}

// Folders first, then files, each by name as a file manager sorts them.
function treeItems(node) {
  const items = [];
  const byName = (a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
  for (const [name, child] of [...node.folders].sort(([a], [b]) => byName(a, b))) {
    const item = document.createElement('li');
    const sub = document.createElement('ul');
    sub.append(...treeItems(child));
    item.append(note('kind', `${name}/`), sub);
    items.push(item);
  }
  for (const path of [...node.files].sort(byName)) {
    const item = document.createElement('li');
    item.append(itemButton(path.split('/').pop(), () => openAddress(path), { address: path }));
    const entries = page.entries.get(path);
    if (isGltf(path)) item.append(note('kind', 'glTF'));
    if (entries) {
      item.append(note('kind', `archive, ${plural(entries.length, 'entry').replace('entrys', 'entries')}`));
      const sub = document.createElement('ul');
      for (const address of entries) {
        const li = document.createElement('li');
        li.append(itemButton(address.slice(path.length + 1), () => openAddress(address), { address }));
        sub.append(li);
      }
      item.append(sub);
    }
    items.push(item);
  }
  return items;
}

function renderCharacters() {
  const characters = page.listing?.characters || [];
  $('characters-box').hidden = !characters.length;
  const items = characters.map((character) => {
    const item = document.createElement('li');
    const animations = character.animations || [];
    item.append(itemButton(character.name, () => openCharacter(character, 0), { character: character.name }),
                note('kind', `${plural(animations.length, 'animation')}` +
                             (character.missing?.length ? `, ${character.missing.length} missing` : '')));
    if (animations.length) {
      const sub = document.createElement('ul');
      animations.forEach((animation, index) => {
        const li = document.createElement('li');
        const button = itemButton(animation.name, () => openCharacter(character, index),
                                  { character: character.name, animation: animation.name });
        const aliases = animation.aliases || [];
        if (aliases.length) {
          button.title = `the game also plays it as ${aliases.slice(0, 8).join(', ')}${aliases.length > 8 ? ` and ${aliases.length - 8} more` : ''}`;
          li.append(button, note('kind', `+${aliases.length} more names`));
        } else li.append(button);
        sub.append(li);
      });
      item.append(sub);
    }
    return item;
  });
  // Many characters (LEGO Island's 66 actors): those without an animation folded under one line.
  const still = characters.map((c, i) => (c.animations?.length ? -1 : i)).filter((i) => i >= 0);
  if (characters.length > 12 && still.length > 3) {
    const more = document.createElement('details');
    more.append(Object.assign(document.createElement('summary'), { textContent: `${still.length} more without animations` }));
    const list = document.createElement('ul');
    list.append(...still.map((i) => items[i]));
    more.append(list);
    $('characters').replaceChildren(...items.filter((_, i) => !still.includes(i)), more);
  } else {
    $('characters').replaceChildren(...items);
  }
  const lone = page.listing?.lone_files || [];
  $('lone-box').hidden = !lone.length;
  $('lone').replaceChildren(...lone.map((part) => {
    const item = document.createElement('li');
    const path = shortPath(part.file);
    item.append(itemButton(path, () => openAddress(path), { address: path, lone: path }), document.createElement('br'),
                note('why', part.reason));
    return item;
  }));
}

function markCurrent() {
  for (const button of document.querySelectorAll('#panel .item')) {
    const shown = page.shown;
    const current = shown && (shown.kind === 'character'
      ? button.dataset.character === shown.character.name && (button.dataset.animation === undefined
          ? true : button.dataset.animation === shown.clipNames[shown.clip])
      : button.dataset.address === shown.address);
    button.classList.toggle('current', !!current);
  }
}

// Notes in groups, each a closed list with its count; each note cut short (the whole text on hover).
function renderNotes(groups, where = $('notes')) {
  where.replaceChildren(...Object.entries(groups).filter(([, notes]) => notes.length).map(([title, notes]) => {
    const group = document.createElement('details');
    group.append(Object.assign(document.createElement('summary'), { textContent: `${title} (${notes.length})` }));
    const list = document.createElement('ul');
    for (const text of [...new Set(notes.map((n) => shortPath(String(n)).replace(/(^|\s)\.\//g, '$1')))]) {
      const short = text.length > 160 ? `${text.slice(0, 157)}…` : text;
      list.append(Object.assign(document.createElement('li'), { textContent: short, title: text }));
    }
    group.append(list);
    return group;
  }));
}

function renderSummary(title, rows, json) {
  $('title').textContent = title;
  const list = $('info');
  list.replaceChildren();
  for (const [term, value] of rows) row(list, term, value);
  list.dataset.json = JSON.stringify(json);  // what the CLI said, for the tests
  $('details-json').textContent = JSON.stringify(json, null, 2);
  $('dump-json').textContent = '';
  $('dump').hidden = !page.shown || page.shown.kind !== 'file';
  $('shown').hidden = false;
}

// Nothing shown: the view empty, the summary and the downloads gone (new files replace the old ones).
function resetShown() {
  viewer.clear();
  page.shown = null;
  for (const id of ['shown', 'playback', 'tools', 'download', 'download-back', 'download-zip', 'download-retarget',
                    'retarget-form']) $(id).hidden = true;
  $('empty').hidden = false;
}

function offerDownload(id, name, bytes) {
  if (page.downloads[id]) URL.revokeObjectURL(page.downloads[id]);
  page.downloads[id] = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const link = $(id);
  link.href = page.downloads[id];
  link.download = name;
  link.textContent = `download ${name} (${Math.round(bytes.byteLength / 1024) || 1} KB)`;
  link.hidden = false;
}

// ---------------------------------------------------------------------------------------------- the view
let viewer = null;

function showPlayback() {
  const clip = viewer.clip;
  const clock = page.shown?.clock || gameClock('');
  $('time').max = viewer.duration || 0;
  $('time').step = Math.min(clock.tick, (viewer.duration || 1) / 1000);
  $('time').value = viewer.time;
  const unit = clock.at ? ` · ${clock.at(viewer.time, viewer.duration)}` : ` / ${viewer.duration.toFixed(3)} s`;
  $('clock').textContent = clip ? `${viewer.time.toFixed(3)} s${unit}` : '';
  $('play').textContent = viewer.playing ? 'pause' : 'play';
}

function fillClips(names, index) {
  $('clip').replaceChildren(...names.map((name, i) => new Option(name, i)));
  $('clip').value = index;
  $('playback').hidden = !names.length;
}

// A lone game file's one clip goes by the file's name (Twinsen_Walk), not by the glTF's generic one (anim, clip).
function gameNames(names) {
  const shown = page.shown;
  if (!['file', 'retargeted'].includes(shown.kind) || names.length !== 1 ||
      !/^(anim|animation|clip)( \d+)?$/i.test(names[0])) return names;
  return [baseName(shown.address)];
}

// Shows a glb in the view; `clip` picks the animation that plays.
async function showGlb(glb, clip = 0) {
  const names = gameNames(await viewer.load(glb));
  $('empty').hidden = true;
  $('tools').hidden = false;
  page.shown.clipNames = names;
  fillClips(names, Math.min(clip, Math.max(0, names.length - 1)));
  await chooseClip(Number($('clip').value) || 0);
  return names;
}

// A clip of what is shown: the game's clock from the `info` of its file (a character's animation file).
async function chooseClip(index) {
  const shown = page.shown;
  shown.clip = index;
  if (shown.kind === 'character') {
    const animation = shown.character.animations?.find((a) => a.name === shown.clipNames[index]) || shown.character.animations?.[index];
    shown.clipInfo = animation?.file ? await clipInfo(animation.file) : {};
    shown.clock = gameClock(shown.character.family, shown.clipInfo);
  }
  viewer.tick = shown.clock.tick;
  viewer.choose(index);
  $('clip').value = index;
  summarise();
  markCurrent();
}

const infoCache = new Map();
async function clipInfo(file) {
  if (!infoCache.has(file)) {
    const result = await call('run', { args: ['info', '--json', file, ...options()] });
    infoCache.set(file, result.code === 0 ? JSON.parse(result.stdout) : {});
  }
  return infoCache.get(file);
}

function summarise() {
  const shown = page.shown;
  const duration = viewer.duration;
  const images = viewer.model ? countTextures(viewer.model) : 0;
  if (shown.kind === 'character') {
    const c = shown.character;
    renderSummary(c.name, [
      ['game', gameName(c.family)],
      ['model', c.model ? shortPath(c.model) : undefined],
      ['defined by', shortPath(c.defined_by || '')],
      ['joints', viewer.joints.length],
      ['animations', shown.clipNames.length],
      ['playing', shown.clipNames[shown.clip]],
      ['duration', durationText(duration, shown.clock)],
      ['keys', keysText(shown.clipInfo || {})],
      ['textures', images ? images : undefined],
    ], shown.facts);
    return;
  }
  if (shown.kind === 'retargeted') {
    renderSummary(`${shown.motion} on ${shown.character.name}`, retargetRows(shown), shown.report);
    return;
  }
  const info = shown.info || {};
  renderSummary(shown.address.split(/[/]/).pop(), [
    ['format', info.format || (shown.kind === 'gltf' ? 'glTF 2.0' : undefined)],
    ['game', gameName(info.family)],
    ['file', shown.address],
    ['with', shown.companions?.length ? `${shown.companions.includes('--rig') ? 'the rig' : 'the LBA2 body'} ` +
                                        `${shown.companions[shown.companions.length - 1]}, the one opened` : undefined],
    ['joints', jointCount(info) ?? viewer.joints.length],
    ['animations', shown.clipNames.length > 1 ? shown.clipNames.length : undefined],
    ['duration', durationText(info.duration > 0 ? info.duration : duration, shown.clock)],
    ['keys', keysText(info)],
    ['textures', images ? images : undefined],
  ], info);
}

function countTextures(model) {
  const maps = new Set();
  model.traverse((node) => { if (node.isMesh) for (const m of [].concat(node.material)) if (m.userData.originalMap || m.map) maps.add(m.userData.originalMap || m.map); });
  return maps.size;
}

function wireView() {
  viewer = new Viewer($('view'), showPlayback);
  viewer.onHover = (joint) => {
    $('joint').textContent = joint ? joint.name : '';
    if (joint) Object.assign($('joint').style, { left: `${joint.x + 14}px`, top: `${joint.y + 10}px` });
  };
  $('play').onclick = () => viewer.setPlaying(!viewer.playing);
  $('time').oninput = () => { viewer.playing = false; viewer.setTime(Number($('time').value)); };
  $('back-step').onclick = () => viewer.step(-1);
  $('forward-step').onclick = () => viewer.step(1);
  $('speed').onchange = () => { viewer.speed = Number($('speed').value); };
  $('loop').onchange = () => { viewer.loop = $('loop').checked; };
  $('clip').onchange = () => chooseClip(Number($('clip').value)).catch(showError);
  const toggle = (id, apply) => {
    $(id).onclick = () => {
      const on = $(id).getAttribute('aria-pressed') !== 'true';
      $(id).setAttribute('aria-pressed', String(on));
      apply(on);
    };
  };
  toggle('skeleton', (on) => viewer.setSkeleton(on));
  toggle('textured', (on) => viewer.setTextured(on));
  toggle('grid', (on) => viewer.setGrid(on));
  $('reset').onclick = () => viewer.resetCamera();
  document.addEventListener('keydown', keyboard);
}

// Space plays or pauses, left and right step one game tick (ten with shift), up and down pick the clip.
function keyboard(event) {
  const target = event.target;
  if (target.matches('input:not([type=range]):not([type=checkbox]), select, textarea') || !viewer.model) return;
  const count = event.shiftKey ? 10 : 1;
  const clips = $('clip').options.length;
  const actions = {
    ' ': () => viewer.setPlaying(!viewer.playing),
    ArrowLeft: () => viewer.step(-count),
    ArrowRight: () => viewer.step(count),
    ArrowUp: () => clips && chooseClip((Number($('clip').value) + clips - 1) % clips),
    ArrowDown: () => clips && chooseClip((Number($('clip').value) + 1) % clips),
  };
  if (!actions[event.key]) return;
  event.preventDefault();
  actions[event.key]();
}

// ---------------------------------------------------------------------------------------------- opening
// Runs one piece of work with the progress line, the title the tests read and errors in the box.
async function work(label, job) {
  clearErrors();
  document.title = 'converting';
  busy(label);
  const started = performance.now();
  try {
    await job();
    $('timing').dataset.convertMs = Math.round(performance.now() - started);
    if (matchMedia('(max-width: 760px)').matches) window.scrollTo({ top: 0 });  // a phone: the view is on top
    document.title = 'opened';
    return true;
  } catch (error) {
    if (error instanceof Cancelled) return null;  // the page stays as the cancel left it
    showError(error);
    return false;
  } finally {
    busy(null);
    markCurrent();
  }
}

function openAddress(address) {
  const show = isGltf(address) ? showGltf : isBvh(address) ? showBvh : showFile;
  return work(`converting ${address}`, () => show(address));
}

// The one companion an animation needs when the opened files hold exactly one of its kind and the options
// name none: a Volition .anim_pc's rig (--rig), an LBA .anm's LBA2 body (--variant lba2 --body). The page
// says so in the summary; the bytes are those of the CLI given the same options.
function companionOptions(address) {
  const given = options();
  const only = (pattern) => {
    const found = page.files.map((f) => f.path).filter((path) => pattern.test(path));
    return found.length === 1 ? found[0] : null;
  };
  if (/\.anim_pc$/i.test(address) && !given.includes('--rig')) {
    const rig = only(/\.rig_pc$/i);
    if (rig) return ['--rig', rig];
  }
  if (/\.anm$/i.test(address) && !given.includes('--body') && !given.includes('--variant')) {
    const body = only(/\.lm2$/i);
    if (body) return ['--variant', 'lba2', '--body', body];
  }
  return [];
}

async function showFile(address) {
  const companions = companionOptions(address);
  const settings = [...options(), ...companions];
  const info = await runJson(['info', '--json', address, ...settings], address);
  const output = `/out/${safeName(baseName(address))}.glb`;
  const converted = await runJson(['convert', '--json', address, output, '--force', ...settings], address);
  const glb = await call('read', { path: output });
  page.shown = { kind: 'file', address, info, clock: gameClock(info.family, info), companions };
  offerDownload('download', `${baseName(address)}.glb`, glb);
  $('back-form').hidden = true;
  $('download-back').hidden = true;
  $('download-retarget').hidden = true;
  $('retarget-form').hidden = true;
  await showGlb(glb.slice(0));
  renderNotes({
    'Approximations and assumptions': [...(info.limits || []), ...(info.assumptions || []), ...(info.notes || []),
                                        ...(converted.notes || [])],
  });
  status(`${address}: ${info.format || ''}`);
}

async function showGltf(address) {
  const glb = await call('read', { path: `${folder}/${address}` });
  page.shown = { kind: 'gltf', address, info: null, clock: gameClock('') };
  $('download').hidden = true;
  $('download-retarget').hidden = true;
  await showGlb(glb);
  renderNotes({});
  $('back-form').hidden = false;
  showRetargetForm();
  status(`${address}: pick the game's format and convert it back, or retarget it onto a character`);
}

// A BVH motion shown as the CLI reads it (as glTF): it goes into a game only retargeted onto a character.
async function showBvh(address) {
  const output = `/out/${safeName(baseName(address))}.glb`;
  const converted = await runJson(['convert', '--json', address, output, '--force'], address);
  const glb = await call('read', { path: output });
  page.shown = { kind: 'motion', address, info: null, clock: gameClock('') };
  offerDownload('download', `${baseName(address)}.glb`, glb);
  $('back-form').hidden = true;
  $('download-back').hidden = true;
  $('download-retarget').hidden = true;
  await showGlb(glb.slice(0));
  renderNotes({ 'Approximations and assumptions': converted.notes || [] });
  showRetargetForm();
  status(`${address}: a BVH motion; pick a character to retarget it onto`);
}

// The glTF shown, back to the game format picked.
function convertBack() {
  const address = page.shown?.address;
  if (!address || page.shown.kind !== 'gltf') return Promise.resolve(false);
  const target = $('target').value;
  return work(`writing ${baseName(address)}${target}`, async () => {
    const output = `/out/${safeName(baseName(address))}${target}`;
    const converted = await runJson(['convert', '--json', address, output, '--force', ...options()], address);
    offerDownload('download-back', `${baseName(address)}${target}`, await call('read', { path: output }));
    renderNotes({ 'Approximations and assumptions': converted.notes || [] });
    status(`${address} written as ${baseName(address)}${target}`);
  });
}

// A character as one glb (the model once, every animation under the game's name), as
// `bonebridge convert --character NAME . NAME.glb` run in the opened files' folder.
function openCharacter(character, clip = 0) {
  if (page.shown?.kind === 'character' && page.shown.character === character && viewer.model) {
    return chooseClip(clip).then(() => { document.title = 'opened'; return true; },
                                  (error) => { showError(error); return false; });
  }
  return work(`converting the character ${character.name}`, async () => {
    const name = safeName(character.name);
    const output = `/out/${name}.glb`;
    const converted = await runJson(['convert', '--json', '--character', character.name, '.', output, '--force', ...options()],
                                    character.model);
    const glb = await call('read', { path: output });
    const { name: _, ...facts } = character;
    page.shown = { kind: 'character', character, facts, clock: gameClock(character.family) };
    offerDownload('download', `${name}.glb`, glb);
    $('back-form').hidden = true;
    $('download-back').hidden = true;
    $('download-retarget').hidden = true;
    await showGlb(glb.slice(0), clip);
    renderNotes({
      'Missing files': character.missing || [],
      'How it was put together': character.notes || [],
      'Approximations and assumptions': (converted.notes || []).filter((n) => !(character.notes || []).includes(n)),
    });
    showRetargetForm();
    status(`${character.name}: ${plural(page.shown.clipNames.length, 'animation')}`);
  });
}

// ---------------------------------------------------------------------------------------------- retargeting
// The game file a retargeted clip is written as, by the character's family; the families that build the
// character from its own settings (FormatFamily::retarget_target: LEGO's --character with --world, Sith's
// --model, Volition's --rig); the others' characters are given as the skeleton the clip animates.
const RETARGET_EXTENSIONS = { lego: '.ani', sith: '.key', animx: '.animx', volition: '.anim_pc', lba: '.anm' };
const BUILDS_CHARACTER = new Set(['lego', 'sith', 'volition']);

// The motions among the opened files: BVH and glTF (a Mixamo or VRM clip), archives' entries left out.
const motionFiles = () => page.files.map((f) => f.path).filter((path) => isBvh(path) || isGltf(path));
const retargetable = () => (page.listing?.characters || []).filter((c) => !c.absent && RETARGET_EXTENSIONS[c.family]);

// The character's settings as the CLI's options, as `characters --json` gives them (LEGO: its world).
function characterSettings(character) {
  return Object.entries(character.settings || {}).flatMap(([name, value]) => [`--${name}`, String(value)]);
}

// `convert MOTION OUT --retarget ...`'s options for a character: its name and settings, or its model as the
// skeleton; foot locking; the options box.
function retargetOptions(character) {
  const args = ['--retarget', '--character', character.name, ...characterSettings(character)];
  if (!BUILDS_CHARACTER.has(character.family) && character.model) args.push('--skeleton', shortPath(character.model));
  if ($('foot-lock').checked) args.push('--foot-lock');
  return [...args, ...options()];
}

// The form under what is shown: on a character, the motions to retarget onto it; on a motion, the characters.
function showRetargetForm() {
  const shown = page.shown, motions = motionFiles(), characters = retargetable();
  const onCharacter = shown && (shown.kind === 'character' || shown.kind === 'retargeted');
  const onMotion = shown && (shown.kind === 'gltf' || shown.kind === 'motion');
  $('retarget-form').hidden = !((onCharacter && motions.length) || (onMotion && characters.length));
  if ($('retarget-form').hidden) return;
  const wantedMotion = onMotion ? shown.address : shown.motion || $('motion').value;
  $('motion').replaceChildren(...motions.map((path) => new Option(path, path)));
  if (motions.includes(wantedMotion)) $('motion').value = wantedMotion;
  $('retarget-onto').hidden = !onMotion;
  if (onMotion) {
    const wanted = $('retarget-character').value;
    $('retarget-character').replaceChildren(...characters.map((c, i) => new Option(`${c.name} (${gameName(c.family).replace(/ \(.*/, '')})`, i)));
    const again = characters.findIndex((c) => c.name === wanted);
    if (again >= 0) $('retarget-character').value = again;
  }
}

function retargetCharacter() {
  const shown = page.shown;
  if (shown?.kind === 'character' || shown?.kind === 'retargeted') return shown.character;
  return retargetable()[Number($('retarget-character').value) || 0];
}

// What previews the written file on the character: its settings, or (a family reading a glTF skeleton) the
// character's model converted to glTF first.
async function previewOptions(character) {
  if (BUILDS_CHARACTER.has(character.family) || !character.model) return characterSettings(character);
  const skeleton = '/out/retarget-skeleton.glb';
  await run(['convert', shortPath(character.model), skeleton, '--force', ...characterSettings(character)], character.model);
  return ['--skeleton', skeleton];
}

// The report's notes (from "retargeted by roles" on, as the CLI prints them) apart from the conversions'.
function splitReport(notes) {
  const at = notes.findIndex((n) => /^retargeted by roles/.test(n));
  return at < 0 ? [[], notes] : [notes.slice(at), notes.slice(0, at)];
}

// The motion picked retargeted onto the character, as `bonebridge convert MOTION OUT --retarget` runs it: the
// game's file offered, the report in the notes, and the written file played on the character.
function retargetMotion() {
  const character = retargetCharacter(), motion = $('motion').value;
  if (!character || !motion) return Promise.resolve(false);
  const name = `${safeName(character.name)}_${safeName(baseName(motion))}${RETARGET_EXTENSIONS[character.family]}`;
  return work(`retargeting ${motion} onto ${character.name}`, async () => {
    const output = `/out/${name}`;
    const converted = await runJson(['convert', '--json', motion, output, '--force', ...retargetOptions(character)], motion);
    const written = await call('read', { path: output });
    offerDownload('download-retarget', name, written);
    const preview = '/out/retargeted.glb';
    const shownAs = await runJson(['convert', '--json', output, preview, '--force', ...(await previewOptions(character))], name);
    const glb = await call('read', { path: preview });
    page.shown = { kind: 'retargeted', character, motion, address: name, report: converted.retarget || {},
                   bytes: written.byteLength, clock: gameClock(character.family) };
    offerDownload('download', `${baseName(name)}.glb`, glb);
    $('back-form').hidden = true;
    $('download-back').hidden = true;
    await showGlb(glb.slice(0));
    const [report, conversion] = splitReport(converted.notes || []);
    renderNotes({
      'Retargeting report': report,
      'Approximations and assumptions': [...conversion, ...(shownAs.notes || [])],
    });
    $('notes').querySelector('details')?.setAttribute('open', '');
    showRetargetForm();
    status(`${motion} retargeted onto ${character.name}: ${name}`);
  });
}

// The summary of a retargeted clip: the report's numbers in words.
function retargetRows(shown) {
  const report = shown.report || {};
  const worst = (report.roles || []).filter((r) => r.measured_as === 'direction').sort((a, b) => b.degrees - a.degrees)[0];
  const feet = report.foot_sliding || {};
  const sliding = ['left', 'right'].filter((side) => feet[side])
    .map((side) => `${side} ${feet[side].result.toPrecision(3)} (source ${feet[side].source.toPrecision(3)})`).join(', ');
  return [
    ['game', gameName(shown.character.family)],
    ['character', shown.character.name],
    ['motion', shown.motion],
    ['written', `${shown.address} (${Math.round(shown.bytes / 1024) || 1} KB)`],
    ['roles', report.source_roles ? `${report.source_roles} → ${report.target_roles}` : undefined],
    ['largest direction error', worst ? `${worst.degrees.toFixed(1)}° (${worst.role}, at ${worst.at_seconds.toFixed(2)} s)` : undefined],
    ['hip ratio', report.hips ? report.hips.ratio.toPrecision(4) : undefined],
    ['foot sliding', sliding ? `${sliding} units/s` : undefined],
    ['engine against the clip', report.engine ? `largest ${report.engine.max.toPrecision(3)} of ${report.engine.extent.toPrecision(3)} units` : report.engine_note],
    ['duration', durationText(viewer.duration, shown.clock)],
  ];
}

// Every character of what was opened as one zip of glbs; the ones that fail are named in the notes.
function zipCharacters() {
  const characters = (page.listing?.characters || []).filter((c) => !c.absent);
  return work('converting every character', async () => {
    const entries = [], failed = [], used = new Set();
    for (const [index, character] of characters.entries()) {
      busy(`character ${index + 1}/${characters.length}: ${character.name}`);
      let name = safeName(character.name);
      for (let n = 2; used.has(name.toLowerCase()); n++) name = `${safeName(character.name)}_${n}`;
      used.add(name.toLowerCase());
      const result = await call('run', { args: ['-q', 'convert', '--character', character.name, '.', `/out/zip-${name}.glb`, '--force', ...options()] });
      if (result.code !== 0) { failed.push(`${character.name}: ${cliError(result.stderr).message}`); continue; }
      entries.push({ name: `${name}.glb`, bytes: new Uint8Array(await call('read', { path: `/out/zip-${name}.glb` })) });
    }
    const zip = zipStored(entries);
    offerDownload('download-zip', 'characters.zip', zip);
    renderNotes({ 'Characters that did not convert': failed });
    status(`${plural(entries.length, 'character')} in characters.zip${failed.length ? `, ${failed.length} failed` : ''}`);
    $('download-zip').click();
  });
}

// ---------------------------------------------------------------------------------------------- input
// A file to open: its path in the page's folder and its bytes (a promise).
const fromFile = (file, path) => ({ path: path || file.webkitRelativePath || file.name, bytes: () => file.arrayBuffer() });

// A dropped folder or file at any depth, with its path as the drop gives it (its folder first).
async function filesOf(entry) {
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    return [fromFile(file, entry.fullPath.replace(/^\/+/, ''))];
  }
  const reader = entry.createReader(), files = [];
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return files;
    for (const child of batch) files.push(...(await filesOf(child)));
  }
}

// One folder opened (all paths under one top folder): its contents are the install, at the page's folder.
function withoutCommonFolder(files) {
  const tops = new Set(files.map((f) => (f.path.includes('/') ? f.path.split('/')[0] : '')));
  if (tops.size !== 1 || tops.has('')) return files;
  return files.map((f) => ({ ...f, path: f.path.slice(f.path.indexOf('/') + 1) }));
}

async function writeFiles() {
  const copies = page.files.map((file) => ({ path: file.path, bytes: file.bytes.slice(0) }));
  await call('write', { folder, files: copies }, copies.map((copy) => copy.bytes));
}

// What was opened replaces what was there: read, written into the worker's folder, listed, and the first thing
// it defines shown (or what `pick` names). Motions alone (BVH, glTF) opened while a game's characters are open
// join them instead, shown first, so that a motion found later can be retargeted onto the game opened before.
async function accept(files, pick = {}) {
  clearErrors();
  document.title = 'reading';
  try {
    const sorted = withoutCommonFolder(files);
    const joining = retargetable().length > 0 && sorted.every((file) => isBvh(file.path) || isGltf(file.path));
    const incoming = new Set(sorted.map((file) => file.path));
    page.files = joining ? page.files.filter((opened) => !incoming.has(opened.path)) : [];
    if (joining && !pick.open) pick = { ...pick, open: sorted[0].path };
    for (const [index, file] of sorted.entries()) {
      busy(`reading ${file.path} (${index + 1}/${sorted.length})`);
      page.files.push({ path: file.path, bytes: await file.bytes() });
    }
    resetShown();
    busy('writing the files for the converter');
    await writeFiles();
    infoCache.clear();
    await list();
  } catch (error) {
    busy(null);
    showError(error);
    return;
  }
  busy(null);
  await showFirst(pick);
}

async function list() {
  page.entries.clear();
  for (const file of page.files) {
    if (!page.containers.has(extension(file.path))) continue;
    busy(`listing the archive ${file.path}`);
    const listing = await call('run', { args: ['ls', '--json', file.path] });
    if (listing.code === 0) page.entries.set(file.path, JSON.parse(listing.stdout).map((entry) => shortPath(entry.path)));
  }
  busy('finding the characters');
  const found = await call('run', { args: ['characters', '--json', '.', ...characterOptions()] });
  page.listing = found.code === 0 ? JSON.parse(found.stdout) : { characters: [], lone_files: [], notes: [found.stderr] };
  renderTree();
  renderCharacters();
  renderNotes({ 'Problems in what was opened': page.listing.notes || [] }, $('found-notes'));
  const count = page.listing.characters?.length || 0;
  status(`${plural(page.files.length, 'file')} opened${count ? `, ${plural(count, 'character')}` : ''}`);
  document.title = 'listed';
}

// `characters` takes only a few of the conversion options; the others would be refused.
function characterOptions() { return []; }

// What opens first: the address or character the link names, else the first character with an animation
// (playing it), else the first character, else the first file that converts to glTF.
async function showFirst(pick) {
  const characters = (page.listing?.characters || []).filter((c) => !c.absent);
  if (pick.character) {
    const character = characters.find((c) => c.name === pick.character);
    if (character) return openCharacter(character);
  }
  if (pick.open) return openAddress(pick.open);
  const first = characters.find((c) => c.animations?.length) || characters[0];
  if (first) return openCharacter(first);
  const candidates = [...(page.listing?.lone_files || []).map((f) => shortPath(f.file)),
                      ...page.files.flatMap((f) => (page.entries.has(f.path) ? page.entries.get(f.path) : [f.path]))];
  let firstError = null;
  for (const address of [...new Set(candidates)].slice(0, 12)) {
    const shown = await openAddress(address);
    if (shown !== false) return shown;  // shown, or cancelled
    firstError = firstError || $('errors').cloneNode(true);
  }
  if (firstError) { $('errors').replaceWith(firstError); document.title = 'error'; }
  else status('nothing here has a glTF form: pick a file in the list');
  return false;
}

// ?src=URL&path=REL...: every source with its path (an explicit path=, else below the sources' common folder).
function linkedSources() {
  const sources = [];
  for (const [key, value] of new URLSearchParams(location.search)) {
    if (key === 'src') sources.push({ url: new URL(value, location.href), path: '' });
    else if (key === 'path' && sources.length) sources[sources.length - 1].path = value;
  }
  const folders = sources.map((s) => s.url.href.slice(0, s.url.href.lastIndexOf('/') + 1));
  let common = folders[0] || '';
  for (const f of folders) while (!f.startsWith(common)) common = common.slice(0, common.slice(0, -1).lastIndexOf('/') + 1);
  return sources.map((s) => ({ url: s.url.href, path: s.path || decodeURIComponent(s.url.href.slice(common.length)) }));
}

function fromUrl({ url, path }) {
  return {
    path,
    bytes: async () => {
      const response = await fetch(url).catch(() => null);
      if (!response || !response.ok) {
        throw new PageError(`The link's file could not be fetched${response ? ` (HTTP ${response.status})` : ''}.`,
                            { file: url, todo: 'Check the address in the link, and that the server allows this page to read it.' });
      }
      return response.arrayBuffer();
    },
  };
}

function wireInput() {
  const zone = document.body;
  zone.addEventListener('dragover', (event) => { event.preventDefault(); $('drop').classList.add('over'); });
  zone.addEventListener('dragleave', (event) => { if (!event.relatedTarget) $('drop').classList.remove('over'); });
  zone.addEventListener('drop', async (event) => {
    event.preventDefault();
    $('drop').classList.remove('over');
    const files = [];
    for (const item of [...event.dataTransfer.items]) {
      const entry = item.webkitGetAsEntry && item.webkitGetAsEntry();  // null for files a script made
      if (entry) files.push(...(await filesOf(entry)));
      else if (item.kind === 'file') files.push(fromFile(item.getAsFile()));
    }
    if (files.length) await accept(files);
  });
  $('files').onchange = () => accept([...$('files').files].map((file) => fromFile(file, file.name)));
  $('folder').onchange = () => accept([...$('folder').files].map((file) => fromFile(file)));
  $('cancel').onclick = () => cancel().catch(showError);
  $('back').onclick = () => convertBack();
  $('retarget').onclick = () => retargetMotion();
  $('zip').onclick = () => zipCharacters();
  $('dump').onclick = () => work('dump', async () => {
    const dumped = await run(['dump', page.shown.address, ...options(), ...(page.shown.companions || [])], page.shown.address);
    $('dump-json').textContent = dumped.stdout;
  });
}

// The glTF targets: the game formats a glTF goes back to, by their short names.
const TARGETS = { '.ani': 'lego', '.key': 'sith', '.anm': 'lba', '.animx': 'animx', '.animj': 'animx',
                  '.anim_pc': 'volition', '.rig_pc': 'volition' };
function fillTargets() {
  for (const family of page.families) {
    if (family.container) {
      for (const ext of family.extensions || []) page.containers.add(ext);
      continue;
    }
    for (const ext of family.extensions || []) {
      if (TARGETS[ext] === family.id) $('target').add(new Option(`${ext}: ${gameName(family.id).replace(/ \(.*/, '')}`, ext));
    }
  }
}

async function main() {
  window.addEventListener('error', (event) => showError(new PageError(`The page failed: ${event.message}`,
                                                                      { todo: 'Reload the page and try again.' })));
  window.addEventListener('unhandledrejection', (event) => showError(event.reason));
  wireView();
  wireInput();
  try {
    const started = performance.now();
    await startWorker();
    page.families = await runJson(['formats', '--json']);
    fillTargets();
    $('timing').dataset.loadMs = Math.round(performance.now() - started);
    status('ready: drop game files, a folder or an archive anywhere on the page');
    document.title = 'bonebridge';
    const query = new URLSearchParams(location.search);
    $('options').value = query.get('options') || '';
    const sources = linkedSources();
    if (sources.length) await accept(sources.map(fromUrl), { open: query.get('open'), character: query.get('character') });
  } catch (error) {
    showError(error);
  }
}

main();
