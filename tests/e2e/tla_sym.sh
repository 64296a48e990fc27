# TLA+ symbolic engines (--algorithm bmc|kind|pdr|inductive on the encoding
# of src/lang/tla/tla_sym.c): counterexamples at the right depth and
# replayed by the explicit engine, proofs for all depths, evaluation errors
# and values outside a variable's layout answered UNKNOWN (never a
# verdict), unsupported constructs reported with their position; then
# shared models on which BMC must agree with the explicit engine.
z=$ZETA
B=${SHARED:-../shared}/benchmarks/tla
D=$(dirname "$0")/../tla
TO=${TLA_TIMEOUT:-30}
. "$(dirname "$0")/lib/quick.sh"
t() { if eval "$2"; then echo "PASS tla-sym/$1"; else echo "FAIL tla-sym/$1"; fi; }
run() { timeout $((TO + 10)) "$z" --timeout "$TO" "$@" 2>&1; }
first() { run "$@" | head -1; }
# a violation at depth 3 (4 states), found by each engine and replayed
viol() { out=$(run --algorithm "$1" --config "$D/CounterBad.cfg" "$D/Counter.tla")
  echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Invariant Small is violated" &&
    echo "$out" | grep -q "^State 4:" && ! echo "$out" | grep -q "^State 5:"; }
t bmc-violation-depth 'viol bmc'
t pdr-violation 'viol pdr'
t kind-violation 'viol kind'
# sets (as one Boolean per universe element) and functions (one value per domain element)
sets() { out=$(run --algorithm "$1" "$D/SymSets.tla")
  echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Invariant Few is violated" &&
    echo "$out" | grep -q "^State 5:" && ! echo "$out" | grep -q "^State 6:"; }
t bmc-sets-functions 'sets bmc'
quick || t kind-sets-functions 'sets kind'
t pdr-sets-proof '[ "$(first --algorithm pdr --config "$D/SymSetsSafe.cfg" "$D/SymSets.tla")" = SAFE ]'
t kind-sets-proof '[ "$(first --algorithm kind --config "$D/SymSetsSafe.cfg" "$D/SymSets.tla")" = SAFE ]'
t inductive-proof 'run --algorithm inductive "$D/Counter.tla" | grep -q "proved for all depths"'
# IC3's inductive invariant as a TLA+ formula over the state variables
t pdr-invariant-tla 'run --algorithm pdr "$D/Counter.tla" | grep -A1 "^Inductive invariant:" | tail -1 | grep -q "(x <= 3)"'
t pdr-deadlock-freedom '[ "$(first --algorithm pdr "$D/Inst.tla")" = SAFE ]'
t bmc-deadlock 'out=$(run --algorithm bmc "$D/Stop.tla"); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Deadlock reached"'
t pdr-deadlock 'out=$(run --algorithm pdr "$D/Stop.tla"); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Deadlock reached"'
# Counter's 4 concrete states repeat (depth 4 = depth 0): proved for all
# depths; without a proof, bounded BMC is no SAFE (bmc-inductive-deadlock)
t bmc-cycle-proof 'run --algorithm bmc "$D/Counter.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
t bmc-bounded-not-safe 'run --algorithm bmc --init InitD --next NextD --inv NonNeg --check-deadlock true "$D/SymStepInd.tla" | head -1 | grep -q "^UNKNOWN (SAFE up to depth 10"'
t bmc-length 'out=$(run --algorithm bmc --length 2 --config "$D/CounterBad.cfg" "$D/Counter.tla"); echo "$out" | head -1 | grep -qx SAFE && echo "$out" | grep -q "at most 2 steps"'
t bmc-length-violation '[ "$(first --algorithm bmc --length 3 --config "$D/CounterBad.cfg" "$D/Counter.tla")" = UNSAFE ]'
t bmc-length-deadlock '[ "$(first --algorithm bmc --length 3 --check-deadlock true "$D/Stop.tla")" = UNSAFE ]'
t bmc-length-no-deadlock '[ "$(first --algorithm bmc --length 2 --check-deadlock true "$D/Stop.tla")" = SAFE ]'
act() { out=$(run --algorithm "$1" "$D/SymActInv.tla")
  echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Invariant Grows is violated" &&
    echo "$out" | grep -q "^State 5:" && ! echo "$out" | grep -q "^State 6:"; }
