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
#include "lang/petri/petri_reduce.h"
#include "lang/petri/petri_ts.h"
#include "lang/petri/petri_walk.h"
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
  /* the engines' own tables get half of the memory limit (an address-space
   * limit that also covers the net, GLPK and Z3): an engine over it stops
   * and the next one continues */
  c->limits.max_bytes = o->memlimit > 0 ? (size_t)o->memlimit << 19 : 0;
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

typedef struct {
  petri_net *net;
  mcc_property_set ps;
  double loaded_from;  /* petri_now() when loading began: --timeout counts from there */
} petri_input;

static void petri_free_input(void *m);

/* --formula-id ID: keeps only that property. */
static bool select_formula(mcc_property_set *ps, const char *id, diag *d) {
  size_t k = 0;
  for (size_t i = 0; i < ps->n; i++) {
    if (strcmp(ps->props[i].id, id) == 0) {
      if (k != i) {
        mcc_property tmp = ps->props[k];
        ps->props[k] = ps->props[i];
        ps->props[i] = tmp;
      }
      k++;
    }
  }
  if (!k) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta: --formula-id %s: no such formula in the property file", id);
    return false;
  }
  /* free the others, keep the selected ones */
  mcc_property_set rest = {ps->props + k, ps->n - k};
  mcc_property_set keep = {NULL, k};
  keep.props = xmalloc(k * sizeof *keep.props);
  memcpy(keep.props, ps->props, k * sizeof *keep.props);
  for (size_t i = 0; i < rest.n; i++) {
    free(rest.props[i].id);
    pred_free(rest.props[i].phi);
  }
  free(ps->props);
  *ps = keep;
  return true;
}

static void *petri_load(const char *path, const zeta_options *o, diag *d) {
  petri_diag pd = {0};
  double t0 = petri_now();
  petri_net *net = pnml_read_file(path, &pd);
  if (!net) {
    input_error(&pd, d);
    return NULL;
  }
  petri_input *in = xcalloc(1, sizeof *in);
  in->net = net;
  in->loaded_from = t0;
  if (load_properties(o, net, &in->ps, d)) {
    mcc_property_set_free(&in->ps);
    petri_net_free(net);
    free(in);
    return NULL;
  }
  if (o->formula_id && !select_formula(&in->ps, o->formula_id, d)) {
    petri_free_input(in);
    return NULL;
  }
  if (o->verbose)
    progress_say("zeta: %s: %u places, %u transitions, %zu properties", net->name, net->nplaces, net->ntrans, in->ps.n);
  return in;
}

/* What the hard stop and out of memory print: the formulas not answered
 * yet, in MCC words. */
static void set_emergency_answer(const mcc_property_set *ps, const bool *done) {
  lang_capture c;
  FILE *f = lang_capture_open(&c);
  for (size_t i = 0; i < ps->n; i++)
    if (!done[i]) fprintf(f, "FORMULA %s CANNOT_COMPUTE\n", ps->props[i].id);
  fclose(f);
  emergency_set_answer(c.buf ? c.buf : "");
  free(c.buf);
}

typedef struct {
  petri_net *net;
  mcc_property_set *ps;
  const zeta_options *o;
  report *rep;
  FILE *out;
  petri_pred **targets;
  bool *done;
  petri_reduce_facts facts; /* dead transitions, constant places; NULL = no reductions */
  petri_reduced *red;       /* per property, see reduced_for */
  char *red_state;          /* 0 = not computed, 1 = red[i] valid, 2 = use the input net */
  size_t decided;
  int exit_code;
} check_run;

/* Prints the answer of property i (a = the engine's answer on its target):
 * a witness is replayed first, and withheld (CANNOT_COMPUTE later) if it
 * does not replay. Returns true when the property is now decided. */
