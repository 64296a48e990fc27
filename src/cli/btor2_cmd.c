/* zeta FILE.btor2: checks one bad-state property (--property N) of a BTOR2
 * word-level circuit; a counterexample is replayed on the model with a
 * fresh solver before UNSAFE is printed. */
#include <stdio.h>
#include "cli_common.h"
#include "drivers.h"
#include "frontend/btor2.h"
#include "hw_common.h"

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
  hw_result r;
  if (!hw_run(o, &s, &lim, &r)) {
    ts_free(&s);
    btor2_model_free(&m);
    return ZETA_EXIT_INPUT;
  }
  int rc = ZETA_EXIT_VERDICT;
  if (r.verdict == ZETA_UNSAFE && !hw_replay(&s, &r.trace)) {
    fprintf(stderr, "zeta: internal error: the counterexample of %s does not replay on the model; answer withheld\n",
            r.engine);
    r.verdict = ZETA_UNKNOWN;
    snprintf(r.reason, sizeof r.reason, "counterexample did not replay");
    rc = ZETA_EXIT_INTERNAL;
  }
  int vrc = cli_print_verdict(r.verdict, r.reason);
  if (rc == ZETA_EXIT_VERDICT) rc = vrc;
  if (r.verdict == ZETA_UNSAFE && o->witness) {
    for (uint32_t k = 0; k < r.trace.length; k++) {
      printf("step %u:", k);
      for (uint32_t i = 0; i < r.trace.width; i++) {
        term_t v = i < s.vars.size ? s.vars.data[i] : s.inputs.data[i - s.vars.size];
        printf(" %s=", term_var_name(v));
        term_t val = r.trace.values[(size_t)k * r.trace.width + i];
        if (val == NULL_TERM) printf("?");
        else term_print(stdout, val);
      }
      putchar('\n');
    }
  }
  if (r.verdict == ZETA_SAFE && o->invariant && r.invariant != NULL_TERM) {
    term_print_let(stdout, r.invariant);
    putchar('\n');
  }
  hw_result_free(&r);
  ts_free(&s);
  btor2_model_free(&m);
  return rc;
}
