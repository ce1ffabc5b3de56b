# SPDX-License-Identifier: MIT
"""bonebridge: the skeletal animation of classic games (LEGO Island, Sith engine, LBA, Resonite, Volition) to
glTF 2.0 and back.

    import bonebridge as bb
    doc = bb.open("walk.anm", variant="lba2", body="twinsen.lm2")
    doc.info()                      # dict, as `bonebridge info --json`
    pose = doc.sample(0.5)          # names, parents, translation (J,3), rotation (J,4 xyzw), scale, model (J,4,4)
    poses = doc.sample([0, 0.1])    # the same arrays with a leading time axis
    doc.to_gltf("walk.glb")         # or doc.to_gltf() -> bytes
    bb.from_gltf("edited.glb", "lba", "walk.anm", variant="lba2")

Companion files and family settings are keywords named as the command line's flags and --option keys
(model=, body=, rig=, skeleton=, palette=, variant=, unit_scale=, strict=True, fps=30, ...). Errors raise
FormatError with .file, .format, .offset, .line and .message.
"""
from . import _bonebridge


class FormatError(Exception):
    """A file that does not parse or cannot be converted: names the file, format, byte offset or line."""

    file = ""
    format = ""
    message = ""
    offset = None
    line = None


_bonebridge._set_error_type(FormatError)

Document = _bonebridge.Document
formats = _bonebridge.formats
open = _bonebridge.open  # noqa: A001 - the natural name, as in io.open
from_gltf = _bonebridge.from_gltf

__all__ = ["Document", "FormatError", "formats", "open", "from_gltf"]
