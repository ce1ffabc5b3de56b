# SPDX-License-Identifier: MIT
# Headless check of the add-on's "Retarget to" (issue 36 part 5), as a user would use it: the add-on installed
# from its zip into a fresh user folder; the CMU clip of Debian's assimp-testmodels (01_01.bvh) imported with
# Blender's own BVH importer (an armature of another skeleton: CMU's names, Blender's rest rolls); File > Export
# > LEGO Island with "Retarget to" the example world's actor pepper. The written .ani is then read back by our
# command-line tool, whose `validate` must pass against the world, whose joints must be pepper's, and whose
# clip must last as long as the BVH's; the report must have reached the user (the Info line and the text
# holding every note: per-role direction errors, the hip ratio, foot sliding).
# Usage: blender -b --factory-startup --python-exit-code 1 --python test_retarget.py -- ZIP TOOL SOURCE BVH
import json
import os
import subprocess
import sys
import tempfile

import bpy
from io_anim_bvh import import_bvh

ZIP, TOOL, SOURCE, BVH = sys.argv[sys.argv.index("--") + 1 :]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from installed_addon import install_fresh  # noqa: E402

WORLD = os.path.join(SOURCE, "examples", "lego_world", "WORLD.WDB")
failures = []


# Debian's Blender 3.4 runs Python 3.11, which refuses its BVH importer's open(path, 'rU') ("invalid mode"): the
# 'U' is dropped, which changes nothing (as tests/bvh/blender_positions.py does).
def open_without_u(path, mode="r", *args, **kwargs):
    return open(path, mode.replace("U", ""), *args, **kwargs)


import_bvh.open = open_without_u


def expect(condition, what):
    print(("ok: " if condition else "FAILED: ") + what, flush=True)
    if not condition:
        failures.append(what)


def tool(*args):
    return subprocess.run([TOOL, *args], capture_output=True, text=True)


def bvh_seconds():
    """The clip's length from the BVH's own header ("Frames:", "Frame Time:"), read here, not by bonebridge."""
    frames = frame_time = None
    with open(BVH) as f:
        for line in f:
            if line.startswith("Frames:"):
                frames = int(line.split()[1])
            elif line.startswith("Frame Time:"):
                frame_time = float(line.split()[2])
                break
    return (frames - 1) * frame_time


def main():
    if not os.path.exists(BVH):
        print(f"SKIPPED LOUDLY: {BVH} is absent (apt install assimp-testmodels)")
        raise SystemExit(77)
    install_fresh(ZIP)
    for collection in (bpy.data.objects, bpy.data.armatures, bpy.data.meshes, bpy.data.actions):
        for item in list(collection):
            collection.remove(item)
    bpy.ops.import_anim.bvh(filepath=BVH, update_scene_fps=True, update_scene_duration=True)
    armature = next(o for o in bpy.context.scene.objects if o.type == "ARMATURE")
    bpy.ops.object.select_all(action="DESELECT")
    armature.select_set(True)
    bpy.context.view_layer.objects.active = armature
    print(f"imported {BVH}: {len(armature.data.bones)} bones, action {armature.animation_data.action.name}")

    out = os.path.join(tempfile.mkdtemp(), "pepper_walk.ani")
    result = bpy.ops.export_scene.bonebridge_lego(filepath=out, retarget=True, character="pepper", world=WORLD,
                                                  foot_lock=True)
    expect(result == {"FINISHED"}, f"export with Retarget to pepper finished ({result})")
    expect(os.path.isfile(out), "the .ani is written")
    if failures:
        raise SystemExit(1)

    validated = tool("validate", out, "--world", WORLD)
    # No warning either: Blender's 30 fps keys fall between milliseconds, and the last one once lay after a
    # duration rounded down (10 warnings, "a key ... lies after the duration").
    expect(validated.returncode == 0 and "valid" in validated.stdout and " 0 warnings" in validated.stdout,
           f"`bonebridge validate` passes without warnings: {validated.stdout.strip()} "
           f"{validated.stderr.strip()[:300]}")
    info = json.loads(tool("info", out, "--json", "--world", WORLD).stdout or "{}")
    joints = [j.get("name") if isinstance(j, dict) else j for j in info.get("joints", [])]
    print(f"read back: {info.get('format')}, duration {info.get('duration')} s, joints {joints}")
    expect(info.get("family") == "lego", "our tool reads it as LEGO Island's")
    expect(abs(info.get("duration", 0) - bvh_seconds()) < 0.01,
           f"it lasts as long as the BVH ({info.get('duration')} s against {bvh_seconds():.3f} s)")
    sample = json.loads(tool("sample", out, "--at", "1", "--json", "--world", WORLD).stdout or "{}")
    names = {j["name"].lower() for j in sample.get("joints", [])}
    expect({"head", "arm-lft", "arm-rt", "leg-lft", "leg-rt"} <= names, f"pepper's parts are animated: {sorted(names)}")

    report = bpy.data.texts.get("bonebridge retarget report")
    notes = report.as_string() if report else ""
    print(notes)
    expect("retargeted by roles: the source's by CMU BVH" in notes, "the report names the roles used")
    expect("hip heights:" in notes and "ratio" in notes, "the report gives the hip ratio")
    expect("leftUpperLeg: largest direction error" in notes, "the report gives per-role direction errors")
    expect("foot sliding" in notes, "the report gives foot sliding")
    expect("in the game's engine against the retargeted clip" in notes, "the report measures the engine")
    print(f"BONEBRIDGE_RETARGET {'FAILED' if failures else 'passed'}: {failures}")
    if failures:
        raise SystemExit(1)


main()
