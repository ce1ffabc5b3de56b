#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds bonebridge for the browser with Debian's emscripten (3.1.6) into build-wasm/, and the page around it
# into build-wasm/web/ (index.html + scripts + bonebridge.wasm for a static host, and bonebridge.html: the same
# page as one file that works from file:// offline). See ../shared/research/cross-builds.md.
#
# The libraries bonebridge links (zlib, lz4, liblzma, libpng, fmt, pugixml, libzip, brotli) are built with emcc
# from Debian's *source* packages, fetched with apt through a private source list (the machine's apt
# configuration is not changed), into a prefix that later runs reuse: a library whose prefix stamp exists is
# not fetched or built again. BONEBRIDGE_WASM_DEPS moves that prefix (default build-wasm/deps); JOBS sets the
# build's parallelism (default 2).
#
# The libraries are compiled in batches of files (BONEBRIDGE_UNITY, CMakeLists.txt); BONEBRIDGE_UNITY=OFF
# compiles them file by file.
#
# Other scripts call the function build_wasm after sourcing this file with BONEBRIDGE_WASM_SOURCED=1;
# the page lands in build-wasm/web/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deps="${BONEBRIDGE_WASM_DEPS:-$root/build-wasm/deps}"
prefix="$deps/prefix"
jobs="${JOBS:-2}"
# Debian's emscripten runs its tools with node: a Node.js that is not Debian's finds acorn only through this.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
export EM_CACHE_QUIET=1

log() { printf 'build-wasm: %s\n' "$*" >&2; }

# The Debian source package $1 unpacked in $deps/src/$1 (apt verifies the .dsc signature on the way).
fetch_source() {
  local package="$1" apt="$deps/apt"
  [ -d "$deps/src/$package" ] && return
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$deps/src"
  echo 'deb-src http://deb.debian.org/debian bookworm main' >"$apt/sources.list"
  local options=(-o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o APT::Sandbox::User=root)
  [ -e "$apt/updated" ] || { apt-get "${options[@]}" -qq update && touch "$apt/updated"; }
  local work="$deps/src/.fetch-$package"
  rm -rf "$work" && mkdir -p "$work"
  (cd "$work" && apt-get "${options[@]}" -qq source "$package" >/dev/null)
  local unpacked
  unpacked="$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -n 1)"
  mv "$unpacked" "$deps/src/$package"
  rm -rf "$work"
}

# Runs `build_$1` in the unpacked source of Debian package $2 unless the stamp says it was built.
dependency() {
  local name="$1" package="$2"
  [ -e "$prefix/.built-$name" ] && return
  log "building $name from Debian's source package $package"
  fetch_source "$package"
  local started=$SECONDS
  (cd "$deps/src/$package" && "build_$name") >"$deps/$name.log" 2>&1 || {
    tail -n 30 "$deps/$name.log" >&2
    log "$name failed (log: $deps/$name.log)"
    return 1
  }
  touch "$prefix/.built-$name"
  log "$name built in $((SECONDS - started)) s"
}

cmake_dependency() {
  emcmake cmake -S . -B build-emscripten -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_ROOT_PATH="$prefix" -DBUILD_SHARED_LIBS=OFF "$@"
  cmake --build build-emscripten -j "$jobs"
  cmake --install build-emscripten
}

