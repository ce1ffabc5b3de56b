# SPDX-License-Identifier: MIT
# The add-on installed from its zip as a user installs it, for the Blender tests (blender/CMakeLists.txt runs
# each with its own user folder: BONEBRIDGE_BLENDER_USER, with BLENDER_USER_SCRIPTS and BLENDER_USER_EXTENSIONS
# inside it, and no PYTHONPATH).
import importlib
import importlib.util
import os
import shutil

import addon_utils
import bpy

USER = os.environ.get("BONEBRIDGE_BLENDER_USER", "")


def fresh_user_folder():
    """Empties the test's user folders (scripts, extensions), so that only what the zip installs is there."""
    if not USER or not os.environ.get("BLENDER_USER_SCRIPTS", "").startswith(USER):
        raise SystemExit("BONEBRIDGE_BLENDER_USER and BLENDER_USER_SCRIPTS inside it must be set (blender/CMakeLists.txt)")
    for name in ("scripts", "extensions"):
        shutil.rmtree(os.path.join(USER, name), ignore_errors=True)
        os.makedirs(os.path.join(USER, name))


def install(zip_path):
    """Installs and enables the add-on zip: Install from Disk (Get Extensions) in Blender 4.2 and later,
    Preferences > Add-ons > Install in Blender 3.4-4.1. Returns the add-on's module name. The 4.2 branch is
    written from Blender's API documentation; Debian's Blender 3.4 runs the legacy one."""
    if bpy.app.version >= (4, 2, 0):
        bpy.ops.extensions.package_install_files(filepath=zip_path, repo="user_default", enable_on_install=True)
        return "bl_ext.user_default.io_scene_bonebridge"
    bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
    addon_utils.enable("io_scene_bonebridge", default_set=True, handle_error=None)
    return "io_scene_bonebridge"


def inside_user_folder(path):
    return os.path.realpath(path).startswith(os.path.realpath(USER) + os.sep)


def install_fresh(zip_path):
    """Installs the zip into an emptied user folder and returns (the add-on module, the bonebridge module it
    uses), after checking that no bonebridge module is importable from Python's own path and that both the
    add-on and the module it loaded, with its native library, are the installed zip's."""
    fresh_user_folder()
    if importlib.util.find_spec("bonebridge") is not None:
        raise SystemExit(f"a bonebridge module is on Python's path ({importlib.util.find_spec('bonebridge').origin}): "
                         "the test must load the zip's")
    addon = importlib.import_module(install(zip_path))
    bb = addon.bonebridge_module()
    for what, path in (("the add-on", addon.__file__), ("the bonebridge module", bb.__file__),
                       ("the native library", bb._lib.path)):
        if not inside_user_folder(path):
            raise SystemExit(f"{what} was loaded from {path}, not from the installed zip in {USER}")
    print(f"INSTALLED {zip_path}: add-on {addon.__file__}, module {bb.__file__}, library {bb._lib.path}")
    return addon, bb
