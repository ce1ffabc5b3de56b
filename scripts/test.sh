#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install, build (Linux, the web page and the Windows exe), fuzz each reader briefly, then run the whole test
# suite: unit tests, fuzz-corpus replays, the end-to-end export checks (Khronos glTF-Validator, three.js and
# Blender playback against the engines), the web page in headless Chromium and the Windows exe under wine, both
# against the Linux tool. BONEBRIDGE_CROSS=0 leaves out the web page and the Windows exe (and their tests).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${BONEBRIDGE_CROSS:-1}" = 0 ]; then
  scripts/install-deps.sh
else
  scripts/install-deps.sh --cross
  # The cross builds first, so that the native build's configure registers their tests (ctest -L web, -L
  # windows). Side by side: their dependencies' configure scripts run on one core each.
  scripts/build-windows.sh >build-windows.log 2>&1 &
  windows=$!
  trap 'kill "$windows" 2>/dev/null || true' EXIT
  scripts/build-wasm.sh
  if ! wait "$windows"; then
    tail -n 60 build-windows.log >&2
    echo "scripts/build-windows.sh failed (log: build-windows.log)" >&2
    exit 1
  fi
  trap - EXIT
  tail -n 3 build-windows.log >&2
fi
# The tests in batches of files: about a quarter of their compile time (tests/CMakeLists.txt).
BONEBRIDGE_UNITY_TESTS=ON scripts/build.sh
scripts/fuzz.sh "${BONEBRIDGE_FUZZ_RUNS:-5000}"
if [ ! -d ../shared/samples ]; then
  echo "SKIPPED LOUDLY: ../shared/samples is absent; every test that needs real game files will skip." >&2
fi
cd build
ctest --output-on-failure -j "$(nproc)" --timeout 900
