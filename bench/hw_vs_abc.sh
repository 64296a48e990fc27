#!/usr/bin/env bash
# zeta vs ABC (berkeley-abc, command "pdr" on the binary AIGER made by
# bench/aag2aig.py) on the HWMCC tasks with the same time limit per task.
# Prints one row per task (verdicts, seconds), then solved counts, wrong
# answers (against the .yml verdict) and time ratios on the tasks both
# solve. The limit is wall-clock; CPU seconds (user+sys, children included)
# are printed too, since a shared machine inflates wall-clock times. Usage: bench/hw_vs_abc.sh [ZETA] [LIMIT] [ZETA OPTIONS...]
#   env: SHARED (default ../shared), TASKS (a glob within hwmcc/)
set -u
ZETA=${1:-build/zeta}; LIMIT=${2:-20}; shift 2 2>/dev/null; ZOPTS=("$@")
SHARED=${SHARED:-../shared}
dir="$SHARED/benchmarks/hwmcc"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
command -v berkeley-abc >/dev/null || { echo "berkeley-abc is not installed"; exit 2; }
now() { date +%s.%N; }
zs=0; as=0; zw=0; aw=0; ratios=()
printf '%-48s %-8s %-8s %-8s %8s %8s %8s %8s\n' task expected zeta abc zeta_s abc_s zeta_cpu abc_cpu
for yml in "$dir"/${TASKS:-*}.yml; do
  task=$(basename "$yml" .yml); aag="$dir/$task.aag"
  exp=$(sed -n 's/.*expected_verdict: *\([a-z]*\).*/\1/p' "$yml" | head -1)
  want=SAFE; [ "$exp" = false ] && want=UNSAFE
  t0=$(now)
  z=$(/usr/bin/time -f '%U %S' -o "$tmp/zc" timeout $((LIMIT + 5)) "$ZETA" --timeout "$LIMIT" "${ZOPTS[@]}" "$aag" 2>/dev/null | head -1)
  t1=$(now)
  case "$z" in SAFE|UNSAFE) ;; *) z=UNKNOWN ;; esac
  python3 bench/aag2aig.py "$aag" "$tmp/t.aig"
  t2=$(now)
  out=$(/usr/bin/time -f '%U %S' -o "$tmp/ac" timeout $((LIMIT + 5)) berkeley-abc -c "read $tmp/t.aig; pdr -T $LIMIT" 2>&1)
  t3=$(now)
  a=UNKNOWN
  grep -q 'Property proved' <<<"$out" && a=SAFE
  grep -q 'was asserted in frame' <<<"$out" && a=UNSAFE
  zt=$(echo "$t1 - $t0" | bc); at=$(echo "$t3 - $t2" | bc)
  zc=$(tail -1 "$tmp/zc" | awk '{print $1 + $2}'); ac=$(tail -1 "$tmp/ac" | awk '{print $1 + $2}')
  printf '%-48s %-8s %-8s %-8s %8.2f %8.2f %8.2f %8.2f\n' "$task" "$want" "$z" "$a" "$zt" "$at" "$zc" "$ac"
  [ "$z" != UNKNOWN ] && { zs=$((zs + 1)); [ "$z" != "$want" ] && zw=$((zw + 1)); }
  [ "$a" != UNKNOWN ] && { as=$((as + 1)); [ "$a" != "$want" ] && aw=$((aw + 1)); }
  [ "$z" != UNKNOWN ] && [ "$a" != UNKNOWN ] && ratios+=("$(echo "scale=3; $zt / ($at + 0.01)" | bc)")
done
echo "solved: zeta $zs (wrong $zw), abc $as (wrong $aw), limit ${LIMIT}s"
if [ ${#ratios[@]} -gt 0 ]; then
  printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {printf "time ratio zeta/abc on %d tasks both solved: median %.2f, min %.2f, max %.2f\n", NR, a[int((NR+1)/2)], a[1], a[NR]}'
fi
