# SPDX-License-Identifier: MIT
# Headless check of the Blender add-on, as a user would use it: install the add-on from its zip into a fresh user
# folder, with no bonebridge module on Python's path (the zip's own module and native library load), enable it, import
# every example and real sample of tests/runtime/exports.json through File > Import's operator, and compare every
# joint's world position in Blender with the game engine's (`bonebridge sample --ticks`), after fitting the one
# fixed change of axes and units (as the runtime checks do, within their bounds). Then export each importable
# family back through File > Export's operator and compare the written game file's engine with the original's.
# Usage: blender -b --factory-startup --python-exit-code 1 --python test_addon.py -- ZIP TOOL SOURCE SAMPLES
import json
import os
import struct
import subprocess
import sys
import tempfile

import bpy
import numpy as np

ZIP, TOOL, SOURCE, SAMPLES = sys.argv[sys.argv.index("--") + 1 :]
sys.path.insert(0, os.path.join(SOURCE, "tests", "runtime"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_compare import fitted_errors, joint_world_positions  # noqa: E402
from installed_addon import install_fresh  # noqa: E402

bb = None  # the bonebridge module inside the installed zip (main)

WRITABLE = {"lego", "sith", "animx", "lba"}  # families whose export back needs no further companion


def cases():
    entries = json.load(open(os.path.join(SOURCE, "tests", "runtime", "exports.json")))
    for entry in entries:
        root = os.path.join(SOURCE, "examples") if "example" in entry else SAMPLES
        path = os.path.join(root, entry.get("example") or entry.get("sample"))
        args = [
            a.replace("{samples}", SAMPLES).replace("{examples}", os.path.join(SOURCE, "examples")).replace("{source}", SOURCE)
            for a in entry.get("args", [])
        ]
        yield path, args, entry.get("max_relative", 1e-3), entry.get("max_units", 0)


def keywords(args):
    return {args[i].lstrip("-").replace("-", "_"): args[i + 1] for i in range(0, len(args), 2)}


def clear_scene():
    for collection in (bpy.data.objects, bpy.data.armatures, bpy.data.meshes, bpy.data.actions, bpy.data.materials):
        for item in list(collection):
            collection.remove(item)


def node_names(glb_bytes):
    length = struct.unpack_from("<I", glb_bytes, 12)[0]
    return [node.get("name", "") for node in json.loads(glb_bytes[20 : 20 + length]).get("nodes", [])]


def compare_import(path, args, family):
    """Imports through the add-on's operator; returns the fitted error against the engine."""
    doc = bb.open(path, **keywords(args))
    names = node_names(doc.to_gltf())
    grid = json.loads(subprocess.run([TOOL, "sample", path, "--ticks", "--json", *args], capture_output=True, check=True).stdout)
    clear_scene()
    getattr(bpy.ops.import_scene, f"bonebridge_{family}")(filepath=path, **keywords(args))
    scene = bpy.context.scene
    fps = scene.render.fps / scene.render.fps_base
    unique = {n for n in names if names.count(n) == 1 and len(n.encode()) <= 63}
    engine, blender = [], []
    for pose in grid["poses"]:
        frame = pose["time"] * fps
        scene.frame_set(int(np.floor(frame)), subframe=float(frame - np.floor(frame)))
        positions = joint_world_positions(unique)
        for index, joint in enumerate(pose["joints"]):
            node = grid["gltf_node_of_joint"][index]
            if node >= 0 and names[node] in unique and names[node] in positions:
                engine.append(joint["model"][12:15])
                blender.append(list(positions[names[node]]))
    p, q = np.array(engine, dtype=float), np.array(blender, dtype=float)
    errors = fitted_errors(p, q)
    extent = float(np.linalg.norm(p.max(axis=0) - p.min(axis=0)))
    return float(errors.max()), extent, len(errors)


def compare_export(path, args, family, max_relative, max_units):
    """Exports the imported armature back with the add-on and compares the written file's engine with the
    original's, joint by joint (by name), in model space."""
    armatures = [o for o in bpy.context.scene.objects if o.type == "ARMATURE"]
    if not armatures or bb.open(path, **keywords(args)).duration <= 0:
        return None  # nothing moves (a model alone): there is no animation to write back
    bpy.ops.object.select_all(action="DESELECT")
    for obj in bpy.context.scene.objects:
        obj.select_set(True)
    bpy.context.view_layer.objects.active = armatures[0]
    suffix = os.path.splitext(path)[1]
    out = tempfile.mktemp(suffix=suffix)
    extra = {k: v for k, v in keywords(args).items() if k in ("variant", "model")}
    getattr(bpy.ops.export_scene, f"bonebridge_{family}")(filepath=out, **extra)
    original = bb.open(path, **keywords(args))
    written = bb.open(out, **{k: v for k, v in keywords(args).items() if k in ("variant", "model", "skeleton", "body")})
    os.remove(out)
    worst, extent = 0.0, 0.0
    for t in np.linspace(0, original.duration, 25):
        a, b = original.sample(float(t)), written.sample(float(t))
        # The k-th joint of a name in one is the k-th of that name in the other (LEGO repeats names).
        index = {}
        for i, name in enumerate(b["names"]):
            index.setdefault(name, []).append(i)
        seen = {}
        points = []
        for i, name in enumerate(a["names"]):
            k = seen[name] = seen.get(name, -1) + 1
            if k < len(index.get(name, [])):
                pa, pb = a["model"][i][:3, 3], b["model"][index[name][k]][:3, 3]
                worst = max(worst, float(np.linalg.norm(pa - pb)))
                points.append(pa)
        if points:
            pts = np.array(points)
            extent = max(extent, float(np.linalg.norm(pts.max(axis=0) - pts.min(axis=0))))
    return worst, extent


def main():
    global bb
    bb = install_fresh(ZIP)[1]
    failures, imported, exported = [], 0, 0
    for path, args, max_relative, max_units in cases():
        if not os.path.exists(path.rsplit(":", 1)[0] if ":" in os.path.basename(path) else path):
            print(f"SKIPPED LOUDLY: {path} is absent")
            continue
        family = bb.open(path, **keywords(args)).family
        name = os.path.basename(path) + (" " + " ".join(os.path.basename(a) for a in args) if args else "")
        try:
            worst, extent, samples = compare_import(path, args, family)
            ok = worst / extent <= max_relative if extent > 0 else True
            ok = ok or worst <= max_units
            print(f"IMPORT {name}: {samples} samples, max {worst:.3g} of extent {extent:.4g} ({'ok' if ok else 'FAILED'})")
            imported += ok
            if not ok:
                failures.append(name)
            if family in WRITABLE and ":" not in os.path.basename(path):
                result = compare_export(path, args, family, max_relative, max_units)
                if result:
                    worst, extent = result
                    ok = (extent > 0 and worst / extent <= max_relative) or worst <= max(max_units, 1e-6)
                    verdict = "ok" if ok else "FAILED"
                    print(f"EXPORT {name}: max {worst:.3g} of extent {extent:.4g} ({verdict})")
                    exported += ok
                    if not ok:
                        failures.append(name + " (export)")
        except Exception as error:  # a failure of one file is reported, the others still run
            print(f"FAILED {name}: {error}")
            failures.append(name)
    print(f"BONEBRIDGE_ADDON imported {imported}, exported {exported}, failed {len(failures)}: {failures}")
    if failures:
        raise SystemExit(1)


main()
