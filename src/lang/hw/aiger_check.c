/* zeta FILE.aag|FILE.aig: checks one bad-state property (--property N) of
 * an AIGER circuit. A counterexample is replayed on the circuit with the
 * simulator before it is printed; --format hwmcc prints the AIGER witness
 * format ("1", "b0", the initial latch values, one input vector per step,
 * "."; "0", "b0", "." for a proof). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/alloc.h"
#include "cert/inv_cert.h"
#include "core/emergency.h"
#include "engine/ts_check.h"
#include "lang/hw/aig_bmc.h"
#include "lang/hw/aig_ic3.h"
#include "lang/hw/aig_reduce.h"
#include "lang/hw/aig_ts.h"
#include "lang/hw/aig_witness.h"
#include "lang/hw/aiger.h"
#include "lang/lang.h"
#include "lang/lang_common.h"
#include "lang/ts_run.h"

/* Latch values at step 0 and input vectors per step of g from a trace of
 * the reduced circuit r (NULL: of g itself). Latches and inputs outside
 * the reduced circuit take their reset value (0 when uninitialized) and
 * 0: they do not influence the property. */
static void trace_bits(const aig *g, const aig_reduced *r, const ts_trace *t, uint8_t **init, uint8_t **inputs) {
  uint32_t nl = r ? r->g.nlatches : g->nlatches, ni = r ? r->g.ninputs : g->ninputs;
  *init = xcalloc(g->nlatches + 1, 1);
  *inputs = xcalloc((size_t)t->length * g->ninputs + 1, 1);
  for (uint32_t j = 0; j < g->nlatches; j++)
    if (g->latches[j].reset != g->latches[j].lit) (*init)[j] = (uint8_t)(g->latches[j].reset & 1);
  for (uint32_t j = 0; j < nl; j++) (*init)[r ? r->latch_orig[j] : j] = term_is_true(t->values[j]);
  for (uint32_t k = 0; k < t->length; k++)
    for (uint32_t i = 0; i < ni; i++)
      (*inputs)[(size_t)k * g->ninputs + (r ? r->input_orig[i] : i)] =
          term_is_true(t->values[(size_t)k * t->width + nl + i]);
}

/* The constant latches of r as a conjunction over the original system's
 * variables: with them, an invariant of the reduced circuit is inductive
 * on the original. */
static term_t constant_facts(const aig *g, const aig_reduced *r, const ts *full) {
  term_vec f = {0};
  for (uint32_t j = 0; r && j < g->nlatches; j++)
    if (r->const_val[j] != 2)
      term_vec_push(&f, r->const_val[j] ? full->vars.data[j] : term_not(full->vars.data[j]));
  term_t t = term_and(f.size, f.data);
  term_vec_free(&f);
  return t;
}

static void print_bits(FILE *out, const uint8_t *b, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) fputc(b[i] ? '1' : '0', out);
  fputc('\n', out);
}


/* g and full: the circuit as read and its system (witnesses, reports,
 * invariant certificates); red: the reduced circuit the engines ran on
 * (NULL: none), whose system is the `sys` of finish. */
typedef struct { const aig *g; uint32_t prop; const aig_reduced *red; const ts *full; const zeta_limits *lim; } aiger_ctx;

/* The time certification may take: what is left of the run's limit less
 * a second to print the answer (1 ms when none is left: the certificate is
 * then "unknown", the answer stands); 0 = no limit. */
static uint32_t cert_budget_ms(const aiger_ctx *c) {
  if (!c->lim || c->lim->deadline <= 0) return 0;
  double l = (c->lim->deadline - limits_now() - 1.0) * 1000.0;
  return l < 1 ? 1 : (uint32_t)l;
}

/* The AIGER witness: "1" (or "0" for a proof, "2" unknown), "b<prop>", for
 * a counterexample the initial latch values and one input vector per step,
 * then ".". */
static void write_witness(FILE *out, const aig *g, uint32_t prop, zeta_verdict v, const uint8_t *init,
                          const uint8_t *inputs, uint32_t len) {
  fprintf(out, "%c\nb%u\n", v == ZETA_UNSAFE ? '1' : v == ZETA_SAFE ? '0' : '2', prop);
  if (v == ZETA_UNSAFE) {
    print_bits(out, init, g->nlatches);
    for (uint32_t k = 0; k < len; k++) print_bits(out, inputs + (size_t)k * g->ninputs, g->ninputs);
  }
  fputs(".\n", out);
}

