// SPDX-License-Identifier: MIT
// Issue 12, jumps: a player at 60 Hz (three.js here) must never show a pose the game never shows. LEGO Island's
// clock counts whole milliseconds, so at a real time t the game shows its pose at floor(t) ms; a 60 Hz frame falls a
// third or two thirds of a millisecond past a whole one. Where a joint moves more in one millisecond than any
// smooth motion does (a jump: a hold flag 0x04 ends, the first key begins), a frame inside that millisecond must
// show the earlier millisecond's pose, not a blend of the two; elsewhere it must lie on the straight line between
// the two milliseconds. The engine's poses come from `bonebridge sample --ticks` (every millisecond); the change of
// frame between the game and three.js is fitted (fit.mjs), not taken from bonebridge.
// Usage: node check_jumps.mjs TOOL SOURCE_DIR
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { fitFrame } from './fit.mjs';

globalThis.ProgressEvent ??= class ProgressEvent extends Event {};

const [tool, sourceDir] = process.argv.slice(2);
// held_arm: holds (0x04) that end at 434 and 717 ms and a first key at 267 ms, each a third of a millisecond
// after a 60 Hz frame (266.7, 433.3, 716.7 ms).
const input = join(sourceDir, 'examples', 'lego', 'held_arm.ani');
const glb = join(mkdtempSync(join(tmpdir(), 'bonebridge-jumps-')), 'held_arm.glb');
execFileSync(tool, ['convert', input, glb], { stdio: ['ignore', 'ignore', 'inherit'] });
const engine = JSON.parse(execFileSync(tool, ['sample', input, '--ticks', '--json'], { maxBuffer: 1 << 30 }));
const bytes = readFileSync(glb);
const gltf = await new Promise((resolve, reject) =>
  new GLTFLoader().parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), '', resolve, reject));

const objectOfNode = new Map();
gltf.scene.traverse((object) => {
  const association = gltf.parser.associations.get(object);
  if (association?.nodes !== undefined && !object.isSkinnedMesh) objectOfNode.set(association.nodes, object);
});
const mixer = new THREE.AnimationMixer(gltf.scene);
const action = mixer.clipAction(gltf.animations[0]);
action.setLoop(THREE.LoopOnce);
action.clampWhenFinished = true;
const joints = engine.gltf_node_of_joint.map((node, index) => ({ index, object: objectOfNode.get(node) })).filter((j) => j.object);
const position = new THREE.Vector3();
function threeAt(seconds) {
  action.reset().play();
  mixer.setTime(seconds);
  gltf.scene.updateMatrixWorld(true);
  return joints.map((j) => j.object.getWorldPosition(position).toArray());
}
const engineAt = (pose) => joints.map((j) => pose.joints[j.index].model.slice(12, 15));

// The change of frame, fitted on every whole millisecond.
const enginePoints = [];
const threePoints = [];
for (const pose of engine.poses) {
  enginePoints.push(...engineAt(pose));
  threePoints.push(...threeAt(pose.time));
}
const frame = fitFrame(enginePoints, threePoints);
const toGame = (p, from) => Math.hypot(...frame.apply(from).map((v, k) => (v - p[k]) / frame.scale));
const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const low = [0, 1, 2].map((k) => Math.min(...enginePoints.map((p) => p[k])));
const high = [0, 1, 2].map((k) => Math.max(...enginePoints.map((p) => p[k])));
const extent = distance(low, high);
const jump = 1e-2 * extent;  // no smooth motion of this clip moves a joint a hundredth of the skeleton in 1 ms
const tolerance = 1e-4 * extent;

// The most any joint moves in one millisecond of smooth motion: what a frame inside a jump may differ from the
// earlier millisecond's pose by.
const byTime = new Map(engine.poses.map((pose) => [Math.round(pose.time * 1000), engineAt(pose)]));
let smoothStep = 0;
for (const [ms, points] of byTime) {
  const next = byTime.get(ms + 1);
  if (next) points.forEach((p, i) => { const s = distance(p, next[i]); if (s <= jump) smoothStep = Math.max(smoothStep, s); });
}

const lastMs = Math.max(...byTime.keys());
let frames = 0;
let atJumps = 0;
let worstSmooth = 0;
let worstAtJump = 0;
for (let k = 0; k * 1000 / 60 < lastMs; k++) {
  const ms = k * 1000 / 60;
  const before = byTime.get(Math.floor(ms));
  const after = byTime.get(Math.floor(ms) + 1);
  if (!before || !after) continue;
  const fraction = ms - Math.floor(ms);
  const shown = threeAt(k / 60);
  frames++;
  shown.forEach((p, i) => {
    if (distance(before[i], after[i]) > jump && fraction > 0) {
      atJumps++;
      worstAtJump = Math.max(worstAtJump, toGame(p, before[i]));
    } else {
      const line = [0, 1, 2].map((c) => before[i][c] + fraction * (after[i][c] - before[i][c]));
      worstSmooth = Math.max(worstSmooth, toGame(p, line));
    }
  });
}
const result = { file: 'lego/held_arm.ani', runtime: `three.js ${THREE.REVISION}`, frames, joint_frames_inside_jumps: atJumps,
  worst_inside_jump: worstAtJump, allowed_inside_jump: smoothStep + tolerance, worst_elsewhere: worstSmooth, allowed_elsewhere: tolerance, extent };
console.log(JSON.stringify(result));
if (atJumps === 0) {
  console.error('no 60 Hz frame fell inside a jump: the check proves nothing');
  process.exit(1);
}
if (!(worstAtJump <= smoothStep + tolerance && worstSmooth <= tolerance)) {
  console.error('three.js at 60 Hz shows a pose the game never shows');
  process.exit(1);
}
console.log('jumps: 1 passed, 0 failed');