t bmc-action-invariant 'act bmc'
t pdr-action-invariant 'act pdr'
t pdr-action-invariant-proof '[ "$(first --algorithm pdr --config "$D/SymActInvSafe.cfg" "$D/SymActInv.tla")" = SAFE ]'
t inductive-invariant '[ "$(first --inductive Small "$D/SymInd.tla")" = SAFE ]'
t inductive-cti 'out=$(run --inductive Low "$D/SymInd.tla"); echo "$out" | head -1 | grep -q "^UNKNOWN (Low is not an inductive invariant: it is not preserved" && echo "$out" | grep -q "^State 2:"'
t inductive-not-implying 'first --inductive Even "$D/SymInd.tla" | grep -q "^UNKNOWN (Even is not an inductive invariant: it does not imply"'
t assignment-branch-never-taken '[ "$(first --algorithm pdr "$D/SymAssign.tla")" = SAFE ]'
t assignment-missing-reached 'first --algorithm bmc --config "$D/SymAssignReached.cfg" "$D/SymAssign.tla" | grep -q "^UNKNOWN (.*evaluation error"'
t instance-substitution '[ "$(first --algorithm kind "$D/Inst.tla")" = SAFE ]'
t evaluation-error-bmc 'first --algorithm bmc "$D/SymErr.tla" | grep -q "^UNKNOWN (.*evaluation error"'
t evaluation-error-pdr 'first --algorithm pdr "$D/SymErr.tla" | grep -q "^UNKNOWN"'
# BMC has no layouts: values beyond the sampled states are exact
# (Inv is inductive over the step-wise encoding: proved at the step from depth 1)
t bmc-no-layout 'run --algorithm bmc "$D/SymEscape.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
t layout-escape-pdr 'first --algorithm pdr "$D/SymEscape.tla" | grep -q "^UNKNOWN"'
# a sequence of varying length (symbolic length) assigned to a variable
# whose layout is fixed (every sampled value a pair): it fits when exactly
# the layout's keys are in its domain; proved, its violation found at the
# same depth by each engine, and a value of another domain flagged
t seq-fixed-proof 'run --algorithm inductive --config "$D/SymSeqFixed.cfg" "$D/SymSeqFixed.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths: the 13 reachable states"'
t seq-fixed-pdr '[ "$(first --algorithm pdr --config "$D/SymSeqFixed.cfg" "$D/SymSeqFixed.tla")" = SAFE ]'
seqfix() { out=$(run --algorithm "$1" --config "$D/SymSeqFixedBad.cfg" "$D/SymSeqFixed.tla")
  echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Invariant Bad is violated" &&
    echo "$out" | grep -q "^State 4:" && ! echo "$out" | grep -q "^State 5:"; }
t seq-fixed-violation-bmc 'seqfix bmc'
t seq-fixed-violation-pdr 'seqfix pdr'
t seq-fixed-violation-inductive 'seqfix inductive'
t seq-fixed-escape 'first --algorithm pdr --inv Inv "$D/SymSeqFixedEscape.tla" | grep -q "^UNKNOWN (the symbolic trace reaches an evaluation error or leaves a variable.s layout at step 2"'
# x \in Seq(S) from Seq(S)'s syntax (S's records name a variable: not constant)
t seq-type-proof 'run --algorithm inductive --config "$D/SymSeqType.cfg" "$D/SymSeqType.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths: the 9 reachable states"'
t seq-type-pdr '[ "$(first --algorithm pdr --config "$D/SymSeqType.cfg" "$D/SymSeqType.tla")" = SAFE ]'
t seq-type-violation 'out=$(run --algorithm pdr --config "$D/SymSeqTypeBad.cfg" "$D/SymSeqType.tla"); echo "$out" | head -1 | grep -qx UNSAFE &&
  echo "$out" | grep -q "^State 5:" && ! echo "$out" | grep -q "^State 6:"'
# a sample cut by its base work budget grows with the time left like one
# cut by its base cap of states: every state enumerated, the reach proof
t sample-grown-after-work-cut 'out=$(timeout 40 "$z" --timeout 20 --algorithm inductive --stats --inv Inv "$D/SymHeavySample.tla" 2>&1)
  echo "$out" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths: the 1000 reachable states" &&
    echo "$out" | grep -q "^sample: 1000 states (every reachable state)"'
t unsupported-position '[ "$(first --algorithm bmc "$D/SymUnsup.tla")" = "UNKNOWN (unsupported: user-defined infix operators at $D/SymUnsup.tla:7:9)" ]'

# the arrays encoding: a set of witnesses (symbolic integers) is an SMT array per state
arr() { out=$(run --algorithm bmc --stats "$D/SymArrays.tla")
  echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Invariant Few is violated" &&
    echo "$out" | grep -q "^State 4:" && ! echo "$out" | grep -q "^State 5:" &&
    [ "$(echo "$out" | sed -n 's/^array-sets: //p')" -ge 1 ]; }
t bmc-arrays-violation 'arr'
t bmc-arrays-bounded '[ "$(first --algorithm bmc --length 5 --config "$D/SymArraysSafe.cfg" "$D/SymArrays.tla")" = SAFE ]'
# a subset of Int: an array only; SAFE within the bound, a violation has no TLA+ trace (UNKNOWN)
t bmc-open-set-safe '[ "$(first --algorithm bmc --length 5 "$D/SymOpenSet.tla")" = SAFE ]'
t bmc-open-set-no-trace 'first --algorithm bmc --config "$D/SymOpenSetBad.cfg" "$D/SymOpenSet.tla" | grep -q "^UNKNOWN"'
# sets given by syntax over state (filters of ranges) and constant integer sets as intervals: BMC = explicit
filt() { b=$(first --algorithm bmc "$@"); [ "$b" = UNSAFE ] && [ "$b" = "$(first --algorithm explicit "$@")" ]; }
t bmc-filter-violation 'filt "$D/SymFilter.tla"'
t bmc-filter-bounded '[ "$(first --algorithm bmc --length 8 --config "$D/SymFilterSafe.cfg" "$D/SymFilter.tla")" = SAFE ]'
quick || t bmc-filter-intervals 'filt --length 11 --config "$D/SymFilterSafe.cfg" "$D/SymFilter.tla"'
# integers beyond 64 bits in constant parts (2^100): unbounded terms in BMC; a violation does not decode (UNKNOWN)
t bmc-big-integers '[ "$(first --algorithm bmc --length 4 "$D/SymBig.tla")" = SAFE ] && [ "$(first --algorithm bmc --length 1 --inv NoWrap "$D/SymBig.tla")" = SAFE ]'
t bmc-big-integers-violation 'first --algorithm bmc --length 2 --inv NoWrap "$D/SymBig.tla" | grep -q "^UNKNOWN" && first --algorithm bmc --length 3 --inv Tight "$D/SymBig.tla" | grep -q "^UNKNOWN"'
# a state with 10^10 successor candidates: BMC's sampling of the first states is cut, the run is not
t bmc-wide-step '[ "$(first --algorithm bmc --length 2 "$D/SymWide.tla")" = SAFE ] && [ "$(first --algorithm bmc --length 2 --inv Tiny "$D/SymWide.tla")" = UNSAFE ]'
# a set of records with symbolic fields merged per value (BMC's cells stop growing): the violation
# through Cardinality at depth 4 = explicit's, bounded SAFE; outside the sampled integers: run again, UNSAFE
canon() { out=$(run --algorithm bmc --stats "$@"); [ "$(echo "$out" | sed -n 's/^merged-sets: \([0-9]*\).*/\1/p')" -ge 1 ] && echo "$out"; }
t bmc-merged-records 'out=$(canon "$D/SymCanon.tla") && [ "$(echo "$out" | head -1)" = UNSAFE ] && echo "$out" | grep -q "^State 5:" &&
  ! echo "$out" | grep -q "^State 6:" && [ "$(first --algorithm explicit "$D/SymCanon.tla")" = UNSAFE ] &&
  [ "$(canon --length 8 --config "$D/SymCanonSafe.cfg" "$D/SymCanon.tla" | head -1)" = SAFE ]'
