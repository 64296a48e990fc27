/* Reachability of a program with procedures without abstraction (the
 * pushdown-CEGAR thesis's "Moped without abstraction" baseline): BDD
 * summaries over the concrete bits (engine/pds_enc.h), iterated in sweeps
 * over all edges to a fixpoint:
 *   reach[f][l]  f's states at l with its input copies (CUR, ENT)
 *   entry[f]     f's calling contexts (AUX)
 *   summ[f]      f's effects: inputs and outputs (AUX, OUT)
 * The same sets, from the abstraction's reachable states, are the SAFE
 * evidence of the CEGAR loop (engine/pds.h).
 */
#ifndef ZETA_ENGINE_PDS_CONC_H
#define ZETA_ENGINE_PDS_CONC_H
#include "engine/pds_enc.h"
#include "ir/cfa_proc_trace.h"

/* How a set grew (pds_conc_trace follows the causes backwards). */
typedef enum { PDS_GROW_INIT, PDS_GROW_EDGE, PDS_GROW_PUSH, PDS_GROW_EVAL, PDS_GROW_ENTER, PDS_GROW_POP } pds_grow;

/* One growth of a set: its stamp, the whole set after it (referenced) and
 * its cause (EDGE: the edge; PUSH, EVAL: the call). */
typedef struct {
  uint32_t stamp, arg;
  BDD set;
  pds_grow cause;
} pds_version;

/* The versions of one set, oldest first. */
typedef struct {
  pds_version *v;
  uint32_t n, cap;
} pds_history;

typedef struct {
  BDD **reach, *entry, *summ;   /* referenced */
  /* with pds_sets_record: every version of every set, stamped in order */
  pds_history **hreach, *hentry, *hsumm;
  uint32_t stamp;
} pds_sets;

typedef enum { PDS_RUN_FIXPOINT, PDS_RUN_ERROR, PDS_RUN_FAILED } pds_run_status;

void pds_sets_init(pds_sets *S, const cfa_prog *p);
void pds_sets_free(pds_sets *S, const cfa_prog *p);
/* Keeps the history of every set from now on (for pds_conc_trace). */
void pds_sets_record(pds_sets *S, const cfa_prog *p);
/* The fixpoint from main's init (every value); RUN_ERROR as soon as an
 * error location's set is not empty. */
pds_run_status pds_conc_run(pds_enc *E, pds_sets *S, uint32_t *sweeps, char *why, size_t len);
/* After RUN_ERROR with a recorded history: a run from main's init to an
 * error location (not yet replayed), found backwards from a state at the
 * error through each state's first version and its cause, with strictly
 * earlier versions at every step: the caller's prefix, the callee's own
 * run inside a call's summary. false with a reason otherwise. */
bool pds_conc_trace(pds_enc *E, const pds_sets *S, cfa_trace *t, char *why, size_t len);
#endif
