# SPDX-License-Identifier: GPL-2.0-or-later
"""File > Import and File > Export for the animation formats bonebridge reads: LEGO Island, Sith engine, LBA,
Resonite and Volition. One zip installs it everywhere: as an extension in Blender 4.2 and later
(blender_manifest.toml) and as a legacy add-on in Blender 3.4-4.1 (bl_info), with the pure-Python bonebridge
module and its native libraries (libbonebridge.so.1, bonebridge.dll) inside, in bonebridge/. Import converts
with that module to glTF in a temporary file and loads it with Blender's own glTF importer; export writes the
active armature's action to glTF with Blender's exporter and converts that to the game's format, or, with
"Retarget to", replays that action (any skeleton: a BVH import, a Mixamo rig) on a game character role by role
(hips, spine, arms, legs), as `bonebridge convert --retarget` does, and reports how close it came. Blender
interpolates glTF rotations component-wise (nlerp): bonebridge's exports keep consecutive keys in one hemisphere
and at most 15 degrees apart, so Blender plays the game's path within 1e-4 rad (measured by
blender/tests/test_addon.py)."""
import base64
import hashlib
import json
import os
import re
import struct
import tempfile

import bpy
from bpy.props import BoolProperty, EnumProperty, StringProperty
from bpy_extras.io_utils import ExportHelper, ImportHelper

bl_info = {
    "name": "bonebridge: classic game animation",
    "author": "bonebridge",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "File > Import, File > Export",
    "description": "LEGO Island .ani, Sith .key/.3do, LBA .anm, Resonite .animx/.animj, Volition .rig_pc/.anim_pc",
    "category": "Import-Export",
}

# (family id, menu label, extensions, companion properties shown in the panel)
FAMILIES = [
    ("lego", "LEGO Island (.ani)", "*.ani", ()),
    ("sith", "Sith engine (.key)", "*.key", ("model",)),
    ("lba", "LBA (.anm)", "*.anm", ("body", "palette", "variant")),
    ("animx", "Resonite (.animx/.animj)", "*.animx;*.animj", ("skeleton",)),
    ("volition", "Volition (.rig_pc/.anim_pc)", "*.rig_pc;*.anim_pc", ("rig",)),
]
COMPANION_HELP = {
    "model": "Sith: the .3do model whose hierarchy the key animates",
    "body": "LBA: the body (.lm2, LBA1 body, or BODY.HQR:N)",
    "palette": "LBA: the palette (RESS.HQR:0 or a 768-byte file)",
    "variant": "LBA: lba1 or lba2",
    "rig": "Volition: the .rig_pc skeleton",
    "skeleton": "Resonite: a glTF file whose hierarchy the clip animates",
}


# Export's "Retarget to" and what it takes, by the command line's names (services/retarget.hpp, the families'
# companions): the character the action is replayed on and the files that say which joint is which.
RETARGET_HELP = {
    "character": "Retarget: the game's character the action is for (LEGO Island: an actor such as pepper)",
    "world": "Retarget, LEGO Island: the game's WORLD.WDB, which gives the actor its body",
    "puppet": "Retarget, Sith: the character's .pup, whose joint table says which node is the hip, neck, head",
    "skeleton": "Retarget: any file whose skeleton the result animates (a Resonite avatar package, a glTF)",
    "target_map": 'Retarget: a JSON role map for the character ({"hips": "pelvis", ...}), when the game names none',
    "source_map": "Retarget: a JSON role map for the armature's bones, when they are no known rig's",
}
RETARGET_FILES = ("world", "puppet", "skeleton", "target_map", "source_map")


def numpy_bool_alias():
    """Debian 12 pairs Blender 3.4 with numpy 1.24, which removed `np.bool`; Blender's glTF importer still uses
    it, so a user's import would fail without this alias."""
    import numpy as np

    if not hasattr(np, "bool"):
        np.bool = bool


# The add-on's own folder: the extension zip carries the bonebridge module in bonebridge/ here.
HERE = os.path.dirname(os.path.abspath(__file__))


