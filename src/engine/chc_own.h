/* zeta's own schedule of Horn-clause engines (no Spacer): which engine
 * first and for how long, by the system's shape, as measured on the
 * CHC-COMP tracks (docs/STATUS-chc.md). Used by the Horn-clause room and
 * by the procedure route of programs with calls. */
#ifndef ZETA_ENGINE_CHC_OWN_H
#define ZETA_ENGINE_CHC_OWN_H
#include "engine/chc_engine.h"

/* An answer's check while the schedule runs: true keeps the answer (it
 * passed and is reported), false sends the schedule on to its next engine
 * (a model whose check is undecided or failed, a derivation that does not
 * replay). ds: the clauses the answer is over. */
typedef struct {
  bool (*fn)(void *ctx, const chc_system *ds, chc_result *r);
  void *ctx;
} chc_accept;

/* After an engine: true ends the schedule (a kept answer, or the time is
 * up); a rejected answer becomes unknown with the check's reason. */
bool chc_settled(chc_result *r, const chc_system *ds, const zeta_limits *lim, const chc_accept *acc);

/* No array or datatype arguments: the schedule's numbers-only path. */
bool chc_numbers_only(const chc_system *s);
/* Some predicate has a datatype argument. */
bool chc_has_datatype_params(const chc_system *s);

/* CPU seconds the numbers-only schedule expects in all, which its pa
 * slice takes 35 % of: had (CPU since it began) plus the wall time left
 * (left; < 0: no deadline, 20 s) at the rate had / wall (wall: since it
 * began); the rate counts as 1 before 0.5 s of wall and at 0.8 or more,
 * at least 0.1. */
double chc_own_cpu_expected(double had, double wall, double left);

/* Tests: called with the engine's name and its slice as the schedule
 * starts it ("ic3" for each part of IC3, "pa" and "houdini" on numbers
 * only), in order; it may change the slice (a test of the order ends each
 * at once). NULL: nothing. */
extern void (*chc_own_step_hook)(const char *engine, zeta_limits *slice);

/* The schedule on s within lim. unf (may be NULL): room for the system
 * with loop-free summaries unfolded, for a BMC slice on non-linear
 * systems; *over_unf then says that r's derivation is over unf (else unf
 * is left empty). acc (may be NULL): the check of each answer. Each
 * engine after the first starts from the term table as the call found it
 * (terms_rollback): no term made inside survives but the answer's.
 * unsat_news (may be NULL): non-zero once the system is known unsat
 * without a derivation (the portfolio's Spacer side sets it, in another
 * process, when Z3 said unsat); from then on the engines that only prove
 * sat (affine hulls, Houdini) are skipped, and one that runs stops.
 * Given, it also says that the schedule runs beside Spacer: on non-linear
 * systems over arrays the core's part (at most 2 s CPU) then comes right
 * after IC3's slice, and the engines after it run at a lower priority. */
void chc_own_solve(const chc_system *s, const zeta_limits *lim, itp_strategy itp, chc_result *r, chc_system *unf,
                   bool *over_unf, const chc_accept *acc, volatile sig_atomic_t *unsat_news);
#endif
