#!/usr/bin/env bash
# The readers under fuzzing (issue 20): every harness of fuzz/ replayed on
# its seeds and on every regression input found so far (any build), and,
# under `make sanitize-check` (ZETA_TEST_QUICK=1), the libFuzzer harnesses
# built with clang and run for a short fixed budget each (FUZZ_CI_RUNS
# inputs, at most FUZZ_CI_SECONDS, fixed seed) from a fresh corpus, so that
# every submission is fuzzed. Longer runs: make fuzz FUZZ_TIME=1800.
set -u
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
. fuzz/seeds.sh
for h in fuzz/fuzz_*.c; do
  n=$(basename "$h" .c | sed 's/^fuzz_//')
  bin=$B/fuzz/fuzz_$n
  files=$(for d in $(seed_dirs "$n") fuzz/regressions/"$n"; do ls "$d"/*; done 2>/dev/null)
  if [ ! -x "$bin" ]; then echo "FAIL fuzz/replay-$n (no $bin)"; continue; fi
  if "$bin" $files >/dev/null 2>&1; then echo "PASS fuzz/replay-$n ($(echo "$files" | wc -w) inputs)"
  else echo "FAIL fuzz/replay-$n"; "$bin" $files 2>&1 | grep -m 3 -E 'fuzz:|ERROR|runtime error'; fi
done
. tests/e2e/lib/quick.sh
if quick && [ "${ZETA_FUZZ_CI:-1}" != 0 ]; then
  if ! make -s fuzz-build -j2 >/dev/null 2>&1; then echo "FAIL fuzz/build (make fuzz-build)"; exit 0; fi
  for h in fuzz/fuzz_*.c; do
    n=$(basename "$h" .c | sed 's/^fuzz_//')
    corpus=$(mktemp -d)
    if build-fuzz/fuzz_"$n" "$corpus" $(seed_dirs "$n") -seed=1 -runs="${FUZZ_CI_RUNS:-20000}" \
         -max_total_time="${FUZZ_CI_SECONDS:-10}" -timeout=10 -rss_limit_mb=2048 -dict=fuzz/dict/"$n".dict \
         -artifact_prefix="$corpus/finding-" > "$corpus/log" 2>&1; then
      echo "PASS fuzz/run-$n ($(sed -n 's/^#\([0-9]*\).*DONE.*/\1/p' "$corpus/log" | tail -n 1) inputs)"
    else
      echo "FAIL fuzz/run-$n"; grep -m 5 -E 'fuzz:|ERROR|SUMMARY' "$corpus/log"
      ls "$corpus"/finding-* 2>/dev/null | head -n 3
      mkdir -p build-fuzz/findings && cp "$corpus"/finding-* build-fuzz/findings/ 2>/dev/null
    fi
    rm -rf "$corpus"
  done
fi
