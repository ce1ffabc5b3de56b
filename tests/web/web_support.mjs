// SPDX-License-Identifier: MIT
// What the web page's checks share (check_web.mjs): a local server for the page, the samples and the files a
// check makes; Debian's headless Chromium; the comparisons of what the page shows and downloads against the
// native CLI; and the checks of the layout people see (the view large and above the fold, no raw JSON outside
// "details", play then scrub changing the picture).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { pictureStats } from '../runtime/png.mjs';

export const problems = [];
export const check = (ok, message) => { if (!ok) problems.push(message); };

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

// The page at /web/, the samples at /samples/, the repository's examples at /examples/, files a check makes at
// /made/.
export async function serve(roots) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.txt': 'text/plain' };
  const server = createServer((request, response) => {
    const [, root, ...rest] = decodeURIComponent(new URL(request.url, 'http://x').pathname).split('/');
    const path = roots[root] && normalize(join(roots[root], ...rest));
    if (!path || !path.startsWith(roots[root]) || !existsSync(path)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(path)] || 'application/octet-stream' });
    response.end(readFileSync(path));
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

export async function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-gpu'],
  });
}

export async function newPage(browser, viewport = DESKTOP) {
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return page;
}

export const waitTitle = (page, titles, timeout = 180000) =>
  page.waitForFunction((wanted) => wanted.includes(document.title), titles, { timeout });

// The page settled on what it opened: no error shown.
export async function settled(page, name) {
  await waitTitle(page, ['opened', 'error']);
  const errors = await page.locator('#errors').innerText();
  check(!errors.trim(), `${name}: errors on the page: ${errors}`);
  return !errors.trim();
}