static bool answer(check_run *cr, size_t i, petri_answer a, petri_result *r) {
  const mcc_property *p = &cr->ps->props[i];
  const petri_net *net = cr->net;
  if (a == PETRI_UNKNOWN) return false;
  if (a == PETRI_REACHABLE && !witness_ok(net, cr->targets[i], r)) {
    progress_say("zeta: internal error: %s: the witness of %s does not replay; answer withheld", p->id, r->technique);
    cr->exit_code = ZETA_EXIT_INTERNAL;
    return false;
  }
  bool holds = (a == PETRI_REACHABLE) == (p->quant == MCC_EF);
  char text[600];
  snprintf(text, sizeof text, "%s TECHNIQUES %s", holds ? "TRUE" : "FALSE", r->technique);
  fprintf(cr->out, "FORMULA %s %s\n", p->id, text);
  /* a property holds = SAFE in the sense "no violation": AG true, EF false */
  report_property(cr->rep, p->id, (p->quant == MCC_EF) != holds ? ZETA_SAFE : ZETA_UNSAFE, text);
  cr->decided++;
  if (a == PETRI_REACHABLE) {
    report_step(cr->rep, "%s", p->id);
    for (size_t k = 0; k < r->ntrace; k++) report_value(cr->rep, "fire", net->trans_id[r->trace[k]]);
    if (cr->o->witness) {
      fprintf(cr->out, "WITNESS %s %zu", p->id, r->ntrace);
      for (size_t k = 0; k < r->ntrace; k++) fprintf(cr->out, " %s", net->trans_id[r->trace[k]]);
      fprintf(cr->out, "\n");
    }
  }
  fflush(cr->out);
  cr->done[i] = true;
  set_emergency_answer(cr->ps, cr->done);
  return true;
}

static void cannot_compute(check_run *cr, size_t i, const char *why) {
  const mcc_property *p = &cr->ps->props[i];
  fprintf(cr->out, "FORMULA %s CANNOT_COMPUTE\n", p->id);
  report_property(cr->rep, p->id, ZETA_UNKNOWN, "CANNOT_COMPUTE");
  if (cr->o->verbose) progress_say("zeta: %s: unknown (%s)", p->id, why && *why ? why : "no engine decided");
  if (cr->exit_code == ZETA_EXIT_VERDICT) cr->exit_code = ZETA_EXIT_UNKNOWN;
  fflush(cr->out);
  cr->done[i] = true;
  set_emergency_answer(cr->ps, cr->done);
}

/* The share of the time for the first walk phase (ZETA_PETRI_WALK_SHARE
 * for experiments). */
static double walk_share(void) {
  const char *s = getenv("ZETA_PETRI_WALK_SHARE");
  double v = s ? atof(s) : 0.05;
  return v >= 0 && v <= 1 ? v : 0.05;
}

/* Shared random walks over every open formula: a few percent of the time
 * finds most EF witnesses / AG counterexamples of the whole file at once. */
static void walk_phase(check_run *cr, double deadline, const zeta_options *o) {
  size_t n = cr->ps->n;
  petri_result *res = xcalloc(n ? n : 1, sizeof *res);
  for (size_t i = 0; i < n; i++) petri_result_init(&res[i]);
  petri_limits l = {0};
  l.deadline = deadline;
  double t0 = petri_now();
  petri_walk(cr->net, (const petri_pred *const *)cr->targets, n, res, 0, 1, &l);
  for (size_t i = 0; i < n; i++) {
    if (res[i].answer != PETRI_UNKNOWN && !cr->done[i]) {
      answer(cr, i, res[i].answer, &res[i]);
      if (o->stats) progress_say("zeta: %s: %s, %.3f s", cr->ps->props[i].id, res[i].technique, petri_now() - t0);
    }
    petri_result_free(&res[i]);
  }
  free(res);
}

static bool reduction_removed_something(const petri_reduce_stats *s) {
  return s->dead_trans + s->const_places + s->dup_trans + s->coi_places + s->coi_trans + s->agglomerated > 0;
}

/* Property i's reduced net, computed once (both rounds use it); NULL when
 * reductions are off, failed, or removed nothing. */
