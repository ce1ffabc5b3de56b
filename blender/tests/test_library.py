# SPDX-License-Identifier: MIT
# Headless check of how the installed add-on loads the bonebridge module and native library it carries: with the
# zip installed into a fresh user folder and no bonebridge module on Python's path, File > Import with the
# library removed, replaced by an AArch64 ELF or by the Windows DLL, is cancelled with a message that names the
# file looked for and why it did not load (never a bare OSError); with the library back, the import succeeds and
# the module and the library that loaded are the installed zip's. Runs before anything loads the library: a
# process keeps the first library it loads under a path.
# Usage: blender -b --factory-startup --python-exit-code 1 --python test_library.py -- ZIP SOURCE
import os
import shutil
import sys

import bpy

ZIP, SOURCE = sys.argv[sys.argv.index("--") + 1 :]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from installed_addon import fresh_user_folder, inside_user_folder, install  # noqa: E402

SAMPLE = os.path.join(SOURCE, "examples", "lego", "waving_arm.ani")  # the nodes -WAVE > ARM > ELBOW > HAND
LIBRARY = "libbonebridge.so.1"


def forget_module(addon_name):
    """Drops the bundled module from Python's caches, so that the next import runs its loader again, and
    keeps Python from importing an installed bonebridge instead (None in sys.modules stops an import)."""
    for name in [n for n in sys.modules if n.startswith(addon_name + ".bonebridge")]:
        del sys.modules[name]
    if hasattr(sys.modules[addon_name], "bonebridge"):  # `from . import bonebridge` would return it as it is
        delattr(sys.modules[addon_name], "bonebridge")
    sys.modules["bonebridge"] = None


def import_message(addon_name):
    """File > Import of the sample through the add-on: None when it finished, else the error it reported
    (Blender raises a reported error as RuntimeError from a script's operator call)."""
    forget_module(addon_name)
    try:
        result = bpy.ops.import_scene.bonebridge_lego(filepath=SAMPLE)
    except RuntimeError as error:
        return str(error)
    return None if result == {"FINISHED"} else f"the import returned {result} without an error"


def expect(failures, what, message, *parts):
    missing = [part for part in parts if message is None or part not in message]
    print(f"{'ok' if not missing else 'FAILED'} {what}: {message}")
    if missing:
        failures.append(f"{what}: {missing} not in {message!r}")


def aarch64_library(path):
    """An ELF header for AArch64 (e_machine 0xB7) where this Blender runs on x86-64."""
    with open(path, "wb") as f:
        f.write(b"\x7fELF\x02\x01\x01" + bytes(11) + b"\xb7\x00" + bytes(44))


def main():
    fresh_user_folder()
    addon_name = install(ZIP)
    addon = sys.modules[addon_name]
    package = os.path.join(os.path.dirname(addon.__file__), "bonebridge")
    library = os.path.join(package, LIBRARY)
    if not inside_user_folder(library) or not os.path.isfile(library):
        raise SystemExit(f"the installed add-on has no {library} inside the test's user folder")
    kept = library + ".kept"
    os.rename(library, kept)
    failures = []
    expect(failures, "missing library", import_message(addon_name), "the native library is missing",
           library, "no installed module either")
    aarch64_library(library)
    expect(failures, "AArch64 library", import_message(addon_name), f"cannot load {library}",
           "it is built for arm64", "runs on x86_64")
    dll = os.path.join(package, "bonebridge.dll")
    if os.path.isfile(dll):
        shutil.copyfile(dll, library)
        expect(failures, "Windows DLL as the library", import_message(addon_name), f"cannot load {library}",
               "invalid ELF header")
    else:
        print("SKIPPED LOUDLY: the zip carries no bonebridge.dll (configure with -DBONEBRIDGE_WINDOWS_DLL=...)")
    os.replace(kept, library)
    expect(failures, "the bundled library", import_message(addon_name) or "imported", "imported")
    bb = addon.bonebridge_module()
    for path in (bb.__file__, bb._lib.path):
        if not inside_user_folder(path):
            failures.append(f"{path} is not the installed zip's")
    names = sorted(o.name for o in bpy.context.scene.objects if o.type == "ARMATURE")
    print(f"module {bb.__file__}, library {bb._lib.path}, armatures {names}")
    print(f"BONEBRIDGE_LIBRARY failed {len(failures)}: {failures}")
    if failures:
        raise SystemExit(1)


main()
