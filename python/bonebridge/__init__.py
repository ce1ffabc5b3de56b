# SPDX-License-Identifier: MIT
"""bonebridge: the skeletal animation of classic games (LEGO Island, Sith engine, LBA, Resonite, Volition) to
glTF 2.0 and back.

    import bonebridge as bb
    doc = bb.open("walk.anm", variant="lba2", body="twinsen.lm2")
    doc.info()                      # dict, as `bonebridge info --json`
    pose = doc.sample(0.5)          # names, parents, translation (J,3), rotation (J,4 xyzw), scale, model (J,4,4)
    poses = doc.sample([0, 0.1])    # the same arrays with a leading time axis
    fast = doc.sample(times, fast=True)  # the runtime path: the clip compiled once, played by its jobs
    doc.to_gltf("walk.glb")         # or doc.to_gltf() -> bytes
    bb.from_gltf("edited.glb", "lba", "walk.anm", variant="lba2")
    done = bb.retarget("walk.bvh", "pepper.ani", character="pepper", world="WORLD.WDB", foot_lock=True)
    done.report["hips"]["ratio"]    # the report, as `bonebridge convert --retarget --json` prints it
    bb.ls("ANIM.HQR")               # the entries, as `bonebridge ls --json`
    bb.extract("ANIM.HQR:3")        # one entry's bytes
    bb.characters("GAME/")          # as `bonebridge characters --json`

Companion files and family settings are keywords named as the command line's flags and --option keys
(model=, body=, rig=, skeleton=, palette=, variant=, unit_scale=, strict=True, fps=30, ...). A file may be an
archive entry (ARCHIVE:ENTRY). Errors raise FormatError with .file, .format, .offset, .line and .message.

Pure Python over the C ABI of libbonebridge (ctypes), which lies beside this file: any Python from 3.8 on.
Poses are numpy arrays when numpy is importable (and BONEBRIDGE_NUMPY is not "0"), nested lists otherwise.
"""
import builtins
import ctypes
import json
import os
import warnings

from . import _native
from ._native import NativeLibraryError

try:
    if os.environ.get("BONEBRIDGE_NUMPY") == "0":
        raise ImportError("BONEBRIDGE_NUMPY=0")
    import numpy as _numpy
except ImportError:
    _numpy = None

_lib = _native.load()


class FormatError(Exception):
    """A file that does not parse or cannot be converted: names the file, format, byte offset or line."""

    file = ""
    format = ""
    message = ""
    offset = None
    line = None


def _text(raw):
    return raw.decode("utf-8", "replace") if raw else ""


def _raise_last_error(status):
    info = _native.ErrorInfo()
    _lib.bb_last_error(ctypes.byref(info))
    text = _text(info.text)
    if status == 4:
        raise MemoryError(text)
    error = FormatError(text)
    error.file = _text(info.file)
    error.format = _text(info.format)
    error.message = _text(info.message)
    error.offset = info.offset if info.has_offset else None
    error.line = info.line if info.has_line else None
    raise error


def _check(status):
    if status != 0:
        _raise_last_error(status)


def _take(buffer):
    """The bytes of a buffer the library filled, which is then freed."""
    try:
        return ctypes.string_at(buffer.data, buffer.size) if buffer.size else b""
    finally:
        _lib.bb_buffer_free(ctypes.byref(buffer))


def _call_json(function, *args):
    buffer = _native.Buffer()
    _check(function(*args, ctypes.byref(buffer)))
    return json.loads(_take(buffer).decode("utf-8", "replace"))


def _utf8(text):
    return os.fspath(text).encode("utf-8", "surrogateescape") if text is not None else None


def _byte_pointer(data):
    """A pointer to `data` (bytes) for the ABI, valid while `data` lives."""
    return ctypes.cast(ctypes.c_char_p(data), _native.c_bytes) if data else None


def formats():
    """The format families, what each supports and how sure we are (`bonebridge formats --json`)."""
    return _call_json(_lib.bb_formats)