t bmc-merged-window 'out=$(canon "$D/SymCanonWide.tla") && [ "$(echo "$out" | head -1)" = UNSAFE ] && echo "$out" | grep -q "^State 7:" &&
  echo "$out" | grep -q "^merged-sets: .*run again"'
# sequences of varying length (Tail under a parameter), in step mode
t bmc-sequences 'run --algorithm bmc "$D/ParamPrime.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'

# CHOOSE among records with symbolic fields: any qualifying pick (an over-approximation, replayed);
# a deadlock depends on the pick, so BMC asks for every pick and never says "none" when the evaluator's has one
t bmc-choose-records '[ "$(first --algorithm bmc --config "$D/SymChooseRec.cfg" "$D/SymChooseRec.tla")" = UNSAFE ] &&
  first --algorithm bmc --config "$D/SymChooseRecSafe.cfg" "$D/SymChooseRec.tla" | grep -q "^UNKNOWN (SAFE up to depth 10"'
chdead() { e=$(first --algorithm explicit --check-deadlock true "$@"); b=$(first --algorithm bmc --check-deadlock true "$@")
  [ "$b" = "$e" ] || { [ "$e" = SAFE ] && echo "$b" | grep -q "^UNKNOWN"; } ||
    { [ "$e" = UNSAFE ] && echo "$b" | grep -q "^UNKNOWN" && ! echo "$b" | grep -q "^UNKNOWN (SAFE up to"; }; }
t bmc-choose-records-deadlock 'chdead "$D/SymChooseDead1.tla" && chdead "$D/SymChooseDead2.tla"'
# with --length (Apalache's deadlock: no execution of N steps), a path through such picks is no evidence
t bmc-choose-records-length 'chdead --length 3 "$D/SymChooseDead2.tla" && chdead --length 3 "$D/SymChooseDead1.tla"'

# recursive functions over SUBSET of a set over state (PaxosCommit's Maximum): unfolded per subset of its
# concrete elements (was "unsupported: recursion"); violations at the explicit engine's depths, CHOOSE's
# pick as TLC's (AccNot: depth 5), a proof by the layouts' engines; a function whose domain has an element twice
rsub() { run --config "$D/SymRecSubset.cfg" "$@" "$D/SymRecSubset.tla"; }
rsub_depth() { out=$(rsub --algorithm bmc --length 6 --inv "$1"); echo "$out" | head -1 | grep -qx UNSAFE &&
  echo "$out" | grep -q "Invariant $1 is violated" && echo "$out" | grep -q "^State $2:" && ! echo "$out" | grep -q "^State $(($2 + 1)):"; }
t bmc-recursive-subset '[ "$(rsub --algorithm bmc --length 5 | head -1)" = SAFE ] && rsub_depth TopBelow2 3 && rsub_depth AccNot 6'
t pdr-recursive-subset '[ "$(rsub --algorithm pdr | head -1)" = SAFE ]'
t bmc-fun-domain-twice '[ "$(rsub --algorithm bmc --length 4 --next Grow --inv DblOK | head -1)" = SAFE ]'

# the replay tries BMC's witnesses first: a step that is the last of 10^10 pairs in TLC's order replays at once
t bmc-replay-hints '[ "$(timeout 30 "$z" --timeout 15 --algorithm bmc --length 1 "$D/SymHint.tla" 2>&1 | head -1)" = UNSAFE ]'

# BMC's inductive check of a step (tla_bmc.c inductive_step): a proof only
# when the invariant is inductive over a state structure covering the next
# one and no state of it deadlocks (TLC); with --length and Apalache's
# deadlock the executions are still asked up to the bound
si() { run --algorithm bmc "$@" "$D/SymStepInd.tla"; }
t bmc-inductive-proof 'si --init InitP --next NextP --inv Sum | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths: the invariants hold up to depth 0 "'
t bmc-inductive-bounded 'out=$(si --init InitP --next NextP --inv Sum --length 4); echo "$out" | head -1 | grep -qx SAFE && echo "$out" | grep -q "at most 4 steps" && echo "$out" | grep -q "proved for all depths"'
t bmc-inductive-cover 'out=$(si --init InitC --next NextC --inv Low); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "^State 6:" && ! echo "$out" | grep -q "^State 7:"'
t bmc-inductive-deadlock 'si --init InitD --next NextD --inv NonNeg --check-deadlock true | head -1 | grep -q "^UNKNOWN (SAFE up to depth 10" &&
  si --init InitD --next NextD --inv NonNeg --check-deadlock false | head -1 | grep -qx SAFE'
