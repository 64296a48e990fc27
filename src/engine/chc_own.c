/* zeta's own Horn-clause schedule (chc_own.h). */
#include "engine/chc_own.h"
#include <string.h>
#include "core/isolate.h"
#include "core/progress.h"
#include "engine/chc_affine.h"
#include "ir/chc_unfold.h"

static bool has_params_of(const chc_system *s, type_kind k) {
  for (uint32_t p = 0; p < s->npreds; p++)
    for (uint32_t x = 0; x < s->preds[p].arity; x++)
      if (type_kind_of(term_type(s->preds[p].params[x])) == k) return true;
  return false;
}

bool chc_numbers_only(const chc_system *s) { return !has_params_of(s, TYPE_ARRAY) && !has_params_of(s, TYPE_DATATYPE); }
bool chc_has_datatype_params(const chc_system *s) { return has_params_of(s, TYPE_DATATYPE); }

/* A slice of the time left: share of it, at most cap seconds. */
static double slice_seconds(const zeta_limits *lim, double share, double cap) {
  double total = lim->deadline ? lim->deadline - limits_now() : 20;
  return total * share < cap ? total * share : cap;
}

static zeta_limits slice(const zeta_limits *lim, double share, double cap) {
  zeta_limits l = *lim;
  l.deadline = limits_now() + slice_seconds(lim, share, cap);
  return l;
}

/* The schedule's clock: where it began, for the CPU rate it has had. */
typedef struct {
  double wall0, cpu0;
} own_clock;

static own_clock own_clock_now(void) { return (own_clock){limits_now(), limits_cpu_now()}; }

/* The share of a core the schedule has had: 1 before 0.5 s of wall time
 * (too short to tell) and at 0.8 or more (runs on an idle machine measure
 * 0.9-1: waits for isolated children), at least 0.1. */
#define RATE_MIN_WALL 0.5
#define RATE_IDLE 0.8
#define RATE_MIN 0.1
double chc_own_cpu_expected(double had, double wall, double left) {
  if (left < 0) return 20;
  double rate = wall < RATE_MIN_WALL ? 1 : had / wall;
  rate = rate >= RATE_IDLE ? 1 : rate < RATE_MIN ? RATE_MIN : rate;
  return had + left * rate;
}

static double cpu_total(const zeta_limits *lim, const own_clock *ck) {
  return chc_own_cpu_expected(limits_cpu_now() - ck->cpu0, limits_now() - ck->wall0,
                              lim->deadline ? lim->deadline - limits_now() : -1);
}

/* The same slice in CPU seconds of this process (the wall deadline kept),
 * so that the schedule is the same at any load: under load 5-12 the wall
 * slices gave IC3 a third of its CPU, and answers moved to later engines
 * or were lost (LIA-235: IC3's slice 3.3 s at low load, 14.2 s by the
 * resumed IC3 under load; STATUS-chc, session 23). Numbers-only systems
 * (numbers_only) so far. */
static zeta_limits cpu_slice(const zeta_limits *lim, double share, double cap) {
  return limits_cpu_slice(lim, slice_seconds(lim, share, cap));
}

/* share of the CPU the schedule can still expect (cpu_total less what it
 * has had), at most cap CPU seconds (cap without a deadline): a slice that
 * shrinks with the load (a share of the wall time left in CPU seconds,
 * cpu_slice, is all the CPU left under load 6-9) */
static zeta_limits cpu_share_left(const zeta_limits *lim, const own_clock *ck, double share, double cap) {
  double left = cpu_total(lim, ck) - (limits_cpu_now() - ck->cpu0), sec = share * left;
  return limits_cpu_slice(lim, lim->deadline && sec < cap ? sec : cap);
}

bool chc_settled(chc_result *r, const chc_system *ds, const zeta_limits *lim, const chc_accept *acc) {
  if (r->answer != CHC_UNKNOWN && (!acc || acc->fn(acc->ctx, ds, r))) return true;
  if (r->answer != CHC_UNKNOWN) {
    chc_result_free(r);
    memset(r, 0, sizeof *r);
    r->answer = CHC_UNKNOWN;
    r->reason = "an answer failed its check";
  }
  return limits_expired(lim);
}

