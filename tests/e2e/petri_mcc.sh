# Petri nets at MCC scale (issue 22): per-formula answers against the
# contest's expected answers on small instances of $SHARED/benchmarks/mcc
# (no wrong answer, most answered), --formula-id, the run ending within one
# second of --timeout on big nets (parsing included, even when an engine is
# inside GLPK), witnesses of random walks, and the bench script.
z=$ZETA
M=${SHARED:-../shared}/benchmarks/mcc
. "$(dirname "$0")/lib/quick.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# Allowed overrun of --timeout: 1 s; quick mode runs under the sanitizers,
# whose exit (leak scan, freeing the quarantine) takes another second or two.
slack=1.0; quick && slack=2.5
# The memory limit is an address-space limit: none under ASan (it reserves terabytes).
mem=4000; quick && mem=0
t() { if eval "$2"; then echo "PASS petri_mcc/$1"; else echo "FAIL petri_mcc/$1"; fi; }
[ -d "$M" ] || { echo "PASS petri_mcc/skipped-no-benchmarks"; exit 0; }

# score INSTANCE EXAM TIMEOUT: prints "answered wrong" against expected.txt
score() {
  "$z" --timeout "$3" --formula "$M/$1/$2.xml" "$M/$1/model.pnml" 2>/dev/null >"$tmp/out"
  awk 'NR == FNR { if ($1 == "FORMULA") want[$2] = $3; next }
       $1 == "FORMULA" && ($3 == "TRUE" || $3 == "FALSE") { a++; if (want[$2] != $3) { w++; print "wrong: " $2 > "/dev/stderr" } }
       END { print a + 0, w + 0 }' "$M/$1/expected.txt" "$tmp/out"
}

for inst in $(quick_subset SwimmingPool-PT-01 Kanban-PT-00005 FMS-PT-00002 Eratosthenes-PT-020 ShieldRVt-PT-002A \
                           Philosophers-PT-000005 Referendum-PT-0010 AutoFlight-PT-01a); do
  for exam in ReachabilityCardinality ReachabilityFireability; do
    read -r answered wrong <<<"$(score "$inst" "$exam" 10)"
    # these small nets are decided completely within the limit
    t "$inst/$exam" '[ "$wrong" = 0 ] && [ "$answered" = 16 ]'
  done
done

# --formula-id: one line, that formula, its expected answer.
id=Kanban-PT-00005-ReachabilityCardinality-2025-03
want=$(awk -v id=$id '$2 == id {print $3}' "$M/Kanban-PT-00005/expected.txt")
t formula-id '"$z" --timeout 10 --formula-id $id --formula "$M/Kanban-PT-00005/ReachabilityCardinality.xml" "$M/Kanban-PT-00005/model.pnml" >"$tmp/out" 2>/dev/null;
  [ "$(grep -c . "$tmp/out")" = 1 ] && grep -q "^FORMULA $id $want TECHNIQUES" "$tmp/out"'
t formula-id-unknown '"$z" --formula-id nope --formula "$M/Kanban-PT-00005/ReachabilityCardinality.xml" "$M/Kanban-PT-00005/model.pnml" >"$tmp/out" 2>"$tmp/err";
  [ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "formula-id nope: no such formula" "$tmp/err"'

# The run ends within one second of --timeout and prints a line for every
# formula, on a net of 9140 places (the regression: 13.2 s for 10 s, the
# engines inside GLPK and the transition-system encoding).
big=NoC3x3-PT-8B
s0=$(date +%s.%N)
"$z" --timeout 3 --formula "$M/$big/ReachabilityCardinality.xml" "$M/$big/model.pnml" >"$tmp/out" 2>/dev/null
s1=$(date +%s.%N)
t timeout-big '[ "$(echo "$s1 - $s0 <= 3 + $slack" | bc)" = 1 ] && [ "$(grep -c "^FORMULA $big-" "$tmp/out")" = 16 ]'
# Explicit search polls its deadline per successor (the regression: a
# marking of Referendum-PT-0200 has ~200 successors, 3.4 s for a 0.4 s slice).
s0=$(date +%s.%N)
"$z" --algorithm explicit --timeout 2 --formula-id Referendum-PT-0200-ReachabilityCardinality-2025-00 \
  --formula "$M/Referendum-PT-0200/ReachabilityCardinality.xml" "$M/Referendum-PT-0200/model.pnml" >/dev/null 2>&1
s1=$(date +%s.%N)
t timeout-explicit '[ "$(echo "$s1 - $s0 <= 2 + $slack" | bc)" = 1 ]'

# Random-walk witnesses are printed (and were replayed before printing).
t walk-witness '"$z" --timeout 10 --witness --formula "$M/SwimmingPool-PT-01/ReachabilityCardinality.xml" "$M/SwimmingPool-PT-01/model.pnml" 2>/dev/null |
  grep -q "^WITNESS SwimmingPool-PT-01-ReachabilityCardinality-2025-[0-9]* [0-9]"'

# Structural reductions: with the walks off, the portfolio decides on the
# net reduced for the formula (cone, duplicates, agglomeration) and the
# expanded witness replays on the original net before it is printed.
id=AutoFlight-PT-01a-ReachabilityCardinality-2025-07
want=$(awk -v id=$id '$2 == id {print $3}' "$M/AutoFlight-PT-01a/expected.txt")
t reduce-witness 'ZETA_PETRI_WALK_SHARE=0 "$z" --timeout 10 --witness --formula-id $id --formula "$M/AutoFlight-PT-01a/ReachabilityCardinality.xml" "$M/AutoFlight-PT-01a/model.pnml" >"$tmp/out" 2>/dev/null;
  grep -q "^FORMULA $id $want TECHNIQUES .*STRUCTURAL_REDUCTION" "$tmp/out" && grep -q "^WITNESS $id [1-9]" "$tmp/out"'
# The same file without reductions (ZETA_PETRI_NO_REDUCE=1) gets the same answers.
t no-reduce 'ZETA_PETRI_NO_REDUCE=1 "$z" --timeout 10 --formula "$M/AutoFlight-PT-01a/ReachabilityCardinality.xml" "$M/AutoFlight-PT-01a/model.pnml" 2>/dev/null |
  awk "NR == FNR { if (\$1 == \"FORMULA\") want[\$2] = \$3; next } \$1 == \"FORMULA\" { n++; ok += want[\$2] == \$3 } END { exit !(n == 16 && ok == 16) }" "$M/AutoFlight-PT-01a/expected.txt" -'
# On the 9140-place NoC3x3-PT-8B the cone of formula 08 has 36 places,
# agglomerated to 3: the state equation proves it at once.
if ! quick; then
  id=NoC3x3-PT-8B-ReachabilityCardinality-2025-08
  t reduce-cone 'ZETA_PETRI_WALK_SHARE=0 "$z" --timeout 10 --formula-id $id --formula "$M/NoC3x3-PT-8B/ReachabilityCardinality.xml" "$M/NoC3x3-PT-8B/model.pnml" 2>/dev/null |
    grep -q "^FORMULA $id TRUE TECHNIQUES STATE_EQUATION STRUCTURAL_REDUCTION"'
fi

# The bench script scores per formula (exit 0: none wrong, none over time).
t bench-mcc '/usr/bin/python3 "$(dirname "$0")/../../bench/mcc.py" --zeta "$z" -t 10 -m $mem --exam ReachabilityCardinality "$M/SwimmingPool-PT-01" >"$tmp/b" 2>&1 &&
  grep -q "^TOTAL: 16 formulas, 16 answered" "$tmp/b"'
exit 0
