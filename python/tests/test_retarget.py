# SPDX-License-Identifier: MIT
"""bonebridge.retarget against the command-line tool (issue 36): the CMU clip of Debian's assimp-testmodels
(01_01.bvh, and the same motion as a glTF) retargeted onto the example world's LEGO actor pepper must give the
bytes, the report and the notes of `bonebridge convert SOURCE pepper.ani --retarget --json`, whether the files
are given by path or as bytes; bad input raises FormatError naming what is wrong."""
import json
import os
import subprocess

import pytest

import bonebridge as bb

TOOL = os.environ["BONEBRIDGE_TOOL"]
SOURCE = os.environ["BONEBRIDGE_SOURCE_DIR"]
CMU_CLIP = "/usr/share/assimp/models/BVH/01_01.bvh"
WORLD = os.path.join(SOURCE, "examples", "lego_world", "WORLD.WDB")

# A role map for the CMU skeleton that places fewer roles than the built-in one (no arms below the shoulder):
# the report must say so the same way through both doors.
CMU_MAP = {"hips": "Hips", "spine": "LowerBack", "chest": "Spine", "neck": "Neck", "head": "Head",
           "leftUpperLeg": "LeftUpLeg", "leftLowerLeg": "LeftLeg", "leftFoot": "LeftFoot",
           "rightUpperLeg": "RightUpLeg", "rightLowerLeg": "RightLeg", "rightFoot": "RightFoot",
           "leftUpperArm": "LeftArm", "rightUpperArm": "RightArm"}


@pytest.fixture(autouse=True)
def clip():
    if not os.path.exists(CMU_CLIP):
        pytest.skip(f"SKIPPED LOUDLY: {CMU_CLIP} is absent (apt install assimp-testmodels)")


def tool_retarget(source, out, *args):
    """The tool's bytes and its `--json` record for `convert SOURCE OUT --retarget ARGS`."""
    ran = subprocess.run([TOOL, "convert", source, str(out), "--retarget", "--force", "--json", *args],
                         capture_output=True, check=True)
    return out.read_bytes(), json.loads(ran.stdout)


def test_a_bvh_onto_pepper_is_the_tools(tmp_path):
    expected, record = tool_retarget(CMU_CLIP, tmp_path / "cli.ani", "--character", "pepper", "--world", WORLD,
                                     "--foot-lock")
    done = bb.retarget(CMU_CLIP, tmp_path / "module.ani", character="pepper", world=WORLD, foot_lock=True)
    assert done.data == expected
    assert (tmp_path / "module.ani").read_bytes() == expected
    assert done.report == record["retarget"]
    assert done.notes == record["notes"]
    # What the report says, read from the tool's own printing above: a LEGO actor's roles, a hip ratio, feet.
    assert done.report["target_roles"] == "LEGO Island actor"
    assert done.report["hips"]["ratio"] > 0
    assert {"left", "right"} <= set(done.report["foot_sliding"])


def test_files_given_as_bytes_give_the_same_file(tmp_path):
    expected, record = tool_retarget(CMU_CLIP, tmp_path / "cli.ani", "--character", "pepper", "--world", WORLD)
    with open(CMU_CLIP, "rb") as f:
        motion = f.read()
    with open(WORLD, "rb") as f:
        world = f.read()
    done = bb.retarget(motion, tmp_path / "bytes.ani", source_name="01_01.bvh", character="pepper", world=world)
    assert done.data == expected
    assert done.report == record["retarget"]


def test_a_gltf_source_as_blender_gives_it(tmp_path):
    """The add-on hands the module a glTF of the armature's action: the same motion as a .glb."""
    glb = tmp_path / "walk.glb"
    subprocess.run([TOOL, "convert", CMU_CLIP, str(glb)], capture_output=True, check=True)
    expected, record = tool_retarget(str(glb), tmp_path / "cli.ani", "--character", "pepper", "--world", WORLD)
    done = bb.retarget(glb.read_bytes(), to="lego", source_name="walk.glb", character="pepper", world=WORLD)
    assert done.data == expected
    assert done.report["roles"] == record["retarget"]["roles"]


def test_a_role_map_by_path_or_as_bytes(tmp_path):
    role_map = tmp_path / "cmu.json"
    role_map.write_text(json.dumps(CMU_MAP))
    expected, record = tool_retarget(CMU_CLIP, tmp_path / "cli.ani", "--character", "pepper", "--world", WORLD,
                                     "--source-map", str(role_map))
    by_path = bb.retarget(CMU_CLIP, tmp_path / "by_path.ani", character="pepper", world=WORLD, source_map=str(role_map))
    assert by_path.data == expected
    assert by_path.report == record["retarget"]
    assert by_path.report["source_roles"] == str(role_map)
    as_bytes = bb.retarget(CMU_CLIP, tmp_path / "as_bytes.ani", character="pepper", world=WORLD,
                           source_map=json.dumps(CMU_MAP).encode())
    assert as_bytes.data == expected
    assert as_bytes.report["roles"] == record["retarget"]["roles"]


def test_bad_input_raises_a_format_error_naming_it(tmp_path):
    with pytest.raises(bb.FormatError) as nobody:
        bb.retarget(CMU_CLIP, tmp_path / "x.ani", character="no-such-actor", world=WORLD)
    assert "no-such-actor" in str(nobody.value)
    with pytest.raises(bb.FormatError) as not_a_world:
        bb.retarget(CMU_CLIP, tmp_path / "x.ani", character="pepper", world=b"not a world")
    # As the tool says it: the world's format and where its bytes go wrong (the file named is the source's).
    assert not_a_world.value.format == "LEGO Island WORLD.WDB" and not_a_world.value.offset == 4
    with open(CMU_CLIP, "rb") as f:
        cut = f.read()[:4000]
    with pytest.raises(bb.FormatError) as truncated:
        bb.retarget(cut, tmp_path / "x.ani", source_name="cut.bvh", character="pepper", world=WORLD)
    assert truncated.value.file == "cut.bvh" and truncated.value.line is not None
    with pytest.raises(bb.FormatError) as not_a_map:
        bb.retarget(CMU_CLIP, tmp_path / "x.ani", character="pepper", world=WORLD, source_map=b"[1, 2")
    assert "source-map" in str(not_a_map.value)
    with pytest.raises(ValueError):
        bb.retarget(b"HIERARCHY", tmp_path / "x.ani", character="pepper", world=WORLD)
    assert not (tmp_path / "x.ani").exists()
