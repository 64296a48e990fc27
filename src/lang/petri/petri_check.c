/* zeta NET.pnml --formula QUERIES.xml: answers every property of an MCC
 * property file, one line each in the MCC convention. Without --formula the
 * BenchKit convention applies: BK_EXAMINATION names the examination and its
 * property file <examination>.xml in the working directory; without either
 * the net is checked for deadlocks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/alloc.h"
#include "core/emergency.h"
#include "lang/lang.h"
#include "lang/lang_common.h"
#include "lang/petri/mcc_property.h"
#include "lang/petri/petri_portfolio.h"
#include "lang/petri/petri_ts.h"
#include "lang/petri/pnml.h"

static int input_error(const petri_diag *pd, diag *d) {
  if (pd->file && pd->line) diag_set(d, ZETA_EXIT_INPUT, "%s:%lu:%lu: error: %s", pd->file, pd->line, pd->column, pd->message);
  else if (pd->file) diag_set(d, ZETA_EXIT_INPUT, "%s: error: %s", pd->file, pd->message);
  else diag_set(d, ZETA_EXIT_INPUT, "zeta: error: %s", pd->message);
  return ZETA_EXIT_INPUT;
}

static bool parse_algo(const zeta_options *o, petri_check_opts *c, diag *d) {
  memset(c, 0, sizeof *c);
  if (option_is(o->algorithm, "portfolio")) c->algo = PETRI_ALGO_PORTFOLIO;
  else if (option_is(o->algorithm, "explicit")) c->algo = PETRI_ALGO_EXPLICIT;
  else if (option_is(o->algorithm, "se-cegar")) c->algo = PETRI_ALGO_SECEGAR;
  else if (option_is(o->algorithm, "bmc")) c->algo = PETRI_ALGO_TS, c->ts_engine = petri_ts_bmc;
  else if (option_is(o->algorithm, "kind")) c->algo = PETRI_ALGO_TS, c->ts_engine = petri_ts_kind;
  else if (option_is(o->algorithm, "pdr")) c->algo = PETRI_ALGO_TS, c->ts_engine = petri_ts_pdr;
  else {
    diag_set(d, ZETA_EXIT_INPUT, "zeta: --algorithm %s is not available for Petri nets (use portfolio, explicit, se-cegar, bmc, kind or pdr)",
             o->algorithm);
    return false;
  }
  c->se_search = option_is(o->se_search, "dfs") ? SECEGAR_DFS : option_is(o->se_search, "bfs") ? SECEGAR_BFS
                                                                                                 : SECEGAR_HYBRID;
  if (c->algo == PETRI_ALGO_PORTFOLIO) c->ts_engine = petri_ts_any;
  c->dfs = option_is(o->search, "DFS");
  c->limits.max_bytes = o->memlimit > 0 ? (size_t)o->memlimit << 20 : 0;
  /* Testing switches for the ablation experiments of the seed work. */
  c->no_por = getenv("ZETA_PETRI_NO_POR") != NULL;
  c->no_distant = getenv("ZETA_PETRI_NO_DISTANT") != NULL;
  return true;
}

/* Loads the properties: --formula, else BenchKit, else deadlock. */
static int load_properties(const zeta_options *o, const petri_net *net, mcc_property_set *ps, diag *dg) {
  petri_diag d = {0};
  const char *exam = getenv("BK_EXAMINATION");
  if (o->formula) {
    if (!mcc_read_file(o->formula, net, ps, &d)) return input_error(&d, dg);
    return 0;
  }
  if (exam && *exam) {
    char path[4096];
    snprintf(path, sizeof path, "%s.xml", exam);
    if (access(path, R_OK) == 0) {
      if (!mcc_read_file(path, net, ps, &d)) return input_error(&d, dg);
      return 0;
    }
    if (strcmp(exam, "ReachabilityDeadlock") != 0) {
      diag_set(dg, ZETA_EXIT_INPUT, "zeta: BK_EXAMINATION=%s: cannot read %s", exam, path);
      return ZETA_EXIT_INPUT;
    }
  }
  char id[600];
  snprintf(id, sizeof id, "%s-ReachabilityDeadlock-0", net->name);
  if (!mcc_deadlock_property(id, ps)) alloc_fail(0);
  return 0;
}

/* Replays the witness and checks that it reaches the target. */
static bool witness_ok(const petri_net *net, const petri_pred *target, const petri_result *r) {
  petri_tok *m = malloc(((size_t)net->nplaces + 1) * sizeof *m);
  if (!m) return false;
  bool ok = petri_replay(net, r->trace, r->ntrace, m, NULL) == PETRI_REPLAY_OK && pred_eval(net, target, m);
  free(m);
  return ok;
}

typedef struct { petri_net *net; mcc_property_set ps; } petri_input;

static void *petri_load(const char *path, const zeta_options *o, diag *d) {
  petri_diag pd = {0};
  petri_net *net = pnml_read_file(path, &pd);
  if (!net) {
    input_error(&pd, d);
    return NULL;
  }
  petri_input *in = xcalloc(1, sizeof *in);
  in->net = net;
  if (load_properties(o, net, &in->ps, d)) {
    mcc_property_set_free(&in->ps);
    petri_net_free(net);
    free(in);
    return NULL;
  }
  if (o->verbose)
    progress_say("zeta: %s: %u places, %u transitions, %zu properties", net->name, net->nplaces, net->ntrans, in->ps.n);
  return in;
}

