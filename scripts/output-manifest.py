#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fingerprints every output the tool makes from the examples and samples, in every conversion direction.

Run it before and after a change that must not alter behaviour:
    scripts/output-manifest.py build/bonebridge > before.json
    ... change, rebuild ...
    scripts/output-manifest.py build/bonebridge --compare before.json
The inputs and their companion files are those of tests/runtime/exports.json and imports.json, then every file of
examples/ and ../shared/samples/ on its own. For each input it records the sha256 of: the .glb and .gltf
exports, `dump`, `info --json`, `sample --step`, `ls --json` (with exit code and standard error), the native
re-encoding (`convert IN OUT.<same extension>`), the .glb converted back to the input's format with its notes,
and, for imports.json, the glTF -> game file conversion and its notes. For each folder of examples/ and of the
samples, as an install: `characters --json`, and every file `batch` and `batch --characters` write (by their
path below the output folder) with their exit codes. Exit 1 when --compare finds a difference."""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def resolve(entry, samples):
    if "example" in entry:
        return os.path.join(ROOT, "examples", entry["example"])
    if "sample" in entry:
        return os.path.join(samples, entry["sample"])
    return os.path.join(ROOT, entry["gltf"])


def expand(entry, samples):
    places = {"{samples}": samples, "{examples}": os.path.join(ROOT, "examples"), "{source}": ROOT}
    args = entry.get("args", [])
    for key, value in places.items():
        args = [a.replace(key, value) for a in args]
    return args


SAMPLES = os.path.abspath(os.path.join(ROOT, "..", "shared", "samples"))


def run(tool, args):
    """Exit code, standard output and error, with the checkout's and the samples' folders written as {source}
    and {samples}, so that two checkouts of one tree give one manifest."""
    done = subprocess.run([tool] + args, capture_output=True, timeout=600)

    def placeless(data):
        return data.replace(SAMPLES.encode(), b"{samples}").replace(ROOT.encode(), b"{source}")

    return done.returncode, placeless(done.stdout), placeless(done.stderr)


def digest(data):
    return hashlib.sha256(data).hexdigest()


def file_digest(path):
    if not os.path.exists(path):
        return "absent"
    with open(path, "rb") as f:
        return digest(f.read())


def fingerprint_export(tool, entry, samples, scratch):
    source = resolve(entry, samples)
    args = expand(entry, samples)
    base = os.path.basename(source.split(":")[0])
    stem = os.path.join(scratch, base)
    out = {}
    for ext in (".glb", ".gltf"):
        code, _, _ = run(tool, ["convert", source, stem + ext] + args)
        out[ext] = f"{code}:{file_digest(stem + ext)}"
        if os.path.exists(stem + ext):
            os.remove(stem + ext)
    for verb in (["dump"], ["info", "--json"], ["sample", "--step", "0.05", "--json"], ["ls", "--json"]):
        code, stdout, stderr = run(tool, [verb[0], source] + verb[1:] + args)
        out[" ".join(verb)] = f"{code}:{digest(stdout)}:{digest(stderr)}"
    out["back from glTF"] = fingerprint_back(tool, source, args, stem)
    ext = os.path.splitext(source.split(":")[0])[1]
    if ext and not source.lower().endswith(".hqr") and ":" not in os.path.basename(source):
        again = stem + ".again" + ext
        code, _, _ = run(tool, ["convert", source, again] + args)
        out["re-encode"] = f"{code}:{file_digest(again)}"
        if os.path.exists(again):
            os.remove(again)
    return " ".join([source] + args), out


def notes_of(stderr):
    # The notes only: the status line on standard error names the scratch folder, which changes every run.
    return b"".join(line for line in stderr.splitlines(keepends=True) if line.startswith(b"note: "))


def fingerprint_back(tool, source, args, stem):
    """The input's .glb converted back to the input's own format: the reverse bridge of every file."""
    ext = os.path.splitext(source.split(":")[-1])[1]
    glb, back = stem + ".back.glb", stem + ".back" + ext
    code, _, _ = run(tool, ["convert", source, glb] + args)
    if code != 0 or not ext:
        return f"no glb ({code})"
    code, _, stderr = run(tool, ["convert", glb, back] + args)
    result = f"{code}:{file_digest(back)}:{digest(notes_of(stderr))}"
    for path in (glb, back):
        if os.path.exists(path):
            os.remove(path)
    return result


def every_file(samples):
    """Every sample and example file, as entries with no options, for those the runtime lists leave out."""
    entries = []
    for base, key in ((os.path.join(ROOT, "examples"), "example"), (samples, "sample")):
        for folder, _, files in os.walk(base):
            for name in sorted(files):
                if not name.endswith(".md"):
                    entries.append({key: os.path.relpath(os.path.join(folder, name), base)})
    return sorted(entries, key=lambda e: json.dumps(e))


def fingerprint_import(tool, entry, samples, scratch):
    source = resolve(entry, samples)
    args = expand(entry, samples)
    glb = source
    if not source.endswith(".glb"):
        glb = os.path.join(scratch, "import_source.glb")
        run(tool, ["convert", source, glb] + args)
    target = os.path.join(scratch, "import_target")
    code, stdout, stderr = run(tool, ["convert", glb, target, "--to", entry["to"]] + args)
    out = {"from glTF": f"{code}:{file_digest(target)}", "notes": digest(notes_of(stderr))}
    for path in (target, os.path.join(scratch, "import_source.glb")):
        if os.path.exists(path):
            os.remove(path)
    return source + " -> " + entry["to"], out


def output_digests(folder):
    """Each file below `folder` by its relative path, with its digest."""
    found = {}
    for base, _, files in os.walk(folder):
        for name in sorted(files):
            path = os.path.join(base, name)
            found[os.path.relpath(path, folder)] = file_digest(path)
    return found


def fingerprint_install(tool, folder, scratch):
    """What the install-level verbs make of a folder: its characters, and the batches' files."""
    out = {}
    code, stdout, _ = run(tool, ["characters", folder, "--json"])
    out["characters --json"] = f"{code}:{digest(stdout)}"
    for name, extra in (("batch", []), ("batch --characters", ["--characters"])):
        target = os.path.join(scratch, "batch")
        code, _, _ = run(tool, ["batch", folder, target, "-q"] + extra)
        for relative, value in output_digests(target).items():
            out[f"{name} {relative}"] = value
        out[name] = str(code)
        subprocess.run(["rm", "-rf", target], check=True)
    return folder, out


