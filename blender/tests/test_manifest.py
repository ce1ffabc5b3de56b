# SPDX-License-Identifier: MIT
"""blender/io_scene_bonebridge/blender_manifest.toml against the rules of Blender's extension validator
(blender/blender, scripts/addons_core/bl_pkg/cli/blender_ext.py: pkg_manifest_known_keys_and_types and the
pkg_manifest_validate_field_* checks in strict mode, the ones `blender --command extension validate` and the
build apply) and of its manifest documentation (the "SPDX:" licence prefix, the platform names), written here
from that text, not imported: no Blender 4.2 runs here. Then the zip the build made (BONEBRIDGE_ADDON_ZIP): one
folder holding the add-on, the manifest, the Python module and the native libraries the manifest's platforms
need. Run with Python 3.11 or later (tomllib): python3 -m pytest blender/tests/test_manifest.py"""
import ast
import os
import re
import tomllib
import zipfile

import pytest

SOURCE = os.environ.get("BONEBRIDGE_SOURCE_DIR") or os.path.join(os.path.dirname(__file__), "..", "..")
ADDON = os.path.join(SOURCE, "blender", "io_scene_bonebridge")
MANIFEST = os.path.join(ADDON, "blender_manifest.toml")
ZIP = os.environ.get("BONEBRIDGE_ADDON_ZIP", "")

# blender_ext.py: RE_MANIFEST_SEMVER (semantic versioning 2.0.0), TERSE_DESCRIPTION_MAX_LENGTH, RE_CONTROL_CHARS.
SEMVER = re.compile(
    r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$"
)
TERSE_MAX = 64
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# The manifest's documented values: the platforms Blender builds for, the permission keys, the extension types.
PLATFORMS = {"windows-x64", "windows-arm64", "macos-x64", "macos-arm64", "linux-x64"}
PERMISSIONS = {"files", "network", "clipboard", "camera", "microphone"}
TYPES = {"add-on", "theme"}
REQUIRED = {"schema_version": str, "id": str, "name": str, "tagline": str, "version": str, "type": str,
            "maintainer": str, "license": list, "blender_version_min": str}
OPTIONAL = {"blender_version_max": str, "website": str, "copyright": list, "permissions": dict, "tags": list,
            "platforms": list, "wheels": list, "build": dict}
# The native library each platform loads (python/bonebridge/_native.py's NAMES).
PLATFORM_LIBRARY = {"linux-x64": "libbonebridge.so.1", "windows-x64": "bonebridge.dll"}


def plain_text_error(value):
    """pkg_manifest_validate_field_any_non_empty_string_stripped_no_control_chars."""
    if not value.strip():
        return "empty"
    if value != value.strip():
        return "leading or trailing white space"
    if CONTROL.search(value):
        return "a control character"
    return None


def terse_error(value):
    """pkg_manifest_validate_terse_description_or_error: the tagline and each permission's reason."""
    if len(value) > TERSE_MAX:
        return f"{len(value)} characters, more than {TERSE_MAX}"
    error = plain_text_error(value)
    if error:
        return error
    if not (value[-1].isalnum() or value[-1] in ")]}"):
        return "ends with punctuation"
    return None


def id_error(value):
    """pkg_idname_is_valid_or_error."""
    if not value.isidentifier():
        return "not an identifier"
    if "__" in value:
        return "a double underscore"
    if value.startswith("_") or value.endswith("_"):
        return "a leading or trailing underscore"
    return None


def blender_version_error(value):
    """pkg_manifest_validate_field_blender_version, strict: three numbers."""
    parts = value.split(".")
    if not all(part.isdigit() for part in parts):
        return "not numbers separated by single dots"
    return None if len(parts) == 3 else "not three numbers"


def license_error(value):
    """The manifest's licences: SPDX identifiers with the "SPDX:" prefix."""
    if not value.startswith("SPDX:"):
        return "no SPDX: prefix"
    return None if re.fullmatch(r"[A-Za-z0-9.+-]+", value[5:]) else "not an SPDX identifier"


