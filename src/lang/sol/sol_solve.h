/* The Solidity portfolio on normalized Horn clauses. */
#ifndef ZETA_LANG_SOL_SOLVE_H
#define ZETA_LANG_SOL_SOLVE_H
#include "core/limits.h"
#include "core/options.h"
#include "engine/chc_engine.h"
#include "ir/chc.h"

void sol_solve(const chc_system *norm, const zeta_options *o, const zeta_limits *lim, chc_result *r);
/* The same; for a non-linear system also bounded model checking on its
 * calls unfolded (ir/chc_unfold.h) into *unf: returns true when r's
 * derivation is over *unf (which the caller then frees), else *unf is
 * empty. */
bool sol_solve_unfolding(const chc_system *norm, const zeta_options *o, const zeta_limits *lim, chc_result *r, chc_system *unf);
#endif
