#!/usr/bin/env bash
# zeta as the back end of solc's own model checker: the Horn queries solc
# asks (bench/solc_queries.js: declare-datatypes records, arrays) for a
# sample of the Solidity tasks, answered by zeta (records scalarised,
# ir/chc_records.h) and by z3 with solc's own parameters, same limit.
#   bench/solc_horn.sh [-t SECONDS] [-n SAMPLE] [-s SEED] [TIER...]
# Rows (task, query, zeta answer, seconds, z3 answer, seconds) in
# bench/results/solc_horn.tsv; summary: answered, disagreements (sat
# against unsat: one of the two is wrong), time ratio on both answered.
set -u
cd "$(dirname "$0")/.."
T=10; N=30; SEED=1
while getopts "t:n:s:" o; do case $o in t) T=$OPTARG ;; n) N=$OPTARG ;; s) SEED=$OPTARG ;; *) exit 2 ;; esac; done
shift $((OPTIND - 1))
TIERS=${*:-1}
SHARED=${SHARED:-../shared}
[ -d "$SHARED/benchmarks/sol" ] || SHARED=/work/shared
B=$SHARED/benchmarks/sol
ZETA=${ZETA:-build/zeta}
Z3=${Z3:-z3}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p bench/results
out=bench/results/solc_horn.tsv
: >"$out"
for tier in $TIERS; do
  list=$(cd "$B" && find . -name '*.yml' | sed 's|^\./||' | sort | while read -r y; do grep -q "^  tier: $tier\$" "$y" && echo "$y"; done)
  [ "$N" -gt 0 ] && list=$(printf '%s\n' $list | shuf -n "$N" --random-source=<(yes "$SEED") | sort)
  for y in $list; do
    f=$B/${y%.yml}.sol
    opts=$(python3 - "$B/$y" <<'PY'
import sys, yaml
o = yaml.safe_load(open(sys.argv[1]))['options']
a = []
if 'contract' in o: a += ['--contract', str(o['contract'])]
if 'ext_calls' in o: a += ['--ext-calls', str(o['ext_calls'])]
print(' '.join(a))
PY
)
    rm -f "$tmp"/q.*
    timeout 120 node bench/solc_queries.js "$f" "$tmp/q" $opts >/dev/null 2>&1 || continue
    for q in $(ls "$tmp"/q.*.smt2 2>/dev/null | sort -t. -k2 -n); do
      k=$(basename "$q" .smt2); k=${k#q.}
      s=$(date +%s.%N); za=$(timeout $((T + 10)) "$ZETA" --timeout "$T" "$q" 2>/dev/null | head -1); e=$(date +%s.%N)
      zt=$(echo "$e - $s" | bc)
      s=$(date +%s.%N)
      pa=$(timeout "$T" "$Z3" -smt2 rlimit=20000000 rewriter.pull_cheap_ite=true fp.spacer.q3.use_qgen=true fp.spacer.mbqi=false \
             fp.spacer.ground_pobs=false "$q" 2>/dev/null | head -1)
      e=$(date +%s.%N)
      pt=$(echo "$e - $s" | bc)
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "${y%.yml}" "$k" "${za:-none}" "$zt" "${pa:-none}" "$pt" >>"$out"
    done
  done
done
python3 - "$out" <<'PY'
import sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
ans = lambda a: a in ('sat', 'unsat')
z = sum(ans(r[2]) for r in rows); p = sum(ans(r[4]) for r in rows)
dis = [r for r in rows if ans(r[2]) and ans(r[4]) and r[2] != r[4]]
both = [r for r in rows if ans(r[2]) and ans(r[4])]
zt = sum(float(r[3]) for r in both); pt = sum(float(r[5]) for r in both)
print(f"{len(rows)} queries from {len({r[0] for r in rows})} tasks; zeta answered {z}, z3 answered {p}; "
      f"disagreements {len(dis)}; time zeta/z3 on {len(both)} both answered: {zt:.1f}s/{pt:.1f}s" +
      (f" = {zt / pt:.2f}" if pt > 0 else ""))
for r in dis: print("DISAGREE", *r)
PY