def permissions_error(value):
    """pkg_manifest_validate_field_permissions, strict: a table of known keys and terse reasons."""
    if not isinstance(value, dict):
        return "not a table"
    for key, reason in value.items():
        if key not in PERMISSIONS:
            return f"unknown permission {key!r}"
        if not isinstance(reason, str) or terse_error(reason):
            return f"{key}: {terse_error(reason) if isinstance(reason, str) else 'not a string'}"
    return None


def platforms_error(value):
    if not value:
        return "empty"
    unknown = [p for p in value if p not in PLATFORMS]
    return f"unknown platforms {unknown}" if unknown else None


def manifest_errors(manifest):
    """Every rule broken, as "key: why" (none for a valid manifest)."""
    errors = [f"{key}: missing" for key in REQUIRED if key not in manifest]
    errors += [f"{key}: not a key of schema 1.0.0" for key in manifest if key not in REQUIRED and key not in OPTIONAL]
    checks = {
        "schema_version": lambda v: None if SEMVER.match(v) else "not X.Y.Z",
        "id": id_error,
        "name": plain_text_error,
        "tagline": terse_error,
        "version": lambda v: None if SEMVER.match(v) else "not X.Y.Z",
        "type": lambda v: None if v in TYPES else f"not one of {sorted(TYPES)}",
        "maintainer": plain_text_error,
        "license": lambda v: next((f"{item!r}: {license_error(item)}" for item in v if license_error(item)), None)
        if v else "empty",
        "blender_version_min": blender_version_error,
        "blender_version_max": blender_version_error,
        "permissions": permissions_error,
        "platforms": platforms_error,
    }
    for key, value in manifest.items():
        kind = REQUIRED.get(key) or OPTIONAL.get(key)
        if kind and not isinstance(value, kind):
            errors.append(f"{key}: a {type(value).__name__}, not a {kind.__name__}")
        elif key in checks and checks[key](value):
            errors.append(f"{key}: {checks[key](value)}")
    return errors


@pytest.fixture(scope="module")
def manifest():
    with open(MANIFEST, "rb") as f:
        return tomllib.load(f)


