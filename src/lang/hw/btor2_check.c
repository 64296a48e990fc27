/* zeta FILE.btor2: checks one bad-state property (--property N) of a BTOR2
 * word-level circuit; a counterexample is replayed on the model with a
 * fresh solver before UNSAFE is printed. */
#include <stdio.h>
#include "lang/lang_common.h"
#include "lang/lang.h"
#include "lang/hw/btor2_reader.h"
#include "lang/hw/hw_common.h"

/* The engines replay their traces on the TS already; the replay here is a
 * second check with a fresh solver before UNSAFE is printed. */
static int finish(FILE *out, const zeta_options *o, const ts *s, const char *engine, ts_result *r, void *ctx) {
  (void)ctx;
  int rc = ZETA_EXIT_VERDICT;
  if (r->verdict == ZETA_UNSAFE && !hw_replay(s, &r->trace)) {
    fprintf(stderr, "zeta: internal error: the counterexample of %s does not replay on the model; answer withheld\n",
            engine);
    r->verdict = ZETA_UNKNOWN;
    r->reason = "counterexample did not replay";
    rc = ZETA_EXIT_INTERNAL;
  }
  switch (r->verdict) {
  case ZETA_SAFE: fputs("SAFE\n", out); break;
  case ZETA_UNSAFE: fputs("UNSAFE\n", out); break;
  default:
    fprintf(out, "UNKNOWN (%s)\n", r->reason && *r->reason ? r->reason : "incomplete");
    if (rc == ZETA_EXIT_VERDICT) rc = ZETA_EXIT_UNKNOWN;
  }
  if (r->verdict == ZETA_UNSAFE && o->witness) {
    for (uint32_t k = 0; k < r->trace.length; k++) {
      fprintf(out, "step %u:", k);
      for (uint32_t i = 0; i < r->trace.width; i++) {
        term_t v = i < s->vars.size ? s->vars.data[i] : s->inputs.data[i - s->vars.size];
        fprintf(out, " %s=", term_var_name(v));
        term_t val = r->trace.values[(size_t)k * r->trace.width + i];
        if (val == NULL_TERM) fputc('?', out);
        else term_print(out, val);
      }
      fputc('\n', out);
    }
  }
  if (r->verdict == ZETA_SAFE && o->invariant && r->invariant != NULL_TERM) {
    fputs("invariant: ", out);
    term_print_let(out, r->invariant);
    fputc('\n', out);
  }
  if (o->stats) fprintf(out, "stats: engine %s depth %u frames %u lemmas %u\n", engine, r->depth, r->frames, r->lemmas);
  return rc;
}

int cli_btor2(const zeta_options *o) {
  zeta_limits lim = cli_limits(o);
  btor2_model m;
  btor2_diag d;
  if (!btor2_read_file(o->files[0], &m, &d)) {
    fprintf(stderr, "%s\n", d.message);
    return ZETA_EXIT_INPUT;
  }
  if ((uint64_t)o->property >= m.bad.size) {
    fprintf(stderr, "%s: --property %ld: the model has %u bad-state properties\n", o->files[0], o->property,
            m.bad.size);
    btor2_model_free(&m);
    return ZETA_EXIT_INPUT;
  }
  ts s;
  btor2_to_ts(&m, (uint32_t)o->property, &s);
  if (o->verbose)
    fprintf(stderr, "zeta: %s: %u states, %u inputs, %u constraints\n", o->files[0], s.vars.size, s.inputs.size,
            m.constraints.size);
  int rc = hw_run(o, &s, &lim, finish, NULL, NULL);
  ts_free(&s);
  btor2_model_free(&m);
  return rc;
}
