#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Cross-builds bonebridge.exe for 64-bit Windows with Debian's mingw-w64 into build-windows/: one static exe that
# imports only Windows' own DLLs, checked with objdump; then a stripped copy with the licences beside it, zipped
# (build-windows/bonebridge-VERSION-windows-x86_64.zip), with the Blender add-on's zip in it when
# BONEBRIDGE_EXTENSION_ZIP names one (scripts/package.sh: the add-on zip bundles this build's bonebridge.dll, so
# it is made after this build, and `scripts/build-windows.sh --release-only` then zips the release again). The
# libraries are compiled in batches of files (BONEBRIDGE_UNITY, CMakeLists.txt); BONEBRIDGE_UNITY=OFF compiles
# them file by file.
#
# Dependencies: mingw-w64's zlib from Debian (libz-mingw-w64-dev); the other libraries cross-built from Debian 12's
# *source* packages, fetched with apt through a private source list (the machine's apt setup is not touched; apt
# checks the signed Release file and the hashes of what it fetches), into a prefix cached between runs
# (~/.cache/bonebridge/windows-deps), rebuilt when the recipes below or the toolchain file change. Header-only
# libraries (nlohmann-json, CLI11, tinygltf) are the build machine's own Debian packages, copied into the prefix
# so that no /usr/include reaches the cross compiler.
#
# Environment: BONEBRIDGE_WINDOWS_TESTS=ON also builds the GoogleTest suites (they run under wine through
# CMAKE_CROSSCOMPILING_EMULATOR); BONEBRIDGE_WINDOWS_DEPS_CACHE moves the cache (default ~/.cache/bonebridge);
# BONEBRIDGE_JOBS sets the parallel jobs (default 2); BONEBRIDGE_EXTENSION_ZIP is the add-on zip to put in the
# release. --release-only: only the release zip, from the exe already built.
set -eEuo pipefail
shopt -s inherit_errexit
exec 3>&2
cd "$(dirname "$0")/.."
root=$PWD
triplet=x86_64-w64-mingw32
toolchain=$root/cmake/mingw-w64.cmake
jobs=${BONEBRIDGE_JOBS:-2}
tests=${BONEBRIDGE_WINDOWS_TESTS:-OFF}
cache=${BONEBRIDGE_WINDOWS_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bonebridge}
# The Debian source packages (bookworm) of the libraries linked into the exe.
sources=(lz4 xz-utils libpng1.6 fmtlib pugixml libzip brotli)

# Fetches and unpacks (with Debian's patches applied) the source packages named after $1 into $1/src.
fetch_sources() {
  local work=$1 apt_dir=$1/apt
  shift
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$work/src"
  # bookworm and its updates, from the mirror the machine's own sources list names. (bookworm-security, at
  # deb.debian.org/debian-security, is left out: the build machines' mirror does not serve it.)
  printf 'deb-src http://deb.debian.org/debian %s main\n' bookworm bookworm-updates >"$apt_dir/sources.list"
  local apt_options=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o APT::Sandbox::User=root)
  apt-get "${apt_options[@]}" -qq update
  (cd "$work/src" && apt-get "${apt_options[@]}" -qq source "$@")
  (cd "$work/src" && ls -- *.dsc) >>"$work/VERSIONS"
}

# One source folder of $1/src by its package name ($2), e.g. lz4-1.9.4.
source_dir() { find "$1/src" -mindepth 1 -maxdepth 1 -type d -name "$2-*" | head -n 1; }

cmake_dependency() {
  local prefix=$1 source=$2
  shift 2
  cmake -S "$source" -B "$source/_build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
    -DBONEBRIDGE_WINDOWS_DEPS="$prefix" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DBUILD_SHARED_LIBS=OFF -Wno-dev "$@"
  cmake --build "$source/_build" -j "$jobs"
  cmake --install "$source/_build"
}

