/* The TLA+ room: a specification with its TLC model configuration, checked
 * by the explicit-state engine (TLC's semantics; with --length, bounded as
 * Apalache's check). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/lang.h"
#include "lang/lang_common.h"
#include "lang/tla/tla_bmc.h"
#include "lang/tla/tla_explicit.h"
#include "lang/tla/tla_model.h"
#include "lang/tla/tla_reach.h"
#include "lang/tla/tla_sym.h"
#include "engine/ts_check.h"
#include "lang/ts_run.h"
#include "solver/solver.h"

static void *tla_load(const char *path, const zeta_options *o, diag *d) {
  tla_load_opts lo = {.config = o->config, .init = o->init, .next = o->next, .inv = o->inv, .check_deadlock = -1};
  if (o->check_deadlock && strcmp(o->check_deadlock, "true") == 0) lo.check_deadlock = 1;
  if (o->check_deadlock && strcmp(o->check_deadlock, "false") == 0) lo.check_deadlock = 0;
  return tla_model_load(path, &lo, d);
}

static void print_trace(report *r, tla_model *m, const tla_explicit_result *res) {
  lang_capture cap;
  FILE *f = lang_capture_open(&cap);
  for (size_t i = 0; i < res->ntrace; i++) {
    const tla_val *s = res->trace[i];
    report_step(r, "State %zu", i + 1);
    fprintf(f, "State %zu:%s\n", i + 1, i == 0 ? " <Initial predicate>" : "");
    for (size_t k = 0; k < tla_nvars(m); k++) {
      char *v = tv_to_string(s->v[k]);
      fprintf(f, "/\\ %s = %s\n", tla_var_name(m, k), v);
      report_value(r, tla_var_name(m, k), v);
      free(v);
    }
    fputc('\n', f);
  }
  lang_emit(r, "trace", &cap);
}

/* Apalache's deadlock notion on the encoding: does an execution of
 * `bound` steps (no evaluation error on the way) exist? 1, 0, -1 unknown. */
static int sym_execution_exists(const ts *sys, term_t err, int bound, const ts_engine_opts *eo) {
  solver *sv = ts_engine_solver(eo);
  if (!sv) return -1;
  solver_assert(sv, sys->init);
  for (int k = 0; k < bound; k++) solver_assert(sv, term_shift(sys->trans, k));
  for (int k = 0; k <= bound; k++) solver_assert(sv, term_not(term_shift(err, k)));
  ts_engine_arm(sv, eo);
  solver_result res = solver_check(sv);
  solver_free(sv);
  return res == SOLVER_SAT ? 1 : res == SOLVER_UNSAT ? 0 : -1;
}

/* TLC's deadlock by BMC: a state within the constraints, reachable in at
 * most `bound` steps, without successors. 1 found (trace in t), 0 none,
 * -1 unknown. */
static int sym_deadlock(const tla_sym *sym, int bound, const ts_engine_opts *eo, ts_trace *t) {
  const ts *sys = tla_sym_ts(sym);
  solver *sv = ts_engine_solver(eo);
  if (!sv) return -1;
  solver_assert(sv, sys->init);
  int found = 0;
  term_t dead = term_and2(term_and2(tla_sym_constraint(sym), term_not(tla_sym_error(sym))),
                          term_not(tla_sym_enabled(sym)));
  for (int k = 0; k <= bound && !found; k++) {
    solver_push(sv);
    solver_assert(sv, term_shift(dead, k));
    ts_engine_arm(sv, eo);
    solver_result res = solver_check(sv);
    if (res == SOLVER_SAT) found = ts_trace_extract(sv, sys, (uint32_t)k + 1, t) ? 1 : -1;
    else if (res != SOLVER_UNSAT) found = -1;
    solver_pop(sv, 1);
    solver_assert(sv, term_shift(sys->trans, k));
  }
  solver_free(sv);
  return found;
}

static int replay_unsafe(report *r, tla_model *m, tla_explicit_result *er, bool deadlock);

/* The invariant a trace's last state (its path, its last step) violates
 * concretely; -1 if none. */
static int violated_by(tla_model *m, const tla_explicit_result *er) {
  int inv = tla_violated(m, er->trace[er->ntrace - 1]);
  if (inv == -1) inv = tla_violated_trace(m, er->trace, er->ntrace);
  if (inv == -1 && er->ntrace >= 2) inv = tla_violated_step(m, er->trace[er->ntrace - 2], er->trace[er->ntrace - 1]);
  return inv;
}

/* A symbolic counterexample (TLA+ states; er->trace owned by er), replayed
 * by the explicit engine; UNSAFE only if every state and step re-checks
 * concretely. */
static int confirm_unsafe(report *r, tla_model *m, tla_explicit_result *er, bool deadlock) {
  er->outcome = deadlock ? TLA_DEADLOCK : TLA_VIOLATED;
  er->inv = deadlock ? -1 : violated_by(m, er);
  return replay_unsafe(r, m, er, deadlock);
}

/* The encoding's trace as TLA+ states into er (er->trace owned by er);
 * false with the step where it reaches an evaluation error or leaves a
 * variable's layout. */
