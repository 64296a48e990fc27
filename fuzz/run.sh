#!/usr/bin/env bash
# Runs every libFuzzer harness of BUILD_DIR (default build-fuzz) for
# FUZZ_TIME seconds each (FUZZ=cfa,chc,... picks some). Corpus: a writable
# folder per harness (BUILD_DIR/corpus/NAME, kept between runs), the seed
# folders of fuzz/seeds.sh and the small shared tasks of that format. Findings
# (crashes, sanitizer reports, leaks, timeouts, violated checks) land in
# BUILD_DIR/findings/; minimize one with `BUILD_DIR/fuzz_NAME -minimize_crash=1
# -runs=10000 FILE`, then add it to fuzz/regressions/NAME/ (make check runs
# every file there). Prints one line per harness and exits 1 on a finding.
set -u
cd "$(dirname "$0")/.."
B=${1:-build-fuzz}
T=${FUZZ_TIME:-60}
SHARED=${SHARED:-$PWD/../shared}
. fuzz/seeds.sh
names=$(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_\(.*\)\.c|\1|')
[ -n "${FUZZ:-}" ] && names=$(echo "$FUZZ" | tr , ' ')
shared_files() {  # NAME -> the shared tasks of its format
  local d=$SHARED/benchmarks
  case $1 in
    cfa) ls "$d"/cfa/*.cfa ;;
    c) ls "$d"/c/*/*.c "$d"/c/*/*.i ;;
    chc|smtlib) ls "$d"/chc/*.smt2 ;;
    aiger) ls "$d"/hwmcc/*.aag ;;
    pnml) ls "$d"/petri/*.pnml ;;
    mcc) ls "$d"/petri/*.xml ;;
  esac 2>/dev/null
}
mkdir -p "$B/findings"
found=0
for n in $names; do
  bin=$B/fuzz_$n
  [ -x "$bin" ] || { echo "fuzz $n: no harness $bin (make fuzz-build)"; found=1; continue; }
  corpus=$B/corpus/$n seeds=$B/shared-seeds/$n
  mkdir -p "$corpus" "$seeds"
  for f in $(shared_files "$n"); do
    [ "$(stat -c %s "$f")" -le 65536 ] && cp -n "$f" "$seeds/" 2>/dev/null
  done
  before=$(ls "$B/findings" | wc -l)
  log=$B/fuzz_$n.log
  "$bin" "$corpus" $(seed_dirs "$n") "$seeds" -max_total_time="$T" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -dict="fuzz/dict/$n.dict" -artifact_prefix="$B/findings/$n-" -print_final_stats=1 \
    > "$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | awk '{print $2}')
  new=$(( $(ls "$B/findings" | wc -l) - before ))
  echo "fuzz $n: ${runs:-?} inputs in ${T} s, coverage ${cov:-?}, findings $new, exit $rc"
  if [ "$rc" -ne 0 ] || [ "$new" -gt 0 ]; then found=1; grep -m 5 -E 'ERROR|fuzz:|SUMMARY' "$log"; fi
done
exit $found
