# SPDX-License-Identifier: MIT
# What an installed bonebridge gives besides the library (install.cmake) and the man page (manpage.cmake):
# bash completion, the Python module and the Blender add-on; then the Debian packages, made by CPack from this
# build tree (`cpack -G DEB --config build/CPackConfig.cmake`).
#
# Why CPack and not dpkg-buildpackage: the install rules already say where every file goes, so CPack needs only
# the control fields below, packs the tree that was just built and tested (no second build: the test of the
# packages takes seconds, where a debian/ build is a full 4-5 minute rebuild), and computes Depends with
# dpkg-shlibdeps all the same. What dpkg-buildpackage would add (Debian's own compiler flags, a source package)
# matters for an upload to Debian, not for installing on Debian 12.

# Completion for bash, made by the tool from its own verbs and options.
set(bash_completion ${PROJECT_BINARY_DIR}/bonebridge.bash-completion)
add_custom_command(OUTPUT ${bash_completion}
                   COMMAND bonebridge completion bash > ${bash_completion}
                   DEPENDS bonebridge
                   COMMENT "Writing the bash completion script"
                   VERBATIM)
add_custom_target(bonebridge_bash_completion ALL DEPENDS ${bash_completion})
install(FILES ${bash_completion} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME bonebridge COMPONENT runtime)

# The Python module where Debian's python3 looks for packaged modules (and Debian's Blender too, which runs
# the same Python 3.11), and the add-on: as a folder among Debian Blender's system add-ons (enable it in
# Preferences > Add-ons), and as the zip that installs into any Blender running Python 3.11.
set(BONEBRIDGE_INSTALL_PYTHONDIR lib/python3/dist-packages
    CACHE STRING "Where the Python module goes, under the install prefix (Debian's layout)")
if(TARGET python_module)
  install(FILES ${BONEBRIDGE_PYTHON_FILES} DESTINATION ${BONEBRIDGE_INSTALL_PYTHONDIR}/bonebridge COMPONENT python)
  # The C ABI's library beside the module, with its soname link (the name the module loads), stripped as a
  # target is.
  install(TARGETS bonebridge_shared LIBRARY DESTINATION ${BONEBRIDGE_INSTALL_PYTHONDIR}/bonebridge NAMELINK_SKIP
          COMPONENT python)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/blender/io_scene_bonebridge
          DESTINATION ${CMAKE_INSTALL_DATADIR}/blender/scripts/addons COMPONENT python
          PATTERN __pycache__ EXCLUDE)
  install(FILES ${PROJECT_BINARY_DIR}/blender/io_scene_bonebridge.zip DESTINATION ${CMAKE_INSTALL_DATADIR}/bonebridge
          COMPONENT python)
endif()

# Each package's copyright file (machine-readable, Debian's copyright format), where Debian puts it.
install(FILES ${PROJECT_SOURCE_DIR}/cmake/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/bonebridge
        COMPONENT runtime)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/libbonebridge-dev
        COMPONENT development)
if(TARGET python_module)
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/python3-bonebridge
          COMPONENT python)
endif()

# Everything the install rules take from the build tree, without tests, benchmarks or fuzz replays:
# scripts/package.sh builds only this.
add_custom_target(bonebridge_installed_files)
add_dependencies(bonebridge_installed_files bonebridge ${BONEBRIDGE_INSTALLED_LIBRARIES} bonebridge_bash_completion)
foreach(target IN ITEMS bonebridge_man python_module blender_addon)
  if(TARGET ${target})
    add_dependencies(bonebridge_installed_files ${target})
  endif()
endforeach()

# The Debian packages: bonebridge (the tool), python3-bonebridge (the module and the add-on) and
# libbonebridge-dev (static libraries, headers, CMake package, pkg-config file).
set(BONEBRIDGE_PACKAGE_MAINTAINER "bonebridge maintainers <maintainers@users.noreply.a-seed-f6a8cfca.example>"
    CACHE STRING "The Maintainer field of the Debian packages")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME bonebridge)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)  # the tool and the module
set(CPACK_BONEBRIDGE_STRIP ${CMAKE_STRIP})
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_CURRENT_LIST_DIR}/debian-staging.cmake)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # NAME_VERSION-RELEASE_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${BONEBRIDGE_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends from the shared libraries each binary links
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)

set(CPACK_COMPONENTS_ALL runtime development)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME bonebridge)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_RECOMMENDS libjs-three)  # `preview` pages inline its three.js
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SUGGESTS python3-bonebridge)
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION
    "skeletal animation of classic games to glTF 2.0 and back
bonebridge converts the skeletal animation of LEGO Island (.ani), the Sith
engine (.key/.3do), LBA (.anm, HQR archives), Resonite (AnimX/AnimJ) and
Volition's rigs and animations to glTF 2.0, and glTF back to the games' own
files. It also reads and writes the games' archives, samples the engines' own
poses and writes offline preview pages.")

# Static libraries: their users link what bonebridge.pc requires, so the package depends on those -dev packages.
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_NAME libbonebridge-dev)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
# The Debian package of each module bonebridge.pc requires.
set(debian_dev_fmt libfmt-dev)
set(debian_dev_nlohmann_json nlohmann-json3-dev)
set(debian_dev_zlib zlib1g-dev)
set(debian_dev_libpng libpng-dev)
set(debian_dev_liblzma liblzma-dev)
set(debian_dev_liblz4 liblz4-dev)
set(debian_dev_libzip libzip-dev)
set(debian_dev_libbrotlidec libbrotli-dev)
set(debian_dev_pugixml libpugixml-dev)
string(REPLACE " " ";" pc_requires "${BONEBRIDGE_PC_REQUIRES}")
set(development_depends)
foreach(requirement IN LISTS pc_requires)
  if(NOT DEFINED debian_dev_${requirement})
    message(FATAL_ERROR "packaging.cmake: no Debian package named for bonebridge.pc's '${requirement}'")
  endif()
  list(APPEND development_depends ${debian_dev_${requirement}})
endforeach()
list(JOIN development_depends ", " CPACK_DEBIAN_DEVELOPMENT_PACKAGE_DEPENDS)
set(CPACK_DEBIAN_DEVELOPMENT_DESCRIPTION
    "skeletal animation of classic games to glTF 2.0 and back (C++ library)
The static libraries and headers of bonebridge, with a CMake package
(find_package(bonebridge CONFIG), target bonebridge::bonebridge) and a
pkg-config file.")

if(TARGET python_module)
  list(APPEND CPACK_COMPONENTS_ALL python)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-bonebridge)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
  # Pure Python over ctypes: any python3 from 3.8 on; the C ABI's library needs what dpkg-shlibdeps finds. numpy
  # gives poses as arrays (nested lists without it).
  set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "python3 (>= 3.8)")
  set(CPACK_DEBIAN_PYTHON_PACKAGE_RECOMMENDS python3-numpy)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_ENHANCES blender)
  set(CPACK_DEBIAN_PYTHON_DESCRIPTION
      "skeletal animation of classic games to glTF 2.0 and back (Python, Blender)
The bonebridge Python module (import bonebridge): open, sample and convert the
games' animation files, poses as numpy arrays, in pure Python over the C ABI of
libbonebridge (ctypes), and a Blender add-on (File > Import and Export) for
Debian's Blender, also as a zip for other Blenders.")
endif()

include(CPack)