static bool decode_trace(const tla_sym *sym, const ts_trace *t, tla_explicit_result *er, uint32_t *bad) {
  er->trace = xmalloc((t->length + 1) * sizeof *er->trace);
  er->ntrace = t->length;
  for (uint32_t k = 0; k < t->length; k++)
    if (!(er->trace[k] = tla_sym_state(sym, t, k))) {
      *bad = k;
      return false;
    }
  return true;
}

/* A counterexample of the encoding as TLA+ states, replayed by the explicit
 * engine; UNSAFE only if every state and step re-checks concretely. */
static int sym_unsafe(report *r, tla_model *m, const tla_sym *sym, const ts_trace *t, bool deadlock) {
  tla_explicit_result er = {.outcome = deadlock ? TLA_DEADLOCK : TLA_VIOLATED};
  uint32_t bad;
  if (!decode_trace(sym, t, &er, &bad)) {
    char reason[300];
    snprintf(reason, sizeof reason,
             "the symbolic trace reaches an evaluation error or leaves a variable's layout at step %u "
             "(--algorithm explicit decides)", bad);
    tla_explicit_result_free(&er);
    return lang_verdict(r, ZETA_UNKNOWN, reason);
  }
  int code = confirm_unsafe(r, m, &er, deadlock);
  tla_explicit_result_free(&er);
  return code;
}

/* A counterexample longer than --length is no answer either way; its reason
 * says whether it is a violation beyond the bound (replayed by the explicit
 * engine) or only the encoding's (a layout left: APReplicatedLog's log grows
 * past the sampled lengths; it was reported as a violation). */
static int beyond_length(report *r, tla_model *m, const tla_sym *sym, const ts_trace *t) {
  tla_explicit_result er = {.outcome = TLA_VIOLATED};
  uint32_t bad;
  char reason[400], why[256] = "";
  if (!decode_trace(sym, t, &er, &bad)) {
    snprintf(reason, sizeof reason,
             "a counterexample beyond the bound of --length leaves a variable's layout or reaches an evaluation "
             "error at step %u (no violation shown)", bad);
  } else if ((er.inv = violated_by(m, &er)) >= 0 && tla_replay(m, &er, why, sizeof why)) {
    snprintf(reason, sizeof reason, "a violation beyond the bound of --length, at depth %zu (replayed; use --algorithm bmc)",
             er.ntrace - 1);
  } else if (er.inv < 0) {
    snprintf(reason, sizeof reason, "a counterexample beyond the bound of --length violates no invariant concretely");
  } else {
    snprintf(reason, sizeof reason, "a counterexample beyond the bound of --length does not replay: %s", why);
  }
  tla_explicit_result_free(&er);
  return lang_verdict(r, ZETA_UNKNOWN, reason);
}

static int replay_unsafe(report *r, tla_model *m, tla_explicit_result *er_, bool deadlock) {
  tla_explicit_result er = *er_;
  if (er.inv == -1 && !deadlock && tla_check_deadlock(m)) {
    /* the property of the engines includes deadlock freedom */
    deadlock = true;
    er.outcome = TLA_DEADLOCK;
  }
  char why[256];
  int code;
  if (er.inv < 0 && !deadlock) {
    code = lang_verdict(r, ZETA_UNKNOWN, "the symbolic counterexample violates no invariant concretely (encoding error)");
  } else if (!tla_replay(m, &er, why, sizeof why)) {
    char reason[400];
    snprintf(reason, sizeof reason, "counterexample failed replay: %s", why);
    code = lang_verdict(r, ZETA_UNKNOWN, reason);
  } else {
    code = lang_verdict(r, ZETA_UNSAFE, NULL);
    if (deadlock) fprintf(report_out(r), "Deadlock reached.\n");
    else fprintf(report_out(r), "Invariant %s is violated.\n", tla_invariant_name(m, (size_t)er.inv));
    print_trace(r, m, &er);
  }
  return code;
}

/* Prints a counterexample to induction (two states) of the encoding. */
static void print_cti(report *r, tla_model *m, const tla_sym *sym, const ts_trace *t) {
  FILE *out = report_out(r);
  for (uint32_t k = 0; k < t->length; k++) {
    const tla_val *st = tla_sym_state(sym, t, k);
    fprintf(out, "State %u:\n", k + 1);
    for (size_t i = 0; st && i < tla_nvars(m); i++) {
      char *v = tv_to_string(st->v[i]);
      fprintf(out, "/\\ %s = %s\n", tla_var_name(m, i), v);
      free(v);
    }
    if (!st) fprintf(out, "(the error flag: an evaluation error or a value outside the layout)\n");
  }
}

/* --inductive INV, as Apalache: Init => INV, INV /\ Next => INV', and
 * INV => the invariants (and ENABLED Next with TLC's deadlock check). All
 * three unsatisfiable negations: SAFE for all depths; else UNKNOWN with the
 * failing query and its states (a counterexample to induction is no
 * violation). */
