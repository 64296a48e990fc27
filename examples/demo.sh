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
show "Petri net with an inhibitor arc, MCC reachability queries" \
     ../../shared/benchmarks/petri/seed-fig110-inhibitor.pnml \
     --formula ../../shared/benchmarks/petri/seed-fig110-inhibitor-00.xml --witness
exit 0