def bonebridge_module():
    """The bonebridge module bundled in this add-on's folder (a relative import: an extension is a package of
    Blender's, bl_ext.REPOSITORY.io_scene_bonebridge), else one installed for Blender's Python (Debian's
    python3-bonebridge, which the add-on folder of that package relies on). RuntimeError naming each file looked
    for and why it did not load (missing, another architecture, another ABI version: the module's
    NativeLibraryError says which) when neither loads."""
    failures = []
    bundled = os.path.join(HERE, "bonebridge")
    if os.path.isfile(os.path.join(bundled, "__init__.py")):
        try:
            from . import bonebridge
        except ImportError as error:
            failures.append(f"the bundled module ({bundled}): {error}")
        else:
            return bonebridge
    else:
        failures.append(f"no bundled module in {bundled}")
    try:
        import bonebridge
    except ImportError as error:
        failures.append(f"no installed module either ({error})")
    else:
        return bonebridge
    raise RuntimeError(
        "bonebridge cannot be loaded: " + "; ".join(failures) + ". Install the add-on from the release zip "
        "(it carries the module and its native libraries), or install python3-bonebridge on Debian"
    )


def supported_options(operator, wanted):
    """The options of `wanted` that the running Blender's operator has, e.g. of the glTF importer and exporter,
    whose options come and go across Blender versions (an unknown keyword makes the call fail). An enum value
    the operator does not list is left out too, unless its items are computed at run time (then not listed)."""
    properties = operator.get_rna_type().properties
    kept = {}
    for name, value in wanted.items():
        prop = properties.get(name)
        if prop is None:
            continue
        if prop.type == "ENUM" and isinstance(value, str):
            items = {item.identifier for item in prop.enum_items}
            if items and value not in items:
                continue
        kept[name] = value
    return kept


def action_fcurves(action):
    """Every F-curve of an Action. Blender 4.4 made Actions layered (layers > strips > one channelbag of F-curves
    per slot) and Blender 5.0 removed Action.fcurves; an Action with layers is read through its channelbags,
    one without (Blender 3.4-4.3) through Action.fcurves. Written from Blender's API documentation: only
    Blender 3.4 runs the tests here."""
    layers = getattr(action, "layers", None)
    if layers is None or len(layers) == 0:
        return list(getattr(action, "fcurves", ()))
    curves = []
    for layer in layers:
        for strip in layer.strips:
            bags = getattr(strip, "channelbags", None)
            if bags is None:  # only the per-slot accessor
                bags = [strip.channelbag(slot) for slot in getattr(action, "slots", ())]
            for bag in bags:
                if bag is not None:
                    curves.extend(bag.fcurves)
    return curves


def companion_keywords(operator):
    keywords = {}
    for name in COMPANION_HELP:
        value = getattr(operator, name, "")
        if value:
            keywords[name] = bpy.path.abspath(value)
    for item in filter(None, (part.strip() for part in operator.options.split(","))):
        key, _, value = item.partition("=")
        keywords[key.strip().replace("-", "_")] = value.strip() or True
    return keywords


