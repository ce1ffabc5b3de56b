# SPDX-License-Identifier: MIT
# libbonebridge.so (bonebridge.dll with mingw-w64): the C ABI of include/bonebridge/bonebridge.h, with the
# project's static libraries linked inside it. It exports the ABI's functions (bb_*) and nothing else: the ABI's
# own sources are compiled with hidden visibility (BB_API marks the exported functions), the static libraries'
# symbols stay local (--exclude-libs), and a version script keeps anything else out.
file(GLOB CAPI_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/capi/*.cpp)
add_library(bonebridge_shared SHARED ${CAPI_SOURCES})
target_link_libraries(bonebridge_shared PRIVATE bonebridge_services bonebridge_warnings)
# bb_document_sample_fast plays the runtime clip.
target_link_libraries(bonebridge_shared PRIVATE bonebridge_runtime)
target_compile_definitions(bonebridge_shared PRIVATE BONEBRIDGE_BUILDING_ABI=1
                                                     BONEBRIDGE_VERSION="${PROJECT_VERSION}")
# The ABI's version (bonebridge.h BB_ABI_VERSION) is the soname's: libbonebridge.so.1.
file(STRINGS ${PROJECT_SOURCE_DIR}/include/bonebridge/bonebridge.h abi_line REGEX "^#define BB_ABI_VERSION ")
string(REGEX REPLACE "^#define BB_ABI_VERSION ([0-9]+).*" "\\1" BONEBRIDGE_ABI_VERSION "${abi_line}")
set_target_properties(bonebridge_shared PROPERTIES
  OUTPUT_NAME bonebridge
  VERSION ${BONEBRIDGE_ABI_VERSION}.${PROJECT_VERSION_MINOR}.${PROJECT_VERSION_PATCH}
  SOVERSION ${BONEBRIDGE_ABI_VERSION}
  C_VISIBILITY_PRESET hidden
  CXX_VISIBILITY_PRESET hidden
  VISIBILITY_INLINES_HIDDEN ON
  LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/bonebridge.map)
if(WIN32)
  # bonebridge.dll, not libbonebridge.dll; its dependencies (libstdc++, libgcc, winpthread) linked in.
  set_target_properties(bonebridge_shared PROPERTIES PREFIX "" RUNTIME_OUTPUT_NAME bonebridge)
  target_link_options(bonebridge_shared PRIVATE -static -static-libgcc -static-libstdc++
                                                -Wl,--exclude-all-symbols)
else()
  target_link_options(bonebridge_shared PRIVATE -Wl,--exclude-libs,ALL
                                                -Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/bonebridge.map)
endif()
# Installed beside the Python module that loads it (cmake/packaging.cmake), not as a system library: its
# callers are the module and the Blender add-on, which find it there.
