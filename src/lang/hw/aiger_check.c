/* zeta FILE.aag|FILE.aig: checks one bad-state property (--property N) of
 * an AIGER circuit. A counterexample is replayed on the circuit with the
 * simulator before it is printed; --format hwmcc prints the AIGER witness
 * format ("1", "b0", the initial latch values, one input vector per step,
 * "."; "0", "b0", "." for a proof). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/lang_common.h"
#include "core/alloc.h"
#include "lang/lang.h"
#include "lang/hw/aig_bmc.h"
#include "lang/hw/aig_ic3.h"
#include "engine/ts_check.h"
#include "lang/hw/aiger.h"
#include "lang/hw/hw_common.h"
#include "lang/hw/aig_ts.h"

/* Latch values at step 0 and input vectors per step from a trace. */
static void trace_bits(const aig *g, const ts_trace *t, uint8_t **init, uint8_t **inputs) {
  *init = xcalloc(g->nlatches + 1, 1);
  *inputs = xcalloc((size_t)t->length * g->ninputs + 1, 1);
  for (uint32_t j = 0; j < g->nlatches; j++) (*init)[j] = term_is_true(t->values[j]);
  for (uint32_t k = 0; k < t->length; k++)
    for (uint32_t i = 0; i < g->ninputs; i++)
      (*inputs)[(size_t)k * g->ninputs + i] = term_is_true(t->values[(size_t)k * t->width + g->nlatches + i]);
}

static void print_bits(FILE *out, const uint8_t *b, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) fputc(b[i] ? '1' : '0', out);
  fputc('\n', out);
}


typedef struct { const aig *g; uint32_t prop; } aiger_ctx;

/* Replays a counterexample on the circuit, then prints in the chosen
 * convention. */
static int finish(FILE *out, const zeta_options *o, const ts *sys, const char *engine, ts_result *r, void *vctx) {
  const aiger_ctx *c = vctx;
  const aig *g = c->g;
  int rc = ZETA_EXIT_VERDICT;
  uint8_t *init = NULL, *inputs = NULL;
  if (r->verdict == ZETA_UNSAFE) {
    trace_bits(g, &r->trace, &init, &inputs);
    if (aig_simulate(g, c->prop, init, inputs, r->trace.length) != (int64_t)r->trace.length - 1) {
      fprintf(stderr, "zeta: internal error: the counterexample of %s does not replay on the circuit; answer withheld\n",
              engine);
      r->verdict = ZETA_UNKNOWN;
      r->reason = "counterexample did not replay";
      rc = ZETA_EXIT_INTERNAL;
    }
  }
  if (r->verdict == ZETA_SAFE && o->validate && r->invariant != NULL_TERM &&
      ts_invariant_check_with(ZETA_SECOND_SOLVER, sys, r->invariant) != TS_INV_OK) {
    fprintf(stderr, "zeta: internal error: the invariant of %s does not check with cvc5; answer withheld\n", engine);
    r->verdict = ZETA_UNKNOWN;
    r->reason = "invariant validation failed";
    rc = ZETA_EXIT_INTERNAL;
  }
  if (option_is(o->format, "hwmcc")) {
    fprintf(out, "%c\nb%u\n", r->verdict == ZETA_UNSAFE ? '1' : r->verdict == ZETA_SAFE ? '0' : '2', c->prop);
    if (r->verdict == ZETA_UNSAFE) {
      print_bits(out, init, g->nlatches);
      for (uint32_t k = 0; k < r->trace.length; k++) print_bits(out, inputs + (size_t)k * g->ninputs, g->ninputs);
    }
    fputs(".\n", out);
  } else {
    switch (r->verdict) {
    case ZETA_SAFE: fputs("SAFE\n", out); break;
    case ZETA_UNSAFE: fputs("UNSAFE\n", out); break;
    default: fprintf(out, "UNKNOWN (%s)\n", r->reason && *r->reason ? r->reason : "incomplete");
    }
    if (r->verdict == ZETA_UNSAFE && o->witness) {
      fprintf(out, "counterexample of %u steps: latches at step 0, then the inputs of each step\n", r->trace.length);
      print_bits(out, init, g->nlatches);
      for (uint32_t k = 0; k < r->trace.length; k++) print_bits(out, inputs + (size_t)k * g->ninputs, g->ninputs);
    }
    if (r->verdict == ZETA_SAFE && o->invariant) {
      if (r->invariant != NULL_TERM) {
        fputs("invariant: ", out);
        term_print_let(out, r->invariant);
        fputc('\n', out);
      } else {
        fprintf(out, "invariant: none printed%s\n", r->k > 1 ? "; the property is k-inductive" : "");
      }
    }
  }
  /* the witness format owns stdout: statistics go to stderr there */
  if (o->stats) fprintf(option_is(o->format, "hwmcc") ? stderr : out, "stats: engine %s depth %u frames %u lemmas %u solver-calls %llu\n", engine, r->depth, r->frames,
                         r->lemmas, (unsigned long long)r->solver_calls);
  if (rc == ZETA_EXIT_VERDICT && r->verdict == ZETA_UNKNOWN) rc = ZETA_EXIT_UNKNOWN;
  free(init);
  free(inputs);
  return rc;
}

typedef struct { const aig *g; uint32_t prop; const ts *sys; } native_ctx;

static zeta_verdict run_ic3(void *ctx, const ts_engine_opts *eo, ts_result *r) {
  const native_ctx *c = ctx;
  return aig_ic3_run(c->g, c->prop, c->sys, eo, r);
}

static zeta_verdict run_sat_bmc(void *ctx, const ts_engine_opts *eo, ts_result *r) {
  const native_ctx *c = ctx;
  return aig_bmc_run(c->g, c->prop, c->sys, eo, r);
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
  aiger_ctx c = {&g, (uint32_t)o->property};
  if (option_is(o->format, "hwmcc")) {
    char unknown[64];
    snprintf(unknown, sizeof unknown, "2\nb%u\n.\n", c.prop);
    cli_set_unknown_output(unknown);
  }
  ts s;
  aig_to_ts(&g, c.prop, &s);
  if (o->verbose)
    fprintf(stderr, "zeta: %s: %u inputs, %u latches, %u ands, %u constraints, property %u\n", o->files[0],
            g.ninputs, g.nlatches, g.nands, g.nconstraints, c.prop);
  native_ctx nc = {&g, c.prop, &s};
  hw_native ic3 = {"ic3", run_ic3, &nc, run_sat_bmc, "bmc (bit-level)"};
  int rc = hw_run(o, &s, &lim, finish, &c, &ic3);
  ts_free(&s);
  aig_free(&g);
  return rc;
}
