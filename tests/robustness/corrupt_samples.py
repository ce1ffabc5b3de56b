#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every real sample, corrupted: truncations and single-byte changes fed to `validate` and to `convert`.

For each file of ../shared/samples (SOURCES.md and JSON notes aside; at most six of one extension in one folder,
the first by name, since a folder of 16 walk cycles is 16 inputs of one reader) this runs at least 30 truncations and
20 single-byte changes (positions and values from a fixed-seed generator, so every run is the same), each
through `bonebridge validate` and `bonebridge convert ... .glb`, and requires of every run:
  - exit code 0 or 1 (no signal, no internal error 70, no usage error 2), within 20 s;
  - peak resident memory below 2x the input + 64 MiB (ru_maxrss of that process, from wait4; it includes
    this script's own resident pages at the fork, so the cases are built in the workers from the sample
    path and this process stays small, about 20 MiB);
  - `validate` of a truncated file exits 1, unless all that was cut is ignorable: whitespace, NUL padding,
    or (for the text formats) comment lines.
Usage: corrupt_samples.py BONEBRIDGE SAMPLES_DIR
"""
import concurrent.futures
import os
import pathlib
import subprocess
import sys
import tempfile
import threading

# 30 cuts and 20 changes a file (60 and 40 until 2026-11-29, when it was CI's longest test at 296 s; 40 and 30
# until 2026-11-30, 232 s): each case is two runs of the tool, and a run costs its start-up, about 25 ms, whatever
# the file. The fuzz targets search each reader far more widely; this test checks the whole tool's exit codes
# and memory on real files.
TRUNCATIONS = 30
CHANGES = 20
TIMEOUT_S = 20
TEXT_SUFFIXES = {".key", ".3do", ".animj", ".pup"}
SKIPPED_NAMES = {"SOURCES.md"}
PER_FOLDER_KIND = 6


def xorshift(seed):
    state = seed or 1
    while True:
        state ^= (state << 13) & 0xFFFFFFFFFFFFFFFF
        state ^= state >> 7
        state ^= (state << 17) & 0xFFFFFFFFFFFFFFFF
        yield state


def cut_points(size):
    if size <= TRUNCATIONS:
        return list(range(size))
    return sorted({(size * i) // TRUNCATIONS for i in range(TRUNCATIONS)})


def changes(size, seed):
    numbers = xorshift(seed)
    out = []
    for _ in range(CHANGES):
        at = next(numbers) % size
        flip = (next(numbers) % 255) + 1  # never 0: the byte always changes
        out.append((at, flip))
    return out


# Text formats without a terminator or counts: any prefix that ends at a line boundary is itself a complete
# file (a shorter puppet), so only a cut inside a line can be told from a valid file.
PREFIX_CLOSED_SUFFIXES = {".pup"}


def ignorable_tail(tail, suffix, head=b""):
    if suffix in PREFIX_CLOSED_SUFFIXES and head.endswith((b"\n", b"\r")):
        return True
    if suffix in TEXT_SUFFIXES:
        lines = tail.decode("latin-1").splitlines()
        return all(not line.strip() or line.strip().startswith("#") for line in lines)
    return all(b in (0, 0x20, 0x0A, 0x0D, 0x09) for b in tail)


def run(command, limit_kib):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    timer = threading.Timer(TIMEOUT_S, process.kill)
    timer.start()
    _, status, usage = os.wait4(process.pid, 0)
    timer.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    problems = []
    if process.returncode not in (0, 1):
        problems.append(f"exit {process.returncode}")
    if usage.ru_maxrss > limit_kib:
        problems.append(f"peak memory {usage.ru_maxrss} KiB > {limit_kib} KiB")
    return process.returncode, problems


def case_bytes(sample, spec):
    data = sample.read_bytes()
    if spec[0] == "cut":
        return data[: spec[1]], data[spec[1]:]
    changed = bytearray(data)
    changed[spec[1]] ^= spec[2]
    return bytes(changed), None


def check_case(tool, folder, sample, label, spec):
    data, truncated_tail = case_bytes(sample, spec)
    suffix = sample.suffix.lower()
    case_dir = pathlib.Path(tempfile.mkdtemp(dir=folder))
    path = case_dir / sample.name
    path.write_bytes(data)
    limit_kib = (2 * len(data) + 64 * 1024 * 1024) // 1024
    failures = []
    code, problems = run([tool, "validate", str(path)], limit_kib)
    failures += [f"validate: {p}" for p in problems]
    if truncated_tail is not None and code == 0 and not ignorable_tail(truncated_tail, suffix, data):
        failures.append("validate accepted a truncated file")
    _, problems = run([tool, "convert", str(path), str(case_dir / "out.glb")], limit_kib)
    failures += [f"convert: {p}" for p in problems]
    for leftover in case_dir.iterdir():
        leftover.unlink()
    case_dir.rmdir()
    return [f"{sample.name} ({label}): {f}" for f in failures]


def cases_of(sample):
    size = sample.stat().st_size
    for cut in cut_points(size):
        yield f"cut to {cut} of {size} bytes", ("cut", cut)
    if size:
        seed = sum(sample.name.encode()) * 2654435761 + size
        for at, flip in changes(size, seed):
            yield f"byte {at} ^= 0x{flip:02x}", ("flip", at, flip)


def one_folder_kind_at_most(files, limit):
    """The first `limit` files (by name) of each extension in each folder: 16 walk cycles of one folder are
    16 inputs of one reader, and each costs 200 tool runs."""
    kept, seen = [], {}
    for path in files:
        group = (path.parent, path.suffix.lower())
        seen[group] = seen.get(group, 0) + 1
        if seen[group] <= limit:
            kept.append(path)
    return kept


def main():
    tool, samples = sys.argv[1], pathlib.Path(sys.argv[2])
    if not samples.is_dir():
        print(f"SKIPPED LOUDLY: {samples} is absent; no real sample was corrupted", file=sys.stderr)
        return 0
    every = sorted(p for p in samples.rglob("*") if p.is_file() and p.name not in SKIPPED_NAMES
                   and p.suffix.lower() not in (".md", ".json"))
    files = one_folder_kind_at_most(every, PER_FOLDER_KIND)
    if len(files) < len(every):
        print(f"corrupting {len(files)} of {len(every)} files: at most {PER_FOLDER_KIND} of one kind in one "
              f"folder (the rest are more of the same reader's input; the fuzz targets cover the readers)")
    failures, count = [], 0
    with tempfile.TemporaryDirectory() as folder, \
            concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        futures = []
        for sample in files:
            for label, spec in cases_of(sample):
                futures.append(pool.submit(check_case, tool, folder, sample, label, spec))
        for future in concurrent.futures.as_completed(futures):
            count += 1
            failures += future.result()
    print(f"corrupted samples: {len(files)} files, {count} cases, {2 * count} runs "
          f"(validate and convert each), {len(failures)} failures")
    for failure in sorted(failures)[:200]:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