/* zeta's own engines: non-linear systems whose loop-free summaries unfold
 * into a linear one get a BMC slice on that, other non-linear ones (no
 * datatypes, with arrays) a slice of BMC over derivation trees, a part of
 * pa and IC3 on their linear core after the arrays' IC3 slice (beside
 * Spacer the core first, the rest at a lower priority); for linear systems a short
 * BMC slice for shallow counterexamples; on datatypes an IC3 slice (30 %;
 * arrays 15 %), then predicate abstraction (which also finds deep ones and handles
 * nonlinear systems); on numbers only pa for 35 % (non-linear ones after
 * an IC3 probe of 1 %, at most 0.2 s, Houdini over order clauses, 5 %,
 * at most 1 s, affine hulls, 25 %, at most 5 s (linear ones: 10 %, at
 * most 2 s), pa for 5 %, at most 1 s, an IC3 slice of 15 %, at most 3 s,
 * Houdini again, 20 %, at most 4 s, where its part ran out of time, the
 * IC3 slice resumed for 15 %, at most 3 s, and affine resumed for 50 %,
 * at most 8 s, where its part ran out of time), then IC3 (the slice's,
 * resumed);
 * otherwise,
 * when pa gives up early (a counterexample tree too large, interpolation
 * failed), PDR on linear systems, then (no datatypes) IC3, on arrays the
 * slice's resumed. With acc, an
 * answer that fails its check (an undecided model check: LIA-Arrays-151,
 * 194) does not end the schedule: the next engine may answer with one that
 * passes. */
#define TREE_BMC_SHARE 0.15
#define TREE_BMC_SECONDS 3
#define CORE_SHARE 0.35
#define CORE_SECONDS 6
/* beside Spacer, where the core runs before the trees and pa: the core's
 * answer needs ~1.5 s CPU of its own (LIA-Arrays-219: 1.7 s for the whole
 * run of --algorithm core at load 6.6), on 11 other array tasks it takes
 * the slice, the CPU Spacer's answer needs there (273: with 3 s, the core
 * ran from 2.6 to 14.3 s wall at load 6, Spacer answered at 19.6 s) */
#define CORE_SECONDS_BESIDE 2
#define IC3_FIRST_SHARE 0.15
#define IC3_FIRST_SECONDS 3
#define HOUDINI_SHARE 0.2
#define HOUDINI_SECONDS 4
#define HOUDINI_FIRST_SHARE 0.05
#define HOUDINI_FIRST_SECONDS 1
#define PA_FIRST_SHARE 0.05
#define PA_FIRST_SECONDS 1
#define IC3_PROBE_SHARE 0.01
#define IC3_PROBE_SECONDS 0.2
#define AFFINE_SHARE 0.1
#define AFFINE_SECONDS 2
#define AFFINE_NONLINEAR_SHARE 0.25
#define AFFINE_NONLINEAR_SECONDS 5
#define AFFINE_SECOND_SHARE 0.5
#define AFFINE_SECOND_SECONDS 8
#define IC3_SECOND_SHARE 0.15
#define IC3_SECOND_SECONDS 3
#define PA_ARRAYS_SHARE 0.3
#define PA_ARRAYS_SECONDS 3
/* Before the next engine: the last one's result dropped, and every term
 * made since the schedule began (terms_rollback), so that each engine
 * meets the term table as it would run alone. Term ids order conjunctions
 * (term_and sorts by id), hence the queries Z3 sees, its models, MBP's
 * cubes and IC3's generalization: LIA-270 took ic3 2.6 s CPU alone, 5.8 s
 * after a 1 s pa run (33.5 s wall at --timeout 40 in session 21; the
 * traces part at level 4); with the rollback its levels and checks are
 * those of ic3 alone. Nothing made by an engine that gave up may live on:
 * the answers kept are checked and reported (as text) inside acc. */
static void next_engine(chc_result *r, terms_mark start) {
  chc_result_free(r);
  terms_rollback(start);
}

void (*chc_own_step_hook)(const char *engine, zeta_limits *slice);
static double own_wall0;   /* when chc_own_solve began */
static volatile sig_atomic_t *own_unsat_news;   /* chc_own_solve's */

/* Whether an engine that only proves sat (affine, Houdini) runs within l:
 * not once the system is known unsat (LIA-270: Z3 says unsat, its proof
 * does not map, and IC3's answer waited behind affine's 2.3-2.7 s CPU);
 * else the news, arriving while it runs, stops it: l's stop flag becomes
 * the news (one flag per slice; the caller's, in the portfolio's child a
 * copy of the command line's that only a signal to that child would set,
 * is asked again after the engine, chc_settled). */
