/* SV-COMP witnesses, format 2.0 (YAML): a violation_sequence from a
 * replayed counterexample (assumption waypoints with the nondet values,
 * branching waypoints with the decisions, the target call), and the
 * metadata the format requires (producer, SHA-256 of the program, data
 * model, specification). */
#ifndef ZETA_LANG_C_WITNESS_H
#define ZETA_LANG_C_WITNESS_H
#include "lang/c/c_replay.h"

/* The witness text (malloc'd), or NULL when the program cannot be read. */
char *c_witness_violation(const c_program *p, const c_replay_result *rr);
/* A C expression saying `name == value` for a value of type t. */
void c_witness_equation(char *buf, size_t n, const char *name, term_t value, c_int t);
#endif