def _settings(keywords):
    """Keywords as settings by their command-line names: unit_scale=2 -> ("unit-scale", "2"); True -> "1"."""
    pairs = []
    for key, value in keywords.items():
        if value is None or value is False:
            continue
        pairs.append((key.replace("_", "-"), "1" if value is True else str(value)))
    array = (_native.Setting * max(1, len(pairs)))()
    for i, (name, value) in enumerate(pairs):
        array[i].name = _utf8(name)
        array[i].value = _utf8(value)
    return array, len(pairs)


def _missing(address):
    error = FormatError("%s: file: not a regular file, or not found" % address)
    error.file, error.format, error.message = address, "file", "not a regular file, or not found"
    return error


def _read(path):
    try:
        with builtins.open(path, "rb") as f:  # this module's own `open` opens game files
            return f.read()
    except OSError:
        raise _missing(path) from None


def _split_address(address):
    """ARCHIVE:ENTRY[:ENTRY] -> (the file on disk, [entries]): the longest prefix before a ':' that is a file,
    as the tool splits addresses."""
    if os.path.isfile(address):
        return address, []
    cut = address.rfind(":")
    while cut > 0:
        if os.path.isfile(address[:cut]):
            return address[:cut], address[cut + 1 :].split(":")
        cut = address.rfind(":", 0, cut)
    raise _missing(address)


def _entry(data, archive, wanted):
    """(bytes, stored name) of entry `wanted` of the archive `data` (addressed as `archive`)."""
    read, name = _native.Buffer(), _native.Buffer()
    _check(_lib.bb_archive_entry(_byte_pointer(data), len(data), _utf8(archive), _utf8(wanted),
                                 ctypes.byref(read), ctypes.byref(name)))
    return _take(read), _take(name).decode("utf-8", "surrogateescape")


def _read_address(address):
    """(bytes, own name, container) of a file or archive entry, as the tool's read_address gives them."""
    path, entries = _split_address(os.fspath(address))
    data, name, container, reached = _read(path), path, "", path
    for wanted in entries:
        data, stored = _entry(data, reached, wanted)
        container, name = os.path.basename(name), stored
        reached += ":" + stored
    return data, name, container


class _DiskFiles:
    """The bb_files callbacks: files beside a document, and companions named by address, read from the disk
    (and from archives, by address) by Python, so that no path crosses the ABI in a code page."""

    def __init__(self):
        self.struct = _native.Files(None, _native.KIND(self._kind), _native.LIST(self._list), _native.READ(self._read))

    @staticmethod
    def _kind(_context, address):
        try:
            path = address.decode("utf-8", "surrogateescape")
            return 2 if os.path.isdir(path) else (1 if os.path.isfile(path) else 0)
        except Exception:  # noqa: BLE001 - nothing may cross back into C
            return 0

    @staticmethod
    def _list(_context, folder, sink):
        try:
            names = b"".join(_utf8(name) + b"\0" for name in os.listdir(folder.decode("utf-8", "surrogateescape")))
            return 0 if _lib.bb_sink_append(sink, names, len(names)) == 0 else 1
        except Exception:  # noqa: BLE001
            return 1

    @staticmethod
    def _read(_context, address, sink):
        try:
            data = _read_address(address.decode("utf-8", "surrogateescape"))[0]
            return 0 if _lib.bb_sink_append(sink, data, len(data)) == 0 else 1
        except FormatError as error:
            why = _utf8(error.message)
            _lib.bb_sink_append(sink, why, len(why))
            return 1
        except Exception:  # noqa: BLE001
            return 1


class _Shape(list):
    """A nested list of floats (numpy absent) that tells its shape, as an array would."""

    shape = ()


def _nested(flat, shape):
    """`flat` (a ctypes array) as nested lists of `shape`."""
    values = list(flat)

    def build(offset, dims):
        if len(dims) == 1:
            return values[offset : offset + dims[0]]
        step = 1
        for d in dims[1:]:
            step *= d
        return [build(offset + i * step, dims[1:]) for i in range(dims[0])]

    out = _Shape(build(0, shape) if shape[0] else [])
    out.shape = tuple(shape)
    return out


def _pose_array(shape):
    """(the object returned to Python, a pointer the ABI fills)."""
    size = 1
    for d in shape:
        size *= d
    if _numpy is not None:
        array = _numpy.zeros(shape, dtype=_numpy.float64)
        return array, array.ctypes.data_as(_native.c_doubles)
    flat = (ctypes.c_double * max(1, size))()
    return flat, ctypes.cast(flat, _native.c_doubles)


