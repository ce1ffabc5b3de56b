# SPDX-License-Identifier: MIT
"""The C ABI against the command-line tool: one real sample per family opened, sampled, converted to glb and
back through capi_test (C, linking only libbonebridge), each output byte-identical to the tool's for the same
command, the poses equal to `sample --json`, and the error texts equal to those the tool prints.

usage: capi_test.py CAPI_TEST BONEBRIDGE SOURCE_DIR SAMPLES_DIR WORK_DIR [WRAPPER...]"""
import json
import re
import os
import shutil
import subprocess
import sys

CAPI, TOOL, SOURCE, SAMPLES, WORK = sys.argv[1:6]
WRAPPER = sys.argv[6:]  # wine, for the cross-built test
TIMES = ["0", "0.25", "1"]

# One sample per family: (file, extension for the way back, family, the tool's arguments). No real Volition
# animation is public (samples/volition/SOURCES.md): its case is the project's example.
CASES = [
    ("{samples}/lego/pns065rd.ani", "ani", "lego", []),
    ("{samples}/sith/ijim-sed-mod/sed_pdstand.key", "key", "sith",
     ["--model", "{samples}/sith/ijim-sed-mod/sed_pd.3do"]),
    ("{samples}/lba/Twinsen_Walk.anm", "anm", "lba", ["--variant", "lba2"]),
    ("{samples}/animx/sample_plain.animx", "animx", "animx", []),
    ("{examples}/volition/wave.anim_pc", "anim_pc", "volition", ["--rig", "{examples}/volition/wave_character.rig_pc"]),
]

# Retargeting (issue 36): the CMU clip of Debian's assimp-testmodels onto the example world's pepper.
CMU_CLIP = "/usr/share/assimp/models/BVH/01_01.bvh"

failures = []


def tool(*args, check=True):
    return subprocess.run([TOOL, *args], capture_output=True, check=check)


def capi(*args):
    # Under wine: its own prefix in the work folder, and none of its console chatter.
    env = dict(os.environ, WINEDEBUG="-all", WINEPREFIX=os.path.join(WORK, "wineprefix"),
               WINEDLLOVERRIDES="mscoree,mshtml=") if WRAPPER else None
    return subprocess.run([*WRAPPER, CAPI, *args], capture_output=True, env=env)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def expect(condition, what):
    print(("ok: " if condition else "FAILED: ") + what, flush=True)
    if not condition:
        failures.append(what)


def poses_of(path):
    """capi_test's pose file: [(time, [(name, parent, translation, rotation, scale, model row-major)])]."""
    poses = []
    for line in read(path).decode("utf-8", "replace").splitlines():
        fields = line.split("\t")
        if fields[0] == "time":
            poses.append((float(fields[1]), []))
            continue
        numbers = [float(x) for x in fields[2:]]
        poses[-1][1].append((fields[0], int(fields[1]), numbers[0:3], numbers[3:7], numbers[7:10], numbers[10:26]))
    return poses


def compare_poses(name, path, args):
    poses = poses_of(path)
    expect(len(poses) == len(TIMES), f"{name}: a pose for each time")
    for at, (time, joints) in zip(TIMES, poses):
        expected = json.loads(tool("sample", path_of(name), "--at", at, "--json", *args).stdout)
        same = [
            (j["name"], j["parent"], j["translation"], j["rotation"], j["scale"],
             [j["model"][c * 4 + r] for r in range(4) for c in range(4)])  # the tool's is column-major
            for j in expected["joints"]
        ]
        expect(time == expected["time"] and joints == same, f"{name}: the pose at {at} s equals `sample --json`")


def path_of(name):
    return name.replace("{samples}", SAMPLES).replace("{examples}", os.path.join(SOURCE, "examples"))


def run_case(name, extension, family, args, companion_bytes=False):
    args = [path_of(a) for a in args]
    label = os.path.relpath(path_of(name), SOURCE if "{examples}" in name else SAMPLES) + (
        " (companion as bytes)" if companion_bytes else "")
    if not os.path.exists(path_of(name)):
        print(f"SKIPPED LOUDLY: {path_of(name)} is absent (../shared/samples missing)", flush=True)
        return False
    out = os.path.join(WORK, os.path.basename(name) + ("-bytes" if companion_bytes else ""))
    tool("convert", path_of(name), out + ".ref.glb", "--force", *args)
    back = out + ".ref.back." + extension
    tool("convert", out + ".ref.glb", back, "--to", family, "--force", *args)
    capi_args = ["--companion", args[0][2:], args[1]] + args[2:] if companion_bytes else args
    times = [x for at in TIMES for x in ("--at", at)]
    ran = capi("convert", path_of(name), out, extension, *capi_args, *times)
    expect(ran.returncode == 0, f"{label}: capi_test convert ({ran.stderr.decode(errors='replace').strip()})")
    if ran.returncode != 0:
        return True
    expect(read(out + ".glb") == read(out + ".ref.glb"), f"{label}: the glb is the tool's, byte for byte")
    expect(read(out + ".back." + extension) == read(back), f"{label}: the glb back as .{extension} is the tool's")
    compare_poses(name, out + ".pose", args)
    return True


