#!/bin/bash
# Programs with procedures (examples/pds, the hand transcriptions of
# ../shared/benchmarks/pds): per program, --algorithm pds with each
# refinement (--pds-refine strongest / weakest / both: verdict, time,
# refinement cycles, most predicates at one control point), the concrete
# BDD fixpoint (the thesis's "Moped without abstraction" baseline), the
# Horn route (spacer) and the default route, next to the thesis's figures
# (bench/pds_thesis.txt). Counts wrong verdicts (expected from
# examples/pds/verdicts.txt; zeta itself never reads them). Usage:
#   bench/pds_bench.sh [ZETA] [TIMEOUT]   (default build/zeta, 30 s)
z=${1:-build/zeta}
to=${2:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
ex=$root/examples/pds
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
wrong=0
one() {   # one LABEL ARGS...: prints "verdict time[/cycles/maxpreds]"
  local label=$1; shift
  local s t v
  s=$(date +%s.%N)
  timeout $((to + 30)) "$z" "$@" --timeout "$to" --stats "$ex/$n.cfa" >"$tmp/out" 2>&1
  t=$(echo "$(date +%s.%N) - $s" | bc)
  v=$(head -n 1 "$tmp/out" | awk '{print $1}')
  case "$v" in SAFE|UNSAFE) [ "$v" != "$want" ] && wrong=$((wrong + 1)) && v="WRONG:$v" ;; esac
  [ "$v" = UNKNOWN ] && v="?"
  local c=$(sed -n 's/^pds-cycles: //p' "$tmp/out") m=$(sed -n 's/^pds-max-preds: //p' "$tmp/out")
  if [ "$label" = abs ] && [ -n "$c" ]; then printf '%s %.2fs %s/%s' "${v:-error}" "$t" "$c" "$m"
  else printf '%s %.2fs' "${v:-error}" "$t"; fi
}
printf '%-20s %-6s | %-20s | %-20s | %-20s | %-12s | %-12s | %-12s | %s\n' program expect \
  "strongest v t cyc/pr" "weakest" "both" "concrete" spacer default "thesis (heuristic: cycles/max preds/time)"
for n in $(grep -v '^#' "$ex/verdicts.txt" | awk '{print $1}'); do
  want=$(awk -v n="$n" '$1 == n {print $2}' "$ex/verdicts.txt")
  a=$(one abs --algorithm pds --pds-refine strongest)
  b=$(one abs --algorithm pds --pds-refine weakest)
  c=$(one abs --algorithm pds --pds-refine both)
  d=$(one conc --algorithm pds --pds-refine concrete)
  e=$(one x --algorithm spacer)
  f=$(one x --algorithm portfolio)
  thesis=$(awk -F' [|] ' -v n="$n" '$1 == n {printf "%s%s: %s/%s/%s", sep, $2, $3, $4, $5; sep="; "}' "$root/bench/pds_thesis.txt")
  printf '%-20s %-6s | %-20s | %-20s | %-20s | %-12s | %-12s | %-12s | %s\n' "$n" "$want" "$a" "$b" "$c" "$d" "$e" "$f" "${thesis:--}"
done
echo "wrong verdicts: $wrong"
