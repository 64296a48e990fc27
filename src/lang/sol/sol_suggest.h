/* Suggested loop invariants: the Horn engines' interpretation of a loop
 * head printed as a Solidity annotation (a `note:` line). */
#ifndef ZETA_LANG_SOL_SUGGEST_H
#define ZETA_LANG_SOL_SUGGEST_H
#include <stdio.h>
#include "lang/sol/sol_lower.h"

/* For each loop head with a nontrivial interpretation in interp (a checked
 * model of sys): "note: FILE:L:C: suggested loop invariant ... /// @notice
 * invariant E" with E the conjuncts over named variables. */
void sol_suggest(FILE *out, const char *file, const chc_system *sys, const term_t *interp, const sol_head *heads, uint32_t nheads);
#endif
