#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bonebridge.exe under wine against the native (Linux) bonebridge, on real samples of every family.

For each case the two tools run with the same arguments, and must agree:
  - `convert` to .glb: byte-identical files, except for LBA (see FLOAT_TOLERANCE): there the two C libraries'
    sin/cos/sqrt may round a float differently (cross-builds.md measured 7 of 71,332 words, all within 2e-21
    of zero), so a differing 4-byte word of the binary chunk, or a differing number in the JSON chunk, passes
    when both are finite and within the tolerance; the test prints how many differ and by how much;
  - `convert ... -` (the .glb on standard output): the same bytes as the file (Windows' text mode would turn
    every 0x0A into 0x0D 0x0A);
  - `info --json`, `dump`, `ls` and `validate`: the same exit code, standard output and standard error, also for
    broken files (samples cut short, written by this test), where the error text names the same offset;
  - `extract --recursive` of a compacted (zlib) packfile: the same files with the same bytes;
  - absolute POSIX paths (`/tmp/...`) and wine's `Z:\\...` form are read as files, never as options.
The real Volition samples are cloth setups and tables, which do not convert to glTF: the Volition conversion is
the project's own example (examples/volition), the real files go through dump, ls and extract.
Needs ../shared/samples; exits 77 (ctest: skipped) when it is absent, saying so loudly.
Usage: compare_with_native.py NATIVE_BONEBRIDGE WINE BONEBRIDGE_EXE SOURCE_DIR SAMPLES_DIR WORK_DIR
"""
import json
import math
import os
import pathlib
import re
import shutil
import struct
import subprocess
import sys
import time

# |a - b| allowed between a native and a Windows float, relative to max(1, |a|, |b|); LBA only.
FLOAT_TOLERANCE = 1e-6

# One sample per family (and the libraries the exe bundles: lz4, liblzma, brotli + libzip, zlib, libpng).
CONVERSIONS = [
    ("lego", "lego/pns065rd.ani", []),
    ("sith", "sith/ijim-sed-mod/sed_pdgo.key", ["--model", "{samples}/sith/ijim-sed-mod/sed_pd.3do"]),
    ("sith", "sith/ijim-sed-mod/sed_pd.3do", []),
    ("lba", "lba/Twinsen_Walk.anm",
     ["--variant", "lba2", "--body", "{samples}/lba/lba2-bodies/My_Twinsen_Tunic_LBA2.lm2"]),
    ("animx", "animx/sample_lz4.animx", []),
    ("animx", "animx/interop_liblzma_written.animx", []),
    ("volition", "{examples}/volition/wave.anim_pc", ["--rig", "{examples}/volition/wave_character.rig_pc"]),
]
# Other verbs whose output must match (sample, arguments after it).
LISTINGS = [("volition/jean.sim_pc", ["dump"]), ("volition/packfiles/table.vpp_pc", ["ls"]),
            ("sith/ijim-sed-mod/sed_pdgo.key", ["dump"])]
EXTRACTS = ["volition/packfiles/table.vpp_pc"]
INFOS = ["lego/pns065rd.ani", "lba/Twinsen_Walk.anm", "animx/packages/loading_standin.resonitepackage",
         "volition/packfiles/table.vpp_pc", "sith/ijim-sed-mod/sed_pd.3do"]
# Broken copies: (sample, bytes kept).
TRUNCATIONS = [("lego/pns065rd.ani", 0.5), ("lba/Twinsen_Walk.anm", 0.6), ("animx/sample_lz4.animx", 0.7),
               ("volition/jean.sim_pc", 0.5), ("sith/ijim-sed-mod/sed_pdgo.key", 0.4)]


# wine's own Linux loader can print a glibc assertion (dl-fini.c) as a wine process exits: seen once, at load
# 6, after the exe had written its output and exit code. That line is wine's, not bonebridge.exe's.
WINE_LOADER_NOISE = re.compile(rb"^Inconsistency detected by ld\.so: [^\n]*\n?", re.M)


class Tools:
    def __init__(self, native, wine, exe, work):
        self.native, self.wine, self.exe, self.work = native, wine, exe, work
        self.env = dict(os.environ, WINEDEBUG="-all", WINEPREFIX=str(work / "wineprefix"),
                        WINEDLLOVERRIDES="mscoree,mshtml=")
        self.env.pop("DISPLAY", None)

    def run_native(self, args, cwd=None):
        return subprocess.run([self.native, *args], capture_output=True, cwd=cwd, timeout=300)

    def run_windows(self, args, cwd=None):
        result = subprocess.run([self.wine, self.exe, *args], capture_output=True, cwd=cwd, env=self.env,
                                timeout=300)
        result.stderr = WINE_LOADER_NOISE.sub(b"", result.stderr)
        return result


def glb_chunks(data):
    magic, _, length = struct.unpack_from("<4sII", data, 0)
    if magic != b"glTF" or length != len(data):
        raise ValueError("not a .glb")
    chunks, offset = {}, 12
    while offset < len(data):
        size, kind = struct.unpack_from("<I4s", data, offset)
        chunks[kind] = data[offset + 8:offset + 8 + size]
        offset += 8 + size
    return chunks


def close(a, b):
    return math.isfinite(a) and math.isfinite(b) and abs(a - b) <= FLOAT_TOLERANCE * max(1.0, abs(a), abs(b))


def json_differences(a, b, where="$"):
    """Numbers that differ (as (where, a, b)); raises on any other difference."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return [d for key in a for d in json_differences(a[key], b[key], f"{where}.{key}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in json_differences(x, y, f"{where}[{i}]")]
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return [] if a == b else [(where, a, b)]
    if a != b:
        raise AssertionError(f"JSON differs at {where}: {a!r} vs {b!r}")
    return []


