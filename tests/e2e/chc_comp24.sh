# Horn clauses with algebraic datatypes and the CHC-COMP'24 tracks
# (LIA, LIA-Arrays, ADT-LIA of $SHARED/benchmarks/chc-comp24): a task
# answer never contradicts its label; every sat model passes `zeta
# validate` (cvc5; datatypes declared from the problem); every unsat answer
# carries a replayed derivation. Unlabelled tasks are judged by that
# evidence alone. Also datatype input errors (exit 2 with a position).
z=$ZETA
dir=$SHARED/benchmarks/chc-comp24
to=${CHC_TIMEOUT:-5}
. "$(dirname "$0")/lib/quick.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# the clause numbers a validation left undecided, sorted
undecided() { sed -n 's/^clause \([0-9]*\) .*undecided.*/\1/p' "$1" | sort; }

# judge NAME FILE EXPECTED ALG: one run, its evidence checked
judge() {
  local name=$1 f=$2 exp=$3 alg=$4 out=$tmp/out rc ans
  timeout $((to + 15)) "$z" --algorithm "$alg" --timeout "$to" --model "$f" >"$out" 2>"$tmp/err"
  rc=$?
  ans=$(head -1 "$out")
  case "$ans" in
    sat)
      if [ "$exp" = false ]; then echo "FAIL $name (sat, expected unsat)"; return; fi
      tail -n +2 "$out" >"$tmp/model"
      if "$z" validate "$f" "$tmp/model" >"$tmp/val" 2>&1; then echo "PASS $name (sat, model valid)"
      elif ! grep -q violated "$tmp/val" && "$z" validate --backend z3 "$f" "$tmp/model" >"$tmp/val2" 2>&1; then
        echo "PASS $name (sat, model valid for z3, some clauses undecided by cvc5)"
      elif ! grep -q violated "$tmp/val" "$tmp/val2" && [ -z "$(comm -12 <(undecided "$tmp/val") <(undecided "$tmp/val2"))" ]; then
        echo "PASS $name (sat, every clause proved by cvc5 or z3, none violated)"
      else echo "FAIL $name (sat, model rejected: $(tail -1 "$tmp/val"))"; fi ;;
    unsat)
      if [ "$exp" = true ]; then echo "FAIL $name (unsat, expected sat)"
      elif grep -q '^(derivation' "$out"; then echo "PASS $name (unsat, derivation replayed)"
      else echo "FAIL $name (unsat without derivation)"; fi ;;
    unknown)
      if [ $rc -eq 1 ]; then echo "PASS $name (unknown)"; else echo "FAIL $name (unknown, exit $rc)"; fi ;;
    *) echo "FAIL $name (no answer, exit $rc: $(head -c 200 "$tmp/err"))" ;;
  esac
}

# small datatype systems: list lengths as Peano naturals
decls='(set-logic HORN)
(declare-datatypes ((Nat 0) (Lst 0)) (((Z) (S (pred Nat))) ((nil) (cons (hd Int) (tl Lst)))))
(declare-fun Len (Lst Nat) Bool)
(assert (forall ((l Lst)) (=> (= l nil) (Len l Z))))
(assert (forall ((l Lst) (n Nat) (x Int)) (=> (Len l n) (Len (cons x l) (S n)))))'
printf '%s\n%s\n' "$decls" '(assert (forall ((l Lst) (n Nat)) (=> (and (Len l n) (= n (S (S Z))) (is-nil l)) false)))' >"$tmp/adt-safe.smt2"
printf '%s\n%s\n' "$decls" '(assert (forall ((l Lst) (n Nat)) (=> (and (Len l n) (= (pred (pred n)) Z) ((_ is cons) l) (> (hd l) 4)) false)))' >"$tmp/adt-unsafe.smt2"
for alg in portfolio own; do
  judge "chc24/adt-safe/$alg" "$tmp/adt-safe.smt2" true "$alg"
  judge "chc24/adt-unsafe/$alg" "$tmp/adt-unsafe.smt2" false "$alg"
done
# the answers themselves (judge accepts unknown)
for v in safe:sat unsafe:unsat; do
  a=$("$z" --timeout 10 "$tmp/adt-${v%%:*}.smt2" 2>/dev/null | head -1)
  [ "$a" = "${v##*:}" ] && echo "PASS chc24/adt-${v%%:*}-answer" || echo "FAIL chc24/adt-${v%%:*}-answer (got '$a')"
