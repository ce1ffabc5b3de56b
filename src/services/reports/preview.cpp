// SPDX-License-Identifier: MIT
#include "bonebridge/services/preview.hpp"

#include <cstdlib>

#include "bonebridge/io/file.hpp"

namespace bonebridge {
namespace {

// The page's own script: it reads the data block, plays the embedded glTF and reports any error in the page
// (and in its title, which a headless check reads). With #t=SECONDS in the address it stops at that time.
constexpr const char* kPlayer = R"JS(
const info = JSON.parse(document.getElementById('bonebridge-data').textContent);
const $ = (id) => document.getElementById(id);
function fail(message) {
  const item = document.createElement('li');
  item.textContent = message;
  $('errors').appendChild(item);
  document.title = 'error: ' + message;
}
window.addEventListener('error', (event) => fail(String(event.message)));
const consoleError = console.error;
console.error = (...parts) => { fail(parts.join(' ')); consoleError(...parts); };
for (const note of info.notes) {
  const item = document.createElement('li');
  item.textContent = note;
  $('notes').appendChild(item);
}
$('name').textContent = info.name + ' (' + info.family + ')';
const view = $('view');
const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.outputEncoding = THREE.sRGBEncoding;
renderer.setSize(view.clientWidth, view.clientHeight, false);
view.appendChild(renderer.domElement);
window.addEventListener('resize', () => {
  renderer.setSize(view.clientWidth, view.clientHeight, false);
  camera.aspect = view.clientWidth / view.clientHeight;
  camera.updateProjectionMatrix();
});
const scene = new THREE.Scene();
scene.background = new THREE.Color(0x202028);
scene.add(new THREE.AmbientLight(0xffffff, 0.7));
const sun = new THREE.DirectionalLight(0xffffff, 0.9);
sun.position.set(1, 2, 3);
scene.add(sun);
const camera = new THREE.PerspectiveCamera(40, view.clientWidth / view.clientHeight, 0.01, 1000);
const controls = new THREE.OrbitControls(camera, renderer.domElement);
let mixer = null, clip = null, time = 0, playing = true, joints = [], animations = [];
// The skeleton as lines from each joint to its parent, drawn over the meshes, so that every joint shows.
const bones = new THREE.LineSegments(new THREE.BufferGeometry(),
                                     new THREE.LineBasicMaterial({ color: 0xffc040, depthTest: false }));
bones.renderOrder = 1;
scene.add(bones);
// Each joint as a dot of a fixed size on screen: visible however small the character's own shapes are.
const dots = new THREE.Points(new THREE.BufferGeometry(),
                              new THREE.PointsMaterial({ color: 0xffc040, size: 6, sizeAttenuation: false,
                                                         depthTest: false }));
dots.renderOrder = 1;
scene.add(dots);
function updateBones() {
  const points = [];
  for (const joint of joints) {
    if (joints.indexOf(joint.parent) < 0) continue;
    points.push(joint.parent.getWorldPosition(new THREE.Vector3()), joint.getWorldPosition(new THREE.Vector3()));
  }
  bones.geometry.setFromPoints(points);
  dots.geometry.setFromPoints(joints.map((joint) => joint.getWorldPosition(new THREE.Vector3())));
}
const clock = new THREE.Clock();

function label(t) {
  if (Math.abs(info.tick - 0.001) < 1e-9) return Math.round(t * 1000) + ' ms';
  return t.toFixed(3) + ' s, engine step ' + Math.round(t / info.tick) + ' (1/' + Math.round(1 / info.tick) + ' s)';
}
function setTime(t) {
  time = t;
  if (mixer) mixer.setTime(t);
  $('time').value = t;
  $('clock').textContent = label(t);
}
function choose(index) {
  if (!animations.length) return;
  mixer.stopAllAction();
  clip = animations[index];
  mixer.clipAction(clip).play();
  $('time').max = clip.duration;
  $('time').step = Math.min(info.tick, clip.duration / 1000 || info.tick);
  setTime(Math.min(time, clip.duration));
}
// The box the character sweeps over the whole clip (joints at 21 times, and the meshes at rest), so that the
// camera and the grid hold it wherever the animation takes it.
function sweptBox(object) {
  object.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(object);
  const duration = clip ? clip.duration : 0;
  for (let k = 0; k <= 20; k++) {
    if (mixer) mixer.setTime(duration * k / 20);
    object.updateMatrixWorld(true);
    for (const joint of joints) box.expandByPoint(joint.getWorldPosition(new THREE.Vector3()));
  }
  if (mixer) mixer.setTime(time);
  return box;
}
function frame(box) {
  const size = box.getSize(new THREE.Vector3()).length() || 1;
  const center = box.getCenter(new THREE.Vector3());
  camera.near = size / 100;
  camera.far = size * 100;
  camera.updateProjectionMatrix();
  camera.position.copy(center).add(new THREE.Vector3(0.6, 0.35, 1).normalize().multiplyScalar(size * 1.3));
  controls.target.copy(center);
  controls.update();
  if (/bare/.test(location.hash)) return;  // #bare: no grid (a picture check counts what the character draws)
  const grid = new THREE.GridHelper(size * 2, 20, 0x555566, 0x333340);
  grid.position.set(center.x, box.min.y, center.z);
  scene.add(grid);
}
function start(gltf) {
  scene.add(gltf.scene);
  gltf.scene.traverse((node) => { if (!node.isMesh && !node.isSkinnedMesh && node !== gltf.scene) joints.push(node); });
  animations = gltf.animations;
  mixer = new THREE.AnimationMixer(gltf.scene);
  animations.forEach((animation, i) => $('clip').add(new Option(animation.name || 'animation ' + i, i)));
  $('clip').onchange = () => choose(Number($('clip').value));
  choose(0);
  frame(sweptBox(gltf.scene));
  const stop = location.hash.match(/t=([0-9.]+)/);
  if (stop) { playing = false; setTime(Number(stop[1])); }
  $('play').textContent = playing ? 'pause' : 'play';
  requestAnimationFrame(loop);
}
function loop() {
  const delta = clock.getDelta();
  if (playing && clip && clip.duration > 0) setTime((time + delta) % clip.duration);
  scene.updateMatrixWorld(true);
  updateBones();
  renderer.render(scene, camera);
  if (document.title === 'loading') document.title = 'ready';
  requestAnimationFrame(loop);
}
$('play').onclick = () => { playing = !playing; $('play').textContent = playing ? 'pause' : 'play'; };
$('time').oninput = () => { playing = false; $('play').textContent = 'play'; setTime(Number($('time').value)); };
const raycaster = new THREE.Raycaster();
renderer.domElement.addEventListener('pointermove', (event) => {
  const rect = renderer.domElement.getBoundingClientRect();
  const pointer = new THREE.Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1,
                                    -((event.clientY - rect.top) / rect.height) * 2 + 1);
  raycaster.setFromCamera(pointer, camera);
  const hit = raycaster.intersectObject(scene, true)[0];
  let nearest = null, best = Infinity;
  if (hit) for (const joint of joints) {
    const distance = joint.getWorldPosition(new THREE.Vector3()).distanceTo(hit.point);
    if (distance < best) { best = distance; nearest = joint; }
  }
  $('joint').textContent = nearest ? 'joint: ' + nearest.name : '';
  $('joint').style.left = event.clientX + 12 + 'px';
  $('joint').style.top = event.clientY + 12 + 'px';
});
const bytes = Uint8Array.from(atob(info.glb), (c) => c.charCodeAt(0));
new THREE.GLTFLoader().parse(bytes.buffer, '', start, (error) => fail('glTF: ' + (error.message || error)));
)JS";

