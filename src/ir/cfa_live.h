/* Live variables of a CFA: a variable is live at a location when some
 * path from there reads it before writing it. Used to keep analyses to
 * the variables that matter at a location (the `nondet!N` call-site
 * variables and inlined parameters are dead almost everywhere). */
#ifndef ZETA_IR_CFA_LIVE_H
#define ZETA_IR_CFA_LIVE_H
#include "ir/cfa.h"

/* live[l * c->vars.size + i] (malloc'd): variable i is live at location
 * l. The error location reads nothing; edges with procedure calls read
 * every variable. */
bool *cfa_live_vars(const cfa *c);
/* set[nvars] := the variables live before st[0..n) given those live after
 * it; at_choice (may be NULL) sees each choice met with the set live after
 * it, innermost choices included. */
void cfa_live_back(const cfa *c, const cfa_stmt *st, uint32_t n, bool *set,
                   void (*at_choice)(const cfa_stmt *s, const bool *after, void *ctx), void *ctx);
#endif
