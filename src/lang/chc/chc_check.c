/* Horn clauses in CHC-COMP format (.smt2 with (set-logic HORN)), answered
 * in CHC-COMP words (sat / unsat / unknown). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "core/alloc.h"
#include "core/emergency.h"
#include "core/isolate.h"
#include "engine/chc_affine.h"
#include "engine/chc_engine.h"
#include "engine/chc_own.h"
#include "engine/portfolio.h"
#include "ir/chc_records.h"
#include "ir/chc_unfold.h"
#include "ir/chc_ts.h"
#include "ir/chc_witness.h"
#include "lang/chc/chc_parser.h"
#include "lang/lang.h"
#include "lang/lang_common.h"
#include "cert/chc_cert.h"
#include "cert/qopen.h"
#include "solver/z3_qe.h"

/* Trivial answers after normalization: no query left (sat, all true), or a
 * query without body predicates whose constraint is satisfiable (unsat). */
static bool trivial(const chc_system *s, const zeta_limits *lim, chc_result *r) {
  memset(r, 0, sizeof *r);
  bool any_query = false;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    if (c->head.pred != CHC_FALSE) continue;
    any_query = true;
    if (c->nbody == 0 && solver_check_formula(c->constraint, limits_remaining_ms(lim)) == SOLVER_SAT) {
      r->answer = CHC_UNSAT;
      r->engine = "normalization";
      chc_derivation_add(&r->deriv, s, i);
      return true;
    }
  }
  if (any_query) return false;
  r->answer = CHC_SAT;
  r->engine = "normalization";
  r->interp = xcalloc(s->npreds + 1, sizeof(term_t));
  for (uint32_t p = 0; p < s->npreds; p++) r->interp[p] = term_true();
  return true;
}

/* Interpolation for zeta's own engines (--itp): mbp keeps Spacer out of
 * them entirely (paths by sequence, trees by binary MBP interpolants);
 * auto/spacer use Spacer for tree interpolants. `--algorithm own` means no
 * Spacer anywhere, so there auto is mbp; the portfolio's own side, racing
 * Spacer anyway, keeps auto. */
static itp_strategy pa_itp(const zeta_options *o) {
  itp_strategy st = ITP_AUTO;
  itp_strategy_parse(o->itp, &st);
  if (st == ITP_AUTO && option_is(o->algorithm, "own")) st = ITP_MBP;
  return st;
}

/* Spacer: Z3 on the input file when there is one (the peer's own run; see
 * chc_spacer_solve_file); after unsat again with proofs and without Z3's
 * inlining, for a derivation over the input's clauses (ADT-LIA-050: 0.6 s
 * against 7 s on the normal form; LIA-235: 11 s against 2.5 s); else, or
 * when that derivation does not map onto them, on our normalized clauses
 * with proofs. */
/* Z3's answer on the file: true with sat, or with unsat and a derivation
 * over the input that replays; else r is freed and *unsat says whether Z3
 * said unsat (its proof did not map: Z3 inlined predicates). */
static bool file_answer_usable(const chc_system *sys, chc_result *r, bool *unsat) {
  *unsat = r->answer == CHC_UNSAT;
  if (r->answer == CHC_SAT) return true;
  if (*unsat && r->complete && chc_replay(sys, &r->deriv, 30000)) return r->replayed = true;
  chc_result_free(r);
  return false;
}

/* Z3 on the file with proofs, its preprocessing as it is (as fast as
 * without proofs), its proof mapped within about Z3's time or map_lim,
 * and its answer as file_answer_usable's. With a first run still going
 * (the portfolio's first slice's), its answer instead of a new run. */
static bool spacer_file_first(const char *file, const chc_system *sys, const zeta_limits *lim,
                              const zeta_limits *map_lim, chc_spacer_run *first, chc_result *r, bool *unsat) {
  if (first && first->running) chc_spacer_file_wait(first, sys, lim, 0, 0, r);
  else if (map_lim) chc_spacer_map_file(file, sys, lim, map_lim, r);
  else chc_spacer_solve_file_proof(file, sys, lim, r);
  return file_answer_usable(sys, r, unsat);
}

/* What the portfolio's first slice (Z3 on the file) learned: nothing, that
 * the system is unsat (its derivation not ready yet), that its model
 * failed the check (the file's run would give the same model again), or
 * that its Z3 is still running (in a child the Spacer side then waits
 * for instead of starting over: LIA-Arrays-273, Z3 ~5 s CPU with proofs,
 * paid the slice's 1.5 s twice). */
typedef enum { FIRST_NOTHING, FIRST_UNSAT, FIRST_MODEL_FAILED, FIRST_RUNNING } first_news;
static const char *const first_news_name[] = {"nothing", "unsat without a derivation", "its model failed the check",
                                               "Z3 runs on"};

/* Once Z3 said unsat without a derivation that maps, the Spacer side's
 * work left (Z3 without proofs and its trace's derivation, Z3 again, its
 * proof mapped with more time, unsliced, without inlining, then Spacer on
 * the normal form) looks for what the own side's
 * BMC, IC3 and pa look for too: a derivation. It goes on at a lower
 * priority (its children inherit it), so that under load the own side gets
 * the CPU those fallbacks would take: on LIA-270 none of them maps, they
 * took ~15 s of CPU in a 20 s run, and own's IC3 (the answer, ~3 s of
 * CPU alone) ran out of time at load 5-6. On an idle core nothing
 * changes. */
#define SPACER_FALLBACK_NICE 9
static void yield_to_own(void) {
  int was, now;
  if (isolate_lower_priority(SPACER_FALLBACK_NICE, &was, &now) && progress_verbose())
    progress_say("zeta: spacer: Z3 said unsat, no derivation yet: the rest at nice %d (was %d)", now, was);
}

/* lim with 1/div of the time left (all of lim without a deadline) */
static zeta_limits left_part(const zeta_limits *lim, int div) {
  zeta_limits part = *lim;
  if (lim->deadline) part.deadline = limits_now() + (lim->deadline - limits_now()) / div;
  return part;
}

