/* A small s-expression reader for solver answers (sat/unsat, get-value,
 * get-unsat-assumptions, errors), and the conversion of value expressions
 * (numerals, decimals, (- x), (/ p q), #b/#x/(_ bvN w), true/false,
 * ((as const T) v), (store a i v), (as @U_0 U)) into literal terms. */
#ifndef ZETA_SOLVER_SMTLIB_SMTSX_H
#define ZETA_SOLVER_SMTLIB_SMTSX_H
#include <stdbool.h>
#include <stdint.h>
#include "core/term.h"

typedef struct smtsx {
  char *atom;            /* atoms: text; quotes of |sym| and "str" removed */
  struct smtsx **kids;    /* lists */
  uint32_t n;
  bool list;
} smtsx;

/* Source of bytes: the next byte, or -1 on end/timeout/interruption. */
typedef int (*smtsx_getc_fn)(void *arg, int64_t deadline);

/* One complete s-expression; NULL on end of input, syntax error or no memory. */
smtsx *smtsx_read(smtsx_getc_fn getc, void *arg, int64_t deadline);
smtsx *smtsx_parse_string(const char *s);   /* first expression in s (tests) */
void smtsx_free(smtsx *e);
bool smtsx_is_atom(const smtsx *e, const char *text);
/* The literal term of type ty written by e; NULL_TERM if e is not a value. */
term_t smtsx_value(const smtsx *e, type_t ty);
#endif
