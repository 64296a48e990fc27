#!/usr/bin/env bash
# Runs every unit test binary in $BUILD/tests and every end-to-end script in
# tests/e2e, ZETA_TEST_JOBS (default 2, one per core of the CI machine) at a
# time; the parts named in tests/slow.txt start first, so the longest do
# not end the run alone. Each test prints "PASS name" / "FAIL name" lines;
# the total closes with "N passed, N failed".
set -u
BUILD=${BUILD:-build}
JOBS=${ZETA_TEST_JOBS:-2}
export ZETA="$PWD/$BUILD/zeta" SHARED="${SHARED:-$PWD/../shared}"
# sanitizer builds: third-party leaks (tests/lsan.supp) are not ours
export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT

parts=()   # "name|command"
for t in "$BUILD"/tests/test_*; do [ -x "$t" ] && parts+=("$(basename "$t")|$t"); done
for s in tests/e2e/*.sh; do [ -f "$s" ] && parts+=("$(basename "$s")|bash $s"); done
order=()
while read -r slow; do
  for p in "${parts[@]}"; do [ "${p%%|*}" = "$slow" ] && order+=("$p"); done
done < <(grep -v '^#' tests/slow.txt 2>/dev/null)
for p in "${parts[@]}"; do
  case " ${order[*]} " in *" $p "*) ;; *) order+=("$p") ;; esac
done

one() {  # name, command: output, exit status and seconds into $dir
  local name=$1 t0=$SECONDS; shift
  if $@ >"$dir/$name.out" 2>&1; then echo 0 >"$dir/$name.rc"; else echo $? >"$dir/$name.rc"; fi
  echo "$((SECONDS - t0)) $name" >"$dir/$name.time"
}
report() {  # name: what a failed part printed, as soon as it ends
  local name=$1 out="$dir/$1.out" status; status=$(cat "$dir/$1.rc")
  if [ "$status" -ne 0 ]; then
    echo "FAIL $name (exit $status)" >"$dir/$name.extra"; echo "--- $name failed:"
    grep -A 5 '^FAIL ' "$out" | head -n 40; tail -n 20 "$out"
  elif ! grep -qE '^(PASS|FAIL) ' "$out"; then
    echo "FAIL $name (no checks ran)" >"$dir/$name.extra"
  elif grep -q '^FAIL ' "$out"; then   # what a failed check printed after it (a flaky one is not rerun)
    echo "--- $name had failures:"; grep -A 30 '^FAIL ' "$out" | head -n 60
  fi
}
declare -A running=()   # pid -> name
reap() {  # waits for one part to end and reports it
  local pid
  wait -n -p pid "${!running[@]}"
  report "${running[$pid]}"; unset "running[$pid]"
}
for p in "${order[@]}"; do
  [ "${#running[@]}" -ge "$JOBS" ] && reap
  name=${p%%|*}
  one "$name" ${p#*|} &
  running[$!]=$name
done
while [ "${#running[@]}" -gt 0 ]; do reap; done

log="$dir/all.log"
for p in "${parts[@]}"; do
  name=${p%%|*}
  grep -E '^(PASS|FAIL) ' "$dir/$name.out" >>"$log"
  [ -f "$dir/$name.extra" ] && cat "$dir/$name.extra" >>"$log"
done
# where the suite's time goes (CI has a budget): the slowest parts
echo "slowest (s): $(cat "$dir"/*.time | sort -rn | head -n 10 | tr '\n' ' ')"
grep '^FAIL ' "$log" | head -n 50
passed=$(grep -c '^PASS ' "$log"); failed=$(grep -c '^FAIL ' "$log")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
