// SPDX-License-Identifier: MIT
// The web page (build-wasm/web, scripts/build-wasm.sh) in Debian's headless Chromium, against the native CLI:
// - ?src= a sample (served with the page from a localhost port): the page's `info` (joints, duration) equals
//   the native `bonebridge info --json`, the preview plays (two screenshots at two times differ), and the
//   downloaded .glb is byte for byte the native `bonebridge convert`'s;
// - a GOB written by the native `bonebridge pack`, dropped on the page, one entry picked: the same checks;
// - a model with its materials given together (companions), the largest sample: the same checks (one picture);
// - that glb given back with .ani picked as the target: the native `convert X.glb back.ani` bytes;
// - the single-file page opened from file:// (offline), a sample picked with the file chooser: the same .glb;
// - CLI options given in the page (an LBA2 animation with its body): the same info and .glb as natively;
// - the characters the dropped files define, listed as the CLI lists them; one picked plays, and its .glb is the
//   native `convert --character`'s.
// Screenshots and downloads stay in OUTDIR.
// Usage: node check_web.mjs WEB_DIR TOOL SAMPLES_DIR OUTDIR
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { pictureStats } from '../runtime/png.mjs';

const [webDir, tool, samplesDir, outDir] = process.argv.slice(2).map((p) => resolve(p));
mkdirSync(outDir, { recursive: true });
const walk = join(samplesDir, 'lego/walk-cycles/CNs001Pe.ani');
if (!existsSync(walk)) {
  console.log(`SKIPPED LOUDLY: ${walk} is absent (../shared/samples missing)`);
  process.exit(0);
}

const problems = [];
const check = (ok, message) => { if (!ok) problems.push(message); };
const native = (...args) => execFileSync(tool, args, { stdio: ['ignore', 'pipe', 'inherit'] }).toString();

// The page at /web/, the samples at /samples/, files this test makes at /made/.
const roots = { web: webDir, samples: samplesDir, made: join(outDir, 'made') };
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
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-gpu'],
});

async function settled(page, name) {
  await page.waitForFunction(() => ['opened', 'error'].includes(document.title), null, { timeout: 180000 });
  const errors = await page.locator('#errors').innerText();
  check(!errors.trim(), `${name}: errors on the page: ${errors}`);
  return !errors.trim();
}

// Joints and duration as the page shows them (from the worker's `info --json`) against the native CLI's.
async function compareInfo(page, name, address) {
  const shown = JSON.parse(await page.locator('#info').getAttribute('data-json'));
  const expected = JSON.parse(native('info', '--json', address));
  for (const key of ['joints', 'duration', 'duration_seconds', 'animations']) {
    if (!(key in expected)) continue;
    check(JSON.stringify(shown[key]) === JSON.stringify(expected[key]),
          `${name}: ${key} is ${JSON.stringify(shown[key])} on the page, ${JSON.stringify(expected[key])} natively`);
  }
  check(JSON.stringify(shown) === JSON.stringify(expected), `${name}: info differs from the native CLI's`);
  return expected;
}

// The preview in the page: the slider set to two times, a screenshot of the player at each.
async function compareTimes(page, name, times) {
  const frame = await (await page.$('#player')).contentFrame();
  await frame.waitForFunction(() => document.title === 'ready', null, { timeout: 60000 });
  const errors = await frame.locator('#errors').innerText();
  check(!errors.trim(), `${name}: errors in the player: ${errors}`);
  const pictures = [];
  for (const [i, t] of times.entries()) {
    await frame.evaluate((time) => {
      const slider = document.getElementById('time');
      slider.value = time;
      slider.dispatchEvent(new Event('input'));
    }, t);
    await page.waitForTimeout(500);
    const png = join(outDir, `${name}_${i}.png`);
    await page.locator('#player').screenshot({ path: png });
    const stats = pictureStats(png, [32, 32, 40], 0.65);
    console.log(`${png}: ${(stats.drawn * 100).toFixed(1)}% drawn at ${t} s`);
    check(stats.drawn > 0.0005, `${name}: the player is blank at ${t} s`);
    pictures.push(readFileSync(png));
  }
  if (times.length > 1) check(!pictures[0].equals(pictures[1]), `${name}: the two times (${times}) show the same picture`);
}

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

