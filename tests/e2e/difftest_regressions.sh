#!/usr/bin/env bash
# Findings of the differential testing (bench/difftest, issue 20) kept as
# tests: each file in tests/difftest/ says what went wrong, the verdict it
# must get (`expect:`) and the runs that must give exactly that verdict
# (`run:` lines, zeta's options before the file).
set -u
cd "$(dirname "$0")/../.."
for f in tests/difftest/*; do
  [ -f "$f" ] || continue
  want=$(sed -n 's/^\(\/\/\|;\|#\) *expect: *//p' "$f" | head -n 1)
  n=0
  while IFS= read -r opts; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    # the hard limit past the longest --timeout of a run line (90 s)
    got=$(timeout 120 "$ZETA" --timeout 20 $opts "$f" 2>&1 | head -n 1)
    if [ "$got" = "$want" ]; then echo "PASS difftest-regression/$(basename "$f")/$n"
    else echo "FAIL difftest-regression/$(basename "$f")/$n ($opts): expected $want, got '$got'"; fi
  done < <(sed -n 's/^\(\/\/\|;\|#\) *run: *//p' "$f")
done