/* What the hard stop and out of memory print: the formulas not answered
 * yet, in MCC words. */
static void set_emergency_answer(const mcc_property_set *ps, size_t from) {
  lang_capture c;
  FILE *f = lang_capture_open(&c);
  for (size_t i = from; i < ps->n; i++) fprintf(f, "FORMULA %s CANNOT_COMPUTE\n", ps->props[i].id);
  fclose(f);
  emergency_set_answer(c.buf ? c.buf : "");
  free(c.buf);
}

/* Answers every property, one line each, as soon as it is decided. */
static int petri_check_all(void *m, const zeta_options *o, const zeta_limits *lim, report *rep, diag *d) {
  petri_input *in = m;
  petri_net *net = in->net;
  mcc_property_set *ps = &in->ps;
  FILE *out = report_out(rep);
  petri_check_opts copts;
  if (!parse_algo(o, &copts, d)) return ZETA_EXIT_INPUT;
  (void)lim;   /* the properties share o->timeout themselves */
  double start = petri_now();
  int exit_code = ZETA_EXIT_VERDICT;
  size_t decided = 0;
  for (size_t i = 0; i < ps->n; i++) {
    const mcc_property *p = &ps->props[i];
    set_emergency_answer(ps, i);
    if (!p->phi) {
      fprintf(out, "FORMULA %s CANNOT_COMPUTE\n", p->id);
      report_property(rep, p->id, ZETA_UNKNOWN, "CANNOT_COMPUTE");
      if (o->verbose) progress_say("zeta: %s: %s", p->id, p->unsupported);
      exit_code = ZETA_EXIT_UNKNOWN;
      continue;
    }
    /* Share the remaining time equally among the remaining properties. */
    if (o->timeout > 0) {
      double left = start + (double)o->timeout - petri_now();
      copts.limits.deadline = petri_now() + (left > 0 ? left : 0) / (double)(ps->n - i);
    }
    petri_pred *target = mcc_target(p);
    petri_result r;
    petri_result_init(&r);
    petri_answer a = target ? petri_check(net, target, &copts, &r) : PETRI_UNKNOWN;
    if (a == PETRI_REACHABLE && !witness_ok(net, target, &r)) {
      progress_say("zeta: internal error: %s: the witness of %s does not replay; answer withheld", p->id, r.technique);
      a = PETRI_UNKNOWN;
      exit_code = ZETA_EXIT_INTERNAL;
    }
    if (a == PETRI_UNKNOWN) {
      fprintf(out, "FORMULA %s CANNOT_COMPUTE\n", p->id);
      report_property(rep, p->id, ZETA_UNKNOWN, "CANNOT_COMPUTE");
      if (o->verbose) progress_say("zeta: %s: unknown (%s)", p->id, r.reason[0] ? r.reason : "no engine decided");
      if (exit_code == ZETA_EXIT_VERDICT) exit_code = ZETA_EXIT_UNKNOWN;
    } else {
      bool holds = (a == PETRI_REACHABLE) == (p->quant == MCC_EF);
      char answer[600];
      snprintf(answer, sizeof answer, "%s TECHNIQUES %s", holds ? "TRUE" : "FALSE", r.technique);
      fprintf(out, "FORMULA %s %s\n", p->id, answer);
      /* a property holds = SAFE in the sense "no violation": AG true, EF false */
      report_property(rep, p->id, (p->quant == MCC_EF) != holds ? ZETA_SAFE : ZETA_UNSAFE, answer);
      decided++;
      if (a == PETRI_REACHABLE) {
        report_step(rep, "%s", p->id);
        for (size_t k = 0; k < r.ntrace; k++) report_value(rep, "fire", net->trans_id[r.trace[k]]);
        if (o->witness) {
          fprintf(out, "WITNESS %s %zu", p->id, r.ntrace);
          for (size_t k = 0; k < r.ntrace; k++) fprintf(out, " %s", net->trans_id[r.trace[k]]);
          fprintf(out, "\n");
        }
      }
    }
    if (o->stats)
      progress_say("zeta: %s: %s, %llu states/nodes, %.3f s", p->id, r.technique, (unsigned long long)r.states,
                   petri_now() - start);
    fflush(out);
    petri_result_free(&r);
    pred_free(target);
  }
  if (report_nsteps(rep)) report_set_evidence(rep, "firing-sequence", NULL);
  report_stat(rep, "properties", "%zu", ps->n);
  report_stat(rep, "decided", "%zu", decided);
  /* the file's verdict: unsafe when a property is violated, safe when all
   * hold, else unknown */
  zeta_verdict v = decided == ps->n ? ZETA_SAFE : ZETA_UNKNOWN;
  for (size_t i = 0; i < report_nproperties(rep); i++)
    if (report_property_verdict(rep, i) == ZETA_UNSAFE) v = ZETA_UNSAFE;
  report_set_verdict(rep, v, v == ZETA_UNKNOWN ? "some formulas undecided" : NULL);
  report_set_exit(rep, exit_code);
  return exit_code;
}

static void petri_free_input(void *m) {
  petri_input *in = m;
  mcc_property_set_free(&in->ps);
  petri_net_free(in->net);
  free(in);
}

const lang lang_petri = {"pnml", "petri", ".pnml", "Petri nets (PNML) with MCC reachability formulas (--formula)",
                         petri_load, petri_check_all, petri_free_input};