def float_differences(native, windows):
    """Differing 4-byte words of the binary chunks and differing JSON numbers, as (where, a, b)."""
    a, b = glb_chunks(native), glb_chunks(windows)
    if a.keys() != b.keys() or len(a.get(b"BIN\0", b"")) != len(b.get(b"BIN\0", b"")):
        raise AssertionError("the .glb files have different chunks")
    found = json_differences(json.loads(a[b"JSON"]), json.loads(b[b"JSON"]))
    bin_a, bin_b = a.get(b"BIN\0", b""), b.get(b"BIN\0", b"")
    for offset in range(0, len(bin_a) - len(bin_a) % 4, 4):
        if bin_a[offset:offset + 4] != bin_b[offset:offset + 4]:
            x, y = struct.unpack_from("<f", bin_a, offset)[0], struct.unpack_from("<f", bin_b, offset)[0]
            found.append((f"BIN+{offset}", x, y))
    return found


def check_conversion(tools, places, family, sample, extra, failures):
    args = [expand(arg, places) for arg in extra]
    source = pathlib.Path(expand(sample, places))
    if not source.is_absolute():
        source = places["samples"] / sample
    native_out = tools.work / f"{source.stem}.native.glb"
    windows_out = tools.work / f"{source.stem}.windows.glb"
    native_out.unlink(missing_ok=True)  # left by an earlier run: convert does not replace files
    windows_out.unlink(missing_ok=True)
    native = tools.run_native(["convert", str(source), str(native_out), *args])
    windows = tools.run_windows(["convert", str(source), str(windows_out), *args])
    if native.returncode != 0 or windows.returncode != native.returncode:
        failures.append(f"convert {sample}: exit {native.returncode} native, {windows.returncode} under wine: "
                        f"{windows.stderr.decode(errors='replace')}")
        return
    native_bytes, windows_bytes = native_out.read_bytes(), windows_out.read_bytes()
    piped = tools.run_windows(["convert", str(source), "-", "--to", "glb", *args])
    if piped.stdout != windows_bytes:
        failures.append(f"convert {sample} -: standard output ({len(piped.stdout)} bytes) is not the .glb file "
                        f"({len(windows_bytes)} bytes)")
    if native_bytes == windows_bytes:
        print(f"{family}: {sample}: byte-identical ({len(native_bytes)} bytes)")
        return
    try:
        differences = float_differences(native_bytes, windows_bytes)
    except (AssertionError, ValueError) as error:
        failures.append(f"convert {sample}: {error}")
        return
    words = len(native_bytes) // 4
    largest = max(abs(a - b) for _, a, b in differences) if differences else 0.0
    summary = f"{len(differences)} of {words} words differ, largest difference {largest:.3g}"
    if family == "lba" and all(close(a, b) for _, a, b in differences):
        print(f"{family}: {sample}: within the libm tolerance {FLOAT_TOLERANCE:g}: {summary}")
    else:
        failures.append(f"convert {sample}: {summary}; first: {differences[:3]}")


