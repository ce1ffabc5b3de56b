# SPDX-License-Identifier: MIT
# Headless check of issue 28 through Blender, with the add-on installed from its zip into a fresh user folder
# (blender/tests/installed_addon.py): a game file imported with the add-on and exported again with nothing
# edited comes back byte for byte (the add-on keeps the animation's extras, which Blender's importer drops, on the
# imported Action and puts them back on export); the same file with one bone's rotation keys turned by 10 degrees
# in Blender does not (the writer sees the motion differ and reduces the keys instead): its size is printed, not
# asserted (issue 28's 1.5x of the keys is asserted by each family's lean-write tests). One sample per family
# (LEGO, Sith, LBA), and three of AnimX (two with a CUBICSPLINE track, one of them LZ4-compressed).
# Usage: blender -b --factory-startup --python-exit-code 1 --python test_unchanged.py -- ZIP SAMPLES
import math
import os
import sys
import tempfile

import bpy

ZIP, SAMPLES = sys.argv[sys.argv.index("--") + 1 :]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from installed_addon import install_fresh  # noqa: E402

addon = None  # the installed add-on's module (main)

# (family, sample, import keywords, export keywords)
CASES = [
    ("lego", "lego/walk-cycles/CNs001Pe.ani", {}, {}),
    ("sith", "sith/ijim-sed-mod/sed_pdgo.key", {"model": "sith/ijim-sed-mod/sed_pd.3do"},
     {"model": "sith/ijim-sed-mod/sed_pd.3do"}),
    ("lba", "lba/Twinsen_Walk.anm", {"variant": "lba2"}, {"variant": "lba2"}),
    ("animx", "animx/handmade_v0_plain.animx", {}, {}),
    ("animx", "animx/sample_plain.animx", {}, {}),
    ("animx", "animx/sample_lz4.animx", {}, {}),
]
# sample_plain and sample_lz4 have a CUBICSPLINE track (Tan's scale) whose tangents Blender 3.4 imports as flat
# handles: Blender plays and exports another motion (0.353 units off at 0.475 s). Written back from that motion
# they came to 1.02x and 1.19x of the original; the add-on now sees that the Action still has the keys it was
# imported with and writes the original file back.


def clear_scene():
    for collection in (bpy.data.objects, bpy.data.armatures, bpy.data.meshes, bpy.data.actions, bpy.data.materials):
        for item in list(collection):
            collection.remove(item)


def import_file(family, path, keywords):
    clear_scene()
    keywords = {k: os.path.join(SAMPLES, v) if k == "model" else v for k, v in keywords.items()}
    getattr(bpy.ops.import_scene, f"bonebridge_{family}")(filepath=path, **keywords)


def export_file(family, suffix, keywords):
    bpy.ops.object.select_all(action="DESELECT")
    for obj in bpy.context.scene.objects:
        obj.select_set(True)
    armatures = [o for o in bpy.context.scene.objects if o.type == "ARMATURE"]
    bpy.context.view_layer.objects.active = armatures[0]
    out = tempfile.mktemp(suffix=suffix)
    keywords = {k: os.path.join(SAMPLES, v) if k == "model" else v for k, v in keywords.items()}
    getattr(bpy.ops.export_scene, f"bonebridge_{family}")(filepath=out, **keywords)
    with open(out, "rb") as f:
        data = f.read()
    os.remove(out)
    return data


def turn_one_bone(degrees):
    """Turns the bone with the most rotation keys (not the root, whose turn LBA takes as the actor's) by
    `degrees` about its local X axis at every key (an edit a modder makes in the graph editor). Returns the
    bone's name and its key count."""
    curves = {}
    for action in bpy.data.actions:
        for curve in addon.action_fcurves(action):
            if curve.data_path.endswith(".rotation_quaternion") and '"root"' not in curve.data_path:
                curves.setdefault(curve.data_path, {})[curve.array_index] = curve
    ranked = sorted(curves.items(), key=lambda item: -len(item[1][0].keyframe_points) if 0 in item[1] else 0)
    for path, quat in ranked:
        if len(quat) == 4 and len(quat[0].keyframe_points) > 1:
            turn_keys(quat, degrees)
            return path.split('"')[1], len(quat[0].keyframe_points)
    return None, 0


def turn_keys(quat, degrees):
    half = math.radians(degrees) / 2
    c, s = math.cos(half), math.sin(half)
    for k in range(len(quat[0].keyframe_points)):
        w, x, y, z = (quat[i].keyframe_points[k].co[1] for i in range(4))
        # q * (cos, sin, 0, 0): a turn about the bone's own X axis.
        turned = (w * c - x * s, w * s + x * c, y * c + z * s, z * c - y * s)
        for i in range(4):
            quat[i].keyframe_points[k].co[1] = turned[i]
            quat[i].keyframe_points[k].handle_left[1] = turned[i]
            quat[i].keyframe_points[k].handle_right[1] = turned[i]
    for curve in quat.values():
        curve.update()


def main():
    global addon
    addon = install_fresh(ZIP)[0]
    failures = []
    for family, sample, import_keywords, export_keywords in CASES:
        path = os.path.join(SAMPLES, sample)
        if not os.path.exists(path):
            print(f"SKIPPED LOUDLY: {path} is absent")
            continue
        with open(path, "rb") as f:
            original = f.read()
        suffix = os.path.splitext(path)[1]
        try:
            import_file(family, path, import_keywords)
            unchanged = export_file(family, suffix, export_keywords)
            same = unchanged == original
            ratio = len(unchanged) / len(original)
            print(f"UNCHANGED {sample}: {len(original)} -> {len(unchanged)} bytes ({ratio:.2f}x), "
                  f"{'identical' if same else 'DIFFERENT'}")
            if not same:
                failures.append(sample)
            import_file(family, path, import_keywords)
            bone, keys = turn_one_bone(10)
            if bone is None:
                print(f"EDITED {sample}: no bone with rotation keys to turn")
                continue
            edited = export_file(family, suffix, export_keywords)
            ratio = len(edited) / len(original)
            # The 10-degree turn must not be taken for the original.
            ok = edited != original
            print(f"EDITED {sample}: bone {bone} ({keys} Blender keys) turned 10 degrees: {len(original)} -> "
                  f"{len(edited)} bytes ({ratio:.2f}x), {'ok' if ok else 'FAILED'}")
            if not ok:
                failures.append(sample + " (edit)")
        except Exception as error:  # one failure is reported, the other samples still run
            print(f"FAILED {sample}: {error}")
            failures.append(sample)
    print(f"BONEBRIDGE_UNCHANGED failed {len(failures)}: {failures}")
    if failures:
        raise SystemExit(1)


main()
