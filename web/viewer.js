// SPDX-License-Identifier: MIT
// The page's 3D view: a glb (the bytes the page offers for download) shown with three.js (Debian's libjs-three:
// three.min.js, GLTFLoader, OrbitControls), played with a clock the page sets to the game's own tick.
// What it offers: orbit and framing, a skeleton overlay with the name of the joint under the pointer, textures
// on or off, a grid the character stands on, and playback (play/pause, time, speed, loop, step, clip).
'use strict';

class Viewer {
  // `element`: the box to draw in; `changed(state)` is called when the time, clip or play state changes.
  constructor(element, changed) {
    this.element = element;
    this.changed = changed || (() => {});
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.outputEncoding = THREE.sRGBEncoding;
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    element.appendChild(this.renderer.domElement);
    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color(0x202028);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x444450, 0.8));
    const sun = new THREE.DirectionalLight(0xffffff, 0.7);
    sun.position.set(1, 2, 3);
    this.scene.add(sun);
    this.camera = new THREE.PerspectiveCamera(40, 1, 0.01, 1000);
    this.controls = new THREE.OrbitControls(this.camera, this.renderer.domElement);
    this.clock = new THREE.Clock();
    this.tick = 1 / 30;  // the game's step, set by the page
    this.speed = 1;
    this.loop = true;
    this.playing = false;
    this.time = 0;
    this.textured = true;
    this.overlay = this.makeOverlay();
    this.grid = null;
    this.showGrid = true;
    this.model = null;
    this.resize();
    new ResizeObserver(() => this.resize()).observe(element);
    this.renderer.domElement.addEventListener('pointermove', (event) => this.hover(event));
    this.renderer.domElement.addEventListener('pointerleave', () => this.hovered(null));
    requestAnimationFrame(() => this.frameLoop());
  }

  // The skeleton as lines from each joint to its parent and a dot per joint, drawn over the meshes.
  makeOverlay() {
    const onTop = { color: 0xffc040, depthTest: false, transparent: true };
    const lines = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial(onTop));
    const dots = new THREE.Points(new THREE.BufferGeometry(),
                                  new THREE.PointsMaterial({ ...onTop, size: 6, sizeAttenuation: false }));
    const group = new THREE.Group();
    group.add(lines, dots);
    group.renderOrder = lines.renderOrder = dots.renderOrder = 2;
    this.scene.add(group);
    return { group, lines, dots };
  }

  resize() {
    const width = Math.max(1, this.element.clientWidth), height = Math.max(1, this.element.clientHeight);
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
  }

  clear() {
    if (this.model) this.scene.remove(this.model);
    if (this.grid) this.scene.remove(this.grid);
    this.model = this.grid = this.mixer = this.clip = null;
    this.joints = [];
    this.animations = [];
    this.playing = false;
    this.time = 0;
    this.overlay.lines.geometry.setFromPoints([]);
    this.overlay.dots.geometry.setFromPoints([]);
  }

  // Shows a glb (an ArrayBuffer); resolves with the names of its animations.
  load(glb) {
    return new Promise((resolve, reject) => {
      new THREE.GLTFLoader().parse(glb, '', (gltf) => {
        this.clear();
        this.model = gltf.scene;
        this.scene.add(this.model);
        this.joints = this.jointsOf(gltf);
        this.animations = gltf.animations;
        this.mixer = new THREE.AnimationMixer(this.model);
        this.setTextured(this.textured);
        this.choose(0);
        this.resetCamera();
        resolve(this.animations.map((clip, i) => clip.name || `animation ${i + 1}`));
      }, (error) => reject(new Error(`the glb does not load in three.js: ${error.message || error}`)));
    });
  }

  // The skins' joints, else every node that is not a mesh (a file without a skin is a skeleton of nodes).
  jointsOf(gltf) {
    const joints = new Set();
    gltf.scene.traverse((node) => { if (node.isSkinnedMesh) node.skeleton.bones.forEach((bone) => joints.add(bone)); });
    if (!joints.size) {
      gltf.scene.traverse((node) => { if (!node.isMesh && node !== gltf.scene && !node.isLight) joints.add(node); });
    }
    return [...joints];
  }

  get duration() { return this.clip ? this.clip.duration : 0; }

  choose(index) {
    if (!this.mixer) return;
    this.mixer.stopAllAction();
    this.clip = this.animations[index] || null;
    if (this.clip) this.mixer.clipAction(this.clip).play();
    this.playing = !!this.clip && this.clip.duration > 0;
    this.setTime(0);
  }

  setTime(t) {
    this.time = Math.max(0, Math.min(t, this.duration));
    if (this.mixer) this.mixer.setTime(this.time);
    this.changed(this);
  }

  setPlaying(playing) {
    this.playing = playing && this.duration > 0;
    if (this.playing && !this.loop && this.time >= this.duration) this.setTime(0);
    this.changed(this);
  }

  // One step of the game's tick (or `count` of them), onto the tick grid.
  step(count) {
    this.playing = false;
    const ticks = Math.round(this.time / this.tick) + count;
    this.setTime(Math.min(this.duration, Math.max(0, ticks * this.tick)));
  }

  setTextured(textured) {
    this.textured = textured;
    if (!this.model) return;
    this.model.traverse((node) => {
      if (!node.isMesh) return;
      for (const material of [].concat(node.material)) {
        if (!('originalMap' in material.userData)) material.userData.originalMap = material.map;
        material.map = textured ? material.userData.originalMap : null;
        material.needsUpdate = true;
      }
    });
  }

  setSkeleton(shown) { this.overlay.group.visible = shown; }

  setGrid(shown) {
    this.showGrid = shown;
    if (this.grid) this.grid.visible = shown;
  }

  // The box the character sweeps over the whole clip (joints at 21 times, and the meshes at rest).
  sweptBox() {
    this.model.updateMatrixWorld(true);
    const box = new THREE.Box3().setFromObject(this.model);
    for (let k = 0; k <= 20; k++) {
      if (this.mixer) this.mixer.setTime(this.duration * k / 20);
      this.model.updateMatrixWorld(true);
      for (const joint of this.joints) box.expandByPoint(joint.getWorldPosition(new THREE.Vector3()));
    }
    if (this.mixer) this.mixer.setTime(this.time);
    return box;
  }

  // The camera in front of the character (glTF's front is +Z), a little above and to the right; the grid
  // under its lowest point, so that it stands on it.
  resetCamera() {
    if (!this.model) return;
    const box = this.sweptBox();
    if (box.isEmpty()) box.set(new THREE.Vector3(-1, 0, -1), new THREE.Vector3(1, 2, 1));
    const size = box.getSize(new THREE.Vector3()).length() || 1;
    const center = box.getCenter(new THREE.Vector3());
    this.camera.near = size / 200;
    this.camera.far = size * 100;
    this.camera.updateProjectionMatrix();
    // Far enough that the sphere around the box fits the narrower of the two fields of view (a phone's view is
    // taller than wide), with a margin for the playback bar.
    const halfHeight = this.camera.fov / 2 * Math.PI / 180;
    const halfWidth = Math.atan(Math.tan(halfHeight) * this.camera.aspect);
    const distance = (size / 2) / Math.sin(Math.min(halfHeight, halfWidth)) * 1.1;
    this.camera.position.copy(center).add(new THREE.Vector3(0.35, 0.3, 1).normalize().multiplyScalar(distance));
    this.controls.target.copy(center);
    this.controls.update();
    if (this.grid) this.scene.remove(this.grid);
    this.grid = new THREE.GridHelper(size * 2, 20, 0x666677, 0x3a3a48);
    this.grid.position.set(center.x, box.min.y, center.z);
    this.grid.visible = this.showGrid;
    this.scene.add(this.grid);
  }

  updateOverlay() {
    const points = [];
    for (const joint of this.joints) {
      if (!joint.parent || this.joints.indexOf(joint.parent) < 0) continue;
      points.push(joint.parent.getWorldPosition(new THREE.Vector3()), joint.getWorldPosition(new THREE.Vector3()));
    }
    this.overlay.lines.geometry.setFromPoints(points);
    this.overlay.dots.geometry.setFromPoints(this.joints.map((joint) => joint.getWorldPosition(new THREE.Vector3())));
  }

  // The joint nearest the pointer on screen, within 16 pixels.
  hover(event) {
    const rect = this.renderer.domElement.getBoundingClientRect();
    let nearest = null, best = 16;
    for (const joint of this.joints || []) {
      const p = joint.getWorldPosition(new THREE.Vector3()).project(this.camera);
      const distance = Math.hypot((p.x + 1) / 2 * rect.width - (event.clientX - rect.left),
                                  (1 - p.y) / 2 * rect.height - (event.clientY - rect.top));
      if (distance < best && p.z < 1) { best = distance; nearest = joint; }
    }
    this.hovered(nearest && { name: nearest.name, x: event.clientX - rect.left, y: event.clientY - rect.top });
  }

  hovered(joint) { if (this.onHover) this.onHover(joint); }

  frameLoop() {
    const delta = this.clock.getDelta();
    if (this.playing && this.duration > 0) {
      let t = this.time + delta * this.speed;
      if (t >= this.duration) {
        if (this.loop) t %= this.duration;
        else { t = this.duration; this.playing = false; }
      }
      this.setTime(t);
    }
    this.controls.update();
    this.scene.updateMatrixWorld(true);
    if (this.model) this.updateOverlay();
    this.renderer.render(this.scene, this.camera);
    requestAnimationFrame(() => this.frameLoop());
  }
}
