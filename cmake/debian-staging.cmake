# SPDX-License-Identifier: MIT
# CPack's pre-build script (cmake/packaging.cmake): what debhelper would do to the staged packages before they
# are packed. Runs with CPackConfig.cmake's variables, in the staging folder of each component,
# CPACK_TEMPORARY_DIRECTORY/COMPONENT/usr/...
#
# The static libraries lose their debug sections, as dh_strip does to a -dev package's archives (the symbols
# stay, so that they still link): with debug information they are about 250 MB; bonebridge's own build keeps
# it.
file(GLOB_RECURSE archives ${CPACK_TEMPORARY_DIRECTORY}/*.a)
foreach(archive IN LISTS archives)
  execute_process(COMMAND ${CPACK_BONEBRIDGE_STRIP} --strip-debug --enable-deterministic-archives ${archive}
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${CPACK_BONEBRIDGE_STRIP} --strip-debug ${archive} failed (${status})")
  endif()
endforeach()

# Every Debian package carries /usr/share/doc/PACKAGE/changelog.Debian.gz (Debian policy 12.7): one entry, for
# the version packed. Its date is SOURCE_DATE_EPOCH's when that is set.
string(TIMESTAMP date "%a, %d %b %Y %H:%M:%S +0000" UTC)
foreach(component IN LISTS CPACK_COMPONENTS_ALL)
  string(TOUPPER ${component} upper)
  set(package ${CPACK_DEBIAN_${upper}_PACKAGE_NAME})
  set(doc ${CPACK_TEMPORARY_DIRECTORY}/${component}${CPACK_PACKAGING_INSTALL_PREFIX}/share/doc/${package})
  file(WRITE ${doc}/changelog.Debian
       "${CPACK_PACKAGE_NAME} (${CPACK_PACKAGE_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}) unstable; urgency=medium\n"
       "\n  * Packed by CPack from the bonebridge build tree (cmake/packaging.cmake).\n"
       "\n -- ${CPACK_DEBIAN_PACKAGE_MAINTAINER}  ${date}\n")
  execute_process(COMMAND gzip -9 --no-name --force ${doc}/changelog.Debian RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "gzip ${doc}/changelog.Debian failed (${status})")
  endif()
endforeach()
