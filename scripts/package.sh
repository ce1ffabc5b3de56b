#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Debian packages into build-package/: bonebridge (the tool, man page, bash completion),
# python3-bonebridge (the Python module, the Blender add-on) and libbonebridge-dev (static libraries, headers,
# CMake package, pkg-config file). A build for /usr of only what is installed, then CPack
# (cmake/packaging.cmake). Install them with:  sudo apt install ./build-package/*.deb
# Beside them, unless BONEBRIDGE_CROSS=0: the web page's folder zipped (bonebridge-VERSION-web.zip: unpack it
# on any static host, or open bonebridge.html from it offline; scripts/build-wasm.sh) and the Windows exe's zip
# (bonebridge-VERSION-windows-x86_64.zip; scripts/build-windows.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build-package -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=/usr \
  -DBONEBRIDGE_TESTS=OFF -DBONEBRIDGE_BENCH=OFF -DBONEBRIDGE_PYTHON=ON -DPython3_EXECUTABLE=/usr/bin/python3 \
  >/dev/null
cmake --build build-package -j "$(nproc)" --target bonebridge_installed_files
rm -f build-package/*.deb
(cd build-package && cpack -G DEB)
if [ "${BONEBRIDGE_CROSS:-1}" != 0 ]; then
  version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build-package/CMakeCache.txt)
  scripts/build-wasm.sh
  web=build-package/bonebridge-$version-web
  rm -rf "$web" "$web.zip"
  cp -r build-wasm/web "$web"
  rm -rf "$web/CMakeFiles" "$web/cmake_install.cmake"  # CMake's own files of the web/ folder's build
  (cd build-package && cmake -E tar cf "$(basename "$web").zip" --format=zip "$(basename "$web")")
  rm -rf "$web"
  scripts/build-windows.sh
  cp build-windows/bonebridge-"$version"-windows-x86_64.zip build-package/
fi
ls -l build-package/*.deb
ls -l build-package/*.zip 2>/dev/null || true