class ImportBonebridge:
    options: StringProperty(name="Options", description="Family settings as KEY=VALUE, comma-separated")
    model: StringProperty(name="Model (.3do)", description=COMPANION_HELP["model"], subtype="FILE_PATH")
    body: StringProperty(name="Body", description=COMPANION_HELP["body"], subtype="FILE_PATH")
    palette: StringProperty(name="Palette", description=COMPANION_HELP["palette"], subtype="FILE_PATH")
    variant: StringProperty(name="Variant", description=COMPANION_HELP["variant"])
    rig: StringProperty(name="Rig (.rig_pc)", description=COMPANION_HELP["rig"], subtype="FILE_PATH")
    skeleton: StringProperty(name="Skeleton (glTF)", description=COMPANION_HELP["skeleton"], subtype="FILE_PATH")
    mesh: BoolProperty(name="Bone mesh", description="A generated mesh where the file has no geometry", default=True)

    def draw(self, context):
        for name in self.companions:
            self.layout.prop(self, name)
        self.layout.prop(self, "options")
        self.layout.prop(self, "mesh")

    def execute(self, context):
        numpy_bool_alias()
        try:
            bb = bonebridge_module()
        except RuntimeError as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        try:
            document = bb.open(self.filepath, format=self.family, **companion_keywords(self))
            handle, glb = tempfile.mkstemp(suffix=".glb")
            os.close(handle)
            try:
                document.to_gltf(glb, mesh=self.mesh)
                names = glb_node_names(glb)
                extras = glb_animation_extras(glb)
                actions_before = {action.name for action in bpy.data.actions}
                # Bones keep the file's own axes ("Blender" bone directions): the keys then go back out unchanged
                # when exported without sampling; the other heuristics turn bones, and Blender's exporter does
                # not turn unsampled keys back (measured: a Sith translation came back on another axis).
                importer = bpy.ops.import_scene.gltf
                importer(filepath=glb, **supported_options(importer, {"bone_heuristic": "BLENDER"}))
            finally:
                os.remove(glb)
        except bb.FormatError as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        imported_actions = [a for a in bpy.data.actions if a.name not in actions_before]
        keep_animation_extras(imported_actions, extras)
        imported_file = imported_file_fingerprint(self.filepath)
        for action in imported_actions if imported_file else ():
            action[KEYS_PROPERTY] = keys_fingerprint(action)
            action[FILE_PROPERTY] = imported_file
        scene = context.scene
        fps = scene.render.fps / scene.render.fps_base
        scene.frame_start = 0
        scene.frame_end = max(1, round(document.duration * fps))
        for obj in context.selected_objects:
            obj["bonebridge_source"] = self.filepath
            obj["bonebridge_family"] = self.family
            obj["bonebridge_node_names"] = json.dumps(names)
        return {"FINISHED"}


def read_glb(path):
    """The JSON chunk of a .glb, parsed, and the bytes after it."""
    with open(path, "rb") as f:
        data = f.read()
    length = struct.unpack_from("<I", data, 12)[0]
    return json.loads(data[20 : 20 + length]), data[20 + length :]


