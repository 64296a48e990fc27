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
show "A C program (SV-COMP style): a safe loop" counter.c
show "An unsafe C program: the counterexample ran as a compiled program (LP64, which every x86-64 kernel runs) before it was printed" checked-sum.c --data-model LP64
show "A recursive program with procedures (CFA language), Horn-clause summaries" pds/primality.cfa
show "TLA+ with its TLC configuration, explicit-state search" Bank.tla
show "A Solidity contract: the transaction sequence that breaks its assertion" Vault.sol
show "The same answer as one JSON object" overflow.cfa --json
exit 0
