/* Bit-level IC3/PDR directly on an and-inverter graph (Bradley's IC3 with
 * the implementation choices of Een, Mishchenko and Brayton: one solver
 * with activation literals per frame, delta-encoded frames, unsat-core
 * reduction and literal dropping for blocked cubes, lemma pushing). The
 * circuit is encoded once (Tseitin, gate by gate) into zeta's own CDCL
 * solver (solver/sat.h): the queries are many and tiny, too many for a
 * round trip through an SMT solver.
 *
 * Invariant constraints are asserted in every query (they hold in every
 * state of a counterexample). The result is expressed over the transition
 * system of aig_to_ts (ts.vars = latches, ts.inputs = inputs): an UNSAFE
 * trace replays with aig_simulate, a SAFE invariant is a conjunction of
 * clauses over the latch variables. */
#ifndef ZETA_ENGINE_AIG_IC3_H
#define ZETA_ENGINE_AIG_IC3_H
#include "engine/ts_engine.h"
#include "lang/hw/aig.h"

zeta_verdict aig_ic3_run(const aig *g, uint32_t prop, const ts *sys, const ts_engine_opts *o, ts_result *r);
#endif