done

# the portfolio's first slice: Spacer in process answers an easy system
# without forking (the winner says so)
w=$("$z" --timeout 60 --stats "$tmp/adt-safe.smt2" 2>/dev/null | sed -n 's/^portfolio-winner: //p')
case $w in "spacer (first slice"*) echo "PASS chc24/first-slice" ;; *) echo "FAIL chc24/first-slice (winner '$w')" ;; esac

# the portfolio's probe of own's schedule (numbers only, small inputs):
# BMC answers LIA-061 before Spacer's first slice, its derivation
# replayed; on LIA-287 the probe's IC3 model (check undecided) and the
# unfolding it skips must not hold the run past its CPU slice (it ran
# until the hard limit once). The winner is not asked in quick mode: the
# sanitizers slow BMC's 8-12 ms past its 20 ms CPU slice (Spacer won the
# sanitizers' run of session 28 once); the answer is checked in both.
if [ -d "$dir" ]; then
  if ! quick; then
    w=$("$z" --timeout 20 --stats "$dir/LIA/chc-comp24-LIA-061.smt2" 2>/dev/null | sed -n 's/^portfolio-winner: //p')
    case $w in "own (probe"*) echo "PASS chc24/own-probe" ;; *) echo "FAIL chc24/own-probe (winner '$w')" ;; esac
  fi
  judge "chc24/own-probe-answer" "$dir/LIA/chc-comp24-LIA-061.smt2" unknown portfolio
  # over arrays too (session 26; 0.1 s CPU): IC3 answers LIA-Arrays-179
  # with a model (~0.02 s CPU in all; Spacer's slice first: 0.3 s); not
  # in quick mode (the sanitizers' run, which slows the probe past its
  # 0.1 s CPU slice: Spacer won there once)
  if ! quick; then
    w=$("$z" --timeout 20 --stats "$dir/LIA-Arrays/chc-comp24-LIA-Arrays-179.smt2" 2>/dev/null | sed -n 's/^portfolio-winner: //p')
    case $w in "own (probe"*) echo "PASS chc24/own-probe-arrays" ;; *) echo "FAIL chc24/own-probe-arrays (winner '$w')" ;; esac
  fi
  judge "chc24/own-probe-arrays-answer" "$dir/LIA-Arrays/chc-comp24-LIA-Arrays-179.smt2" unknown portfolio
  # the check of the probe's answer has a CPU slice of its own (session
  # 33): within the schedule's 0.1 s it was cut short (undecided) when IC3
  # answered late in it, and Spacer's 1-2 s followed (LIA-Arrays-140 at
  # load 4: 3-4 runs in 6); the answer itself judged as any
  # (not in quick mode: the sanitizers slow IC3 past the 0.1 s)
  f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-140.smt2
  # (a second try: IC3 itself misses level 3 within the 0.1 s in about one
  # run in 20 at load 4; without the slice the line never appears)
  if ! quick; then
    for try in 1 2; do
      "$z" -v --timeout 20 --stats "$f" >"$tmp/o" 2>&1
      grep -q "^portfolio-winner: own (probe" "$tmp/o" && break
    done
    if grep -q "^zeta: probe: .*answer checked in a CPU slice of its own" "$tmp/o"; then echo "PASS chc24/own-probe-check-slice"
    else echo "FAIL chc24/own-probe-check-slice ($(grep -a '^portfolio-winner\|^sat\|^unsat\|^unknown' "$tmp/o" | tr '\n' ' '))"; fi
    w=$(sed -n 's/^portfolio-winner: //p' "$tmp/o")
    case $w in "own (probe"*) echo "PASS chc24/own-probe-arrays-late" ;; *) echo "FAIL chc24/own-probe-arrays-late (winner '$w')" ;; esac
  fi
  judge "chc24/own-probe-arrays-late-answer" "$f" unknown portfolio
  # non-linear: the probe is IC3 up to level 3 (session 28); it answers
  # LIA-124 (sat at level 3, ~0.01 s CPU), its model validated
  if ! quick; then
    w=$("$z" --timeout 20 --stats "$dir/LIA/chc-comp24-LIA-124.smt2" 2>/dev/null | sed -n 's/^portfolio-winner: //p')
    case $w in "own (probe"*) echo "PASS chc24/own-probe-ic3" ;; *) echo "FAIL chc24/own-probe-ic3 (winner '$w')" ;; esac
  fi
  judge "chc24/own-probe-ic3-answer" "$dir/LIA/chc-comp24-LIA-124.smt2" true portfolio
  # over datatypes too (session 30): own's schedule answers ADT-LIA-128
  # (unsat, ~5 ms CPU) before Spacer's slice, its derivation replayed
  if ! quick; then
    w=$("$z" --timeout 20 --stats "$dir/ADT-LIA/chc-comp24-ADT-LIA-128.smt2" 2>/dev/null | sed -n 's/^portfolio-winner: //p')
    case $w in "own (probe"*) echo "PASS chc24/own-probe-adt" ;; *) echo "FAIL chc24/own-probe-adt (winner '$w')" ;; esac
  fi
  judge "chc24/own-probe-adt-answer" "$dir/ADT-LIA/chc-comp24-ADT-LIA-128.smt2" false portfolio
  s0=$(date +%s)
  a=$(timeout 60 "$z" --timeout 30 "$dir/LIA/chc-comp24-LIA-287.smt2" 2>/dev/null | head -1)
  [ "$a" = sat ] && echo "PASS chc24/own-probe-bounded ($(( $(date +%s) - s0 )) s)" || echo "FAIL chc24/own-probe-bounded (got '$a')"