static bool sat_only_runs(const char *engine, zeta_limits *l) {
  if (!own_unsat_news) return true;
  if (*own_unsat_news) {
    if (progress_verbose()) progress_say("zeta: own: %s skipped (Z3 said unsat)", engine);
    return false;
  }
  l->stop = own_unsat_news;
  return true;
}

/* -v: each engine's start, with the CPU the process has had (the
 * portfolio's own side: its share of a core under load) */
static void step(const char *engine, zeta_limits *slice) {
  if (progress_verbose())
    progress_say("zeta: own: %s at %.2f s CPU, %.2f s wall", engine, limits_cpu_now(), limits_now() - own_wall0);
  if (chc_own_step_hook) chc_own_step_hook(engine, slice);
}

/* The slice's IC3 across the engines run between its parts. */
typedef struct {
  chc_ic3 *ic3;
  terms_stash *kept;   /* its terms, out of the table between parts */
  bool dropped;        /* its answer failed the check: no more parts */
} ic3_parts;

/* One part of the slice's IC3 within l (made at the first part, resumed at
 * the next with its terms put back); true when the schedule ends (an
 * answer passed, or the time is up). Otherwise its terms are taken out of
 * the table for the engines until the next part (terms_take: they meet the
 * table as alone); an answer that failed its check drops it (IC3 would
 * answer so again: a fresh one runs last). */
static bool ic3_part(ic3_parts *p, const chc_system *s, const zeta_limits *l, const zeta_limits *lim, chc_result *r,
                     const chc_accept *acc, terms_mark start) {
  if (p->dropped) return false;
  zeta_limits part = *l;
  step("ic3", &part);
  if (p->kept) terms_put_back(p->kept);
  p->kept = NULL;
  if (!p->ic3) p->ic3 = chc_ic3_new(s);
  chc_ic3_run(p->ic3, &part, r);
  bool answered = r->answer != CHC_UNKNOWN;
  /* an answer ends this IC3 whether it passes its check or not: freed
   * first, its Z3 context is the check's (z3conv_mk_context's spare) */
  if (answered) {
    chc_ic3_free(p->ic3);
    p->ic3 = NULL;
  }
  if (chc_settled(r, s, lim, acc)) return true;
  chc_result_free(r);
  if (answered) {
    p->dropped = true;
    terms_rollback(start);
  } else p->kept = terms_take(start);
  return false;
}

/* pa across the core's slice on arrays, as ic3_parts IC3 across pa. */
typedef struct {
  chc_pa *pa;
  terms_stash *kept;   /* its terms, out of the table between parts */
  bool done;           /* it gave up or its answer failed the check */
} pa_parts;

/* One part of pa within l (made at the first part, resumed with its
 * predicates at the next); true when the schedule ends. A part that ran
 * out of time takes its terms out of the table until the next; one that
 * gave up (MBP failed) or whose answer failed its check ends pa (it would
 * answer so again). */
static bool pa_part(pa_parts *p, const chc_system *s, itp_strategy itp, const zeta_limits *l, const zeta_limits *lim,
                    chc_result *r, const chc_accept *acc, terms_mark start) {
  if (p->done) return false;
  zeta_limits part = *l;
  step("pa", &part);
  if (p->kept) terms_put_back(p->kept);
  p->kept = NULL;
  if (!p->pa) p->pa = chc_pa_new(s, itp);
  chc_pa_run(p->pa, &part, r);
  bool resumable = chc_pa_resumable(p->pa);
  if (chc_settled(r, s, lim, acc)) return true;
  chc_result_free(r);
  if (resumable) {
    p->kept = terms_take(start);
    return false;
  }
  chc_pa_free(p->pa);
  p->pa = NULL;
  p->done = true;
  terms_rollback(start);
  return false;
}

/* One part of affine hulls (chc_affine.c) within l; true when the
 * schedule ends. A part that ran out of time leaves *aff (its points) to
 * the next part; one that gave up frees it (no next part). */
