# SPDX-License-Identifier: MIT
# Imports a BVH file with Blender's own importer (io_anim_bvh) and writes every bone's head in world space at
# every imported frame to JSON, for tests/bvh/blender_compare.cpp to hold our reader against.
#   blender -b --factory-startup --python-exit-code 1 -P blender_positions.py -- IN.bvh OUT.json
# Blender's importer keys file frame i at scene frame frame_start + i (import_bvh.py: each node's anim_data
# starts with a dummy zero entry, which skip_frame = 1 drops), so with frame_start = 1 scene frame f shows file
# frame f - 1.
import json
import sys

import bpy
from io_anim_bvh import import_bvh

bvh_path, json_path = sys.argv[sys.argv.index("--") + 1:]


# Debian's Blender 3.4 runs Python 3.11, which refuses the importer's open(path, 'rU') ("invalid mode"): the
# 'U' is dropped, which changes nothing, as text files read every line end since Python 3.
def open_without_u(path, mode="r", *args, **kwargs):
    return open(path, mode.replace("U", ""), *args, **kwargs)


import_bvh.open = open_without_u
# Forward Y, up Z is Blender's own frame, so the importer's axis conversion is the identity: positions stay in
# the file's axes and units.
bpy.ops.import_anim.bvh(filepath=bvh_path, axis_forward="Y", axis_up="Z", rotate_mode="NATIVE", frame_start=1,
                        use_fps_scale=False)
armature = bpy.context.view_layer.objects.active
scene = bpy.context.scene
first, last = (int(round(f)) for f in armature.animation_data.action.frame_range)
bones = armature.pose.bones
frames = []
for frame in range(first, last + 1):
    scene.frame_set(frame)
    frames.append({"file_frame": frame - 1,
                   "heads": [list(armature.matrix_world @ bone.head) for bone in bones]})
with open(json_path, "w") as out:
    json.dump({"bones": [bone.name for bone in bones], "frames": frames}, out)
print(f"blender_positions: {len(bones)} bones, file frames {first - 1}..{last - 1} -> {json_path}")
