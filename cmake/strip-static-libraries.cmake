# A CPack pre-build script: the static libraries in the staging folder lose their debug sections, as Debian's
# dh_strip does to a -dev package's archives (the symbols stay, so that they still link). With debug
# information they are about 250 MB; bonebridge's own build keeps it.
file(GLOB_RECURSE archives ${CPACK_TEMPORARY_DIRECTORY}/*.a)
foreach(archive IN LISTS archives)
  execute_process(COMMAND ${CPACK_BONEBRIDGE_STRIP} --strip-debug --enable-deterministic-archives ${archive}
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${CPACK_BONEBRIDGE_STRIP} --strip-debug ${archive} failed (${status})")
  endif()
endforeach()
