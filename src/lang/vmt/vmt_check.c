/* zeta FILE.vmt: a VMT transition system through the TS engines. */
#include <stdio.h>
#include <stdlib.h>
#include "lang/lang.h"
#include "lang/vmt/vmt.h"
#include "lang/ts_run.h"
#include "zeta/zeta.h"

int cli_vmt(const zeta_options *o) {
  const char *file = o->files[0];
  FILE *in = fopen(file, "r");
  if (!in) { perror(file); return ZETA_EXIT_INPUT; }
  ts sys;
  char *diag = NULL;
  bool ok = vmt_read(file, in, (uint32_t)o->property, &sys, &diag);
  fclose(in);
  if (!ok) {
    fprintf(stderr, "%s\n", diag ? diag : "error reading the VMT file");
    free(diag);
    return ZETA_EXIT_INPUT;
  }
  int code = cli_run_ts(o, &sys, NULL);
  ts_free(&sys);
  return code;
}