def write_glb(path, document, rest):
    text = json.dumps(document, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    total = 12 + 8 + len(text) + len(rest)
    with open(path, "wb") as f:
        f.write(struct.pack("<4sII", b"glTF", 2, total) + struct.pack("<I4s", len(text), b"JSON") + text + rest)


def glb_node_names(path):
    return [node.get("name", "") for node in read_glb(path)[0].get("nodes", [])]


# The custom property of an imported Action that keeps its glTF animation's "bonebridge" extras (JSON text).
EXTRAS_PROPERTY = "bonebridge_extras"


def glb_animation_extras(path):
    """Each animation's name and its "bonebridge" extras (the clip's duration, visibility, events, metadata and
    the description of the source file, `bonebridge.source`)."""
    found = []
    for animation in read_glb(path)[0].get("animations", []):
        extras = animation.get("extras", {})
        if isinstance(extras, dict) and isinstance(extras.get("bonebridge"), dict):
            found.append((animation.get("name", ""), extras["bonebridge"]))
    return found


def keep_animation_extras(actions, extras):
    """Blender's glTF importer drops animation extras, and with them what lets bonebridge write an unchanged
    clip back byte for byte: each new Action keeps its animation's extras as a custom property (the importer
    names an Action "<animation>_<object>"; the longest animation name that prefixes it is the one)."""
    for action in actions:
        matches = [(name, data) for name, data in extras if action.name.startswith(name + "_") or action.name == name]
        if not matches and len(extras) == 1:
            matches = extras
        if matches:
            action[EXTRAS_PROPERTY] = json.dumps(max(matches, key=lambda m: len(m[0]))[1], separators=(",", ":"))


def kept_action(name):
    """The imported Action of an exported animation: Blender's exporter names it after its Action, or after the
    NLA track holding it (the importer stashes each Action in a track named after the glTF animation)."""
    action = bpy.data.actions.get(name)
    if action and EXTRAS_PROPERTY in action:
        return action
    for obj in bpy.data.objects:
        for track in obj.animation_data.nla_tracks if obj.animation_data else ():
            for strip in track.strips if track.name == name else ():
                if strip.action and EXTRAS_PROPERTY in strip.action:
                    return strip.action
    return None


def kept_extras(name):
    """The extras kept for an exported animation (JSON text), or None."""
    action = kept_action(name)
    return action[EXTRAS_PROPERTY] if action else None


# The custom properties of an imported Action that say what it was when imported: a fingerprint of its keys
# (every F-curve's keyframes with their handles and interpolation) and of the file it came from (extension
# and content).
KEYS_PROPERTY = "bonebridge_keys"
FILE_PROPERTY = "bonebridge_file"


def imported_file_fingerprint(path):
    """None for what is not a file on disk (an archive's entry, ANIM.HQR:3): its Action always goes through the
    writer."""
    if not os.path.isfile(path):
        return None
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    return f"{os.path.splitext(path)[1].lower()}:{digest}"


def keys_fingerprint(action):
    keys = [
        (curve.data_path, curve.array_index,
         [(tuple(k.co), tuple(k.handle_left), tuple(k.handle_right), k.interpolation, k.easing)
          for k in curve.keyframe_points])
        for curve in action_fcurves(action)
    ]
    return hashlib.sha256(json.dumps(keys).encode()).hexdigest()


def fnv1a64(data):
    value = 0xCBF29CE484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def described_source(text):
    """The bytes of a `bonebridge.source` description ("fnv1a64:<16 hex digits>:<base64>"), or None when it is
    absent or damaged (its hash does not match)."""
    parts = text.split(":", 2) if isinstance(text, str) else []
    if len(parts) != 3 or parts[0] != "fnv1a64":
        return None
    try:
        data = base64.b64decode(parts[2], validate=True)
    except ValueError:
        return None
    return data if f"{fnv1a64(data):016x}" == parts[1] else None


def unchanged_source(path, output):
    """The imported file's bytes when the one animation of the exported .glb is an Action that still has the keys
    it was imported with, its extras describe that very file, and `output` has its extension; else None.
    Blender does not carry every key through (3.4 imports CUBICSPLINE tangents as flat handles, so it plays and
    exports another motion): an untouched Action, not the motion Blender exports, says that nothing was
    edited."""
    animations = read_glb(path)[0].get("animations", [])
    action = kept_action(animations[0].get("name", "")) if len(animations) == 1 else None
    if action is None or FILE_PROPERTY not in action or action.get(KEYS_PROPERTY) != keys_fingerprint(action):
        return None
    metadata = json.loads(action[EXTRAS_PROPERTY]).get("metadata", {})
    source = described_source(metadata.get("bonebridge.source")) if isinstance(metadata, dict) else None
    if source is None:
        return None
    described = f"{os.path.splitext(output)[1].lower()}:{hashlib.sha256(source).hexdigest()}"
    return source if described == action[FILE_PROPERTY] else None


def write_whole(path, data):
    """Writes a file through a temporary file beside it, renamed over it once complete."""
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)), suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as f:
            f.write(data)
        os.replace(temporary, path)
    except BaseException:
        os.remove(temporary)
        raise


def restore_animation_extras(path):
    """Puts each exported animation's kept extras back. The writer still compares the motion with the described
    source: an edited clip is reduced, not replaced by the original."""
    document, rest = read_glb(path)
    changed = False
    for animation in document.get("animations", []):
        kept = kept_extras(animation.get("name", ""))
        extras = animation.setdefault("extras", {})
        if isinstance(kept, str) and isinstance(extras, dict) and "bonebridge" not in extras:
            extras["bonebridge"] = json.loads(kept)
            changed = True
    if changed:
        write_glb(path, document, rest)


