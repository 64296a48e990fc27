/* The evidence of an UNSAFE Solidity answer: a replayed derivation of the
 * lowered clauses read back as a transaction sequence (constructor and
 * calls with msg.sender, msg.value, block/tx values and arguments; values
 * that normalization eliminated recovered from the un-normalized clauses
 * of that transaction), printed in Solidity terms and then executed by the
 * concrete interpreter (sol_exec.h), which must see the same assertion
 * fail in the last transaction. */
#ifndef ZETA_LANG_SOL_TRACE_H
#define ZETA_LANG_SOL_TRACE_H
#include <stdio.h>
#include "core/limits.h"
#include "ir/chc_witness.h"
#include "lang/sol/sol_lower.h"

typedef enum {
  SOL_TRACE_CONFIRMED,     /* the interpreter saw assertion k fail */
  SOL_TRACE_CLAUSES_ONLY,  /* the interpreter could not run it (why): the clause replay stands */
  SOL_TRACE_REFUTED        /* the interpreter ran it and assertion k did not fail (why) */
} sol_trace_outcome;

/* d: a replayed derivation of the normalized clauses norm (of sc->sys)
 * ending in assertion k. Prints the sequence on out. */
sol_trace_outcome sol_trace_report(FILE *out, const sol_ast *a, const sol_chc *sc, const chc_system *norm, const chc_derivation *d,
                                   uint32_t k, const zeta_limits *lim, char *why, size_t cap);
#endif
