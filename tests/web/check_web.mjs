// SPDX-License-Identifier: MIT
// The web page (build-wasm/web, scripts/build-wasm.sh) in Debian's headless Chromium, against the native CLI.
//
// What people see, at 1280x800 and at 390x844 (a phone), for five cases: a LEGO walk cycle on its actor (the
// example WORLD.WDB), the probe droid's folder (a whole folder opened: 11 textures, three puppet animations),
// Twinsen with his LBA2 body, a Volition rig with an animation, a Resonite package. Each: the view at least two
// thirds of the window and above the fold; no "[object Object]" and no raw JSON in the visible text outside
// "details"; the animations listed under the game's names; playing, then scrubbing to two times, shows two
// different pictures; at 1280x800 the downloaded .glb equals the native CLI's.
//
// What the page does, as before: ?src= one sample (info equal to the native `info --json`); a GOB written by the
// native `pack`, dropped, one entry picked; a model with its materials by several ?src= (textured); a glb given
// back with .ani picked (the native .ani's bytes); the single-file page from file://; the characters found and
// one picked. New: a Sith install with two different .mat files of one name (mat/ and 3do/mat/) opened as a
// folder, whose character glb equals the native `convert --character`; every character as one zip; a real
// folder dropped (Chromium's drag of an OS folder); an error in one box with file, place and what to do;
// cancel; the keyboard. Retargeting (issue 36): the example world, a walk cycle and CMU's 01_01.bvh (Debian's
// assimp-testmodels) opened together, pepper picked, "Retarget to this character": the .ani downloaded equals
// the native `convert --retarget`'s byte for byte, the report's numbers and notes are shown, the result plays on
// pepper; a bad role map shows the CLI's error.
// Screenshots and downloads stay in OUTDIR (each named after its case and window size).
// Usage: node check_web.mjs WEB_DIR TOOL SAMPLES_DIR OUTDIR
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DESKTOP, PHONE, check, checkView, checkWords, compareDownload, glbsAgree, launch, newPage, playThenScrub, problems, serve,
  settled, shownNames, waitTitle,
} from './web_support.mjs';

const [webDir, tool, samplesDir, outDir] = process.argv.slice(2).map((p) => resolve(p));
const examplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../examples');
mkdirSync(outDir, { recursive: true });
const walk = join(samplesDir, 'lego/walk-cycles/CNs001Pe.ani');
if (!existsSync(walk)) {
  console.log(`SKIPPED LOUDLY: ${walk} is absent (../shared/samples missing)`);
  process.exit(0);
}

const native = (args, cwd) => execFileSync(tool, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
const made = join(outDir, 'made');
const { server, base } = await serve({ web: webDir, samples: samplesDir, examples: examplesDir, made });
const browser = await launch();
const context = { tool, outDir };
const sizeName = (viewport) => `${viewport.width}x${viewport.height}`;
const sources = (paths) => paths.map((path) => `src=${base}/${path}`).join('&');

// A fresh folder under OUTDIR/made holding `files` ({to: from}).
function makeFolder(name, files) {
  const folder = join(made, name);
  rmSync(folder, { recursive: true, force: true });
  for (const [to, from] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, to)), { recursive: true });
    if (typeof from === 'string' && existsSync(from)) cpSync(from, join(folder, to));
    else writeFileSync(join(folder, to), from);
  }
  return folder;
}

// The page opened at `query` (or a blank page when `open` is a function that opens files itself).
async function opened(viewport, query, name) {
  const page = await newPage(browser, viewport);
  await page.goto(`${base}/web/index.html${query ? `?${query}` : ''}`);
  const ok = await settled(page, name);
  return { page, ok };
}

