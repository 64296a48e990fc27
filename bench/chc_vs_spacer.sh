#!/usr/bin/env bash
# zeta against Z3's Spacer (`z3 FILE`) on the CHC-COMP tasks, same time limit.
#   bench/chc_vs_spacer.sh [ZETA] [TIMEOUT=20] [DIR=../shared/benchmarks/chc]
# Configurations: zeta (portfolio, with Spacer as one engine), zeta-own
# (--algorithm own: zeta's engines only), z3 (the peer). Prints solved
# counts, wrong answers (must be 0), and for each zeta configuration the
# ratio of summed times on the tasks both it and z3 solved. Per-task rows go
# to bench/results/chc_vs_spacer.tsv. Sequential: 100 tasks x 3 configs x up
# to TIMEOUT s each.
set -u
zeta=${1:-build/zeta}; to=${2:-20}; dir=${3:-../shared/benchmarks/chc}
mkdir -p bench/results
out=bench/results/chc_vs_spacer.tsv
printf 'task\texpected\tconfig\tanswer\tseconds\n' >"$out"
run() {  # config, file -> "answer seconds"
  local s e a
  s=$(date +%s.%N)
  case $1 in
    zeta) a=$(timeout $((to + 5)) "$zeta" --timeout "$to" "$2" 2>/dev/null | head -1) ;;
    zeta-own) a=$(timeout $((to + 5)) "$zeta" --algorithm own --timeout "$to" "$2" 2>/dev/null | head -1) ;;
    z3) a=$(timeout "$to" z3 "$2" 2>/dev/null | head -1) ;;
  esac
  e=$(date +%s.%N)
  echo "${a:-unknown} $(echo "$e - $s" | bc)"
}
for f in "$dir"/*.smt2; do
  b=$(basename "$f" .smt2)
  exp=$(sed -n 's/.*expected_verdict: *//p' "${f%.smt2}.yml" | head -1)
  for c in z3 zeta zeta-own; do
    read -r a t < <(run $c "$f")
    printf '%s\t%s\t%s\t%s\t%s\n' "$b" "$exp" "$c" "$a" "$t" >>"$out"
  done
done
awk -F'\t' 'NR > 1 {
    ok = ($4 == "sat" && $2 == "true") || ($4 == "unsat" && $2 == "false")
    bad = ($4 == "sat" && $2 == "false") || ($4 == "unsat" && $2 == "true")
    solved[$3] += ok; wrong[$3] += bad; if (ok) { t[$3, $1] = $5; s[$3, $1] = 1 }
    tasks[$1] = 1; cfgs[$3] = 1 }
  END {
    for (c in cfgs) printf "%-9s solved %3d  wrong %d\n", c, solved[c], wrong[c]
    for (c in cfgs) { if (c == "z3") continue; n = 0; tz = 0; tc = 0
      for (k in tasks) if (s[c, k] && s["z3", k]) { n++; tz += t["z3", k]; tc += t[c, k] }
      if (n) printf "%-9s vs z3 on %d common: time ratio %.2f (zeta %.1fs, z3 %.1fs)\n", c, n, tc / tz, tc, tz }
  }' "$out"