constexpr const char* kStyle = R"CSS(
body { margin: 0; font: 14px sans-serif; background: #18181c; color: #ddd; }
#view { width: 100vw; height: 70vh; }
#view canvas { display: block; width: 100%; height: 100%; }
#joint:empty { display: none; }
#bar { display: flex; gap: 12px; align-items: center; padding: 6px 12px; }
#time { flex: 1; }
#joint { position: fixed; pointer-events: none; background: #000a; padding: 2px 6px; }
ul { margin: 4px 12px; padding-left: 20px; }
#errors { color: #f66; }
)CSS";

// Standard base64 (RFC 4648), for the glTF in the page.
std::string base64(const std::vector<std::uint8_t>& bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t chunk = std::uint32_t{bytes[i]} << 16 |
                                (i + 1 < bytes.size() ? std::uint32_t{bytes[i + 1]} << 8 : 0) |
                                (i + 2 < bytes.size() ? std::uint32_t{bytes[i + 2]} : 0);
    out += kDigits[chunk >> 18 & 63];
    out += kDigits[chunk >> 12 & 63];
    out += i + 1 < bytes.size() ? kDigits[chunk >> 6 & 63] : '=';
    out += i + 2 < bytes.size() ? kDigits[chunk & 63] : '=';
  }
  return out;
}