/* Replays a counterexample on the circuit, then reports in the chosen
 * convention. */
static int finish(report *rep, const zeta_options *o, const ts *sys, const char *engine, ts_result *r, void *vctx) {
  const aiger_ctx *c = vctx;
  const aig *g = c->g;
  const ts *rsys = sys;   /* k-induction holds on the system the engines ran on */
  sys = c->full;
  FILE *out = report_out(rep);
  int rc = ZETA_EXIT_VERDICT;
  uint8_t *init = NULL, *inputs = NULL;
  if (r->verdict == ZETA_SAFE && r->invariant != NULL_TERM && c->red)
    r->invariant = term_and2(r->invariant, constant_facts(g, c->red, sys));
  if (r->verdict == ZETA_UNSAFE) {
    trace_bits(g, c->red, &r->trace, &init, &inputs);
    /* a trace may pass through a bad state before its end (IC3's
     * obligations need not be the first bad state on the path): it is cut
     * at the first, which the replay reaches */
    int64_t first = aig_simulate(g, c->prop, init, inputs, r->trace.length);
    if (first >= 0) {
      r->trace.length = (uint32_t)first + 1;
    } else {
      progress_say("zeta: internal error: the counterexample of %s does not replay on the circuit; answer withheld",
                   engine);
      r->verdict = ZETA_UNKNOWN;
      r->reason = "counterexample did not replay";
      rc = ZETA_EXIT_INTERNAL;
    }
  }
  if (r->verdict == ZETA_SAFE && o->validate && r->invariant != NULL_TERM &&
      ts_invariant_check_with(ZETA_SECOND_SOLVER, sys, r->invariant) != TS_INV_OK) {
    progress_say("zeta: internal error: the invariant of %s does not check with cvc5; answer withheld", engine);
    r->verdict = ZETA_UNKNOWN;
    r->reason = "invariant validation failed";
    rc = ZETA_EXIT_INTERNAL;
  }
  char cert[256] = "", *circuit = NULL;
  double cert_t0 = limits_now();
  if (r->verdict == ZETA_SAFE && o->certify) {
    if (r->invariant == NULL_TERM && r->k == 0) snprintf(cert, sizeof cert, "certificate: none (no invariant)");
    else if (r->invariant == NULL_TERM) {
      /* k-induction: the witness circuit with k-1 history slots, checked
       * like any witness; if it cannot be made or does not check, base and
       * step are certified in process (and decide whether the answer stands) */
      char why[200], what[64];
      uint32_t nq = 3;   /* witness check: property, base, step */
      aig_kind_proof pf = {c->red ? &c->red->g : g, c->red ? 0 : c->prop, r->k, c->red ? c->red->latch_orig : NULL,
                           c->red ? c->red->input_orig : NULL, c->red ? c->red->const_val : NULL};
      circuit = o->simple_path ? NULL : aig_kind_witness_circuit(g, c->prop, &pf);
      cert_status s = circuit ? aig_witness_check(g, sys, circuit, cert_budget_ms(c), why, sizeof why) : CERT_UNKNOWN;
      if (!circuit) snprintf(why, sizeof why, "%s", o->simple_path ? "simple-path constraints" : "too large");
      snprintf(what, sizeof what, "witness circuit of %u-induction", r->k);
      bool built = circuit != NULL;
      if (s != CERT_CERTIFIED) { free(circuit); circuit = NULL; }
      if (built && s != CERT_VIOLATED) lang_cert_text(cert, sizeof cert, s, what, nq, why);
      else {
        /* no witness circuit, or one that does not check: base and step in
         * process decide whether the answer stands */
        char why2[200];
        uint32_t b = cert_budget_ms(c);
        s = cert_ts_kinduction(rsys, r->k, o->simple_path, b ? b : 30000, &nq, why2, sizeof why2);
        if (s == CERT_CERTIFIED)
          snprintf(cert, sizeof cert, "certificate: none (no witness circuit: %.120s; %u-induction certified in process)",
                   why, r->k);
        else snprintf(cert, sizeof cert, "certificate: none (no witness circuit: %.100s; %u-induction: %.100s)", why, r->k,
                      why2);
      }
      if (s == CERT_VIOLATED) {
        progress_say("zeta: internal error: the k-induction proof of %s fails certification; answer withheld", engine);
        r->verdict = ZETA_UNKNOWN;
        r->reason = "k-induction certification failed";
        rc = ZETA_EXIT_INTERNAL;
      }
    } else {
      /* the competition's certificate: a witness circuit, checked here
       * (base, step, property by checked RUP refutations) before use */
      char why[200];
      uint32_t nq = 3;   /* witness check: property, base, step */
      circuit = aig_witness_circuit(g, c->prop, sys, r->invariant);
      cert_status s = circuit ? aig_witness_check(g, sys, circuit, cert_budget_ms(c), why, sizeof why)
                              : cert_ts_invariant(sys, r->invariant, 30000, &nq, why, sizeof why);
      if (s != CERT_CERTIFIED) { free(circuit); circuit = NULL; }
      lang_cert_text(cert, sizeof cert, s, circuit ? "witness circuit" : "invariant", nq, why);
      if (s == CERT_VIOLATED) {
        progress_say("zeta: internal error: the invariant of %s fails certification; answer withheld", engine);
        r->verdict = ZETA_UNKNOWN;
        r->reason = "invariant certification failed";
        rc = ZETA_EXIT_INTERNAL;
      }
    }
  }
  if (o->certify) report_stat(rep, "certify-time", "%.3f", limits_now() - cert_t0);
  lang_capture w;
  write_witness(lang_capture_open(&w), g, c->prop, r->verdict, init, inputs, r->trace.length);
  fclose(w.f);
  /* --witness-file: the witness circuit of a certified SAFE answer */
  report_set_witness(rep, circuit && r->verdict == ZETA_SAFE ? circuit : w.buf);
  free(circuit);
  report_set_verdict(rep, r->verdict, r->reason);
  if (r->verdict == ZETA_UNSAFE) {
    report_set_evidence(rep, "trace", NULL);
    for (uint32_t k = 0; k < r->trace.length; k++) {
      report_step(rep, "step %u", k);
      if (k == 0)
        for (uint32_t j = 0; j < g->nlatches; j++) report_value(rep, term_var_name(sys->vars.data[j]), init[j] ? "1" : "0");
      for (uint32_t i = 0; i < g->ninputs; i++)
        report_value(rep, term_var_name(sys->inputs.data[i]), inputs[(size_t)k * g->ninputs + i] ? "1" : "0");
    }
  }
  if (option_is(o->format, "hwmcc")) {
    fputs(w.buf, out);
  } else {
    lang_verdict(rep, r->verdict, r->reason);
    if (r->verdict == ZETA_UNSAFE && o->witness) {
      fprintf(out, "counterexample of %u steps: latches at step 0, then the inputs of each step\n", r->trace.length);
      print_bits(out, init, g->nlatches);
      for (uint32_t k = 0; k < r->trace.length; k++) print_bits(out, inputs + (size_t)k * g->ninputs, g->ninputs);
    }
    if (r->verdict == ZETA_SAFE && cert[0]) fprintf(out, "%s\n", cert);
    if (r->verdict == ZETA_SAFE && o->invariant) {
      if (r->invariant != NULL_TERM) {
        lang_ts_report_invariant(rep, r->invariant);
      } else {
        fprintf(out, "invariant: none printed%s\n", r->k > 1 ? "; the property is k-inductive" : "");
      }
    }
  }
  free(w.buf);
  if (rc == ZETA_EXIT_VERDICT && r->verdict == ZETA_UNKNOWN) rc = ZETA_EXIT_UNKNOWN;
  report_set_exit(rep, rc);
  free(init);
  free(inputs);
  return rc;
}

