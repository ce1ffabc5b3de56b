# SPDX-License-Identifier: MIT
# Plays a .glb in Blender (stock glTF importer, headless) and compares every joint's world position with the
# game engine's poses from `bonebridge sample FILE --step S`, after fitting the one fixed change of axes and
# units between the frames (Blender also turns glTF's Y-up into Z-up).
# Usage: blender -b --factory-startup --python-exit-code 1 --python blender_compare.py -- FILE.glb POSES.json MAX_RELATIVE_ERROR MAX_ERROR_IN_GAME_UNITS [ANIMATION]
#    or: ... --python blender_compare.py -- --cases CASES.json   (a list of {glb, poses, max_relative, max_units,
#        animation}: one Blender plays them all, each in a fresh scene; a line per file, BONEBRIDGE_RESULT {...} or
#        BONEBRIDGE_FAILED {file, animation, error}, and a non-zero exit when any failed)
# With ANIMATION, the glb's animation of that name is played alone (Blender's importer makes an NLA track per
# glTF animation, named after it; the others are muted); without it, the first.
# Node names are replaced by their index before import ("n12"), because Blender renames repeated names and
# cuts long ones; the motion data is untouched.
import itertools
import json
import struct
import sys
import tempfile

import bpy
import numpy as np

# Debian 12 pairs Blender 3.4 with numpy 1.24, which removed the `np.bool` alias that Blender's glTF importer
# still uses; restore it so the stock importer can run at all.
if not hasattr(np, "bool"):
    np.bool = bool


def renamed_glb(path):
    data = open(path, "rb").read()
    magic, version, _ = struct.unpack_from("<4sII", data, 0)
    assert magic == b"glTF" and version == 2, "not a glb"
    json_length, json_type = struct.unpack_from("<II", data, 12)
    document = json.loads(data[20 : 20 + json_length])
    for index, node in enumerate(document.get("nodes", [])):
        node["name"] = f"n{index}"
    text = json.dumps(document).encode()
    text += b" " * (-len(text) % 4)
    rest = data[20 + json_length :]
    out = struct.pack("<4sII", b"glTF", 2, 12 + 8 + len(text) + len(rest))
    out += struct.pack("<II", len(text), json_type) + text + rest
    handle = tempfile.NamedTemporaryFile(suffix=".glb", delete=False)
    handle.write(out)
    handle.close()
    return handle.name


def fitted_errors(p, q):
    """Distances after the best change of frame among the 48 signed axis permutations, each with its
    least-squares uniform scale and translation (as tests/runtime/fit.mjs), in the units of p."""
    pc, qc = p - p.mean(axis=0), q - q.mean(axis=0)
    best = None
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1.0, -1.0), repeat=3):
            image = pc[:, perm] * np.array(signs)
            norm = float((image * image).sum())
            scale = float((image * qc).sum()) / norm if norm > 0 else 1.0
            if scale <= 0:
                continue
            residual = np.linalg.norm(scale * image - qc, axis=1) / scale
            if best is None or (residual**2).sum() < (best**2).sum():
                best = residual
    return best


def joint_world_positions(node_names):
    positions = {}
    for obj in bpy.context.scene.objects:
        if obj.type == "ARMATURE":
            for bone in obj.pose.bones:
                positions[bone.name] = obj.matrix_world @ bone.head
        elif obj.name in node_names:
            positions[obj.name] = obj.matrix_world.translation
    return positions


def play_only(animation):
    """Makes `animation` the active action of every object it moves and mutes every NLA track."""
    found = False
    for obj in bpy.context.scene.objects:
        data = obj.animation_data
        if not data:
            continue
        for track in data.nla_tracks:
            if track.name == animation and track.strips:
                data.action = track.strips[0].action
                found = True
            track.mute = True
    if not found:
        raise RuntimeError(f"no animation named {animation!r} in Blender's import")


def compare(glb, poses_path, max_relative, max_units, animation=None):
    """Plays one glb in a fresh empty scene and returns the result that is printed for it."""
    engine = json.load(open(poses_path))
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.gltf(filepath=renamed_glb(glb))
    scene = bpy.context.scene
    fps = scene.render.fps / scene.render.fps_base
    nodes = engine["gltf_node_of_joint"]
    names = {f"n{n}" for n in nodes if n >= 0}
    if animation is not None:
        play_only(animation)
    for obj in scene.objects:
        if obj.animation_data and obj.animation_data.action is None and bpy.data.actions:
            obj.animation_data.action = bpy.data.actions[0]
    engine_points, blender_points = [], []
    for pose in engine["poses"]:
        frame = pose["time"] * fps
        scene.frame_set(int(np.floor(frame)), subframe=float(frame - np.floor(frame)))
        positions = joint_world_positions(names)
        for index, joint in enumerate(pose["joints"]):
            if nodes[index] < 0:
                continue
            name = f"n{nodes[index]}"
            if name not in positions:
                raise RuntimeError(f"glTF node {nodes[index]} (engine joint {index}, {joint['name']}) not found in Blender")
            engine_points.append(joint["model"][12:15])
            blender_points.append(list(positions[name]))
    p = np.array(engine_points, dtype=float)
    q = np.array(blender_points, dtype=float)
    errors = fitted_errors(p, q)
    extent = float(np.linalg.norm(p.max(axis=0) - p.min(axis=0)))
    result = {
        "file": glb,
        **({"animation": animation} if animation is not None else {}),
        "runtime": "Blender " + bpy.app.version_string,
        "samples": len(errors),
        "max": float(errors.max()),
        "p99": float(np.sort(errors)[max(0, int(np.ceil(0.99 * len(errors))) - 1)]),
        "extent": extent,
        "max_relative": float(errors.max()) / extent if extent > 0 else 0.0,
    }
    if not (result["max_relative"] <= float(max_relative) or result["max"] <= float(max_units)):
        raise RuntimeError(f"Blender playback differs from the engine: {result['max_relative']} of the extent, above {max_relative}")
    return result


def main():
    arguments = sys.argv[sys.argv.index("--") + 1 :]
    # One Blender for many files (--cases): its start-up, seconds each, is most of a single comparison's time.
    if arguments[0] == "--cases":
        cases = json.load(open(arguments[1]))
    else:
        cases = [{"glb": arguments[0], "poses": arguments[1], "max_relative": arguments[2], "max_units": arguments[3],
                  "animation": arguments[4] if len(arguments) > 4 else None}]
    failures = 0
    for case in cases:
        try:
            result = compare(case["glb"], case["poses"], case["max_relative"], case["max_units"], case.get("animation"))
            print("BONEBRIDGE_RESULT " + json.dumps(result), flush=True)
        except Exception as error:  # one file's failure is reported and the others still run
            failures += 1
            print("BONEBRIDGE_FAILED " + json.dumps({"file": case["glb"], "animation": case.get("animation"),
                                                     "error": str(error)}), flush=True)
    if failures:
        raise RuntimeError(f"{failures} of {len(cases)} Blender comparisons failed")


if __name__ == "__main__":
    main()