def install_folders(samples):
    folders = []
    for base in (os.path.join(ROOT, "examples"), samples):
        if os.path.isdir(base):
            folders += [os.path.join(base, name) for name in sorted(os.listdir(base))
                        if os.path.isdir(os.path.join(base, name))]
    return folders


def manifest(tool, samples):
    result = {}
    with tempfile.TemporaryDirectory() as scratch:
        for name, fingerprint in (("exports.json", fingerprint_export), ("imports.json", fingerprint_import)):
            with open(os.path.join(ROOT, "tests", "runtime", name)) as f:
                entries = json.load(f)
            if name == "exports.json":
                entries += every_file(samples)
            for entry in entries:
                if "sample" in entry and not os.path.isdir(samples):
                    continue
                key, value = fingerprint(tool, entry, samples, scratch)
                result[key.replace(ROOT, "{source}").replace(samples, "{samples}")] = value
        for folder in install_folders(samples):
            key, value = fingerprint_install(tool, folder, scratch)
            result[key.replace(ROOT, "{source}").replace(samples, "{samples}")] = value
    return result


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    tool = os.path.abspath(sys.argv[1])
    samples = os.path.abspath(os.path.join(ROOT, "..", "shared", "samples"))
    current = manifest(tool, samples)
    if "--compare" not in sys.argv:
        print(json.dumps(current, indent=1, sort_keys=True))
        return 0
    with open(sys.argv[sys.argv.index("--compare") + 1]) as f:
        before = json.load(f)
    differences = 0
    outputs = 0
    for key in sorted(set(before) | set(current)):
        old, new = before.get(key, {}), current.get(key, {})
        for what in sorted(set(old) | set(new)):
            outputs += 1
            if old.get(what) != new.get(what):
                differences += 1
                print(f"DIFFERS {key} [{what}]: {old.get(what)} -> {new.get(what)}")
    print(f"{outputs} outputs compared, {differences} differ", file=sys.stderr)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
