/* Z3's hyper-resolution proofs of Horn clauses mapped onto a chc_system's
 * clauses: a derivation (ir/chc_witness.h) with ground head values, to be
 * replayed by the caller. Z3 may have inlined predicates (its
 * preprocessing of a file): a proof step then stands for a tree of the
 * system's clauses, which is found by unfolding the inlined predicates
 * with their defining clauses, the missing values from a solver. */
#ifndef ZETA_ENGINE_CHC_ZPROOF_H
#define ZETA_ENGINE_CHC_ZPROOF_H
#include <z3.h>
#include "core/limits.h"
#include "ir/chc.h"
#include "ir/chc_witness.h"
#include "solver/z3_conv.h"

/* rel: the Z3 relation of each predicate of s, then the query relation
 * (index npreds); NULL: relations are s's predicates by name (the input
 * file's). out stays empty when the proof does not map, or not within
 * lim (unfolding is bounded as well: a system Z3 inlined whole needs a
 * search the size of bounded model checking). Returns what it cost, a
 * measure for tests: the solver checks made (a step whose values fix its
 * clause's variables is evaluated instead), and how many of them took
 * the premises of one predicate in Z3's order, and whether it made a
 * solver. */
typedef struct {
  uint32_t checks, in_order;
  bool solver;   /* a solver was made (the first check makes it: a Z3 context, milliseconds) */
} chc_zproof_cost;
chc_zproof_cost chc_zproof_derivation(z3conv *conv, const Z3_func_decl *rel, const chc_system *s, Z3_ast pr,
                                      const zeta_limits *lim, chc_derivation *out);
/* The same in two parts: the proof read out of Z3 (its steps, their
 * relations and ground values as terms; NULL when lim ran out), after
 * which conv's context may go (chc_spacer deletes it before the mapping,
 * whose solver then makes its context in the memory freed), and mapped. */
typedef struct chc_zproof chc_zproof;
chc_zproof *chc_zproof_read(z3conv *conv, const Z3_func_decl *rel, const chc_system *s, Z3_ast pr,
                            const zeta_limits *lim);
chc_zproof_cost chc_zproof_map(const chc_zproof *p, const chc_system *s, const zeta_limits *lim, chc_derivation *out);
void chc_zproof_free(chc_zproof *p);
#endif