// The text people see outside "details": no "[object Object]", no opening of raw JSON ({" [" [{ [[ [1, ...),
// no line that is a lone brace or bracket.
export async function checkWords(page, name) {
  const text = await page.evaluate(() => {
    const open = [...document.querySelectorAll('details[open]')];
    open.forEach((d) => { d.open = false; });
    const shown = document.body.innerText;
    open.forEach((d) => { d.open = true; });
    return shown;
  });
  const raw = [/\[object /, /[{[]\s*["{[]/, /^\s*[{}[\]]\s*,?\s*$/m, /\[\s*-?\d[\d.e-]*\s*,/, /"\s*:\s*[{["\d]/];
  for (const pattern of raw) {
    const found = pattern.exec(text);
    check(!found, `${name}: raw JSON or an object in the visible text (${pattern}): ` +
                  `…${found ? text.slice(Math.max(0, found.index - 40), found.index + 40) : ''}…`);
  }
  return text;
}

// The 3D view: at least two thirds of the window and wholly above the fold.
// Where the page is: at its top (a phone scrolls to the view when something opens).
export async function checkView(page, name, viewport) {
  const box = await page.locator('#view canvas').evaluate((canvas) => {
    const rect = canvas.getBoundingClientRect();
    return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY, width: rect.width,
             height: rect.height, scrolled: window.scrollY };
  });
  const share = (box.width * box.height) / (viewport.width * viewport.height);
  check(share >= 2 / 3, `${name}: the view covers ${(share * 100).toFixed(1)}% of the window, not two thirds`);
  check(box.top >= 0 && box.bottom <= viewport.height + 1,
        `${name}: the view is not above the fold (${box.top}..${box.bottom} of ${viewport.height})`);
  check(box.scrolled === 0, `${name}: the page is scrolled by ${box.scrolled} px after opening: the view is out of sight`);
  return share;
}

// Sets the time as a person drags the slider (which pauses the playback).
export async function scrub(page, seconds) {
  await page.evaluate((t) => {
    const slider = document.getElementById('time');
    slider.value = t;
    slider.dispatchEvent(new Event('input'));
  }, seconds);
  await page.waitForTimeout(400);
}

// Play, then scrub to two times: the two pictures of the view differ (and neither is blank).
export async function playThenScrub(page, name, outDir, fractions = [0.15, 0.55]) {
  if ((await page.locator('#play').innerText()) === 'play') await page.click('#play');
  const before = Number(await page.locator('#time').inputValue());
  await page.waitForTimeout(600);
  const after = Number(await page.locator('#time').inputValue());
  check(before !== after, `${name}: the time stays at ${before} s while playing`);
  const duration = Number(await page.locator('#time').getAttribute('max'));
  check(duration > 0, `${name}: the timeline has no length`);
  const pictures = [];
  for (const [i, fraction] of fractions.entries()) {
    await scrub(page, duration * fraction);
    const png = join(outDir, `${name}_t${i}.png`);
    await page.locator('#view canvas').screenshot({ path: png });
    const stats = pictureStats(png, [32, 32, 40], 0.65);
    check(stats.drawn > 0.0005, `${name}: the view is blank at ${duration * fraction} s`);
    pictures.push(readFileSync(png));
    console.log(`${png}: ${(stats.drawn * 100).toFixed(1)}% drawn at ${(duration * fraction).toFixed(3)} s`);
  }
  check(!pictures[0].equals(pictures[1]), `${name}: scrubbing to two times shows the same picture`);
}

export const shownNames = (page, selector, data) =>
  page.locator(selector).evaluateAll((elements, key) => elements.map((e) => (key ? e.dataset[key] : e.textContent)), data);

// |a - b| allowed between a native and a page float, relative to max(1, |a|, |b|), where a test says so: the
// page's C library is emscripten's (musl), whose sin and cos differ from glibc's in the last bit for some
// angles (a Sith joint's rest rotation 0.251193291331549 in the page, 0.2511932913315489 natively), as
// ../shared/research/cross-builds.md notes for the Windows build; tests/windows/compare_with_native.py has the
// same bound.
const FLOAT_TOLERANCE = 1e-6;

function glbChunks(bytes) {
  const chunks = {};
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const size = bytes.readUInt32LE(offset);
    chunks[bytes.toString('latin1', offset + 4, offset + 8)] = bytes.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size;
  }
  return chunks;
}

const near = (a, b) => Math.abs(a - b) <= FLOAT_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));

// Numbers of two JSON values that differ beyond the tolerance, as text; any other difference is one too.
function jsonFar(a, b, where, far) {
  if (typeof a === 'number' && typeof b === 'number') {
    if (!near(a, b)) far.push(`${where}: ${a} vs ${b}`);
  } else if (a && b && typeof a === 'object' && typeof b === 'object' &&
             JSON.stringify(Object.keys(a)) === JSON.stringify(Object.keys(b))) {
    for (const key of Object.keys(a)) jsonFar(a[key], b[key], `${where}.${key}`, far);
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    far.push(`${where}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  }
}

// Two glb files equal but for floats within the tolerance: the differing 4-byte words of the binary chunks read
// as floats, the differing JSON numbers. Returns the count of differing floats and what is beyond the tolerance.
function floatsWithin(ours, theirs) {
  const [a, b] = [glbChunks(ours), glbChunks(theirs)];
  const far = [];
  const [binA, binB] = [a['BIN\0'] || Buffer.alloc(0), b['BIN\0'] || Buffer.alloc(0)];
  if (binA.length !== binB.length) return { differing: -1, far: ['the binary chunks differ in length'] };
  jsonFar(JSON.parse(a.JSON.toString()), JSON.parse(b.JSON.toString()), '$', far);
  let differing = 0;
  for (let offset = 0; offset + 4 <= binA.length; offset += 4) {
    if (binA.readUInt32LE(offset) === binB.readUInt32LE(offset)) continue;
    ++differing;
    const [x, y] = [binA.readFloatLE(offset), binB.readFloatLE(offset)];
    if (!near(x, y)) far.push(`BIN+${offset}: ${x} vs ${y}`);
  }
  return { differing, far };
}

// The page's download (the link `selector`) saved as OUTDIR/NAME.glb, against the native
// `convert ARGS... REFERENCE --force` run in `cwd` (glbsAgree).
export async function compareDownload(page, { tool, outDir }, name, args, { cwd, libmFloats = false, selector = '#download' } = {}) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const saved = join(outDir, `${name}.glb`);
  await download.saveAs(saved);
  const reference = join(outDir, `${name}.native.glb`);
  execFileSync(tool, ['-q', 'convert', ...args, reference, '--force'], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  glbsAgree(name, readFileSync(saved), readFileSync(reference), libmFloats);
  return saved;
}

// The page's glb against the native one: the same bytes, or with `libmFloats`, the same but for floats within
// FLOAT_TOLERANCE.
export function glbsAgree(name, ours, theirs, libmFloats) {
  const differing = ours.length === theirs.length ? ours.filter((byte, i) => byte !== theirs[i]).length : -1;
  if (differing !== 0 && libmFloats) {
    const floats = floatsWithin(ours, theirs);
    check(floats.far.length === 0, `${name}: the page's glb differs from the native one beyond the libm ` +
                                   `tolerance: ${floats.far.slice(0, 5).join('; ')}`);
    console.log(`${name}: page glb ${ours.length} bytes, native ${theirs.length}: ${floats.differing} floats ` +
                `of the binary chunk and some JSON numbers differ, all within ${FLOAT_TOLERANCE} (libm)`);
    return;
  }
  check(differing === 0, `${name}: the page's glb (${ours.length} bytes) differs from the native one ` +
                         `(${theirs.length} bytes${differing > 0 ? `, ${differing} bytes differ` : ''})`);
  console.log(`${name}: page glb ${ours.length} bytes, native ${theirs.length}, ${differing} bytes differ`);
}
