#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The BVH reader and writer against Blender's own BVH importer on the CMU clip (issue 36):
#   1. Blender's import of the clip vs our read of it: every joint head at every frame;
#   2. our write of it (ZXY rotations, positions on the root only), imported by Blender, vs our read of the clip.
# Skips loudly (exit 77) when blender or the clip (Debian's assimp-testmodels) is absent.
#   blender_check.py COMPARE_TOOL BLENDER_SCRIPT CLIP.bvh WORK_DIR
import os
import shutil
import subprocess
import sys

compare, script, clip, work = sys.argv[1:5]
blender = shutil.which("blender")
if not blender:
    print("SKIPPED LOUDLY: blender is not installed")
    sys.exit(77)
if not os.path.exists(clip):
    print(f"SKIPPED LOUDLY: {clip} is absent (apt-get install -y assimp-testmodels)")
    sys.exit(77)
os.makedirs(work, exist_ok=True)


def blender_positions(bvh, out):
    run = subprocess.run([blender, "-b", "--factory-startup", "--python-exit-code", "1", "-P", script, "--", bvh,
                          out], capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stdout[-4000:], run.stderr[-4000:])
        sys.exit(f"Blender failed on {bvh}")
    print([line for line in run.stdout.splitlines() if line.startswith("blender_positions:")][0])


def tool(*args):
    run = subprocess.run([compare, *args], capture_output=True, text=True)
    print(run.stdout, run.stderr, end="")
    if run.returncode != 0:
        sys.exit(f"failed: {compare} {' '.join(args)}")


imported = os.path.join(work, "clip.json")
blender_positions(clip, imported)
print("1. our reader vs Blender's import of the clip:")
tool("compare", clip, imported)

written = os.path.join(work, "written.bvh")
tool("write", clip, written)
written_imported = os.path.join(work, "written.json")
blender_positions(written, written_imported)
print("2. our write (ZXY), imported by Blender, vs our reader on the clip:")
tool("compare", clip, written_imported)
