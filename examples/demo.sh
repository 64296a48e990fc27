#!/usr/bin/env bash
# Runs zeta on the bundled examples and shows what it answers.
zeta=$(realpath "${1:-build/zeta}")
cd "$(dirname "$0")"
show() {  # description, then the command
  local what=$1; shift
  printf '\n== %s\n$ zeta %s\n' "$what" "$*"
  "$zeta" "$@" 2>&1 | head -n 25
}
show "CFA, CEGAR with predicate abstraction: a safe mutex loop" mutex.cfa --invariant
show "CFA with bit-vectors: an unsafe wrap-around, with its replayed counterexample" overflow.cfa
show "Horn clauses (CHC-COMP): sat means safe" sum.smt2 --model
show "SMT-LIB script through the solver layer, with sequence interpolants" smt interpolants.smt2
show "Petri net with an inhibitor arc, MCC reachability queries" inhibitor.pnml --formula inhibitor-queries.xml --witness
show "An AIGER circuit: the HWMCC witness of a counterexample" toggle.aag --format hwmcc
show "The same answer as one JSON object" overflow.cfa --json
exit 0