/* r an unsat with a derivation that replays on sys (marked replayed);
 * else r is freed for the next try */
static bool replayed_unsat(const chc_system *sys, chc_result *r) {
  if (r->answer == CHC_UNSAT && r->complete && chc_replay(sys, &r->deriv, 30000)) {
    r->replayed = true;
    return true;
  }
  chc_result_free(r);
  return false;
}

/* With acc, a model of the file's run that fails its check (Z3's model of
 * LIA-Arrays-194 violates a clause) is not the end: Spacer on the normal
 * form may give another. */
static void run_spacer_known(const char *file, const chc_system *sys, const chc_system *norm, const zeta_limits *lim,
                             first_news news, chc_spacer_run *first, chc_result *r, const chc_accept *acc,
                             volatile sig_atomic_t *unsat_news) {
  if (strcmp(file, "-") != 0 && news != FIRST_MODEL_FAILED) {
    bool known_unsat = news == FIRST_UNSAT, unsat = known_unsat;
    if (!known_unsat && spacer_file_first(file, sys, lim, NULL, news == FIRST_RUNNING ? first : NULL, r, &unsat)) {
      if (chc_settled(r, norm, lim, acc)) return;
      chc_result_free(r);
    }
    if (unsat && unsat_news) {   /* the portfolio's Spacer side */
      *unsat_news = 1;   /* for the own side: no sat-only engines */
      yield_to_own();
    }
    if (unsat) {   /* half the time left: the fallback below is sometimes the faster one */
      /* Spacer without proofs, its trace's derivation (LIA-Arrays-273: 3.6 s
       * in all against ~9 s with proofs), half the time left */
      zeta_limits part = left_part(lim, 2);
      chc_spacer_trace_file(file, sys, &part, r);
      if (replayed_unsat(sys, r)) return;
      /* Z3's proof again, mapped with more time (LIA-227: its unfolding
       * needs ~1 s, Z3 0.3 s), then Z3 without inlining */
      part = left_part(lim, 2);
      chc_spacer_map_file(file, sys, &part, &part, r);
      if (replayed_unsat(sys, r)) return;
      /* Z3 with its slicing off, inlining kept (as fast; a proof through
       * sliced predicates, P!slice!N, does not map: LIA-Arrays-189, 218
       * mapped here, 0.6-0.8 s, where Z3 without inlining took 0.8-0.9
       * s), a quarter of the time left; then without inlining */
      part = left_part(lim, 4);
      chc_spacer_map_file_unsliced(file, sys, &part, r);
      if (replayed_unsat(sys, r)) return;
      part = left_part(lim, 2);
      chc_spacer_derive_file(file, sys, &part, r);
      if (r->answer == CHC_UNSAT && r->complete) return;
      chc_result_free(r);
    }
  }
  chc_spacer_solve_isolated(norm, lim, true, r);   /* Z3 4.8 crashes on some systems */
}

/* One engine of zeta's on the normal form s (own and spacer: run_checked). */
static void run_engine(const char *alg, itp_strategy itp, uint32_t bound, const chc_system *s, const zeta_limits *lim,
                       chc_result *r) {
  if (option_is(alg, "bmc")) { chc_bmc_solve(s, lim, bound, r); return; }
  if (option_is(alg, "cegar")) { chc_pa_solve_itp(s, lim, itp, r); return; }
  if (option_is(alg, "ic3")) { chc_ic3_solve(s, lim, r); return; }
  if (option_is(alg, "houdini")) { chc_houdini_order_solve(s, lim, r); return; }
  if (option_is(alg, "core")) { chc_linear_core_solve(s, lim, r); return; }
  if (option_is(alg, "affine")) { chc_affine_solve(s, lim, r); return; }
  /* PDR on non-linear clauses is IC3 on the clauses themselves (GPDR) */
  if (option_is(alg, "pdr") && !chc_is_linear(s)) { chc_ic3_solve(s, lim, r); return; }
  if (option_is(alg, "kind") || option_is(alg, "pdr") || option_is(alg, "imc")) { chc_ts_solve_bounded(s, lim, alg, itp, bound, r); return; }
  memset(r, 0, sizeof *r);
  r->answer = CHC_UNKNOWN;
  r->reason = "this algorithm does not run on Horn clauses yet (use portfolio, own, spacer, cegar, ic3, core, houdini, affine or bmc)";
}

static int report_unknown(report *r, const char *reason) {
  report_set_verdict(r, ZETA_UNKNOWN, reason);
  fputs("unknown\n", report_out(r));
  return ZETA_EXIT_UNKNOWN;
}

/* sat (with the model) or unsat (with the derivation): the evidence,
 * captured in c, is the report's evidence and witness and, with --model,
 * part of the answer. */
static int report_answer(report *r, const zeta_options *o, zeta_verdict v, const char *kind, lang_capture *c) {
  fclose(c->f);
  report_set_verdict(r, v, NULL);
  fputs(v == ZETA_SAFE ? "sat\n" : "unsat\n", report_out(r));
  if (o->model) fputs(c->buf, report_out(r));
  report_set_evidence(r, kind, c->buf);
  report_set_witness(r, c->buf);
  free(c->buf);
  return ZETA_EXIT_VERDICT;
}

/* Z3 for a model's clause checks: a quantified head (an inlined
 * predicate's expanded definition) is checked alone, by Z3's simple solver
 * first (solver_z3_alone_simple_first: LIA-Arrays-182's five such clauses
 * 10-19 -> 1-5 ms each). */
static solver *clause_checker(void) {
  solver *z = solver_new_z3();
  solver_z3_alone_simple_first(z);
  return z;
}

/* Quantified definitions (inlined predicates get existential ones) made
 * quantifier-free by Z3's quantifier elimination where the theory allows;
 * the new model replaces the old one only when it passes the model check
 * (Z3) on every clause, otherwise the quantified one is kept. QE can be
 * expensive (nested existentials of long inlined chains): it gets at most
 * QE_BUDGET seconds and half of what is left of the run's limit, so that
 * it never costs the answer. */