build_dependencies() {
  local work=$1 prefix=$2
  cmake_dependency "$prefix" "$(source_dir "$work" lz4)/build/cmake" -DBUILD_STATIC_LIBS=ON -DLZ4_BUILD_CLI=OFF \
    -DLZ4_BUILD_LEGACY_LZ4C=OFF
  local xz
  xz=$(source_dir "$work" xz-utils)
  (cd "$xz" && ./configure -q --host=$triplet CC=$triplet-gcc-posix --prefix="$prefix" --disable-shared \
    --enable-static --enable-threads=vista --disable-xz --disable-xzdec --disable-lzmadec --disable-lzmainfo \
    --disable-lzma-links --disable-scripts --disable-doc --disable-nls &&
    make -C src/liblzma -j "$jobs" && make -C src/liblzma install)
  cmake_dependency "$prefix" "$(source_dir "$work" libpng1.6)" -DPNG_SHARED=OFF -DPNG_STATIC=ON -DPNG_TESTS=OFF \
    -DPNG_EXECUTABLES=OFF
  cmake_dependency "$prefix" "$(source_dir "$work" fmtlib)" -DFMT_DOC=OFF -DFMT_TEST=OFF
  cmake_dependency "$prefix" "$(source_dir "$work" pugixml)" -DPUGIXML_BUILD_TESTS=OFF
  cmake_dependency "$prefix" "$(source_dir "$work" brotli)" -DBROTLI_DISABLE_TESTS=ON
  cmake_dependency "$prefix" "$(source_dir "$work" libzip)" -DENABLE_BZIP2=OFF -DENABLE_LZMA=OFF -DENABLE_ZSTD=OFF \
    -DENABLE_GNUTLS=OFF -DENABLE_OPENSSL=OFF -DENABLE_MBEDTLS=OFF -DENABLE_COMMONCRYPTO=OFF \
    -DENABLE_WINDOWS_CRYPTO=OFF -DBUILD_TOOLS=OFF -DBUILD_REGRESS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOC=OFF
  static_only "$prefix"
  mkdir -p "$prefix/include" "$prefix/share/cmake"
  cp -r /usr/include/nlohmann /usr/include/CLI /usr/include/tiny_gltf.h "$prefix/include/"
  cp -r /usr/share/cmake/nlohmann_json /usr/share/cmake/CLI11 "$prefix/share/cmake/"
  cp "$work/VERSIONS" "$prefix/VERSIONS"
}

