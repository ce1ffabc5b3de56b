# SPDX-License-Identifier: MIT
# Sourced by the fuzz scripts that work on built targets: `targets` becomes FUZZ_TARGETS ("fuzz_a fuzz_b"), or
# every fuzz target built in build-fuzz/fuzz (scripts/fuzz.sh builds them).
if [[ -n "${FUZZ_TARGETS:-}" ]]; then
  read -r -a targets <<<"${FUZZ_TARGETS}"
else
  mapfile -t targets < <(find build-fuzz/fuzz -maxdepth 1 -type f -name 'fuzz_*' -executable -printf '%f\n' | sort)
fi
