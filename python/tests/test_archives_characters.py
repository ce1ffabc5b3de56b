# SPDX-License-Identifier: MIT
"""What the ctypes module adds to the pybind11 one's API, against the command-line tool: archives (ls, extract),
the characters of an install, and the module without numpy and without its native library."""
import json
import os
import shutil
import subprocess
import sys

import pytest

import bonebridge as bb

TOOL = os.environ["BONEBRIDGE_TOOL"]
SOURCE = os.environ["BONEBRIDGE_SOURCE_DIR"]
SAMPLES = os.environ["BONEBRIDGE_SAMPLES_DIR"]
ANIM_HQR = os.path.join(SOURCE, "examples", "lba", "ANIM.HQR")
BODY_HQR = os.path.join(SOURCE, "examples", "lba", "BODY.HQR")
WAVING_ARM = os.path.join(SOURCE, "examples", "lego", "waving_arm.ani")


def cli(*args):
    return subprocess.run([TOOL, *args], capture_output=True, check=True).stdout


def test_ls_matches_the_tool():
    assert bb.ls(ANIM_HQR) == json.loads(cli("ls", ANIM_HQR, "--json"))


def test_extract_matches_the_tool(tmp_path):
    cli("extract", ANIM_HQR, str(tmp_path))
    entries = bb.ls(ANIM_HQR)
    assert len(entries) > 1
    for entry in entries:
        relative = entry["path"][len(ANIM_HQR) + 1 :]
        assert bb.extract(entry["path"]) == (tmp_path / relative).read_bytes()
    bb.extract(entries[1]["path"], tmp_path / "one")
    assert (tmp_path / "one").read_bytes() == (tmp_path / entries[1]["path"][len(ANIM_HQR) + 1 :]).read_bytes()


def test_an_archive_entry_opens_with_a_companion_entry(tmp_path):
    out = tmp_path / "cli.glb"
    cli("convert", ANIM_HQR + ":1", str(out), "--body", BODY_HQR + ":0")
    assert bb.open(ANIM_HQR + ":1", body=BODY_HQR + ":0").to_gltf() == out.read_bytes()


def test_a_missing_entry_names_the_archive():
    with pytest.raises(bb.FormatError) as caught:
        bb.extract(ANIM_HQR + ":9999")
    assert caught.value.file == ANIM_HQR
    assert "9999" in caught.value.message


def install_folder():
    folder = os.path.join(SAMPLES, "sith", "ijim-sed-mod")
    if not os.path.isdir(folder):
        pytest.skip(f"SKIPPED LOUDLY: {folder} is absent (../shared/samples missing)")
    return folder


def test_characters_match_the_tool():
    folder = install_folder()
    assert bb.characters(folder) == json.loads(cli("characters", folder, "--json"))


def test_one_character_matches_the_tool(tmp_path):
    folder = install_folder()
    present = [c for c in bb.characters(folder)["characters"] if not c["absent"]]
    if not present:
        pytest.skip(f"SKIPPED LOUDLY: no character in {folder}")
    name = present[0]["name"]
    out = tmp_path / "character.glb"
    cli("convert", folder, str(out), "--character", name)
    assert bb.character(folder, name) == out.read_bytes()


def run_python(code, *args, env=None, cwd=None):
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=cwd)


def test_without_numpy_poses_are_lists():
    # numpy made unimportable for the whole interpreter, as where it is not installed.
    code = """import sys, json
sys.modules["numpy"] = None
import bonebridge as bb
pose = bb.open(sys.argv[1]).sample(0.5)
print(json.dumps([type(pose["model"]).__mro__[-2].__name__, pose["model"], pose["translation"]]))"""
    ran = run_python(code, WAVING_ARM)
    assert ran.returncode == 0, ran.stderr
    kind, model, translation = json.loads(ran.stdout)
    assert kind == "list"
    expected = json.loads(cli("sample", WAVING_ARM, "--at", "0.5", "--json"))["joints"]
    assert translation == [j["translation"] for j in expected]
    assert model == [[[j["model"][c * 4 + r] for c in range(4)] for r in range(4)] for j in expected]