static int tla_check_inductive(tla_model *m, const zeta_options *o, const zeta_limits *lim, report *r) {
  char why[1200];
  if (!tla_property_named(m))
    return lang_verdict(r, ZETA_UNKNOWN, "no property to check: name an invariant (--inv, or INVARIANT in a .cfg)");
  tla_sym *sym = tla_sym_build(m, why, sizeof why);
  if (!sym) return lang_verdict(r, ZETA_UNKNOWN, why);
  term_t inv = tla_sym_predicate(sym, o->inductive, why, sizeof why);
  if (inv == NULL_TERM) {
    tla_sym_free(sym);
    return lang_verdict(r, ZETA_UNKNOWN, why);
  }
  ts sys = *tla_sym_ts(sym);
  if (tla_check_deadlock(m) && o->length < 0)
    sys.prop = term_and2(sys.prop, term_implies(tla_sym_constraint(sym), tla_sym_enabled(sym)));
  report_set_engine(r, "inductive");
  ts_engine_opts eo;
  ts_engine_opts_default(&eo);
  eo.limits = lim;
  term_t q[3];
  ts_invariant_queries(&sys, inv, q);
  static const char *what[3] = {"Init does not imply it", "it is not preserved by Next (counterexample to induction below)",
                                "it does not imply the invariants"};
  int code = -1;
  for (int i = 0; i < 3 && code < 0; i++) {
    solver *sv = ts_engine_solver(&eo);
    if (!sv) {
      code = lang_verdict(r, ZETA_UNKNOWN, "solver");
      break;
    }
    solver_assert(sv, q[i]);
    ts_engine_arm(sv, &eo);
    solver_result res = solver_check(sv);
    if (res == SOLVER_SAT) {
      char reason[300];
      snprintf(reason, sizeof reason, "%s is not an inductive invariant: %s", o->inductive, what[i]);
      code = lang_verdict(r, ZETA_UNKNOWN, reason);
      ts_trace t;
      if (ts_trace_extract(sv, &sys, i == 1 ? 2 : 1, &t)) {
        print_cti(r, m, sym, &t);
        ts_trace_free(&t);
      }
    } else if (res != SOLVER_UNSAT) {
      code = lang_verdict(r, ZETA_UNKNOWN, "solver: inductive invariant queries");
    }
    solver_free(sv);
  }
  if (code < 0) {
    code = lang_verdict(r, ZETA_SAFE, NULL);
    fprintf(report_out(r), "(proved for all depths: %s is an inductive invariant implying the invariants)\n",
            o->inductive);
  }
  tla_sym_free(sym);
  return code;
}

/* When the layout sample enumerated every reachable state (a finite
 * universe, within the sample's caps: tla_sample_caps_for, grown with the
 * time left for --algorithm inductive), their disjunction is checked as an
 * inductive invariant (tla_reach.c says why that is sound). nreach: the
 * count, 0 if no proof. */
static bool reach_proof(tla_sym *sym, bool deadlock, const ts_engine_opts *eo, ts_result *res, size_t *nreach,
                        report *r) {
  tla_sym_reach_set R;
  if (!tla_sym_reach(sym, &R)) return false;
  /* all of the time left: a proof that cannot end by then stops early
   * (its rate measured on its first states: tla_reach.c reach_hopeless)
   * and leaves the rest to the stage or IC3. Until session 42 three
   * quarters of it stretched by the load (wall per CPU second since the
   * check started; at load 7-8 Consensus_epr's proof, 5 s CPU, got 5 s CPU
   * in its 15 s wall and stopped): all of it at a stretch of 4/3, and at
   * no load it stopped MCLamportMutex's proof (7.5-8.5 s CPU after a
   * sample of 8-10 s at 20 s) where its rate said it would end in time */
  tla_reach_stats st;
  double cpu = limits_cpu_now();
  bool ok = tla_reach_check_share(sym, &R, deadlock, eo, 1, &st);
  report_stat(r, "reach-proof", "%zu of %zu states checked in %.2f s CPU (%zu decided by substitution, %zu steps witnessed)",
              st.checked, R.n, limits_cpu_now() - cpu, st.by_subst, st.by_witness);
  report_stat(r, "reach-order", "%.2f leaf values changed a state, %.1f nodes rebuilt a state, %zu states' values by their parts",
              R.n ? (double)st.leaf_changes / (double)R.n : 0.0, st.checked ? (double)st.rebuilt / (double)st.checked : 0.0,
              st.by_parts);
  if (!ok) return false;
  ts_result_init(res);
  res->verdict = ZETA_SAFE;
  res->invariant = R.all;
  *nreach = R.n;
  return true;
}

/* engine run with share (0..1] of the time left (all of it without a
 * deadline); true when it answered or the time is up (res kept), else res
 * is freed */
static bool run_share(zeta_verdict (*engine)(const ts *, const ts_engine_opts *, ts_result *), const ts *sys,
                      ts_engine_opts *eo, ts_result *res, double share) {
  const zeta_limits *lim = eo->limits;
  zeta_limits part;
  if (lim && lim->deadline) {
    part = *lim;
    part.deadline = limits_now() + (lim->deadline - limits_now()) * share;
    eo->limits = &part;
  }
  engine(sys, eo, res);
  eo->limits = lim;
  if (res->verdict != ZETA_UNKNOWN || limits_expired(lim)) return true;
  ts_result_free(res);
  return false;
}