typedef struct { const aig *g; uint32_t prop; const ts *sys; } native_ctx;

static zeta_verdict run_ic3(void *ctx, const ts_engine_opts *eo, ts_result *r) {
  const native_ctx *c = ctx;
  return aig_ic3_run(c->g, c->prop, c->sys, eo, r);
}

/* IC3 in the portfolio: starts IC3_LATE seconds after kind-bit, which
 * settles most tasks in a fraction of a second (docs/STATUS-hw.md), so
 * that IC3 does not double the CPU time of those; the wait costs no CPU. */
#define IC3_LATE 0.5
static zeta_verdict run_ic3_late(void *ctx, const ts_engine_opts *eo, ts_result *r) {
  struct timespec step = {0, 20000000};
  for (int i = 0; i < (int)(IC3_LATE / 0.02) && !ts_engine_expired(eo); i++) nanosleep(&step, NULL);
  return run_ic3(ctx, eo, r);
}

static zeta_verdict run_sat_bmc(void *ctx, const ts_engine_opts *eo, ts_result *r) {
  const native_ctx *c = ctx;
  return aig_bmc_run(c->g, c->prop, c->sys, eo, false, r);
}

static zeta_verdict run_sat_kind(void *ctx, const ts_engine_opts *eo, ts_result *r) {
  const native_ctx *c = ctx;
  return aig_bmc_run(c->g, c->prop, c->sys, eo, true, r);
}