def staged_package(tmp_path, library_bytes=None):
    package = tmp_path / "bonebridge"
    package.mkdir()
    here = os.path.dirname(bb.__file__)
    for name in ("__init__.py", "_native.py"):
        shutil.copy(os.path.join(here, name), package / name)
    if library_bytes is not None:
        (package / os.path.basename(bb._lib.path)).write_bytes(library_bytes)
    return package


def import_error(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    ran = run_python("import bonebridge", env=env, cwd=str(tmp_path))  # not the build's package in the cwd
    assert ran.returncode != 0
    return ran.stderr.strip().splitlines()[-1]


def test_a_missing_library_names_the_file_looked_for(tmp_path):
    package = staged_package(tmp_path)
    message = import_error(tmp_path)
    assert message.startswith("bonebridge._native.NativeLibraryError: bonebridge: the native library is missing")
    assert str(package / os.path.basename(bb._lib.path)) in message


@pytest.mark.skipif(bb._native._python_machine() != "x86_64", reason="the fake library is for another machine than x86-64")
def test_a_library_of_another_architecture_says_so(tmp_path):
    # An ELF header for AArch64 (e_machine 0xB7), where this Python runs on x86-64.
    header = b"\x7fELF\x02\x01\x01" + bytes(11) + b"\xb7\x00" + bytes(44)
    package = staged_package(tmp_path, header)
    message = import_error(tmp_path)
    assert f"cannot load {package / os.path.basename(bb._lib.path)}" in message
    assert "built for arm64" in message


TEMPLATE = ("# hand-written for the test\nSECTION: TEMPLATES\nWorld templates 4\n"
            "_creature   none        type=actor move=physics # a base\n"
            "probe_droid _creature   model3d=sed_pd.3do puppet=sedpd.pup soundclass=sedpd.snd size=0.1\nend\n")


def glb_images(glb):
    """The image names of a glb's JSON chunk (read here, not by the module)."""
    length = int.from_bytes(glb[12:16], "little")
    document = json.loads(glb[20:20 + length])
    return sorted(image.get("name", "") for image in document.get("images", []))


def test_two_mats_of_one_name_the_glb_holds_the_listed_ones(tmp_path):
    """Issue 33: a Sith install with two different sed_pbbody.mat (mat\\ and 3do\\mat\\): the module lists the one
    the engine opens (mat\\ from the root), and its glb holds exactly the listed textures, as the tool's does
    (tests/cli/characters_sith_test.cpp builds the same install)."""
    droid = install_folder()
    install = tmp_path / "install"
    shutil.copytree(os.path.join(droid, "mat"), install / "mat")
    (install / "3do" / "key").mkdir(parents=True)
    (install / "misc" / "pup").mkdir(parents=True)
    (install / "ndy").mkdir()
    shutil.copy(os.path.join(droid, "sed_pd.3do"), install / "3do" / "sed_pd.3do")
    shutil.copy(os.path.join(droid, "sedpd.pup"), install / "misc" / "pup" / "sedpd.pup")
    for key in ("sed_pdgo", "sed_pdhit", "sed_pdstand"):
        shutil.copy(os.path.join(droid, key + ".key"), install / "3do" / "key" / (key + ".key"))
    (install / "ndy" / "probe.ndy").write_text(TEMPLATE)
    before = bb.character(str(install), "probe_droid")
    (install / "3do" / "mat").mkdir()
    shutil.copy(os.path.join(droid, "mat", "sed_pbeye.mat"), install / "3do" / "mat" / "sed_pbbody.mat")

    listed = bb.characters(str(install))["characters"][0]
    assert listed["name"] == "probe_droid"
    body = [texture for texture in listed["textures"] if texture.endswith("sed_pbbody.mat")]
    assert body == [str(install / "mat" / "sed_pbbody.mat")]
    glb = bb.character(str(install), "probe_droid")
    assert glb == before
    out = tmp_path / "tool.glb"
    cli("convert", "--character", "probe_droid", str(install), str(out))
    assert glb == out.read_bytes()
    stems = sorted(os.path.splitext(os.path.basename(texture))[0] for texture in listed["textures"])
    assert [os.path.splitext(name)[0] for name in glb_images(glb)] == stems
