# SPDX-License-Identifier: MIT
# The package_deb test (cmake -P): packs the current build tree into Debian packages with CPack, reads their
# control fields, unpacks them into a scratch root with `dpkg-deb -x` (no root rights) and runs what they
# installed from there: the tool, the Python module, and the files a user finds (man page, completion, add-on,
# headers, CMake package, pkg-config file).
# In: BUILD_DIR, SOURCE_DIR, WORK_DIR, VERSION, LIBDIR, CPACK, DPKG_DEB, PYTHON (empty without the Python module).
cmake_minimum_required(VERSION 3.25)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "failed (${status}): ${command}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

function(expect text pattern what)
  if(NOT text MATCHES "${pattern}")
    message(FATAL_ERROR "${what}: expected a match of '${pattern}' in:\n${text}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
run(${CPACK} -G DEB --config ${BUILD_DIR}/CPackConfig.cmake -B ${WORK_DIR}/packages)

execute_process(COMMAND dpkg --print-architecture OUTPUT_VARIABLE arch OUTPUT_STRIP_TRAILING_WHITESPACE)
set(packages bonebridge libbonebridge-dev)
if(PYTHON)
  list(APPEND packages python3-bonebridge)
endif()
set(root ${WORK_DIR}/root)
foreach(package IN LISTS packages)
  set(deb ${WORK_DIR}/packages/${package}_${VERSION}-1_${arch}.deb)
  if(NOT EXISTS ${deb})
    file(GLOB made ${WORK_DIR}/packages/*.deb)
    message(FATAL_ERROR "no ${deb}; CPack made: ${made}")
  endif()
  run(${DPKG_DEB} --info ${deb})
  message(STATUS "dpkg-deb --info ${package}:\n${out}")
  expect("${out}" "\n Package: ${package}\n" "${package}'s Package")
  expect("${out}" "\n Version: ${VERSION}-1\n" "${package}'s Version")
  expect("${out}" "\n Architecture: ${arch}\n" "${package}'s Architecture")
  expect("${out}" "\n Maintainer: [^\n]+ <[^\n]+@[^\n]+>\n" "${package}'s Maintainer")
  expect("${out}" "\n Section: [a-z]+\n" "${package}'s Section")
  expect("${out}" "\n Installed-Size: [0-9]+\n" "${package}'s Installed-Size")
  # A synopsis line, then an extended description of indented lines.
  expect("${out}" "\n Description: [^\n]+\n  [^\n]+\n" "${package}'s Description")
  set(control_${package} "${out}")
  run(${DPKG_DEB} --extract ${deb} ${root})
endforeach()

# Depends: computed by dpkg-shlibdeps from what the binaries link, or named for what cannot be computed.
expect("${control_bonebridge}" "\n Depends: [^\n]*libc6 \\(>= [^\n]*libstdc\\+\\+6" "bonebridge's Depends")
expect("${control_bonebridge}" "\n Depends: [^\n]*libpng16-16" "bonebridge's Depends")
expect("${control_libbonebridge-dev}" "\n Depends: [^\n]*libfmt-dev[^\n]*nlohmann-json3-dev" "-dev's Depends")

set(tool ${root}/usr/bin/bonebridge)
run(${tool} --version)
expect("${out}" "^bonebridge ${VERSION}" "bonebridge --version")
run(${tool} formats)
expect("${out}" "LEGO Island" "bonebridge formats")
# examples/lego/waving_arm.ani: the nodes -WAVE > ARM > ELBOW > HAND (tests/formats/lego/fixtures.hpp).
run(${tool} convert ${SOURCE_DIR}/examples/lego/waving_arm.ani ${WORK_DIR}/waving_arm.glb)
file(READ ${WORK_DIR}/waving_arm.glb magic LIMIT 4 HEX)
expect("${magic}" "^676c5446$" "the converted file's magic (glTF)")

foreach(file usr/share/man/man1/bonebridge.1.gz usr/share/bash-completion/completions/bonebridge
             usr/share/doc/bonebridge/changelog.Debian.gz usr/share/doc/libbonebridge-dev/changelog.Debian.gz
             usr/share/doc/bonebridge/copyright usr/share/doc/libbonebridge-dev/copyright
             usr/include/bonebridge/services/conversion.hpp usr/${LIBDIR}/libbonebridge_services.a
             usr/${LIBDIR}/cmake/bonebridge/bonebridgeConfig.cmake
             usr/${LIBDIR}/pkgconfig/bonebridge.pc)
  if(NOT EXISTS ${root}/${file})
    message(FATAL_ERROR "the packages install no /${file}")
  endif()
endforeach()
file(READ ${root}/usr/${LIBDIR}/pkgconfig/bonebridge.pc pc)
expect("${pc}" "^prefix=/usr\n" "bonebridge.pc's prefix")

if(PYTHON)
  foreach(file usr/share/blender/scripts/addons/io_scene_bonebridge/__init__.py
               usr/share/blender/scripts/addons/io_scene_bonebridge/LICENSE
               usr/share/doc/python3-bonebridge/copyright usr/share/bonebridge/io_scene_bonebridge.zip)
    if(NOT EXISTS ${root}/${file})
      message(FATAL_ERROR "the packages install no /${file}")
    endif()
  endforeach()
  set(ENV{PYTHONPATH} ${root}/usr/lib/python3/dist-packages)
  # Lines, not semicolons, between statements: a semicolon would split the argument as a CMake list.
  run(${PYTHON} -c "import bonebridge as bb, sys
doc = bb.open(sys.argv[1])
print(bb.__file__)
print(len(doc.sample(0.0)['names']))" ${SOURCE_DIR}/examples/lego/waving_arm.ani)
  expect("${out}" "^${root}/usr/lib/python3/dist-packages/bonebridge/__init__.py\n4\n$" "the Python module")
endif()
message(STATUS "packages in ${WORK_DIR}/packages, unpacked and run from ${root}")