BLENDER_DUPLICATE = re.compile(r"^(.*)\.\d{3}$")


def restore_node_names(path, names):
    """Blender gives bones unique names ("HEAD.001" for a second "HEAD"), but a game binds its nodes by name (LEGO
    Island has characters with two HEADs): a name Blender suffixed goes back to the file's own, in the .glb."""
    known = set(names)
    document, rest = read_glb(path)
    changed = False
    for node in document.get("nodes", []):
        match = BLENDER_DUPLICATE.match(node.get("name", ""))
        if match and node["name"] not in known and match.group(1) in known:
            node["name"] = match.group(1)
            changed = True
    if changed:
        write_glb(path, document, rest)


def retarget_keywords(operator):
    """The export's settings for retargeting: the family's companions (model, rig, variant, options) and the
    target character's, file paths made absolute."""
    keywords = {k: v for k, v in companion_keywords(operator).items() if k not in ("body", "palette")}
    for name in RETARGET_HELP:
        value = getattr(operator, name, "")
        if value:
            keywords[name] = bpy.path.abspath(value) if name in RETARGET_FILES else value
    if operator.foot_lock:
        keywords["foot_lock"] = True
    return keywords


# The Text datablock where the last retargeting's report is kept for the user to read (the Info bar shows one
# line).
REPORT_TEXT = "bonebridge retarget report"


def report_retargeting(operator, done, path):
    """The report's numbers in the Info bar and every note in the REPORT_TEXT text."""
    report = done.report
    directions = [r for r in report.get("roles", []) if r.get("measured_as") == "direction"]
    worst = max(directions, key=lambda r: r["degrees"]) if directions else None
    text = bpy.data.texts.get(REPORT_TEXT) or bpy.data.texts.new(REPORT_TEXT)
    text.clear()
    text.write(f"{path}\n" + "\n".join(done.notes) + "\n")
    summary = [f"wrote {path}: retargeted by roles ({report.get('source_roles')} onto {report.get('target_roles')})",
               f"hip ratio {report['hips']['ratio']:.4g}" if report.get("hips") else ""]
    if worst:
        summary.append(f"largest direction error {worst['degrees']:.1f} degrees ({worst['role']})")
    operator.report({"INFO"}, ", ".join(part for part in summary if part) + f"; every note in the text '{REPORT_TEXT}'")


