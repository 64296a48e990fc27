#!/usr/bin/env bash
# Runs every unit test binary in $BUILD/tests and every end-to-end script in
# tests/e2e. Each test prints "PASS name" / "FAIL name" lines; the total
# closes with "N passed, N failed".
set -u
BUILD=${BUILD:-build}
export ZETA="$PWD/$BUILD/zeta" SHARED="${SHARED:-$PWD/../shared}"
# sanitizer builds: third-party leaks (tests/lsan.supp) are not ours
export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
log=$(mktemp); times=$(mktemp); trap 'rm -f "$log" "$times"' EXIT
run() {  # name, command...
  local name=$1; shift
  local out; out=$(mktemp)
  local t0=$SECONDS
  if "$@" >"$out" 2>&1; then status=0; else status=$?; fi
  echo "$((SECONDS - t0)) $name" >>"$times"
  grep -E '^(PASS|FAIL) ' "$out" >>"$log"
  if [ "$status" -ne 0 ]; then
    echo "FAIL $name (exit $status)" >>"$log"; echo "--- $name failed:"; tail -n 40 "$out"
  elif ! grep -qE '^(PASS|FAIL) ' "$out"; then
    echo "FAIL $name (no checks ran)" >>"$log"
  elif grep -q '^FAIL ' "$out"; then   # what a failed check printed after it (a flaky one is not rerun)
    echo "--- $name had failures:"; grep -A 30 '^FAIL ' "$out" | head -n 60
  fi
  rm -f "$out"
}
for t in "$BUILD"/tests/test_*; do
  [ -x "$t" ] || continue
  run "$(basename "$t")" "$t"
done
for s in tests/e2e/*.sh; do
  [ -f "$s" ] || continue
  run "$(basename "$s")" bash "$s"
done
# where the suite's time goes (CI has a budget): the slowest parts
echo "slowest (s): $(sort -rn "$times" | head -n 10 | tr '\n' ' ')"
grep '^FAIL ' "$log" | head -n 50
passed=$(grep -c '^PASS ' "$log"); failed=$(grep -c '^FAIL ' "$log")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
