#!/bin/bash
# Random programs with procedures (tests/e2e/pds_gen.py; odd seeds in the
# "refine" form) cross-checked between every --pds-refine heuristic, the
# concrete BDD summaries, the Horn route (spacer) and BMC on the inlined
# program (when not recursive): a disagreement between two definite
# verdicts, or a refinement whose DAG the refined abstraction still follows
# (pds-untracked > 0), is reported. CPU-limited runs. "int": integer
# programs (pds with formulas and the SMT solver; no concrete BDD column).
# Usage:
#   bench/pds_random.sh [ZETA] [FIRST] [LAST] [CPU-SECONDS] [int]   (build/zeta 1 40 10)
z=${1:-build/zeta}
first=${2:-1}
last=${3:-40}
to=${4:-10}
int=${5:-}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bad=0 decided=0 refined=0
run() {   # run ARGS...: the verdict word; the stats in $tmp/out
  ( ulimit -t "$to"; timeout $((to * 20)) "$z" "$@" --timeout $((to * 20)) --stats "$tmp/r.cfa" >"$tmp/out" 2>&1 )
  head -n 1 "$tmp/out" | awk '{print $1}'
}
for s in $(seq "$first" "$last"); do
  form=""; [ $((s % 2)) = 1 ] && form=refine
  python3 "$root/tests/e2e/pds_gen.py" "$s" $form $int >"$tmp/r.cfa"
  vs="" untracked=""
  for h in strongest weakest both conciliated skip skip-conciliated; do
    v=$(run --algorithm pds --pds-refine $h --validate)   # --validate: the tracking re-check
    c=$(sed -n 's/^pds-cycles: //p' "$tmp/out"); u=$(sed -n 's/^pds-untracked: //p' "$tmp/out")
    [ "${u:-0}" != 0 ] && untracked="$untracked $h=$u"
    [ "${c:-0}" != 0 ] && refined=$((refined + 1))
    vs="$vs $h=$v/${c:-?}"
  done
  [ -z "$int" ] && vs="$vs concrete=$(run --algorithm pds --pds-refine concrete)"
  vs="$vs spacer=$(run --algorithm spacer) bmc=$(run --algorithm bmc)"
  if echo "$vs" | grep -q "=SAFE" && echo "$vs" | grep -q "=UNSAFE"; then
    bad=$((bad + 1)); cp "$tmp/r.cfa" "/tmp/pds-disagree-$s.cfa"; echo "DISAGREE seed $s:$vs"
  elif [ -n "$untracked" ]; then
    bad=$((bad + 1)); cp "$tmp/r.cfa" "/tmp/pds-untracked-$s.cfa"; echo "UNTRACKED seed $s:$untracked"
  else
    echo "$vs" | grep -q "=SAFE\|=UNSAFE" && decided=$((decided + 1))
    echo "ok seed $s:$vs"
  fi
done
echo "seeds $first..$last: $decided decided, $bad bad, $refined heuristic runs with refinement cycles"
