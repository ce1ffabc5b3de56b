# SPDX-License-Identifier: MIT
# bonebridge.1, written by help2man from the tool's --help and --version plus bonebridge.h2m. Optional: a build
# without help2man (Debian: help2man) just has no man page.
find_program(HELP2MAN_EXECUTABLE help2man)
if(NOT HELP2MAN_EXECUTABLE)
  message(STATUS "help2man not found: no man page")
  return()
endif()

set(man_page ${PROJECT_BINARY_DIR}/bonebridge.1)
set(man_include ${CMAKE_CURRENT_LIST_DIR}/bonebridge.h2m)
# Run through PATH, so that the page's synopsis says `bonebridge`, not the build folder's path. Installed
# compressed, as Debian's policy asks (man reads either).
add_custom_command(OUTPUT ${man_page} ${man_page}.gz
                   COMMAND ${CMAKE_COMMAND} -E env "PATH=$<TARGET_FILE_DIR:bonebridge>:$ENV{PATH}"
                           ${HELP2MAN_EXECUTABLE} --no-info --section=1 --include=${man_include}
                           "--name=skeletal animation of classic games to glTF 2.0 and back"
                           --output=${man_page} bonebridge
                   COMMAND gzip -9 --no-name --force --keep ${man_page}
                   DEPENDS bonebridge ${man_include}
                   COMMENT "Writing the man page bonebridge.1"
                   VERBATIM)
add_custom_target(bonebridge_man ALL DEPENDS ${man_page}.gz)
install(FILES ${man_page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT runtime)
