#!/usr/bin/env bash
# zeta against solc's own model checker (the peer, shared/tools/solcmc) on the
# Solidity tasks (shared/benchmarks/sol), with the same wall-clock limit.
#   bench/sol_vs_solcmc.sh [-t SECONDS] [-n SAMPLE] [-s SEED] [TIER...]
# Runs one task at a time (CPU is shared). Prints per task
#   task label zeta-answer zeta-seconds peer-answer peer-seconds zeta-evidence zeta-cpu peer-cpu
# (wall seconds, and CPU seconds of the process and its children: node, solvers)
# to bench/results/sol_vs_solcmc.tsv and a summary per tier: solved (answer
# = label), wrong (answer = the opposite of the label), unknown, and the
# time ratio zeta/peer (sum over tasks both solved).
set -u
cd "$(dirname "$0")/.."
T=20; N=0; SEED=1
while getopts "t:n:s:" o; do case $o in t) T=$OPTARG ;; n) N=$OPTARG ;; s) SEED=$OPTARG ;; *) exit 2 ;; esac; done
shift $((OPTIND - 1))
TIERS=${*:-1 2}
SHARED=${SHARED:-../shared}
[ -d "$SHARED/benchmarks/sol" ] || SHARED=/work/shared
B=$SHARED/benchmarks/sol
ZETA=${ZETA:-build/zeta}
PEER=${PEER:-$SHARED/tools/solcmc}
export SOLC_JS_DIR=${SOLC_JS_DIR:-$PWD/deps}
mkdir -p bench/results
out=bench/results/sol_vs_solcmc.tsv
: >"$out"
answer() { head -1 | awk '{print $1}'; }
zout=$(mktemp); zcpu=$(mktemp); pcpu=$(mktemp); trap 'rm -f "$zout" "$zcpu" "$pcpu"' EXIT
for tier in $TIERS; do
  list=$(cd "$B" && find . -name '*.yml' | sed 's|^\./||' | sort | while read -r y; do grep -q "^  tier: $tier\$" "$y" && echo "$y"; done)
  if [ "$N" -gt 0 ]; then list=$(printf '%s\n' $list | shuf -n "$N" --random-source=<(yes "$SEED")| sort); fi
  for y in $list; do
    f=$B/${y%.yml}.sol
    label=$(grep -m1 expected_verdict "$B/$y" | awk '{print $2}')
    opts=$(python3 - "$B/$y" <<'PY'
import sys, yaml
o = yaml.safe_load(open(sys.argv[1]))['options']
a = []
if 'contract' in o: a += ['--contract', str(o['contract'])]
if 'ext_calls' in o: a += ['--ext-calls', str(o['ext_calls'])]
print(' '.join(a))
PY
)
    s=$(date +%s.%N); /usr/bin/time -f '%U %S' -o "$zcpu" timeout $((T + 20)) "$ZETA" --timeout "$T" $opts "$f" >"$zout" 2>/dev/null; e=$(date +%s.%N)
    zc=$(awk 'END {print $1 + $2}' "$zcpu")   # CPU seconds, node and solvers included
    za=$(answer <"$zout")
    zev=$(grep -m1 -o -e 'replayed on the lowered clauses and by executing the contract' -e 'replayed on the Horn clauses only' \
            -e '^invariant of' "$zout")   # the evidence: executed, clauses only, or an invariant
    zt=$(echo "$e - $s" | bc)
    s=$(date +%s.%N); pa=$(/usr/bin/time -f '%U %S' -o "$pcpu" timeout $((T + 20)) "$PEER" --timeout "$T" "$f" $opts 2>/dev/null | answer); e=$(date +%s.%N)
    pt=$(echo "$e - $s" | bc)
    pc=$(awk 'END {print $1 + $2}' "$pcpu")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tier" "${y%.yml}" "$label" "${za:-none}" "$zt" "${pa:-none}" "$pt" "${zev:-}" \
      "$zc" "$pc" >>"$out"
  done
done
python3 - "$out" <<'PY'
import sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
def good(a, lab): return (a == 'SAFE' and lab == 'true') or (a == 'UNSAFE' and lab == 'false')
def bad(a, lab): return (a == 'SAFE' and lab == 'false') or (a == 'UNSAFE' and lab == 'true')
for tier in sorted({r[0] for r in rows}):
    rs = [r for r in rows if r[0] == tier]
    zs = sum(good(r[3], r[2]) for r in rs); ps = sum(good(r[5], r[2]) for r in rs)
    zw = sum(bad(r[3], r[2]) for r in rs); pw = sum(bad(r[5], r[2]) for r in rs)
    both = [r for r in rs if good(r[3], r[2]) and good(r[5], r[2])]
    zt = sum(float(r[4]) for r in both); pt = sum(float(r[6]) for r in both)
    ratio = f"{zt / pt:.2f}" if pt > 0 else "-"
    zc = sum(float(r[8] or 0) for r in both if len(r) > 9); pc = sum(float(r[9] or 0) for r in both if len(r) > 9)
    cratio = f"{zc / pc:.2f}" if pc > 0 else "-"
    print(f"tier {tier}: {len(rs)} tasks; zeta solved {zs} wrong {zw}; peer solved {ps} wrong {pw}; "
          f"time zeta/peer on {len(both)} both-solved: wall {zt:.1f}s/{pt:.1f}s = {ratio}, CPU {zc:.1f}s/{pc:.1f}s = {cratio}")
    ex = sum(r[3] == 'UNSAFE' and len(r) > 7 and 'executing' in r[7] for r in rs)
    un = sum(r[3] == 'UNSAFE' for r in rs)
    print(f"  zeta UNSAFE {un}: {ex} executed by the interpreter, {un - ex} replayed on the clauses only")
PY
