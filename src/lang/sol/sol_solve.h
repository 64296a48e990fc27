/* The Solidity portfolio on normalized Horn clauses. */
#ifndef ZETA_LANG_SOL_SOLVE_H
#define ZETA_LANG_SOL_SOLVE_H
#include "core/limits.h"
#include "core/options.h"
#include "engine/chc_engine.h"
#include "ir/chc.h"

void sol_solve(const chc_system *norm, const zeta_options *o, const zeta_limits *lim, chc_result *r);
#endif
