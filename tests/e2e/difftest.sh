#!/usr/bin/env bash
# A fixed-seed batch of differential testing (issue 20): random small CFAs,
# Horn clauses (LIA, bit-vectors, arrays), transition systems (VMT), AIGER
# circuits, Petri nets, programs with procedures, C programs, TLA+
# specifications and Solidity contracts
# with every engine configuration
# of zeta on each against explicit enumeration and the peers
# (bench/difftest/difftest.py); any disagreement, internal error or
# rejected model fails. Long runs: see docs/STATUS-reliability.md.
set -u
cd "$(dirname "$0")/../.."
. tests/e2e/lib/quick.sh
n=${DIFFTEST_MODELS:-48}; quick && n=${DIFFTEST_QUICK_MODELS:-16}
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
log=$(python3 bench/difftest/difftest.py --zeta "$ZETA" --models "$n" --seed 20 --size 6 --timeout 5 -j 2 --out "$out" 2>&1)
rc=$?
for f in cfa chc chc-bv chc-arr vmt aiger pnml proc c tla sol; do
  line=$(printf '%s\n' "$log" | grep "^difftest $f ")
  if [ -n "$line" ] && ! printf '%s\n' "$log" | grep -q "^FINDING .*/$f-"; then echo "PASS difftest/$f ($(echo $line | awk '{print $4}') models)"
  else echo "FAIL difftest/$f"; printf '%s\n' "$log" | grep "^FINDING .*/$f-" | head -n 3; fi
done
[ $rc -le 1 ] || { echo "FAIL difftest/run (exit $rc)"; printf '%s\n' "$log" | tail -n 5; }
