#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every verb of the tool on every kind of file it reads (issue 38, part 5: "Trust").

Each cell of the matrix is one verb run on one kind of file, in a scratch folder holding a copy of the inputs
(nothing is written into the source tree or the samples). A cell passes when the run
  - ends within the time limit (never a hang) and by exiting, never by a signal;
  - exits with the code the cell expects (EXPECTED below: 0 where the verb applies to the kind, 1 where it
    does not, 2 nowhere today), never 70 (internal error), and never says "internal error";
  - when it fails, says so on standard error with "error" and the name of the file (its address, the last
    entry of an address, or the file's name);
  - writes only .glb files that the Khronos glTF validator (tests/runtime/validate.mjs) finds no error in.

The verbs: info, dump, validate, sample, convert (to .glb), convert back (that .glb to the source's kind),
ls, ls -r, extract, extract -r, pack, batch, batch --characters, characters, preview.
The kinds: one or two representative files of each kind of ../shared/samples and examples/, every archive
kind (some made here with `pack`), nested archives, archive entry addresses, a WORLD.WDB written by our WDB
writer (examples/lego_world), and a Resonite AnimJ clip that animates a property only (written below).

The tool is the command given after the folders, so that the Windows exe can run under wine:
  verb_matrix.py [-j 2] [--timeout 60] SOURCE_DIR SAMPLES_DIR TOOL [TOOL_ARGS...]
  verb_matrix.py . ../shared/samples build/bonebridge
  verb_matrix.py . ../shared/samples /usr/lib/wine/wine64 build-windows/bonebridge.exe
  verb_matrix.py . ../shared/samples node tests/web/wasm_cli.mjs build-wasm/web
(the last: the web page's WebAssembly build, run under Node as the page's worker runs it: tests/web/wasm_cli.mjs).
Prints one line per failing cell, then `verb_matrix: N passed, M failed` with the matrix's size and run time.
Cells listed in KNOWN_FAILURES still run and are reported, but do not fail the test (and a listed cell that
passes is reported, so that the list can be emptied). Exits 0 when every other cell passes, 1 otherwise, and
77 (ctest: skipped) when the samples folder is absent, saying so loudly.
"""
import argparse
import concurrent.futures
import dataclasses
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# ----------------------------------------------------------------------------------------------------------
# KNOWN FAILURES on main (13c72d8), being fixed by other engineers. The merger empties this list as the fixes
# land: (verb, kind) pairs whose failure is expected for now.
KNOWN_FAILURES = set()  # (1) WORLD.WDB nesting, (2) property-only AnimJ, (3) absent characters: fixed (issue 38)
# ----------------------------------------------------------------------------------------------------------

# A Resonite AnimJ clip that animates a property and no joint: node "Light", property "Intensity", 0 to 1 in 2 s.
PROPERTY_ANIMJ = """{
  "name": "LightFade",
  "globalDuration": 2,
  "tracks": [
    {
      "trackType": "Curve",
      "valueType": "float",
      "data": {
        "node": "Light",
        "property": "Intensity",
        "keyframes": [
          {"time": 0, "value": 0, "interpolation": "Linear"},
          {"time": 2, "value": 1, "interpolation": "Linear"}
        ]
      }
    }
  ]
}
"""

VERBS = ["info", "dump", "validate", "sample", "convert", "convert back", "ls", "ls -r", "extract",
         "extract -r", "pack", "batch", "batch --characters", "characters", "preview"]


@dataclasses.dataclass
class Kind:
    name: str
    path: str  # under the scratch copy of the inputs; ARCHIVE:ENTRY allowed
    args: list = dataclasses.field(default_factory=list)  # companions and settings for the input's verbs
    back: str = ""  # the extension convert writes the .glb back to ("" : the input's own)
    back_args: list = dataclasses.field(default_factory=list)  # more settings for that conversion
    ok: frozenset = frozenset()  # the verbs that apply (see below)


# Which verbs apply to which kind (expected to exit 0; every other verb is expected to exit 1 with an error that
# names the file). Decided per verb:
#   info, dump, validate  a file a family reads (an HQR is also an LBA document); an archive that is only a
#                         container (GOB, GOO, SI, VPP, STR2, WDB's entries aside) is an error pointing at `ls`
#   sample, convert, preview   a file with a pose; .mat, .sim_pc's glTF, .xtbl and archives are errors
#   convert back          the glb back to the source's kind where a writer from glTF exists (.ani, .key, .anm,
#                         AnimX/AnimJ, .anim_pc and .rig_pc by their extensions (.anim_pc against --rig, else a
#                         rig made from the glTF's skeleton), .pup); .3do, LBA bodies,
#                         WDB parts are errors (no writer from glTF)
#   ls, extract, -r, pack archives (a WDB part is a WORLD.WDB of its own; WDB is read-only: pack is an error)
#   batch                 archives and folders; a loose file is an error ("not an archive")
#   characters, batch --characters   any file, archive or folder: a loose file is an install of one file
# Exit 2 (usage) is expected nowhere: every verb takes any file and says why it does not apply.
INSPECT = frozenset({"info", "dump", "validate"})
POSE = frozenset({"sample", "convert", "preview"})
ANIM = INSPECT | POSE | {"convert back"}
LISTING = frozenset({"ls", "ls -r", "extract", "extract -r"})
CHARACTERS = frozenset({"characters", "batch --characters"})
ARCHIVE = LISTING | CHARACTERS | {"pack", "batch"}

# {in} is the scratch copy of the inputs.
KINDS = [
    # LEGO Island
    Kind("ani", "examples/lego/waving_arm.ani", ok=ANIM | CHARACTERS),
    Kind("ani-camera", "examples/lego/camera_flyby.ani", ok=ANIM | CHARACTERS),
    Kind("ani-real", "samples/lego/pns065rd.ani", ok=ANIM | CHARACTERS),
    Kind("si", "made/ISLE.SI", ok=ARCHIVE),
    Kind("si-entry", "made/ISLE.SI:waving_arm.ani", ok=ANIM | CHARACTERS),
    Kind("wdb", "examples/lego_world/WORLD.WDB", ok=ARCHIVE - {"pack"} | INSPECT),
    # A part is a document, not an archive (issue 38): ls and extract of it are errors naming it.
    Kind("wdb-part", "examples/lego_world/WORLD.WDB:head", back=".wdb",
         ok=INSPECT | POSE - {"sample"} | CHARACTERS),
    # Sith
    Kind("key", "samples/sith/ijim-sed-mod/sed_pdgo.key", ok=ANIM | CHARACTERS),
    Kind("key+3do", "samples/sith/ijim-sed-mod/sed_pdgo.key",
         ["--model", "{in}/samples/sith/ijim-sed-mod/sed_pd.3do"], ok=ANIM | CHARACTERS),
    Kind("3do", "samples/sith/ijim-sed-mod/sed_cc_push_button.3do", ok=INSPECT | POSE | CHARACTERS),
    Kind("mat", "samples/sith/ijim-sed-mod/mat/sed_pbeye.mat", ok=INSPECT | CHARACTERS),
    Kind("pup", "samples/sith/ijim-sed-mod/sedpd.pup", ["--model", "{in}/samples/sith/ijim-sed-mod/sed_pd.3do"],
         ok=ANIM - {"sample"} | CHARACTERS),
    # batch: the archive's puppet needs --model, which one batch cannot give (a failed item)
    Kind("gob", "made/Res2.gob", ok=ARCHIVE - {"batch"}),
    Kind("goo", "made/Res3.goo", ok=ARCHIVE),
    Kind("gob-entry", "made/Res2.gob:3do/key/sed_pdgo.key", ["--model", "{in}/made/Res2.gob:3do/sed_pd.3do"],
         ok=ANIM | CHARACTERS),
    # LBA
    Kind("anm", "samples/lba/ANIM_Test.anm", ok=ANIM | CHARACTERS),
    Kind("anm+body", "samples/lba/Twinsen_Walk.anm",
         ["--variant", "lba2", "--body", "{in}/samples/lba/lba2-bodies/My_Twinsen_Tunic_LBA2.lm2"],
         ok=ANIM | CHARACTERS),
    Kind("lm2", "samples/lba/lba2-bodies/Human_Hand.lm2", ["--variant", "lba2"], ok=INSPECT | POSE | CHARACTERS),
    Kind("hqr", "examples/lba/ANIM.HQR", ok=ARCHIVE | INSPECT),
    # batch: entries 1 and 2 are compressed test data, not animations (failed items)
    Kind("hqr-real", "samples/lba/COMPRESSED.HQR", ok=ARCHIVE - {"batch"} | INSPECT),
    Kind("hqr-invalid", "samples/lba/INVALID.HQR", ok=frozenset({"pack"})),  # pack: a folder holding it
    Kind("hqr-entry", "examples/lba/ANIM.HQR:1", ["--body", "{in}/examples/lba/BODY.HQR:0"], back=".anm",
         ok=ANIM | CHARACTERS),
    # Resonite
    Kind("animx", "samples/animx/sample_lz4.animx", ok=ANIM | CHARACTERS),
    Kind("animx-lzma", "samples/animx/interop_liblzma_written.animx", ok=ANIM | CHARACTERS),
    Kind("animj", "samples/animx/sample_equivalent_handwritten.animj", ok=ANIM | CHARACTERS),
    Kind("animj-property", "made/light_intensity.animj", ok=ANIM | CHARACTERS),
    # A package is one document to the tool (its clips and hierarchy), not an archive: ls/extract/batch refuse it.
    Kind("resonitepackage", "samples/animx/packages/loading_standin.resonitepackage",
         ok=INSPECT | POSE | CHARACTERS),
    # Volition
    Kind("anim_pc", "examples/volition/wave.anim_pc", ok=ANIM | CHARACTERS),
    Kind("anim_pc+rig", "examples/volition/wave.anim_pc",
         ["--rig", "{in}/examples/volition/wave_character.rig_pc"], ok=ANIM | CHARACTERS),
    Kind("rig_pc", "examples/volition/wave_character.rig_pc", ok=ANIM | CHARACTERS),
    Kind("sim_pc", "samples/volition/jean.sim_pc", ok=INSPECT | {"sample"} | CHARACTERS),
    Kind("vpp", "samples/volition/packfiles/table.vpp_pc", ok=ARCHIVE),
    Kind("vpp-small", "samples/volition/packfiles/dlc01_l1.vpp_pc", ok=ARCHIVE),
    Kind("str2", "samples/volition/packfiles/xray_effect.str2_pc", ok=ARCHIVE),
    Kind("vpp-nested", "made/nested.vpp_pc", ok=ARCHIVE),
    Kind("str2-entry", "made/nested.vpp_pc:hero.str2_pc", ok=ARCHIVE),
    Kind("anim_pc-nested-entry", "made/nested.vpp_pc:hero.str2_pc:wave.anim_pc",
         ["--rig", "{in}/made/nested.vpp_pc:hero.str2_pc:wave_character.rig_pc"], ok=ANIM | CHARACTERS),
    Kind("xtbl-entry", "samples/volition/packfiles/table.vpp_pc:character.xtbl", ok=INSPECT | CHARACTERS),
]

# (verb, kind) cells where a verb that does not apply may exit 2 (usage) instead of 1. None today.
USAGE_ALLOWED = set()

SAMPLE_FILES = [
    "lego/pns065rd.ani", "sith/ijim-sed-mod", "lba/ANIM_Test.anm", "lba/Twinsen_Walk.anm",
    "lba/lba2-bodies", "lba/COMPRESSED.HQR", "lba/INVALID.HQR", "animx/sample_lz4.animx",
    "animx/interop_liblzma_written.animx", "animx/sample_equivalent_handwritten.animj",
    "animx/packages/loading_standin.resonitepackage", "volition/jean.sim_pc",
    "volition/packfiles/table.vpp_pc", "volition/packfiles/dlc01_l1.vpp_pc",
    "volition/packfiles/xray_effect.str2_pc",
]
EXAMPLE_FILES = ["lego/waving_arm.ani", "lego/camera_flyby.ani", "lego_world/WORLD.WDB", "lba/ANIM.HQR",
                 "lba/BODY.HQR", "volition/wave.anim_pc", "volition/nod.anim_pc",
                 "volition/wave_character.rig_pc"]


class Tool:
    def __init__(self, command, timeout, scratch):
        # Runs happen in scratch folders: a tool named by a relative path is resolved here.
        self.command = [str(pathlib.Path(part).resolve()) if os.path.exists(part) and os.sep in part else part
                        for part in command]
        self.timeout = timeout
        self.env = dict(os.environ)
        self.wine = any(os.path.basename(part).startswith("wine") for part in command[:1])
        if self.wine:  # as tests/windows/compare_with_native.py runs the exe
            self.env.update(WINEDEBUG="-all", WINEDLLOVERRIDES="mscoree,mshtml=")
            self.env.setdefault("WINEPREFIX", str(scratch / "wineprefix"))
            self.env.pop("DISPLAY", None)

    def quietly(self, command, timeout):
        """Runs a command with no pipe: what wine starts (its server, services.exe) may outlive the run."""
        subprocess.run(command, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=timeout, check=False)

    def keep_wine_server(self):
        """Under wine: one server (and wine's services) for every cell until --kill, then the prefix made.

        Cells run side by side, and wine starts its server to exit with its last client: a client starting
        as it exits fails ("wine client error:0: recvmsg: Connection reset by peer"). The persistent server
        starts first, in the prefix's empty folder: `wineserver --persistent` beside a running server exits
        with status 2 and leaves that one to exit (3 of 3 matrix runs failed a cell that way on a slow
        machine). The services a wine process starts hold its output open, so a run with no pipe starts them.
        """
        pathlib.Path(self.env["WINEPREFIX"]).mkdir(parents=True, exist_ok=True)
        self.wine_server("--persistent")
        self.quietly([*self.command, "--version"], 600)  # makes the prefix: not timed as a cell

    def wine_server(self, *args):
        """wine's server program (beside the wine binary) for the tool's prefix, under wine only."""
        wine = shutil.which(self.command[0]) if self.wine else None
        server = pathlib.Path(wine).with_name("wineserver") if wine else None
        if server and server.exists():
            self.quietly([str(server), *args], 60)

    def run(self, args, cwd, timeout=None):
        """(exit code or None on a hang, -N for signal N, stdout, stderr, seconds)."""
        start = time.monotonic()
        process = subprocess.Popen([*self.command, *args], cwd=cwd, env=self.env, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        try:
            out, err = process.communicate(timeout=timeout or self.timeout)
            code = process.returncode
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
            code = None
        return code, out, err.decode("utf-8", "replace"), time.monotonic() - start


def substitute(args, inputs):
    return [a.replace("{in}", str(inputs)) for a in args]


def split_address(address):
    """(file on disk, [entries]) of FILE[:ENTRY...]."""
    parts = address.split(":")
    for i in range(len(parts), 0, -1):
        candidate = ":".join(parts[:i])
        if os.path.isfile(candidate):
            return candidate, parts[i:]
    return address, []


def back_extension(kind, inputs):
    if kind.back:
        return kind.back
    file, entries = split_address(str(inputs / kind.path))
    name = entries[-1] if entries else file
    return pathlib.PurePosixPath(name.replace("\\", "/")).suffix or ".bin"


def plan_cell(verb, kind, inputs, cell):
    """The runs of one cell: [(args, is_the_cell's_run)]; earlier runs only prepare the last one."""
    address = str(inputs / kind.path)
    args = substitute(kind.args, inputs)
    out = str(cell / "out")
    glb = str(cell / "out.glb")
    if verb in ("info", "dump", "validate"):
        return [([verb, address, *args], True)]
    if verb == "sample":
        return [(["sample", address, "--at", "0.1", "--json", *args], True)]
    if verb == "convert":
        return [(["convert", address, glb, *args], True)]
    if verb == "convert back":
        back = str(cell / ("back" + back_extension(kind, inputs)))
        return [(["convert", address, glb, *args], False),
                (["convert", glb, back, *args, *substitute(kind.back_args, inputs)], True)]
    if verb in ("ls", "extract"):
        return [([verb, address] + ([out] if verb == "extract" else []), True)]
    if verb in ("ls -r", "extract -r"):
        base = verb.split()[0]
        return [([base, "-r", address] + ([out] if base == "extract" else []), True)]
    if verb == "pack":
        file, entries = split_address(address)
        name = entries[-1] if entries else os.path.basename(file)
        packed = str(cell / ("packed_" + pathlib.PurePosixPath(name.replace("\\", "/")).name))
        if "extract" in kind.ok:
            # The inverse of extract: the entries packed again into an archive of the same kind, like the original.
            return [(["extract", address, out], False), (["pack", out, packed, "--like", address], True)]
        # Not an archive that bonebridge writes: a folder holding the file, packed to a name of the file's kind.
        folder = cell / "folder"
        folder.mkdir()
        shutil.copy2(file, folder)
        return [(["pack", str(folder), str(cell / ("packed" + back_extension(kind, inputs)))], True)]
    if verb == "batch":
        return [(["batch", address, out, "-j", "1", *args], True)]
    if verb == "batch --characters":
        return [(["batch", address, out, "--characters", "-j", "1", *args], True)]
    if verb == "characters":
        return [(["characters", address], True)]
    if verb == "preview":
        return [(["preview", address, "-o", str(cell / "page.html"), *args], True)]
    raise ValueError(verb)


@dataclasses.dataclass
class Outcome:
    verb: str
    kind: str
    command: list
    code: object = None
    stderr: str = ""
    problems: list = dataclasses.field(default_factory=list)
    seconds: float = 0.0
    runs: int = 0
    glbs: list = dataclasses.field(default_factory=list)


def names_the_file(stderr, address):
    file, entries = split_address(address)
    candidates = {address, file, *entries}
    candidates.update(name for name in (os.path.basename(address), os.path.basename(file)) if "." in name)
    return any(c and c in stderr for c in candidates)


def first_lines(text, count=3):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return " | ".join(lines[:count]) + (" | ..." if len(lines) > count else "")


def run_cell(tool, verb, kind, inputs, cells):
    cell = cells / re.sub(r"[^A-Za-z0-9_.+-]+", "_", f"{kind.name}__{verb}")
    cell.mkdir(parents=True)
    outcome = Outcome(verb, kind.name, [])
    runs = plan_cell(verb, kind, inputs, cell)
    expected = 0 if verb in kind.ok else 1
    for args, final in runs:
        code, _, err, seconds = tool.run(args, cell)
        outcome.runs += 1
        outcome.seconds += seconds
        outcome.command = args
        outcome.code, outcome.stderr = code, err
        if not final:
            # A preparing run (the forward convert, the extract before pack) must also end cleanly; when it fails
            # as it should (the verb does not apply), the cell's own run has no input, and the cell ends here.
            problems = check_run(code, err, paths_of(args), None, tool.timeout)
            if problems:
                outcome.problems += [f"preparing run: {p}" for p in problems]
                break
            if code != 0:
                if expected == 0:
                    outcome.problems.append(f"preparing run exited {code}, expected 0")
                break
            continue
        outcome.problems += check_run(code, err, paths_of(args), expected, tool.timeout,
                                    (verb, kind.name) in USAGE_ALLOWED)
    outcome.glbs = sorted(str(p) for p in cell.rglob("*.glb"))
    return outcome


def paths_of(args):
    """The files a command names (its inputs, outputs and companions): any of them may be the one named."""
    return [a for a in args if os.path.isabs(a.split(":")[0])]


def check_run(code, err, addresses, expected, timeout, usage_allowed=False):
    problems = []
    if code is None:
        return [f"hang: killed after {timeout} s"]
    if code < 0:
        return [f"killed by signal {-code} ({signal.Signals(-code).name})"]
    if code == 70 or "internal error" in err:
        problems.append(f"internal error (exit {code})")
    elif expected is not None and code != expected and not (code == 2 and expected == 1 and usage_allowed):
        problems.append(f"exit {code}, expected {expected}")
    if code != 0 and code != 70:
        if "error" not in err:
            problems.append("failed without an error on standard error")
        elif not any(names_the_file(err, address) for address in addresses):
            problems.append("error does not name the file")
    return problems


def validate_glbs(node, validator, paths):
    """{path: error count or a message} for every .glb, from tests/runtime/validate.mjs."""
    results = {}
    for start in range(0, len(paths), 100):
        chunk = paths[start:start + 100]
        done = subprocess.run([node, validator, *chunk], capture_output=True, text=True, timeout=600)
        for line in done.stdout.splitlines():
            match = re.match(r"^(.*\.glb): (\d+) errors, (\d+) warnings", line)
            if match:
                results[match.group(1)] = int(match.group(2))
        for path in chunk:
            if path not in results:
                results[path] = "not validated: " + first_lines(done.stderr or done.stdout)
    return results


def copy_inputs(source, samples, inputs):
    for relative in SAMPLE_FILES:
        src, dst = samples / relative, inputs / "samples" / relative
        dst.parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, dst)
    for relative in EXAMPLE_FILES:
        src, dst = source / "examples" / relative, inputs / "examples" / relative
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
    for path in inputs.rglob("*"):  # the samples folder may be read-only: the copies must not be
        path.chmod(0o755 if path.is_dir() else 0o644)


def make_archives(tool, inputs, scratch):
    """Archives no sample or example holds, packed by the tool itself; returns the failures."""
    made = inputs / "made"
    made.mkdir()
    (made / "light_intensity.animj").write_text(PROPERTY_ANIMJ)
    sith = inputs / "samples/sith/ijim-sed-mod"
    layouts = {
        # A Sith game archive: model, materials, puppet and keys where the game keeps them.
        "Res2.gob": {"3do/sed_pd.3do": sith / "sed_pd.3do", "3do/key/sed_pdgo.key": sith / "sed_pdgo.key",
                     "3do/key/sed_pdstand.key": sith / "sed_pdstand.key", "misc/pup/sedpd.pup": sith / "sedpd.pup",
                     "mat": sith / "mat"},
        "Res3.goo": {"3do/sed_cc_push_button.3do": sith / "sed_cc_push_button.3do",
                     "3do/key/sed_cc_push_button_pressed.key": sith / "sed_cc_push_button_pressed.key"},
        # LEGO Island keeps its .ani files in SI files.
        "ISLE.SI": {"waving_arm.ani": inputs / "examples/lego/waving_arm.ani",
                    "camera_flyby.ani": inputs / "examples/lego/camera_flyby.ani"},
        # A .str2_pc inside a .vpp_pc (a folder named like an archive is packed in turn).
        "nested.vpp_pc": {"hero.str2_pc/wave.anim_pc": inputs / "examples/volition/wave.anim_pc",
                          "hero.str2_pc/wave_character.rig_pc": inputs / "examples/volition/wave_character.rig_pc",
                          "nod.anim_pc": inputs / "examples/volition/nod.anim_pc"},
    }
    failures = []
    for archive, layout in layouts.items():
        folder = scratch / "pack" / archive
        for entry, src in layout.items():
            dst = folder / entry
            dst.parent.mkdir(parents=True, exist_ok=True)
            (shutil.copytree if src.is_dir() else shutil.copy2)(src, dst)
        code, _, err, _ = tool.run(["pack", str(folder), str(made / archive)], scratch, timeout=tool.timeout * 2)
        if code != 0:
            failures.append(f"setup: pack {archive} exited {code}: {first_lines(err)}")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=60, help="seconds one run may take")
    parser.add_argument("--node", default=shutil.which("node") or "node")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder and say where it is")
    parser.add_argument("--only", default="", help="run only the kinds whose name matches this regex")
    parser.add_argument("source", type=pathlib.Path)
    parser.add_argument("samples", type=pathlib.Path)
    parser.add_argument("tool", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    if not options.tool:
        parser.error("no tool command")
    source, samples = options.source.resolve(), options.samples.resolve()
    if not samples.is_dir():
        print(f"SKIPPED LOUDLY: verb_matrix needs the real samples in {samples}, which is absent")
        return 77
    started = time.monotonic()
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="verb_matrix_"))
    tool = Tool(options.tool, options.timeout, scratch)
    try:
        if tool.wine:
            tool.keep_wine_server()
        inputs = scratch / "in"
        copy_inputs(source, samples, inputs)
        setup_failures = make_archives(tool, inputs, scratch)
        kinds = [k for k in KINDS if re.search(options.only, k.name)]
        cells = scratch / "cells"
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
            futures = [pool.submit(run_cell, tool, verb, kind, inputs, cells) for kind in kinds for verb in VERBS]
            outcomes = [f.result() for f in futures]
        every_glb = [g for o in outcomes for g in o.glbs]
        validity = validate_glbs(options.node, str(source / "tests/runtime/validate.mjs"), every_glb)
        for outcome in outcomes:
            for glb in outcome.glbs:
                if validity.get(glb) != 0:
                    shown = os.path.relpath(glb, cells)
                    outcome.problems.append(f"glTF validator: {shown}: {validity.get(glb)} errors")

        failed, known, fixed = [], [], []
        for o in outcomes:
            listed = (o.verb, o.kind) in KNOWN_FAILURES
            if o.problems:
                (known if listed else failed).append(o)
            elif listed:
                fixed.append(o)
        for title, group in (("FAIL", failed), ("KNOWN", known)):
            for o in group:
                command = " ".join(["bonebridge", *[a.replace(str(scratch), "$TMP") for a in o.command]])
                print(f"{title} [{o.verb}] x [{o.kind}]: {'; '.join(o.problems)}\n"
                      f"    $ {command}\n    exit {o.code}: {first_lines(o.stderr.replace(str(scratch), '$TMP'))}")
        for o in fixed:
            print(f"NOW PASSES (remove from KNOWN_FAILURES): [{o.verb}] x [{o.kind}]")
        for line in setup_failures:
            print("FAIL " + line)
        runs = sum(o.runs for o in outcomes)
        passed = len(outcomes) - len(failed) - len(known)
        print(f"verb_matrix: {passed} passed, {len(failed) + len(known)} failed ({len(known)} known, "
              f"{len(failed)} new) of {len(VERBS)} verbs x {len(kinds)} kinds = {len(outcomes)} cells, "
              f"{runs} runs, {len(every_glb)} glb validated, {time.monotonic() - started:.0f} s "
              f"(tool: {' '.join(options.tool)})")
        if options.keep:
            print(f"scratch folder kept: {scratch}")
        return 1 if failed or setup_failures else 0
    finally:
        tool.wine_server("--kill")
        if not options.keep:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
