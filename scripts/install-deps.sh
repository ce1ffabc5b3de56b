#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs everything bonebridge needs on Debian 12: the toolchain and libraries from Debian's packages, and
# the glTF test tools (Khronos validator, three.js) from the npm registry into tests/runtime/node_modules, and
# Blender (headless, for playback checks) from Debian; mingw-w64, wine64 and dpkg-dev (for `apt-get source`) for
# the Windows build (scripts/build-windows.sh) and its test under wine.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build pkg-config clang clang-format libclang-rt-14-dev
  libfmt-dev nlohmann-json3-dev libcli11-dev libtinygltf-dev liblz4-dev liblzma-dev zlib1g-dev
  libgtest-dev libgmock-dev libbenchmark-dev nodejs npm blender python3-numpy chromium
  python3 python3-pytest help2man libjs-three libpng-dev ccache
  libzip-dev libbrotli-dev libpugixml-dev assimp-testmodels
)
# --cross: also the cross toolchains (scripts/build-wasm.sh, scripts/build-windows.sh call it so).
if [ "${1:-}" = --cross ]; then
  packages+=(emscripten g++-mingw-w64-x86-64-posix libz-mingw-w64-dev wine64 dpkg-dev)
fi
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
# A machine with its own Node.js (not Debian's) needs no nodejs/npm packages.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs/}")
  missing=("${missing[@]/npm/}")
fi
read -r -a missing <<<"${missing[*]}"
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ ! -d tests/runtime/node_modules/gltf-validator ] || [ ! -d tests/runtime/node_modules/three ]; then
  (cd tests/runtime && npm ci --no-audit --no-fund --loglevel=error)
fi
# The web page's test drives Debian's Chromium with playwright-core (pinned in tests/web/package-lock.json).
if [ ! -d tests/web/node_modules/playwright-core ]; then
  (cd tests/web && npm ci --no-audit --no-fund --loglevel=error)
fi
