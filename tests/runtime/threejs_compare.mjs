// SPDX-License-Identifier: MIT
// Plays a .glb in three.js (GLTFLoader + AnimationMixer, as a web page would) and compares every joint's
// world position with the game engine's poses from `bonebridge sample FILE --step S`. The two frames differ by
// one fixed change of axes, handedness and units; it is fitted (fit.mjs) rather than taken from bonebridge, so
// that the check does not trust the code under test. With ANIMATION, the glb's animation of that name is played
// (a glb of several animations is checked one animation at a time, each against the poses of its own input);
// without it, the first.
// Usage: node threejs_compare.mjs FILE.glb POSES.json MAX_RELATIVE_ERROR [MAX_ERROR_IN_GAME_UNITS [ANIMATION]]
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { fitFrame } from './fit.mjs';
import { decodePng } from './png.mjs';

globalThis.ProgressEvent ??= class ProgressEvent extends Event {};

// Node has no DOM to decode images with: a GLTFLoader plugin decodes embedded PNG textures itself (png.mjs) into
// DataTextures, so that a textured file loads as in a browser and its textures can be counted.
class EmbeddedPngTextures {
  constructor(parser) {
    this.parser = parser;
    this.name = 'bonebridge_embedded_png';
  }
  async loadTexture(index) {
    const { json } = this.parser;
    const image = json.images[json.textures[index].source];
    if (image.bufferView === undefined || image.mimeType !== 'image/png') return null;
    const view = await this.parser.getDependency('bufferView', image.bufferView);
    const { width, height, channels, pixels } = decodePng(Buffer.from(view));
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let k = 0; k < 4; k++) rgba[i * 4 + k] = k < channels ? pixels[i * channels + k] : 255;
    }
    const texture = new THREE.DataTexture(rgba, width, height, THREE.RGBAFormat);
    texture.needsUpdate = true;
    return texture;
  }
}

const [glbPath, posesPath, maxRelativeText, maxUnitsText, animationName] = process.argv.slice(2);
const maxRelative = Number(maxRelativeText);
// An integer engine (LBA) is off by its own rounding whatever the extent: an absolute bound in game units.
const maxUnits = Number(maxUnitsText ?? 0);
const engine = JSON.parse(readFileSync(posesPath, 'utf8'));
const bytes = readFileSync(glbPath);
const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

const loader = new GLTFLoader().register((parser) => new EmbeddedPngTextures(parser));
const gltf = await new Promise((resolve, reject) => loader.parse(arrayBuffer, '', resolve, reject));
// Every image of the file must reach a material's map, decoded.
const images = new Set();
gltf.scene.traverse((object) => {
  for (const material of [object.material ?? []].flat()) if (material.map?.image?.width > 0) images.add(material.map.image);
});
const imagesInFile = gltf.parser.json.images?.length ?? 0;
if (images.size !== imagesInFile) {
  console.error(`three.js shows ${images.size} of the file's ${imagesInFile} images as textures`);
  process.exit(1);
}
const objectOfNode = new Map();
gltf.scene.traverse((object) => {
  const association = gltf.parser.associations.get(object);
  if (association && association.nodes !== undefined && !object.isSkinnedMesh) objectOfNode.set(association.nodes, object);
});

const mixer = new THREE.AnimationMixer(gltf.scene);
const clip = animationName === undefined ? gltf.animations[0] : gltf.animations.find((a) => a.name === animationName);
if (animationName !== undefined && !clip) {
  throw new Error(`no animation named "${animationName}" among ${gltf.animations.map((a) => `"${a.name}"`).join(', ')}`);
}
const action = clip ? mixer.clipAction(clip) : null;
if (action) {
  action.setLoop(THREE.LoopOnce);
  action.clampWhenFinished = true;
}

const enginePoints = [];
const threePoints = [];
const position = new THREE.Vector3();
for (const pose of engine.poses) {
  if (action) {
    action.reset().play();
    mixer.setTime(pose.time);
  }
  gltf.scene.updateMatrixWorld(true);
  pose.joints.forEach((joint, index) => {
    const node = engine.gltf_node_of_joint[index];
    if (node < 0) return;
    const object = objectOfNode.get(node);
    if (!object) throw new Error(`glTF node ${node} (engine joint ${index}, ${joint.name}) not found in three.js scene`);
    object.getWorldPosition(position);
    enginePoints.push([joint.model[12], joint.model[13], joint.model[14]]);
    threePoints.push([position.x, position.y, position.z]);
  });
}

const frame = fitFrame(enginePoints, threePoints);
const scale = frame.scale;
let max = 0;
let low = [Infinity, Infinity, Infinity];
let high = [-Infinity, -Infinity, -Infinity];
const errors = enginePoints.map((p, i) => {
  const q = frame.apply(p);
  const e = Math.hypot(q[0] - threePoints[i][0], q[1] - threePoints[i][1], q[2] - threePoints[i][2]) / scale;
  max = Math.max(max, e);
  for (let k = 0; k < 3; k++) {
    low[k] = Math.min(low[k], p[k]);
    high[k] = Math.max(high[k], p[k]);
  }
  return e;
});
errors.sort((a, b) => a - b);
const extent = Math.hypot(high[0] - low[0], high[1] - low[1], high[2] - low[2]);
const p99 = errors[Math.max(0, Math.ceil(errors.length * 0.99) - 1)];
const result = { file: glbPath, ...(animationName === undefined ? {} : { animation: animationName }), runtime: `three.js ${THREE.REVISION}`, textures: images.size, samples: errors.length, max, p99, extent,
  max_relative: extent > 0 ? max / extent : 0, fitted_scale: scale };
console.log(JSON.stringify(result));
if (!(result.max_relative <= maxRelative || max <= maxUnits)) {
  console.error(`three.js playback differs from the engine: max ${max} game units = ${result.max_relative} of the extent, above ${maxRelative} (and above ${maxUnits} game units)`);
  process.exit(1);
}
