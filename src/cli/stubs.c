/* Weak fallbacks for drivers that are not built yet; a real driver in its
 * own file overrides the symbol at link time. */
#include <stdio.h>
#include "drivers.h"
#include "zeta/zeta.h"

static int unsupported(const char *what, const zeta_options *o) {
  fprintf(stderr, "zeta: %s: %s input is not supported yet\n", o->nfiles ? o->files[0] : "-", what);
  return ZETA_EXIT_INPUT;
}

#define STUB(fn, what) \
  __attribute__((weak)) int fn(const zeta_options *o) { return unsupported(what, o); }
STUB(cli_validate, "CHC model validation")
STUB(cli_cfa, "CFA")
STUB(cli_chc, "Horn-clause")
STUB(cli_vmt, "VMT")
STUB(cli_aiger, "AIGER")
STUB(cli_btor2, "BTOR2")
STUB(cli_petri, "PNML")
