/* One driver per input format or subcommand: reads the input, runs the
 * chosen engine through the library, prints the verdict and evidence, and
 * returns the process exit code. */
#ifndef ZETA_CLI_DRIVERS_H
#define ZETA_CLI_DRIVERS_H
#include "options.h"

int cli_smt(const zeta_options *o);      /* zeta smt FILE */
#endif
