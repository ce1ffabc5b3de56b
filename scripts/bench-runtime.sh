#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds and runs bench/runtime_playback.cpp: bonebridge's runtime clips played by its jobs, and ozz-animation's
# in the same process when OZZ_SOURCE names its source folder (never part of the project). Five repetitions of
# each case; the medians end the output, one line per case:
#   CASE: bonebridge=JOINTS_PER_S ozz=JOINTS_PER_S ratio=R bytes=B ozz_bytes=B
# Extra arguments go to the benchmark (e.g. --benchmark_filter=clip64).
# The repetitions of every case run interleaved in random order: this machine's speed drifts by up to 40%
# between runs of one process and the next (bonebridge and ozz alike: 41/32, 57/47, 42/33 M joints/s on
# clip64/forward), and five bonebridge repetitions followed by five ozz ones put a drift between the two
# libraries (clip64/forward measured 0.86 that way, 1.19 and 1.20 interleaved, twice).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BONEBRIDGE_BUILD_DIR:-build}
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B "$build" "${launcher[@]}" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBONEBRIDGE_WERROR=ON \
  -DOZZ_SOURCE="${OZZ_SOURCE:-}" >/dev/null
cmake --build "$build" --target bench_runtime_playback
json=$(mktemp)
trap 'rm -f "$json"' EXIT
"$build/bench/bench_runtime_playback" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_enable_random_interleaving=true \
  --benchmark_out="$json" --benchmark_out_format=json "$@"
python3 - "$json" <<'PY'
import json, sys
medians = {}
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b.get("aggregate_name") != "median":
        continue
    case, mode, library = b["run_name"].rsplit("/", 2)
    medians.setdefault(f"{case}/{mode}", {})[library] = b
medians = dict(sorted(medians.items()))  # interleaved repetitions come in random order
print("\nbuild time, median of five builds (ms):")
for name, by in medians.items():
    if name.endswith("/forward"):
        times = " ".join(f"{lib}={b['build_ms']:.2f}" for lib, b in sorted(by.items()))
        print(f"  {name.rsplit('/', 1)[0]}: {times}")
print()
for name, by in medians.items():
    ours, ozz = by.get("bonebridge"), by.get("ozz")
    line = f"{name}: bonebridge={ours['items_per_second']:.4g}"
    if ozz:
        line += f" ozz={ozz['items_per_second']:.4g} ratio={ours['items_per_second'] / ozz['items_per_second']:.2f}"
    else:
        line += " ozz=- ratio=-"
    line += f" bytes={int(ours['bytes'])} ozz_bytes={int(ozz['bytes']) if ozz else '-'}"
    print(line)
PY
