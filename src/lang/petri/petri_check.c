/* zeta NET.pnml --formula QUERIES.xml: answers every property of an MCC
 * property file, one line each in the MCC convention. Without --formula the
 * BenchKit convention applies: BK_EXAMINATION names the examination and its
 * property file <examination>.xml in the working directory; without either
 * the net is checked for deadlocks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lang/lang.h"
#include "lang/petri/petri_portfolio.h"
#include "lang/petri/petri_ts.h"
#include "lang/petri/mcc_property.h"
#include "lang/petri/pnml.h"
#include "zeta/zeta.h"

static int input_error(const petri_diag *d) {
  if (d->file && d->line) fprintf(stderr, "%s:%lu:%lu: error: %s\n", d->file, d->line, d->column, d->message);
  else if (d->file) fprintf(stderr, "%s: error: %s\n", d->file, d->message);
  else fprintf(stderr, "zeta: error: %s\n", d->message);
  return ZETA_EXIT_INPUT;
}

static bool parse_algo(const zeta_options *o, petri_check_opts *c) {
  memset(c, 0, sizeof *c);
  if (option_is(o->algorithm, "portfolio")) c->algo = PETRI_ALGO_PORTFOLIO;
  else if (option_is(o->algorithm, "explicit")) c->algo = PETRI_ALGO_EXPLICIT;
  else if (option_is(o->algorithm, "se-cegar")) c->algo = PETRI_ALGO_SECEGAR;
  else if (option_is(o->algorithm, "bmc")) c->algo = PETRI_ALGO_TS, c->ts_engine = petri_ts_bmc;
  else if (option_is(o->algorithm, "kind")) c->algo = PETRI_ALGO_TS, c->ts_engine = petri_ts_kind;
  else if (option_is(o->algorithm, "pdr")) c->algo = PETRI_ALGO_TS, c->ts_engine = petri_ts_pdr;
  else {
    fprintf(stderr, "zeta: --algorithm %s is not available for Petri nets (use portfolio, explicit, se-cegar, bmc, kind or pdr)\n",
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
static int load_properties(const zeta_options *o, const petri_net *net, mcc_property_set *ps) {
  petri_diag d = {0};
  const char *exam = getenv("BK_EXAMINATION");
  if (o->formula) {
    if (!mcc_read_file(o->formula, net, ps, &d)) return input_error(&d);
    return 0;
  }
  if (exam && *exam) {
    char path[4096];
    snprintf(path, sizeof path, "%s.xml", exam);
    if (access(path, R_OK) == 0) {
      if (!mcc_read_file(path, net, ps, &d)) return input_error(&d);
      return 0;
    }
    if (strcmp(exam, "ReachabilityDeadlock") != 0) {
      fprintf(stderr, "zeta: BK_EXAMINATION=%s: cannot read %s\n", exam, path);
      return ZETA_EXIT_INPUT;
    }
  }
  char id[600];
  snprintf(id, sizeof id, "%s-ReachabilityDeadlock-0", net->name);
  if (!mcc_deadlock_property(id, ps)) { fprintf(stderr, "zeta: out of memory\n"); return ZETA_EXIT_INTERNAL; }
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

int cli_petri(const zeta_options *o) {
  petri_check_opts copts;
  if (!parse_algo(o, &copts)) return ZETA_EXIT_INPUT;
  double start = petri_now();
  petri_diag d = {0};
  petri_net *net = pnml_read_file(o->files[0], &d);
  if (!net) return input_error(&d);
  mcc_property_set ps = {0};
  int rc = load_properties(o, net, &ps);
  if (rc) { petri_net_free(net); return rc; }
  if (o->verbose)
    fprintf(stderr, "zeta: %s: %u places, %u transitions, %zu properties\n", net->name, net->nplaces,
            net->ntrans, ps.n);
  int exit_code = ZETA_EXIT_VERDICT;
  for (size_t i = 0; i < ps.n; i++) {
    const mcc_property *p = &ps.props[i];
    if (!p->phi) {
      printf("FORMULA %s CANNOT_COMPUTE\n", p->id);
      if (o->verbose) fprintf(stderr, "zeta: %s: %s\n", p->id, p->unsupported);
      exit_code = ZETA_EXIT_UNKNOWN;
      continue;
    }
    /* Share the remaining time equally among the remaining properties. */
    if (o->timeout > 0) {
      double left = start + (double)o->timeout - petri_now();
      copts.limits.deadline = petri_now() + (left > 0 ? left : 0) / (double)(ps.n - i);
    }
    petri_pred *target = mcc_target(p);
    petri_result r;
    petri_result_init(&r);
    petri_answer a = target ? petri_check(net, target, &copts, &r) : PETRI_UNKNOWN;
    if (a == PETRI_REACHABLE && !witness_ok(net, target, &r)) {
      fprintf(stderr, "zeta: internal error: %s: the witness of %s does not replay; answer withheld\n", p->id,
              r.technique);
      a = PETRI_UNKNOWN;
      exit_code = ZETA_EXIT_INTERNAL;
    }
    if (a == PETRI_UNKNOWN) {
      printf("FORMULA %s CANNOT_COMPUTE\n", p->id);
      if (o->verbose) fprintf(stderr, "zeta: %s: unknown (%s)\n", p->id, r.reason[0] ? r.reason : "no engine decided");
      if (exit_code == ZETA_EXIT_VERDICT) exit_code = ZETA_EXIT_UNKNOWN;
    } else {
      bool holds = (a == PETRI_REACHABLE) == (p->quant == MCC_EF);
      printf("FORMULA %s %s TECHNIQUES %s\n", p->id, holds ? "TRUE" : "FALSE", r.technique);
      if (o->witness && a == PETRI_REACHABLE) {
        printf("WITNESS %s %zu", p->id, r.ntrace);
        for (size_t k = 0; k < r.ntrace; k++) printf(" %s", net->trans_id[r.trace[k]]);
        printf("\n");
      }
    }
    if (o->stats)
      fprintf(stderr, "zeta: %s: %s, %llu states/nodes, %.3f s\n", p->id, r.technique,
              (unsigned long long)r.states, petri_now() - start);
    fflush(stdout);
    petri_result_free(&r);
    pred_free(target);
  }
  mcc_property_set_free(&ps);
  petri_net_free(net);
  return exit_code;
}