t bmc-inductive-period 'si --init InitA --next NextA --inv InRange --check-deadlock true | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
t bmc-inductive-streak 'si --init InitB --next NextB --inv Below7 --check-deadlock true | head -1 | grep -q "^UNKNOWN (SAFE up to depth 10" &&
  [ "$(si --init InitB --next NextB --inv Below7 --check-deadlock false --length 12 | head -1)" = UNSAFE ]'
t inductive-by-bmc 'run --algorithm inductive --init InitP --next NextI --inv Sum "$D/SymStepInd.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths: the invariants hold up to depth 0 "'
# facts strengthening the relative checks (tla_bmc.c `facts`): Consistent
# is not inductive, facts over two literals make it so (no facts: SAFE up
# to depth 10); a fact the sample satisfies but a step falsifies is dropped
# (used unproved, SymFactsLate's NotHi would be "proved")
t bmc-facts-proof 'run --algorithm bmc "$D/SymFacts.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
t bmc-facts-dropped 'out=$(run --algorithm bmc "$D/SymFactsLate.tla"); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "^State 3:" && ! echo "$out" | grep -q "^State 4:"'
# counting facts (sent + #idle <= 4): proved before use; without them no proof; one the sample holds but a step falsifies is dropped
t bmc-count-proof 'run --algorithm bmc "$D/SymCount.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
t bmc-count-leak 'out=$(run --algorithm bmc --next NextLeak "$D/SymCount.tla"); echo "$out" | head -1 | grep -qx UNSAFE'
t bmc-count-dropped 'run --algorithm bmc "$D/SymCountLate.tla" | head -1 | grep -q "^UNKNOWN (SAFE up to depth 10" &&
  { out=$(run --algorithm bmc --length 14 "$D/SymCountLate.tla"); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "^State 14:"; }'
# the counting facts' run starts as soon as the first run can prove nothing
# any more (its counterexamples to induction repeat), and then it is the BMC
# run: its proof, its bound, its violation (SymCountLate at depth 14)
t bmc-count-early 'out=$(run --algorithm bmc --stats "$D/SymCount.tla"); echo "$out" | head -2 | tr "\n" " " | grep -q "^SAFE (proved for all depths" &&
  echo "$out" | grep -q "^facts: .*the first stopped at depth [1-5])"'
t bmc-count-early-violation 'out=$(run --algorithm bmc --stats --length 14 "$D/SymCountLate.tla"); echo "$out" | head -1 | grep -qx UNSAFE &&
  echo "$out" | grep -q "^State 14:" && echo "$out" | grep -q "^facts: .*the first stopped at depth" &&
  echo "$out" | grep -q "^path-known: [1-9] depths"'
# the counting facts' run asserts the first run's path answers (depths 0..2
# of --length 2: no violation, no evaluation error) instead of asking them
# again, and proves from them; beyond them it asks (the violation above)
t bmc-path-known 'out=$(run --algorithm bmc --stats --length 2 "$D/SymCount.tla"); echo "$out" | head -1 | grep -qx SAFE &&
  echo "$out" | grep -q "^path-known: 3 depths" && echo "$out" | grep -q "^facts: .*(second run, with the counting facts)"'
# --algorithm inductive's BMC stage needs a proof only: its runs stop as
# soon as they cannot prove any more (SymCountLate at depth 3 of 12), IC3
# gets the time and finds the violation at depth 13
t inductive-stage-stops 'out=$(run --algorithm inductive --stats "$D/SymCountLate.tla"); echo "$out" | head -1 | grep -qx UNSAFE &&
  echo "$out" | grep -q "^bmc-stage: no proof, depth [0-9] (stopped"'
# "is a set" literals (temp a string at "wait", a set at "scan"): the
# step's evaluation errors excluded relative to pc = "scan" => temp is a
# set, proved; one the sample holds but a step falsifies 12 steps after
# Init (temp = "odd") is dropped (used unproved: a wrong SAFE for all depths)
t bmc-kind-proof 'run --algorithm bmc "$D/SymKind.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
t bmc-kind-dropped 'run --algorithm bmc --config "$D/SymKindLate.cfg" "$D/SymKind.tla" | head -1 | grep -q "^UNKNOWN (SAFE up to depth 10" &&
  run --algorithm bmc --length 13 --config "$D/SymKindLate.cfg" "$D/SymKind.tla" | head -1 | grep -q "evaluation error is reachable from a state at depth 12"'
# Houdini's rounds: the successors of a counterexample state that satisfy
# the depth's hypothesis are counterexample states too, and their successors
# drop candidates as well (nbacg_guer01: 3-22 a run; none without them)
quick || t bmc-houdini-explored 'out=$(run --algorithm bmc --stats "$B/nbacg_guer01/nbacg_guer01.yml"); echo "$out" | head -1 | grep -qx SAFE &&
  echo "$out" | grep -q "^houdini: .* by their successors, [1-9][0-9]* by states explored"'