#define QE_BUDGET 3.0
/* per predicate: eliminations that succeed take ~0.01-0.1 s (LIA,
 * LIA-Arrays sat tasks at 5 s); one that does not would otherwise take the
 * whole budget and leave no time for the check of the others' (LIA-018:
 * QE 3.0 s of 4.1 s, z3 0.3 s) */
#define QE_PRED_MS 500
static term_t *eliminate_quantifiers(const chc_system *sys, term_t *interp, const zeta_limits *lim, bool *checked) {
  *checked = false;
  double now = limits_now(), budget = QE_BUDGET, time_left = limits_remaining_ms(lim) / 1000.0;
  if (time_left > 0 && (time_left - 1.0) / 2 < budget) budget = (time_left - 1.0) / 2;   /* 0: no limit */
  if (budget < 0.2) return NULL;
  double end = now + budget;
  term_t *cand = xcalloc(sys->npreds + 1, sizeof *cand);
  bool changed = false;
  z3_qe_session *qs = NULL;
  for (uint32_t p = 0; p < sys->npreds; p++) {
    cand[p] = interp[p];
    if (interp[p] == NULL_TERM || !cert_has_quantifier(interp[p])) continue;
    double left = end - limits_now();
    if (left >= 0.05 && !qs) qs = z3_qe_open();
    uint32_t ms = left * 1000 < QE_PRED_MS ? (uint32_t)(left * 1000) : QE_PRED_MS;
    term_t q = left < 0.05 ? NULL_TERM : z3_qe_in(qs, interp[p], ms);
    if (q != NULL_TERM) { cand[p] = q; changed = true; }
  }
  z3_qe_close(qs);
  double left = end - limits_now();
  if (changed && left > 0.05) {
    solver *z = clause_checker();
    solver_set_timeout(z, (uint32_t)(left * 1000));
    uint32_t *failed; bool *undecided;
    uint32_t nf = chc_check_model(sys, cand, z, &failed, &undecided);
    solver_free(z);
    free(failed); free(undecided);
    if (nf == 0) {   /* swap: interp gets the new model, cand keeps the old; Z3 proved every clause */
      *checked = true;
      for (uint32_t p = 0; p < sys->npreds; p++) { term_t t = interp[p]; interp[p] = cand[p]; cand[p] = t; }
      return cand;
    }
  }
  free(cand);
  return NULL;
}

/* Certifies a model (cert/chc_cert.h) and describes the outcome in cert. */
static cert_status certify_model(const chc_system *sys, const term_t *interp, char *cert, size_t n) {
  chc_cert_clause *cr = xcalloc(sys->nclauses + 1, sizeof *cr);
  cert_status worst = chc_certify(sys, interp, 10000, NULL, cr, NULL);
  uint32_t ncert = 0, first = UINT32_MAX;
  for (uint32_t i = 0; i < sys->nclauses; i++) {
    if (cr[i].status == CERT_CERTIFIED) ncert++;
    else if (first == UINT32_MAX) first = i;
  }
  char why[240] = "";
  if (first != UINT32_MAX)
    snprintf(why, sizeof why, "%u of %u clauses certified; clause %u: %.160s", ncert, sys->nclauses, first + 1,
             cr[first].status == CERT_VIOLATED ? "violated" : cr[first].why);
  lang_cert_text(cert, n, worst, "model", sys->nclauses, why);
  free(cr);
  return worst;
}

/* One solver call of a model check: at most 10 s, and at most 1/share
 * of the time left, so that an undecided clause leaves time for another
 * engine's model (LIA-Arrays-090: Z3's model of the file undecided on one
 * clause by Z3 and cvc5, 10 s each, in a 20 s run; Spacer's model of the
 * normal form checks in 0.02 s); 0 when the time is up. */
#define CHECK_SHARE 4
/* a model still quantified after QE (arrays: the definitions of inlined
 * predicates keep their existentials) is the one whose check the solvers
 * leave undecided (LIA-Arrays-090: 7.3 s of a 20 s run at a quarter,
 * clause 10 undecided by both): a smaller share, the rest of the time
 * for an engine with a quantifier-free model */
#define CHECK_SHARE_QUANTIFIED 16
static uint32_t clause_check_ms(const zeta_limits *lim, unsigned share) {
  if (!lim || (!lim->deadline && !lim->cpu_deadline)) return 10000;
  if (limits_expired(lim)) return 0;
  double ms = (double)limits_remaining_ms(lim) / share;   /* within a CPU slice too (own_probe) */
  return ms > 10000 ? 10000 : ms < 100 ? 100 : (uint32_t)ms;
}

/* Re-checks a model clause by clause with Z3, and with cvc5 where Z3 is
 * undecided (or on every clause under validate). false when a solver finds
 * a clause violated; *open_clause: 1 + a clause neither solver decided, or
 * the first one left unchecked when the time was up (0: every clause
 * proved), so that a model never passes unchecked. The check ends at the
 * first clause neither decides: the model cannot pass any more, and the
 * next engine gets the time (LIA-Arrays-090: Z3's quantified model of the
 * file, undecided on its clause 10, then 3.7 s on the clauses after it
 * before Spacer on the normal form answered in 0.1 s). */
static bool model_checked(const chc_system *sys, const term_t *interp, bool validate, const zeta_limits *lim,
                          uint32_t *open_clause) {
  solver *z = clause_checker();
  solver *v = NULL;
  bool ok = true;
  unsigned share = CHECK_SHARE;
  for (uint32_t p = 0; p < sys->npreds; p++)
    if (interp[p] != NULL_TERM && cert_has_quantifier(interp[p])) share = CHECK_SHARE_QUANTIFIED;
  *open_clause = 0;
  for (uint32_t i = 0; i < sys->nclauses && ok && !*open_clause; i++) {
    uint32_t ms = clause_check_ms(lim, share);
    if (!ms) {
      *open_clause = i + 1;
      break;
    }
    solver_set_timeout(z, ms);
    solver_result a = chc_check_clause(sys, interp, i, z);
    if (a == SOLVER_SAT) { ok = false; break; }
    if (a == SOLVER_UNSAT && !validate) continue;
    if (!v) v = solver_new(ZETA_SECOND_SOLVER, NULL);
    uint32_t vms = clause_check_ms(lim, share);
    if (v) solver_set_timeout(v, vms ? vms : 100);
    solver_result b = v ? chc_check_clause(sys, interp, i, v) : SOLVER_UNKNOWN;
    if (b == SOLVER_SAT) ok = false;
    else if (a != SOLVER_UNSAT && b != SOLVER_UNSAT) *open_clause = i + 1;
  }
  solver_free(z);
  if (v) solver_free(v);
  return ok;
}