// What people see: the view, the words, the animations' names, a screenshot, play then scrub.
async function looks(page, name, viewport, animations) {
  await page.waitForTimeout(500);
  const share = await checkView(page, `${name} ${sizeName(viewport)}`, viewport);
  await checkWords(page, `${name} ${sizeName(viewport)}`);
  if (animations) {
    const listed = await shownNames(page, '#clip option');
    check(JSON.stringify(listed) === JSON.stringify(animations),
          `${name}: the animations are ${JSON.stringify(listed)}, not the game's ${JSON.stringify(animations)}`);
  }
  await page.screenshot({ path: join(outDir, `${name}_${sizeName(viewport)}.png`) });
  await page.screenshot({ path: join(outDir, `${name}_${sizeName(viewport)}_whole.png`), fullPage: true });
  if (animations && animations.length) await playThenScrub(page, `${name}_${sizeName(viewport)}`, outDir);
  console.log(`${name} ${sizeName(viewport)}: the view covers ${(share * 100).toFixed(1)}% of the window`);
}

// 1. The five cases people compare, at both sizes.
const legoFolder = makeFolder('lego', { 'WORLD.WDB': join(examplesDir, 'lego_world/WORLD.WDB'), 'CNs001Pe.ani': walk });
const droid = join(samplesDir, 'sith/ijim-sed-mod');
const cases = [
  {
    name: 'lego', query: sources(['made/lego/WORLD.WDB', 'made/lego/CNs001Pe.ani']), animations: ['CNs001Pe'],
    native: { args: ['--character', 'pepper', '.'], cwd: legoFolder },
  },
  {
    name: 'droid', folder: droid, pick: 'sed_pd', animations: ['mode 0 / walk', 'mode 0 / death', 'mode 7 / stand'],
    native: { args: ['--character', 'sed_pd', '.'], cwd: droid, libmFloats: true }, textures: 11,
  },
  {
    name: 'twinsen', animations: ['Twinsen_Walk'],
    query: `${sources(['samples/lba/Twinsen_Walk.anm', 'samples/lba/lba2-bodies/My_Twinsen_Tunic_LBA2.lm2'])}` +
           `&open=Twinsen_Walk.anm&options=${encodeURIComponent('--variant lba2 --body lba2-bodies/My_Twinsen_Tunic_LBA2.lm2')}`,
    native: { args: ['Twinsen_Walk.anm', '--variant', 'lba2', '--body', 'lba2-bodies/My_Twinsen_Tunic_LBA2.lm2'],
              cwd: join(samplesDir, 'lba') },
  },
  {
    name: 'volition', animations: ['wave'],
    // No options: the one rig among the files is the animation's (the page adds --rig, and says so).
    query: `${sources(['examples/volition/wave.anim_pc', 'examples/volition/wave_character.rig_pc'])}&open=wave.anim_pc`,
    native: { args: ['wave.anim_pc', '--rig', 'wave_character.rig_pc'], cwd: join(examplesDir, 'volition') },
  },
  {
    name: 'resonite', query: sources(['samples/animx/packages/AvatarRootIdentification.resonitepackage']), animations: [],
    native: { args: ['--character', 'Avatar Root Identification', '.'], cwd: join(samplesDir, 'animx/packages') },
  },
];

async function openCase(item, viewport) {
  if (!item.folder) return opened(viewport, item.query, item.name);
  const page = await newPage(browser, viewport);
  await page.goto(`${base}/web/index.html`);
  await waitTitle(page, ['bonebridge']);
  await page.setInputFiles('#folder', item.folder);  // a whole folder, as the folder picker gives it
  await waitTitle(page, ['opened', 'error']);
  await page.click(`button[data-character="${item.pick}"]`);
  return { page, ok: await settled(page, item.name) };
}

async function looksCheck() {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const item of cases) {
      const { page, ok } = await openCase(item, viewport);
      if (ok) {
        await looks(page, item.name, viewport, item.animations);
        if (item.textures) {
          const textures = await page.evaluate(() => countTextures(viewer.model));
          check(textures === item.textures, `${item.name}: ${textures} textures shown, not ${item.textures}`);
        }
        if (viewport === DESKTOP) {
          await compareDownload(page, context, item.name, item.native.args,
                                { cwd: item.native.cwd, libmFloats: item.native.libmFloats });
        }
      }
      await page.close();
    }
  }
}