typedef struct {
  aig g;
  ts sys;          /* of g */
  aig_reduced red;
  ts rsys;         /* of red.g (= sys under --no-reduce) */
  bool reduced;
  uint32_t prop;
  aiger_ctx ctx;
  native_ctx native;
  lang_ts_engine engines[4];
} aiger_model;

static void *aiger_load(const char *path, const zeta_options *o, diag *d) {
  aiger_model *m = xcalloc(1, sizeof *m);
  aiger_diag ad;
  if (!aiger_read_file(path, &m->g, &ad)) {
    diag_set(d, ZETA_EXIT_INPUT, "%s", ad.message);
    free(m);
    return NULL;
  }
  uint32_t np = aig_nproperties(&m->g);
  if ((uint64_t)o->property >= np) {
    diag_set(d, ZETA_EXIT_INPUT, "%s: --property %ld: the circuit has %u bad-state propert%s", path, o->property, np,
             np == 1 ? "y" : "ies");
    aig_free(&m->g);
    free(m);
    return NULL;
  }
  m->prop = (uint32_t)o->property;
  aig_to_ts(&m->g, m->prop, &m->sys);
  if (o->verbose)
    progress_say("zeta: %s: %u inputs, %u latches, %u ands, %u constraints, property %u", path, m->g.ninputs,
                 m->g.nlatches, m->g.nands, m->g.nconstraints, m->prop);
  m->reduced = !o->no_reduce;
  if (m->reduced) {
    aig_reduce(&m->g, m->prop, &m->red);
    aig_to_ts_named(&m->red.g, 0, m->red.latch_orig, m->red.input_orig, &m->rsys);
    if (o->verbose)
      progress_say("zeta: reduced: %u inputs, %u latches (%u constant), %u ands, %u constraints", m->red.g.ninputs,
                   m->red.g.nlatches, m->red.nconst, m->red.g.nands, m->red.g.nconstraints);
  }
  return m;
}

static int aiger_check(void *vm, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  aiger_model *m = vm;
  const ts *sys = m->reduced ? &m->rsys : &m->sys;
  m->ctx = (aiger_ctx){&m->g, m->prop, m->reduced ? &m->red : NULL, &m->sys, lim};
  m->native = m->reduced ? (native_ctx){&m->red.g, 0, sys} : (native_ctx){&m->g, m->prop, sys};
  m->engines[0] = (lang_ts_engine){"ic3", run_ic3, &m->native};
  m->engines[1] = (lang_ts_engine){"bmc-bit", run_sat_bmc, &m->native};
  m->engines[2] = (lang_ts_engine){"kind-bit", run_sat_kind, &m->native};
  m->engines[3] = (lang_ts_engine){"ic3-late", run_ic3_late, &m->native};
  if (option_is(o->format, "hwmcc")) {
    char unknown[64];
    snprintf(unknown, sizeof unknown, "2\nb%u\n.\n", m->prop);
    emergency_set_answer(unknown);
  }
  /* bit-level BMC with the k-induction step (1- and 2-inductive circuits
   * are common) on one core, bit-level IC3 half a second later on the
   * other: measured in docs/STATUS-hw.md (the SMT-based kind took 5x the
   * CPU of kind-bit) */
  const char *jobs = getenv("ZETA_HW_PORTFOLIO");   /* for measurements, as ZETA_PORTFOLIO_WIDTH */
  lang_ts_hooks h = {.finish = finish, .ctx = &m->ctx, .engines = m->engines, .nengines = 4,
                     .portfolio = jobs && *jobs ? jobs : "kind-bit,ic3-late", .width = 2};
  return lang_ts_check(o, sys, &h, lim, r, d);
}

static void aiger_free(void *vm) {
  aiger_model *m = vm;
  ts_free(&m->sys);
  if (m->reduced) {
    ts_free(&m->rsys);
    aig_reduced_free(&m->red);
  }
  aig_free(&m->g);
  free(m);
}

const lang lang_aiger = {"aiger", "aag aig", ".aag .aig", "AIGER 1.9 circuits, ASCII or binary, one bad-state property", "vmt chc",
                         aiger_load, aiger_check, aiger_free};
