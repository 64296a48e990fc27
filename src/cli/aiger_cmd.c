/* zeta FILE.aag|FILE.aig: checks one bad-state property (--property N) of
 * an AIGER circuit. A counterexample is replayed on the circuit with the
 * simulator before it is printed; --format hwmcc prints the AIGER witness
 * format ("1", "b0", the initial latch values, one input vector per step,
 * "."; "0", "b0", "." for a proof). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_common.h"
#include "core/alloc.h"
#include "drivers.h"
#include "frontend/aiger.h"
#include "hw_common.h"
#include "model/aig_ts.h"

/* Latch values at step 0 and input vectors per step from a trace. */
static void trace_bits(const aig *g, const ts_trace *t, uint8_t **init, uint8_t **inputs) {
  *init = xcalloc(g->nlatches + 1, 1);
  *inputs = xcalloc((size_t)t->length * g->ninputs + 1, 1);
  for (uint32_t j = 0; j < g->nlatches; j++) (*init)[j] = term_is_true(t->values[j]);
  for (uint32_t k = 0; k < t->length; k++)
    for (uint32_t i = 0; i < g->ninputs; i++)
      (*inputs)[(size_t)k * g->ninputs + i] = term_is_true(t->values[(size_t)k * t->width + g->nlatches + i]);
}

static void print_bits(const uint8_t *b, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) putchar(b[i] ? '1' : '0');
  putchar('\n');
}

int cli_aiger(const zeta_options *o) {
  zeta_limits lim = cli_limits(o);
  aig g;
  aiger_diag d;
  if (!aiger_read_file(o->files[0], &g, &d)) {
    fprintf(stderr, "%s\n", d.message);
    return ZETA_EXIT_INPUT;
  }
  uint32_t np = aig_nproperties(&g);
  if ((uint64_t)o->property >= np) {
    fprintf(stderr, "%s: --property %ld: the circuit has %u bad-state propert%s\n", o->files[0], o->property, np,
            np == 1 ? "y" : "ies");
    aig_free(&g);
    return ZETA_EXIT_INPUT;
  }
  uint32_t prop = (uint32_t)o->property;
  ts s;
  aig_to_ts(&g, prop, &s);
  if (o->verbose)
    fprintf(stderr, "zeta: %s: %u inputs, %u latches, %u ands, %u constraints, property %u\n", o->files[0],
            g.ninputs, g.nlatches, g.nands, g.nconstraints, prop);
  hw_result r;
  if (!hw_run(o, &s, &lim, &r)) {
    ts_free(&s);
    aig_free(&g);
    return ZETA_EXIT_INPUT;
  }
  int rc = ZETA_EXIT_VERDICT;
  uint8_t *init = NULL, *inputs = NULL;
  if (r.verdict == ZETA_UNSAFE) {
    trace_bits(&g, &r.trace, &init, &inputs);
    int64_t hit = aig_simulate(&g, prop, init, inputs, r.trace.length);
    if (hit != (int64_t)r.trace.length - 1) {
      fprintf(stderr, "zeta: internal error: the counterexample of %s does not replay on the circuit; answer withheld\n",
              r.engine);
      r.verdict = ZETA_UNKNOWN;
      snprintf(r.reason, sizeof r.reason, "counterexample did not replay");
      rc = ZETA_EXIT_INTERNAL;
    }
  }
  if (option_is(o->format, "hwmcc")) {
    printf("%c\nb%u\n", r.verdict == ZETA_UNSAFE ? '1' : r.verdict == ZETA_SAFE ? '0' : '2', prop);
    if (r.verdict == ZETA_UNSAFE) {
      print_bits(init, g.nlatches);
      for (uint32_t k = 0; k < r.trace.length; k++) print_bits(inputs + (size_t)k * g.ninputs, g.ninputs);
    }
    puts(".");
    if (r.verdict == ZETA_UNKNOWN && rc == ZETA_EXIT_VERDICT) rc = ZETA_EXIT_UNKNOWN;
  } else {
    int vrc = cli_print_verdict(r.verdict, r.reason);
    if (rc == ZETA_EXIT_VERDICT) rc = vrc;
    if (r.verdict == ZETA_UNSAFE && o->witness) {
      printf("trace of %u steps (latches at step 0, then inputs per step)\n", r.trace.length);
      print_bits(init, g.nlatches);
      for (uint32_t k = 0; k < r.trace.length; k++) print_bits(inputs + (size_t)k * g.ninputs, g.ninputs);
    }
    if (r.verdict == ZETA_SAFE && o->invariant && r.invariant != NULL_TERM) {
      term_print_let(stdout, r.invariant);
      putchar('\n');
    }
  }
  if (o->stats) fprintf(stderr, "zeta: engine %s\n", r.engine);
  free(init);
  free(inputs);
  hw_result_free(&r);
  ts_free(&s);
  aig_free(&g);
  return rc;
}
