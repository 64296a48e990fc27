#!/usr/bin/env bash
# Each AIGER engine of zeta alone on the HWMCC tasks: verdict, CPU seconds
# (user+sys), and the engine's statistics (--stats: frames, lemmas, k,
# solver calls). For choosing the portfolio and seeing where time goes.
# Usage: bench/hw_engines.sh [ZETA] [LIMIT] [ZETA OPTIONS...]
#   env: SHARED (default ../shared), TASKS (a glob within hwmcc/),
#        ENGINES (default "ic3 kind-bit"; any name of ZETA_HW_PORTFOLIO)
set -u
ZETA=${1:-build/zeta}; LIMIT=${2:-20}; shift 2 2>/dev/null; ZOPTS=("$@")
SHARED=${SHARED:-../shared}
dir="$SHARED/benchmarks/hwmcc"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '%-46s %-9s %-8s %7s %6s %7s %4s %8s\n' task engine verdict cpu frames lemmas k calls
for yml in "$dir"/${TASKS:-*}.yml; do
  task=$(basename "$yml" .yml)
  for e in ${ENGINES:-ic3 kind-bit}; do
    ZETA_HW_PORTFOLIO=$e ZETA_PORTFOLIO_WIDTH=1 /usr/bin/time -f '%U %S' -o "$tmp/c" \
      timeout $((LIMIT + 10)) "$ZETA" --stats --timeout "$LIMIT" "${ZOPTS[@]}" "$dir/$task.aag" >"$tmp/o" 2>/dev/null
    st() { sed -n "s/^$1: //p" "$tmp/o" | head -1; }
    v=$(head -1 "$tmp/o" | cut -d' ' -f1)
    printf '%-46s %-9s %-8s %7.2f %6s %7s %4s %8s\n' "$task" "$e" "$v" "$(tail -1 "$tmp/c" | awk '{print $1 + $2}')" \
      "$(st frames)" "$(st lemmas)" "$(st k)" "$(st solver-calls)"
  done
done
