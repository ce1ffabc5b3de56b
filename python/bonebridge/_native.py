# SPDX-License-Identifier: MIT
"""The native library (libbonebridge.so, bonebridge.dll) beside this package, loaded with ctypes, and the C
ABI's types (include/bonebridge/bonebridge.h). A library that is missing, of another architecture or of another
ABI version is an ImportError that names the file looked for and why it did not load."""
import ctypes
import os
import platform
import struct
import sys

ABI_VERSION = 1  # BB_ABI_VERSION of the header this module was written against

HERE = os.path.dirname(os.path.abspath(__file__))
if sys.platform == "win32":
    NAMES = ["bonebridge.dll"]
elif sys.platform == "darwin":
    NAMES = ["libbonebridge.%d.dylib" % ABI_VERSION, "libbonebridge.dylib"]
else:
    NAMES = ["libbonebridge.so.%d" % ABI_VERSION, "libbonebridge.so"]


class NativeLibraryError(ImportError):
    """The native library could not be used: the message names the file and the reason."""


# The machine a library file was built for, from its header: (ELF e_machine | PE Machine) -> name.
_ELF_MACHINES = {0x3E: "x86_64", 0x03: "x86", 0xB7: "arm64", 0x28: "arm"}
_PE_MACHINES = {0x8664: "x86_64", 0x14C: "x86", 0xAA64: "arm64"}


def _file_machine(path):
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return None
    if head[:4] == b"\x7fELF" and len(head) >= 20:
        order = "<" if head[5] == 1 else ">"
        return _ELF_MACHINES.get(struct.unpack(order + "H", head[18:20])[0], "unknown")
    if head[:2] == b"MZ" and len(head) >= 64:
        pe = struct.unpack("<I", head[60:64])[0]
        if head[pe : pe + 4] == b"PE\0\0":
            return _PE_MACHINES.get(struct.unpack("<H", head[pe + 4 : pe + 6])[0], "unknown")
    return None


def _python_machine():
    machine = platform.machine().lower()
    bits = struct.calcsize("P") * 8
    if machine in ("x86_64", "amd64", "i386", "i686", "x86"):
        return "x86_64" if bits == 64 else "x86"
    if machine in ("aarch64", "arm64"):
        return "arm64" if bits == 64 else "arm"
    return machine


def _why(path, error):
    """Why `path` did not load: its architecture against this Python's, else what the loader said."""
    machine = _file_machine(path)
    mine = _python_machine()
    if machine is not None and machine != mine:
        return "it is built for %s, and this Python (%s) runs on %s" % (machine, sys.executable, mine)
    return "%s: %s" % (type(error).__name__, error)


def load():
    """The loaded library with its functions declared, or NativeLibraryError."""
    candidates = [os.path.join(HERE, name) for name in NAMES]
    found = [path for path in candidates if os.path.isfile(path)]
    if not found:
        raise NativeLibraryError(
            "bonebridge: the native library is missing: looked for %s" % " and ".join(candidates)
        )
    path = found[0]
    try:
        if sys.platform == "win32":
            os.add_dll_directory(HERE)
        library = ctypes.CDLL(path)
    except OSError as error:
        raise NativeLibraryError("bonebridge: cannot load %s: %s" % (path, _why(path, error))) from None
    try:
        version = library.bb_abi_version
    except AttributeError:
        raise NativeLibraryError("bonebridge: %s has no bb_abi_version: not bonebridge's C ABI" % path) from None
    version.restype = ctypes.c_uint32
    version.argtypes = []
    if version() != ABI_VERSION:
        raise NativeLibraryError(
            "bonebridge: %s has ABI version %d; this module needs version %d (install matching files)"
            % (path, version(), ABI_VERSION)
        )
    _declare(library)
    library.path = path
    return library


c_status = ctypes.c_int32
c_bytes = ctypes.POINTER(ctypes.c_uint8)


class Buffer(ctypes.Structure):
    _fields_ = [("data", c_bytes), ("size", ctypes.c_size_t)]


class ErrorInfo(ctypes.Structure):
    _fields_ = [
        ("status", c_status),
        ("text", ctypes.c_char_p),
        ("file", ctypes.c_char_p),
        ("format", ctypes.c_char_p),
        ("message", ctypes.c_char_p),
        ("has_offset", ctypes.c_int32),
        ("offset", ctypes.c_uint64),
        ("has_line", ctypes.c_int32),
        ("line", ctypes.c_uint64),
    ]


class Setting(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("value", ctypes.c_char_p)]


class Companion(ctypes.Structure):
    _fields_ = [("setting", ctypes.c_char_p), ("name", ctypes.c_char_p), ("data", c_bytes), ("size", ctypes.c_size_t)]


KIND = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_char_p)
LIST = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)
READ = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)


class Files(ctypes.Structure):
    _fields_ = [("context", ctypes.c_void_p), ("kind", KIND), ("list", LIST), ("read", READ)]


