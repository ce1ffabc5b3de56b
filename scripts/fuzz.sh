#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds every libFuzzer target with clang (address + undefined-behaviour sanitizers) and runs each for RUNS
# inputs (default 5000, at most 30 s each) from its seed corpus with a fixed seed, so that a run is repeatable:
# the same tree gives the same verdict on every machine. Exits non-zero on the first crash, leak or sanitizer
# report, or unit slower than FUZZ_TIMEOUT s of wall time (-timeout, default 10). Each target's slowest unit is printed; slow units
# (over 1 s) and crashing inputs are written to build-fuzz/artifacts/TARGET-*.
# Issue 38 bounds a unit at 1 s under the sanitizers. -timeout is wall-clock, so the bound is measured in CPU
# time, which the machine's load does not change: scripts/fuzz-unit-times.sh replays each corpus file once
# through the target's LLVMFuzzerTestOneInput (the target's objects and libFuzzer's coverage callbacks,
# libclang_rt.fuzzer_no_main, linked with fuzz/unit_times_main.cpp) and times it with getrusage; for one
# file, `/usr/bin/time build-fuzz/fuzz/TARGET -runs=1 FILE` gives about the same plus 0.06 s of start-up.
# Clang 14, ASan + UBSan, RelWithDebInfo:
#   fuzz_animx_bridge    slowest 0.95 s CPU, corpus 13.4 s in all (trust3: was 1.53 s and 42.8 s)
#   fuzz_animx_read 0.005 s, fuzz_animx_animj 0.015 s, fuzz_animx_datatree 0.012 s, fuzz_animx_package 0.006 s
#   fuzz_capi            slowest 0.18 s CPU over its corpus (trust4); its known slow unit, an LBA .anm of 4
#                        keyframes lasting 1,587 s to glb and back (build-fuzz/artifacts/fuzz_capi-timeout-7e9a…),
#                        takes 4.9 s CPU (0.48 s Release, was 1.18 s: keyframe reduction now stops a failing
#                        span test early): the export bakes a key per engine tick (up to 100,000 per channel)
#                        and the way back compares 20,000 instants, so it stays over the bound.
#   the other targets were not re-measured on this tree.
# The default -timeout stays 10 s of wall time until every target is measured this way: 2 s is what the
# measured ones allow on a CI machine running one other job (a unit's wall time about twice its CPU time);
# FUZZ_TIMEOUT=2 applies it.
# Longer hunts: scripts/fuzz.sh 0 SECONDS (a time limit instead, random seed).
# FUZZ_TARGETS="fuzz_animx_bridge fuzz_animx_read": only those targets.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5000}"
seconds="${2:-0}"
timeout="${FUZZ_TIMEOUT:-10}"
artifacts=build-fuzz/artifacts
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBONEBRIDGE_FUZZ=ON -DBONEBRIDGE_WERROR=OFF \
  -DBONEBRIDGE_TESTS=OFF -DBONEBRIDGE_BENCH=OFF >/dev/null
mapfile -t targets < <(cmake --build build-fuzz --target help | sed -n 's/^\(fuzz_[a-z0-9_]*\):.*/\1/p' | sort -u)
if [[ -n "${FUZZ_TARGETS:-}" ]]; then
  read -r -a targets <<<"${FUZZ_TARGETS}"
else
  # fuzz_capi runs only when named (its corpus is replayed by the test suite all the same) until its known
  # slow unit (above) is bounded; the LBA .anm tick overflow its first campaign found is fixed (trust4).
  mapfile -t targets < <(printf '%s\n' "${targets[@]}" | grep -vx "${FUZZ_SKIP:-fuzz_capi}")
fi
if ((${#targets[@]} == 0)); then
  echo "no fuzz targets" >&2
  exit 1
fi
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]}"
mkdir -p "${artifacts}"
for target in "${targets[@]}"; do
  corpus="fuzz/corpus/${target#fuzz_}"
  work=$(mktemp -d)
  if ((seconds > 0)); then
    limits=(-max_total_time="${seconds}")
  else
    # A fixed seed makes the inputs repeatable; the time cap bounds the slow targets (those that run a
    # whole bridge per input) on a loaded machine.
    limits=(-runs="${runs}" -seed=1 -max_total_time=30)
  fi
  echo "fuzzing ${target} (${limits[*]}) from ${corpus}"
  if ! "build-fuzz/fuzz/${target}" "${limits[@]}" -rss_limit_mb=2048 -max_len=65536 -timeout="${timeout}" \
    -report_slow_units=1 -print_final_stats=1 -artifact_prefix="${artifacts}/${target}-" "$work" "$corpus" \
    >"$work.log" 2>&1; then
    tail -n 60 "$work.log"
    echo "FUZZ FAILURE in ${target}; the input is in ${artifacts} as ${target}-crash-* (or -timeout-, -leak-)" >&2
    exit 1
  fi
  grep -E "DONE|Done" "$work.log" | tail -n 1 || true
  grep -E "stat::slowest_unit_time_sec" "$work.log" || true
  rm -rf "$work" "$work.log"
done