# Each pose array's shape after its (time and) joint axes.
_POSE_TAILS = {"translation": (3,), "rotation": (4,), "scale": (3,), "model": (4, 4)}


class Document:
    """An opened game file (bonebridge.open)."""

    def __init__(self, handle, options):
        self._handle = ctypes.c_void_p(handle)
        self._options = options  # settings, companions and files: kept for the calls that convert

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle is not None and handle.value and _lib is not None:
            _lib.bb_document_close(handle)
            self._handle = None

    @property
    def family(self):
        family = ctypes.c_char_p()
        _check(_lib.bb_document_family(self._handle, ctypes.byref(family)))
        return family.value.decode("utf-8")

    def _timing(self):
        duration, tick = ctypes.c_double(), ctypes.c_double()
        _check(_lib.bb_document_timing(self._handle, ctypes.byref(duration), ctypes.byref(tick)))
        return duration.value, tick.value

    @property
    def duration(self):
        return self._timing()[0]

    @property
    def tick(self):
        return self._timing()[1]

    def info(self):
        """As `bonebridge info --json`."""
        return _call_json(_lib.bb_document_info, self._handle)

    def dump(self):
        """The native document as JSON, every field included (`bonebridge dump`)."""
        return _call_json(_lib.bb_document_dump, self._handle)

    def validate(self, strict=False):
        """[{"severity", "message", "offset", "line"}]: what `bonebridge validate` reports."""
        return _call_json(_lib.bb_document_validate, self._handle, 1 if strict else 0)

    def sample(self, time, fast=False):
        """The engine's pose at `time` (seconds), in the game's own coordinates: names, parents, translation
        (J,3), rotation (J,4; x, y, z, w), scale (J,3), model (J,4,4; row-major: model @ point). For a list of
        times, the arrays have a leading time axis. `fast=True` plays the runtime path instead of the engine
        (see `_sample_function`)."""
        scalar = not hasattr(time, "__len__") and not hasattr(time, "__iter__")
        times = [float(time)] if scalar else [float(t) for t in time]
        count = ctypes.c_size_t()
        _check(_lib.bb_document_joint_count(self._handle, ctypes.byref(count)))
        joints, frames = count.value, len(times)
        lead = () if scalar else (frames,)
        arrays, pointers = {}, {}
        for key, tail in _POSE_TAILS.items():
            arrays[key], pointers[key] = _pose_array(lead + (joints,) + tail)
        pose_times = (ctypes.c_double * max(1, frames))()
        parents = (ctypes.c_int32 * max(1, joints))()
        request = _native.PoseArrays(joints, pointers["translation"], pointers["rotation"], pointers["scale"],
                                     pointers["model"], pose_times, parents)
        names = _native.Buffer()
        _check(_sample_function(fast)(self._handle, (ctypes.c_double * max(1, frames))(*times), frames,
                                      ctypes.byref(request), ctypes.byref(names)))
        out = {
            "names": _take(names).decode("utf-8", "replace").split("\0")[:joints] if joints else [],
            "parents": list(parents)[:joints],
            "time": pose_times[0] if scalar else times,
        }
        for key, tail in _POSE_TAILS.items():
            out[key] = arrays[key] if _numpy is not None else _nested(arrays[key], lead + (joints,) + tail)
        return out

    def to_gltf(self, path=None, binary=True, mesh=True):
        """The document as glTF (`bonebridge convert IN OUT.glb`): bytes, or written to `path`."""
        gltf, notes = _native.Buffer(), _native.Buffer()
        _check(_lib.bb_document_to_gltf(self._handle, 1 if binary else 0, 1 if mesh else 0, ctypes.byref(gltf),
                                        ctypes.byref(notes)))
        _take(notes)
        return _write_or_return(path, _take(gltf))

    def write(self, path=None):
        """The document in its own format again: bytes, or written to `path`."""
        encoded = _native.Buffer()
        _check(_lib.bb_document_encode(self._handle, ctypes.byref(encoded)))
        return _write_or_return(path, _take(encoded))