// The page's download against the native `convert ADDRESS REFERENCE --force OPTIONS` run in `cwd`: the same
// bytes, or with `libmFloats`, the same but for floats within FLOAT_TOLERANCE.
async function compareDownload(page, name, address, options = [], cwd = undefined, libmFloats = false) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const saved = join(outDir, `${name}.glb`);
  await download.saveAs(saved);
  const reference = join(outDir, `${name}.native.glb`);
  execFileSync(tool, ['-q', 'convert', address, reference, '--force', ...options],
               { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  const [ours, theirs] = [readFileSync(saved), readFileSync(reference)];
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

async function timings(page, name) {
  const timing = await page.locator('#timing').evaluate((element) => ({ ...element.dataset }));
  console.log(`${name}: module load ${timing.loadMs} ms, info + convert ${timing.convertMs} ms`);
}

async function newPage() {
  const page = await browser.newPage({ viewport: { width: 900, height: 900 }, acceptDownloads: true });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return page;
}

// 1. ?src= a sample.
{
  const page = await newPage();
  await page.goto(`${base}/web/index.html?src=${base}/samples/lego/walk-cycles/CNs001Pe.ani`);
  if (await settled(page, 'src')) {
    await compareInfo(page, 'src', walk);
    await compareTimes(page, 'src', [0.1, 0.5]);
    await compareDownload(page, 'src', walk);
    await timings(page, 'src');
  }
  await page.close();
}

// 2. An archive made by the native writer, dropped on the page; one entry picked from the list.
{
  const folder = join(outDir, 'made', 'gob');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const name of ['CNs001Pe.ani', 'CNs001Ma.ani']) cpSync(join(samplesDir, 'lego/walk-cycles', name), join(folder, name));
  const gob = join(outDir, 'made', 'walks.gob');
  native('-q', 'pack', folder, gob, '--force');
  const page = await newPage();
  await page.goto(`${base}/web/index.html`);
  await page.waitForFunction(() => document.title === 'bonebridge', null, { timeout: 120000 });
  const bytes = [...readFileSync(gob)];
  const transfer = await page.evaluateHandle((data) => {
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(new File([new Uint8Array(data)], 'walks.gob'));
    return dataTransfer;
  }, bytes);
  await page.dispatchEvent('#drop', 'drop', { dataTransfer: transfer });
  await page.waitForFunction(() => document.title === 'listed', null, { timeout: 60000 });
  const entry = 'walks.gob:cns001ma.ani';  // the GOB writer keeps names in lower case, as the games do
  await page.click(`button[data-address="${entry}"]`);
  if (await settled(page, 'archive')) {
    await compareInfo(page, 'archive', `${gob}:cns001ma.ani`);
    await compareTimes(page, 'archive', [0.1, 0.5]);
    await compareDownload(page, 'archive', `${gob}:cns001ma.ani`);
  }
  await page.close();
}

// 3. The way back: the glb of case 1 picked with LEGO's .ani as the target gives the bytes of the native
//    `bonebridge convert X.glb back.ani`.
{
  const glb = join(outDir, 'src.glb');
  const page = await newPage();
  await page.goto(`${base}/web/index.html`);
  await page.waitForFunction(() => document.title === 'bonebridge', null, { timeout: 120000 });
  await page.selectOption('#target', '.ani');
  await page.setInputFiles('#files', glb);
  await page.waitForFunction(() => ['listed', 'error'].includes(document.title), null, { timeout: 60000 });
  await page.click('button[data-address="src.glb"]');
  if (await settled(page, 'back')) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const saved = join(outDir, 'back.ani');
    await download.saveAs(saved);
    const reference = join(outDir, 'back.native.ani');
    native('-q', 'convert', glb, reference, '--force');
    check(readFileSync(saved).equals(readFileSync(reference)),
          `back: the page's .ani (${readFileSync(saved).length} bytes) differs from the native one`);
    console.log(`back: page .ani ${readFileSync(saved).length} bytes, native ${readFileSync(reference).length}`);
  }
  await page.close();
}

// 4. Companions among several files: the largest sample the page converts (a Sith model, 366 KB) with its
//    materials, all given by ?src= (the page puts them in one folder, where the CLI finds them beside the
//    model as it does on disk; the native CLI reads them from the samples' mat/ folder).
{
  const sith = 'sith/ijim-sed-mod';
  const model = join(samplesDir, sith, 'sed_dieselgenerator.3do');
  const materials = readdirSync(join(samplesDir, sith, 'mat')).map((name) => `${sith}/mat/${name}`);
  const sources = [`${sith}/sed_dieselgenerator.3do`, ...materials];
  const query = sources.map((source) => `src=${base}/samples/${source}`).join('&');
  const page = await newPage();
  await page.goto(`${base}/web/index.html?${query}&open=sed_dieselgenerator.3do`);
  if (await settled(page, 'companions')) {
    await compareInfo(page, 'companions', model);
    await compareTimes(page, 'companions', [0]);  // a model: one picture (it has no clip to play)
    await compareDownload(page, 'companions', model);
    await timings(page, 'companions');
  }
  await page.close();
}