fi

# a normal form that answers itself (no query left; a query of no
# predicates) is the portfolio's answer before the probe and Spacer
# (session 28: 52 ms CPU without clauses, now ~7), checked as any
printf '(set-logic HORN)\n(declare-fun P (Int) Bool)\n(assert (forall ((x Int)) (=> (= x 0) (P x))))\n(assert (forall ((x Int)) (=> (and (P x) (< x 0)) false)))\n' >"$tmp/norm-sat.smt2"
printf '(set-logic HORN)\n(declare-fun P (Int) Bool)\n(assert (forall ((x Int)) (=> (= x 0) (P x))))\n(assert (forall ((x Int)) (=> (and (P x) (= x 0)) false)))\n' >"$tmp/norm-unsat.smt2"
for v in sat:true unsat:false; do
  f=$tmp/norm-${v%%:*}.smt2
  e=$("$z" --timeout 20 --stats "$f" 2>/dev/null | sed -n 's/^engine: //p')
  [ "$e" = normalization ] && echo "PASS chc24/normalized-${v%%:*}-first" || echo "FAIL chc24/normalized-${v%%:*}-first (engine '$e')"
  judge "chc24/normalized-${v%%:*}" "$f" "${v##*:}" portfolio
done

# tasks of each track: labelled ones and unlabelled ones judged by evidence
tasks="ADT-LIA/chc-comp24-ADT-LIA-004 ADT-LIA/chc-comp24-ADT-LIA-020 ADT-LIA/chc-comp24-ADT-LIA-037
ADT-LIA/chc-comp24-ADT-LIA-204 ADT-LIA/chc-comp24-ADT-LIA-224 LIA/chc-comp24-LIA-083 LIA/chc-comp24-LIA-005
LIA-Arrays/chc-comp24-LIA-Arrays-061 LIA-Arrays/chc-comp24-LIA-Arrays-140"
if [ -d "$dir" ]; then
  for t in $(quick_subset $tasks); do
    f=$dir/$t.smt2
    exp=$(sed -n 's/.*expected_verdict: *//p' "$dir/$t.yml" | head -1)
    judge "chc24/$(basename "$t")/portfolio" "$f" "$exp" portfolio
    quick || judge "chc24/$(basename "$t")/own" "$f" "$exp" own
  done
fi

# own on arrays (regression): pa's MBP interpolation fails on
# LIA-Arrays-140 within 2 s (unknown before session 9); own's IC3 slice
# answers it, its model checked by zeta itself
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-140.smt2
if [ -f "$f" ]; then
  a=$("$z" --algorithm own --timeout 20 "$f" 2>/dev/null | head -1)
  [ "$a" = sat ] && echo "PASS chc24/arrays-own-ic3" || echo "FAIL chc24/arrays-own-ic3 (got '$a')"
