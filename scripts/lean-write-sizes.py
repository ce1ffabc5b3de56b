#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Issue 28's table of sizes: every sample with a writer converted to .glb and back with the CLI, once as exported
(the animation's extras describe the source file) and once without that description (what a tool that drops it,
or an edit, leads to: the writer's own reduced keys). Prints a Markdown table: original bytes, back with the
description (and whether identical), back without it, the ratio.
Usage: scripts/lean-write-sizes.py BUILD/bonebridge SAMPLES_DIR"""
import json
import os
import struct
import subprocess
import sys
import tempfile

TOOL, SAMPLES = sys.argv[1], sys.argv[2]

# (sample, family, arguments of both conversions)
SITH_MODELS = {
    "sed_cable_car_door_close": "sed_cable_car",
    "sed_cable_car_rock_fwd": "sed_cable_car",
    "sed_cc_push_button_pressed": "sed_cc_push_button",
    "sed_dieselgenerator": "sed_dieselgenerator",
    "sed_pdgo": "sed_pd",
    "sed_pdhit": "sed_pd",
    "sed_pdstand": "sed_pd",
    "sed_tram_plat_btn_pressed": "sed_tram_platform",
}


def cases():
    lego = os.path.join(SAMPLES, "lego")
    yield "lego/pns065rd.ani", []
    for name in sorted(os.listdir(os.path.join(lego, "walk-cycles"))):
        yield f"lego/walk-cycles/{name}", []
    yield "sith/urgon-testvectors/test_vector_no_markers.key", []
    sith = os.path.join(SAMPLES, "sith", "ijim-sed-mod")
    for name in sorted(os.listdir(sith)):
        stem, ext = os.path.splitext(name)
        if ext == ".key":
            model = SITH_MODELS.get(stem)
            yield f"sith/ijim-sed-mod/{name}", (["--model", os.path.join(sith, model + ".3do")] if model else [])
    for name in sorted(os.listdir(os.path.join(SAMPLES, "lba"))):
        if name.endswith(".anm"):
            yield f"lba/{name}", ["--variant", "lba2"]
    for name in sorted(os.listdir(os.path.join(SAMPLES, "animx"))):
        if name.endswith(".animx"):
            yield f"animx/{name}", []


def drop_description(glb):
    with open(glb, "rb") as f:
        data = f.read()
    length = struct.unpack_from("<I", data, 12)[0]
    document = json.loads(data[20 : 20 + length])
    for animation in document.get("animations", []):
        animation.get("extras", {}).get("bonebridge", {}).get("metadata", {}).pop("bonebridge.source", None)
    text = json.dumps(document, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 4)
    rest = data[20 + length :]
    with open(glb, "wb") as f:
        f.write(struct.pack("<4sII", b"glTF", 2, 20 + len(text) + len(rest)))
        f.write(struct.pack("<I4s", len(text), b"JSON") + text + rest)


def convert(source, target, args):
    result = subprocess.run([TOOL, "convert", source, target, "--force", *args], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip())


def main():
    print("| sample | original | glb -> back (described) | glb -> back without description | ratio |")
    print("|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as work:
        for sample, args in cases():
            path = os.path.join(SAMPLES, sample)
            ext = os.path.splitext(path)[1]
            glb, back, lean = (os.path.join(work, n) for n in ("out.glb", "back" + ext, "lean" + ext))
            original = open(path, "rb").read()
            try:
                convert(path, glb, args)
                convert(glb, back, args)
                drop_description(glb)
                convert(glb, lean, args)
            except RuntimeError as error:
                print(f"| {sample} | {len(original)} | failed: {error} | | |")
                continue
            described = open(back, "rb").read()
            without = os.path.getsize(lean)
            same = "identical" if described == original else f"{len(described)} (differs)"
            print(f"| {sample} | {len(original)} | {same} | {without} | {without / len(original):.2f}x |")


main()
