#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A whole install at full speed (issue 27): batch over a synthetic Sith GOB, old and new binary side by side.

    bench/install_scale.py --new build/bonebridge --old /work/scale-old/build/bonebridge
    bench/install_scale.py --new build/bonebridge --gib 1

The install is the issue's: a GOB of N textured models and N keys (the probe droid's sed_pd.3do, its 11
materials and its sed_pdgo/hit/stand keys from ../shared/samples/sith/ijim-sed-mod, renamed copies), packed with
`bonebridge pack`. Each binary runs `batch -j JOBS` under /usr/bin/time -v; the floor is `cat` of the archive and
`bonebridge extract` of it, in the same run. The two output trees are compared file by file: byte for byte, or
for .glb files, identical apart from PNG image streams that decode to the same pixels.

With --gib G: a G GiB archive of small entries (models and keys, written by a generator in pack's layout, which
is checked against `bonebridge pack` on a small install first), batched by the new binary alone, peak RSS
reported. CI does not run this (minutes of CPU). With --floor-only, only `cat` and `bonebridge extract` of the
archive (extract's peak RSS on the large archive, in seconds). With --mixed CYCLES: the install with one large key
(sed_pdstand.key played CYCLES times over) last in the archive, batched; the report gives CPU seconds (user + system)
and utilisation (CPU seconds / wall seconds / jobs), which a large entry taken last lowers."""
import argparse
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLES = os.path.join(ROOT, "..", "shared", "samples", "sith", "ijim-sed-mod")
KEYS = ("sed_pdgo.key", "sed_pdhit.key", "sed_pdstand.key")


def install_files(models):
    """(entry name, sample file) of the synthetic install, in `bonebridge pack`'s order."""
    files = []
    digits = len(str(models - 1))
    for i in range(models):
        files.append((f"3do/key/pd{i:0{digits}d}.key", KEYS[i % len(KEYS)]))
    for i in range(models):
        files.append((f"3do/pd{i:0{digits}d}.3do", "sed_pd.3do"))
    for name in sorted(os.listdir(os.path.join(SAMPLES, "mat"))):
        files.append((f"mat/{name}", os.path.join("mat", name)))
    return files


def make_folder(folder, files):
    for name, sample in files:
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copyfile(os.path.join(SAMPLES, sample), path)


def write_gob(path, files):
    """A GOB in the layout our writer gives a new archive (src/archive/gob.cpp): the 12-byte header, the
    directory (count, then offset, size and a 128-byte lower-case '\\' path per entry), the entries' data in
    order. Streamed: the entries are never all in memory."""
    sizes = [os.path.getsize(os.path.join(SAMPLES, sample)) for _, sample in files]
    directory_offset = 12
    offset = directory_offset + 4 + 136 * len(files)
    with open(path, "wb") as out:
        out.write(b"GOB " + struct.pack("<II", 0x14, directory_offset))
        out.write(struct.pack("<I", len(files)))
        for (name, _), size in zip(files, sizes):
            out.write(struct.pack("<II", offset, size) + name.replace("/", "\\").lower().encode().ljust(128, b"\0"))
            offset += size
        cache = {}
        for _, sample in files:
            if sample not in cache:
                with open(os.path.join(SAMPLES, sample), "rb") as f:
                    cache[sample] = f.read()
            out.write(cache[sample])


def long_key(cycles):
    """A large entry: sed_pdstand.key's 45 frames played `cycles` times over, one key (~17 KiB of text a cycle,
    about 1 s of CPU per 1,000 cycles to convert), written out in the key's own text layout."""
    text = open(os.path.join(SAMPLES, "sed_pdstand.key")).read()
    frames = int(re.search(r"FRAMES\s+(\d+)", text).group(1))
    head, nodes = text.split("SECTION: KEYFRAME NODES", 1)
    head = re.sub(r"FRAMES\s+\d+", f"FRAMES {frames * cycles}", head)
    parts = re.split(r"(NODE\s+\d+\nMESH NAME [^\n]*\nENTRIES \d+\n)", nodes)
    out = [head, "SECTION: KEYFRAME NODES", parts[0]]
    for header, body in zip(parts[1::2], parts[2::2]):
        rows = re.findall(r"^\s*\d+:\s+(\d+)\s+(0x[0-9A-Fa-f]+)(.*)\n(\s+.*)\n", body, re.M)
        out.append(re.sub(r"ENTRIES \d+", f"ENTRIES {len(rows) * cycles}", header) + "\n")
        number = 0
        for cycle in range(cycles):
            for frame, flags, rest, second in rows:
                out.append(f"{number:6d}: {int(frame) + cycle * frames:8d}   {flags}{rest}\n{second}\n")
                number += 1
        out.append("\n")
    return "".join(out).encode()


def write_mixed_gob(path, files, large_name, large):
    """The install's GOB with one large entry appended last (the worst place for a queue taken in order)."""
    write_gob(path, files)
    with open(path, "r+b") as out:
        data = bytearray(out.read())
    count = struct.unpack_from("<I", data, 12)[0]
    # Rebuilt with the large entry's record added: the directory grows by one record, every offset by 136.
    records = [struct.unpack_from("<II128s", data, 16 + 136 * i) for i in range(count)]
    start = 16 + 136 * count
    body = data[start:]
    with open(path, "wb") as out:
        out.write(b"GOB " + struct.pack("<III", 0x14, 12, count + 1))
        for offset, size, name in records:
            out.write(struct.pack("<II128s", offset + 136, size, name))
        out.write(struct.pack("<II", start + 136 + len(body), len(large)) +
                  large_name.replace("/", "\\").lower().encode().ljust(128, b"\0"))
        out.write(body)
        out.write(large)


def timed(command, stdout=subprocess.DEVNULL):
    """Wall time, user+system CPU, system time and peak RSS (KiB) of a command, from /usr/bin/time -v."""
    start = time.monotonic()
    done = subprocess.run(["/usr/bin/time", "-v"] + command, stdout=stdout, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    report = done.stderr.decode(errors="replace")
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(command)}\n{report[-3000:]}")

    def field(label):
        return float(re.search(re.escape(label) + r": ([0-9.]+)", report).group(1))

    return {"wall_s": round(wall, 3), "user_s": field("User time (seconds)"),
            "system_s": field("System time (seconds)"), "peak_rss_mib": round(field("Maximum resident set size (kbytes)") / 1024, 1)}


def batch(tool, archive, out, jobs):
    shutil.rmtree(out, ignore_errors=True)
    figures = timed([tool, "batch", "-j", str(jobs), archive, out])
    entries = sum(len(files) for _, _, files in os.walk(out))
    size = os.path.getsize(archive)
    figures["outputs"] = entries
    figures["entries_per_s"] = round(entries / figures["wall_s"], 1)
    figures["mib_per_s"] = round(size / 2**20 / figures["wall_s"], 1)
    # How busy the jobs kept the cores: CPU seconds over wall seconds times jobs (1.0: every job busy always).
    figures["cpu_s"] = round(figures["user_s"] + figures["system_s"], 2)
    figures["utilisation"] = round(figures["cpu_s"] / max(figures["wall_s"], 1e-3) / jobs, 2)
    return figures


# PNG decoding (8-bit, non-interlaced: what our writers and libpng's defaults give), for the pixel comparison.
def png_pixels(data):
    """The image's size, colour type and unfiltered rows (palette images expanded), as one byte string."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, palette, transparency = 8, b"", None, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"PLTE":
            palette = chunk
        elif kind == b"tRNS":
            transparency = chunk
        elif kind == b"IDAT":
            idat += chunk
    assert depth == 8 and interlace == 0, "only 8-bit non-interlaced PNGs are compared"
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    pixels = b"".join(rows)
    if palette is not None:
        pixels = b"".join(palette[3 * i:3 * i + 3] + (transparency[i:i + 1] or b"\xff") for i in pixels)
        colour = 6
    return struct.pack(">IIB", width, height, colour) + pixels


PIXELS = {}


def pixel_digest(png):
    key = hashlib.sha256(png).digest()
    if key not in PIXELS:
        PIXELS[key] = hashlib.sha256(png_pixels(png)).hexdigest()
    return PIXELS[key]


def glb_canonical(data):
    """A .glb with its PNG images as the digests of their pixels and every other buffer view as its bytes'
    digest, offsets and lengths left out: equal when only the PNG encodings differ."""
    length = struct.unpack("<I", data[12:16])[0]
    document = json.loads(data[20:20 + length])
    binary = data[20 + length + 8:]
    views = document.get("bufferViews", [])
    images = {image["bufferView"]: image.get("mimeType") for image in document.get("images", []) if "bufferView" in image}
    contents = []
    for index, view in enumerate(views):
        chunk = binary[view.get("byteOffset", 0):view.get("byteOffset", 0) + view["byteLength"]]
        contents.append(pixel_digest(chunk) if images.get(index) == "image/png" else hashlib.sha256(chunk).hexdigest())
        view.pop("byteOffset", None)
        view.pop("byteLength", None)
    for buffer in document.get("buffers", []):
        buffer.pop("byteLength", None)
    return json.dumps(document, sort_keys=True), contents


def compare_trees(old, new):
    """(files, byte-identical, identical apart from PNG streams, different or missing)."""
    names = set()
    for base in (old, new):
        for folder, _, files in os.walk(base):
            names.update(os.path.relpath(os.path.join(folder, f), base) for f in files)
    same = pixels = differ = 0
    for name in sorted(names):
        paths = [os.path.join(base, name) for base in (old, new)]
        if not all(os.path.exists(p) for p in paths):
            differ += 1
            print(f"  only in one tree: {name}", file=sys.stderr)
            continue
        a, b = (open(p, "rb").read() for p in paths)
        if a == b:
            same += 1
        elif name.endswith(".glb") and glb_canonical(a) == glb_canonical(b):
            pixels += 1
        else:
            differ += 1
            print(f"  differs: {name}", file=sys.stderr)
    return {"files": len(names), "byte_identical": same, "same_pixels": pixels, "different": differ}


def write_hqr(path, padding_mib, entry):
    """An HQR (research/lba1-anm.md §3) of `padding_mib` stored 1 MiB entries, then `entry` (a block as stored:
    its 10-byte header and data), streamed."""
    table = 4 * (padding_mib + 2)
    offsets = [table + i * (10 + 2**20) for i in range(padding_mib)]
    offsets.append(table + padding_mib * (10 + 2**20))
    offsets.append(offsets[-1] + len(entry))
    padding = struct.pack("<IIH", 2**20, 2**20, 0) + b"\xab" * 2**20
    with open(path, "wb") as out:
        out.write(struct.pack(f"<{len(offsets)}I", *offsets))
        for _ in range(padding_mib):
            out.write(padding)
        out.write(entry)


def hqr_block(path, index):
    """Entry `index` of an HQR as stored: its header and stored bytes."""
    data = open(path, "rb").read()
    offset = struct.unpack_from("<I", data, 4 * index)[0]
    stored = struct.unpack_from("<I", data, offset + 4)[0]
    return data[offset:offset + 10 + stored]


def convert_entry(tool, scratch):
    """`convert ARCHIVE:ENTRY` of one small entry from a small and a large archive (GOB and HQR): its system
    time and peak RSS must not grow with the archive."""
    results = {}
    for mib in (64, 512):
        gob = os.path.join(scratch, f"convert-{mib}.gob")
        pairs = int(mib * 2**20 / (os.path.getsize(os.path.join(SAMPLES, "sed_pd.3do")) + 21372))
        files = install_files(pairs)
        write_gob(gob, files)
        model = next(name for name, _ in files if name.endswith(".3do")).replace("/", "\\")
        hqr = os.path.join(scratch, f"convert-{mib}.hqr")
        write_hqr(hqr, mib, hqr_block(os.path.join(ROOT, "examples", "lba", "ANIM.HQR"), 1))
        out = os.path.join(scratch, "entry.glb")
        for kind, address in (("gob", f"{gob}:{model}"), ("hqr", f"{hqr}:{mib}")):
            figures = timed([tool, "convert", "--force", address, out])
            results[f"{kind} {os.path.getsize(gob if kind == 'gob' else hqr) / 2**20:.0f} MiB"] = {
                k: figures[k] for k in ("wall_s", "system_s", "peak_rss_mib")}
        os.remove(gob)
        os.remove(hqr)
    return results


def floor(tool, archive, scratch):
    cat = timed(["cat", archive], stdout=subprocess.DEVNULL)
    out = os.path.join(scratch, "extracted")
    shutil.rmtree(out, ignore_errors=True)
    extract = timed([tool, "extract", archive, out])
    shutil.rmtree(out, ignore_errors=True)
    return {"cat": cat, "extract": extract}


def check_generator(tool, scratch):
    """The generator's GOB equals `bonebridge pack`'s for a small install, so both benchmarks read one layout."""
    files = install_files(3)
    folder, packed, generated = (os.path.join(scratch, n) for n in ("small", "packed.gob", "generated.gob"))
    shutil.rmtree(folder, ignore_errors=True)
    make_folder(folder, files)
    subprocess.run([tool, "pack", "--force", folder, packed], check=True, capture_output=True)
    write_gob(generated, files)
    if open(packed, "rb").read() != open(generated, "rb").read():
        sys.exit("the generator's GOB differs from bonebridge pack's")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--new", required=True, help="the bonebridge binary under test")
    parser.add_argument("--old", help="the binary to compare with (the issue's: commit 896b31c)")
    parser.add_argument("--base", help="also compare outputs with this binary's (the tree before this change)")
    parser.add_argument("--models", type=int, default=1500, help="textured models (and as many keys)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--gib", type=float, help="instead: a GIB-sized archive of small entries, new binary only")
    parser.add_argument("--scratch", default="/tmp/bonebridge-install-scale")
    parser.add_argument("--mixed", type=int, metavar="CYCLES",
                        help="instead: the install (--models) with one large key of CYCLES x 45 frames last in the "
                             "archive; batch by --new (and --base), CPU utilisation reported")
    parser.add_argument("--floor-only", action="store_true",
                        help="only the floor: `cat` and `bonebridge extract` of the archive (with --gib: extract's "
                             "peak RSS on the large archive, without minutes of batch)")
    parser.add_argument("--convert-only", action="store_true",
                        help="only `convert ARCHIVE:ENTRY` from a 64 and a 512 MiB GOB and HQR")
    args = parser.parse_args()
    os.makedirs(args.scratch, exist_ok=True)
    new = os.path.abspath(args.new)
    check_generator(new, args.scratch)
    if args.convert_only:
        print(json.dumps(convert_entry(new, args.scratch), indent=1))
        return 0
    archive = os.path.join(args.scratch, "BIG.GOB")
    if args.mixed:
        large = long_key(args.mixed)
        write_mixed_gob(archive, install_files(args.models), "zz/long.key", large)
        report = {"archive_mib": round(os.path.getsize(archive) / 2**20, 1), "jobs": args.jobs,
                  "large_entry_mib": round(len(large) / 2**20, 1)}
        report["new"] = batch(new, archive, os.path.join(args.scratch, "out-new"), args.jobs)
        if args.base:
            report["base"] = batch(os.path.abspath(args.base), archive, os.path.join(args.scratch, "out-base"),
                                   args.jobs)
            report["outputs_vs_base"] = compare_trees(os.path.join(args.scratch, "out-base"),
                                                      os.path.join(args.scratch, "out-new"))
        print(json.dumps(report, indent=1))
        return 1 if report.get("outputs_vs_base", {}).get("different") else 0
    if args.gib:
        per_pair = os.path.getsize(os.path.join(SAMPLES, "sed_pd.3do")) + os.path.getsize(os.path.join(SAMPLES, KEYS[0]))
        write_gob(archive, install_files(int(args.gib * 2**30 / per_pair)))
    else:
        folder = os.path.join(args.scratch, "install")
        shutil.rmtree(folder, ignore_errors=True)
        make_folder(folder, install_files(args.models))
        subprocess.run([new, "pack", "--force", folder, archive], check=True, capture_output=True)
        shutil.rmtree(folder)
    size = os.path.getsize(archive)
    report = {"archive_mib": round(size / 2**20, 1), "jobs": args.jobs, "floor": floor(new, archive, args.scratch)}
    if args.floor_only:
        print(json.dumps(report, indent=1))
        return 0
    report["new"] = batch(new, archive, os.path.join(args.scratch, "out-new"), args.jobs)
    if args.old and not args.gib:
        report["old"] = batch(os.path.abspath(args.old), archive, os.path.join(args.scratch, "out-old"), args.jobs)
        report["speedup"] = round(report["old"]["wall_s"] / report["new"]["wall_s"], 2)
        report["outputs"] = compare_trees(os.path.join(args.scratch, "out-old"), os.path.join(args.scratch, "out-new"))
    if args.base and not args.gib:
        report["base"] = batch(os.path.abspath(args.base), archive, os.path.join(args.scratch, "out-base"), args.jobs)
        report["outputs_vs_base"] = compare_trees(os.path.join(args.scratch, "out-base"),
                                                  os.path.join(args.scratch, "out-new"))
    report["new_vs_cat"] = round(report["new"]["wall_s"] / max(report["floor"]["cat"]["wall_s"], 1e-3), 1)
    report["new_vs_extract"] = round(report["new"]["wall_s"] / max(report["floor"]["extract"]["wall_s"], 1e-3), 1)
    print(json.dumps(report, indent=1))
    return 1 if report.get("outputs", {}).get("different") or report.get("outputs_vs_base", {}).get("different") else 0


if __name__ == "__main__":
    sys.exit(main())
