# TLA+ end to end: the small specifications of tests/tla (one construct
# or engine feature each: verdicts, distinct-state counts, traces,
# deadlocks, symmetry, instances, malformed input), then shared models of
# $SHARED/benchmarks/tla whose verdict and TLC's distinct-state count must
# match (quick mode: a subset). The task's distinct_states is read here,
# by the test, never by zeta.
z=$ZETA
B=${SHARED:-../shared}/benchmarks/tla
D=$(dirname "$0")/../tla
TO=${TLA_TIMEOUT:-30}
. "$(dirname "$0")/lib/quick.sh"
t() { if eval "$2"; then echo "PASS tla/$1"; else echo "FAIL tla/$1"; fi; }
run() { timeout $((TO + 10)) "$z" --timeout "$TO" "$@" 2>&1; }

t constructs '[ "$(run "$D/Constructs.tla" | head -1)" = SAFE ]'
t counter-safe 'run "$D/Counter.tla" | grep -q "^4 distinct states found"'
t counter-violation 'out=$(run --config "$D/CounterBad.cfg" "$D/Counter.tla"); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Invariant Small is violated" && echo "$out" | grep -q "^State 4:" && ! echo "$out" | grep -q "^State 5:"'
t deadlock 'out=$(run "$D/Stop.tla"); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Deadlock reached"'
t no-deadlock 'run --config "$D/StopNoDeadlock.cfg" "$D/Stop.tla" | grep -q "^3 distinct states found"'
t deadlock-option 'run --check-deadlock false "$D/Stop.tla" | head -1 | grep -qx SAFE'
t no-symmetry 'run "$D/Procs.tla" | grep -q "^8 distinct states found"'
t symmetry 'run --config "$D/ProcsSym.cfg" "$D/Procs.tla" | grep -q "^4 distinct states found"'
# Permutations of 5 model values (120 generators: the group's table overflowed past 64, a crash)
t symmetry-120-generators 'run "$D/SymOrbits.tla" | grep -q "^792 distinct states found"'
# a task's length is part of its label (sweeps ran the module without it
# and counted the puzzle's solution as a wrong UNSAFE): with `length: 5`
# SAFE for 5 steps; without it UNSAFE, the shortest trace 11 steps, its
# last state with nobody on the east bank (Solution is violated)
M=$B/MissionariesAndCannibals
t length-is-the-label 'out=$(run "$M/APMissionariesAndCannibals.tla");
  [ "$(run "$M/APMissionariesAndCannibals.yml" | head -2 | tr "\\n" " ")" = "SAFE (bounded: every execution of at most 5 steps) " ] && echo "$out" | head -2 | tr "\\n" " " | grep -q "^UNSAFE Invariant Solution is violated" &&
  echo "$out" | grep -q "^State 12:" && ! echo "$out" | grep -q "^State 13:" && echo "$out" | grep -q "who_is_on_bank = \[E |-> {}"'