static bool affine_part(chc_affine **aff, const chc_system *s, const zeta_limits *l, const zeta_limits *lim,
                        chc_result *r, const chc_accept *acc, terms_mark start) {
  zeta_limits part = *l;
  if (!*aff || !sat_only_runs("affine", &part)) return false;
  step("affine", &part);
  chc_affine_run(*aff, &part, r);
  if (chc_settled(r, s, lim, acc)) return true;
  if (!chc_affine_resumable(*aff)) {
    chc_affine_free(*aff);
    *aff = NULL;
  }
  next_engine(r, start);
  return false;
}

/* Houdini over order clauses within l (unless the system is known unsat);
 * true when the schedule ends. *more: whether a later part with more
 * time could answer (it ran out of time or a query was undecided), not
 * after it gave up or answered (an answer that failed its check would
 * come again). */
static bool houdini_part(const chc_system *s, const zeta_limits *l, const zeta_limits *lim, chc_result *r,
                         const chc_accept *acc, terms_mark start, bool *more) {
  zeta_limits part = *l;
  *more = false;
  if (!sat_only_runs("houdini", &part)) return false;
  step("houdini", &part);
  chc_houdini_order_solve(s, &part, r);
  *more = r->answer == CHC_UNKNOWN && !chc_houdini_order_gave_up(r);
  if (chc_settled(r, s, lim, acc)) return true;
  next_engine(r, start);
  return false;
}

/* IC3 on the linear core (chc_core.c) within cpu_slice(CORE_SHARE, cap)
 * (cap: CPU seconds); true when the schedule ends. */
static bool core_part(const chc_system *s, const zeta_limits *lim, double cap, chc_result *r, const chc_accept *acc,
                      terms_mark start) {
  zeta_limits lc = cpu_slice(lim, CORE_SHARE, cap);
  step("core", &lc);
  chc_linear_core_solve(s, &lc, r);
  if (chc_settled(r, s, lim, acc)) return true;
  next_engine(r, start);
  return false;
}

/* Beside Spacer on arrays, after IC3's slice and the core's part: the
 * rest of the own side (the trees, pa, IC3 resumed, whose answers there
 * are Spacer's too) at a lower priority (its children inherit it), so
 * that under load Spacer gets the CPU they would take: LIA-Arrays-273
 * (Z3 with proofs ~5 s CPU) lost at load 5-6 with the CPU shared evenly
 * (~9.5 s for both sides in 20 s). On an idle core nothing changes. */
#define OWN_REST_NICE 9
static void yield_to_spacer(void) {
  int was, now;
  if (isolate_lower_priority(OWN_REST_NICE, &was, &now) && progress_verbose())
    progress_say("zeta: own: beside Spacer, the rest at nice %d (was %d)", now, was);
}

/* Numbers only: pa for 35 %, then IC3 (LIA at 20 s: pa 29, ic3 28,
 * union 37; pa's answers that ic3 lacks within 3.6 s, ic3's that pa
 * lacks within 0.3-14 s; STATUS-chc). Non-linear ones get a short IC3
 * slice first: its reach facts summarize recursive calls (LIA-005 / 008,
 * recursive Fibonacci: 0.4 / 1.3 s CPU under ic3, answered only after
 * pa's 35 % before), and within it pa for 1 s after a probe of 0.2 s,
 * for the quick answers of both; pa keeps its 35 % of the whole time
 * after the slice. The slice's IC3
 * is resumed after pa, not run again from level 1: its terms are taken
 * out of the table while pa runs (terms_take) and put back after, so pa
 * meets the table of pa alone and IC3 goes on as IC3 alone would (LIA-270
 * under load: the slice got ~1.5 s of the 2.6 s CPU IC3 needs, and the
 * last IC3 started over; STATUS-chc, session 23). */