/* --algorithm inductive: the reach proof first when it may fit in the
 * time left (all of it, as reach_proof gives it since session 42; until
 * then TLA_REACH_SHARE stretched by the load; its planned CPU cost,
 * tla_sym_reach_cost, at the lowest rate measured, stretched by the load:
 * per state, since session 24 0.03-0.17 ms CPU whole runs,
 * CoffeeCan100Beans to Disruptor_MPMC; 0.5 ms in session 23, 1 ms before,
 * when every state asked the solver; the proof alone after the sample
 * since session 39; and per initial state, Init's one query); else IC3
 * for a quarter of the time first (its invariants are small and printed;
 * MCInnerFIFO 0.4 s against 6 s for its 5808 states; APTokenRing 0.3 s
 * against no answer), then the reach proof (what is left, less when its
 * measured rate says it cannot end; none when its plan does not fit
 * what is left after IC3's quarter either),
 * then IC3 and k-induction with the rest: IC3 until an eighth of the time
 * is left, since it keeps its time until the deadline and k-induction
 * then never ran (APACP_SB is 2-inductive, proved by `kind` in 0.8 s,
 * while IC3 timed out at 20 s); IC3 first because its invariant is
 * re-checked by the second solver and printed in TLA+. Without a deadline
 * the reach proof (finite) comes first. inductive_reach is the part up to
 * the reach proof (true: answered), inductive_rest IC3 and k-induction. */
#define KIND_SHARE 0.125
static bool inductive_reach(tla_sym *sym, const ts *sys, bool deadlock, ts_engine_opts *eo, double stretch,
                            ts_result *res, size_t *nreach, report *r) {
  const zeta_limits *lim = eo->limits;
  if (lim && lim->deadline && !tla_sym_reach_fits(sym, stretch, lim->deadline - limits_now())) {
    if (run_share(pdr_run, sys, eo, res, 0.25)) return true;
    /* still no fit after IC3's quarter: no proof (its cubes and their
     * order come before its rate is measured: MCLamportMutex's 2.5-3.5 s
     * CPU, a 20 s run ended at 22.8 s at load 8, session 42) */
    if (!tla_sym_reach_fits(sym, stretch, lim->deadline - limits_now())) {
      report_stat(r, "reach-proof", "not run (planned %.2f s CPU, stretched by %.2f, past the %.2f s left)",
                  tla_sym_reach_cost(sym), stretch, lim->deadline - limits_now());
      return false;
    }
  }
  return reach_proof(sym, deadlock, eo, res, nreach, r);
}

static void inductive_rest(const ts *sys, ts_engine_opts *eo, ts_result *res) {
  if (run_share(pdr_run, sys, eo, res, 1 - KIND_SHARE)) return;
  kind_run(sys, eo, res);
}

static void print_bmc_proof(FILE *out, const tla_bmc_result *br) {
  fprintf(out,
          "(proved for all depths: the invariants hold up to depth %u and are inductive for the steps from there, "
          "whose states' structures repeat; checked)\n",
          br->proved_from);
}

/* --algorithm inductive, first when the sample did not enumerate every
 * reachable state: the step-wise BMC for half of the time (a quarter was
 * short for MCKVSSafetySmall: 1.6 s wall of 5 at load 13), whose answers
 * relative to the invariants prove all depths when the steps are inductive
 * over structures that repeat (tla_bmc.c), or when every execution ends
 * (the layouts' engines time out there). true with *code when it answered. */
static bool inductive_by_bmc(tla_model *m, const zeta_options *o, const zeta_limits *lim, double share,
                             const tla_load_clock *lc, report *r, int *code) {
  enum { BOUND = 12 };   /* deeper proofs are rare; the layouts' engines get the time */
  zeta_limits sub = *lim;
  /* the share stands for CPU time: stretched by the load since the check
   * started (the sample's work); under load a quarter of the wall time cut
   * APnbacg_guer01's proof (2 s CPU) in 5 of 6 runs at load 7 */
  sub.deadline = tla_stretched_deadline(lim, share, tla_load_stretch(lc));
  bool dl = tla_check_deadlock(m);
  tla_bmc_result br;
  tla_bmc(m, BOUND, dl, false, share >= 1 ? TLA_BMC_LAST_STAGE : TLA_BMC_STAGE, o->backend, &sub, &br);
  tla_set_limits(m, lim);
  bool answered = true;
  const char *last = share >= 1 ? " (the last stage: all of the time)" : "";
  switch (br.outcome) {
    case TLA_BMC_PROVED:
      report_stat(r, "bmc-stage", "proved%s", last);
      report_set_engine(r, "bmc");
      *code = lang_verdict(r, ZETA_SAFE, NULL);
      print_bmc_proof(report_out(r), &br);
      break;
    case TLA_BMC_ENDS:
      if (o->length >= 0) {   /* Apalache's deadlock when the length is longer: the later stages */
        answered = false;
        break;
      }
      report_stat(r, "bmc-stage", "every execution ends%s", last);
      report_set_engine(r, "bmc");
      *code = lang_verdict(r, ZETA_SAFE, NULL);
      fprintf(report_out(r), "(every execution ends within %u steps)\n", br.depth ? br.depth - 1 : 0);
      break;
    default:
      answered = false;
      /* how far it went (a hopeless run stops: the later stages get the time) */
      report_stat(r, "bmc-stage", "no proof, depth %u%s%s", br.depth,
                  br.hopeless ? " (stopped: the counterexamples to induction repeat)" : "", last);
      break;
  }
  tla_bmc_result_free(&br);
  return answered;
}