t instance 'run "$D/Inst.tla" | grep -q "^3 distinct states found"'
# Guards pc[self] = "L" decided before the call (tla_eval.c guard_false): the same states, pc[self] not a
# string (7) left to the call, and an argument outside pc's domain still an evaluation error (not a skip)
t guard-shortcut 'out=$(run "$D/Guards.tla"); echo "$out" | head -1 | grep -qx SAFE && echo "$out" | grep -q "^21 distinct states found, 37 states generated"'
t guard-shortcut-inductive 'run --algorithm inductive "$D/Guards.tla" | grep -q "the 21 reachable states, enumerated"'
t guard-shortcut-domain 'run --config "$D/GuardsWide.cfg" "$D/Guards.tla" | head -1 | grep -q "^UNKNOWN (evaluation error: .*Guards.tla:16:15: 3 is not in the domain"'
# a recursive function applied outside its domain is an error, as in TLC (the explicit engine applied its body: SAFE)
t recursive-function-domain 'run "$D/RecDomain.tla" | head -1 | grep -q "^UNKNOWN (evaluation error: .*RecDomain.tla:8:16: {1, 2, 9} is not in the domain of F)"'
t bounded 'out=$(run --length 2 --config "$D/CounterBad.cfg" "$D/Counter.tla"); echo "$out" | head -1 | grep -qx SAFE'
t bounded-violation 'run --length 3 --config "$D/CounterBad.cfg" "$D/Counter.tla" | head -1 | grep -qx UNSAFE'
t bounded-deadlock 'run --length 3 --check-deadlock true "$D/Stop.tla" | head -1 | grep -qx UNSAFE'
t bounded-no-deadlock 'run --length 2 --check-deadlock true "$D/Stop.tla" | head -1 | grep -qx SAFE'
t higher-order-state-invariant 'run --length 0 "$D/HigherOrder.tla" | head -1 | grep -qx UNSAFE'
t parameter-under-prime 'run "$D/ParamPrime.tla" | grep -q "^3 distinct states found"'
t no-property 'out=$(run "$D/NoConfig.tla"); rc=$?; [ $rc -eq 1 ] && echo "$out" | head -1 | grep -q "^UNKNOWN (no property to check"'
t no-property-inv 'run --inv Inv "$D/NoConfig.tla" | head -1 | grep -qx UNSAFE'
t no-property-deadlock 'run --check-deadlock true "$D/NoConfig.tla" | head -1 | grep -qx SAFE'
t inv-option 'run --inv Small "$D/Counter.tla" | head -1 | grep -qx UNSAFE'
t json 'run --json "$D/Counter.tla" | grep -q "\"distinct-states\""'
t syntax-error 'out=$("$z" "$D/Bad.tla" 2>&1); rc=$?; [ $rc -eq 2 ] && echo "$out" | grep -q "Bad.tla:4:4: syntax error"'
t cfg-error 'out=$("$z" --config "$D/BadValue.cfg" "$D/Counter.tla" 2>&1); rc=$?; [ $rc -eq 2 ] && echo "$out" | grep -q "BadValue.cfg:2:5: expected a value"'
t missing-file '"$z" "$D/Nope.tla" >/dev/null 2>&1; [ $? -eq 2 ]'
t missing-def 'printf "INIT Nope\nNEXT Next\n" > "${TMPDIR:-/tmp}/zeta-tla-$$.cfg"; "$z" --config "${TMPDIR:-/tmp}/zeta-tla-$$.cfg" "$D/Counter.tla" >/dev/null 2>&1; rc=$?; rm -f "${TMPDIR:-/tmp}/zeta-tla-$$.cfg"; [ $rc -eq 2 ]'
# an action invariant of a model with more than 256 variables (once
# skipped: its buffer was on the stack, 256 entries, and the step passed)
many_vars() {
  f=${TMPDIR:-/tmp}/zeta-tla-many-$$
  mkdir -p "$f"
  { echo "---- MODULE ManyVars ----"; echo "EXTENDS Naturals"
    echo "VARIABLES $(seq -s ', v' 0 299 | sed 's/^/v/')"
    echo "Init == $(seq -s ' = 0 /\ v' 0 299 | sed 's/^/v/') = 0"
    echo "Next == v0 < 3 /\ v0' = v0 + 1 /\ UNCHANGED <<$(seq -s ', v' 1 299 | sed 's/^/v/')>>"
    echo "NoJump == v0' # 2"; echo "===="; } > "$f/ManyVars.tla"
  printf "INIT Init\nNEXT Next\nINVARIANT NoJump\nCHECK_DEADLOCK FALSE\n" > "$f/ManyVars.cfg"
  out=$(run "$f/ManyVars.tla"); rm -rf "$f"
  echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Invariant NoJump is violated" && echo "$out" | grep -q "^State 3:"
}
# (not in quick mode: sanitizer frames make Init's 300 conjuncts too deep)
quick || t action-invariant-many-vars many_vars
t symmetry-many-values 'run "$D/Ring.tla" | grep -q "^1 distinct states found"'
t symmetry-not-permutations 'out=$("$z" "$D/SymNotPerm.tla" 2>&1); rc=$?; [ $rc -eq 2 ] && echo "$out" | grep -q "SymNotPerm.tla:6:8: SYMMETRY Sym: expected a set of permutations"'

# shared models: TASK EXPECTED-FIRST-WORD
if [ -d "$B" ]; then
  for task in $(quick_subset DieHard/DieHard CoffeeCan/CoffeeCan100Beans MisraReachability/MCParReach \
      Prisoners_Single_Switch/Prisoner ReadersWriters/MC SpanningTree/SpanTree barriers/Barrier btree/kvstore \
      SpecifyingSystems-FIFO/MCInnerFIFO SpecifyingSystems-TLC/ABCorrectness SpecifyingSystems-TLC/MCAlternatingBit byihive/VoucherCancel \
      SpecifyingSystems-CachingMemory/MCInternalMemory Disruptor/Disruptor_SPMC SimplifiedFastPaxos/Paxos \
      ewd840/EWD840 chang_roberts/MCChangRoberts apalache/Bug1058 apalache/y2k_instance-Safety-len19 \
      apalache/y2k_instance-Safety-len30 apalache/ConstantOperatorImpl apalache/Callback SpanningTree/APSpanTree); do
    y=$B/$task.yml
    [ -f "$y" ] || continue
    exp=$(sed -n 's/.*expected_verdict: *//p' "$y")
    want=$( [ "$exp" = true ] && echo SAFE || echo UNSAFE )
    ds=$(sed -n 's/^ *distinct_states: *//p' "$y")
    out=$(run "$y")
    got=$(echo "$out" | head -1)
    if [ "$got" != "$want" ]; then echo "FAIL tla/$task (expected $want, got $got)"; continue; fi
    if [ -n "$ds" ] && ! echo "$out" | grep -q "^$ds distinct states found"; then
      echo "FAIL tla/$task (TLC: $ds distinct states; zeta: $(echo "$out" | grep 'distinct states'))"; continue
    fi
    echo "PASS tla/$task"
  done
fi
