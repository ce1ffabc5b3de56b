#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Minimises fuzz corpora with libFuzzer's -set_cover_merge=1 (a greedy set cover: the fewest inputs that keep
# every coverage feature the corpus reaches; -merge=1 keeps any input that adds one in the order met): of the
# inputs named by their SHA-1 (what campaigns add),
# only those that reach coverage the others do not stay; every other file (hand-made seeds, regression cases
# from ../shared/fuzz-findings, files a test names) is kept and counted first. Uses the targets scripts/fuzz.sh
# builds in build-fuzz/ with the same limits. FUZZ_TARGETS="fuzz_animx_bridge ..." picks targets (default:
# every target built there). Prints each corpus's files and bytes before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/fuzz-targets.sh
hashed='[0-9a-f]{40}'
for target in "${targets[@]}"; do
  corpus="fuzz/corpus/${target#fuzz_}"
  [[ -d "$corpus" ]] || continue
  before="$(find "$corpus" -type f | wc -l) files, $(du -sb "$corpus" | cut -f1) bytes"
  kept=$(mktemp -d)
  candidates=$(mktemp -d)
  find "$corpus" -maxdepth 1 -type f -regextype posix-extended ! -regex ".*/${hashed}" -exec cp {} "$kept" \;
  find "$corpus" -maxdepth 1 -type f -regextype posix-extended -regex ".*/${hashed}" -exec cp {} "$candidates" \;
  if ! "build-fuzz/fuzz/${target}" -set_cover_merge=1 -rss_limit_mb=2048 -max_len=65536 -timeout=10 "$kept" "$candidates" \
    >"$kept.log" 2>&1; then
    tail -n 20 "$kept.log"
    echo "merge failed for ${target}; ${corpus} left as it was" >&2
    exit 1
  fi
  find "$corpus" -maxdepth 1 -type f -regextype posix-extended -regex ".*/${hashed}" -delete
  find "$kept" -maxdepth 1 -type f -regextype posix-extended -regex ".*/${hashed}" -exec cp {} "$corpus" \;
  echo "${target}: ${before} -> $(find "$corpus" -type f | wc -l) files, $(du -sb "$corpus" | cut -f1) bytes"
  rm -rf "$kept" "$kept.log" "$candidates"
done