/* --algorithm bmc|kind|pdr|ic3|inductive: the symbolic encoding checked by
 * the transition-system engines. */
static int tla_check_sym(tla_model *m, const zeta_options *o, const char *algo, const zeta_limits *lim, report *r) {
  tla_load_clock lc = tla_load_clock_start();
  bool bmc = strcmp(algo, "bmc") == 0;
  int bound = o->length >= 0 ? o->length : 10;
  if (!tla_property_named(m))
    return lang_verdict(r, ZETA_UNKNOWN, "no property to check: name an invariant (--inv, or INVARIANT in a .cfg)");
  char why[1200];
  /* inductive: the sample's cap grown with the time left, so that a finite
   * model whose reach proof fits gets a complete sample (Consensus_epr) */
  double left = lim && lim->deadline ? lim->deadline - limits_now() : 0;
  double build_cpu = limits_cpu_now();
  tla_sym *sym = strcmp(algo, "inductive") == 0 ? tla_sym_build_reach(m, left, why, sizeof why)
                                                : tla_sym_build(m, why, sizeof why);
  build_cpu = limits_cpu_now() - build_cpu;
  int code;
  /* without every reachable state enumerated (the reach proof's), the
   * step-wise BMC first: it has no layouts */
  /* with --length and Apalache's deadlock (an execution of that many
   * steps exists): the stage proves TLC's deadlock freedom for all depths
   * instead, which implies it (Init is not empty where BMC proves: its
   * path query at depth 0 is SAT) unless CONSTRAINTs stop executions; the
   * layouts' engines reject Bug1058, OracleFunSet, letpoly, test1, which
   * the step-wise BMC proves. Only where the layouts fail (the stage
   * first cost length tasks the layouts prove up to 3x CPU: APbcastFolklore
   * 0.30 -> 0.97 s); without the deadlock check a length task keeps the
   * layouts' engines (the stage proved none of them) */
  size_t nsample = sym ? tla_sym_reach_count(sym) : 0;
  bool ind_len = o->length >= 0 && !sym && tla_check_deadlock(m) && !tla_has_constraints(m);
  bool ind = strcmp(algo, "inductive") == 0 && (o->length < 0 || ind_len);
  /* all of the time where the layouts failed: no stage comes after it
   * (CoffeeCan1000Beans: 7 s CPU, its counting run cut at 20 s wall, load 8);
   * none before the reach proof of a sample that enumerated every state:
   * since session 24 it costs less than the stage where the stage proves
   * (nbacg_guer01 1.2 s CPU against 1.9, APnbacg_guer01 1.0 against 2.2,
   * VoucherIssue 0.45 against 0.7; MCInternalMemory and nbacc_ray97 0.2 s
   * more), and where the stage does not prove it took half of the run
   * (Disruptor_SPMC 1.5 s CPU without it, 5 s with it: timeouts at 20 s
   * under load; session 23 gave it half the reach proof's estimate) */
  double share = !sym ? 1 : nsample == 0 ? 0.5 : 0;
  if (ind && share > 0 && inductive_by_bmc(m, o, lim, share, &lc, r, &code)) {
    tla_sym_free(sym);
    return code;
  }
  if (!sym) return lang_verdict(r, ZETA_UNKNOWN, why);
  const ts *sys = tla_sym_ts(sym);
  /* for all depths, deadlock freedom is part of the property (a quantified
   * formula: the engines may answer UNKNOWN) */
  ts with_dl = *sys;
  if (!bmc && tla_check_deadlock(m) && o->length < 0) {
    with_dl.prop = term_and2(sys->prop, term_implies(tla_sym_constraint(sym), tla_sym_enabled(sym)));
    sys = &with_dl;
  }
  report_set_engine(r, algo);
  report_stat(r, "ts-variables", "%u", sys->vars.size);
  sample_cut cut;
  size_t nsampled = tla_sym_sample_size(sym, &cut);
  report_stat(r, "sample", "%zu states (%s)", nsampled, tla_sample_cut_name(cut));
  report_stat(r, "layouts", "built in %.2f s CPU (the samples included)", build_cpu);
  ts_engine_opts eo;
  ts_engine_opts_default(&eo);
  eo.limits = lim;
  ts_result res;
  size_t nreach = 0;
  if (bmc && bound == 0) {
    /* the initial states only (an engine bound of 0 means none) */
    ts_result_init(&res);
    bmc_base b;
    if (!bmc_base_init(&b, sys, &eo)) {
      res.reason = "solver";
    } else {
      solver_result q = bmc_base_bad(&b, &eo, &res);
      if (q == SOLVER_UNSAT) res.reason = "bound reached";
      else if (q != SOLVER_SAT && !res.reason) res.reason = "solver";
      bmc_base_free(&b);
    }
  } else if (bmc) {
    eo.bound = (uint32_t)bound;
    bmc_run(sys, &eo, &res);
  } else if (strcmp(algo, "kind") == 0) {
    kind_run(sys, &eo, &res);
  } else if (strcmp(algo, "inductive") == 0) {
    if (!inductive_reach(sym, sys, tla_check_deadlock(m) && o->length < 0, &eo, tla_load_stretch(&lc), &res,
                         &nreach, r)) {
      /* a grown sample took the stage's place (above): where its reach
       * proof did not end (its rate, under load), the stage the base
       * caps' cut sample would have had, with half of the rest
       * (dijkstra-mutex: 90,882 states, the reach proof stopped at load 8,
       * IC3 then timed out; the stage proves it in 7 s) */
      if (ind && tla_sym_sample_grown(sym) && !limits_expired(lim) &&
          inductive_by_bmc(m, o, lim, 0.5, &lc, r, &code)) {
        tla_sym_free(sym);
        return code;
      }
      inductive_rest(sys, &eo, &res);
    }
  } else {
    pdr_run(sys, &eo, &res);
  }
  /* the reach proof was checked by Z3 state by state; cvc5 on its thousands
   * of cubes takes minutes, so only when --validate asks for it */
  if (!nreach || o->validate) lang_ts_validate(&res, sys);
  report_stat(r, "depth", "%u", res.depth);
  code = 0;
  FILE *out = report_out(r);
  bool bounded_safe = bmc && res.verdict == ZETA_UNKNOWN && res.reason && strcmp(res.reason, "bound reached") == 0;
  if (res.verdict == ZETA_UNSAFE && o->length >= 0 && res.trace.length > (uint32_t)o->length + 1) {
    /* --length asks about executions of at most that many steps */
    code = beyond_length(r, m, sym, &res.trace);
  } else if (res.verdict == ZETA_UNSAFE) {
    code = sym_unsafe(r, m, sym, &res.trace, false);
  } else if (bounded_safe || (bmc && res.verdict == ZETA_SAFE)) {
    int exists = 1, dead = 0;
    ts_trace dt = {0};
    if (tla_check_deadlock(m) && o->length >= 0)
      exists = sym_execution_exists(sys, tla_sym_error(sym), bound, &eo);
    else if (tla_check_deadlock(m))
      dead = sym_deadlock(sym, res.verdict == ZETA_SAFE ? (int)res.depth : bound, &eo, &dt);
    if (dead != 0) {
      code = dead > 0 ? sym_unsafe(r, m, sym, &dt, true) : lang_verdict(r, ZETA_UNKNOWN, "solver: deadlock check");
      ts_trace_free(&dt);
    } else if (exists < 0) {
      code = lang_verdict(r, ZETA_UNKNOWN, "solver: executions of the bound");
    } else if (exists == 0) {
      code = lang_verdict(r, ZETA_UNSAFE, NULL);
      fprintf(out, "Deadlock: no execution of %d steps exists.\n", bound);
    } else if (res.verdict == ZETA_SAFE) {
      code = lang_verdict(r, ZETA_SAFE, NULL);
      fprintf(out, "(every execution ends within %u steps)\n", res.depth);
    } else if (o->length >= 0) {
      code = lang_verdict(r, ZETA_SAFE, NULL);
      fprintf(out, "(bounded: every execution of at most %d steps)\n", bound);
    } else {
      char reason[200];
      snprintf(reason, sizeof reason, "SAFE up to depth %d (bounded model checking; --algorithm inductive for all depths)",
               bound);
      code = lang_verdict(r, ZETA_UNKNOWN, reason);
    }
  } else if (res.verdict == ZETA_SAFE && o->length >= 0 && tla_check_deadlock(m) &&
             sym_execution_exists(sys, tla_sym_error(sym), bound, &eo) != 1) {
    /* Apalache's deadlock with --length: no execution of that many steps */
    code = lang_verdict(r, ZETA_UNKNOWN, "executions of --length steps not established (use --algorithm bmc)");
  } else if (res.verdict == ZETA_SAFE) {
    code = lang_verdict(r, ZETA_SAFE, NULL);
    if (nreach && tla_sym_reach_by_symmetry(sym))
      fprintf(out, "(proved for all depths: the %zu reachable states up to the SYMMETRY, enumerated, have their successors "
              "in their orbits, checked; Next and the invariants symmetric as the SYMMETRY declares)\n", nreach);
    else if (nreach)
      fprintf(out, "(proved for all depths: the %zu reachable states, enumerated, form an inductive invariant, checked)\n",
              nreach);
    else if (res.invariant != NULL_TERM) fprintf(out, "(proved for all depths: an inductive invariant, re-checked)\n");
    else fprintf(out, "(proved for all depths: %u-induction)\n", res.k);
    char *tla_inv = res.invariant != NULL_TERM && !nreach ? tla_sym_invariant_tla(sym, res.invariant) : NULL;
    if (tla_inv) {
      /* the evidence in TLA+: an inductive invariant of the encoding over the state variables */
      fprintf(out, "Inductive invariant:\n%s\n", tla_inv);
      report_set_evidence(r, "tla-invariant", tla_inv);
      free(tla_inv);
    }
    if (o->invariant && res.invariant != NULL_TERM) lang_ts_report_invariant(r, res.invariant);
  } else {
    code = lang_verdict(r, ZETA_UNKNOWN, res.reason ? res.reason : "engine");
  }
  ts_result_free(&res);
  tla_sym_free(sym);
  return code;
}