/* A loaded Horn-clause problem: the clauses as read and their normal form. */
typedef struct {
  char *file;
  chc_system sys, norm;
  bool normalized;
  bool records;   /* sys is the file's clauses (orig) with record datatypes scalarised (ir/chc_records.h) */
  chc_system orig;
  char *flat;     /* records: sys written to a temporary file (for Z3's own run), or NULL */
  chc_system unf; /* norm with its calls unfolded (ir/chc_unfold.h), for bounded model checking */
  chc_spacer_run first;   /* the portfolio's first slice's Z3, when it outlives the slice */
  /* the portfolio's (memory shared with the processes it forks): set once
   * Z3 said unsat, by the first slice's Z3 or the Spacer side, for the own
   * side (chc_own_solve's unsat_news); or NULL */
  volatile sig_atomic_t *unsat_news;
  double load_seconds;   /* reading took this long: it counts against --timeout */
} chc_input;

/* Checks the evidence of res and reports the answer; returns the exit code. */
static int finish(report *r, const zeta_options *o, const chc_input *in, const chc_system *norm, chc_result *res,
                  const zeta_limits *lim) {
  const chc_system *sys = &in->sys;
  int rc;
  report_set_engine(r, res->engine ? res->engine : "-");
  if (res->answer == CHC_SAT) {
    term_t *interp = xcalloc(sys->npreds + 1, sizeof(term_t));
    for (uint32_t p = 0; p < sys->npreds; p++) interp[p] = res->interp[p];
    if (!res->complete) chc_expand_model(norm, interp);   /* a model of the input as is stays quantifier-free */
    if (in->records) {   /* the model of the file's clauses: leaves as selectors of the records */
      term_t *back = xcalloc(in->orig.npreds + 1, sizeof(term_t));
      bool ok = chc_records_model_back(&in->orig, sys, interp, back);
      free(interp);
      if (!ok) {
        free(back);
        return report_unknown(r, "the model over the records' fields does not translate back");
      }
      interp = back;
      sys = &in->orig;
    }
    bool checked;   /* QE's own check proved every clause with Z3: model_checked's work without --validate */
    double t_qe = limits_now();
    term_t *quant = eliminate_quantifiers(sys, interp, lim, &checked);   /* the model before QE, or NULL */
    /* re-check on the original clauses (Z3; with --validate also cvc5) */
    uint32_t open_clause = 0;
    double t_check = limits_now();
    bool bad = !(checked && !o->validate) && !model_checked(sys, interp, o->validate, lim, &open_clause);
    if (o->verbose)
      progress_say("zeta: %s's model: QE %.2f s (%s), check %.2f s (%s)", res->engine ? res->engine : "-",
                   t_check - t_qe, quant ? "eliminated" : "kept", limits_now() - t_check,
                   bad ? "failed" : open_clause ? "undecided" : "passed");
    if (bad) {   /* predicates an engine never needed may be left at true */
      /* within a share of the time left, as a check: LIA-242, Z3's wrong
       * model from the portfolio's first slice, took ~15 s of a 20 s run
       * in up to npreds + 1 rounds, and the portfolio never started */
      zeta_limits lr = *lim;
      if (lim->deadline) lr.deadline = limits_now() + (lim->deadline - limits_now()) / CHECK_SHARE;
      solver *z = clause_checker();
      solver_set_timeout(z, clause_check_ms(lim, CHECK_SHARE));
      if (chc_repair_unreached(sys, interp, z, &lr)) bad = !model_checked(sys, interp, o->validate, lim, &open_clause);
      solver_free(z);
    }
    if (!bad && open_clause) {
      free(quant);
      free(interp);
      char why[96];
      snprintf(why, sizeof why, "the model's check is undecided on clause %u", open_clause);
      return report_unknown(r, why);
    }
    char cert[256] = "";
    if (!bad && o->certify) {
      cert_status worst = certify_model(sys, interp, cert, sizeof cert);
      bad = worst == CERT_VIOLATED;
      /* the quantified model may certify where the eliminated one does
       * not (div/mod atoms beyond the checker's Fourier-Motzkin): a
       * certified model beats a quantifier-free one */
      char cert2[256];
      if (!bad && worst != CERT_CERTIFIED && quant && certify_model(sys, quant, cert2, sizeof cert2) == CERT_CERTIFIED) {
        memcpy(interp, quant, sys->npreds * sizeof *interp);
        memcpy(cert, cert2, sizeof cert2);
      }
    }
    free(quant);
    if (bad) {
      rc = report_unknown(r, "the model failed its check (engine bug)");
      progress_say("zeta: internal: %s produced a model that does not satisfy the clauses", res->engine);
      if (o->verbose >= 2) chc_write_model(stderr, sys, interp);
    } else {
      lang_capture c;
      chc_write_model(lang_capture_open(&c), sys, interp);
      rc = report_answer(r, o, ZETA_SAFE, "model", &c);
      /* an SMT-LIB comment without parentheses: model readers that look for
       * the last ')' still find the model's */
      for (char *p = cert; *p; p++) *p = *p == '(' ? '[' : *p == ')' ? ']' : *p;
      if (cert[0]) fprintf(report_out(r), "; %s\n", cert);
    }
    free(interp);
  } else if (res->answer == CHC_UNSAT) {
    const chc_system *ds = res->complete ? sys : norm;   /* the clauses the derivation uses */
    if (!(res->replayed && res->complete) && !chc_replay(ds, &res->deriv, 30000)) {
      rc = report_unknown(r, "the derivation did not replay");
      progress_say("zeta: %s answered unsat without a replayable derivation", res->engine);
      if (o->verbose >= 2) chc_write_derivation(stderr, ds, &res->deriv);
    } else {
      lang_capture c;
      chc_write_derivation(lang_capture_open(&c), ds, &res->deriv);
      rc = report_answer(r, o, ZETA_UNSAFE, "derivation", &c);
    }
  } else {
    rc = report_unknown(r, res->reason);
    if (o->verbose && res->reason) progress_say("zeta: unknown: %s", res->reason);
  }
  return rc;
}