static void numbers_only(const chc_system *s, const zeta_limits *lim, itp_strategy itp, chc_result *r,
                         const chc_accept *acc, terms_mark start, bool linear) {
  own_clock ck = own_clock_now();
  ic3_parts ic3 = {NULL, NULL, false};
  chc_affine *aff = chc_affine_new(s);
  /* IC3's quick answers first on non-linear systems (within 0.2 s CPU
   * on LIA-124, 163, 170, 171, 174, 182, 223: ~1 s later behind pa's
   * first second) */
  zeta_limits l0 = cpu_slice(lim, IC3_PROBE_SHARE, IC3_PROBE_SECONDS);
  if (!linear && ic3_part(&ic3, s, &l0, lim, r, acc, start)) goto out;
  /* Houdini's quick answers before affine's part (LIA-183 / 198: sat in
   * 0.17 / 0.65 s CPU alone, 2.7 s CPU into the schedule behind affine,
   * pa's first second and IC3's slice: 15 s wall at load 9); where it
   * gives up (no permuted arguments: at once; on the other LIA tasks with
   * permuted arguments within 0.05-0.66 s CPU) it does not run again.
   * After IC3's probe, which answers the unsat ones among them (LIA-182,
   * 195 in 0.04-0.06 s) */
  bool houdini_again = false;
  if (!linear) {
    zeta_limits lh = cpu_slice(lim, HOUDINI_FIRST_SHARE, HOUDINI_FIRST_SECONDS);
    if (houdini_part(s, &lh, lim, r, acc, start, &houdini_again)) goto out;
  }
  /* affine equalities (linear: LIA's answer or give up within 0.2 s
   * CPU, but 035). Non-linear: the SyGuS grammars LIA-080 .. 105 sat in
   * 0.3-1.5 s CPU, 263 in 0.02 s, the JayHorn-like LIA-234 / 242 / 293
   * in 2.2-3.5 s, 255 in ~6 s, and it gives up on 270 at 2.3 s, on the
   * other non-linear LIA tasks within 0.35 s, on 227 / 235 after 11-14
   * s (IC3's slice answers them in 1.5-2.3 s CPU, the portfolio's
   * Spacer side in 0.1 s); after pa's first second and IC3's slice,
   * these answers came after 4 s CPU, and the portfolio's own side
   * missed 242 / 293 at load 4-5 (session 28). Its part in one piece: a
   * part resumed costs (LIA-270: 1.9 + 2.9 s CPU in two parts, 2.3 s in
   * one) */
  zeta_limits la = linear ? cpu_slice(lim, AFFINE_SHARE, AFFINE_SECONDS)
                          : cpu_slice(lim, AFFINE_NONLINEAR_SHARE, AFFINE_NONLINEAR_SECONDS);
  if (affine_part(&aff, s, &la, lim, r, acc, start)) goto out;
  if (!linear) {
    /* pa's quick answers (sat within 1 s on LIA-071, 083, 108, 125,
     * 168, 175: 3 s later behind the IC3 slice) */
    zeta_limits l1 = cpu_slice(lim, PA_FIRST_SHARE, PA_FIRST_SECONDS);
    step("pa", &l1);
    chc_pa_solve_itp(s, &l1, itp, r);
    if (chc_settled(r, s, lim, acc)) goto out;
    next_engine(r, start);
    zeta_limits l2 = cpu_slice(lim, IC3_FIRST_SHARE, IC3_FIRST_SECONDS);
    if (ic3_part(&ic3, s, &l2, lim, r, acc, start)) goto out;
    /* queries that apply predicates to their arguments in several orders
     * (LIA's lturn family: 183 / 198, sat with clauses of order literals
     * that IC3 and pa do not find): Houdini over such clauses again with
     * more time when its first part ran out of it, after IC3's slice
     * (which answers the unsat ones of them: LIA-182, 195 in 0.04-0.06 s;
     * Houdini first took 4-6 s there at load 10) */
    zeta_limits l3 = cpu_slice(lim, HOUDINI_SHARE, HOUDINI_SECONDS);
    if (houdini_again && houdini_part(s, &l3, lim, r, acc, start, &houdini_again)) goto out;
    /* IC3's second part before pa's share: IC3's answers that need 3-6 s
     * CPU came only after pa's 35 % (LIA-098: unsat, IC3 alone 4.5-5.2 s
     * CPU, own 18.8 s wall at load 5, z3 11 s), and pa answered no
     * non-linear LIA task after its first second (STATUS-chc, session
     * 26); after Houdini, whose answers (LIA-183 / 198 at load 5-10:
     * 15 / 10 s wall) it would delay */
    zeta_limits l5 = cpu_slice(lim, IC3_SECOND_SHARE, IC3_SECOND_SECONDS);
    if (ic3_part(&ic3, s, &l5, lim, r, acc, start)) goto out;
    /* affine resumed where its part ran out of time (LIA-255: 388
     * predicates of up to 160 arguments, sat by affine alone in ~6 s CPU;
     * 227 / 235 / 258), after IC3's second part (its answers on 227 / 235
     * under load: 235 lost at load 6 with this part before it) */
    zeta_limits l6 = cpu_slice(lim, AFFINE_SECOND_SHARE, AFFINE_SECOND_SECONDS);
    if (affine_part(&aff, s, &l6, lim, r, acc, start)) goto out;
  }
  /* pa: 35 % of the CPU the schedule can expect in all (cpu_total), so
   * that under load the resumed IC3 after it still runs (LIA-098 / 270
   * lost at load ~10 with 35 % of the wall time in CPU seconds: session
   * 24); the slices before it stay as they are at any load (compressing
   * them too delayed the answers of IC3's slice and pa's first second:
   * LIA-235 5.5 -> 15.6 s, 071 0.9 -> 4.4 s at load 6-9; session 25) */
  zeta_limits l4 = limits_cpu_slice(lim, 0.35 * cpu_total(lim, &ck));
  step("pa", &l4);
  chc_pa_solve_itp(s, &l4, itp, r);
  if (chc_settled(r, s, lim, acc)) goto out;
  next_engine(r, start);
  ic3.dropped = false;   /* the slice's IC3 resumed, or a fresh one */
  ic3_part(&ic3, s, lim, lim, r, acc, start);
out:
  chc_affine_free(aff);
  chc_ic3_free(ic3.ic3);
  terms_stash_free(ic3.kept);
}