def check_same_run(tools, args, cwd, label, failures):
    native, windows = tools.run_native(args, cwd), tools.run_windows(args, cwd)
    same = (native.returncode, native.stdout, native.stderr) == (windows.returncode, windows.stdout, windows.stderr)
    if not same:
        failures.append(f"{label}: native exit {native.returncode} {native.stdout[:300]!r} {native.stderr[:300]!r}"
                        f" / wine exit {windows.returncode} {windows.stdout[:300]!r} {windows.stderr[:300]!r}")
        return
    print(f"{label}: same exit code ({native.returncode}), output and errors"
          f"{': ' + native.stderr.decode(errors='replace').strip() if native.stderr else ''}")


def expand(arg, places):
    return arg.replace("{samples}", str(places["samples"])).replace("{examples}", str(places["examples"]))


def tree_bytes(folder):
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def check_extract(tools, samples, sample, failures):
    source = samples / sample
    native_dir, windows_dir = tools.work / "extract.native", tools.work / "extract.windows"
    shutil.rmtree(native_dir, ignore_errors=True)
    shutil.rmtree(windows_dir, ignore_errors=True)
    native = tools.run_native(["extract", "--recursive", str(source), str(native_dir)])
    windows = tools.run_windows(["extract", "--recursive", str(source), str(windows_dir)])
    native_files, windows_files = tree_bytes(native_dir), tree_bytes(windows_dir)
    if native.returncode != 0 or windows.returncode != 0 or native_files != windows_files:
        failures.append(f"extract {sample}: exit {native.returncode}/{windows.returncode}, {len(native_files)} "
                        f"files native, {len(windows_files)} under wine, "
                        f"{sum(native_files.get(k) != v for k, v in windows_files.items())} differ")
        return
    print(f"extract --recursive {sample}: the same {len(native_files)} files "
          f"({sum(map(len, native_files.values()))} bytes)")


def check_paths(tools, samples, failures):
    """An absolute POSIX path, and wine's drive form of it, name files: never options."""
    source = tools.work / "paths" / "walk.ani"
    source.parent.mkdir(exist_ok=True)
    shutil.copyfile(samples / "lego/pns065rd.ani", source)
    for spelling in (str(source), "Z:" + str(source).replace("/", "\\")):
        result = tools.run_windows(["info", spelling])
        if result.returncode != 0:
            failures.append(f"info {spelling}: exit {result.returncode}: {result.stderr.decode(errors='replace')}")
        else:
            print(f"info {spelling}: read as a file")


def main():
    native, wine, exe, source_dir, samples, work = sys.argv[1:7]
    samples, work = pathlib.Path(samples), pathlib.Path(work)
    places = {"samples": samples, "examples": pathlib.Path(source_dir) / "examples"}
    if not samples.is_dir():
        print(f"SKIPPED LOUDLY: {samples} is absent: bonebridge.exe was not compared with the native tool")
        return 77
    work.mkdir(parents=True, exist_ok=True)
    tools = Tools(native, wine, exe, work)
    started = time.monotonic()
    tools.run_windows(["--version"])  # wine's first start creates its prefix: timed on its own
    print(f"wine started in {time.monotonic() - started:.1f} s")
    failures = []
    for family, sample, extra in CONVERSIONS:
        if not (samples / expand(sample, places)).exists():
            print(f"SKIPPED LOUDLY: {sample} is absent")
            continue
        check_conversion(tools, places, family, sample, extra, failures)
    for sample in INFOS:
        if (samples / sample).exists():
            copy = work / pathlib.Path(sample).name
            shutil.copyfile(samples / sample, copy)
            check_same_run(tools, ["info", copy.name, "--json"], work, f"info --json {sample}", failures)
    for sample, verb in LISTINGS:
        if (samples / sample).exists():
            copy = work / pathlib.Path(sample).name
            shutil.copyfile(samples / sample, copy)
            check_same_run(tools, [*verb, copy.name], work, f"{' '.join(verb)} {sample}", failures)
    for sample in EXTRACTS:
        if (samples / sample).exists():
            check_extract(tools, samples, sample, failures)
    for sample, kept in TRUNCATIONS:
        if (samples / sample).exists():
            data = (samples / sample).read_bytes()
            broken = work / f"broken_{pathlib.Path(sample).name}"
            broken.write_bytes(data[:int(len(data) * kept)])
            check_same_run(tools, ["validate", broken.name], work, f"validate {broken.name}", failures)
    check_paths(tools, samples, failures)
    print(f"all cases in {time.monotonic() - started:.1f} s")
    for failure in failures:
        print(f"FAILED: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