/* The file Z3 may read for the input's own run: sys as written; "-" (none)
 * when Z3 could not even read it in the time left (Z3 reads without
 * looking at the clock, about as fast as we did: an 8 MB file took 0.9 s
 * to load and kept Z3 reading past a 2 s limit). */
static const char *z3_file(const chc_input *in, const zeta_limits *lim) {
  if (lim->deadline && lim->deadline - limits_now() < 2 * in->load_seconds) return "-";
  return !in->records ? in->file : in->flat ? in->flat : "-";
}

/* The checks of a schedule (own's, the portfolio's Spacer side): each
 * answer is finished (checked and reported) into a report of its own; a
 * verdict is kept in done, the last rejected one in rejected (its reason
 * is the run's when nothing passes). */
typedef struct {
  const zeta_options *o;
  const chc_input *in;
  const zeta_limits *lim;
  report *done, *rejected;
  /* check_cpu > 0: each answer's check gets a CPU slice of its own of
   * check_lim (the run's limits), not what is left of lim (own_probe) */
  const zeta_limits *check_lim;
  double check_cpu;
} sched_checks;

static bool sched_accept(void *ctx, const chc_system *ds, chc_result *r) {
  sched_checks *k = ctx;
  report *t = report_new();
  zeta_limits own = k->check_cpu > 0 ? limits_cpu_slice(k->check_lim, k->check_cpu) : *k->lim;
  if (k->check_cpu > 0 && k->o->verbose)
    progress_say("zeta: probe: %s's answer checked in a CPU slice of its own (%.2f s)", r->engine ? r->engine : "-",
                 k->check_cpu);
  if (finish(t, k->o, k->in, ds, r, &own) == ZETA_EXIT_VERDICT) {
    k->done = t;
    return true;
  }
  if (k->rejected) report_free(k->rejected);
  k->rejected = t;
  return false;
}

/* zeta's own schedule (or, spacer, the Spacer side) with answers checked
 * before they end it; reports the first that passes, else unknown. */
static int run_checked_within(report *r, const zeta_options *o, chc_input *in, const zeta_limits *lim, bool spacer,
                              first_news news, chc_system *unf, const zeta_limits *check_lim, double check_cpu) {
  sched_checks k = {o, in, lim, NULL, NULL, check_lim, check_cpu};
  chc_accept acc = {sched_accept, &k};
  chc_result res;
  bool over_unf = false;
  if (spacer && news == FIRST_RUNNING) report_stat(r, "spacer-file-run", "the first slice's, run on");
  if (spacer) run_spacer_known(z3_file(in, lim), &in->sys, &in->norm, lim, news, &in->first, &res, &acc, in->unsat_news);
  else chc_own_solve(&in->norm, lim, pa_itp(o), &res, unf, &over_unf, &acc, in->unsat_news);
  int rc;
  if (k.done) {
    report_copy(r, k.done);
    rc = ZETA_EXIT_VERDICT;
  } else if (res.answer == CHC_UNKNOWN && k.rejected) {   /* the check's reason says more than the engines' after it */
    report_copy(r, k.rejected);
    rc = ZETA_EXIT_UNKNOWN;
  } else rc = finish(r, o, in, &in->norm, &res, lim);   /* an answer past acc (Spacer's last ones) is checked here */
  chc_result_free(&res);
  if (k.done) report_free(k.done);
  if (k.rejected) report_free(k.rejected);
  return rc;
}

static int run_checked(report *r, const zeta_options *o, chc_input *in, const zeta_limits *lim, bool spacer,
                       first_news news, chc_system *unf) {
  return run_checked_within(r, o, in, lim, spacer, news, unf, NULL, 0);
}

typedef struct { const zeta_options *o; chc_input *in; bool spacer; first_news news; } chc_job;

/* One side of the portfolio: Spacer, or zeta's own engines. */
static int chc_job_run(report *r, const zeta_limits *lim, void *ctx) {
  chc_job *j = ctx;
  return run_checked(r, j->o, j->in, lim, j->spacer, j->news, &j->in->unf);
}

/* The first slice of the portfolio: Spacer in this process, no fork, for
 * SLICE_SHARE of the limit and at most SLICE_SECONDS. Most tasks Spacer
 * solves at all it solves within it (measured at 20 s under load ~25: 55 of
 * the 62 tasks z3 solved in the first 78 of chc/ took it < 1.5 s wall), and
 * on those the fork, the second process and own's competing CPU are fixed
 * costs. Returns the exit code of a checked answer (copied into r), or -1;
 * *news: Spacer said unsat but its derivation was not ready, so the
 * portfolio's Spacer starts with the derivation; or its model failed the
 * check, so the portfolio's Spacer starts on the normal form. */
