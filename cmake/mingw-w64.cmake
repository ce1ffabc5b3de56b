# SPDX-License-Identifier: MIT
# Cross-compiling for 64-bit Windows with Debian's mingw-w64 (packages g++-mingw-w64-x86-64-posix,
# libz-mingw-w64-dev). The posix thread model gives std::thread and std::mutex; every library is linked
# statically, so that bonebridge.exe needs no DLL beyond Windows' own. scripts/build-windows.sh passes
# BONEBRIDGE_WINDOWS_DEPS, the prefix where it cross-built the other dependencies from Debian's sources.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(BONEBRIDGE_MINGW_TRIPLET x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${BONEBRIDGE_MINGW_TRIPLET}-gcc-posix)
set(CMAKE_CXX_COMPILER ${BONEBRIDGE_MINGW_TRIPLET}-g++-posix)
set(CMAKE_RC_COMPILER ${BONEBRIDGE_MINGW_TRIPLET}-windres)

# Toolchain files are read once per try_compile too: pass the prefix on to them.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES BONEBRIDGE_WINDOWS_DEPS)
set(CMAKE_FIND_ROOT_PATH /usr/${BONEBRIDGE_MINGW_TRIPLET} ${BONEBRIDGE_WINDOWS_DEPS})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# mingw's zlib as its static archive libz.a, not the import library libz.dll.a of zlib1.dll (the prefix holds
# static archives only).
set(ZLIB_USE_STATIC_LIBS ON)

# The static libraries' headers declare their functions dllimport unless told they are linked statically.
set(CMAKE_C_FLAGS_INIT "-DLZMA_API_STATIC -DZIP_STATIC")
set(CMAKE_CXX_FLAGS_INIT "-DLZMA_API_STATIC -DZIP_STATIC")
# The C++ runtime and winpthreads inside the exe too (no libstdc++-6.dll, libgcc_s_seh-1.dll, libwinpthread-1.dll).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")

# pkg-config sees only the cross-built prefix and mingw's zlib, never the build machine's libraries.
set(ENV{PKG_CONFIG_LIBDIR}
    "${BONEBRIDGE_WINDOWS_DEPS}/lib/pkgconfig:${BONEBRIDGE_WINDOWS_DEPS}/share/pkgconfig:/usr/${BONEBRIDGE_MINGW_TRIPLET}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")

# Test programs run under wine (Debian's wine64). wine's own console chatter goes to standard error.
find_program(BONEBRIDGE_WINE NAMES wine64 wine PATHS /usr/lib/wine NO_CMAKE_FIND_ROOT_PATH)
if(BONEBRIDGE_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${BONEBRIDGE_WINE})
endif()
