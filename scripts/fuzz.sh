#!/usr/bin/env bash
# Builds every libFuzzer target with clang (address + undefined-behaviour sanitizers) and runs each for
# SECONDS (default 20) from its seed corpus. Exits non-zero on the first crash, leak or sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBONEBRIDGE_FUZZ=ON -DBONEBRIDGE_WERROR=OFF \
  -DBONEBRIDGE_TESTS=OFF -DBONEBRIDGE_BENCH=OFF >/dev/null
mapfile -t targets < <(cmake --build build-fuzz --target help | sed -n 's/^\(fuzz_[a-z0-9_]*\):.*/\1/p' | sort -u)
if ((${#targets[@]} == 0)); then
  echo "no fuzz targets" >&2
  exit 1
fi
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]}"
for target in "${targets[@]}"; do
  corpus="fuzz/corpus/${target#fuzz_}"
  work=$(mktemp -d)
  echo "fuzzing ${target} for ${seconds} s from ${corpus}"
  if ! "build-fuzz/fuzz/${target}" -max_total_time="${seconds}" -rss_limit_mb=2048 -max_len=65536 \
    "$work" "$corpus" >"$work.log" 2>&1; then
    tail -n 60 "$work.log"
    echo "FUZZ FAILURE in ${target}; the crashing input is in $(pwd) as crash-*" >&2
    exit 1
  fi
  grep -E "DONE|Done" "$work.log" | tail -n 1 || true
  rm -rf "$work" "$work.log"
done