#define SLICE_SHARE 0.075
#define SLICE_SECONDS 1.5
static int spacer_slice(report *r, const zeta_options *o, chc_input *in, const zeta_limits *lim, first_news *news) {
  *news = FIRST_NOTHING;
  bool unsat = false;
  const char *file = z3_file(in, lim);
  if (strcmp(file, "-") == 0) return -1;
  double total = lim->deadline ? lim->deadline - limits_now() : 20, len = total * SLICE_SHARE;
  /* in CPU seconds (Z3's child's): under load 7 a wall slice missed
   * LIA-227 (0.8 s CPU at load ~1: 8.3 s in the portfolio after it) */
  if (len > SLICE_SECONDS) len = SLICE_SECONDS;
  zeta_limits l1 = limits_cpu_slice(lim, len);
  /* Z3's proof may be mapped a little longer (LIA-227, 235: Z3 0.3 s,
   * the unfolding of what it inlined ~1 s under load) */
  zeta_limits lmap = limits_cpu_slice(lim, 2 * len);
  chc_result res;
  bool usable;
  /* Z3 gets the whole time in a child, the slice waits for len of its
   * CPU; if it has not answered by then it runs on for the Spacer side */
  if (chc_spacer_file_start(&in->first, file, &in->sys, lim, &lmap, in->unsat_news)) {
    if (!chc_spacer_file_wait(&in->first, &in->sys, &l1, len, 2 * len, &res)) {
      *news = FIRST_RUNNING;
      return -1;
    }
    usable = file_answer_usable(&in->sys, &res, &unsat);
  } else usable = spacer_file_first(file, &in->sys, &l1, &lmap, NULL, &res, &unsat);
  if (!usable) {
    if (!unsat) return -1;
    *news = FIRST_UNSAT;
    zeta_limits half = limits_cpu_slice(lim, (l1.cpu_deadline - limits_cpu_now()) / 2);
    chc_spacer_derive_file(file, &in->sys, &half, &res);
    if (!(res.answer == CHC_UNSAT && res.complete)) { chc_result_free(&res); return -1; }
  }
  int rc = -1;
  if (res.answer != CHC_UNKNOWN) {
    report *tmp = report_new();
    rc = finish(tmp, o, in, &in->sys, &res, lim);   /* complete: no normal form needed */
    if (rc == ZETA_EXIT_VERDICT) {
      report_copy(r, tmp);
      report_stat(r, "portfolio-winner", "spacer (first slice, in process)");
    } else {
      rc = -1;
      if (res.answer == CHC_SAT) *news = FIRST_MODEL_FAILED;
    }
    report_free(tmp);
  }
  chc_result_free(&res);
  return rc;
}

/* The input's normal form (once). */
static void normalize_input(chc_input *in, const zeta_options *o) {
  if (in->normalized) return;
  double t0 = limits_now();
  chc_copy(&in->norm, &in->sys);
  chc_normalize(&in->norm);
  in->normalized = true;
  if (o->verbose)
    progress_say("zeta: %u predicates, %u clauses (%s); after normalization %u clauses (%s, %.2f s; %zu terms)",
                 in->sys.npreds, in->sys.nclauses, chc_is_linear(&in->sys) ? "linear" : "nonlinear",
                 in->norm.nclauses, chc_is_linear(&in->norm) ? "linear" : "nonlinear", limits_now() - t0,
                 terms_count());
}

/* The portfolio's probe of zeta's engines, in this process before
 * Spacer's first slice, for OWN_PROBE_SECONDS of CPU: on small inputs
 * BMC (linear) and IC3 answer many tasks in less CPU than Z3's Spacer
 * with its proof's mapping and replay (LIA-048, 051, 055, 061, 063 by
 * BMC, 124, 144, 170, 171, 174, 182, 223 by IC3: 13-28 ms CPU for the
 * whole run, against 35-107 ms for the portfolio and 22-100 ms for z3
 * alone; session 24). Answers are checked as any. Returns the exit code
 * of a checked answer (copied into r), or -1; the probe's terms are
 * dropped (the normal form's stay). Only on inputs of at most
 * OWN_PROBE_MAX_TERMS terms, where normalizing first costs little.
 *
 * Over numbers: on linear systems BMC for OWN_PROBE_BMC_SECONDS (its
 * answers within 8-12 ms of CPU), then IC3; on non-linear ones IC3 alone.
 * IC3 runs its rounds up to level OWN_PROBE_IC3_LEVELS only: each IC3
 * answer of the probe came from them (LIA-004, 124, 144, 163, 170, 171,
 * 174, 182, 195, 215, 223 at levels 2-3; 046, 055, 061, 063, linear, at
 * level 2), while on tasks Spacer answers next IC3 went on past them for
 * the rest of the 40 ms (LIA-005, 008, 018, 147, 175: level 4 reached at
 * 7-16 ms CPU of IC3). Before session 28 the probe was own's schedule,
 * where BMC on linear systems and IC3 on non-linear ones took the 40 ms.
 *
 * Over arrays the probe is own's schedule for OWN_PROBE_SECONDS_ARRAYS:
 * IC3's models there, with their QE and check, take 0.02-0.2 s of CPU
 * (LIA-Arrays-140, 165, 168, 175, 179, 194: 0.02-0.07 s CPU for the whole
 * run against 0.15-2.9 s with Spacer's slice first; on the 35 tasks
 * solved in 20 s median CPU ratio to z3 1.23 against 1.80 without the
 * probe, 1.33 with 0.2 s; session 26). Over datatypes too (session 30):
 * on ADT-LIA's 30 tasks answered at 20 s, the probe answers 008, 015, 037,
 * 128, 155, 167, 272 (1-10 ms CPU), whose Spacer slice paid a Z3 context
 * with proofs and the derivation's mapping; median time ratio to z3 1.12
 * -> 0.86 wall, 1.33 -> 1.00 CPU, the same 30 answered (load 8). */
#define OWN_PROBE_SECONDS 0.04
#define OWN_PROBE_BMC_SECONDS 0.02
#define OWN_PROBE_CHECK_SECONDS 0.2
#define OWN_PROBE_SECONDS_ARRAYS 0.1
/* The check of an answer of the probe's schedule (arrays, datatypes) gets
 * this CPU slice of its own, after the schedule's: within the schedule's
 * 0.1 s, IC3's model found at 0.06-0.09 s had its check cut short
 * (undecided) and the run went on to Spacer's slice and the portfolio,
 * 1-2.8 s wall against 0.1-0.2 (LIA-Arrays-140, 168, 207 at load 3-5, about
 * every third run; session 33). At most 0.17 s, so that the check stays
 * without QE (eliminate_quantifiers wants 0.2 s of the wall the slice
 * allows at CPU_RATE_MIN), as before: QE of IC3's array models costs
 * 0.15-0.3 s (LIA-Arrays-175), the quantified model's check 0.02-0.08. */
