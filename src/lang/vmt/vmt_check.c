/* VMT transition systems (.vmt) through the transition-system engines. */
#include <stdio.h>
#include <stdlib.h>
#include "core/alloc.h"
#include "lang/lang.h"
#include "lang/ts_run.h"
#include "lang/vmt/vmt.h"

static void *vmt_load(const char *path, const zeta_options *o, diag *d) {
  FILE *in = fopen(path, "r");
  if (!in) {
    diag_set(d, ZETA_EXIT_INPUT, "%s: cannot open", path);
    return NULL;
  }
  ts *sys = xmalloc(sizeof *sys);
  char *msg = NULL;
  bool ok = vmt_read(path, in, (uint32_t)o->property, sys, &msg);
  fclose(in);
  if (!ok) {
    diag_set(d, ZETA_EXIT_INPUT, "%s", msg ? msg : "error reading the VMT file");
    free(msg);
    free(sys);
    return NULL;
  }
  return sys;
}

static int vmt_check(void *m, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  return lang_ts_check(o, m, NULL, lim, r, d);
}

static void vmt_free(void *m) {
  ts_free(m);
  free(m);
}

const lang lang_vmt = {"vmt", "", ".vmt", "transition systems in the VMT format (SMT-LIB with annotations)", "vmt chc",
                       vmt_load, vmt_check, vmt_free};
