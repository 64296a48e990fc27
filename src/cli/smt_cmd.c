/* zeta smt FILE: placeholder until the SMT-LIB script runner lands. */
#include <stdio.h>
#include "drivers.h"
#include "zeta/zeta.h"

int cli_smt(const zeta_options *o) {
  fprintf(stderr, "zeta smt: %s: not implemented yet\n", o->files[0]);
  return ZETA_EXIT_INTERNAL;
}