def _sample_function(fast):
    """bb_document_sample (the engine), or with `fast` bb_document_sample_fast: the document's clip compiled to a
    runtime clip by the first call and kept with the document (floats, quantised; joint positions within 1e-5 of
    the skeleton's extent of the engine's where the conversion itself is), played by the runtime jobs (issue 35)."""
    return _lib.bb_document_sample_fast if fast else _lib.bb_document_sample


def _write_or_return(path, data):
    if path is None:
        return data
    path = os.fspath(path)
    temporary = "%s.%d.tmp" % (path, os.getpid())
    try:
        with builtins.open(temporary, "wb") as f:
            f.write(data)
        os.replace(temporary, path)
    except OSError as error:
        if os.path.exists(temporary):
            os.remove(temporary)
        failure = FormatError("%s: file: cannot write: %s" % (path, error.strerror or error))
        failure.file, failure.format, failure.message = path, "file", "cannot write: %s" % (error.strerror or error)
        raise failure from None
    return None


class _Options:
    """Settings and the files callbacks, alive as long as a call (or a document) needs them."""

    def __init__(self, keywords):
        self.settings, self.count = _settings(keywords)
        self.files = _DiskFiles()


def open(source, format=None, **keywords):  # noqa: A001 - the natural name, as in io.open
    """Opens a game file: a path (or ARCHIVE:ENTRY), or its bytes. `format` forces a family by id; keywords are
    the family's settings and companions (model=, body=, variant=, ...)."""
    options = _Options(keywords)
    if isinstance(source, (bytes, bytearray, memoryview)):
        data, address, name, container = bytes(source), "", "", ""
    else:
        address = os.fspath(source)
        data, name, container = _read_address(address)
    request = _native.Input(_byte_pointer(data), len(data), _utf8(address), _utf8(name), _utf8(container),
                            _utf8(format), options.settings, options.count, None, 0,
                            ctypes.pointer(options.files.struct))
    handle = ctypes.c_void_p()
    _check(_lib.bb_document_open(ctypes.byref(request), ctypes.byref(handle)))
    return Document(handle.value, options)


def from_gltf(source, family, path=None, **keywords):
    """A glTF file (a path, or its bytes) written as `family`'s file (`bonebridge convert IN.glb OUT --to
    FAMILY`): bytes, or written to `path` (whose extension picks the kind a family of several writes). What
    could not be kept is reported as UserWarning."""
    data = bytes(source) if isinstance(source, (bytes, bytearray, memoryview)) else _read(os.fspath(source))
    options = _Options(keywords)
    request = _native.GltfInput(_byte_pointer(data), len(data), _utf8(family),
                                _utf8("" if path is None else os.fspath(path)), options.settings, options.count,
                                None, 0, ctypes.pointer(options.files.struct))
    written, notes = _native.Buffer(), _native.Buffer()
    _check(_lib.bb_from_gltf(ctypes.byref(request), ctypes.byref(written), ctypes.byref(notes)))
    data = _take(written)
    for note in json.loads(_take(notes).decode("utf-8", "replace") or "[]"):
        warnings.warn(note, UserWarning, stacklevel=2)
    return _write_or_return(path, data)


class Retargeted:
    """What retarget() gives: `data`, the written file's bytes; `report`, the report as `bonebridge convert
    --retarget --json` prints it under "retarget" (per role the largest direction error, the hip heights and
    their ratio, foot sliding, the engine's poses of the written file against the retargeted clip); `notes`,
    every note in words."""

    def __init__(self, data, report, notes):
        self.data, self.report, self.notes = data, report, notes

    def __repr__(self):
        return "Retargeted(%d bytes, %d roles, %d notes)" % (len(self.data), len(self.report.get("roles", [])),
                                                             len(self.notes))


def _companions(files):
    """{setting: bytes} as bb_companion structs (named after their setting), kept alive by the caller."""
    array = (_native.Companion * max(1, len(files)))()
    for i, (name, data) in enumerate(files.items()):
        array[i].setting = _utf8(name)
        array[i].name = _utf8(name)
        array[i].data = _byte_pointer(data)
        array[i].size = len(data)
    return array, len(files)


