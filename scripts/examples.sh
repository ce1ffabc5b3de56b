#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: install, build, then convert every bundled example to .glb in out/, one line per file (on
# standard error). --force: a second run replaces the outputs of the first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
tool=build/bonebridge
$tool batch examples/lego out/lego --force
$tool batch examples/lba/ANIM.HQR out/lba --force --body examples/lba/BODY.HQR:0
$tool batch examples/volition out/volition --force --rig examples/volition/wave_character.rig_pc