def bl_info():
    """The add-on's bl_info, read without importing it (it imports bpy)."""
    with open(os.path.join(ADDON, "__init__.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "bl_info" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("__init__.py has no bl_info")


def test_the_manifest_follows_blenders_rules(manifest):
    assert manifest_errors(manifest) == []


@pytest.mark.parametrize(
    "key, value, why",
    [
        ("tagline", "Import and export the skeletal animation of classic games.", "ends with punctuation"),
        ("tagline", "x" * 65, "65 characters, more than 64"),
        ("tagline", " Import", "leading or trailing white space"),
        ("version", "0.1", "not X.Y.Z"),
        ("version", "01.0.0", "not X.Y.Z"),
        ("id", "io_scene__bonebridge", "a double underscore"),
        ("id", "io-scene", "not an identifier"),
        ("type", "addon", "not one of"),
        ("license", ["GPL-2.0-or-later"], "no SPDX: prefix"),
        ("license", [], "empty"),
        ("blender_version_min", "4.2", "not three numbers"),
        ("platforms", ["linux-x86_64"], "unknown platforms"),
        ("permissions", {"disk": "Read files"}, "unknown permission"),
        ("permissions", {"files": "Read files."}, "ends with punctuation"),
        ("permissions", ["files"], "a list, not a dict"),
        ("platform", ["linux-x64"], "not a key of schema 1.0.0"),
    ],
)
def test_the_rules_reject_what_blender_rejects(manifest, key, value, why):
    broken = dict(manifest, **{key: value})
    errors = manifest_errors(broken)
    assert any(e.startswith(key + ":") and why in e for e in errors), errors


def test_the_required_fields_are_required(manifest):
    for key in REQUIRED:
        assert f"{key}: missing" in manifest_errors({k: v for k, v in manifest.items() if k != key})


def test_the_manifest_says_what_the_issue_asks(manifest):
    assert manifest["schema_version"] == "1.0.0"
    assert manifest["type"] == "add-on"
    assert manifest["license"] == ["SPDX:GPL-2.0-or-later"]
    assert manifest["blender_version_min"] == "4.2.0"
    assert sorted(manifest["platforms"]) == ["linux-x64", "windows-x64"]
    assert list(manifest["permissions"]) == ["files"]


def test_the_manifest_agrees_with_the_add_on_and_the_project(manifest):
    # The id is the folder Blender installs the package as, and the name legacy Blenders enable.
    assert manifest["id"] == os.path.basename(ADDON)
    info = bl_info()
    assert manifest["version"] == ".".join(map(str, info["version"]))
    assert manifest["name"] == info["name"]
    assert tuple(info["blender"]) <= (3, 4, 0)  # Debian's Blender installs the same zip as a legacy add-on
    with open(os.path.join(SOURCE, "CMakeLists.txt"), encoding="utf-8") as f:
        project = re.search(r"project\(bonebridge VERSION (\S+)", f.read()).group(1)
    assert manifest["version"] == project
    # The licence the manifest declares is the add-on's own (its SPDX line) and the text it ships.
    with open(os.path.join(ADDON, "__init__.py"), encoding="utf-8") as f:
        assert f.readline().strip() == "# SPDX-License-Identifier: " + manifest["license"][0][5:]
    with open(os.path.join(ADDON, "LICENSE"), encoding="utf-8") as f:
        text = f.read()
    assert "GNU GENERAL PUBLIC LICENSE" in text and "Version 2" in text


def zip_names():
    if not ZIP or not os.path.isfile(ZIP):
        pytest.skip(f"SKIPPED LOUDLY: no add-on zip at {ZIP!r} (build the blender_addon target)")
    with zipfile.ZipFile(ZIP) as archive:
        return {info.filename: info for info in archive.infolist()}


def zip_bytes(name):
    with zipfile.ZipFile(ZIP) as archive:
        return archive.read(name)


def test_the_zip_is_one_folder_blender_installs_both_ways():
    files = [name for name in zip_names() if not name.endswith("/")]
    # Blender 4.2's installer finds the manifest at the top or in the zip's one folder; Blender 3.4-4.1
    # install the zip's one package folder.
    assert {name.split("/")[0] for name in files} == {"io_scene_bonebridge"}
    assert not [name for name in files if "__pycache__" in name or name.endswith((".pyc", ".kept"))]
    for name in ("__init__.py", "blender_manifest.toml", "LICENSE"):
        with open(os.path.join(ADDON, name), "rb") as f:
            assert zip_bytes("io_scene_bonebridge/" + name) == f.read(), name
    for name in ("__init__.py", "_native.py"):
        with open(os.path.join(SOURCE, "python", "bonebridge", name), "rb") as f:
            assert zip_bytes("io_scene_bonebridge/bonebridge/" + name) == f.read(), name


def machine(data):
    """The machine of an ELF or PE file: ("ELF"|"PE", e_machine|Machine)."""
    if data[:4] == b"\x7fELF":
        return "ELF", int.from_bytes(data[18:20], "little")
    if data[:2] == b"MZ":
        pe = int.from_bytes(data[60:64], "little")
        assert data[pe : pe + 4] == b"PE\0\0"
        return "PE", int.from_bytes(data[pe + 4 : pe + 6], "little")
    return None, None


@pytest.mark.parametrize("platform", sorted(PLATFORM_LIBRARY))
def test_the_zip_carries_each_platforms_library(manifest, platform):
    names = zip_names()
    name = "io_scene_bonebridge/bonebridge/" + PLATFORM_LIBRARY[platform]
    assert platform in manifest["platforms"]
    if name not in names and platform == "windows-x64":
        pytest.skip(f"SKIPPED LOUDLY: {ZIP} has no bonebridge.dll (configure with -DBONEBRIDGE_WINDOWS_DLL=...)")
    data = zip_bytes(name)
    expected = {"linux-x64": ("ELF", 0x3E), "windows-x64": ("PE", 0x8664)}[platform]
    assert machine(data) == expected
    # The ABI's entry points the module declares are exported (their names are in the dynamic symbol or
    # export table, which stripping keeps).
    for symbol in (b"bb_abi_version", b"bb_document_open", b"bb_from_gltf", b"bb_character_gltf"):
        assert symbol + b"\0" in data, symbol
    # Stripped: no symbol table section names left beyond the dynamic ones.
    if expected[0] == "ELF":
        assert b".symtab\0" not in data and b".debug_info\0" not in data
