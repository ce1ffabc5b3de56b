#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Configures and builds bonebridge into build/ as a user's Release build (-O3), with warnings as errors: GCC's
# optimiser-driven warnings (-Wrestrict, -Warray-bounds, ...) appear only at -O3, and the Release build is the one
# users make.
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache, keyed on paths relative to the clone: a second clone (CI's, a worktree) reuses the first's objects.
launcher=()
if command -v ccache >/dev/null; then
  # The tests' precompiled headers are cacheable only with this sloppiness (ccache's manual, "Precompiled headers").
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1 CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
# BONEBRIDGE_UNITY_TESTS=ON compiles each test executable in batches of files (scripts/test.sh sets it).
# The Blender add-on's zip bundles the Windows build's bonebridge.dll too when there is one (scripts/test.sh builds
# it first); empty, so that a dll removed since is not looked for.
windows_dll=
if [ -f build-windows/bonebridge.dll ]; then windows_dll=$PWD/build-windows/bonebridge.dll; fi
cmake -S . -B build "${launcher[@]}" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBONEBRIDGE_WERROR=ON -DBONEBRIDGE_PYTHON=ON \
  -DPython3_EXECUTABLE=/usr/bin/python3 -DBONEBRIDGE_WINDOWS_DLL="$windows_dll" \
  -DBONEBRIDGE_UNITY_TESTS="${BONEBRIDGE_UNITY_TESTS:-OFF}" >/dev/null
cmake --build build -j "$(nproc)"
