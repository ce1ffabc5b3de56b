#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install, build (Linux, and the Windows exe), fuzz each reader briefly, then run the whole test suite: unit tests,
# fuzz-corpus replays, the end-to-end export checks (Khronos glTF-Validator, three.js and Blender playback against
# the engines) and the Windows exe under wine against the Linux tool.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# The cross builds first: the native build's configure registers their tests (ctest -L web, -L windows)
# when build-wasm/web and build-windows/bonebridge.exe exist.
scripts/build-wasm.sh
scripts/build-windows.sh
scripts/build.sh
scripts/fuzz.sh "${BONEBRIDGE_FUZZ_RUNS:-5000}"
if [ ! -d ../shared/samples ]; then
  echo "SKIPPED LOUDLY: ../shared/samples is absent; every test that needs real game files will skip." >&2
fi
cd build
ctest --output-on-failure -j "$(nproc)" --timeout 900