#define OWN_PROBE_CHECK_SECONDS_SCHEDULE 0.1
#define OWN_PROBE_MAX_TERMS 20000
#define OWN_PROBE_IC3_LEVELS 3

typedef enum { PROBE_SCHEDULE, PROBE_BMC, PROBE_IC3 } probe_engine;

/* One engine of the probe within l (of lim), its answer checked (finish);
 * the exit code of a verdict (copied into r) or -1. */
static int probe_run(report *r, const zeta_options *o, chc_input *in, const zeta_limits *lim, const zeta_limits *l,
                     probe_engine e) {
  report *tmp = report_new();
  int rc;
  /* the schedule without unfolding loop-free summaries: chc_unfold_linear
   * does not look at the clock (LIA-287: seconds) */
  if (e == PROBE_SCHEDULE) rc = run_checked_within(tmp, o, in, l, false, FIRST_NOTHING, NULL, lim,
                                                     OWN_PROBE_CHECK_SECONDS_SCHEDULE);
  else {
    chc_result res;
    double c0 = limits_cpu_now();
    if (e == PROBE_BMC) chc_bmc_solve(&in->norm, l, 0, &res);
    else {
      chc_ic3 *ic3 = chc_ic3_new(&in->norm);
      chc_ic3_limit_level(ic3, OWN_PROBE_IC3_LEVELS);
      chc_ic3_run(ic3, l, &res);
      chc_ic3_free(ic3);
    }
    if (o->verbose)
      progress_say("zeta: probe: %s %s (%.1f ms CPU)", e == PROBE_BMC ? "bmc" : "ic3",
                   res.answer == CHC_SAT ? "sat" : res.answer == CHC_UNSAT ? "unsat" : res.reason ? res.reason : "unknown",
                   (limits_cpu_now() - c0) * 1e3);
    /* the check's own CPU slice: within the engine's, QE had no budget
     * (eliminate_quantifiers) and a model of the input's predicates
     * inlined by normalization kept its quantifiers, whose check was
     * undecided (LIA-046: IC3's model in 15 ms CPU, rejected) */
    zeta_limits check = limits_cpu_slice(lim, OWN_PROBE_CHECK_SECONDS);
    rc = res.answer != CHC_UNKNOWN ? finish(tmp, o, in, &in->norm, &res, &check) : -1;
    chc_result_free(&res);
  }
  if (rc == ZETA_EXIT_VERDICT) {
    report_copy(r, tmp);
    report_stat(r, "portfolio-winner", "own (probe, in process)");
  } else rc = -1;
  report_free(tmp);
  return rc;
}

static int own_probe(report *r, const zeta_options *o, chc_input *in, const zeta_limits *lim) {
  terms_mark start = terms_mark_now();
  int rc = -1;
  if (!chc_numbers_only(&in->sys)) {
    zeta_limits l = limits_cpu_slice(lim, OWN_PROBE_SECONDS_ARRAYS);
    rc = probe_run(r, o, in, lim, &l, PROBE_SCHEDULE);
  } else {
    double ic3_seconds = OWN_PROBE_SECONDS;
    if (chc_is_linear(&in->norm)) {
      zeta_limits lb = limits_cpu_slice(lim, OWN_PROBE_BMC_SECONDS);
      rc = probe_run(r, o, in, lim, &lb, PROBE_BMC);
      if (rc < 0) terms_rollback(start);   /* IC3 meets the table as alone */
      /* IC3's part from where BMC ended: BMC's last check may run past
       * its slice (its Z3 timeout is 8x the CPU left: 25 ms of 20 at load
       * 5, once 40, and LIA-046's IC3 answer was lost) */
      ic3_seconds = OWN_PROBE_SECONDS - OWN_PROBE_BMC_SECONDS;
    }
    zeta_limits l = limits_cpu_slice(lim, ic3_seconds);
    if (rc < 0) rc = probe_run(r, o, in, lim, &l, PROBE_IC3);
  }
  if (rc < 0) terms_rollback(start);
  return rc;
}

/* Spacer and zeta's own engines in parallel (forked); the first checked
 * answer wins. */
static int portfolio(report *r, const zeta_options *o, chc_input *in, const zeta_limits *lim, first_news news) {
  chc_job spacer = {o, in, true, news}, own = {o, in, false, FIRST_NOTHING};
  portfolio_job jobs[2] = {{"spacer", chc_job_run, &spacer, 0}, {"own", chc_job_run, &own, 0}};
  portfolio_outcome po;
  if (in->unsat_news && news == FIRST_UNSAT) *in->unsat_news = 1;
  int rc = portfolio_run(jobs, 2, portfolio_width(2), lim, r, &po);
  if (po.winner < 0) {
    report_set_engine(r, "portfolio");
    rc = report_unknown(r, po.reason);
    if (po.internal) rc = ZETA_EXIT_INTERNAL;
  }
  report_stat(r, "portfolio-winner", "%s", po.winner >= 0 ? jobs[po.winner].name : "none");
  return rc;
}

static void *chc_load(const char *path, const zeta_options *o, diag *d) {
  lang_keep_freed_memory();
  double t0 = limits_now();
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
  if (!f) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta: %s: cannot open", path);
    return NULL;
  }
  chc_input *in = xcalloc(1, sizeof *in);
  in->file = xstrdup(path);
  chc_init(&in->sys);
  chc_init(&in->unf);
  char *msg = NULL;
  chc_parse_status st = chc_parse(path, f, &in->sys, &msg);
  if (f != stdin) fclose(f);
  if (st != CHC_PARSE_OK) {
    if (st == CHC_PARSE_NOT_HORN)
      diag_set(d, ZETA_EXIT_INPUT, "zeta: %s: not a Horn-clause problem (no (set-logic HORN)); for other SMT-LIB scripts use `zeta smt %s`",
               path, path);
    else diag_set(d, ZETA_EXIT_INPUT, "%s", msg ? msg : "parse error");
    free(msg);
    chc_free(&in->sys);
    free(in->file);
    free(in);
    return NULL;
  }
  /* records become their fields (solc's queries); a model translates
   * back into one of the file's predicates (chc_records_model_back) */
  if (chc_has_records(&in->sys)) {
    chc_system flat;
    const char *why = NULL;
    if (chc_scalarize_records(&in->sys, &flat, &why)) {
      in->orig = in->sys;
      in->sys = flat;
      in->records = true;
      char tmpl[] = "/tmp/zeta-chc-XXXXXX";   /* Z3's own run reads a file (its preprocessing) */
      int fd = mkstemp(tmpl);
      FILE *tf = fd >= 0 ? fdopen(fd, "w") : NULL;
      if (tf) {
        chc_write(tf, &in->sys);
        fclose(tf);
        in->flat = xstrdup(tmpl);
      } else if (fd >= 0) close(fd);
    } else if (o->verbose) progress_say("zeta: records kept (%s)", why);
  }
  in->load_seconds = limits_now() - t0;
  return in;
}