# Everything in the prefix is linked statically: drop DLLs and import libraries, give brotli's static archives
# their plain names, and fold each pkg-config file's private part (what a static link needs) into its public one.
static_only() {
  local prefix=$1 archive
  rm -f "$prefix"/bin/*.dll "$prefix"/lib/*.dll.a
  for archive in "$prefix"/lib/libbrotli*-static.a; do
    if [ -e "$archive" ]; then mv "$archive" "${archive%-static.a}.a"; fi
  done
  local pc
  for pc in "$prefix"/lib/pkgconfig/*.pc; do
    awk '/^Libs\.private:/ { sub(/^Libs\.private:/, ""); libs = libs $0; next }
         /^Requires\.private:/ { sub(/^Requires\.private:/, ""); requires = requires $0; next }
         { lines[++n] = $0 }
         END {
           for (i = 1; i <= n; i++) {
             line = lines[i]
             if (line ~ /^Libs:/) line = line libs
             if (line ~ /^Requires:/) { line = line (line ~ /^Requires: *$/ ? "" : ",") requires; requires = "" }
             print line
           }
           if (requires != "") print "Requires:" requires
         }' "$pc" >"$pc.new"
    mv "$pc.new" "$pc"
  done
}

# Sets `prefix` to the cached prefix, rebuilt when its key (recipes + toolchain) changed. Its path stays the
# same across keys, so that ccache still finds the project's objects after a dependency rebuild.
dependency_prefix() {
  local key work
  key=$({ declare -f fetch_sources cmake_dependency build_dependencies static_only; echo "${sources[*]}"; cat "$toolchain"; } |
    sha256sum | cut -c1-12)
  prefix=$cache/windows-deps
  if [ "$(cat "$prefix/KEY" 2>/dev/null)" != "$key" ]; then
    echo "Cross-building the dependencies into $prefix" >&2
    # Built in place (the libraries' pkg-config and CMake files name their prefix); KEY, written last, marks
    # it complete.
    work=$(mktemp -d "$cache/windows-work.XXXXXX")
    rm -rf "$prefix"
    # The builds' chatter goes to a log, shown (on the script's own standard error, 3) when a step fails.
    trap 'tail -n 40 "$work/build.log" >&3' ERR
    fetch_sources "$work" "${sources[@]}" >"$work/build.log" 2>&1
    build_dependencies "$work" "$prefix" >>"$work/build.log" 2>&1
    trap - ERR
    echo "$key" >"$prefix/KEY"
    rm -rf "$work"
  fi
}

# GoogleTest, for BONEBRIDGE_WINDOWS_TESTS=ON only: added to the prefix once (the exe alone does not need it).
googletest_dependency() {
  [ -e "$prefix/.built-googletest" ] && return
  local work
  work=$(mktemp -d "$cache/windows-work.XXXXXX")
  trap 'tail -n 40 "$work/build.log" >&3' ERR
  fetch_sources "$work" googletest >"$work/build.log" 2>&1
  cmake_dependency "$prefix" "$(source_dir "$work" googletest)" -DBUILD_GMOCK=ON -DINSTALL_GTEST=ON \
    >>"$work/build.log" 2>&1
  static_only "$prefix"
  trap - ERR
  cat "$work/VERSIONS" >>"$prefix/VERSIONS"
  touch "$prefix/.built-googletest"
  rm -rf "$work"
}

# Fails when the exe (or the DLL) imports a DLL that is not part of Windows.
check_system_imports() {
  local dlls
  dlls=$($triplet-objdump -p "$1" | sed -n 's/^\s*DLL Name: //p' | sort -u)
  echo "$(basename "$1") imports: $(echo "$dlls" | tr '\n' ' ')" >&2
  if echo "$dlls" | grep -viqE '^(kernel32|msvcrt|advapi32|user32|shell32|ws2_32|bcrypt|ole32)\.dll$'; then
    echo "error: $(basename "$1") imports a DLL that Windows does not ship" >&2
    return 1
  fi
}

# The release: the stripped exe with the project's licence and the bundled libraries' licences, zipped.
package_release() {
  local build=$1 version release
  version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
  release=$root/$build/bonebridge-$version-windows-x86_64
  rm -rf "$release" "$release.zip"
  mkdir -p "$release"
  $triplet-strip -o "$release/bonebridge.exe" "$build/bonebridge.exe"
  cp LICENSE "$release/LICENSE.txt"
  cp windows/THIRD-PARTY.md windows/README.txt "$release/"
  if [ -n "${BONEBRIDGE_EXTENSION_ZIP:-}" ]; then
    cp "$BONEBRIDGE_EXTENSION_ZIP" "$release/"
  fi
  # The bundled libraries' licences: Debian's copyright file of each (same upstream versions as the sources).
  mkdir -p "$release/licenses"
  local entry
  for entry in fmt:libfmt-dev nlohmann-json:nlohmann-json3-dev cli11:libcli11-dev tinygltf:libtinygltf-dev \
    zlib:libz-mingw-w64-dev lz4:liblz4-dev xz:liblzma-dev libpng:libpng-dev pugixml:libpugixml-dev \
    libzip:libzip-dev brotli:libbrotli-dev gcc:gcc-mingw-w64-base mingw-w64:mingw-w64-common; do
    cp "/usr/share/doc/${entry#*:}/copyright" "$release/licenses/${entry%%:*}.txt"
  done
  (cd "$root/$build" && cmake -E tar cf "$release.zip" --format=zip "$(basename "$release")")
  echo "bonebridge.exe: $(stat -c %s "$build/bonebridge.exe") bytes, stripped $(stat -c %s "$release/bonebridge.exe")," \
    "zip $(stat -c %s "$release.zip")" >&2
}

if [ "${1:-}" = --release-only ]; then
  package_release build-windows
  exit 0
fi
command -v "$triplet-g++-posix" >/dev/null || scripts/install-deps.sh --cross
mkdir -p "$cache"
start=$SECONDS
dependency_prefix
if [ "$tests" = ON ]; then googletest_dependency; fi
echo "Dependencies ready in $((SECONDS - start)) s: $prefix" >&2

launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build-windows "${launcher[@]}" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
  -DBONEBRIDGE_WINDOWS_DEPS="$prefix" -DCMAKE_BUILD_TYPE=Release -DBONEBRIDGE_WERROR=ON -DBONEBRIDGE_BENCH=OFF \
  -DBONEBRIDGE_TESTS="$tests" -DBONEBRIDGE_UNITY="${BONEBRIDGE_UNITY:-ON}" >/dev/null
# The tool, the C ABI's bonebridge.dll and its C test program (run under wine by the native build: capi_wine).
targets=(bonebridge bonebridge_shared capi_test)
if [ "$tests" = ON ]; then
  read -r -a targets <<<"bonebridge bonebridge_shared capi_test $(cmake --build build-windows --target help | sed -n 's/^\(bonebridge_tests_[a-z]*\):.*/\1/p' | tr '\n' ' ')"
fi
cmake --build build-windows -j "$jobs" --target "${targets[@]}"
echo "Built in $((SECONDS - start)) s" >&2
check_system_imports build-windows/bonebridge.exe
check_system_imports build-windows/bonebridge.dll
package_release build-windows
