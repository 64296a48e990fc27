#!/usr/bin/env bash
# zeta against Z3's Spacer (`z3 FILE`) on the CHC-COMP tasks, same time limit.
#   bench/chc_vs_spacer.sh [ZETA] [TIMEOUT=20] [DIR=../shared/benchmarks/chc]
# Configurations: z3 (the peer), zeta (portfolio, Spacer as one engine
# among zeta's own), zeta-own (--algorithm own: zeta's engines only).
# z3 and zeta-own are single-threaded and run side by side (one core each);
# the portfolio uses two processes and runs alone. Prints solved counts,
# wrong answers (must be 0), and for each zeta configuration the summed
# times on the tasks both it and z3 solved. Per-task rows (wall seconds) go
# to bench/results/chc_vs_spacer.tsv.
set -u
zeta=${1:-build/zeta}; to=${2:-20}; dir=${3:-../shared/benchmarks/chc}
res=bench/results; mkdir -p "$res"
out=$res/chc_vs_spacer.tsv
one() {  # config -> rows "task expected config answer seconds" on stdout
  local c=$1 f b exp s e a
  for f in "$dir"/*.smt2; do
    b=$(basename "$f" .smt2)
    exp=$(sed -n 's/.*expected_verdict: *//p' "${f%.smt2}.yml" | head -1)
    s=$(date +%s.%N)
    case $c in
      zeta) a=$(timeout $((to + 5)) "$zeta" --timeout "$to" "$f" 2>/dev/null | head -1) ;;
      zeta-own) a=$(timeout $((to + 5)) "$zeta" --algorithm own --timeout "$to" "$f" 2>/dev/null | head -1) ;;
      z3) a=$(timeout "$to" z3 "$f" 2>/dev/null | head -1) ;;
    esac
    e=$(date +%s.%N)
    printf '%s\t%s\t%s\t%s\t%.2f\n' "$b" "$exp" "$c" "${a:-unknown}" "$(echo "$e - $s" | bc)"
  done
}
one z3 >"$out.z3" & one zeta-own >"$out.own"; wait
one zeta >"$out.pf"
{ printf 'task\texpected\tconfig\tanswer\tseconds\n'; cat "$out.z3" "$out.own" "$out.pf"; } >"$out"
rm -f "$out.z3" "$out.own" "$out.pf"
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
