#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Each fuzz target's slowest corpus units in CPU seconds under ASan + UBSan (issue 38 bounds a unit at 1 s):
# the target's objects, as build-fuzz/ links them for libFuzzer (scripts/fuzz.sh builds them), linked again
# with fuzz/unit_times_main.cpp and libFuzzer's coverage callbacks without its main
# (libclang_rt.fuzzer_no_main), so every corpus file runs once and is timed with getrusage. CPU time does
# not grow with the machine's load, as libFuzzer's wall-clock -timeout and slowest_unit_time_sec do.
#   scripts/fuzz-unit-times.sh                      # every target built in build-fuzz/fuzz
#   FUZZ_TARGETS="fuzz_capi fuzz_lba_anm" scripts/fuzz-unit-times.sh
#   UNIT_TIMES_TOP=10 scripts/fuzz-unit-times.sh    # the 10 slowest units of each (default 1)
#   UNIT_TIMES_LIMIT=1 scripts/fuzz-unit-times.sh   # exits 1 when a target's slowest unit took longer (fuzz.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/fuzz-targets.sh
no_main="$(clang++ -print-resource-dir)/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a"
if [[ ! -f "$no_main" ]]; then
  echo "${no_main} not found (clang's compiler-rt)" >&2
  exit 1
fi
out=build-fuzz/unit-times
mkdir -p "$out"
clang++ -std=c++20 -O2 -fsanitize=address,undefined -c fuzz/unit_times_main.cpp -o "$out/unit_times_main.o"
over=0
for target in "${targets[@]}"; do
  # The link command ninja runs for the target, with libFuzzer's main swapped for the timing one.
  link=$(ninja -C build-fuzz -t commands "fuzz/${target}" | tail -n 1)
  link=${link//-fsanitize=fuzzer,address,undefined/-fsanitize=address,undefined}
  link=${link//-o fuzz\/${target} / -o unit-times/${target} unit-times/unit_times_main.o ${no_main} }
  (cd build-fuzz && eval "${link}")
  printf '%s: ' "$target"
  status=0
  "$out/${target}" -top="${UNIT_TIMES_TOP:-1}" -limit="${UNIT_TIMES_LIMIT:-0}" "fuzz/corpus/${target#fuzz_}" \
    2>/dev/null | tr '\n' ' ' || status=$?
  echo
  ((status == 0)) || over=$((over + 1))
done
if ((over > 0)); then
  echo "${over} target(s) had a unit over ${UNIT_TIMES_LIMIT:-0} s of CPU, or could not be timed" >&2
  exit 1
fi
