# SPDX-License-Identifier: MIT
# Install rules: the tool, the static libraries with their headers, and the two ways to find them —
# find_package(bonebridge CONFIG) (bonebridge::bonebridge) and pkg-config (bonebridge.pc).
include(CMakePackageConfigHelpers)

set(BONEBRIDGE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/bonebridge)

# In link order: a library before the ones it uses.
set(BONEBRIDGE_INSTALLED_LIBRARIES bonebridge_services bonebridge_registry)
foreach(family IN LISTS BONEBRIDGE_PRESENT_FAMILIES)
  list(APPEND BONEBRIDGE_INSTALLED_LIBRARIES bonebridge_${family})
endforeach()
list(APPEND BONEBRIDGE_INSTALLED_LIBRARIES bonebridge_gltf bonebridge_archive bonebridge_bvh bonebridge_base)

# bonebridge::registry, bonebridge::lego, ... for users who want less than everything.
foreach(library IN LISTS BONEBRIDGE_INSTALLED_LIBRARIES)
  string(REPLACE "bonebridge_" "" short_name ${library})
  set_target_properties(${library} PROPERTIES EXPORT_NAME ${short_name})
endforeach()

install(TARGETS bonebridge RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
install(TARGETS ${BONEBRIDGE_INSTALLED_LIBRARIES} bonebridge_library
        EXPORT bonebridgeTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/bonebridge DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT development)
install(EXPORT bonebridgeTargets NAMESPACE bonebridge:: DESTINATION ${BONEBRIDGE_CMAKE_DIR}
        COMPONENT development)

# The libraries the exported targets name, for bonebridgeConfig.cmake to find. Static libraries carry their
# PRIVATE links too (as $<LINK_ONLY:...>): zlib for the archives, and LZMA and LZ4 for Resonite's AnimX.
# tinygltf is compiled into bonebridge_gltf and CLI11 only into the tool, so users need neither.
set(BONEBRIDGE_PC_REQUIRES "fmt nlohmann_json zlib libpng pugixml")
if(TARGET bonebridge_animx)
  set(BONEBRIDGE_NEEDS_LZMA_LZ4 TRUE)
  string(APPEND BONEBRIDGE_PC_REQUIRES " liblzma liblz4 libzip libbrotlidec")
else()
  set(BONEBRIDGE_NEEDS_LZMA_LZ4 FALSE)
endif()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/bonebridgeConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/bonebridgeConfig.cmake
                              INSTALL_DESTINATION ${BONEBRIDGE_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/bonebridgeConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/bonebridgeConfig.cmake ${PROJECT_BINARY_DIR}/bonebridgeConfigVersion.cmake
        DESTINATION ${BONEBRIDGE_CMAKE_DIR} COMPONENT development)

# bonebridge.pc names the prefix given at install time (`cmake --install --prefix`), not the configured one.
if(IS_ABSOLUTE ${CMAKE_INSTALL_LIBDIR})
  set(BONEBRIDGE_PC_LIBDIR ${CMAKE_INSTALL_LIBDIR})
else()
  set(BONEBRIDGE_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE ${CMAKE_INSTALL_INCLUDEDIR})
  set(BONEBRIDGE_PC_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR})
else()
  set(BONEBRIDGE_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
list(TRANSFORM BONEBRIDGE_INSTALLED_LIBRARIES PREPEND "-l" OUTPUT_VARIABLE BONEBRIDGE_PC_LIBS)
list(JOIN BONEBRIDGE_PC_LIBS " " BONEBRIDGE_PC_LIBS)
set(BONEBRIDGE_PC_PREFIX "@CMAKE_INSTALL_PREFIX@")  # left for the second pass, at install time
configure_file(${CMAKE_CURRENT_LIST_DIR}/bonebridge.pc.in ${PROJECT_BINARY_DIR}/bonebridge.pc.in @ONLY)
install(CODE "configure_file(\"${PROJECT_BINARY_DIR}/bonebridge.pc.in\" \"${PROJECT_BINARY_DIR}/bonebridge.pc\" @ONLY)"
        COMPONENT development)
install(FILES ${PROJECT_BINARY_DIR}/bonebridge.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
        COMPONENT development)
