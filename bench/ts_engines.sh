#!/usr/bin/env bash
# Compares the transition-system engines and both IC3-IA refinement
# strategies on the CFA tasks (through CFA -> TS) and the VMT tests:
# per configuration solved / wrong / unknown, total time of the solved
# tasks, and summed PDR frames and predicates (from --stats).
# usage: bench/ts_engines.sh [ZETA] [TIMEOUT]   (default build/zeta, 10 s)
set -u
ZETA=${1:-build/zeta}
T=${2:-10}
SHARED=${SHARED:-../shared}
if [ -n "${TS_BENCH_CONFIGS:-}" ]; then IFS=, read -r -a configs <<< "$TS_BENCH_CONFIGS"; else configs=("bmc" "kind" "kind --simple-path" "pdr --pdr-refine all" "pdr --pdr-refine specific" "imc" "portfolio"); fi
tasks=()
for y in "$SHARED"/benchmarks/cfa/*.yml; do tasks+=("${y%.yml}.cfa"); done
for f in tests/vmt/*.vmt; do tasks+=("$f"); done
expected() {
  case $1 in
    *.cfa) case $(grep -m1 expected_verdict "${1%.cfa}.yml" | awk '{print $2}') in true) echo SAFE ;; false) echo UNSAFE ;; esac ;;
    *.vmt) sed -n 's/^; expected: \([A-Z]*\).*/\1/p' "$1" | head -n 1 ;;
  esac
}
printf '%-28s %6s %6s %6s %9s %7s %6s\n' config solved wrong unkn time_s frames preds
for c in "${configs[@]}"; do
  solved=0 wrong=0 unknown=0 time=0 frames=0 preds=0
  for f in "${tasks[@]}"; do
    exp=$(expected "$f")
    s=$(date +%s.%N)
    # shellcheck disable=SC2086
    out=$(timeout $((T + 5)) "$ZETA" --algorithm $c --timeout "$T" --stats "$f" 2>/dev/null)
    e=$(date +%s.%N)
    v=$(printf '%s\n' "$out" | head -n 1)
    if [ "$v" = "$exp" ]; then solved=$((solved + 1)); time=$(echo "$time + $e - $s" | bc)
    elif [ "$v" = SAFE ] || [ "$v" = UNSAFE ]; then wrong=$((wrong + 1)); echo "WRONG: $c on $f: $v" >&2
    else unknown=$((unknown + 1)); fi
    fr=$(printf '%s\n' "$out" | awk '/^frames:/{print $2; exit}'); pr=$(printf '%s\n' "$out" | awk '/^predicates:/{print $2; exit}')
    frames=$((frames + ${fr:-0})); preds=$((preds + ${pr:-0}))
  done
  printf '%-28s %6d %6d %6d %9.1f %7d %6d\n' "$c" "$solved" "$wrong" "$unknown" "$time" "$frames" "$preds"
done
