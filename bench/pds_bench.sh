#!/bin/bash
# Programs with procedures (examples/pds, the hand transcriptions of
# ../shared/benchmarks/pds): per program, --algorithm pds with each
# refinement (--pds-refine strongest / weakest / both / conciliated / skip /
# skip-conciliated: verdict, time,
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
printf '%-20s %-6s | %-19s | %-19s | %-19s | %-19s | %-19s | %-19s | %-12s | %-12s | %-12s | %s\n' program expect \
  "strongest v t cyc/pr" weakest both conciliated skip skip-conciliated concrete spacer default \
  "thesis (heuristic: cycles/max preds/time)"
for n in $(grep -v '^#' "$ex/verdicts.txt" | awk '{print $1}'); do
  want=$(awk -v n="$n" '$1 == n {print $2}' "$ex/verdicts.txt")
  cols=()
  for h in strongest weakest both conciliated skip skip-conciliated; do cols+=("$(one abs --algorithm pds --pds-refine $h)"); done
  d=$(one conc --algorithm pds --pds-refine concrete)
  e=$(one x --algorithm spacer)
  f=$(one x --algorithm portfolio)
  thesis=$(awk -F' [|] ' -v n="$n" '$1 == n {printf "%s%s: %s/%s/%s", sep, $2, $3, $4, $5; sep="; "}' "$root/bench/pds_thesis.txt")
  printf '%-20s %-6s | %-19s | %-19s | %-19s | %-19s | %-19s | %-19s | %-12s | %-12s | %-12s | %s\n' "$n" "$want" "${cols[@]}" "$d" "$e" "$f" "${thesis:--}"
done
echo "wrong verdicts: $wrong"