fi

# a quantified model (Spacer's over arrays) made quantifier-free by QE:
# QE's own check on every clause stands for the re-check (session 10);
# the answer must still be sat with a model `zeta validate` accepts
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-182.smt2
if [ -f "$f" ]; then
  judge "chc24/arrays-qe-model/evidence" "$f" true portfolio
  [ "$(head -1 "$tmp/out")" = sat ] && echo "PASS chc24/arrays-qe-model" \
    || echo "FAIL chc24/arrays-qe-model (got '$(head -1 "$tmp/out")')"
fi
# an undecided model check does not end own's schedule (regression,
# session 10): IC3's model of LIA-Arrays-194 is undecided on clause 24
# (unknown before); pa, next in the schedule, answers with a model that
# passes; judged by its evidence (the task is unlabelled)
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-194.smt2
if [ -f "$f" ] && ! quick; then
  to=20 judge "chc24/arrays-own-next-engine/evidence" "$f" unknown own
  [ "$(head -1 "$tmp/out")" = sat ] && echo "PASS chc24/arrays-own-next-engine" \
    || echo "FAIL chc24/arrays-own-next-engine (got '$(head -1 "$tmp/out")')"
  # Spacer's side alike: Z3's model of the file fails its check; Spacer on
  # the normal form goes on and answers (unknown before session 10)
  to=20 judge "chc24/arrays-spacer-next/evidence" "$f" unknown spacer
  [ "$(head -1 "$tmp/out")" = sat ] && echo "PASS chc24/arrays-spacer-next" \
    || echo "FAIL chc24/arrays-spacer-next (got '$(head -1 "$tmp/out")')"
  # the portfolio: its first slice's model fails the check, its Spacer side
  # starts on the normal form (session 10)
  to=20 judge "chc24/arrays-portfolio-next/evidence" "$f" unknown portfolio
  [ "$(head -1 "$tmp/out")" = sat ] && echo "PASS chc24/arrays-portfolio-next" \
    || echo "FAIL chc24/arrays-portfolio-next (got '$(head -1 "$tmp/out")')"
fi
# a model check undecided on a clause leaves time for the next model
# (session 14): Z3's model of LIA-Arrays-090 is undecided on clause 10 by
# Z3 and cvc5 (10 s each before, the run's time gone); each solver call of
# the check now gets at most a quarter of the time left, and Spacer on the
# normal form answers with a model that checks at once
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-090.smt2
if [ -f "$f" ] && ! quick; then
  to=30 judge "chc24/arrays-check-share/evidence" "$f" unknown spacer
  [ "$(head -1 "$tmp/out")" = sat ] && echo "PASS chc24/arrays-check-share" \
    || echo "FAIL chc24/arrays-check-share (got '$(head -1 "$tmp/out")')"
  # a model still quantified after QE gets a sixteenth of the time left per
  # solver call, not a quarter (session 15): the check of Z3's file model
  # of 090 (QE fails, clause 10 undecided by Z3 and cvc5) took 7.3 s of a
  # 20 s run before, at most 2 x 20/16 s now (the solvers' own timeouts);
  # and the check ends at that clause (session 26: 2.4-4.7 s before on the
  # clauses after it, Z3 2.5 s on clause 25 past its 0.75 s timeout)
  "$z" -v --algorithm spacer --timeout 20 "$f" >/dev/null 2>"$tmp/err"
  t=$(sed -n 's/.*input file).s model: QE .*(kept), check \([0-9.]*\) s (undecided).*/\1/p' "$tmp/err" | head -1)
  if [ -z "$t" ]; then echo "PASS chc24/quantified-check-share (file model not quantified and undecided here: $(grep -c model: "$tmp/err") checks)"
  elif awk -v t="$t" 'BEGIN { exit !(t < 3) }'; then echo "PASS chc24/quantified-check-share (check ${t} s)"
  else echo "FAIL chc24/quantified-check-share (the quantified model's check took ${t} s)"; fi
