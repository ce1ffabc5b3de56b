#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds every libFuzzer target with clang (address + undefined-behaviour sanitizers) and runs each for RUNS
# inputs (default 5000, at most 30 s each) from its seed corpus with a fixed seed, so that a run is repeatable:
# the same tree gives the same verdict on every machine. Exits non-zero after a crash, leak or sanitizer
# report, or unit slower than FUZZ_TIMEOUT s of wall time (-timeout, default 2). Each target's slowest unit is printed; slow units
# (over 1 s) and crashing inputs are written to build-fuzz/artifacts/TARGET-*.
# Issue 38 bounds a unit at 1 s under the sanitizers. -timeout is wall-clock, so the bound is checked in CPU
# time, which the machine's load does not change, after the fuzzing (FUZZ_UNIT_LIMIT seconds, default 1; a
# unit over it fails the script): scripts/fuzz-unit-times.sh replays each corpus file once
# through the target's LLVMFuzzerTestOneInput (the target's objects and libFuzzer's coverage callbacks,
# libclang_rt.fuzzer_no_main, linked with fuzz/unit_times_main.cpp) and times it with getrusage; for one
# file, `/usr/bin/time build-fuzz/fuzz/TARGET -detect_leaks=0 FILE` gives about the same plus start-up (with
# its leak check, libFuzzer runs a unit that allocates twice).
# On 540cf4d9 (all 33 targets, 63 s with the links): animx_bridge 0.59, capi 0.40, lego_bridge 0.19,
# archive_vpp 0.065, runtime_clip 0.023, the others at most 0.014.
# `nice -n 10 scripts/fuzz-unit-times.sh` on branch trust4 (clang 14, ASan + UBSan, RelWithDebInfo), each
# target's slowest unit in CPU seconds (whole corpus in brackets):
#   animx_bridge 0.64 (9.8)   lego_bridge 0.31 (19.4)   runtime_clip 0.041   archive_vpp 0.037
#   gltf_read 0.025   lba_lm2 0.021   animx_animj 0.010   volition_anim 0.012   volition_asm 0.011
#   lba_body 0.009   volition_cloth 0.008   animx_datatree 0.007   lba_hqr 0.007   lba_hqr_archive 0.006
#   animx_package 0.006   registry_roundtrip 0.006   sith_pup 0.005   volition_rig 0.005
#   volition_xtbl 0.005   bvh_read 0.004   lba_anm 0.004   and the other 13 targets at most 0.002
#   capi 0.18 (0.6) over its corpus (see below for what its campaigns find)
# So every target of the default run stays under 1 s of CPU, and the default -timeout is 2 s of wall time:
# the margin for a loaded 2-core CI machine running one other job (a unit's wall time about twice its CPU
# time). FUZZ_TIMEOUT=10 gives the old allowance.
# fuzz_capi's campaigns found units of 2 to 35 s CPU: an LBA .anm to glb and back whose keyframes last long
# (a 90-keyframe clip of 1.4 M ticks). The way back's keyframe reduction is now bounded by keyframes
# (bridge_reduce.cpp), the ideal clock leaps over keyframes that do not turn the actor, evaluation stops at
# 2^17 ticks played one at a time. The slowest known unit is the real ANIM_CUSTOM.anm (10,898 ticks, 18
# groups; 21-byte header of kind 9, ".anm" by name, or 12, LBA forced): baked at every tick, built into a
# runtime clip, written to glb and back. Timed by getrusage around the call (fuzz-unit-times.sh; libFuzzer's
# -runs=1 under /usr/bin/time runs a unit twice when the leak check re-runs it), CPU seconds by name / forced:
#   session 10's code (three runs)                                    1.12-1.46 / -
#   sealed export (core/seal.hpp): the way back writes the source       0.51-0.54 / 1.21-1.22
#   + the unchanged check poses only the groups two states place apart 0.43-0.45 / 0.88-0.90
#   + no seal without a kind-naming extension, flat keys dropped in place 0.42-0.45 / 0.77-0.83
#   + the LBA writer keeps one pose, not every keyframe's (16.5 MB)       0.44-0.49 / 0.57-0.61
#     (interleaved with the code before it, five runs each: 0.44-0.45 / 0.73-0.77 there)
# A 10-CPU-minute capi campaign on that code (4,847 inputs, no finding) merged into the corpus: slowest unit
# 0.44 s CPU over 478 files.
# (forced: kind 12, or 23 by content, which have no extension: the way back judges the motion.)
# So fuzz_capi runs under the same -timeout as every target.
# Longer hunts: scripts/fuzz.sh 0 SECONDS (a time limit instead, random seed).
# FUZZ_TARGETS="fuzz_animx_bridge fuzz_animx_read": only those targets. The libraries are compiled in batches of
# files (BONEBRIDGE_UNITY, CMakeLists.txt); BONEBRIDGE_UNITY=OFF compiles them file by file.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5000}"
seconds="${2:-0}"
timeout="${FUZZ_TIMEOUT:-2}"
artifacts=build-fuzz/artifacts
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBONEBRIDGE_FUZZ=ON -DBONEBRIDGE_WERROR=OFF \
  -DBONEBRIDGE_TESTS=OFF -DBONEBRIDGE_BENCH=OFF -DBONEBRIDGE_UNITY="${BONEBRIDGE_UNITY:-ON}" >/dev/null