def retarget(source, path=None, to=None, format=None, source_name=None, **keywords):  # noqa: A002
    """A humanoid clip on another skeleton (a BVH, a glTF such as a Mixamo one, or any game file: a path, or its
    bytes with `source_name` saying what they are, e.g. "walk.bvh") replayed on a game's character, role by
    role, and written by that game's family: `bonebridge convert SOURCE OUT --retarget`. `path` (or `to`, a
    family id) says which game and kind: its extension (.ani, .key, .animx, .anim_pc); the file is written there
    when given. Keywords are the command line's settings: the target (character="pepper" with world=
    "WORLD.WDB" for LEGO Island, model= and puppet= for the Sith engine, rig= for Volition, skeleton= for any
    file whose skeleton the result animates), source_map= and target_map= (JSON role maps), foot_lock=True,
    contact_height=, and the family's settings (angle_tolerance=, ...). A file keyword is a path (or
    ARCHIVE:ENTRY) or its bytes. Returns a Retargeted (data, report, notes); errors raise FormatError."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        if not source_name:
            raise ValueError("retarget: source given as bytes needs source_name= (its extension says what it is)")
        data, name = bytes(source), os.fspath(source_name)
    else:
        name = os.fspath(source)
        data = _read_address(name)[0]
    given = {key.replace("_", "-"): bytes(value) for key, value in keywords.items()
             if isinstance(value, (bytes, bytearray, memoryview))}
    options = _Options({key: value for key, value in keywords.items() if key.replace("_", "-") not in given})
    companions, companion_count = _companions(given)
    output = "" if path is None else os.fspath(path)
    request = _native.RetargetInput(_byte_pointer(data), len(data), _utf8(name), _utf8(format), _utf8(output),
                                    _utf8(to), options.settings, options.count, companions, companion_count,
                                    ctypes.pointer(options.files.struct))
    written, report, notes = _native.Buffer(), _native.Buffer(), _native.Buffer()
    _check(_lib.bb_retarget(ctypes.byref(request), ctypes.byref(written), ctypes.byref(report), ctypes.byref(notes)))
    result = Retargeted(_take(written), json.loads(_take(report).decode("utf-8", "replace") or "{}"),
                        json.loads(_take(notes).decode("utf-8", "replace") or "[]"))
    if path is not None:
        _write_or_return(path, result.data)
    return result


def ls(archive):
    """The entries of an archive (a path, or ARCHIVE:ENTRY of a nested one), as `bonebridge ls --json`:
    [{"path", "size", "stored", "compression"}]."""
    address = os.fspath(archive)
    data = _read_address(address)[0]
    entries = _call_json(_lib.bb_archive_list, _byte_pointer(data), len(data), _utf8(address))
    return [{key: entry[key] for key in ("path", "size", "stored", "compression")} for entry in entries]


def extract(address, path=None):
    """The bytes of the archive entry at `address` (ARCHIVE:ENTRY[:ENTRY], by name or index), or written to
    `path`."""
    if not _split_address(os.fspath(address))[1]:
        raise ValueError("%s names no archive entry (ARCHIVE:ENTRY)" % os.fspath(address))
    return _write_or_return(path, _read_address(address)[0])


def characters(folder):
    """The characters the game defines in an install folder, an archive or a folder of files, as
    `bonebridge characters --json`: {"characters", "lone_files", "notes"}."""
    return _call_json(_lib.bb_characters, _utf8(folder))


def character(folder, name, path=None, binary=True, mesh=True, **keywords):
    """One character of `folder` as glTF (`bonebridge convert FOLDER OUT.glb --character NAME`): bytes, or
    written to `path`."""
    settings, count = _settings(keywords)
    gltf, notes = _native.Buffer(), _native.Buffer()
    _check(_lib.bb_character_gltf(_utf8(folder), _utf8(name), settings, count, 1 if binary else 0,
                                  1 if mesh else 0, ctypes.byref(gltf), ctypes.byref(notes)))
    _take(notes)
    return _write_or_return(path, _take(gltf))


__version__ = _lib.bb_version().decode("utf-8")
__all__ = ["Document", "FormatError", "NativeLibraryError", "Retargeted", "character", "characters", "extract",
           "formats", "from_gltf", "ls", "open", "retarget"]