/* --algorithm bmc: the step-wise encoding (tla_bmc.h), up to --length or 10. */
static int tla_check_bmc(tla_model *m, const zeta_options *o, const zeta_limits *lim, report *r) {
  if (!tla_property_named(m))
    return lang_verdict(r, ZETA_UNKNOWN, "no property to check: name an invariant (--inv, or INVARIANT in a .cfg)");
  uint32_t bound = o->length >= 0 ? (uint32_t)o->length : 10;
  bool dl = tla_check_deadlock(m), bounded = o->length >= 0;
  report_set_engine(r, "bmc");
  tla_bmc_result br;
  tla_bmc(m, bound, dl && !bounded, dl && bounded, TLA_BMC_ANSWER, o->backend, lim, &br);
  report_stat(r, "depth", "%u", br.depth);
  report_stat(r, "array-sets", "%u", br.arrays);
  report_stat(r, "choose-picks", "%u", br.approx);
  report_stat(r, "merged-sets", "%u%s", br.merged, br.rerun ? " (run again without the window)" : "");
  report_stat(r, "relative-answers", "%u", br.relative);
  report_stat(r, "path-known", "%u depths (answered by the run before)", br.path_known);
  report_stat(r, "errors-on-path", "%u depths (the step's errors not answered relative to the invariants)", br.err_on_path);
  report_stat(r, "path-split", "the path asked %u of %u disjuncts (the rest refuted relative to the invariants; %u solver rounds)",
              br.split_asked, br.split_disjuncts, br.split_rounds);
  report_stat(r, "path-combined", "%u depths (the invariants and the step's errors asked in one path query)",
              br.path_combined);
  report_stat(r, "path-witness", "%u depths (reached by an execution of the explicit engine, not asked)", br.path_witnessed);
  report_stat(r, "sample", "%zu states (%s)", br.sample, tla_sample_cut_name(br.sample_cut));
  char first[80] = "";
  if (br.counting && br.first_hopeless) snprintf(first, sizeof first, "; the first stopped at depth %u", br.first_depth);
  report_stat(r, "facts", "%u candidates (%u counting, %u element facts), %u proved at the last depth (%u element facts)%s%s%s",
              br.facts, br.sums, br.elem_facts, br.facts_kept, br.elem_kept,
              br.counting ? " (second run, with the counting facts" : "", first, br.counting ? ")" : "");
  report_stat(r, "houdini", "%u rounds; dropped %u by the models, %u by their successors, %u by states explored from those",
              br.houdini_rounds, br.by_model, br.by_succ, br.by_explored);
  FILE *out = report_out(r);
  char reason[1400];
  int code;
  switch (br.outcome) {
    case TLA_BMC_VIOLATION:
    case TLA_BMC_DEADLOCK: {
      tla_explicit_result er = {.trace = br.trace, .ntrace = br.ntrace, .hints = br.hints, .hint_at = br.hint_at};
      code = confirm_unsafe(r, m, &er, br.outcome == TLA_BMC_DEADLOCK);
      break;
    }
    case TLA_BMC_ERROR:
      snprintf(reason, sizeof reason,
               "an evaluation error is reachable from a state at depth %u (--algorithm explicit reports it)", br.depth);
      code = lang_verdict(r, ZETA_UNKNOWN, reason);
      break;
    case TLA_BMC_ENDS:
      if (dl && bounded) {
        /* Apalache's deadlock: no execution of the bound's length */
        code = lang_verdict(r, ZETA_UNSAFE, NULL);
        fprintf(out, "Deadlock: no execution of %u steps exists.\n", bound);
      } else {
        code = lang_verdict(r, ZETA_SAFE, NULL);
        fprintf(out, "(every execution ends within %u steps)\n", br.depth ? br.depth - 1 : 0);
      }
      break;
    case TLA_BMC_BOUND:
      if (bounded && dl && br.approx) {
        /* Apalache's deadlock needs an execution of the bound's length: over-approximated picks do not show one */
        code = lang_verdict(r, ZETA_UNKNOWN, "an execution of --length steps exists only with CHOOSE's picks over-approximated");
      } else if (bounded) {
        code = lang_verdict(r, ZETA_SAFE, NULL);
        fprintf(out, "(bounded: every execution of at most %u steps)\n", bound);
        if (br.proved) print_bmc_proof(out, &br);
      } else {
        snprintf(reason, sizeof reason,
                 "SAFE up to depth %u (bounded model checking; --algorithm inductive for all depths)", bound);
        code = lang_verdict(r, ZETA_UNKNOWN, reason);
      }
      break;
    case TLA_BMC_PROVED:
      code = lang_verdict(r, ZETA_SAFE, NULL);
      if (bounded) fprintf(out, "(bounded: every execution of at most %u steps)\n", bound);
      print_bmc_proof(out, &br);
      break;
    default: code = lang_verdict(r, ZETA_UNKNOWN, br.msg[0] ? br.msg : "bmc"); break;
  }
  tla_bmc_result_free(&br);
  return code;
}

