#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes fuzz/corpus/capi/'s seeds: small files of examples/ and of the readers' hand-made seeds, each behind
the 21-byte header fuzz/capi.cpp reads (the kind of call, flags, a setting, a companion at the end, times).
The kind is an index into the ABI's own list (bb_formats, as `bonebridge formats --json` prints it), so the
seeds are written again when that list changes. Usage: fuzz/capi_seeds.py BUILD/bonebridge (from the root)."""
import json, os, struct, subprocess, sys, tempfile

tool = sys.argv[1]
work = tempfile.mkdtemp()
def run(*args):
    subprocess.run([tool, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
run("extract", "examples/lba/ANIM.HQR", f"{work}/anim")
run("extract", "examples/lba/BODY.HQR", f"{work}/body")
run("convert", "examples/lego/waving_arm.ani", f"{work}/waving_arm.glb")
run("convert", "examples/animx/fade.animj", f"{work}/fade.glb")
run("convert", "examples/volition/nod.anim_pc", f"{work}/nod.glb", "--rig", "examples/volition/wave_character.rig_pc")
run("convert", "fuzz/corpus/sith_key/two_nodes.key", f"{work}/two_nodes.glb", "--model",
    "fuzz/corpus/sith_model/two_nodes.3do")
run("convert", f"{work}/anim/0", f"{work}/lba.glb", "--body", f"{work}/body/0")
rows = json.loads(subprocess.check_output([tool, "formats", "--json"]))
fams = [r for r in rows if not r.get("container")]
conts = [e for r in rows if r.get("container") for e in r["extensions"]]
kinds = []
for f in fams:
    kinds += [("name", f["id"], e) for e in f["extensions"]] + [("forced", f["id"], "")]
kinds.append(("content", None, ""))
kinds += [("archive", None, e) for e in conts]
for f in fams:
    kinds += [("gltf", f["id"], e) for e in f["extensions"]]
every_ext = [e for r in rows for e in r["extensions"]] + [""]
fam = {f["id"]: f for f in fams}
def kind(call, fid, ext):
    return kinds.index((call, fid, ext))
BIN, MESH, STRICT, SET, COMP, ADDR, NONAMES, SHORT = 1, 2, 4, 8, 16, 32, 64, 128
def seed(name, call, fid, ext, data, flags=BIN, companion=None, comp_setting=None, comp_ext="", times=(0, 1, 2), tc=3, entry=0, setting=None):
    header = bytearray(21)
    header[0] = kind(call, fid, ext)
    header[1] = flags | (COMP if companion is not None else 0) | (SET if setting else 0)
    if setting:
        names = [s["name"] for s in fam[fid]["settings"]]
        header[2] = names.index(setting[0]); header[3] = setting[1]
    if companion is not None:
        header[4] = fam[fid]["companions"].index(comp_setting)
        header[5] = every_ext.index(comp_ext)
        header[6:8] = struct.pack("<H", len(companion))
    header[8] = tc
    header[9:12] = bytes(times)
    header[12] = entry
    header[13:21] = struct.pack("<d", 0.25)
    body = bytes(data) + (bytes(companion) if companion is not None else b"")
    open(f"fuzz/corpus/capi/{name}", "wb").write(bytes(header) + body)
r = lambda p: open(p, "rb").read()
seed("lego_ani", "name", "lego", ".ani", r("examples/lego/waving_arm.ani"))
seed("lego_ani_world", "name", "lego", ".ani", r("examples/lego/camera_flyby.ani"), companion=r("examples/lego_world/WORLD.WDB"), comp_setting="world", comp_ext=".wdb")
seed("lego_wdb", "name", "lego", ".wdb", r("examples/lego_world/WORLD.WDB"))
seed("lego_by_content", "content", None, "", r("examples/lego/held_arm.ani"), flags=0)
seed("sith_key_model", "name", "sith", ".key", r("fuzz/corpus/sith_key/two_nodes.key"), companion=r("fuzz/corpus/sith_model/two_nodes.3do"), comp_setting="model", comp_ext=".3do")
seed("sith_key_model_by_address", "name", "sith", ".key", r("fuzz/corpus/sith_key/two_nodes_markers.key"), flags=BIN | ADDR, companion=r("fuzz/corpus/sith_model/two_nodes.3do"), comp_setting="model", comp_ext=".3do")
seed("sith_3do", "name", "sith", ".3do", r("fuzz/corpus/sith_model/two_nodes.3do"), flags=BIN | MESH)
seed("sith_pup", "name", "sith", ".pup", r("fuzz/corpus/sith_pup/handmade_modes"))
seed("sith_mat", "name", "sith", ".mat", r("fuzz/corpus/sith_mat/colours.mat"))
seed("lba_anm_body", "name", "lba", ".anm", r(f"{work}/anim/0"), companion=r(f"{work}/body/0"), comp_setting="body", comp_ext="")
seed("lba_lm2_forced", "forced", "lba", "", r("fuzz/corpus/lba_lm2/seed_hand_laid.lm2"), setting=("variant", 1))
seed("lba_anim_hqr", "archive", None, ".hqr", r("examples/lba/ANIM.HQR"), entry=2)
seed("lba_body_hqr_by_name", "archive", None, ".hqr", r("examples/lba/BODY.HQR"), flags=NONAMES)
seed("lego_wdb_archive", "archive", None, ".wdb", r("examples/lego_world/WORLD.WDB"), flags=NONAMES, entry=3)
seed("sith_gob", "archive", None, ".gob", r("fuzz/corpus/archive_gob/jk.gob"), flags=NONAMES, entry=1)
seed("lego_si", "archive", None, ".si", r("fuzz/corpus/archive_si/scene.si"), flags=NONAMES)
seed("volition_vpp", "archive", None, ".vpp_pc", r("fuzz/corpus/archive_vpp/sriv_zlib.vpp_pc"), flags=NONAMES)
seed("animx_fade", "name", "animx", ".animj", r("examples/animx/fade.animj"), times=(1, 4, 5))
seed("animx_light_show", "name", "animx", ".animj", r("examples/animx/light_show.animj"), flags=BIN | SHORT)
seed("animx_lz4", "name", "animx", ".animx", r("fuzz/corpus/animx_read/seed_lz4.animx"), flags=NONAMES)
seed("volition_anim_rig", "name", "volition", ".anim_pc", r("examples/volition/nod.anim_pc"), companion=r("examples/volition/wave_character.rig_pc"), comp_setting="rig", comp_ext=".rig_pc")
seed("volition_rig", "name", "volition", ".rig_pc", r("examples/volition/wave_character.rig_pc"), flags=BIN | MESH)
seed("volition_cloth", "name", "volition", ".sim_pc", r("fuzz/corpus/volition_cloth/chain.sim_pc"))
seed("volition_xtbl", "name", "volition", ".xtbl", r("fuzz/corpus/volition_xtbl/character.xtbl"))
seed("volition_asm", "name", "volition", ".asm_pc", r("fuzz/corpus/volition_asm/human.asm_pc"))
seed("gltf_to_lego", "gltf", "lego", ".ani", r(f"{work}/waving_arm.glb"))
seed("gltf_to_animx", "gltf", "animx", ".animj", r(f"{work}/fade.glb"))
seed("gltf_to_volition_anim", "gltf", "volition", ".anim_pc", r(f"{work}/nod.glb"), companion=r("examples/volition/wave_character.rig_pc"), comp_setting="rig", comp_ext=".rig_pc")
seed("gltf_to_sith_key", "gltf", "sith", ".key", r(f"{work}/two_nodes.glb"), companion=r("fuzz/corpus/sith_model/two_nodes.3do"), comp_setting="model", comp_ext=".3do")
seed("gltf_to_lba_anm", "gltf", "lba", ".anm", r(f"{work}/lba.glb"), companion=r(f"{work}/body/0"), comp_setting="body", comp_ext="")
print(f"{len(kinds)} kinds; seeds written to fuzz/corpus/capi")
