// SPDX-License-Identifier: MIT
// Renders a .glb with three.js in headless Chromium (Debian's `chromium`, SwiftShader WebGL) at a given animation
// time and writes a PNG, then prints what the picture holds: how much of it is not background, and its most common
// colours, so that a test can tell a blank frame from a drawn character and check the textures' colours are there.
// Usage: node render.mjs FILE.glb OUT.png [SECONDS] [ANIMATION_NAME]
import { createServer } from 'node:http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pictureStats } from './png.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [glbPath, pngPath, seconds = '0', animation = ''] = process.argv.slice(2);
const background = [32, 32, 40];

const page = `<!doctype html><html><head><style>body{margin:0;background:rgb(${background})}</style>
<script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/examples/jsm/"}}</script>
</head><body><script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
const renderer = new THREE.WebGLRenderer({ antialias: false, preserveDrawingBuffer: true });
renderer.setSize(640, 640);
renderer.setClearColor(new THREE.Color('rgb(${background})'));
renderer.outputColorSpace = THREE.SRGBColorSpace;
document.body.appendChild(renderer.domElement);
const gltf = await new GLTFLoader().loadAsync('/model.glb');
const scene = new THREE.Scene();
scene.add(gltf.scene, new THREE.AmbientLight(0xffffff, 1.5));
const sun = new THREE.DirectionalLight(0xffffff, 2.0);
sun.position.set(1, 2, 3);
scene.add(sun);
const clip = gltf.animations.find((a) => a.name === ${JSON.stringify(animation)}) ?? gltf.animations[0];
if (clip) {
  const mixer = new THREE.AnimationMixer(gltf.scene);
  const action = mixer.clipAction(clip);
  action.setLoop(THREE.LoopOnce, 1); action.clampWhenFinished = true; action.play();
  mixer.setTime(${Number(seconds)});
}
gltf.scene.updateMatrixWorld(true);
const box = new THREE.Box3().setFromObject(gltf.scene, true);
const size = box.getSize(new THREE.Vector3()).length() || 1;
const center = box.getCenter(new THREE.Vector3());
const camera = new THREE.PerspectiveCamera(40, 1, size / 100, size * 100);
camera.position.copy(center).add(new THREE.Vector3(0.6, 0.35, 1).normalize().multiplyScalar(size * 1.3));
camera.lookAt(center);
renderer.render(scene, camera);
document.title = 'rendered';
</script></body></html>`;

const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  try {
    if (url.pathname === '/') return response.end(page);
    if (url.pathname === '/model.glb') return response.end(readFileSync(glbPath));
    if (url.pathname.startsWith('/three/')) {
      response.setHeader('Content-Type', 'text/javascript');
      return response.end(readFileSync(join(here, 'node_modules', url.pathname.slice(1))));
    }
  } catch {}
  response.statusCode = 404;
  response.end();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const profile = mkdtempSync(join(tmpdir(), 'bonebridge-chromium-'));
try {
  await new Promise((resolve, reject) => {
    const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader', `--user-data-dir=${profile}`, '--window-size=640,640', '--virtual-time-budget=20000',
      `--screenshot=${pngPath}`, `http://127.0.0.1:${server.address().port}/`];
    import('node:child_process').then(({ execFile }) =>
      execFile('chromium', args, { timeout: 120000 }, (error) => (error ? reject(error) : resolve())));
  });
} finally {
  server.close();
  rmSync(profile, { recursive: true, force: true });
}

const stats = pictureStats(pngPath, background);
console.log(JSON.stringify({ file: glbPath, png: pngPath, ...stats }));