// Text placed inside a <script> element must not close it early.
// Appended, not inserted in place: GCC 12 at -O3 warns falsely (-Wrestrict) on std::string::insert.
std::string inside_script(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += '\\';
  }
  return out;
}

Result<std::string> read_text(const std::filesystem::path& path) {
  auto bytes = read_file(path.string());
  if (!bytes) {
    return Error{
        "preview",
        "cannot read " + path.string() +
            ": the preview inlines Debian's three.js (apt install libjs-three, or set BONEBRIDGE_THREE_DIR)",
        {},
        {},
        {}};
  }
  return std::string(bytes->begin(), bytes->end());
}

}  // namespace

std::filesystem::path default_three_folder() {
  const char* folder = std::getenv("BONEBRIDGE_THREE_DIR");
  return folder && *folder ? folder : "/usr/share/javascript/three";
}

Result<PreviewScripts> read_preview_scripts(const std::filesystem::path& folder) {
  PreviewScripts scripts;
  for (const char* relative :
       {"three.min.js", "examples/js/loaders/GLTFLoader.js", "examples/js/controls/OrbitControls.js"}) {
    auto text = read_text(folder / relative);
    if (!text) return text.error();
    scripts.push_back({std::filesystem::path(relative).filename().string(), std::move(*text)});
  }
  return scripts;
}

Result<std::string> preview_page(const std::string& name, const LoadedInput& input, const Options& options,
                                 const PreviewScripts& scripts) {
  auto glb = export_gltf(input, options, {.binary = true, .generate_mesh = true});
  if (!glb) return glb.error();
  return preview_page(name, input, *glb, scripts);
}

std::string preview_page(const std::string& name, const LoadedInput& input,
                         const Converted<std::vector<std::uint8_t>>& gltf, const PreviewScripts& scripts,
                         const std::string& scripts_folder) {
  return preview_page(name, input.family->title, input.document->engine_tick(), gltf, scripts,
                      scripts_folder);
}

std::string preview_page(const std::string& name, const std::string& family_title, double tick,
                         const Converted<std::vector<std::uint8_t>>& gltf, const PreviewScripts& scripts,
                         const std::string& scripts_folder) {
  const nlohmann::json data{{"name", name},
                            {"family", family_title},
                            {"tick", tick},
                            {"notes", gltf.notes},
                            {"glb", base64(gltf.value)}};
  const auto replace = nlohmann::json::error_handler_t::replace;
  std::string page = "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>loading</title><style>";
  page += kStyle;
  page +=
      "</style></head><body>\n<div id=\"view\"></div>\n<div id=\"bar\"><button id=\"play\">pause</button>"
      "<input id=\"time\" type=\"range\" min=\"0\" value=\"0\"><span id=\"clock\"></span>"
      "<select id=\"clip\"></select></div>\n<div id=\"name\"></div><ul id=\"errors\"></ul>"
      "<div>Conversion notes:</div><ul id=\"notes\"></ul><div id=\"joint\"></div>\n"
      "<script id=\"bonebridge-data\" type=\"application/json\">";
  page += inside_script(data.dump(-1, ' ', false, replace));
  page += "</script>\n";
  for (const PreviewScript& script : scripts) {
    if (scripts_folder.empty()) {
      page.append("<script>").append(inside_script(script.text)).append("</script>\n");
    } else {
      page.append("<script src=\"")
          .append(scripts_folder)
          .append("/")
          .append(script.file)
          .append("\"></script>\n");
    }
  }
  page += "<script>";
  page += kPlayer;
  page += "</script>\n</body></html>\n";
  return page;
}

}  // namespace bonebridge
