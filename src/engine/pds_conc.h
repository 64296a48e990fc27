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

typedef struct {
  BDD **reach, *entry, *summ;   /* referenced */
} pds_sets;

typedef enum { PDS_RUN_FIXPOINT, PDS_RUN_ERROR, PDS_RUN_FAILED } pds_run_status;

void pds_sets_init(pds_sets *S, const cfa_prog *p);
void pds_sets_free(pds_sets *S, const cfa_prog *p);
/* The fixpoint from main's init (every value); RUN_ERROR as soon as an
 * error location's set is not empty. */
pds_run_status pds_conc_run(pds_enc *E, pds_sets *S, uint32_t *sweeps, char *why, size_t len);
#endif
