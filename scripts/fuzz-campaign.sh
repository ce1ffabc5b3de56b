#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A real fuzzing campaign (the CI smoke run is scripts/fuzz.sh): every libFuzzer target until it has used
# CPU_SECONDS of processor time (its own and its fork-mode children's, as the kernel counts them, so a busy
# machine lengthens the wall time instead of shortening the hunt), JOBS targets side by side (default: one per
# core). Each target runs in libFuzzer's fork mode, in rounds of at most five minutes, so that a crash is
# recorded and the hunt goes on. Afterwards each target's new inputs are merged, minimised, into its committed
# corpus (fuzz/corpus/<name>/), crashing inputs are kept under build-fuzz/findings/<name>/, and a table of
# executions, findings, CPU minutes and wall minutes per target is printed (build-fuzz/campaign/summary.txt).
# A unit slower than a second of wall time (issue 38's bound) is kept as findings/<name>/slow-unit-*; timeouts
# and slow units that replay in under a CPU second (the machine was busy, the input is not slow) are kept apart
# in build-fuzz/findings/<name>/starved/ and not counted.
#   scripts/fuzz-campaign.sh 1200        # 20 CPU minutes per target
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
  local target="$1" budget="$2"
  local name="${target#fuzz_}"
  local work="build-fuzz/campaign/${name}" findings="build-fuzz/findings/${name}"
  rm -rf "$work" "$work".* && mkdir -p "$work" "$findings"
  local start=$SECONDS cpu=0 execs=0 round=0
  while ((cpu < budget)); do
    local wall=$((budget - cpu < 300 ? budget - cpu : 300)) used
    round=$((round + 1))
    # bash's time keyword reports the user and system time of the fuzzer and every child it waited for.
    used=$( { TIMEFORMAT='%U %S'
      time "build-fuzz/fuzz/${target}" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$wall" -rss_limit_mb=2048 -max_len=65536 -timeout=10 -report_slow_units=1 \
        -artifact_prefix="${findings}/" "$work" "fuzz/corpus/${name}" >"$work.log.$round" 2>&1 || true
    } 2>&1 | awk '{ printf "%d", $1 + $2 }')
    cpu=$((cpu + ${used:-0}))
    local last
    last=$(grep -E '^#[0-9]+:' "$work.log.$round" | tail -n 1 || true)
    execs=$((execs + $(sed -n 's/^#\([0-9]*\):.*/\1/p' <<<"$last" | grep . || echo 0)))
    ((${used:-0} > 0)) || break
  done
  local elapsed=$((SECONDS - start))
  # Keep what found new coverage, minimised, in the committed corpus.
  "build-fuzz/fuzz/${target}" -merge=1 -rss_limit_mb=2048 -max_len=65536 -timeout=10 -report_slow_units=1 \
    "fuzz/corpus/${name}" "$work" >"$work.merge.log" 2>&1 || true
  # libFuzzer's timeout counts wall time: on a loaded machine (the campaign runs beside builds, niced) an input
  # can time out without being slow. One that takes under a CPU second when replayed is set aside, not counted.
  local slow cpu_used
  for slow in "$findings"/timeout-* "$findings"/slow-unit-*; do
    [ -f "$slow" ] || continue
    # Without the leak check, which runs a unit that allocates a second time (0.96 s for a 0.44 s unit).
    cpu_used=$( { TIMEFORMAT='%U'; time "build-fuzz/fuzz/${target}" -detect_leaks=0 "$slow" >/dev/null 2>&1 ||
      true; } 2>&1)
    if awk -v c="$cpu_used" 'BEGIN { exit !(c < 1) }'; then
      mkdir -p "$findings/starved" && mv "$slow" "$findings/starved/"
    fi
  done
  local found
  found=$(find "$findings" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
    -o -name 'oom-*' -o -name 'slow-unit-*' \) | wc -l)
  printf '%-24s %12s execs %4s findings %6.1f CPU min %6.1f wall min\n' "$name" "$execs" "$found" \
    "$(awk -v c="$cpu" 'BEGIN { printf "%.1f", c / 60 }')" "$(awk -v w="$elapsed" 'BEGIN { printf "%.1f", w / 60 }')"
}
export -f hunt
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'hunt "$@"' _ {} "$seconds" |
  tee build-fuzz/campaign/summary.txt
echo "findings: build-fuzz/findings/<target>/ (reproduce: build-fuzz/fuzz/fuzz_<target> FILE)"