class ExportBonebridge:
    options: StringProperty(name="Options", description="Family settings as KEY=VALUE, comma-separated")
    variant: StringProperty(name="Variant", description=COMPANION_HELP["variant"])
    rig: StringProperty(name="Rig (.rig_pc)", description=COMPANION_HELP["rig"], subtype="FILE_PATH")
    model: StringProperty(name="Model (.3do)", description=COMPANION_HELP["model"], subtype="FILE_PATH")
    sample: BoolProperty(
        name="Sample every frame",
        description="Bake the pose at each scene frame (for constraints, drivers or IK) instead of writing the "
        "action's own keys; sampling loses the game's instant jumps and anything between frames",
        default=False,
    )
    retarget: BoolProperty(
        name="Retarget to",
        description="Replay the active armature's action (any skeleton: a BVH import, a Mixamo rig) on the game's "
        "character below, role by role (hips, spine, arms, legs), instead of writing the game skeleton's own keys",
        default=False,
    )
    character: StringProperty(name="Character", description=RETARGET_HELP["character"])
    world: StringProperty(name="World (WORLD.WDB)", description=RETARGET_HELP["world"], subtype="FILE_PATH")
    puppet: StringProperty(name="Puppet (.pup)", description=RETARGET_HELP["puppet"], subtype="FILE_PATH")
    skeleton: StringProperty(name="Skeleton", description=RETARGET_HELP["skeleton"], subtype="FILE_PATH")
    target_map: StringProperty(name="Character's roles (JSON)", description=RETARGET_HELP["target_map"],
                               subtype="FILE_PATH")
    source_map: StringProperty(name="Armature's roles (JSON)", description=RETARGET_HELP["source_map"],
                               subtype="FILE_PATH")
    foot_lock: BoolProperty(name="Foot lock", description="Retarget: keep each foot still while the source's foot "
                            "is on the ground (the hips move)", default=False)

    def execute(self, context):
        numpy_bool_alias()
        try:
            bb = bonebridge_module()
        except RuntimeError as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        handle, glb = tempfile.mkstemp(suffix=".glb")
        os.close(handle)
        try:
            exporter = bpy.ops.export_scene.gltf
            wanted = {"export_format": "GLB", "use_selection": True, "export_animations": True,
                      "export_force_sampling": self.sample}
            exporter(filepath=glb, **supported_options(exporter, wanted))
            imported = [json.loads(obj.get("bonebridge_node_names", "[]")) for obj in context.selected_objects]
            if self.retarget:
                done = bb.retarget(glb, self.filepath, to=self.family, **retarget_keywords(self))
                report_retargeting(self, done, self.filepath)
                return {"FINISHED"}
            restore_node_names(glb, [name for names in imported for name in names])
            restore_animation_extras(glb)
            source = unchanged_source(glb, self.filepath)
            if source is not None:
                write_whole(self.filepath, source)
                self.report({"INFO"}, f"wrote {self.filepath}: the Action is unchanged since its import, so the "
                            "original file is written back byte for byte")
                return {"FINISHED"}
            keywords = {k: v for k, v in companion_keywords(self).items() if k != "body"}
            bb.from_gltf(glb, self.family, self.filepath, **keywords)
        except bb.FormatError as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        finally:
            os.remove(glb)
        self.report({"INFO"}, f"wrote {self.filepath}")
        return {"FINISHED"}


def make_operators(family, label, globs, companions):
    first = globs.split(";")[0][1:]
    importer = type(
        f"IMPORT_SCENE_OT_bonebridge_{family}",
        (ImportBonebridge, bpy.types.Operator, ImportHelper),
        {
            "bl_idname": f"import_scene.bonebridge_{family}",
            "bl_label": f"Import {label}",
            "bl_options": {"UNDO", "PRESET"},
            "family": family,
            "companions": companions,
            "filename_ext": first,
            "__annotations__": {
                **ImportBonebridge.__annotations__,
                "filter_glob": StringProperty(default=globs, options={"HIDDEN"}),
            },
        },
    )
    exporter = type(
        f"EXPORT_SCENE_OT_bonebridge_{family}",
        (ExportBonebridge, bpy.types.Operator, ExportHelper),
        {
            "bl_idname": f"export_scene.bonebridge_{family}",
            "bl_label": f"Export {label}",
            "family": family,
            "filename_ext": first,
            "__annotations__": {
                **ExportBonebridge.__annotations__,
                "filter_glob": StringProperty(default=globs, options={"HIDDEN"}),
            },
        },
    )
    return importer, exporter, label


OPERATORS = [make_operators(*row) for row in FAMILIES]


def menu_import(self, context):
    for importer, _, label in OPERATORS:
        self.layout.operator(importer.bl_idname, text=label)


def menu_export(self, context):
    for _, exporter, label in OPERATORS:
        self.layout.operator(exporter.bl_idname, text=label)


def register():
    for importer, exporter, _ in OPERATORS:
        bpy.utils.register_class(importer)
        bpy.utils.register_class(exporter)
    bpy.types.TOPBAR_MT_file_import.append(menu_import)
    bpy.types.TOPBAR_MT_file_export.append(menu_export)


def unregister():
    bpy.types.TOPBAR_MT_file_import.remove(menu_import)
    bpy.types.TOPBAR_MT_file_export.remove(menu_export)
    for importer, exporter, _ in OPERATORS:
        bpy.utils.unregister_class(exporter)
        bpy.utils.unregister_class(importer)
