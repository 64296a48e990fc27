/* Internal layout of the term and type tables, shared by the core/term_*.c
 * files only. */
#ifndef ZETA_CORE_TERM_INTERNAL_H
#define ZETA_CORE_TERM_INTERNAL_H
#include "core/term.h"

/* Interns a node; args and params are copied. */
term_t term_intern(term_op op, type_t ty, uint32_t nargs, const term_t *args,
                   uint32_t nparams, const uint32_t *params);
/* Records a sort error for term_last_error() and returns NULL_TERM. */
term_t term_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Literal payloads. */
const mpq_t *term_rat_ref(term_t t);
const mpz_t *term_bv_ref(term_t t);

/* Bit-vector constant folding (core/term_bv.c): the value of op applied to
 * literal arguments, or NULL_TERM when op does not fold. */
term_t term_bv_fold(term_op op, uint32_t n, const term_t *args, uint32_t nparams,
                    const uint32_t *params);
/* Whether t is a value: a literal, or an array built from literals. */

/* Runs print(out, x) into a malloc'd string (term_to_string, type_to_string). */
char *term_print_to_string(void (*print)(FILE *, int32_t), int32_t x);

void types_reset(void);
void symbols_reset(void);
uint32_t symbol_intern(const char *name);
const char *symbol_name(uint32_t id);
bool symbol_exists(const char *name);
#endif
