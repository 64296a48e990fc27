/* IC3 on the linear core of a non-linear system (chc_engine.h): the
 * clauses with at most one body application, the others dropped.
 *
 * Every derivation of the core is a derivation of the whole system (its
 * clauses are some of the system's), so an unsat answer of the core, its
 * clause indices mapped back, is one of the system; a sat answer of the
 * core says nothing (a dropped clause may derive more) and is dropped.
 *
 * Why: thread-modular programs (LIA-Arrays-219: one predicate over a shared
 * array and two threads' local states, linear clauses for each thread's
 * steps and the threads' swap, non-linear ones for the interference of
 * other threads) have counterexamples through their linear clauses alone
 * (219: two threads in the critical section, about 19 steps), which IC3
 * finds on the core in ~1.9 s CPU; on the whole system IC3, pa, tree BMC
 * and Z3 find none within 60 s (the non-linear clauses multiply the
 * obligations and trees). */
#include <stdlib.h>
#include "core/alloc.h"
#include "engine/chc_engine.h"

bool chc_linear_core(const chc_system *s, chc_system *core, uint32_t **orig) {
  uint32_t dropped = 0, queries = 0;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    if (s->clauses[i].nbody > 1) dropped++;
    else if (s->clauses[i].head.pred == CHC_FALSE) queries++;
  }
  *orig = NULL;
  if (!dropped || !queries) return false;   /* the system itself, or no query left */
  chc_init(core);
  uint32_t maxar = 1;
  for (uint32_t p = 0; p < s->npreds; p++) if (s->preds[p].arity > maxar) maxar = s->preds[p].arity;
  type_t *types = xmalloc(maxar * sizeof *types);
  for (uint32_t p = 0; p < s->npreds; p++) {   /* the same table: indices and parameters as in s */
    const chc_pred *pr = &s->preds[p];
    for (uint32_t x = 0; x < pr->arity; x++) types[x] = term_type(pr->params[x]);
    chc_add_pred(core, pr->name, pr->sym, pr->arity, types);
  }
  free(types);
  *orig = xmalloc(s->nclauses * sizeof **orig);
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    if (c->nbody > 1) continue;
    (*orig)[core->nclauses] = i;
    chc_add_clause(core, c->nbody, c->body, c->constraint, c->head.pred, c->head.args, c->line);
  }
  return true;
}

void chc_linear_core_solve(const chc_system *s, const zeta_limits *lim, chc_result *out) {
  chc_system core;
  uint32_t *orig;
  if (!chc_linear_core(s, &core, &orig)) {
    chc_result_start(out, "ic3 (linear core)");
    out->reason = "linear core: the system is linear or has no linear query";
    return;
  }
  chc_ic3 *st = chc_ic3_new(&core);
  chc_ic3_unweakened(st);   /* 219: 2.3-3.9 s CPU, weakened 4.3-6.2 s (load 9, session 30) */
  chc_ic3_run(st, lim, out);
  chc_ic3_free(st);
  if (out->answer == CHC_UNSAT) {
    for (uint32_t i = 0; i < out->deriv.n; i++) out->deriv.nodes[i].clause = orig[out->deriv.nodes[i].clause];
    out->engine = "ic3 (linear core)";
  } else {
    /* IC3's reason (static text) kept: a level limit or an undecided
     * check is not a timeout */
    const char *why = out->answer == CHC_SAT ? "linear core: sat (says nothing of the system)"
                                             : out->reason ? out->reason : "unknown";
    chc_result_free(out);
    chc_result_start(out, "ic3 (linear core)");
    out->reason = why;
  }
  free(orig);
  chc_free(&core);
}
