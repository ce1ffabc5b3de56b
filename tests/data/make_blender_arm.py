# Makes blender_arm.glb: a glTF animation authored in Blender (not by bonebridge), for the "from glTF made
# elsewhere" tests. A three-bone arm whose root moves and whose joints turn, keyed at 24 fps over 2 s, exported by
# Blender's stock glTF exporter with its default (sampled, LINEAR) animation settings.
# Usage: blender -b --factory-startup --python-exit-code 1 --python make_blender_arm.py -- OUT.glb
import math
import sys

import bpy

out = sys.argv[sys.argv.index("--") + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.object.armature_add(enter_editmode=True, location=(0, 0, 0))
arm = bpy.context.object
arm.name = "Arm"
bones = arm.data.edit_bones
shoulder = bones[0]
shoulder.name = "shoulder"
shoulder.head, shoulder.tail = (0, 0, 0), (0, 0, 1)
elbow = bones.new("elbow")
elbow.head, elbow.tail, elbow.parent = (0, 0, 1), (0, 0.2, 1.8), shoulder
wrist = bones.new("wrist")
wrist.head, wrist.tail, wrist.parent = (0, 0.2, 1.8), (0, 0.2, 2.3), elbow
bpy.ops.object.mode_set(mode="POSE")
scene = bpy.context.scene
scene.render.fps = 24
scene.frame_start, scene.frame_end = 0, 48
for frame, (a, b, c, x) in {0: (0, 0, 0, 0), 12: (40, -30, 10, 0.3), 24: (80, 20, -45, 0.6),
                            36: (30, 60, 20, 0.2), 48: (0, 0, 0, 0)}.items():
    for name, angle, axis in (("shoulder", a, "X"), ("elbow", b, "Z"), ("wrist", c, "Y")):
        bone = arm.pose.bones[name]
        bone.rotation_mode = "QUATERNION"
        from mathutils import Quaternion, Vector
        axis_vector = {"X": Vector((1, 0, 0)), "Y": Vector((0, 1, 0)), "Z": Vector((0, 0, 1))}[axis]
        bone.rotation_quaternion = Quaternion(axis_vector, math.radians(angle))
        bone.keyframe_insert("rotation_quaternion", frame=frame)
    root = arm.pose.bones["shoulder"]
    root.location = (x, 0, 0)
    root.keyframe_insert("location", frame=frame)
bpy.ops.object.mode_set(mode="OBJECT")
bpy.ops.export_scene.gltf(filepath=out, export_format="GLB", export_animations=True, export_apply=False)