static const petri_reduced *reduced_for(check_run *cr, size_t i) {
  if (!cr->facts.dead) return NULL;
  if (!cr->red_state[i]) {
    cr->red_state[i] = 2;
    petri_reduced *red = &cr->red[i];
    double t0 = petri_now();
    if (!petri_reduce(cr->net, &cr->facts, cr->targets[i], red)) return NULL;
    if (cr->o->stats)
      progress_say("zeta: %s: reduced to %u places, %u transitions (dead %u, constant %u, duplicate %u, cone -%u "
                   "places -%u transitions, agglomerated %u), %.3f s",
                   cr->ps->props[i].id, red->net->nplaces, red->net->ntrans, red->stats.dead_trans,
                   red->stats.const_places, red->stats.dup_trans, red->stats.coi_places, red->stats.coi_trans,
                   red->stats.agglomerated, petri_now() - t0);
    if (!reduction_removed_something(&red->stats) && red->target->op != PRED_TRUE && red->target->op != PRED_FALSE) {
      petri_reduced_free(red);
      return NULL;
    }
    cr->red_state[i] = 1;
  }
  return cr->red_state[i] == 1 ? &cr->red[i] : NULL;
}

/* The portfolio on the net reduced for property i's target (when
 * reductions are on); a firing sequence comes back in original transitions
 * (answer() replays it on the original net). */
static petri_answer check_one(check_run *cr, size_t i, const petri_check_opts *copts, petri_result *r) {
  const petri_reduced *red = reduced_for(cr, i);
  if (!red) {
    petri_result_init(r);
    return petri_check(cr->net, cr->targets[i], copts, r);
  }
  petri_answer a = petri_reduced_decide(red, r);
  if (a == PETRI_UNKNOWN) a = petri_check(red->net, red->target, copts, r);
  if (a == PETRI_REACHABLE) petri_reduced_lift(red, r);
  /* the answer's TECHNIQUES say when the net was smaller than the input */
  if (a != PETRI_UNKNOWN && reduction_removed_something(&red->stats) &&
      !strstr(r->technique, "STRUCTURAL_REDUCTION") && strlen(r->technique) + 22 < sizeof r->technique)
    strcat(r->technique, " STRUCTURAL_REDUCTION");
  return a;
}

/* Answers every property, one line each, as soon as it is decided: shared
 * random walks first, then the portfolio per formula in two rounds (the
 * second shares out all the time left), so no formula is abandoned while
 * time remains. */