# membership clauses (pc[i] = "Li4b" /\ pc[j] = "Li4b" => j \in temp[i] \/
# i \in temp[j]) and membership literals false on a scalar (temp[p] =
# defaultInitValue in Init): without either, dijkstra-mutex has no proof
quick || t bmc-member-clauses 'run --algorithm bmc "$B/dijkstra-mutex/MC.yml" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
# the sums keep their room when the literals' pairs would fill the cap
# (202 literals of can.black/can.white): black + white <= 100 proves it
quick || t bmc-sums-room 'run --algorithm bmc "$B/CoffeeCan/CoffeeCan100Beans.yml" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
# a counting sum the sample bounds too tightly at Init (20000 of Init's
# 500500 states) widened to Init's maximum by the solver: black + white <= 1000
quick || t bmc-sums-widened 'run --algorithm bmc "$B/CoffeeCan/CoffeeCan1000Beans.yml" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
# the layouts' engines say their sample too (Counter's 4 states: all)
t pdr-sample-stat 'run --algorithm pdr --stats "$D/Counter.tla" | grep -q "^sample: 4 states (every reachable state)$"'
# the layout sample is cut by evaluation steps, never by the clock: the
# same states in every run (under load a wall-clock cut left dijkstra-mutex
# a smaller sample and no proof in 2 of 3 runs)
sample_work() { run --algorithm bmc --length 2 --stats "$D/SymSampleWork.tla" | grep "^sample:"; }
quick || t bmc-sample-work 'a=$(sample_work); b=$(sample_work); echo "$a" | grep -q "states (cut by its work budget)" && [ "$a" = "$b" ]'
# --algorithm inductive with --length and Apalache's deadlock where the
# sample enumerated every state (2094): the reach proof without a BMC stage
# first (since session 24 it costs less than the stage), its proof for all
# depths with TLC's deadlock answers the bounded task
t inductive-length-reach 'out=$(run --algorithm inductive --stats "$B/MisraReachability/APParReach.yml");
  echo "$out" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths: the 2094 reachable states" && ! echo "$out" | grep -q "^bmc-stage"'
# the reach proof folds Trans per state incrementally (term_inc) and decides
# the successors by their values: Disruptor_SPMC's 8839 states in about a
# second of CPU (a timeout at 20 s under load before session 24)
quick || t inductive-reach-disruptor 'run --algorithm inductive "$B/Disruptor/Disruptor_SPMC.yml" | head -2 | tr "\\n" " " |
  grep -q "^SAFE (proved for all depths: the 8839 reachable states"'
# --algorithm inductive where the layouts fail (a function whose domain is
# over state): the BMC stage is the last one and gets all of the time
# (CoffeeCan1000Beans, whose layouts fail on a set of 10^6 records: 6-7 s
# CPU, and with half of the time its counting run was cut at load 7, 20 s
# and 30 s)
t inductive-last-stage 'run --algorithm inductive --stats "$D/SymLayoutStage.tla" | grep -q "^bmc-stage: proved (the last stage: all of the time)"'
# ENABLED inside an action in the layouts (the next state's leaves
# quantified, exactly): IC3 and k-induction answer as the explicit engine,
# a violation only through ~ENABLED (two Resets) and a proof that an
# ENABLED too weak would break
en() { run --algorithm "$1" --config "$D/$2.cfg" "$D/SymEnabledLayout.tla" | head -1; }
for a in pdr kind inductive; do
  t "$a-enabled-layout" '[ "$(en $a SymEnabledLayout)" = UNSAFE ] && [ "$(en $a SymEnabledLayoutSafe)" = SAFE ] &&
    [ "$(en explicit SymEnabledLayout)" = UNSAFE ] && [ "$(en explicit SymEnabledLayoutSafe)" = SAFE ]'
done
t pdr-enabled-proof '[ "$(first --algorithm pdr "$D/SymEnabledStage.tla")" = SAFE ]'
# ENABLED of a choice (x' \in {x + 1, x + 2} /\ x' <= 3: eliminated by
# distributing the choice; IC3 timed out on the quantifier left before),
# of a disjunction of actions and of an \E over a set variable
mix() { run --algorithm "$1" --config "$D/$2.cfg" "$D/SymEnabledMix.tla" | head -1; }
t pdr-enabled-mix '[ "$(mix pdr SymEnabledMix)" = UNSAFE ] && [ "$(mix pdr SymEnabledMixSafe)" = SAFE ] &&
  [ "$(mix explicit SymEnabledMix)" = UNSAFE ] && [ "$(mix explicit SymEnabledMixSafe)" = SAFE ]'
# ENABLED in state predicates (invariants, a constraint) in the layouts:
# each engine answers as the explicit engine (exact ENABLED: FlipExact; a
# violation only through ENABLED: NeverFlip; a state left out by an ENABLED
# constraint: NotThreeOne), and an invariant ENABLED A is a state
# invariant (EnabledInit: violated in the initial state only)
einv() { run --algorithm "$1" --config "$D/$2.cfg" "$D/SymEnabledInv.tla" | head -1; }
for a in pdr kind inductive bmc; do
  t "$a-enabled-invariant" '[ "$(einv $a SymEnabledInv)" = SAFE ] && [ "$(einv $a SymEnabledInvBad)" = UNSAFE ] &&
    [ "$(einv $a SymEnabledInvCons)" = SAFE ] && [ "$(einv $a SymEnabledInvNoCons)" = UNSAFE ] &&
    [ "$(first --algorithm $a "$D/SymEnabledInit.tla")" = UNSAFE ]'
done
t explicit-enabled-invariant '[ "$(einv explicit SymEnabledInv)" = SAFE ] && [ "$(einv explicit SymEnabledInvBad)" = UNSAFE ] &&
  [ "$(einv explicit SymEnabledInvCons)" = SAFE ] && [ "$(einv explicit SymEnabledInvNoCons)" = UNSAFE ] &&
  [ "$(first --algorithm explicit "$D/SymEnabledInit.tla")" = UNSAFE ]'
