# SPDX-License-Identifier: MIT
"""`sample(times, fast=True)` (the runtime path, issue 35) against the engine path, on one real sample per
family the runtime follows exactly (tests/runtime_clip/exactness_test.cpp): the same joints, and at the
engine's ticks every joint's model-space position within 1e-5 of the extent of the engine's positions (the
diagonal of their box)."""
import os

import numpy as np
import pytest

import bonebridge as bb

SAMPLES = os.environ["BONEBRIDGE_SAMPLES_DIR"]

# Opened alone, as the exactness test opens them (with other settings, e.g. LBA 2's 1 ms tick, the core clip
# itself may not follow the engine within the bound).
CASES = [
    ("lego/pns065rd.ani", {}),
    ("sith/ijim-sed-mod/sed_pdstand.key", {}),
    ("lba/Twinsen_Walk.anm", {}),
    ("animx/sample_plain.animx", {}),
]


@pytest.mark.parametrize("name,settings", CASES, ids=[c[0] for c in CASES])
def test_fast_sample_follows_the_engine(name, settings):
    path = os.path.join(SAMPLES, name)
    if not os.path.exists(path):
        pytest.skip(f"SKIPPED LOUDLY: {path} is absent (../shared/samples missing)")
    doc = bb.open(path, **settings)
    # At the engine's ticks, as the exactness test measures: between ticks an engine may hold its last tick.
    ticks = int(doc.duration / doc.tick) if doc.tick > 0 else 96
    step = doc.tick * max(1, ticks // 96) if doc.tick > 0 else doc.duration / 96
    times = [min(k * step, doc.duration) for k in range(97)]
    engine = doc.sample(times)
    fast = doc.sample(times, fast=True)
    assert fast["names"] == engine["names"]
    assert fast["parents"] == engine["parents"]
    assert np.asarray(fast["model"]).shape == np.asarray(engine["model"]).shape
    expected = np.asarray(engine["model"])[..., :3, 3]
    got = np.asarray(fast["model"])[..., :3, 3]
    extent = np.linalg.norm(expected.reshape(-1, 3).max(axis=0) - expected.reshape(-1, 3).min(axis=0))
    assert np.abs(got - expected).max() <= 1e-5 * max(extent, 1e-12)


def test_fast_sample_of_one_time_has_no_time_axis():
    path = os.path.join(SAMPLES, "lego/pns065rd.ani")
    if not os.path.exists(path):
        pytest.skip(f"SKIPPED LOUDLY: {path} is absent (../shared/samples missing)")
    doc = bb.open(path)
    pose = doc.sample(0.5, fast=True)
    assert np.asarray(pose["model"]).shape == (len(pose["names"]), 4, 4)


def test_fast_sample_frame_by_frame_in_any_order_is_the_same_motion():
    # One time per call, backwards: the document keeps its runtime clip and sampling context between calls
    # (compiled by the first), and a context left at the end still seeks back to the same poses.
    path = os.path.join(SAMPLES, "lba/Twinsen_Walk.anm")
    if not os.path.exists(path):
        pytest.skip(f"SKIPPED LOUDLY: {path} is absent (../shared/samples missing)")
    times = [k * 0.05 for k in range(40)]
    together = bb.open(path).sample(times, fast=True)
    doc = bb.open(path)
    one_by_one = [doc.sample(t, fast=True) for t in reversed(times)][::-1]
    for k, pose in enumerate(one_by_one):
        assert np.array_equal(np.asarray(pose["model"]), np.asarray(together["model"])[k])
        rotation, expected = np.asarray(pose["rotation"]), np.asarray(together["rotation"])[k]
        # q and -q are one rotation: each joint's may come back either way.
        assert (np.all(rotation == expected, axis=-1) | np.all(rotation == -expected, axis=-1)).all()
