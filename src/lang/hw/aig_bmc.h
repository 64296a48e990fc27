/* Bit-level BMC directly on an and-inverter graph: the circuit unrolled
 * frame by frame into zeta's CDCL solver (solver/sat.h), the bad literal
 * of each frame checked under an assumption. Finds counterexamples and
 * never claims SAFE (a reached --bound is UNKNOWN), unless `induction`:
 * then a second unrolling from an arbitrary state checks the induction
 * step after each depth (k-induction without simple-path constraints;
 * SAFE with r->k = k when k states without bad are always followed by
 * one, and none is reachable within k-1 steps). The trace is expressed over the transition system of aig_to_ts and made
 * concrete by simulation from the solver's initial state and inputs. */
#ifndef ZETA_ENGINE_AIG_BMC_H
#define ZETA_ENGINE_AIG_BMC_H
#include "engine/ts_engine.h"
#include "lang/hw/aig.h"

zeta_verdict aig_bmc_run(const aig *g, uint32_t prop, const ts *sys, const ts_engine_opts *o, bool induction,
                         ts_result *r);
#endif
