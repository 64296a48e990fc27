/* One driver per input format or subcommand: reads the input, runs the
 * chosen engine through the library, prints the verdict and evidence, and
 * returns the process exit code. Drivers not built yet fall back to the
 * weak stubs in stubs.c ("not supported yet", exit 2). */
#ifndef ZETA_CLI_DRIVERS_H
#define ZETA_CLI_DRIVERS_H
#include "core/options.h"

int cli_smt(const zeta_options *o);      /* zeta smt FILE.smt2 */
int cli_validate(const zeta_options *o); /* zeta validate FILE.smt2 MODEL.smt2 */
int cli_cfa(const zeta_options *o);      /* control flow automata (.cfa) */
int cli_chc(const zeta_options *o);      /* Horn clauses (.smt2 with set-logic HORN) */
int cli_vmt(const zeta_options *o);      /* VMT transition systems (.vmt) */
int cli_aiger(const zeta_options *o);    /* AIGER circuits (.aag, .aig) */
int cli_btor2(const zeta_options *o);    /* BTOR2 word-level circuits (.btor2) */
int cli_petri(const zeta_options *o);    /* zeta NET.pnml --formula QUERIES.xml */
#endif