# --algorithm inductive with --length and Apalache's deadlock where the
# layouts fail: the BMC stage proves TLC's deadlock freedom (so executions
# of every length exist) and the invariants for all depths; a TLC deadlock
# at depth 0 (Apalache's notion holds there) is no such proof (SymLenDeadStage:
# Fix365_ExistsSubset3 with `^` the layouts reject; since session 25 the
# layouts take Fix365 itself, whose 4 states the reach proof checks, no stage)
t inductive-length-deadlock 'run --algorithm inductive "$B/apalache/letpoly.yml" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths" &&
  ! run --algorithm inductive --length 10 --check-deadlock true "$D/SymLenDeadStage.tla" | head -1 | grep -q "^SAFE" &&
  { out=$(run --algorithm inductive --stats "$B/apalache/Fix365_ExistsSubset3.yml"); ! echo "$out" | grep -q "^bmc-stage"; } &&
  echo "$out" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths: the 4 reachable states"'
# --algorithm inductive: no step-wise BMC first where the sample enumerated
# every state (4199 here): the reach proof (0.45 s CPU since session 24,
# the stage's proof 0.55)
quick || t inductive-reach-first 'run --algorithm inductive "$B/byihive/VoucherCancel.yml" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths: the 4199 reachable states"'
# --algorithm inductive: IC3 until an eighth of the time is left, then
# k-induction (IC3 kept its time until the deadline, so k-induction never
# ran: APACP_SB, sample cut, IC3 "solver" at the deadline, 2-inductive)
# at 24 s: k-induction's eighth is 3 s (its proof takes 0.1 s CPU); at 16 s
# it failed once in session 25's make check (not reproduced, 2 s left)
quick || t inductive-kind-share 'run --algorithm inductive --timeout 24 "$B/acp/APACP_SB.yml" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths: 2-induction)"'
quick || t bmc-facts-voucher 'run --algorithm bmc "$B/byihive/VoucherCancel.yml" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
t bmc-inductive-paths '[ "$(si --init InitD --next NextStop --inv NonNeg --check-deadlock true --length 5 | head -1)" = UNSAFE ] &&
  [ "$(si --init InitD --next NextStop --inv NonNeg --check-deadlock true --length 2 | head -1)" = SAFE ]'

# TLC's deadlock by refinement (candidate state, one enabling witness blocked per round): found at depth 4, none with NextLoop
dr() { run --algorithm bmc --init Init --next "$1" --inv TypeOK --check-deadlock true "$D/SymDeadRounds.tla"; }
t bmc-deadlock-rounds 'out=$(dr Next); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "^State 5:" && ! echo "$out" | grep -q "^State 6:" &&
  dr NextLoop | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
t bmc-deadlock-rounds-strings 'run --algorithm bmc --init InitS --next NextS --inv TypeOK --check-deadlock true "$D/SymDeadRounds.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'

# sequences of varying length in the TS engines' layout (length leaf + positions): proof, violation, escape
sq() { run --algorithm "$1" --init Init --next "$2" --inv "$3" "$D/SymSeqLayout.tla"; }
t seq-layout-proof '[ "$(sq pdr NextShort Bounded | head -1)" = SAFE ]'
t seq-layout-violation 'out=$(sq kind NextShort Tight); echo "$out" | head -1 | grep -qx UNSAFE &&
  echo "$out" | grep -q "q = <<0, 1>>" && ! echo "$out" | grep -q "^State 4:"'
t seq-layout-escape 'sq pdr NextWide NonNeg | head -1 | grep -q "^UNKNOWN (the symbolic trace .* leaves a variable.s layout"'
# the enumerated reachable states as an inductive invariant (a union layout's
# cubes by the encoding's equality); a violation or a deadlock is no proof
rc() { run --algorithm inductive --config "$D/SymReach.cfg" "$@" "$D/SymReach.tla"; }
# (without a deadline the reach proof comes first; with one IC3 has a quarter first)
t reach-proof 'timeout 40 "$z" --algorithm inductive --config "$D/SymReach.cfg" --inv Inv "$D/SymReach.tla" 2>&1 |
  grep -q "^(proved for all depths: the 7 reachable states, enumerated"'
t reach-violation 'out=$(rc --inv Low); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Invariant Low is violated"'
t reach-deadlock 'out=$(rc --next NextDead --inv Inv); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "^Deadlock reached"'
# the sample up to the SYMMETRY when the plain one is cut (Paxos: 48514
# states, 1207 orbits): the reach proof over the orbits' representatives
# (with no BMC stage before a complete sample's reach proof: that proof)
# SymOrbitsWide: 371293 states, more than the grown cap at --timeout 3
# (~285,000 since session 42: the base part's measured 0.0011 ms a state
# and the proof's 0.008 within 0.875 of the time; it was 350,000 at
# --timeout 14, TLA_REACH_SECONDS_PER_STATE 0.03 ms), which is cut; the
# sample up to the symmetry proves it (1.2-1.5 s CPU, 1.8-2.9 s wall at
# load 3-6; the samples get half of the time: load-sensitive, so up to two
# more tries after a miss; a higher timeout admits the 371293 states). Not
# under the sanitizers (4-5 s CPU there: test_reach_symmetry covers the
# mechanism); was SymOrbits at --timeout 2, cut in the ASan build beside
# another part.
# The check is about which samples run, not speed: as root (CI) the run
# gets a higher priority than the tests beside it (a CI run at load 4 missed
# all three tries at the default priority).
sym_pri=; [ "$(id -u)" = 0 ] && sym_pri="nice -n -10"
sym_small() { timeout 40 $sym_pri "$z" --timeout 3 --algorithm inductive "$D/SymOrbitsWide.tla" 2>&1 | head -2 | tr "\\n" " " |
  grep -q "^SAFE (proved for all depths: the 6188 reachable states up to the SYMMETRY"; }
