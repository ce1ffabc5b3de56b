# SPDX-License-Identifier: MIT
# The WebAssembly build (scripts/build-wasm.sh, Debian's emscripten): the CLI linked as a module that a page's
# Web Worker runs on an in-memory file system, and the page around it (web/). Included before the targets so
# that the compile options reach every library.
option(BONEBRIDGE_WEB "Build the web page (only with emscripten: scripts/build-wasm.sh)" OFF)
if(BONEBRIDGE_WEB AND NOT EMSCRIPTEN)
  message(FATAL_ERROR "BONEBRIDGE_WEB needs emscripten's toolchain: run scripts/build-wasm.sh")
endif()
if(EMSCRIPTEN)
  # JavaScript-based C++ exceptions: emscripten 3.1.6 ships this variant of libc++ prebuilt (the wasm-native
  # one would be built into the system's emscripten cache on first use). The library and CLI11 throw and catch.
  add_compile_options(-fexceptions)
  add_link_options(-fexceptions)
endif()
