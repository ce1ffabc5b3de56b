# SPDX-License-Identifier: MIT
# Stages the add-on as users install it and zips it (cmake -P, from blender/CMakeLists.txt):
#   io_scene_bonebridge/            __init__.py (bl_info), blender_manifest.toml, LICENSE
#   io_scene_bonebridge/bonebridge/ the pure-Python module and its native libraries, stripped
# The one top-level folder is what Blender 3.4-4.1 install as a legacy add-on, and Blender 4.2 and later accept
# an extension's files inside one folder of the zip.
# Inputs: ADDON_DIR, MODULE_DIR, LIBRARY (this build's library), LIBRARY_NAME (the name the module loads),
# STRIP (may be empty), DLL (bonebridge.dll to bundle, may be empty), DLL_STRIP (may be empty), STAGE, ZIP.
cmake_minimum_required(VERSION 3.25)

# Copies FROM to TO through STRIPPER when there is one (--strip-unneeded keeps the dynamic symbols and the
# exports the module calls; the debug and local symbols are most of an unstripped library's size).
function(copy_stripped from to stripper)
  if(stripper)
    execute_process(COMMAND ${stripper} --strip-unneeded -o ${to} ${from} RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "${stripper} --strip-unneeded ${from} failed (${status})")
    endif()
  else()
    file(COPY_FILE ${from} ${to})
  endif()
endfunction()

set(package ${STAGE}/io_scene_bonebridge)
file(REMOVE_RECURSE ${STAGE})
file(MAKE_DIRECTORY ${package}/bonebridge)
foreach(name IN ITEMS __init__.py blender_manifest.toml LICENSE)
  file(COPY_FILE ${ADDON_DIR}/${name} ${package}/${name})
endforeach()
foreach(name IN ITEMS __init__.py _native.py)
  file(COPY_FILE ${MODULE_DIR}/${name} ${package}/bonebridge/${name})
endforeach()
copy_stripped(${LIBRARY} ${package}/bonebridge/${LIBRARY_NAME} "${STRIP}")
if(DLL)
  if(NOT EXISTS ${DLL})
    message(FATAL_ERROR "BONEBRIDGE_WINDOWS_DLL names ${DLL}, which does not exist (scripts/build-windows.sh makes it)")
  endif()
  copy_stripped(${DLL} ${package}/bonebridge/bonebridge.dll "${DLL_STRIP}")
endif()
file(REMOVE ${ZIP})
execute_process(COMMAND ${CMAKE_COMMAND} -E tar cf ${ZIP} --format=zip io_scene_bonebridge
                WORKING_DIRECTORY ${STAGE} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "zipping ${package} into ${ZIP} failed (${status})")
endif()
