#!/usr/bin/env bash
# Configures and builds bonebridge into build/ as a user's Release build (-O3), with warnings as errors: GCC's
# optimiser-driven warnings (-Wrestrict, -Warray-bounds, ...) appear only at -O3, and the Release build is the one
# users make.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBONEBRIDGE_WERROR=ON -DBONEBRIDGE_PYTHON=ON \
  -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
cmake --build build -j "$(nproc)"