def same_report(a, b):
    """Whether two reports are equal, numbers within 1e-9 of each other (relative), and the "at" of a role
    carried within 1e-3 degrees set aside (see retarget_case)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_report(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        noise = {"at_seconds"} if isinstance(a.get("degrees"), (int, float)) and a["degrees"] < 1e-3 else set()
        keys = (a.keys() | b.keys()) - noise
        return all(k in a and k in b and same_report(a[k], b[k]) for k in keys)
    return a == b


def words(note):
    return re.sub(r"[-+]?[0-9][0-9.e+-]*", "#", note)


def retarget_case(companion_bytes):
    """bb_retarget against `convert 01_01.bvh pepper.ani --retarget --json`: the same bytes, report and notes,
    with the world named by address (read through the caller's files) or given as bytes."""
    label = "retarget 01_01.bvh onto pepper" + (" (world as bytes)" if companion_bytes else "")
    if not os.path.exists(CMU_CLIP):
        print(f"SKIPPED LOUDLY: {CMU_CLIP} is absent (apt install assimp-testmodels)", flush=True)
        return False
    world = os.path.join(SOURCE, "examples", "lego_world", "WORLD.WDB")
    reference = os.path.join(WORK, "pepper.ref.ani")
    printed = json.loads(tool("convert", CMU_CLIP, reference, "--retarget", "--character", "pepper", "--world",
                              world, "--foot-lock", "--json", "--force").stdout)
    out = os.path.join(WORK, "pepper" + ("-bytes" if companion_bytes else "") + ".ani")
    given = ["--companion", "world", world] if companion_bytes else ["--world", world]
    ran = capi("retarget", CMU_CLIP, out, "--character", "pepper", "--foot-lock", "1", *given)
    expect(ran.returncode == 0, f"{label}: capi_test retarget ({ran.stderr.decode(errors='replace').strip()})")
    if ran.returncode != 0:
        return True
    expect(read(out) == read(reference), f"{label}: the .ani is the tool's, byte for byte")
    report = json.loads(read(out + ".report.json"))
    notes = json.loads(read(out + ".notes.json"))
    if WRAPPER:
        # The dll's engine measure samples with mingw's sin and cos, which differ from glibc's in the last bits
        # (the written file is the same byte for byte): numbers within 1e-9 of each other (relative) are equal,
        # and a role whose largest error is zero up to rounding has its "at" wherever the noise peaks. The
        # notes print those numbers too: compared with their digits set aside.
        expect(same_report(report, printed["retarget"]), f"{label}: the report is the tool's `--json` report")
        expect(list(map(words, notes)) == list(map(words, printed["notes"])), f"{label}: the notes are the tool's")
    else:
        expect(report == printed["retarget"], f"{label}: the report is the tool's `--json` report")
        expect(notes == printed["notes"], f"{label}: the notes are the tool's")
    hips = report["hips"]["ratio"]
    print(f"{label}: {len(report['roles'])} roles, hip ratio {hips:.4f}, engine max {report['engine']['max']:.3g}",
          flush=True)
    return True


def error_texts():
    """A truncated file and a malformed setting: the text after "bonebridge: error: " is the ABI's."""
    source = os.path.join(SOURCE, "examples", "lego", "waving_arm.ani")
    cut = os.path.join(WORK, "cut.ani")
    with open(cut, "wb") as f:
        f.write(read(source)[:40])
    cases = (("truncated", cut, []), ("unknown setting", source, ["--unit-scale", "2"]),
             ("malformed value", source, ["--tolerance", "x"]))
    for label, path, args in cases:
        cli = tool("info", path, *args, check=False).stderr.decode().strip()
        ran = capi("error", path, *args)
        text = ran.stdout.decode().strip()
        expect(ran.returncode == 0 and cli == "bonebridge: error: " + text,
               f"error text ({label}): {text!r} against the tool's {cli!r}")


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    clip = [CMU_CLIP, os.path.join(SOURCE, "examples", "lego_world", "WORLD.WDB")] if os.path.exists(CMU_CLIP) else []
    ran = capi("arguments", os.path.join(SOURCE, "examples", "lego", "waving_arm.ani"), *clip)
    sys.stdout.write(ran.stdout.decode() + ran.stderr.decode())
    expect(ran.returncode == 0, "NULL, truncated and malformed arguments")
    error_texts()
    tested = [run_case(*case) for case in CASES]
    tested.append(run_case(*CASES[1], companion_bytes=True))
    tested += [retarget_case(False), retarget_case(True)]
    if not any(tested):
        print("SKIPPED LOUDLY: no sample present: the ABI was not compared with the tool", flush=True)
        return 77
    return 1 if failures else 0


sys.exit(main())