fi
# MBP interpolation when Z3's projection leaves local array symbols
# (session 24): the cube's literals over shared symbols, else the model's
# point, instead of giving up. LIA-Arrays-131 under pa without Spacer:
# before, "pa: interpolation failed (MBP)" at the first refinement (own:
# unknown); now unsat by pa (~0.7 s CPU), the derivation replayed
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-131.smt2
if [ -f "$f" ]; then
  "$z" --json --algorithm cegar --itp mbp --timeout 20 "$f" >"$tmp/o" 2>/dev/null
  grep -q '"verdict":"unsafe".*"engine":"pa (predicate abstraction' "$tmp/o" && echo "PASS chc24/mbp-array-locals" \
    || echo "FAIL chc24/mbp-array-locals ($(grep -o '"verdict":"[a-z]*"\|"reason":"[^"]*"' "$tmp/o" | tr '\n' ' '))"
  to=20 judge "chc24/mbp-array-locals/evidence" "$f" unknown own
fi
# own gives a non-linear system over arrays without a linear unfolding a
# slice of tree BMC after its IC3 slice (session 17): LIA-Arrays-062,
# unknown before (pa: MBP interpolation failed), answers unsat by the
# trees (~1 s CPU; the slice is 3 s wall, so under heavy load a second try)
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-062.smt2
if [ -f "$f" ] && ! quick; then
  for try in 1 2; do
    "$z" --json --algorithm own --timeout 20 "$f" >"$tmp/o" 2>/dev/null
    grep -q '"verdict":"unsafe".*"engine":"bmc (derivation trees)"' "$tmp/o" && break
  done
  grep -q '"verdict":"unsafe".*"engine":"bmc (derivation trees)"' "$tmp/o" && echo "PASS chc24/own-tree-bmc-slice" \
    || echo "FAIL chc24/own-tree-bmc-slice ($(grep -o '"verdict":"[a-z]*"\|"engine":"[^"]*"' "$tmp/o" | tr '\n' ' '))"
  to=20 judge "chc24/own-tree-bmc-slice/evidence" "$f" unknown own
fi
# own's schedule (-v): step A comes before step B in own's run on FILE,
# whose answer is then judged against WANT
own_step_first() { # NAME FILE A B WANT
  "$z" --algorithm own --timeout 20 -v "$2" >"$tmp/o" 2>&1
  steps=$(sed -n 's/^zeta: own: \([a-z0-9]*\) at .*/\1/p' "$tmp/o" | tr '\n' ' ')
  first=$(printf '%s\n' $steps | grep -x "$3\\|$4" | head -n 1)
  if [ "$first" = "$3" ]; then echo "PASS chc24/$1"
  else echo "FAIL chc24/$1 (steps: $steps)"; fi
  to=20 judge "chc24/$1/evidence" "$2" "$5" own
}
# pa without Spacer finds a tree's binary MBP interpolants in one forked
# child, not one per node (session 34: each fork ~70 ms of page faults on
# the VM; LIA-Arrays-110 sat by pa in 6.7 s CPU before, 1.4 s now, its
# model checked); and own runs a part of pa before the core's slice (110:
# sat by pa after the core's 5 s CPU before, lost under load)
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-110.smt2
if [ -f "$f" ] && ! quick; then
  for try in 1 2; do
    "$z" --json --algorithm cegar --itp mbp --timeout 6 "$f" >"$tmp/o" 2>/dev/null
    grep -q '"verdict":"safe".*"engine":"pa (predicate abstraction' "$tmp/o" && break
  done
  grep -q '"verdict":"safe".*"engine":"pa (predicate abstraction' "$tmp/o" && echo "PASS chc24/mbp-tree-one-child" \
    || echo "FAIL chc24/mbp-tree-one-child ($(grep -o '"verdict":"[a-z]*"\|"reason":"[^"]*"' "$tmp/o" | tr '\n' ' '))"
  # pa's part comes before the core (or answers in it: then no core at all);
  # on 033, which no part answers: since session 41 IC3's slice answers 110
  # (1.2 s CPU; Z3's models fetched only where used changed its run)
  own_step_first own-arrays-pa-before-core "${f%110.smt2}033.smt2" pa core unknown
fi
# Houdini's order clauses get a part before affine on non-linear systems
# over numbers (session 36): LIA-183 sat by Houdini in ~0.2 s CPU alone,
# reached only after affine, pa's first second and IC3's slice before
# (2.7 s CPU into own's schedule, 15-20 s wall in the portfolio at load 9)
f=$dir/LIA/chc-comp24-LIA-183.smt2
if [ -f "$f" ] && ! quick; then
  own_step_first own-houdini-before-affine "$f" houdini affine true
fi
# Where no clause derives a predicate at level <= 1 (every clause with
# its head has a body), IC3's blocking runs no check and drops every
# literal but the last (session 37): on LIA-Arrays-107 (a SyGuS grammar)
# it kept the cube less IC3_MAX_DROP literals and its level-3 round
# blocked funcStart's flags one combination at a time, unknown at 20 s;
# now unsat in ~0.8 s CPU, the derivation replayed (the sanitizers' build:
# a few s)
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-107.smt2
if [ -f "$f" ]; then
  r=$(to=30 judge "chc24/ic3-nothing-at-level-1" "$f" unknown ic3)
  case $r in *"(unsat, derivation replayed)") echo "$r" ;; *) echo "FAIL chc24/ic3-nothing-at-level-1 (not unsat: $r)" ;; esac
fi
# Where Z3's array projection fails (an eliminated array under an ite of
# arrays, session 38), the projection without the ite: on LIA-Arrays-131
# IC3 had taken the model's point (every parameter pinned to its array
# value) and blocked one array value at a time, unknown at 10 s; now unsat
# in ~0.8 s CPU, the derivation replayed
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-131.smt2
if [ -f "$f" ]; then
  r=$(to=30 judge "chc24/ic3-array-ite-projection" "$f" unknown ic3)
  case $r in *"(unsat, derivation replayed)") echo "$r" ;; *) echo "FAIL chc24/ic3-array-ite-projection (not unsat: $r)" ;; esac