static void chc_free_input(void *m) {
  chc_input *in = m;
  chc_spacer_file_stop(&in->first);
  if (in->unsat_news) munmap((void *)in->unsat_news, sizeof *in->unsat_news);
  chc_free(&in->unf);
  if (in->records) chc_free(&in->orig);
  if (in->flat) unlink(in->flat);
  free(in->flat);
  chc_free(&in->sys);
  if (in->normalized) chc_free(&in->norm);
  free(in->file);
  free(in);
}

/* The limits of the check: --timeout counts from the start of reading (a
 * 4 MB file read in seconds under load, LIA-Arrays-258: the answer came
 * 7 s after the limit), so the deadline and the hard stop move up by the
 * time reading took. */
static zeta_limits after_load(const chc_input *in, const zeta_options *o, const zeta_limits *lim) {
  zeta_limits l = *lim;
  if (!l.deadline || in->load_seconds <= 0) return l;
  l.deadline -= in->load_seconds;
  if (l.deadline < limits_now()) l.deadline = limits_now();
  if (o->hard_limits) emergency_rearm(l.deadline - limits_now() > 0.001 ? l.deadline - limits_now() : 0.001);
  return l;
}

/* A normal form without queries, or with a query of no predicates,
 * answers itself: its answer finished into r, the exit code in *rc. */
static bool trivial_answer(report *r, const zeta_options *o, chc_input *in, const zeta_limits *lim, int *rc) {
  chc_result res;
  bool done = trivial(&in->norm, lim, &res);
  if (done) *rc = finish(r, o, in, &in->norm, &res, lim);
  chc_result_free(&res);
  return done;
}

static int chc_check(void *m, const zeta_options *o, const zeta_limits *lim0, report *r, diag *d) {
  chc_input *in = m;
  if (!lang_algorithm_ok("portfolio own spacer cegar ic3 core bmc pdr kind imc houdini affine", o->algorithm, "Horn clauses", d))
    return ZETA_EXIT_INPUT;
  emergency_set_answer("unknown\n");   /* CHC-COMP words, also for the hard stop and out of memory */
  zeta_limits lim_left = after_load(in, o, lim0);
  const zeta_limits *lim = &lim_left;
  if (!option_is(o->export_fmt, "none")) {
    if (option_is(o->export_fmt, "chc")) chc_write(report_out(r), &in->sys);
    else if (!chc_export_vmt(report_out(r), &in->sys)) {
      diag_set(d, ZETA_EXIT_INPUT, "zeta: %s: VMT export needs a linear system", in->file);
      return ZETA_EXIT_INPUT;
    }
    return ZETA_EXIT_VERDICT;
  }
  /* the portfolio's first slice needs no normal form (LIA-234: 2 s of
   * normalization under load before Spacer started); small inputs get
   * own's probe before it */
  first_news news = FIRST_NOTHING;
  bool not_trivial = false;   /* the normal form was asked already */
  int rc;
  if (option_is(o->algorithm, "portfolio")) {
    if (terms_count() <= OWN_PROBE_MAX_TERMS) {
      normalize_input(in, o);
      /* before the probe (its BMC ran to its limit on a system without
       * clauses, then Spacer: 52 ms CPU, z3 13 ms) */
      if (trivial_answer(r, o, in, lim, &rc)) return rc;
      not_trivial = true;
      int rc0 = own_probe(r, o, in, lim);
      if (rc0 >= 0) return rc0;
    }
    /* Z3's unsat for the own side, from the processes forked from here on */
    void *page = mmap(NULL, sizeof *in->unsat_news, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page != MAP_FAILED) in->unsat_news = page;   /* zero-filled */
    terms_mark start = terms_mark_now();
    int rc0 = spacer_slice(r, o, in, lim, &news);
    if (rc0 >= 0) return rc0;
    if (o->verbose) progress_say("zeta: first slice: %s", first_news_name[news]);
    /* the slice's terms (its answer's mapping and check) are dead: the
     * normal form and both sides then get the ids they get in a run
     * without the slice (IC3's search follows them: chc_own.c) */
    terms_rollback(start);
  }
  normalize_input(in, o);
  if (!not_trivial && trivial_answer(r, o, in, lim, &rc))
    ;
  else if (option_is(o->algorithm, "portfolio")) rc = portfolio(r, o, in, lim, news);
  else if (option_is(o->algorithm, "own") || option_is(o->algorithm, "spacer"))
    rc = run_checked(r, o, in, lim, option_is(o->algorithm, "spacer"), FIRST_NOTHING, NULL);
  else {
    chc_result res;
    run_engine(o->algorithm, pa_itp(o), (uint32_t)o->bound, &in->norm, lim, &res);
    rc = finish(r, o, in, &in->norm, &res, lim);
    chc_result_free(&res);
  }
  chc_spacer_file_stop(&in->first);   /* reaped: its CPU is the run's */
  return rc;
}

const lang lang_chc = {"chc", "smt2", ".smt2", "constrained Horn clauses in the CHC-COMP format ((set-logic HORN))", "chc vmt",
                       chc_load, chc_check, chc_free_input};