quick || t reach-symmetry-small 'sym_small || sym_small || sym_small'
# the grown cap from the measured rates (session 42): at --timeout 14 the
# same model's 371293 states are admitted (~1.3 M at its 0.0011 ms a state;
# 350,000 at the old constant 0.03 ms cut it) and proved (0.75 + 1.6 s CPU)
quick || t reach-grown-measured 'timeout 40 "$z" --timeout 14 --algorithm inductive --stats "$D/SymOrbitsWide.tla" 2>&1 | tr "\\n" " " |
  grep -q "^SAFE (proved for all depths: the 371293 reachable states, enumerated.*sample: 371293 states (every reachable state)"'
# the sample's cap grown with the time left (inductive): SymOrbits without
# its SYMMETRY, 32768 states (more than the base cap of 30000), enumerated
# and proved by the reach proof (the base cap: the BMC stage's proof)
t reach-grown-cap 'run --algorithm inductive --stats --config "$D/SymOrbitsPlain.cfg" "$D/SymOrbits.tla" | tr "\\n" " " |
  grep -q "^SAFE (proved for all depths: the 32768 reachable states, enumerated.*sample: 32768 states (every reachable state)"'
# (4 s CPU: 60 s for heavy load)
quick || t reach-symmetry 'timeout 90 "$z" --timeout 60 --algorithm inductive "$B/SimplifiedFastPaxos/Paxos.yml" 2>&1 | head -2 | tr "\\n" " " |
  grep -q "^SAFE (proved for all depths: the 1207 reachable states up to the SYMMETRY"'
t seq-layout-length '[ "$(run --algorithm pdr --init InitSet --next NextSame --inv LenRange "$D/SymSeqLayout.tla" | head -1)" = SAFE ]'

# a variable holding a string or an integer (one layout per class; `x \in 1..2` over it crashed)
un() { run --algorithm "$1" --init Init --next Next --inv "$2" "$D/SymUnionLayout.tla"; }
t union-layout-proof '[ "$(un pdr Typed | head -1)" = SAFE ] && [ "$(un kind Typed | head -1)" = SAFE ]'
t union-layout-violation 'out=$(un pdr Small); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "x = 2" && ! echo "$out" | grep -q "^State 4:"'

t union-apply-unchanged '[ "$(first --algorithm pdr "$D/SymUnionApply.tla")" = SAFE ] && [ "$(first --algorithm kind "$D/SymUnionApply.tla")" = SAFE ]'
# records of several shapes (a domain leaf per field seen)
rs() { run --algorithm "$1" --init Init --next Next --inv "$2" "$D/SymRecordShapes.tla"; }
t record-shapes-proof '[ "$(rs pdr Typed | head -1)" = SAFE ]'
t record-shapes-violation 'out=$(rs kind NoWrite); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "val |-> 2" && ! echo "$out" | grep -q "^State 4:"'

# session 25: a choice from SUBSET of a record set written lazily, layouts
# from the type's universe (was: "a choice from a set whose elements do not fit")
t subset-records-layout 'run --algorithm pdr "$D/SymSubsetRecords.tla" | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
# a comparison with a finite record set written lazily, by its elements (an infinite one unsupported, with its position)
le() { c=$1; shift; run --algorithm pdr --config "$D/$c.cfg" "$@" "$D/SymLazyEq.tla"; }
t lazy-set-compare '[ "$(le SymLazyEq | head -1)" = SAFE ] && out=$(le SymLazyEqBad) && echo "$out" | head -1 | grep -qx UNSAFE &&
  echo "$out" | grep -q "Invariant NotDone is violated" && le SymLazyEq --inv NotAll | head -1 | grep -q "^UNKNOWN (unsupported: comparison with an infinite set .*SymLazyEq.tla:13:11)"'
# the layouts' constants within a work budget: a filter over 10^6 records fails them early, with its position
t layout-const-budget 'first --algorithm pdr "$D/SymConstBudget.tla" | grep -q "^UNKNOWN (unsupported: a constant whose evaluation exceeds the layouts. work budget at .*SymConstBudget.tla:9:17)"'
# trace invariants over hist[1] and hist[Len(hist)] (a copy of the initial state): proof, violation, other uses unsupported
tri() { run --algorithm pdr --length 10 --inv "$1" "$D/SymTraceInv.tla"; }
t trace-invariant-proof 'tri TraceInv | head -2 | tr "\\n" " " | grep -q "^SAFE (proved for all depths"'
t trace-invariant-violation 'out=$(tri BuggyTraceInv); echo "$out" | head -1 | grep -qx UNSAFE && echo "$out" | grep -q "Invariant BuggyTraceInv is violated"'
t trace-invariant-other-use 'tri ShortTraceInv | head -1 | grep -q "^UNKNOWN (unsupported: a trace invariant.s history used other than as hist\[1\] and hist\[Len(hist)\] at .*SymTraceInv.tla:17:28)" &&
  run --algorithm pdr --length 5 --inv TraceInv "$D/SymTraceInvLen.tla" | head -1 | grep -q "^UNKNOWN (unsupported: a trace invariant.s history"'