// 2. ?src= one sample, named by open= (alone, a walk cycle is a character: LEGO's table names it pepper's):
//    the summary's facts are the native `info --json`'s.
async function srcCheck() {
  const { page, ok } = await opened(DESKTOP, `src=${base}/samples/lego/walk-cycles/CNs001Pe.ani&open=CNs001Pe.ani`, 'src');
  if (ok) {
    const shown = JSON.parse(await page.locator('#info').getAttribute('data-json'));
    check(JSON.stringify(shown) === JSON.stringify(JSON.parse(native(['info', '--json', walk]))),
          'src: info differs from the native CLI\'s');
    const summary = await page.locator('#info').innerText();
    check(/2\.000 s \(2000 ms\)/.test(summary), `src: the duration does not read 2.000 s (2000 ms): ${summary}`);
    check(/24 rotation, 27 translation/.test(summary), `src: the keys do not read 24 rotation, 27 translation`);
    // The keyboard: space pauses, the right arrow steps one LEGO tick (1 ms).
    await page.keyboard.press(' ');
    const paused = Number(await page.locator('#time').inputValue());
    await page.keyboard.press('ArrowRight');
    const stepped = Number(await page.locator('#time').inputValue());
    check(Math.abs(stepped - (Math.round(paused * 1000) + 1) / 1000) < 1e-9,
          `src: the right arrow moved from ${paused} s to ${stepped} s, not one millisecond`);
    // The joint under the pointer is named: the joint that stands farthest from the others on screen.
    const alone = await page.evaluate(() => {
      const rect = viewer.renderer.domElement.getBoundingClientRect();
      const at = viewer.joints.map((joint) => {
        const p = joint.getWorldPosition(new THREE.Vector3()).project(viewer.camera);
        return { name: joint.name, x: rect.left + (p.x + 1) / 2 * rect.width, y: rect.top + (1 - p.y) / 2 * rect.height };
      });
      const room = (a) => Math.min(...at.filter((b) => b !== a).map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
      return at.reduce((best, a) => (room(a) > room(best) ? a : best));
    });
    await page.mouse.move(alone.x, alone.y);
    const hovered = await page.locator('#joint').innerText();
    check(hovered === alone.name, `src: the pointer on the joint ${alone.name} names "${hovered}"`);
    // "details": the whole `info` JSON, as the CLI prints it.
    await page.click('#details summary');
    const details = JSON.parse(await page.locator('#details-json').innerText());
    check(JSON.stringify(details) === JSON.stringify(JSON.parse(native(['info', '--json', walk]))),
          'src: the JSON under details differs from the native info --json');
    await page.click('#details summary');
    await compareDownload(page, context, 'src', [walk]);
    const timing = await page.locator('#timing').evaluate((element) => ({ ...element.dataset }));
    console.log(`src: module load ${timing.loadMs} ms, info + convert ${timing.convertMs} ms`);
  }
  await page.close();
}

// 3. An archive made by the native writer, dropped on the page (anywhere: here on the view); an entry picked.
async function archiveCheck() {
  const folder = makeFolder('gob', Object.fromEntries(['CNs001Pe.ani', 'CNs001Ma.ani'].map((n) => [n, join(samplesDir, 'lego/walk-cycles', n)])));
  const gob = join(made, 'walks.gob');
  native(['-q', 'pack', folder, gob, '--force']);
  const page = await newPage(browser);
  await page.goto(`${base}/web/index.html`);
  await waitTitle(page, ['bonebridge']);
  const transfer = await page.evaluateHandle((data) => {
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(new File([new Uint8Array(data)], 'walks.gob'));
    return dataTransfer;
  }, [...readFileSync(gob)]);
  await page.dispatchEvent('#view', 'drop', { dataTransfer: transfer });
  await waitTitle(page, ['opened', 'error']);
  const entries = await shownNames(page, '#tree button', 'address');
  check(JSON.stringify(entries) === JSON.stringify(['walks.gob', 'walks.gob:cns001ma.ani', 'walks.gob:cns001pe.ani']),
        `archive: the tree shows ${JSON.stringify(entries)}`);
  await page.click('button[data-address="walks.gob:cns001ma.ani"]');  // the GOB writer keeps names in lower case
  if (await settled(page, 'archive')) {
    await playThenScrub(page, 'archive', outDir);
    await compareDownload(page, context, 'archive', [`${gob}:cns001ma.ani`]);
  }
  await page.close();
}

// 4. The way back: the glb of case 2 opened, LEGO's .ani picked: the bytes of the native `convert X.glb back.ani`.
async function backCheck() {
  const glb = join(outDir, 'src.glb');
  const page = await newPage(browser);
  await page.goto(`${base}/web/index.html`);
  await waitTitle(page, ['bonebridge']);
  await page.setInputFiles('#files', glb);
  if (await settled(page, 'back')) {
    await page.selectOption('#target', '.ani');
    await page.click('#back');
    await settled(page, 'back');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-back')]);
    const saved = join(outDir, 'back.ani');
    await download.saveAs(saved);
    const reference = join(outDir, 'back.native.ani');
    native(['-q', 'convert', glb, reference, '--force']);
    check(readFileSync(saved).equals(readFileSync(reference)),
          `back: the page's .ani (${readFileSync(saved).length} bytes) differs from the native one`);
    console.log(`back: page .ani ${readFileSync(saved).length} bytes, native ${readFileSync(reference).length}`);
  }
  await page.close();
}

// 5. A model with its materials from a link (several src=, the materials under mat/ as in the samples, the model
//    put in 3do/ by path=): it shows textured, with textures off it shows otherwise, and its glb is the native
//    one.
async function linkCheck() {
  const sith = 'sith/ijim-sed-mod';
  const materials = readdirSync(join(droid, 'mat')).map((name) => `samples/${sith}/mat/${name}`);
  const query = `${sources([`samples/${sith}/sed_pd.3do`])}&path=3do/sed_pd.3do&${sources(materials)}&open=3do/sed_pd.3do`;
  const { page, ok } = await opened(DESKTOP, query, 'link');
  if (ok) {
    const tree = await shownNames(page, '#tree button', 'address');
    check(tree.includes('3do/sed_pd.3do') && tree.includes('mat/sed_pbtop.mat'),
          `link: the files are not where the link puts them: ${JSON.stringify(tree)}`);
    const textures = await page.evaluate(() => countTextures(viewer.model));
    check(textures === 11, `link: ${textures} textures shown, not the 11 of sed_pd.3do`);
    const textured = join(outDir, 'link_textured_1280x800.png'), plain = join(outDir, 'link_untextured_1280x800.png');
    await page.locator('#view canvas').screenshot({ path: textured });
    await page.click('#textured');
    await page.waitForTimeout(300);
    await page.locator('#view canvas').screenshot({ path: plain });
    check(!readFileSync(textured).equals(readFileSync(plain)), 'link: textures off shows the same picture');
    await compareDownload(page, context, 'link', [join(droid, 'sed_pd.3do')], { libmFloats: true });
  }
  await page.close();
}

// 6. The single-file page from file://, offline: a walk cycle picked with the file chooser shows the
//    character it is a walk of (pepper, without a body), as `convert --character` writes it.
async function fileCheck() {
  const folder = makeFolder('walk', { 'CNs001Pe.ani': walk });
  const page = await newPage(browser);
  await page.goto(`file://${webDir}/bonebridge.html`);
  await waitTitle(page, ['bonebridge', 'error'], 120000);
  await page.setInputFiles('#files', walk);
  if (await settled(page, 'file')) await compareDownload(page, context, 'file', ['--character', 'pepper', '.'], { cwd: folder });
  await page.close();
}

// 7. A Sith install with two different .mat files of one name (mat/sed_pbbody.mat, 3do/mat/sed_pbbody.mat),
//    opened as a folder: both kept, and the character's glb is the native `convert --character`'s (as
//    tests/cli/characters_sith_test.cpp's TheGlbHoldsTheTexturesTheListingNames builds the install).
async function installCheck() {
  const template = '# hand-written for the test\nSECTION: TEMPLATES\nWorld templates 4\n' +
    '_creature   none        type=actor move=physics # a base\n' +
    'probe_droid _creature   model3d=sed_pd.3do puppet=sedpd.pup soundclass=sedpd.snd size=0.1\nend\n';
  const files = { '3do/sed_pd.3do': join(droid, 'sed_pd.3do'), 'misc/pup/sedpd.pup': join(droid, 'sedpd.pup'),
                  'ndy/probe.ndy': template, '3do/mat/sed_pbbody.mat': join(droid, 'mat/sed_pbeye.mat') };
  for (const key of ['sed_pdgo', 'sed_pdhit', 'sed_pdstand']) files[`3do/key/${key}.key`] = join(droid, `${key}.key`);
  for (const name of readdirSync(join(droid, 'mat'))) files[`mat/${name}`] = join(droid, 'mat', name);
  const install = makeFolder('install', files);
  const page = await newPage(browser);
  await page.goto(`${base}/web/index.html`);
  await waitTitle(page, ['bonebridge']);
  await page.setInputFiles('#folder', install);
  if (await settled(page, 'install')) {
    const tree = await shownNames(page, '#tree button', 'address');
    check(tree.includes('mat/sed_pbbody.mat') && tree.includes('3do/mat/sed_pbbody.mat'),
          `install: both sed_pbbody.mat are not in the tree: ${JSON.stringify(tree)}`);
    const characters = await shownNames(page, '#characters button[data-character]:not([data-animation])', 'character');
    check(characters[0] === 'probe_droid', `install: the first character is ${characters[0]}, not probe_droid`);
    await page.screenshot({ path: join(outDir, 'install_1280x800.png') });
    await compareDownload(page, context, 'install', ['--character', 'probe_droid', '.'], { cwd: install, libmFloats: true });
  }
  await page.close();
}

// 8. Every character as one zip (the droid's folder: each glb in it is the native `convert --character`'s); a
//    cancelled run leaves a page that still converts.
async function zipCheck() {
  const page = await newPage(browser);
  await page.goto(`${base}/web/index.html`);
  await waitTitle(page, ['bonebridge']);
  await page.setInputFiles('#folder', droid);
  if (await settled(page, 'zip')) {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 300000 }), page.click('#zip')]);
    const saved = join(outDir, 'characters.zip');
    await download.saveAs(saved);
    // Python's zipfile reads it and checks every entry's CRC-32 (an implementation that is not the page's).
    const listed = execFileSync('python3', ['-c', 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); ' +
      'bad = z.testzip(); print("BAD " + bad if bad else "\\n".join(z.namelist()))', saved]).toString().trim().split('\n');
    const expected = JSON.parse(native(['characters', '--json', '.'], droid)).characters.map((c) => `${c.name}.glb`);
    check(JSON.stringify(listed) === JSON.stringify(expected), `zip: holds ${JSON.stringify(listed)}, not ${JSON.stringify(expected)}`);
    const unzipped = join(outDir, 'characters');
    rmSync(unzipped, { recursive: true, force: true });
    execFileSync('python3', ['-c', 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', saved, unzipped]);
    for (const entry of listed.filter((name) => !name.startsWith('BAD'))) {
      const reference = join(outDir, `zip-${entry}`);
      native(['-q', 'convert', '--character', entry.replace(/\.glb$/, ''), '.', reference, '--force'], droid);
      glbsAgree(`zip: ${entry}`, readFileSync(join(unzipped, entry)), readFileSync(reference), true);
    }
    console.log(`zip: ${listed.length} glbs, CRCs checked by Python's zipfile`);
  }
  await page.close();
}
async function cancelCheck() {
  // Cancel: the zip of LEGO Island's 66 actors stopped at once; then a character still opens.
  const { page, ok } = await opened(DESKTOP, sources(['made/lego/WORLD.WDB', 'made/lego/CNs001Pe.ani']), 'cancel');
  if (ok) {
    await page.click('#zip');
    await page.click('#cancel');
    await waitTitle(page, ['cancelled'], 60000);
    check(await page.locator('#download-zip').isHidden(), 'cancel: a zip was offered all the same');
    await page.click('#tree button[data-address="CNs001Pe.ani"]');
    await settled(page, 'cancel');
  }
  await page.close();
}

