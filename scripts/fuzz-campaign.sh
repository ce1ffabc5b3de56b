#!/usr/bin/env bash
# A real fuzzing campaign (the CI smoke run is scripts/fuzz.sh): every libFuzzer target for SECONDS of wall
# time, JOBS targets side by side (default: one per core), each in libFuzzer's fork mode so that a crash is
# recorded and the hunt goes on. Afterwards each target's new inputs are merged, minimised, into its committed
# corpus (fuzz/corpus/<name>/), crashing inputs are kept under build-fuzz/findings/<name>/, and a table of
# executions, findings and minutes per target is printed: wall-clock minutes of one fuzzing process, so CPU
# minutes only when the machine has a free core per job.
#   scripts/fuzz-campaign.sh 1200        # 20 minutes per target
#   scripts/fuzz-campaign.sh 600 2 lego  # only the targets whose name contains "lego"
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:?usage: fuzz-campaign.sh SECONDS [JOBS] [FILTER]}"
jobs="${2:-$(nproc)}"
filter="${3:-}"
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBONEBRIDGE_FUZZ=ON -DBONEBRIDGE_WERROR=OFF \
  -DBONEBRIDGE_TESTS=OFF -DBONEBRIDGE_BENCH=OFF -DBONEBRIDGE_PYTHON=OFF >/dev/null
mapfile -t targets < <(cmake --build build-fuzz --target help | sed -n 's/^\(fuzz_[a-z0-9_]*\):.*/\1/p' | sort -u |
  grep -- "${filter}")
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]}"
mkdir -p build-fuzz/campaign build-fuzz/findings

hunt() {
  local target="$1" seconds="$2"
  local name="${target#fuzz_}"
  local work="build-fuzz/campaign/${name}" findings="build-fuzz/findings/${name}"
  rm -rf "$work" && mkdir -p "$work" "$findings"
  local start=$SECONDS
  "build-fuzz/fuzz/${target}" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" -rss_limit_mb=2048 -max_len=65536 -timeout=10 \
    -artifact_prefix="${findings}/" "$work" "fuzz/corpus/${name}" >"$work.log" 2>&1 || true
  local wall=$((SECONDS - start))
  # Keep what found new coverage, minimised, in the committed corpus.
  "build-fuzz/fuzz/${target}" -merge=1 -rss_limit_mb=2048 -max_len=65536 -timeout=10 \
    "fuzz/corpus/${name}" "$work" >"$work.merge.log" 2>&1 || true
  local last execs crashes
  last=$(grep -E '^#[0-9]+:' "$work.log" | tail -n 1 || true)
  execs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' <<<"$last")
  crashes=$(find "$findings" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) |
    wc -l)
  printf '%-24s %12s execs %4s findings %6.1f min  %s\n' "$name" "${execs:-0}" "$crashes" \
    "$(awk -v w="$wall" 'BEGIN { printf "%.1f", w / 60 }')" "$(sed -n 's/.*\(oom\/timeout\/crash: [0-9\/]*\).*/\1/p' <<<"$last")"
}
export -f hunt
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'hunt "$@"' _ {} "$seconds" |
  tee build-fuzz/campaign/summary.txt
echo "findings: build-fuzz/findings/<target>/ (reproduce: build-fuzz/fuzz/fuzz_<target> FILE)"