fi
# IC3 on the linear core (session 29): LIA-Arrays-219, a thread-modular
# program, unsat through its linear clauses alone (two threads in the
# critical section, ~19 steps): IC3 on the core ~1.9 s CPU, the
# derivation over the input's clauses replayed (unknown to every engine
# on the whole system, Z3 too, within 60 s)
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-219.smt2
if [ -f "$f" ]; then
  "$z" --json --algorithm core --timeout 20 "$f" >"$tmp/o" 2>/dev/null
  grep -q '"verdict":"unsafe".*"engine":"ic3 (linear core)"' "$tmp/o" && echo "PASS chc24/linear-core" \
    || echo "FAIL chc24/linear-core ($(grep -o '"verdict":"[a-z]*"\|"engine":"[^"]*"\|"reason":"[^"]*"' "$tmp/o" | tr '\n' ' '))"
  to=20 judge "chc24/linear-core/evidence" "$f" unknown core
fi
# the portfolio's own side over arrays runs the core right after IC3's
# slice and the rest (trees, pa, IC3 resumed: their answers are Spacer's
# too) at a lower priority (session 42): 219's core came after the trees'
# and pa's parts (8.9 s wall at load 4.5: answered at 18.4 s, lost at load
# 5-6), and 273's Spacer (~5 s CPU) lacked the CPU under load. The order and
# the nice line are checked (-v, at any load); the answer, 8-13 s at load
# 3-5, is only checked not to be wrong (the evidence is judged above).
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-219.smt2
if [ -f "$f" ] && ! quick; then
  "$z" -v --timeout 20 "$f" >"$tmp/o" 2>"$tmp/e"
  steps=$(sed -n 's/^zeta: own: \([a-z0-9]*\) at .*/\1/p' "$tmp/e" | tr '\n' ' ')
  l=$(grep -a 'zeta: own: beside Spacer, the rest at nice' "$tmp/e")
  now=$(echo "$l" | sed -n 's/.* at nice \(-*[0-9]*\) (was \(-*[0-9]*\))/\1/p'); was=$(echo "$l" | sed -n 's/.*(was \(-*[0-9]*\))/\1/p')
  # unsat (the portfolio checks its derivation) or, on a loaded machine,
  # unknown; never sat. The core answered in its part: no nice line.
  case "$(head -1 "$tmp/o")" in unsat|unknown) ok=1 ;; *) ok= ;; esac
  first=$(printf '%s\n' $steps | grep -x 'core\|trees' | head -n 1)
  if [ "$first" = core ] && [ -n "$ok" ] && { [ -z "$l" ] || [ "$now" -gt "$was" ] || [ "$was" -ge 19 ]; }; then
    echo "PASS chc24/portfolio-arrays-core-first ($(head -1 "$tmp/o"); steps: $steps)"
  else echo "FAIL chc24/portfolio-arrays-core-first ($(head -1 "$tmp/o"); steps: $steps; '$l')"; fi