// 8b. A real folder dropped on the page: Chromium's own drag of an OS folder (DevTools' Input.dispatchDragEvent
//     with the folder's path; a script's DataTransfer holds files only), read through webkitGetAsEntry at every
//     depth: the same characters as the native `characters --json .`, and the droid's glb the native one.
async function dropCheck() {
  const page = await newPage(browser);
  await page.goto(`${base}/web/index.html`);
  await waitTitle(page, ['bonebridge']);
  const devtools = await page.context().newCDPSession(page);
  const data = { items: [], files: [droid], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop']) {
    await devtools.send('Input.dispatchDragEvent', { type, x: 400, y: 300, data });
  }
  if (await settled(page, 'drop')) {
    const characters = await shownNames(page, '#characters button[data-character]:not([data-animation])', 'character');
    const expected = JSON.parse(native(['characters', '--json', '.'], droid)).characters.map((c) => c.name);
    check(JSON.stringify(characters) === JSON.stringify(expected),
          `drop: characters ${JSON.stringify(characters)}, not the native ${JSON.stringify(expected)}`);
    await page.click('button[data-character="sed_pd"]:not([data-animation])');
    if (await settled(page, 'drop')) {
      await compareDownload(page, context, 'drop', ['--character', 'sed_pd', '.'], { cwd: droid, libmFloats: true });
    }
  }
  await page.close();
}