# a counterexample longer than --length: a violation beyond the bound only when replayed (was said of any)
t beyond-length-replayed 'first --algorithm pdr --length 1 --config "$D/CounterBad.cfg" "$D/Counter.tla" | grep -q "^UNKNOWN (a violation beyond the bound of --length, at depth 3 (replayed"'
t beyond-length-escape 'run --algorithm pdr --init Init --next NextWide --inv NonNeg --length 2 "$D/SymSeqLayout.tla" | head -1 |
  grep -q "^UNKNOWN (a counterexample beyond the bound of --length leaves a variable.s layout"'

# shared models: BMC agrees with the explicit engine (bound: the task's length, else 10)
if [ -d "$B" ]; then
  for task in $(quick_subset DieHard/DieHard apalache/EWD840 apalache/Invariants-StateInv \
      apalache/y2k_instance-Safety-len19 SpanningTree/SpanTreeRandom \
      apalache/MC3_TwoPhaseUFO barriers/APBarrier glowingRaccoon/APclean nbacg_guer01/APnbacg_guer01 \
      SpecifyingSystems-FIFO/APInnerFIFO apalache/Invariants-BuggyTraceInv apalache/Callback \
      SpecifyingSystems-CachingMemory/MCInternalMemory apalache/RecordExcept987 \
      apalache/Counter-Inv-len10); do
    y=$B/$task.yml
    [ -f "$y" ] || continue
    b=$(first --algorithm bmc "$y")
    # Counter-Inv-len10: Int ranges of 100000 values, beyond the explicit engine; BMC finds the violation
    [ "$task" = apalache/Counter-Inv-len10 ] && { t bmc-beyond-explicit-$task '[ "$b" = UNSAFE ]'; continue; }
    e=$(first --algorithm explicit "$y" | cut -d' ' -f1)
    case $e in SAFE | UNSAFE) ;; *) echo "FAIL tla-sym/agree-$task (explicit: $e)"; continue ;; esac
    # BMC may stop short of SAFE (bounded, no length): then it says so
    if [ "$b" = "$e" ] || { [ "$e" = SAFE ] && echo "$b" | grep -q "^UNKNOWN (SAFE up to depth"; }; then
      echo "PASS tla-sym/agree-$task"
    else
      echo "FAIL tla-sym/agree-$task (explicit $e, bmc $b)"
    fi
  done
  # Paxos's messages (records of four kinds, a CHOOSE of the greatest ballot):
  # 7 steps in 3-4 s CPU (before session 35: depth 7 after 60 s CPU)
  [ -f "$B/SimplifiedFastPaxos/Paxos.yml" ] &&
    t bmc-paxos-length7 '[ "$(first --algorithm bmc --length 7 "$B/SimplifiedFastPaxos/Paxos.yml")" = SAFE ]'
  # the path queries split by the relative step (tla_bmc.c `residual`): the invariants' disjuncts that
  # the step from the invariants refutes are not asked on the path (4 of 92 asked; 0.7 s CPU; before
  # session 38 no split: no such stat); in 3 solver rounds (session 39: the first round from the
  # relative check's model, depth 5 seeded by depth 4's answer in 1 round; before: 6 rounds, no such
  # field)
  [ -f "$B/MultiCarElevator/ElevatorSafetySmall.yml" ] &&
    t bmc-path-split 'out=$(run --algorithm bmc --length 5 --stats "$B/MultiCarElevator/ElevatorSafetySmall.yml");
      echo "$out" | head -1 | grep -qx SAFE &&
      echo "$out" | awk "/^path-split:/ { ok = \$5 > 0 && \$5 < \$7 && \$16 > 0 && \$16 <= 4 } END { exit !ok }"'
  # PaxosCommit's Maximum (a recursive function over SUBSET of a set of messages' ballots) and its
  # CHOOSE m \in mset : m.bal = maxbal over messages merged per value: 5 steps in ~2 s CPU (ASan ~6 s;
  # 10 steps ~11 s), was "unsupported: recursion"
  quick || { [ -f "$B/transaction_commit/PaxosCommit.yml" ] &&
    t bmc-paxoscommit-length5 '[ "$(first --algorithm bmc --length 5 "$B/transaction_commit/PaxosCommit.yml")" = SAFE ]'; }
  # element facts (tla_cand.elem: "\A e \in msgs : e.type = "phase1a" => e.bal = 1", of aState's values
  # too) proved in their own tier make PaxosCommit's invariants inductive from depth 7: proved for all
  # depths by the first run, ~2.6 s CPU (session 39; before: SAFE up to depth 10 only, ~11 s, no
  # element facts)
  quick || { [ -f "$B/transaction_commit/PaxosCommit.yml" ] &&
    t bmc-paxoscommit-elem-facts 'out=$(run --algorithm bmc --length 10 --stats "$B/transaction_commit/PaxosCommit.yml");
      echo "$out" | head -1 | grep -qx SAFE && echo "$out" | grep -q "^(proved for all depths" &&
      echo "$out" | grep -Eq "^facts: .*proved at the last depth \([1-9][0-9]* element facts\)"'; }
  # proofs for all depths of shared models (symbolic integer ranges as quantifier domains)
  quick || for task in ewd840/EWD840 glowingRaccoon/clean transaction_commit/TwoPhase; do
    [ -f "$B/$task.yml" ] && t "inductive-$task" '[ "$(first --algorithm inductive "$B/$task.yml")" = SAFE ]'
  done
fi