static int petri_check_all(void *m, const zeta_options *o, const zeta_limits *lim, report *rep, diag *d) {
  petri_input *in = m;
  check_run cr = {in->net, &in->ps, o, rep, report_out(rep), NULL, NULL, {0}, NULL, NULL, 0, ZETA_EXIT_VERDICT};
  mcc_property_set *ps = &in->ps;
  petri_check_opts copts;
  if (!parse_algo(o, &copts, d)) return ZETA_EXIT_INPUT;
  double start = petri_now();
  /* the run's deadline counts from the start of loading (parsing a net of
   * 10,000 places takes a while), a little before the limit so that the
   * last lines get out; the hard stop 0.5 s after the limit */
  (void)lim;
  double deadline = 0;
  if (o->timeout > 0) {
    deadline = in->loaded_from + (double)o->timeout;
    if (o->hard_limits) emergency_rearm_exact(deadline - petri_now() + 0.5);
    deadline -= 0.1;
  }
  size_t n = ps->n;
  cr.targets = xcalloc(n ? n : 1, sizeof *cr.targets);
  cr.done = xcalloc(n ? n : 1, sizeof *cr.done);
  cr.red = xcalloc(n ? n : 1, sizeof *cr.red);
  cr.red_state = xcalloc(n ? n : 1, sizeof *cr.red_state);
  set_emergency_answer(ps, cr.done);
  for (size_t i = 0; i < n; i++) {
    if (!ps->props[i].phi) { cannot_compute(&cr, i, ps->props[i].unsupported); continue; }
    cr.targets[i] = mcc_target(&ps->props[i]);
    if (!cr.targets[i]) cannot_compute(&cr, i, "out of memory");
  }
  /* structural reductions serve the portfolio (the single engines stay
   * as they are, for the ablations); ZETA_PETRI_NO_REDUCE=1 turns them off */
  if (copts.algo == PETRI_ALGO_PORTFOLIO && !getenv("ZETA_PETRI_NO_REDUCE") &&
      !petri_reduce_facts_compute(cr.net, &cr.facts))
    memset(&cr.facts, 0, sizeof cr.facts);
  if (copts.algo == PETRI_ALGO_PORTFOLIO) {
    double walk_end = deadline > 0 ? petri_now() + walk_share() * (deadline - petri_now()) : petri_now() + 1.0;
    walk_phase(&cr, walk_end, o);
  }
  for (int round = 1; round <= 2; round++) {
    size_t open = 0;
    for (size_t i = 0; i < n; i++) open += !cr.done[i];
    if (!open) break;
    double round_end = deadline;
    if (deadline > 0 && round == 1) round_end = petri_now() + 0.5 * (deadline - petri_now());
    for (size_t i = 0; i < n; i++) {
      if (cr.done[i]) continue;
      const mcc_property *p = &ps->props[i];
      /* share the round's remaining time equally among its open formulas */
      if (deadline > 0) {
        double left = round_end - petri_now();
        copts.limits.deadline = petri_now() + (left > 0 ? left : 0) / (double)open;
      }
      open--;
      petri_result r;
      petri_answer a = check_one(&cr, i, &copts, &r);
      bool ok = answer(&cr, i, a, &r);
      if (o->stats)
        progress_say("zeta: %s: round %d: %s, %llu states/nodes, %.3f s", p->id, round, ok ? r.technique : "undecided",
                     (unsigned long long)r.states, petri_now() - start);
      /* without a time limit one round decides what can be decided */
      if (!ok && (round == 2 || deadline <= 0 || (deadline > 0 && petri_now() >= deadline)))
        cannot_compute(&cr, i, r.reason);
      petri_result_free(&r);
      if (cr.done[i] && cr.red_state[i] == 1) {
        petri_reduced_free(&cr.red[i]);
        cr.red_state[i] = 2;
      }
    }
    if (deadline <= 0) break;
  }
  for (size_t i = 0; i < n; i++)
    if (!cr.done[i]) cannot_compute(&cr, i, "timeout");
  for (size_t i = 0; i < n; i++) pred_free(cr.targets[i]);
  free(cr.targets);
  free(cr.done);
  for (size_t i = 0; i < n; i++)
    if (cr.red_state[i] == 1) petri_reduced_free(&cr.red[i]);
  free(cr.red);
  free(cr.red_state);
  petri_reduce_facts_free(&cr.facts);
  if (report_nsteps(rep)) report_set_evidence(rep, "firing-sequence", NULL);
  report_stat(rep, "properties", "%zu", n);
  report_stat(rep, "decided", "%zu", cr.decided);
  /* the file's verdict: unsafe when a property is violated, safe when all
   * hold, else unknown */
  zeta_verdict v = cr.decided == n ? ZETA_SAFE : ZETA_UNKNOWN;
  for (size_t i = 0; i < report_nproperties(rep); i++)
    if (report_property_verdict(rep, i) == ZETA_UNSAFE) v = ZETA_UNSAFE;
  report_set_verdict(rep, v, v == ZETA_UNKNOWN ? "some formulas undecided" : NULL);
  report_set_exit(rep, cr.exit_code);
  return cr.exit_code;
}

static void petri_free_input(void *m) {
  petri_input *in = m;
  mcc_property_set_free(&in->ps);
  petri_net_free(in->net);
  free(in);
}

const lang lang_petri = {"pnml", "petri", ".pnml", "Petri nets (PNML) with MCC reachability formulas (--formula)", "",
                         petri_load, petri_check_all, petri_free_input};
