#!/bin/bash
# Programs with procedures (examples/pds, the hand transcriptions of
# ../shared/benchmarks/pds): per program, --algorithm pds with each
# refinement heuristic (--pds-refine strongest / weakest / both /
# conciliated / skip / skip-conciliated: verdict, CPU time, refinement
# cycles / most predicates at one control point), the concrete BDD
# summaries (the thesis's "Moped without abstraction" baseline), the Horn
# route (spacer) and the default route, next to the thesis's figures
# (bench/pds_thesis.txt). Times are CPU seconds (user + system, children
# included) under a CPU limit, so that a loaded machine does not change
# the answers; the wall-clock timeout is a generous multiple. For pds, in
# parentheses: the engine's own CPU time (pds-cpu: the SMT check of the
# SAFE evidence and the process start excluded). Counts wrong
# verdicts (expected from examples/pds/verdicts.txt; zeta itself never
# reads them). Usage:
#   bench/pds_bench.sh [ZETA] [CPU-SECONDS] [PROGRAMS...]   (build/zeta, 30 s, all)
z=${1:-build/zeta}
to=${2:-30}
shift 2 2>/dev/null
root=$(cd "$(dirname "$0")/.." && pwd)
ex=$root/examples/pds
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
one() {   # one LABEL ARGS...: prints "verdict cpu[/cycles/maxpreds]"
  local label=$1; shift
  local v t
  ( ulimit -t $((to + 1)); /usr/bin/time -f '%U %S' -o "$tmp/time" \
      timeout $((to * 20 + 60)) "$z" "$@" --timeout $((to * 20)) --stats "$ex/$n.cfa" >"$tmp/out" 2>&1 )
  t=$(tail -n 1 "$tmp/time" 2>/dev/null | awk '{printf "%.2f", $1 + $2}')
  v=$(head -n 1 "$tmp/out" | awk '{print $1}')
  case "$v" in SAFE|UNSAFE) [ "$v" != "$want" ] && echo "$n $*" >>"$tmp/wrong" && v="WRONG:$v" ;; *) v="?" ;; esac
  local c=$(sed -n 's/^pds-cycles: //p' "$tmp/out") m=$(sed -n 's/^pds-max-preds: //p' "$tmp/out")
  local e=$(sed -n 's/^pds-cpu: //p' "$tmp/out")
  [ -n "$e" ] && [ "$v" != "?" ] && t="$t($(printf %.2f "$e"))"
  if [ "$label" = abs ] && [ -n "$c" ]; then printf '%s %ss %s/%s' "$v" "${t:-?}" "$c" "$m"
  else printf '%s %ss' "$v" "${t:-?}"; fi
}
names=${*:-$(grep -v '^#' "$ex/verdicts.txt" | awk '{print $1}')}
echo "# $(date -u +%FT%TZ) $(uptime | sed 's/.*load/load/'); CPU limit ${to} s per run"
printf '%-20s %-6s | %-20s | %-20s | %-20s | %-20s | %-20s | %-20s | %-13s | %-13s | %-13s | %s\n' program expect \
  "strongest v cpu c/p" weakest both conciliated skip skip-conciliated concrete spacer default \
  "thesis (heuristic: cycles/max preds/time)"
for n in $names; do
  want=$(awk -v n="$n" '$1 == n {print $2}' "$ex/verdicts.txt")
  cols=()
  for h in strongest weakest both conciliated skip skip-conciliated; do cols+=("$(one abs --algorithm pds --pds-refine $h)"); done
  d=$(one conc --algorithm pds --pds-refine concrete)
  e=$(one x --algorithm spacer)
  f=$(one x --algorithm portfolio)
  thesis=$(awk -F' [|] ' -v n="$n" '$1 == n {printf "%s%s: %s/%s/%s", sep, $2, $3, $4, $5; sep="; "}' "$root/bench/pds_thesis.txt")
  printf '%-20s %-6s | %-20s | %-20s | %-20s | %-20s | %-20s | %-20s | %-13s | %-13s | %-13s | %s\n' "$n" "$want" "${cols[@]}" "$d" "$e" "$f" "${thesis:--}"
done
echo "wrong verdicts: $(cat "$tmp/wrong" 2>/dev/null | wc -l)"
