#!/bin/bash
# Small programs decide in milliseconds, below the resolution of one run:
# per program and route, N repetitions of --algorithm pds, the mean CPU
# time of the whole process (user + system) and of the engine alone
# (pds-cpu), and the verdicts seen. Routes: skip-conciliated (the
# abstraction's default) and concrete (the baseline), in turns, so that
# both see the same load. Usage:
#   bench/pds_reps.sh [ZETA] [N] [PROGRAMS...]   (build/zeta, 20, xeqy xeqy-noz)
z=${1:-build/zeta}
n=${2:-20}
shift 2 2>/dev/null
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "# $(date -u +%FT%TZ) $(uptime | sed 's/.*load/load/'); $n repetitions; $z"
printf '%-12s %-17s %-10s %-12s %s\n' program route "cpu mean" "engine mean" verdicts
for p in ${*:-xeqy xeqy-noz}; do
  : >"$tmp/skip-conciliated" && : >"$tmp/concrete"
  for ((i = 0; i < n; i++)); do
    for r in skip-conciliated concrete; do
      /usr/bin/time -f '%U %S' -o "$tmp/time" "$z" --algorithm pds --pds-refine $r --stats \
        "$root/examples/pds/$p.cfa" >"$tmp/out" 2>/dev/null
      echo "$(awk '{print $1 + $2}' "$tmp/time") $(sed -n 's/^pds-cpu: //p' "$tmp/out") $(head -n 1 "$tmp/out" | awk '{print $1}')" >>"$tmp/$r"
    done
  done
  for r in skip-conciliated concrete; do
    awk -v p="$p" -v r="$r" '{c += $1; e += $2; v[$3]++} END {
      s = ""; for (k in v) s = s k "x" v[k] " ";
      printf "%-12s %-17s %-10.4f %-12.4f %s\n", p, r, c / NR, e / NR, s }' "$tmp/$r"
  done
done