static int tla_check(void *model, const zeta_options *o, const zeta_limits *lim, report *r, diag *d) {
  tla_model *m = model;
  const char *algo = o->algorithm ? o->algorithm : "portfolio";
  if (!lang_algorithm_ok("portfolio explicit bmc kind pdr ic3 inductive", algo, "TLA+", d)) return ZETA_EXIT_INPUT;
  if (o->inductive) return tla_check_inductive(m, o, lim, r);
  if (strcmp(algo, "bmc") == 0) return tla_check_bmc(m, o, lim, r);
  int code = 0;
  if (strcmp(algo, "bmc") == 0 || strcmp(algo, "kind") == 0 || strcmp(algo, "pdr") == 0 || strcmp(algo, "ic3") == 0 ||
      strcmp(algo, "inductive") == 0)
    return tla_check_sym(m, o, algo, lim, r);
  report_set_engine(r, "explicit");
  int bound = o->length;
  tla_explicit_result res;
  tla_explicit_check(m, bound, lim, &res);
  if (res.outcome == TLA_HOLDS && tla_has_trace_invariants(m)) {
    if (bound < 0) {
      res.outcome = TLA_ERROR;
      snprintf(res.msg, sizeof res.msg, "trace invariants are checked only with --length");
    } else {
      tla_check_traces(m, bound, lim, &res);
    }
  }
  report_stat(r, "distinct-states", "%zu", res.distinct);
  report_stat(r, "generated-states", "%zu", res.generated);
  report_stat(r, "depth", "%zu", res.depth);
  code = 0;
  FILE *out = report_out(r);
  if (res.outcome == TLA_VIOLATED || res.outcome == TLA_DEADLOCK) {
    char why[256];
    if (!tla_replay(m, &res, why, sizeof why)) {
      char reason[400];
      snprintf(reason, sizeof reason, "counterexample failed replay: %s", why);
      code = lang_verdict(r, ZETA_UNKNOWN, reason);
    } else {
      code = lang_verdict(r, ZETA_UNSAFE, NULL);
      if (res.outcome == TLA_VIOLATED)
        fprintf(out, "Invariant %s is violated.\n", tla_invariant_name(m, (size_t)res.inv));
      else
        fprintf(out, "Deadlock reached.\n");
      print_trace(r, m, &res);
    }
  } else if (res.outcome == TLA_HOLDS) {
    int exists = 1;
    if (bound >= 0 && tla_check_deadlock(m)) exists = tla_execution_exists(m, bound, lim);
    if (exists < 0) {
      code = lang_verdict(r, ZETA_UNKNOWN, tla_error(m)[0] ? tla_error(m) : "timeout");
    } else if (exists == 0) {
      /* Apalache's deadlock: no execution has `bound` steps */
      code = lang_verdict(r, ZETA_UNSAFE, NULL);
      fprintf(out, "Deadlock: no execution of %d steps exists.\n", bound);
    } else if (!tla_property_named(m)) {
      code = lang_verdict(r, ZETA_UNKNOWN, "no property to check: name an invariant (--inv, or INVARIANT in a .cfg) "
                                           "or ask for --check-deadlock true");
    } else {
      code = lang_verdict(r, ZETA_SAFE, NULL);
      if (bound >= 0) fprintf(out, "(bounded: every execution of at most %d steps)\n", bound);
    }
  } else if (res.outcome == TLA_LIMIT) {
    code = lang_verdict(r, ZETA_UNKNOWN, "timeout");
  } else {
    char reason[1300];
    snprintf(reason, sizeof reason, "evaluation error: %s", res.msg);
    code = lang_verdict(r, ZETA_UNKNOWN, reason);
  }
  fprintf(out, "%zu distinct states found, %zu states generated, depth %zu.\n", res.distinct, res.generated, res.depth);
  if (tla_unchecked(m)[0]) fprintf(out, "Not checked: %s.\n", tla_unchecked(m));
  tla_explicit_result_free(&res);
  return code;
}

static void tla_free(void *model) { tla_model_free(model); }

const lang lang_tla = {"tla", "tlaplus", ".tla", "TLA+ specifications with TLC model configurations (--config)", "",
                       tla_load, tla_check, tla_free};