mapfile -t targets < <(cmake --build build-fuzz --target help | sed -n 's/^\(fuzz_[a-z0-9_]*\):.*/\1/p' | sort -u)
if [[ -n "${FUZZ_TARGETS:-}" ]]; then
  read -r -a targets <<<"${FUZZ_TARGETS}"
else
  # FUZZ_SKIP: a target left out of the default run (none by default).
  if [[ -n "${FUZZ_SKIP:-}" ]]; then
    mapfile -t targets < <(printf '%s\n' "${targets[@]}" | grep -vx "${FUZZ_SKIP}")
  fi
fi
if ((${#targets[@]} == 0)); then
  echo "no fuzz targets" >&2
  exit 1
fi
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]}"
mkdir -p "${artifacts}"
# One target: its summary (or its log's tail and the failure) printed when it ends, so that two targets
# running side by side do not interleave their lines.
fuzz_one() {
  local target=$1 corpus="fuzz/corpus/${1#fuzz_}" work limits
  work=$(mktemp -d)
  if ((seconds > 0)); then
    limits=(-max_total_time="${seconds}")
  else
    # A fixed seed makes the inputs repeatable; the time cap bounds the slow targets (those that run a
    # whole bridge per input) on a loaded machine.
    limits=(-runs="${runs}" -seed=1 -max_total_time=30)
  fi
  local heading="fuzzing ${target} (${limits[*]}, -timeout=${timeout}) from ${corpus}"
  if ! "build-fuzz/fuzz/${target}" "${limits[@]}" -rss_limit_mb=2048 -max_len=65536 -timeout="${timeout}" \
    -report_slow_units=1 -print_final_stats=1 -artifact_prefix="${artifacts}/${target}-" "$work" "$corpus" \
    >"$work.log" 2>&1; then
    { echo "${heading}"; tail -n 60 "$work.log"; } >&2
    echo "FUZZ FAILURE in ${target}; the input is in ${artifacts} as ${target}-crash-* (or -timeout-, -leak-)" >&2
    rm -rf "$work" "$work.log"
    return 1
  fi
  { echo "${heading}"; grep -E "DONE|Done" "$work.log" | tail -n 1; grep -E "stat::slowest_unit_time_sec" "$work.log"; } || true
  rm -rf "$work" "$work.log"
}
# A libFuzzer run uses one core: as many targets at a time as the machine has cores (-timeout is wall time,
# and each target still has a core of its own).
cores=$(nproc)
running=()
failures=0
for target in "${targets[@]}"; do
  while ((${#running[@]} >= cores)); do
    ended=
    wait -n -p ended "${running[@]}" || failures=$((failures + 1))
    for i in "${!running[@]}"; do [[ "${running[i]}" == "${ended}" ]] && unset 'running[i]'; done
    running=("${running[@]}")
  done
  fuzz_one "${target}" &
  running+=($!)
done
for pid in "${running[@]}"; do wait "$pid" || failures=$((failures + 1)); done
if ((failures > 0)); then
  echo "${failures} fuzz target(s) failed" >&2
  exit 1
fi
# Issue 38's bound, in CPU seconds on this machine: every corpus unit of every target run once and timed
# (about a minute for all targets: each is linked again with the timing main).
echo "each target's slowest corpus unit in CPU seconds (bound ${FUZZ_UNIT_LIMIT:-1} s):"
FUZZ_TARGETS="${targets[*]}" UNIT_TIMES_LIMIT="${FUZZ_UNIT_LIMIT:-1}" scripts/fuzz-unit-times.sh
