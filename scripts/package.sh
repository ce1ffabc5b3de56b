#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Debian packages into build-package/: bonebridge (the tool, man page, bash completion),
# python3-bonebridge (the Python module, the Blender add-on) and libbonebridge-dev (static libraries, headers,
# CMake package, pkg-config file). A build for /usr of only what is installed, then CPack
# (cmake/packaging.cmake). Install them with:  sudo apt install ./build-package/*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build-package -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=/usr \
  -DBONEBRIDGE_TESTS=OFF -DBONEBRIDGE_BENCH=OFF -DBONEBRIDGE_PYTHON=ON -DPython3_EXECUTABLE=/usr/bin/python3 \
  >/dev/null
cmake --build build-package -j "$(nproc)" --target bonebridge_installed_files
rm -f build-package/*.deb
(cd build-package && cpack -G DEB)
ls -l build-package/*.deb