// 9. An error for people: a damaged archive named with its place in the file and what to do, in one box.
async function errorCheck() {
  const page = await newPage(browser);
  await page.goto(`${base}/web/index.html?src=${base}/samples/lba/INVALID.HQR`);
  await waitTitle(page, ['error', 'opened']);
  const box = await page.locator('#errors').innerText();
  check(/INVALID\.HQR/.test(box), `error: the box does not name the file: ${box}`);
  check(/byte 16 \(0x10\)/.test(box), `error: the box does not say where (byte 16): ${box}`);
  check(/what to do/.test(box), `error: the box does not say what to do: ${box}`);
  await checkWords(page, 'error');
  await page.screenshot({ path: join(outDir, 'error_1280x800.png') });
  await page.close();
}

// 10. Retargeting (issue 36): a motion on another skeleton opened with the game's files, a character picked,
//     "Retarget to this character": the game's file offered equals the native CLI's, byte for byte; the report
//     in the summary (its JSON the CLI's) and in the notes; the result played on the character; errors in the
//     CLI's words.
const CMU_CLIP = '/usr/share/assimp/models/BVH/01_01.bvh';

// Where two JSON values first differ ("roles[3].degrees: 1.5 against 1.6"), or '' when they are equal; numbers
// within 1e-9 of each other (relative) are equal: the report's engine measure samples with emscripten's sin and
// cos (musl), which differ from glibc's in the last bits (engine.max 0.002867652857926711 in the page,
// 0.0028676528579267176 natively), while the written file is the same byte for byte.
function firstDifference(a, b, path = '') {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)) ? '' : `${path}: ${a} against ${b}`;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`);
      if (found) return found;
    }
    return '';
  }
  return a === b ? '' : `${path}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`;
}
// A motion opened after the game (the game's folder first, then the BVH alone) joins it: shown, with the game's
// characters offered to retarget it onto, the game's files still listed.
async function retargetJoinCheck() {
  const folder = makeFolder('retarget-join', { 'WORLD.WDB': join(examplesDir, 'lego_world/WORLD.WDB'), 'CNs001Pe.ani': walk });
  const page = await newPage(browser, DESKTOP);
  await page.goto(`${base}/web/index.html`);
  await waitTitle(page, ['bonebridge']);
  await page.setInputFiles('#folder', folder);
  if (!(await settled(page, 'retarget (the game first)'))) return page.close();
  await page.evaluate(() => { document.title = 'waiting'; });  // so that the first open's 'opened' does not count
  await page.setInputFiles('#files', CMU_CLIP);
  if (!(await settled(page, 'retarget (then the motion)'))) return page.close();
  check(!(await page.locator('#retarget-form').isHidden()), 'retarget: no "Retarget" form on a motion opened after the game');
  check(!(await page.locator('#retarget-onto').isHidden()), 'retarget: no character picker on a motion opened after the game');
  const characters = await shownNames(page, '#retarget-character option');
  check(characters.some((name) => name.startsWith('pepper')), `retarget: the characters offered after the game are ${JSON.stringify(characters)}`);
  const listed = await shownNames(page, '#tree button', 'address');
  check(listed.some((name) => name.includes('CNs001Pe.ani')), `retarget: the game's files are gone once the motion joined: ${JSON.stringify(listed)}`);
  await page.close();
}
async function retargetCheck() {
  if (!existsSync(CMU_CLIP)) {
    console.log(`SKIPPED LOUDLY: ${CMU_CLIP} is absent (apt install assimp-testmodels): retargeting not checked`);
    return;
  }
  await retargetJoinCheck();
  const folder = makeFolder('retarget', { 'WORLD.WDB': join(examplesDir, 'lego_world/WORLD.WDB'), 'CNs001Pe.ani': walk,
                                          '01_01.bvh': CMU_CLIP });
  const page = await newPage(browser, DESKTOP);
  const files = ['WORLD.WDB', 'CNs001Pe.ani', '01_01.bvh'].map((name) => `made/retarget/${name}`);
  await page.goto(`${base}/web/index.html?${sources(files)}&character=pepper`);
  if (!(await settled(page, 'retarget'))) return page.close();
  check(!(await page.locator('#retarget-form').isHidden()), 'retarget: no "Retarget" form on pepper');
  const motions = await shownNames(page, '#motion option');
  check(JSON.stringify(motions) === '["01_01.bvh"]', `retarget: the motions offered are ${JSON.stringify(motions)}`);
  await page.check('#foot-lock');
  const started = Date.now();
  await page.click('#retarget');
  await waitTitle(page, ['converting']);
  await waitTitle(page, ['opened', 'error'], 600000);
  const errors = await page.locator('#errors').innerText();
  check(!errors.trim(), `retarget: errors on the page: ${errors}`);
  if (errors.trim()) return page.close();
  console.log(`retarget: 01_01.bvh onto pepper in the page in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-retarget')]);
  check(download.suggestedFilename() === 'pepper_01_01.ani', `retarget: the download is ${download.suggestedFilename()}`);
  const saved = join(outDir, 'retarget_pepper_01_01.ani');
  await download.saveAs(saved);
  const reference = join(outDir, 'retarget_pepper_01_01.native.ani');
  const printed = JSON.parse(native(['-q', 'convert', '--json', '01_01.bvh', reference, '--force', '--retarget',
                                     '--character', 'pepper', '--world', './WORLD.WDB', '--foot-lock'], folder));
  const ours = readFileSync(saved), theirs = readFileSync(reference);
  const differing = ours.length === theirs.length ? ours.filter((byte, i) => byte !== theirs[i]).length : -1;
  check(differing === 0, `retarget: the page's .ani (${ours.length} bytes) differs from the native one ` +
                         `(${theirs.length} bytes${differing > 0 ? `, ${differing} bytes differ` : ''})`);
  console.log(`retarget: page .ani ${ours.length} bytes, native ${theirs.length}, ${differing} bytes differ`);
  const shown = JSON.parse(await page.locator('#info').getAttribute('data-json'));
  // A role whose largest error is zero up to rounding (a hand that follows its arm: 2e-6 degrees) has its
  // "at" wherever the rounding noise peaks, which the two C libraries place differently: not compared.
  const settledRoles = (report) => ({ ...report, roles: report.roles.map((role) => (role.degrees < 1e-3 ? { ...role, at_seconds: null } : role)) });
  const differs = firstDifference(settledRoles(shown), settledRoles(printed.retarget));
  check(!differs, `retarget: the summary's report is not the CLI's: the page's ${differs}`);
  const summary = await page.locator('#info').innerText();
  check(summary.includes(`hip ratio\t${printed.retarget.hips.ratio.toPrecision(4)}`) ||
        summary.includes(printed.retarget.hips.ratio.toPrecision(4)), `retarget: no hip ratio in the summary: ${summary}`);
  const notes = await page.locator('#notes').innerText();
  for (const wanted of ['Retargeting report', 'leftUpperLeg: largest direction error', 'hip heights', 'foot sliding',
                        'in the game\'s engine against the retargeted clip']) {
    check(notes.includes(wanted), `retarget: the notes lack "${wanted}"`);
  }
  const clips = await shownNames(page, '#clip option');
  check(JSON.stringify(clips) === '["pepper_01_01"]', `retarget: the clip shown is ${JSON.stringify(clips)}`);
  await checkWords(page, 'retarget');
  await page.evaluate(() => { document.getElementById('panel').scrollTop = 0; });  // the summary, as it opens
  await page.screenshot({ path: join(outDir, 'retarget_1280x800.png') });
  // At 0.05 and 0.3 of the clip pepper faces the camera: the example world's parts are one-sided, and CMU's walker
  // turns back at half-time (from behind, only the skeleton shows).
  await playThenScrub(page, 'retarget_1280x800', outDir, [0.05, 0.3]);
  // From the motion's side: 01_01.bvh opened (shown as the CLI reads it), pepper picked in the form.
  await page.click('button[data-address="01_01.bvh"]');
  if (await settled(page, 'retarget (the motion)')) {
    check(!(await page.locator('#retarget-onto').isHidden()), 'retarget: no character picker on the motion');
    const pepper = await page.locator('#retarget-character option', { hasText: 'pepper (LEGO Island)' }).getAttribute('value');
    await page.selectOption('#retarget-character', pepper);
    await page.click('#retarget');
    await waitTitle(page, ['converting']);
    if (await settled(page, 'retarget (from the motion)')) {
      const written = await page.locator('#download-retarget').getAttribute('download');
      check(written === 'pepper_01_01.ani', `retarget: from the motion, the download is ${written}`);
    }
  }
  // A role map that is not there: the error box has the CLI's message and names the file.
  await page.fill('#options', '--source-map no_such_map.json');
  await page.click('#retarget');
  await waitTitle(page, ['converting']);
  await waitTitle(page, ['opened', 'error'], 600000);
  const box = await page.locator('#errors').innerText();
  let cli = '';
  try {
    execFileSync(tool, ['convert', '01_01.bvh', join(outDir, 'never.ani'), '--retarget', '--character', 'pepper',
                        '--world', './WORLD.WDB', '--source-map', 'no_such_map.json'], { cwd: folder, stdio: 'pipe' });
  } catch (error) {
    cli = String(error.stderr || '');
  }
  check(/no_such_map\.json/.test(box), `retarget: the error box does not name the map: ${box}`);
  const boxTop = await page.locator('#errors').evaluate((element) => element.getBoundingClientRect().top);
  check(boxTop >= 0 && boxTop < 800, `retarget: the error box is out of sight (at ${boxTop} px)`);
  const message = cli.split(': ').pop().trim();
  check(message && box.toLowerCase().includes(message.toLowerCase()), `retarget: the error box ${JSON.stringify(box)} ` +
                                                                      `is not in the CLI's words ${JSON.stringify(cli)}`);
  await page.screenshot({ path: join(outDir, 'retarget_error_1280x800.png') });
  await page.close();
}

// BONEBRIDGE_WEB_ONLY=REGEX runs only the checks whose names match (looks, src, archive, back, link, file,
// install, zip, drop, cancel, error, retarget): for work on the page, not for CI.
const only = new RegExp(process.env.BONEBRIDGE_WEB_ONLY || '.');
for (const run of [looksCheck, srcCheck, archiveCheck, backCheck, linkCheck, fileCheck, installCheck, zipCheck,
                   dropCheck, cancelCheck, errorCheck, retargetCheck]) {
  const name = run.name.replace(/Check$/, '');
  if (!only.test(name)) continue;
  try {
    await run();
  } catch (error) {  // a check that cannot go on (a timeout) fails alone
    problems.push(`${name}: ${error.message.split('\n')[0]}`);
  }
}
await browser.close();
server.close();
for (const problem of problems) console.error(`FAILED ${problem}`);
console.log(`web page: ${problems.length ? 'FAILED' : 'passed'}; pictures and downloads in ${outDir}`);
process.exit(problems.length ? 1 : 0);
