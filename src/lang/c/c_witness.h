/* SV-COMP witnesses, format 2.0 (YAML): a violation_sequence from a
 * replayed counterexample (assumption waypoints with the nondet values,
 * branching waypoints with the decisions, the target call), an
 * invariant_set from a SAFE answer's invariant, and the
 * metadata the format requires (producer, SHA-256 of the program, data
 * model, specification). */
#ifndef ZETA_LANG_C_WITNESS_H
#define ZETA_LANG_C_WITNESS_H
#include "lang/c/c_replay.h"

/* The witness text (malloc'd), or NULL when the program cannot be read. */
char *c_witness_violation(const c_program *p, const c_replay_result *rr);
/* An invariant_set witness: the loop invariants of inv (per location of c,
 * the CFA the engines ran on) at the loop heads as C expressions (the
 * conjuncts that have one), after inv passed initiation, consecution and
 * safety on c again (Z3). NULL with why set when it did not. inv NULL: a
 * program without cycles, whose witness claims no invariant. */
char *c_witness_invariants(const c_program *p, cfa *c, const term_t *inv, char *why, size_t n);
/* A C expression saying `name == value` for a value of type t. */
void c_witness_equation(char *buf, size_t n, const char *name, term_t value, c_int t);
#endif
