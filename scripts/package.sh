#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Debian packages into build-package/: bonebridge (the tool, man page, bash completion),
# python3-bonebridge (the Python module, the Blender add-on) and libbonebridge-dev (static libraries, headers,
# CMake package, pkg-config file). A build for /usr of only what is installed, then CPack
# (cmake/packaging.cmake). Install them with:  sudo apt install ./build-package/*.deb
# Beside them: the Blender add-on (bonebridge-VERSION-blender.zip: Blender 4.2 and later install it as an
# extension, Blender 3.4-4.1 as a legacy add-on; the Python module and the native libraries inside); and unless
# BONEBRIDGE_CROSS=0, the web page's folder zipped (bonebridge-VERSION-web.zip: unpack it on any static host, or
# open bonebridge.html from it offline; scripts/build-wasm.sh) and the Windows exe's zip
# (bonebridge-VERSION-windows-x86_64.zip; scripts/build-windows.sh), which holds the add-on's zip too. With
# BONEBRIDGE_CROSS=0 the add-on carries the Linux library only.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# The Windows build first: the add-on's zip bundles its bonebridge.dll.
windows_dll=
if [ "${BONEBRIDGE_CROSS:-1}" != 0 ]; then
  scripts/build-windows.sh
  windows_dll=$PWD/build-windows/bonebridge.dll
fi
cmake -S . -B build-package -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=/usr \
  -DBONEBRIDGE_TESTS=OFF -DBONEBRIDGE_BENCH=OFF -DBONEBRIDGE_PYTHON=ON -DPython3_EXECUTABLE=/usr/bin/python3 \
  -DBONEBRIDGE_WINDOWS_DLL="$windows_dll" >/dev/null
cmake --build build-package -j "$(nproc)" --target bonebridge_installed_files
rm -f build-package/*.deb build-package/*.zip
(cd build-package && cpack -G DEB)
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build-package/CMakeCache.txt)
extension=$PWD/build-package/bonebridge-$version-blender.zip
cp build-package/blender/io_scene_bonebridge.zip "$extension"
if [ "${BONEBRIDGE_CROSS:-1}" != 0 ]; then
  scripts/build-wasm.sh
  web=build-package/bonebridge-$version-web
  rm -rf "$web" "$web.zip"
  cp -r build-wasm/web "$web"
  rm -rf "$web/CMakeFiles" "$web/cmake_install.cmake"  # CMake's own files of the web/ folder's build
  (cd build-package && cmake -E tar cf "$(basename "$web").zip" --format=zip "$(basename "$web")")
  rm -rf "$web"
  BONEBRIDGE_EXTENSION_ZIP=$extension scripts/build-windows.sh --release-only
  cp build-windows/bonebridge-"$version"-windows-x86_64.zip build-package/
fi
ls -l build-package/*.deb
ls -l build-package/*.zip 2>/dev/null || true