# zlib's CMake build fails on Debian's tarball (no win32/zlib1.rc): its own configure script works.
build_zlib() {
  emconfigure ./configure --static --prefix="$prefix"
  emmake make -j "$jobs" libz.a
  emmake make install
}
build_lz4() {
  emmake make -C lib -j "$jobs" BUILD_SHARED=no liblz4.a liblz4.pc PREFIX="$prefix"
  emmake make -C lib install BUILD_SHARED=no PREFIX="$prefix"
}
# The checks' answers are known (scripts/wasm-probes/xz-utils.cache): configure reads them from its cache file.
build_lzma() {
  cp "$root/scripts/wasm-probes/xz-utils.cache" config.cache
  emconfigure ./configure --cache-file=config.cache --host=wasm32-unknown-emscripten --prefix="$prefix" \
    --disable-shared --disable-threads \
    --disable-xz --disable-xzdec --disable-lzmadec --disable-lzmainfo --disable-scripts --disable-doc --disable-nls
  emmake make -C src/liblzma -j "$jobs"
  emmake make -C src/liblzma install
}
build_png() { cmake_dependency -DPNG_SHARED=OFF -DPNG_TESTS=OFF -DPNG_EXECUTABLES=OFF; }
build_fmt() { cmake_dependency -DFMT_DOC=OFF -DFMT_TEST=OFF; }
build_pugixml() { cmake_dependency -DPUGIXML_BUILD_TESTS=OFF; }
# Brotli's CMake installs nothing under emscripten: the decoder's static libraries, headers and pkg-config
# file are put in place here (bonebridge only decodes Brotli).
build_brotli() {
  emcmake cmake -S . -B build-emscripten -G Ninja -DCMAKE_BUILD_TYPE=Release -DBROTLI_DISABLE_TESTS=ON
  cmake --build build-emscripten -j "$jobs" --target brotlidec-static brotlicommon-static
  mkdir -p "$prefix/lib/pkgconfig" "$prefix/include"
  cp build-emscripten/libbrotlidec-static.a "$prefix/lib/libbrotlidec.a"
  cp build-emscripten/libbrotlicommon-static.a "$prefix/lib/libbrotlicommon.a"
  cp -r c/include/brotli "$prefix/include/"
  printf '%s\n' "prefix=$prefix" 'Name: libbrotlidec' 'Description: Brotli decoder library' 'Version: 1.0.9' \
    'Libs: -L${prefix}/lib -lbrotlidec -lbrotlicommon' 'Cflags: -I${prefix}/include' \
    >"$prefix/lib/pkgconfig/libbrotlidec.pc"
}
# The probes' answers, and the type sizes CMake misreads under emscripten, are given
# (scripts/wasm-probes/libzip.cmake).
build_zip() {
  cmake_dependency -C "$root/scripts/wasm-probes/libzip.cmake" -DENABLE_COMMONCRYPTO=OFF -DENABLE_GNUTLS=OFF \
    -DENABLE_MBEDTLS=OFF -DENABLE_OPENSSL=OFF -DENABLE_WINDOWS_CRYPTO=OFF -DENABLE_BZIP2=OFF -DENABLE_LZMA=OFF \
    -DBUILD_TOOLS=OFF -DBUILD_REGRESS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOC=OFF
}

# The header-only libraries come from the machine's Debian packages, copied into the prefix: emscripten must
# never see -I/usr/include (glibc's headers would shadow its own).
header_libraries() {
  [ -e "$prefix/.built-headers" ] && return
  mkdir -p "$prefix/include" "$prefix/share/cmake"
  cp -r /usr/include/nlohmann /usr/include/CLI /usr/include/tiny_gltf.h "$prefix/include/"
  cp -r /usr/share/cmake/nlohmann_json /usr/share/cmake/CLI11 "$prefix/share/cmake/"
  touch "$prefix/.built-headers"
}

build_wasm() {
  command -v emcc >/dev/null || "$root/scripts/install-deps.sh" --cross
  mkdir -p "$prefix"
  local started=$SECONDS
  dependency zlib zlib
  dependency lz4 lz4
  dependency lzma xz-utils
  dependency png libpng1.6
  dependency fmt fmtlib
  dependency pugixml pugixml
  dependency brotli brotli
  dependency zip libzip
  header_libraries
  log "dependencies ready in $((SECONDS - started)) s"
  local launcher=()
  if command -v ccache >/dev/null; then
    export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  fi
  export PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig:$prefix/share/pkgconfig"
  emcmake cmake -S "$root" -B "$root/build-wasm" -G Ninja "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DBONEBRIDGE_WERROR=ON -DBONEBRIDGE_TESTS=OFF -DBONEBRIDGE_BENCH=OFF -DBONEBRIDGE_WEB=ON \
    -DBONEBRIDGE_UNITY="${BONEBRIDGE_UNITY:-ON}" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_ROOT_PATH="$prefix" >/dev/null
  cmake --build "$root/build-wasm" -j "$jobs" --target bonebridge_web_page
  log "built in $((SECONDS - started)) s: $root/build-wasm/web/"
}

if [ "${BONEBRIDGE_WASM_SOURCED:-}" != 1 ]; then
  build_wasm
fi
