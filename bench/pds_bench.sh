#!/bin/bash
# Programs with procedures (examples/pds, the hand transcriptions of
# ../shared/benchmarks/pds): per program and route, verdict and time, with
# the pushdown-CEGAR thesis's figures (bench/pds_thesis.txt) next to them.
# Routes: pds (today: concrete BDD reachability with summaries, the
# thesis's "Moped without abstraction" baseline; sweeps = rounds to the
# fixpoint), spacer (procedure summaries as Horn clauses), default
# (inlining + the CFA portfolio, or the Horn route when recursive).
# The refinement heuristics (--pds-refine) are not implemented yet: their
# columns show the thesis's numbers only. Usage:
#   bench/pds_bench.sh [ZETA] [TIMEOUT]   (default build/zeta, 30 s)
z=${1:-build/zeta}
to=${2:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
ex=$root/examples/pds
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '%-22s %-7s | %-22s | %-14s | %-14s | %s\n' program expect "pds: verdict time sweeps" "spacer" "default" "thesis (heuristic: cycles/max preds/time)"
wrong=0
for n in $(grep -v '^#' "$ex/verdicts.txt" | awk '{print $1}'); do
  want=$(awk -v n="$n" '$1 == n {print $2}' "$ex/verdicts.txt")
  cols=()
  for alg in pds spacer portfolio; do
    s=$(date +%s.%N)
    timeout $((to + 30)) "$z" --algorithm $alg --timeout "$to" --stats "$ex/$n.cfa" >"$tmp/out" 2>&1
    t=$(echo "$(date +%s.%N) - $s" | bc)
    v=$(head -n 1 "$tmp/out" | awk '{print $1}')
    case "$v" in SAFE|UNSAFE) [ "$v" != "$want" ] && wrong=$((wrong + 1)) && v="WRONG:$v" ;; esac
    extra=""
    [ $alg = pds ] && extra=" $(sed -n 's/^pds-sweeps: //p' "$tmp/out")"
    cols+=("$(printf '%s %.2fs%s' "${v:-error}" "$t" "$extra")")
  done
  thesis=$(awk -F' [|] ' -v n="$n" '$1 == n {printf "%s%s: %s/%s/%s", sep, $2, $3, $4, $5; sep="; "}' "$root/bench/pds_thesis.txt")
  printf '%-22s %-7s | %-22s | %-14s | %-14s | %s\n' "$n" "$want" "${cols[0]}" "${cols[1]}" "${cols[2]}" "${thesis:--}"
done
echo "wrong verdicts: $wrong"
