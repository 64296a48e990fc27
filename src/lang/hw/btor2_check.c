/* zeta FILE.btor2: checks one bad-state property (--property N) of a BTOR2
 * word-level circuit; a counterexample is replayed on the model with a
 * fresh solver before UNSAFE is printed. */
#include <stdio.h>
#include <stdlib.h>
#include "core/alloc.h"
#include "lang/hw/btor2_reader.h"
#include "lang/hw/hw_common.h"
#include "lang/lang.h"
#include "lang/lang_common.h"
#include "lang/ts_run.h"

/* The engines replay their traces on the TS already; the replay here is a
 * second check with a fresh solver before UNSAFE is printed. */
static int finish(report *rep, const zeta_options *o, const ts *s, const char *engine, ts_result *r, void *ctx) {
  (void)ctx;
  FILE *out = report_out(rep);
  int rc = ZETA_EXIT_VERDICT;
  if (r->verdict == ZETA_UNSAFE && !hw_replay(s, &r->trace)) {
    progress_say("zeta: internal error: the counterexample of %s does not replay on the model; answer withheld",
                 engine);
    r->verdict = ZETA_UNKNOWN;
    r->reason = "counterexample did not replay";
    rc = ZETA_EXIT_INTERNAL;
  }
  char cert[256];
  lang_ts_certify(o, s, r, cert, sizeof cert);
  if (lang_verdict(rep, r->verdict, r->reason) == ZETA_EXIT_UNKNOWN && rc == ZETA_EXIT_VERDICT) rc = ZETA_EXIT_UNKNOWN;
  if (cert[0] && r->verdict == ZETA_SAFE) fprintf(out, "%s\n", cert);
  if (r->verdict == ZETA_UNSAFE) {
    /* the steps always go to the report; the text has them with --witness */
    report_set_evidence(rep, "trace", NULL);
    FILE *text = o->witness ? out : NULL;
    for (uint32_t k = 0; k < r->trace.length; k++) {
      if (text) fprintf(text, "step %u:", k);
      report_step(rep, "step %u", k);
      for (uint32_t i = 0; i < r->trace.width; i++) {
        term_t v = i < s->vars.size ? s->vars.data[i] : s->inputs.data[i - s->vars.size];
        term_t val = r->trace.values[(size_t)k * r->trace.width + i];
        report_value_term(rep, term_var_name(v), val);
        if (!text) continue;
        fprintf(text, " %s=", term_var_name(v));
        if (val == NULL_TERM) fputc('?', text);
        else term_print(text, val);
      }
      if (text) fputc('\n', text);
    }
  }
  if (r->verdict == ZETA_SAFE && o->invariant && r->invariant != NULL_TERM) lang_ts_report_invariant(rep, r->invariant);
  report_set_exit(rep, rc);
  return rc;
}

typedef struct { btor2_model m; ts sys; } btor2_input;

static void *btor2_load(const char *path, const zeta_options *o, diag *d) {
  btor2_input *in = xcalloc(1, sizeof *in);
  btor2_diag bd;
  if (!btor2_read_file(path, &in->m, &bd)) {
    diag_set(d, ZETA_EXIT_INPUT, "%s", bd.message);
    free(in);
    return NULL;
  }
  if ((uint64_t)o->property >= in->m.bad.size) {
    diag_set(d, ZETA_EXIT_INPUT, "%s: --property %ld: the model has %u bad-state properties", path, o->property,
             in->m.bad.size);
    btor2_model_free(&in->m);
    free(in);
    return NULL;
  }
  btor2_to_ts(&in->m, (uint32_t)o->property, &in->sys);
  if (o->verbose)
    progress_say("zeta: %s: %u states, %u inputs, %u constraints", path, in->sys.vars.size, in->sys.inputs.size,
                 in->m.constraints.size);
  return in;
}

static int btor2_check(void *m, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  btor2_input *in = m;
  lang_ts_hooks h = {.finish = finish, .portfolio = "kind,pdr", .width = 2};
  return lang_ts_check(o, &in->sys, &h, lim, r, d);
}

static void btor2_free(void *m) {
  btor2_input *in = m;
  ts_free(&in->sys);
  btor2_model_free(&in->m);
  free(in);
}

const lang lang_btor2 = {"btor2", "btor", ".btor2 .btor", "BTOR2 word-level circuits, one bad-state property", "vmt chc",
                         btor2_load, btor2_check, btor2_free};