// 5. The single-file page from file://, offline: a sample picked with the file chooser.
{
  const page = await newPage();
  await page.goto(`file://${webDir}/bonebridge.html`);
  await page.waitForFunction(() => ['bonebridge', 'error'].includes(document.title), null, { timeout: 120000 });
  await page.setInputFiles('#files', walk);
  await page.waitForFunction(() => ['listed', 'error'].includes(document.title), null, { timeout: 60000 });
  await page.click('button[data-address="CNs001Pe.ani"]');
  if (await settled(page, 'file')) {
    await compareDownload(page, 'file', walk);
    await timings(page, 'file');
  }
  await page.close();
}

// 6. CLI options in the options box (?options=): an LBA2 animation with the body it animates, both given by
//    ?src=, the body named as the dropped file's name; the glb equals the native conversion with the same options.
{
  const anm = join(samplesDir, 'lba/Twinsen_Walk.anm');
  const body = join(samplesDir, 'lba/lba2-bodies/My_Twinsen_Tunic_LBA2.lm2');
  const options = '--variant lba2 --body My_Twinsen_Tunic_LBA2.lm2';
  const query = ['lba/Twinsen_Walk.anm', 'lba/lba2-bodies/My_Twinsen_Tunic_LBA2.lm2']
    .map((source) => `src=${base}/samples/${source}`).join('&');
  const page = await newPage();
  await page.goto(`${base}/web/index.html?${query}&open=Twinsen_Walk.anm&options=${encodeURIComponent(options)}`);
  if (await settled(page, 'options')) {
    const shown = JSON.parse(await page.locator('#info').getAttribute('data-json'));
    const expected = JSON.parse(native('info', '--json', anm, '--variant', 'lba2', '--body', body));
    check(JSON.stringify(shown) === JSON.stringify(expected), 'options: info differs from the native CLI\'s');
    await compareTimes(page, 'options', [0.1, 0.5]);
    await compareDownload(page, 'options', anm, ['--variant', 'lba2', '--body', body]);
  }
  await page.close();
}

// 7. Characters: the probe droid's files (model, keys, puppet, materials) given by ?src=; the page lists the
//    character `bonebridge characters` finds among them, and the one picked plays and downloads as the glb of
//    the native `bonebridge convert --character sed_pd . out.glb` run in a folder holding the same files.
{
  const sith = 'sith/ijim-sed-mod';
  const files = ['sed_pd.3do', 'sed_pdgo.key', 'sed_pdhit.key', 'sed_pdstand.key', 'sedpd.pup',
                 ...readdirSync(join(samplesDir, sith, 'mat')).map((name) => `mat/${name}`)];
  const folder = join(outDir, 'made', 'droid');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const file of files) cpSync(join(samplesDir, sith, file), join(folder, file.split('/').pop()));
  const query = files.map((file) => `src=${base}/samples/${sith}/${file}`).join('&');
  const page = await newPage();
  await page.goto(`${base}/web/index.html?${query}`);
  await page.waitForFunction(() => ['listed', 'error'].includes(document.title), null, { timeout: 120000 });
  const listed = JSON.parse(execFileSync(tool, ['characters', '--json', '.'], { cwd: folder }).toString());
  const shownNames = await page.locator('#characters button').evaluateAll((buttons) => buttons.map((b) => b.dataset.character));
  check(JSON.stringify(shownNames) === JSON.stringify(listed.characters.map((c) => c.name)),
        `characters: the page lists ${JSON.stringify(shownNames)}, the CLI ${JSON.stringify(listed.characters.map((c) => c.name))}`);
  await page.click('button[data-character="sed_pd"]');
  if (await settled(page, 'characters')) {
    const shown = JSON.parse(await page.locator('#info').getAttribute('data-json'));
    const { name: _, ...expected } = listed.characters.find((c) => c.name === 'sed_pd');
    check(JSON.stringify(shown) === JSON.stringify(expected), 'characters: the facts shown differ from the CLI\'s');
    await compareTimes(page, 'characters', [0.1, 0.5]);
    await compareDownload(page, 'characters', '.', ['--character', 'sed_pd'], folder, true);
    await timings(page, 'characters');
  }
  await page.close();
}

await browser.close();
server.close();
for (const problem of problems) console.error(`FAILED ${problem}`);
console.log(`web page: ${problems.length ? 'FAILED' : 'passed'}; pictures and downloads in ${outDir}`);
process.exit(problems.length ? 1 : 0);