class Input(ctypes.Structure):
    _fields_ = [
        ("data", c_bytes),
        ("size", ctypes.c_size_t),
        ("address", ctypes.c_char_p),
        ("file_name", ctypes.c_char_p),
        ("container", ctypes.c_char_p),
        ("format", ctypes.c_char_p),
        ("settings", ctypes.POINTER(Setting)),
        ("setting_count", ctypes.c_size_t),
        ("companions", ctypes.POINTER(Companion)),
        ("companion_count", ctypes.c_size_t),
        ("files", ctypes.POINTER(Files)),
    ]


class GltfInput(ctypes.Structure):
    _fields_ = [
        ("data", c_bytes),
        ("size", ctypes.c_size_t),
        ("family", ctypes.c_char_p),
        ("output_name", ctypes.c_char_p),
        ("settings", ctypes.POINTER(Setting)),
        ("setting_count", ctypes.c_size_t),
        ("companions", ctypes.POINTER(Companion)),
        ("companion_count", ctypes.c_size_t),
        ("files", ctypes.POINTER(Files)),
    ]


class RetargetInput(ctypes.Structure):
    _fields_ = [
        ("data", c_bytes),
        ("size", ctypes.c_size_t),
        ("source_name", ctypes.c_char_p),
        ("format", ctypes.c_char_p),
        ("output_name", ctypes.c_char_p),
        ("to", ctypes.c_char_p),
        ("settings", ctypes.POINTER(Setting)),
        ("setting_count", ctypes.c_size_t),
        ("companions", ctypes.POINTER(Companion)),
        ("companion_count", ctypes.c_size_t),
        ("files", ctypes.POINTER(Files)),
    ]


c_doubles = ctypes.POINTER(ctypes.c_double)


class PoseArrays(ctypes.Structure):
    _fields_ = [
        ("joint_capacity", ctypes.c_size_t),
        ("translation", c_doubles),
        ("rotation", c_doubles),
        ("scale", c_doubles),
        ("model", c_doubles),
        ("time", c_doubles),
        ("parents", ctypes.POINTER(ctypes.c_int32)),
    ]


def _declare(library):
    P = ctypes.POINTER
    buffer = P(Buffer)
    signatures = {
        "bb_version": (ctypes.c_char_p, []),
        "bb_last_error": (c_status, [P(ErrorInfo)]),
        "bb_buffer_free": (None, [buffer]),
        "bb_sink_append": (c_status, [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]),
        "bb_formats": (c_status, [buffer]),
        "bb_document_open": (c_status, [P(Input), P(ctypes.c_void_p)]),
        "bb_document_close": (None, [ctypes.c_void_p]),
        "bb_document_family": (c_status, [ctypes.c_void_p, P(ctypes.c_char_p)]),
        "bb_document_timing": (c_status, [ctypes.c_void_p, c_doubles, c_doubles]),
        "bb_document_info": (c_status, [ctypes.c_void_p, buffer]),
        "bb_document_dump": (c_status, [ctypes.c_void_p, buffer]),
        "bb_document_validate": (c_status, [ctypes.c_void_p, ctypes.c_int32, buffer]),
        "bb_document_joint_count": (c_status, [ctypes.c_void_p, P(ctypes.c_size_t)]),
        "bb_document_sample": (c_status, [ctypes.c_void_p, c_doubles, ctypes.c_size_t, P(PoseArrays), buffer]),
        "bb_document_sample_fast": (c_status, [ctypes.c_void_p, c_doubles, ctypes.c_size_t, P(PoseArrays), buffer]),
        "bb_document_to_gltf": (c_status, [ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32, buffer, buffer]),
        "bb_document_encode": (c_status, [ctypes.c_void_p, buffer]),
        "bb_from_gltf": (c_status, [P(GltfInput), buffer, buffer]),
        "bb_archive_list": (c_status, [c_bytes, ctypes.c_size_t, ctypes.c_char_p, buffer]),
        "bb_archive_entry": (c_status, [c_bytes, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p, buffer, buffer]),
        "bb_characters": (c_status, [ctypes.c_char_p, buffer]),
        "bb_character_gltf": (
            c_status,
            [ctypes.c_char_p, ctypes.c_char_p, P(Setting), ctypes.c_size_t, ctypes.c_int32, ctypes.c_int32, buffer,
             buffer],
        ),
    }
    # Retargeting (issue 36): a humanoid clip onto a game's character.
    signatures["bb_retarget"] = (c_status, [P(RetargetInput), buffer, buffer, buffer])
    for name, (restype, argtypes) in signatures.items():
        try:
            function = getattr(library, name)
        except AttributeError:
            raise NativeLibraryError("bonebridge: %s lacks %s: not this module's ABI" % (library._name, name)) from None
        function.restype = restype
        function.argtypes = argtypes