void chc_own_solve(const chc_system *s, const zeta_limits *lim, itp_strategy itp, chc_result *r, chc_system *unf,
                   bool *over_unf, const chc_accept *acc, volatile sig_atomic_t *unsat_news) {
  bool linear = chc_is_linear(s), unf_bmc = false;
  terms_mark start = terms_mark_now();
  own_clock ck = own_clock_now();
  own_wall0 = limits_now();
  own_unsat_news = unsat_news;
  *over_unf = false;
  zeta_limits lu = slice(lim, 0.15, 3);   /* within the BMC slice's time (LIA-287: seconds in session 24) */
  if (!linear && unf && chc_unfold_linear_within(s, unf, 4000, &lu)) {
    /* calls of loop-free summaries unfolded: bounded model checking finds
     * counterexamples of the non-linear system (a derivation over unf) */
    chc_normalize(unf);
    if (chc_is_linear(unf)) {
      unf_bmc = true;
      zeta_limits l1 = slice(lim, 0.15, 3);
      chc_bmc_solve(unf, &l1, 0, r);
      if (chc_settled(r, unf, lim, acc)) { *over_unf = r->answer == CHC_UNSAT; return; }
      chc_result_free(r);
    }
  }
  if (unf) {   /* its terms go with the rollback: emptied, nothing is over it */
    chc_free(unf);
    chc_init(unf);
  }
  terms_rollback(start);   /* the engines below meet the table as without unf */
  if (linear) {
    zeta_limits l1 = slice(lim, 0.05, 1);
    chc_bmc_solve(s, &l1, 0, r);
    if (chc_settled(r, s, lim, acc)) return;
    next_engine(r, start);
  }
  /* datatypes: IC3 first (ADT-LIA at 20 s: ic3 22, pa 18, each answer of
   * ic3 within 4.8 s, pa's two others at 6.4 and 8.9 s; STATUS-chc) */
  bool dt = has_params_of(s, TYPE_DATATYPE), arrays = has_params_of(s, TYPE_ARRAY);
  bool beside_spacer = unsat_news != NULL;   /* the portfolio's own side */
  /* arrays: an IC3 slice of 15 % first (LIA-Arrays at 20 s: ic3 28, pa 29;
   * ic3's answers pa lacks within 1.8 s, pa's that ic3 lacks within 7.7 s;
   * STATUS-chc, session 9) */
  ic3_parts ic3 = {NULL, NULL, false};
  pa_parts pa = {NULL, NULL, false};
  if (dt) {
    zeta_limits l2 = slice(lim, 0.3, 1e9);
    chc_ic3_solve(s, &l2, r);
    if (chc_settled(r, s, lim, acc)) return;
    next_engine(r, start);
  } else if (arrays) {   /* resumed last when the engines between give up */
    zeta_limits l2 = slice(lim, 0.15, 1e9);
    if (ic3_part(&ic3, s, &l2, lim, r, acc, start)) goto out;
  }
  if (arrays && !dt && !linear && !unf_bmc) {
    /* beside Spacer (the portfolio's own side): the core right after
     * IC3's slice. There the trees' and pa's quick answers (LIA-Arrays-021,
     * 062, 107, 110, 131) are Spacer's too, within its first seconds,
     * while the core's (219: 1.3-2.5 s CPU of its own) is the own side's
     * alone and came after the trees' and pa's parts: at 8.7-8.9 s wall
     * (3.1 s CPU) at load 4.5, answered at 18.4 s, lost at load 5-6
     * (session 41's track run) */
    if (beside_spacer) {
      if (core_part(s, lim, CORE_SECONDS_BESIDE, r, acc, start)) goto out;
      yield_to_spacer();
    }
    /* arrays, no linear unfolding: BMC of derivation trees (chc_bmc_tree.c)
     * for counterexamples pa and IC3 miss or find late (LIA-Arrays-062:
     * unknown, 107: pa at 17.6 s; trees 0.9 / 1.3 s), after the IC3 slice
     * (it answers 024 and 051 at once, trees cost the slice). Not on
     * numbers only: no LIA task gained (IC3 answers 227 / 235 sooner), and
     * pa's sat answers came ~3 s later on 20 tasks (125: 0.03 -> 3.1 s);
     * not measured on datatypes */
    zeta_limits l1 = slice(lim, TREE_BMC_SHARE, TREE_BMC_SECONDS);
    step("trees", &l1);
    chc_bmc_solve(s, &l1, 0, r);
    if (chc_settled(r, s, lim, acc)) goto out;
    next_engine(r, start);
    /* pa's quick answers before the core's slice (LIA-Arrays-110: sat by
     * pa in 1.4-2 s CPU, after the core's 5 s; lost at load 6; 131 unsat
     * in ~1 s, 021 sat in 2-4 s): a part of 30 % of the CPU the schedule
     * can still expect, at most 3 s, resumed after the core when it ran
     * out of time */
    zeta_limits lpa = cpu_share_left(lim, &ck, PA_ARRAYS_SHARE, PA_ARRAYS_SECONDS);
    if (pa_part(&pa, s, itp, &lpa, lim, r, acc, start)) goto out;
    /* IC3 on the linear core (chc_core.c): counterexamples through the
     * linear clauses alone (LIA-Arrays-219, a thread-modular program:
     * 2-4 s CPU under load with the core's IC3 unweakened, 4-6 s
     * weakened; unknown to every engine on the whole system), in CPU
     * seconds (the portfolio's own side under load); on the grammar
     * systems the core is sat at once, on 11 other array tasks it takes
     * the slice (own's 131: 6.9 -> 12 s). Session 30 tried it first (a
     * 1 s trees slice, the core, then IC3's slice...): 219 came sooner,
     * but IC3's quick answers came after those slices (024: 1.4 -> 6.5 s
     * wall at load 10, lost in the track's run). Not a share of the CPU
     * the schedule can expect: with half of it the core lost 219 at load
     * 8 (1.7-2.5 s CPU needed there; session 34) */
    if (!beside_spacer && core_part(s, lim, CORE_SECONDS, r, acc, start)) goto out;
  }
  if (!dt && !arrays) {
    numbers_only(s, lim, itp, r, acc, start, linear);
    return;
  }
  if (pa_part(&pa, s, itp, lim, lim, r, acc, start) || (dt && !linear)) goto out;
  if (linear) {
    chc_ts_solve_bounded(s, lim, "pdr", itp, 0, r);
    if (chc_settled(r, s, lim, acc) || dt) goto out;
    next_engine(r, start);
  }
  /* pa gave up early (MBP interpolation failed over arrays: LIA-Arrays-131),
   * or its model's check was undecided: IC3 for the rest, on arrays the
   * slice's resumed (its terms kept out of the table meanwhile; session
   * 24), else a fresh one */
  ic3.dropped = false;
  ic3_part(&ic3, s, lim, lim, r, acc, start);
out:
  chc_ic3_free(ic3.ic3);
  terms_stash_free(ic3.kept);
  chc_pa_free(pa.pa);
  terms_stash_free(pa.kept);
}

