# SPDX-License-Identifier: MIT
# The install_consumer test (cmake -P): installs the current build into a fresh prefix, then builds and runs
# tests/consumer/main.cpp against it twice — with find_package(bonebridge CONFIG) and with
# `pkg-config --cflags --libs bonebridge`.
# In: BUILD_DIR, SOURCE_DIR, WORK_DIR, CONFIG, GENERATOR, CXX, CXX_LAUNCHER, LIBDIR, PKG_CONFIG.
cmake_minimum_required(VERSION 3.25)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "failed (${status}): ${command}\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# examples/lego/waving_arm.ani is the waving_arm() fixture of tests/formats/lego/fixtures.hpp: the nodes
# -WAVE > ARM > ELBOW > HAND, so four joints.
function(expect_waving_arm program)
  run(${program} ${SOURCE_DIR}/examples/lego/waving_arm.ani)
  if(NOT out STREQUAL "lego joints: 4\n")
    message(FATAL_ERROR "${program} printed '${out}', expected 'lego joints: 4'")
  endif()
  message(STATUS "${program}: ${out}")
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(config_option)
if(CONFIG)
  set(config_option --config ${CONFIG})
endif()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} ${config_option})

run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/consumer -B ${WORK_DIR}/cmake -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_CXX_COMPILER_LAUNCHER=${CXX_LAUNCHER} -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake)
expect_waving_arm(${WORK_DIR}/cmake/consumer)

set(ENV{PKG_CONFIG_PATH} ${prefix}/${LIBDIR}/pkgconfig)
run(${PKG_CONFIG} --cflags --libs bonebridge)
separate_arguments(flags UNIX_COMMAND "${out}")
run(${CXX_LAUNCHER} ${CXX} -std=c++20 ${SOURCE_DIR}/tests/consumer/main.cpp -o ${WORK_DIR}/pkg-config-consumer
    ${flags})
expect_waving_arm(${WORK_DIR}/pkg-config-consumer)