fi
# after unsat without a mapped proof, Spacer without proofs and the rules
# along its trace (session 42; before: Z3 again with its slicing off, its
# inlining kept, session 17, whose proof maps on LIA-Arrays-189)
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-189.smt2
if [ -f "$f" ]; then
  to=20 judge "chc24/trace-after-unsat/evidence" "$f" unknown spacer
  "$z" --json --algorithm spacer --timeout 20 "$f" >"$tmp/o" 2>/dev/null
  grep -q '"verdict":"unsafe".*"engine":"spacer (Z3 on the input file, its trace)"' "$tmp/o" \
    && echo "PASS chc24/trace-after-unsat" || echo "FAIL chc24/trace-after-unsat ($(grep -o '"engine":"[^"]*"' "$tmp/o"))"
fi
# once Z3 said unsat and its proof did not map, the portfolio's Spacer side
# goes on (its fallbacks, its children) at a lower priority (session 30):
# on LIA-270 none of them maps and own's IC3, the answer, lacked the CPU
# under load. Z3 says unsat after ~1.5-2 s of CPU, long before own's IC3
# can answer (~3 s of its CPU after affine's and pa's parts).
f=$dir/LIA/chc-comp24-LIA-270.smt2
if [ -f "$f" ] && ! quick; then
  "$z" -v --timeout 20 "$f" >"$tmp/o" 2>"$tmp/e"
  l=$(grep -a 'zeta: spacer: Z3 said unsat, no derivation yet: the rest at nice' "$tmp/e")
  now=$(echo "$l" | sed -n 's/.* at nice \(-*[0-9]*\) (was \(-*[0-9]*\))/\1/p'); was=$(echo "$l" | sed -n 's/.*(was \(-*[0-9]*\))/\1/p')
  if [ -n "$now" ] && { [ "$now" -gt "$was" ] || [ "$was" -ge 19 ]; }; then echo "PASS chc24/spacer-yields-after-unsat (nice $was -> $now; $(head -1 "$tmp/o"))"
  else echo "FAIL chc24/spacer-yields-after-unsat ($(head -1 "$tmp/o"); '$l')"; fi
  grep -q '^sat' "$tmp/o" && echo "FAIL chc24/spacer-yields-after-unsat/answer (sat, expected unsat)"
fi
# the portfolio's first slice hands its Z3 on (session 26): Z3 needs ~1.5 s
# CPU on LIA-Arrays-083, more than the slice of a 12 s run (0.9 s); the
# Spacer side waits for that run instead of starting Z3 over on the file
# (LIA-Arrays-273 paid the slice twice before); the model checked as any
f=$dir/LIA-Arrays/chc-comp24-LIA-Arrays-083.smt2
# (under the sanitizers, beside another part of the suite, 12 s was not
# enough for Z3's run: 30 s there, whose larger slice may answer in it)
to1=12; quick && to1=30
if [ -f "$f" ]; then
  "$z" --stats --timeout $to1 "$f" >"$tmp/o" 2>&1
  # one more try after an unknown: Z3 needs ~1.5 s CPU within the 12 s, which
  # a loaded machine may not give (session 41: CI beside a benchmark, load 5);
  # the same timeout, so the slice is as small and the hand-on still tested
  grep -q '^unknown' "$tmp/o" && "$z" --stats --timeout $to1 "$f" >"$tmp/o" 2>&1
  if grep -q '^portfolio-winner: spacer$' "$tmp/o" && grep -q '^spacer-file-run: ' "$tmp/o"; then
    echo "PASS chc24/first-slice-runs-on"
  elif grep -q '^portfolio-winner: spacer (first slice' "$tmp/o"; then
    echo "PASS chc24/first-slice-runs-on (Z3 answered within the slice: not exercised)"
  else echo "FAIL chc24/first-slice-runs-on ($(grep -a '^portfolio-winner\|^spacer-file-run\|^sat\|^unsat\|^unknown' "$tmp/o" | tr '\n' ' '))"; fi
  to=$to1 judge "chc24/first-slice-runs-on/evidence" "$f" unknown portfolio
fi
# pa's congruence seeds (session 18): LIA-083's invariant needs x, y = 0
# (mod 3); own answered unknown before (IC3 ran out of time). pa alone
# (cegar): own's affine part answers it first since session 28
f=$dir/LIA/chc-comp24-LIA-083.smt2
if [ -f "$f" ]; then
  "$z" --json --algorithm cegar --timeout 20 "$f" >"$tmp/o" 2>/dev/null
  grep -q '"verdict":"safe".*"engine":"pa (predicate abstraction' "$tmp/o" && echo "PASS chc24/pa-congruence-seeds" \
    || echo "FAIL chc24/pa-congruence-seeds ($(grep -o '"verdict":"[a-z]*"\|"engine":"[^"]*"' "$tmp/o" | tr '\n' ' '))"
  to=20 judge "chc24/pa-congruence-seeds/evidence" "$f" true own
fi
# IC3 on recursive Fibonacci (LIA-008: fib(23) + fib(24) = 75025; session
# 20): after a child is reached, its parent goes on with the next body
# atom (not another value of the atom just reached), which keeps the final
# round linear in n, and the derivation shares each fib(k). Before:
# unknown (20 s: 10.5 s CPU, then "derivation too large"); now ~1.1 s CPU.
f=$dir/LIA/chc-comp24-LIA-008.smt2
if [ -f "$f" ]; then
  "$z" --json --algorithm ic3 --timeout 8 "$f" >"$tmp/o" 2>/dev/null
  grep -q '"verdict":"unsafe"' "$tmp/o" && echo "PASS chc24/ic3-fib-summaries" \
    || echo "FAIL chc24/ic3-fib-summaries ($(grep -o '"verdict":"[a-z]*"\|"reason":"[^"]*"' "$tmp/o" | tr '\n' ' '))"
  to=8 judge "chc24/ic3-fib-summaries/evidence" "$f" false ic3
fi
# input errors in datatype declarations: exit 2, position, no verdict
bad() {
  printf '%s\n' "$2" >"$tmp/bad.smt2"
  "$z" "$tmp/bad.smt2" >"$tmp/o" 2>"$tmp/e"; local rc=$?
  if [ $rc -eq 2 ] && grep -q "bad.smt2:$3" "$tmp/e" && [ ! -s "$tmp/o" ]; then echo "PASS chc24/$1"
  else echo "FAIL chc24/$1 (exit $rc: $(head -c 200 "$tmp/e"))"; fi
}
bad dt-parametric '(set-logic HORN)
(declare-datatypes ((L 1)) ((par (T) ((c (h T))))))' "2:24: parametric datatypes are not supported"
bad dt-ctor-sort '(set-logic HORN)
(declare-datatypes ((L 0)) (((c (h Int)))))
(declare-fun P (L) Bool)
(assert (forall ((x L)) (=> (= x (c true)) (P x))))' "4:34: argument 1 of constructor 'c' has the wrong sort"
bad dt-unknown-sort '(set-logic HORN)
(declare-datatypes ((L 0)) (((c (h M)))))' "2:36: unknown sort 'M'"

# --timeout counts from the start of reading (session 14): an 8 MB system
# reads in ~1 s, then Z3 would read it again past the limit (4.8 s wall
# for --timeout 2 before, the hard stop counted from the check's start);
# now the answer comes within the limit and the hard stop's 2 s slack
# (not under the sanitizers, which slow the reading itself past it)
gen=$(dirname "$0")/../../bench/chc_gen.py
if ! quick && python3 "$gen" wide 8 "$tmp/wide.smt2" 2>/dev/null; then
  s=$(date +%s.%N)
  a=$("$z" --timeout 2 "$tmp/wide.smt2" 2>/dev/null | head -1)
  e=$(echo "$(date +%s.%N) - $s" | bc)
  if [ "$(echo "$e <= 4.2" | bc)" = 1 ] && [ "$a" = unknown ]; then echo "PASS chc24/limit-counts-reading (${e} s)"
  else echo "FAIL chc24/limit-counts-reading ('$a' after ${e} s, limit 2 s + 2.2 s slack)"; fi
fi
