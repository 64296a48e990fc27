/* --sol-mode modular: see sol_modular.h. */
#include "lang/sol/sol_modular.h"
#include "lang/sol/sol_suggest.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/emergency.h"
#include "core/term_map.h"
#include "ir/chc_witness.h"
#include "lang/lang_common.h"
#include "lang/sol/sol_houdini.h"
#include "lang/sol/sol_lower.h"
#include "lang/sol/sol_solve.h"
#include "lang/sol/sol_vc.h"
#include "lang/sol/sol_ring.h"
#include "lang/sol/sol_split.h"
#include "solver/solver.h"

static cJSON *kid(const cJSON *n, const char *k) { return n ? cJSON_GetObjectItemCaseSensitive(n, k) : NULL; }
static bool is(const cJSON *n, const char *kind) { return n && strcmp(sol_kind(n), kind) == 0; }

/* One check: a function (node id), the deployment or ether arriving. */
typedef struct { int fn; char label[160]; } item;

static const char *base_name(const char *p) {
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

/* The message of a failed check, in solc-verify's words. */
static void site_message(FILE *out, const sol_ast *a, const sol_annots *an, const sol_site *s) {
  const char *e = s->annot >= 0 && (uint32_t)s->annot < an->n ? an->v[s->annot].text : s->name ? s->name : "?";
  unsigned line = s->line;
  const char *f = sol_file_of(a, &line);
  fprintf(out, "%s:%u:%u: ", base_name(f), line, s->col);
  switch (s->kind) {
  case SITE_ASSERT: fputs("Assertion might not hold.", out); break;
  case SITE_INV_END: fprintf(out, "Invariant '%s' might not hold at end of function.", e); break;
  case SITE_POST_END: fprintf(out, "Postcondition '%s' might not hold at end of function.", e); break;
  case SITE_INV_EXT: fprintf(out, "Invariant '%s' might not hold before external call.", e); break;
  case SITE_LOOP_ENTRY: fprintf(out, "Invariant '%s' might not hold on loop entry", e); break;
  case SITE_LOOP_FIRST: fprintf(out, "Invariant '%s' might not hold after first iteration", e); break;
  case SITE_LOOP_KEEP: fprintf(out, "Invariant '%s' might not be maintained by the loop", e); break;
  case SITE_OVERFLOW: fputs("Function can terminate with overflow", out); break;
  case SITE_MODIFIES:   /* no name: the balances (solc-verify's one map) */
    if (s->name) fprintf(out, "Function might modify '%s' illegally", s->name);
    else fprintf(out, "Function might modify balances illegally");
    break;
  case SITE_INV_INIT: fprintf(out, "State variable initializers might violate invariant '%s'.", e); break;
  case SITE_BOUNDS: fputs("Index may be out of bounds", out); break;
  case SITE_ENUM: fputs("Conversion to enum might be out of range", out); break;
  case SITE_INV_CALL: fprintf(out, "Invariant '%s' might not hold when entering function.", e); break;
  case SITE_PRE_CALL: fprintf(out, "Precondition '%s' might not hold when entering function.", e); break;
  case SITE_OVERFLOW_CALL: fputs("An overflow can occur before calling function", out); break;
  case SITE_EV_PRE: fprintf(out, "Event precondition '%s' might not hold before emit of %s.", e, s->name); break;
  case SITE_EV_POST: fprintf(out, "Event postcondition '%s' might not hold before emit %s.", e, s->name); break;
  case SITE_EV_NOCHANGE: fputs("Event triggered without changes to data", out); break;
  case SITE_EV_END: fputs("Function can end without triggering event", out); break;
  case SITE_EV_CALL: fprintf(out, "Function called without triggering event %s", s->name); break;
  case SITE_SPEC_OVERFLOW: fprintf(out, "Overflow in computation of '%s'", e); break;
  }
  fputc('\n', out);
}

/* The function's arguments and msg values (variables tx0.*) in models of
 * the derivation's clause instances, each name once. */
static void print_args(FILE *out, const chc_system *norm, const chc_derivation *d) {
  char seen[2048] = "|";
  bool any = false;
  for (uint32_t k = 0; k < d->n && k < 64; k++) {
    term_t *vars;
    uint32_t nv = chc_clause_vars(&norm->clauses[d->nodes[k].clause], &vars);
    bool has = false;
    for (uint32_t i = 0; i < nv && !has; i++) has = strncmp(term_var_name(vars[i]), "tx0.", 4) == 0;
    term_t f = has ? chc_dnode_formula(norm, d, k) : NULL_TERM;
    solver *s = NULL;
    if (f != NULL_TERM) {
      s = solver_new_z3();
      solver_set_timeout(s, 5000);
      solver_assert(s, f);
      if (solver_check(s) != SOLVER_SAT) { solver_free(s); s = NULL; }
    }
    for (uint32_t i = 0; s && i < nv; i++) {
      const char *nm = term_var_name(vars[i]);
      if (strncmp(nm, "tx0.", 4) != 0) continue;
      const char *bang = strchr(nm, '!');
      char key[200];
      snprintf(key, sizeof key, "|%.*s|", (int)(bang ? bang - nm - 4 : (long)strlen(nm) - 4), nm + 4);
      if (strstr(seen, key) || strlen(seen) + strlen(key) >= sizeof seen) continue;
      strcat(seen, key + 1);
      term_t v = solver_value(s, vars[i]);
      char *vs = v == NULL_TERM ? xstrdup("?") : term_to_string(v);
      fprintf(out, "%s %.*s=%s", any ? "" : "    counterexample:", (int)strlen(key) - 2, key + 1, vs);
      any = true;
      free(vs);
    }
    if (s) solver_free(s);
    free(vars);
  }
  if (any) fputc('\n', out);
}

typedef enum { RES_OK, RES_ERROR, RES_SKIPPED } result;

/* Why a check that fails after an over-approximation is not an ERROR (sol_site.approx). */
#define APPROX "fails where zeta over-approximates a value solc-verify tracks exactly (a string's length)"
/* Why a check that fails after a loop cut is not an ERROR (sol_site.after_cut). */
#define AFTER_CUT "fails with the loop invariants and inferred bounds where solc-verify's Boogie may infer more (a callee's loop, a computed entry value)"

/* The clauses (undecided included) a Horn model fails, checked by Z3. */
static uint32_t model_failures(const chc_system *s, const term_t *interp, uint32_t timeout_ms) {
  solver *z = solver_new_z3();
  solver_set_timeout(z, timeout_ms);
  uint32_t *failed;
  bool *undecided;
  uint32_t nf = chc_check_model(s, interp, z, &failed, &undecided);
  solver_free(z);
  free(failed);
  free(undecided);
  return nf;
}

/* Checks one item with the Horn engines (a recursive system): its
 * assertions one at a time (a failed one is reported, excluded, the rest
 * solved again). Lines go to out. */
static result check_item_chc(const sol_ast *a, const sol_annots *an, int contract, int fn, int arith, bool exact, bool aliased,
                             const zeta_options *o, const zeta_limits *lim, FILE *out, char *why, size_t nwhy) {
  bool *excluded = NULL;
  uint32_t nasserts = 0, nfail = 0;
  char *errs = NULL;
  size_t nerrs = 0;
  FILE *eo = open_memstream(&errs, &nerrs);
  result res = RES_OK;
  for (;;) {
    sol_chc sc;
    if (!sol_lower_modular(a, contract, fn, arith, exact, aliased, excluded, NULL, &sc)) {
      snprintf(why, nwhy, "%s", sc.unsupported ? sc.unsupported : "unsupported");
      sol_chc_free(&sc);
      res = RES_SKIPPED;
      break;
    }
    if (sol_vc_quantified(&sc.sys)) {   /* the Horn engines take neither quantifiers nor hashes */
      snprintf(why, nwhy, "%s", exact ? AFTER_CUT : "quantified annotations or hashes in a recursive function");
      sol_chc_free(&sc);
      res = RES_SKIPPED;
      break;
    }
    if (!excluded) {
      nasserts = sc.nasserts;
      excluded = xcalloc(nasserts + 2, sizeof(bool));
    }
    uint32_t left = 0;
    for (uint32_t k = 1; k <= nasserts; k++) left += !excluded[k];
    if (left == 0) { sol_chc_free(&sc); break; }
    chc_system norm;
    chc_copy(&norm, &sc.sys);
    chc_normalize(&norm);
    chc_result cr;
    sol_solve(&norm, o, lim, &cr);
    bool again = false;
    if (cr.answer == CHC_SAT) {
      /* the model, re-checked clause by clause */
      if (model_failures(&norm, cr.interp, 10000)) { snprintf(why, nwhy, "the model failed its check"); res = RES_SKIPPED; }
    } else if (cr.answer == CHC_UNSAT) {
      uint32_t k = cr.deriv.n ? norm.clauses[cr.deriv.nodes[0].clause].line : 0;
      if (k == 0 || k > nasserts || excluded[k]) { snprintf(why, nwhy, "the engine gave no derivation"); res = RES_SKIPPED; }
      else if (!chc_replay(&norm, &cr.deriv, 30000)) { snprintf(why, nwhy, "the counterexample did not replay"); res = RES_SKIPPED; }
      else if (sc.sites[k].after_cut || sc.sites[k].approx) {
        excluded[k] = true;
        snprintf(why, nwhy, "%s", sc.sites[k].approx ? APPROX : AFTER_CUT);
        res = RES_SKIPPED;
        again = !limits_expired(lim);
      } else {
        excluded[k] = true;
        nfail++;
        site_message(eo, a, an, &sc.sites[k]);
        print_args(eo, &norm, &cr.deriv);
        again = !limits_expired(lim);
      }
    } else {
      snprintf(why, nwhy, "%s", cr.reason ? cr.reason : "unknown");
      res = RES_SKIPPED;
    }
    chc_result_free(&cr);
    chc_free(&norm);
    sol_chc_free(&sc);
    if (!again) break;
  }
  fclose(eo);
  free(excluded);
  if (nfail) res = RES_ERROR;   /* a replayed failure stands even if the rest is unknown */
  if (res == RES_ERROR) fputs(errs, out);
  free(errs);
  return res;
}

/* t has a quantifier (an annotation's forall/exists) */
static bool has_binder(term_t t, term_map *seen) {
  t = term_unsigned(t);
  if (term_map_has(seen, t)) return false;
  term_map_put(seen, t, 1);
  if (term_op_of(t) == OP_FORALL || term_op_of(t) == OP_EXISTS) return true;
  for (uint32_t i = 0; i < term_nargs(t); i++)
    if (has_binder(term_arg(t, i), seen)) return true;
  return false;
}

/* The tx0.* values (arguments, msg.*) of the first instance of each, in
 * the model of s. */
static void print_model_args(FILE *out, solver *s, const sol_vc *vc) {
  char seen[2048] = "|";
  bool any = false;
  for (uint32_t i = 0; i < vc->nseen; i++) {
    const char *nm = term_var_name(vc->seen[2 * i]);
    if (strncmp(nm, "tx0.", 4) != 0) continue;
    char key[200];
    snprintf(key, sizeof key, "|%s|", nm + 4);
    if (strstr(seen, key) || strlen(seen) + strlen(key) >= sizeof seen) continue;
    strcat(seen, key + 1);
    term_t v = solver_value(s, vc->seen[2 * i + 1]);
    if (v == NULL_TERM) continue;
    char *vs = term_to_string(v);
    fprintf(out, "%s %s=%s", any ? "" : "    counterexample:", nm + 4, vs);
    any = true;
    free(vs);
  }
  if (any) fputc('\n', out);
}

/* The Err predicate of a lowered system, unfolded into one formula with
 * the failed check's number e (NULL_TERM: recursive or too large). */
static term_t unfold_err(sol_chc *sc, term_t *e, sol_vc *vc) {
  uint32_t E = 0;
  while (E < sc->sys.npreds && strcmp(sc->sys.preds[E].name, "Err") != 0) E++;
  *e = term_fresh_var("err", type_int());
  term_t g = E < sc->sys.npreds ? sol_vc_unfold(&sc->sys, E, e, vc) : NULL_TERM;
  return g != NULL_TERM ? sol_vc_skolemize(g) : NULL_TERM;
}

/* Houdini over the interval candidates at loop heads (sol_lower.h,
 * sol_cands): one lowering with every candidate assumed under its guard,
 * one formula, sol_houdini drops the ones not proven (a third of the
 * item's time at most). The guarded lowering's sites are kept in *sites
 * (site k checks candidate (*sites)[k] - 1), so that the caller can tell
 * that its own lowering is the same system. Set ZETA_SOL_HOUDINI_TRACE
 * for a line of statistics on stderr. carry: the candidates an earlier
 * run (round 0 of the item) refuted, dropped from the start when the
 * lowering has as many candidates; updated with this run's. *complete:
 * false when Houdini ran out of time or had an unknown answer (the bounds
 * left may be weaker than Boogie's). */
typedef struct { bool *refuted; uint32_t n; } houdini_carry;

static uint32_t infer_bounds(const sol_ast *a, int contract, int fn, int arith, bool aliased, const zeta_limits *lim, sol_cands *cands,
                             uint32_t **sites, houdini_carry *carry, int most, bool *complete) {
  *complete = true;
  double t0 = limits_now(), until = t0 + (lim->deadline ? (lim->deadline - t0) / 3 : 20);
  if (most >= 0 && t0 + most < until) until = t0 + most;   /* --sol-houdini-time */
  *sites = NULL;
  sol_chc sc;
  cands->guarded = true;
  bool ok = sol_lower_modular(a, contract, fn, arith, false, aliased, NULL, cands, &sc);
  cands->guarded = false;
  uint32_t todo = 0;
  for (uint32_t k = 1; ok && k <= sc.nasserts; k++) todo += sc.sites[k].cand != 0;
  if (!ok || todo == 0) { sol_chc_free(&sc); return 0; }
  cands->n = sc.ncands;
  cands->dropped = xcalloc(sc.ncands + 1, sizeof(bool));
  if (carry->n != sc.ncands) {   /* (another lowering: nothing carried over) */
    free(carry->refuted);
    carry->refuted = xcalloc(sc.ncands + 1, sizeof(bool)), carry->n = sc.ncands;
  }
  memcpy(cands->dropped, carry->refuted, sc.ncands * sizeof(bool));
  uint32_t n = sc.nasserts;
  *sites = xcalloc(n + 1, sizeof(uint32_t));
  for (uint32_t k = 1; k <= n; k++) (*sites)[k] = sc.sites[k].cand;
  if (getenv("ZETA_SOL_HOUDINI_TRACE") && getenv("ZETA_SOL_HOUDINI_TRACE")[0] == '2')
    for (uint32_t k = 1; k <= n; k++)
      fprintf(stderr, "  site %u: kind %d cand %u line %u:%u\n", k, sc.sites[k].kind, sc.sites[k].cand, sc.sites[k].line, sc.sites[k].col);
  /* each candidate site's own formula: Err(k) unfolded (sol_vc.h) */
  uint32_t E = 0;
  while (E < sc.sys.npreds && strcmp(sc.sys.preds[E].name, "Err") != 0) E++;
  term_t *f = xcalloc(n + 1, sizeof(term_t));
  bool all = E < sc.sys.npreds;
  sol_vc vc = {20000, NULL, 0, 0, NULL, NULL, NULL};
  uint32_t used = 0;
  /* Err(e) unfolded once, each site's formula its instance at e = k (the
   * inlined callees' paths carry e: unfolded per site they were most of
   * the work); per site (sol_vc_unfold_at) only if that is too large */
  term_t eall = term_fresh_var("err", type_int()), gall = all ? sol_vc_unfold(&sc.sys, E, &eall, &vc) : NULL_TERM;
  used = 20000 - vc.budget;
  if (gall != NULL_TERM) {
    sol_vc_family fam;
    sol_vc_family_init(&fam, sol_vc_skolemize(gall), eall);
    for (uint32_t k = 1; k <= n; k++)
      if (sc.sites[k].cand) f[k] = sol_vc_family_at(&fam, term_int(k));
    sol_vc_family_free(&fam);
  }
  for (uint32_t k = 1; k <= n && all && gall == NULL_TERM; k++) {
    if (!sc.sites[k].cand) continue;
    if (limits_now() > until) { all = false, *complete = false; break; }   /* Houdini's time is out before its first check */
    vc.budget = 20000, vc.nseen = 0;
    f[k] = sol_vc_unfold_at(&sc.sys, E, term_int(k), &vc);
    used += 20000 - vc.budget;
    if (f[k] == NULL_TERM) all = false;
    else f[k] = sol_vc_skolemize(f[k]);
  }
  sol_vc_free(&vc);
  if (getenv("ZETA_SOL_HOUDINI_TRACE")) fprintf(stderr, "houdini: lowered and unfolded in %.2f s (%u clause instances, %u clauses)\n", limits_now() - t0, used, sc.sys.nclauses);
  sol_houdini_stats st = {0};
  if (all) sol_houdini(f, *sites, n, sc.ncands, sc.rungs, sc.caprungs, until, cands->dropped, carry->refuted, &st);
  else memset(cands->dropped, 1, sc.ncands);   /* recursive, too large or out of time: nothing proven */
  if (st.timeouts || st.out_of_time) *complete = false;
  free(f);
  if (getenv("ZETA_SOL_HOUDINI_TRACE")) {
    uint32_t left = 0;
    for (uint32_t i = 0; i < sc.ncands; i++) left += !cands->dropped[i];
    fprintf(stderr, "houdini: %u candidates, %u sites, %u passes, %u checks (%u skipped), %u dropped (%u timeouts%s), %u left, %.2f s\n",
            sc.ncands, todo, st.passes, st.checks, st.skipped, st.drops, st.timeouts, st.out_of_time ? ", out of time" : "", left,
            limits_now() - t0);
  }
  sol_chc_free(&sc);
  return n;
}

static bool has_cand_sites(const sol_chc *sc) {
  for (uint32_t k = 1; k <= sc->nasserts; k++)
    if (sc->sites[k].cand) return true;
  return false;
}

/* The item's lowering is the system Houdini proved its bounds in: as many
 * candidates, and its candidate sites check the candidates left in the
 * same order (a dropped candidate has no site there), else nothing may be
 * assumed. */
static bool same_sites(const sol_chc *sc, const uint32_t *sites, uint32_t n, const sol_cands *cands) {
  if (sc->ncands != cands->n) return false;
  uint32_t j = 1;
  for (uint32_t k = 1; k <= sc->nasserts; k++) {
    if (!sc->sites[k].cand) continue;
    while (j <= n && (!sites[j] || cands->dropped[sites[j] - 1])) j++;
    if (j > n || sites[j] != sc->sites[k].cand) return false;
    j++;
  }
  while (j <= n && (!sites[j] || cands->dropped[sites[j] - 1])) j++;
  return j > n;
}

/* Checks one item: the lowered system unfolded into one formula per
 * failed-check number k (sol_vc.h), each solved by Z3; a recursive system
 * goes to the Horn engines. Lines go to out. */
static result check_case(const sol_ast *a, const sol_annots *an, int contract, int fn, int arith, bool aliased, const zeta_options *o,
                         const zeta_limits *lim, FILE *out, char *why, size_t nwhy, bool *may_alias, houdini_carry *carry) {
  sol_cands cands = {NULL, 0, false};
  bool hcomplete;
  uint32_t *hsites, nh = infer_bounds(a, contract, fn, arith, aliased, lim, &cands, &hsites, carry, o->sol_houdini_time, &hcomplete);
  sol_chc sc;
  bool lowered = sol_lower_modular(a, contract, fn, arith, false, aliased, NULL, &cands, &sc);
  if (lowered && has_cand_sites(&sc) && (!hsites || !same_sites(&sc, hsites, nh, &cands))) {
    /* not expected (Houdini's lowering failed, or differs): no bound is assumed */
    if (getenv("ZETA_SOL_HOUDINI_TRACE")) fprintf(stderr, "houdini: the item's lowering differs (%u sites, was %u)\n", sc.nasserts, nh);
    cands.n = sc.ncands;
    cands.dropped = xrealloc(cands.dropped, cands.n + 1);
    memset(cands.dropped, 1, cands.n);
    sol_chc_free(&sc);
    lowered = sol_lower_modular(a, contract, fn, arith, false, aliased, NULL, &cands, &sc);
    if (lowered && has_cand_sites(&sc)) {
      sol_chc_free(&sc);
      free(hsites);
      free(cands.dropped);
      snprintf(why, nwhy, "inferred bounds: the lowering changed");
      return RES_SKIPPED;
    }
  }
  free(hsites);
  free(cands.dropped);
  if (!lowered) {
    snprintf(why, nwhy, "%s", sc.unsupported ? sc.unsupported : "unsupported");
    sol_chc_free(&sc);
    return RES_SKIPPED;
  }
  *may_alias = sc.may_alias;
  if (sc.nasserts == 0) { sol_chc_free(&sc); return RES_OK; }
  sol_vc vc = {20000, NULL, 0, 0, NULL, NULL, NULL};
  term_t e;
  term_t g = unfold_err(&sc, &e, &vc);
  if (g == NULL_TERM) {   /* recursive (or too large): the Horn engines */
    sol_vc_free(&vc);
    sol_chc_free(&sc);
    return check_item_chc(a, an, contract, fn, arith, false, aliased, o, lim, out, why, nwhy);
  }
  /* Quantifier-free formulas: a fresh Z3 per check, which preprocesses
   * the formula (equalities solved, constants propagated; the incremental
   * mode skips that: ModArith's constant checks through summaries take
   * half the time); quantified ones: one incremental Z3 (much faster
   * there, QuantifiersSimple). Pass 2 gives the checks undecided in pass 1
   * the time left, each with a fresh Z3. */
  term_map seen;
  term_map_init(&seen);
  bool fresh = !has_binder(g, &seen);
  term_map_free(&seen);
  solver *z1 = solver_new_z3(), *zf = NULL, *z2 = o->validate ? solver_new(ZETA_SECOND_SOLVER, NULL) : NULL;
  solver_assert(z1, g);
  if (z2) solver_assert(z2, g);
  uint32_t nfail = 0, nunknown = 0, napprox = 0, nover = 0, ndisagree = 0, nweak = 0;
  /* pass 1: each check an equal share of the time left; pass 2: the
   * undecided ones again, sharing what is left then */
  bool *undecided = xcalloc(sc.nasserts + 1, sizeof(bool));
  uint32_t nund = 0;
  for (uint32_t q = 1; q <= 2 * sc.nasserts; q++) {
    bool second = q > sc.nasserts;
    uint32_t k = second ? q - sc.nasserts : q;
    if (second && !undecided[k]) continue;
    if (sc.sites[k].cand) continue;   /* an inferred bound: proven by infer_bounds */
    uint32_t todo = second ? nund : sc.nasserts - k + 1;
    double left = lim->deadline ? lim->deadline - limits_now() : 60;
    if (left <= 0) {
      if (!second) nunknown++;   /* (pass 2: counted in pass 1) */
      continue;
    }
    if (second) nund--, nunknown--;
    solver *z = z1;
    solver_result r;
    double t0 = limits_now();
    term_t ek = term_int(k), gk = fresh && !z2 ? term_subst(g, 1, &e, &ek) : NULL_TERM;
    bool nl = gk != NULL_TERM && sol_nonlinear(gk);
    /* nonlinear: distributivity through the wrap-around made explicit (sol_ring.h: the same models) */
    if (nl) gk = sol_ring_normalize(gk);
    double share = left / todo, most = nl && !second ? share / 2 : share;
    if (gk != NULL_TERM && second) {   /* undecided: division lemmas and case splits (sol_split.h) */
      solver_free(zf);
      zf = NULL;
      r = sol_split_check(gk, share, &zf);
      z = zf;
    } else {
      if (second || fresh) {
        solver_free(zf);
        z = zf = solver_new_z3();
        solver_assert(z, nl ? gk : g);
      }
      solver_set_timeout(z, (uint32_t)(most * 1000) + 1);
      if (z == z1) solver_push(z);   /* a fresh one is not made incremental */
      solver_assert(z, term_eq(e, term_int(k)));
      r = solver_check(z);
      if (nl && r == SOLVER_UNKNOWN) {
        /* nonlinear: half the share in the simple solver, the other half
         * with the division lemmas in Z3's default solver (each decides
         * some the other does not); what is left goes to pass 2 */
        solver_free(zf);
        zf = NULL;
        r = sol_lemma_check(gk, t0 + share - limits_now(), &zf);
        z = zf;
      }
      if (z2 && (r == SOLVER_SAT || r == SOLVER_UNSAT)) {   /* --validate: cvc5's opinion; an answer it contradicts is withheld */
        solver_set_timeout(z2, (uint32_t)(left * 1000 / todo) + 1);
        solver_push(z2);
        solver_assert(z2, term_eq(e, term_int(k)));
        solver_result r2 = solver_check(z2);
        solver_pop(z2, 1);
        if ((r2 == SOLVER_SAT || r2 == SOLVER_UNSAT) && r2 != r) {
          ndisagree++;
          if (z == z1) solver_pop(z, 1);
          continue;
        }
      }
    }
    if (getenv("ZETA_SOL_CHECK_TRACE"))
      fprintf(stderr, "check %u (pass %d, kind %d, %u:%u%s): %s %.2f s of %.2f\n", k, second ? 2 : 1, sc.sites[k].kind, sc.sites[k].line,
              sc.sites[k].col, nl ? ", nonlinear" : "", r == SOLVER_UNSAT ? "unsat" : r == SOLVER_SAT ? "sat" : "unknown",
              limits_now() - t0, share);
    if (r == SOLVER_SAT && sc.sites[k].approx) {
      nover++;
    } else if (r == SOLVER_SAT && sc.sites[k].after_cut && !hcomplete) {
      nweak++;   /* Houdini out of time: its bounds may be weaker than Boogie's */
    } else if (r == SOLVER_SAT && sc.sites[k].after_cut && sc.cut_opaque) {
      napprox++;
    } else if (r == SOLVER_SAT) {
      nfail++;
      site_message(out, a, an, &sc.sites[k]);
      print_model_args(out, z, &vc);
    } else if (r != SOLVER_UNSAT) {
      nunknown++;
      if (!second) undecided[k] = true, nund++;
    }
    if (z == z1) solver_pop(z, 1);
    if (nweak) break;   /* at best `timeout` now: the time left goes to the retry round (which checks everything again) */
  }
  free(undecided);
  solver_free(z1);
  solver_free(zf);
  solver_free(z2);
  sol_vc_free(&vc);
  sol_chc_free(&sc);
  if (nfail) return RES_ERROR;
  if (ndisagree) { snprintf(why, nwhy, "z3 and cvc5 disagree"); return RES_SKIPPED; }
  if (nover) { snprintf(why, nwhy, "%s", APPROX); return RES_SKIPPED; }
  if (nweak) { snprintf(why, nwhy, "timeout"); return RES_SKIPPED; }   /* the item's retry round runs it again, round 0's refutations carried */
  if (napprox) {   /* ERROR only if the check fails with the loops kept exact */
    if (check_item_chc(a, an, contract, fn, arith, true, aliased, o, lim, out, why, nwhy) == RES_ERROR) return RES_ERROR;
    snprintf(why, nwhy, "%s", AFTER_CUT);
    return RES_SKIPPED;
  }
  if (nunknown) { snprintf(why, nwhy, "timeout"); return RES_SKIPPED; }
  return RES_OK;
}

/* Checks one item; when its memory parameters may alias (solc-verify's
 * model), both cases: ERROR if either fails (the failure lines of the
 * first that does), OK if both hold. */
static result check_item(const sol_ast *a, const sol_annots *an, int contract, int fn, int arith, const zeta_options *o,
                         const zeta_limits *lim, FILE *out, char *why, size_t nwhy, houdini_carry carry[2]) {
  bool may_alias = false, unused;
  char *buf = NULL;
  size_t nbuf = 0;
  FILE *o1 = open_memstream(&buf, &nbuf);
  result r = check_case(a, an, contract, fn, arith, false, o, lim, o1, why, nwhy, &may_alias, &carry[0]);
  fclose(o1);
  if (may_alias && r != RES_ERROR) {
    char why2[512] = "";
    result r2 = check_case(a, an, contract, fn, arith, true, o, lim, out, why2, sizeof why2, &unused, &carry[1]);
    if (r2 == RES_ERROR || (r2 == RES_SKIPPED && r == RES_OK)) {
      snprintf(why, nwhy, "%s", why2);
      r = r2;
    }
  }
  if (r == RES_ERROR && buf) fputs(buf, out);
  free(buf);
  return r;
}

/* Beyond the anchor: where an item is not OK, the Horn engines on the
 * exact encoding (loops kept) may find invariants; a checked model's loop
 * heads are printed as suggested annotations (`note:` lines). The verdict
 * stays as it is. */
static void suggest(const sol_ast *a, int contract, int fn, int arith, const zeta_options *o, const zeta_limits *lim, FILE *out) {
  sol_chc sc;
  bool ok = sol_lower_modular(a, contract, fn, arith, true, false, NULL, NULL, &sc);
  if (!ok || sc.nheads == 0 || sol_vc_quantified(&sc.sys)) { sol_chc_free(&sc); return; }
  chc_system norm;
  chc_copy(&norm, &sc.sys);
  chc_normalize(&norm);
  zeta_limits l = *lim;
  double left = lim->deadline ? lim->deadline - limits_now() : 10, most = o->sol_suggest_time;
  l.deadline = limits_now() + (left < most ? (left > 0.5 ? left : 0.5) : most);
  chc_result cr;
  sol_solve(&norm, o, &l, &cr);
  if (cr.answer == CHC_SAT && cr.interp) {
    if (model_failures(&norm, cr.interp, 3000) == 0) {
      chc_expand_model(&norm, cr.interp);
      for (uint32_t h = 0; h < sc.nheads; h++) {
        unsigned line = sc.heads[h].line;
        const char *f = base_name(sol_file_of(a, &line));
        sol_head hd = sc.heads[h];
        hd.line = line;
        sol_suggest(out, f, &norm, cr.interp, &hd, 1);
      }
    }
  }
  chc_result_free(&cr);
  chc_free(&norm);
  sol_chc_free(&sc);
}

static bool has_invariants(const sol_ast *a, const cJSON *ct) {
  for (const cJSON *x = kid(ct, "linearizedBaseContracts") ? kid(ct, "linearizedBaseContracts")->child : NULL; x; x = x->next) {
    const cJSON *c = sol_node(a, x->valueint);
    for (const cJSON *n = kid(c, "nodes") ? kid(c, "nodes")->child : NULL; n; n = n->next)
      if (is(n, "FunctionDefinition") && strncmp(sol_str(n, "name"), "__zeta_invs_", 12) == 0) return true;
  }
  return false;
}

/* The checks of contract ct, in solc-verify's order: its public functions
 * in source order (the constructor where it stands), then the implicit
 * constructor, then ether arriving when it has invariants. */
static uint32_t items_of(const sol_ast *a, const cJSON *ct, item *it, uint32_t cap) {
  uint32_t n = 0;
  bool ctor = false;
  const char *cn = sol_str(ct, "name");
  for (const cJSON *f = kid(ct, "nodes") ? kid(ct, "nodes")->child : NULL; f && n < cap; f = f->next) {
    if (!is(f, "FunctionDefinition") || strncmp(sol_str(f, "name"), "__zeta_", 7) == 0) continue;
    const char *kind = sol_str(f, "kind"), *vis = sol_str(f, "visibility");
    if (strcmp(kind, "constructor") == 0) {
      ctor = true;
      it[n].fn = SOL_FN_DEPLOY;
      snprintf(it[n++].label, sizeof it[0].label, "%s::[constructor]", cn);
      continue;
    }
    if (!kid(f, "body") || cJSON_IsNull(kid(f, "body"))) continue;
    /* solc-verify reports any function whose body it cannot translate
     * (inline assembly: SKIPPED), whatever its visibility (Partial) */
    if (strcmp(vis, "public") != 0 && strcmp(vis, "external") != 0 && !sol_has_node(kid(f, "body"), "InlineAssembly")) continue;
    it[n].fn = sol_int(f, "id");
    if (strcmp(kind, "receive") == 0 || strcmp(kind, "fallback") == 0) snprintf(it[n].label, sizeof it[0].label, "%s::[%s]", cn, kind);
    else snprintf(it[n].label, sizeof it[0].label, "%s::%s", cn, sol_str(f, "name"));
    n++;
  }
  if (strcmp(sol_str(ct, "contractKind"), "library") == 0) return n;   /* solc-verify: its public functions only */
  if (!ctor && n < cap) {
    it[n].fn = SOL_FN_DEPLOY;
    snprintf(it[n++].label, sizeof it[0].label, "%s::[implicit_constructor]", cn);
  }
  if (has_invariants(a, ct) && n < cap) {
    it[n].fn = SOL_FN_RECEIVE;
    snprintf(it[n++].label, sizeof it[0].label, "%s::[receive_ether_selfdestruct]", cn);
  }
  return n;
}

int sol_modular_check(const sol_ast *a, const sol_annots *an, const zeta_options *o, const zeta_limits *lim, report *r) {
  int arith = option_is(o->sol_arith, "int") ? SOL_ARITH_INT : option_is(o->sol_arith, "mod-overflow") ? SOL_ARITH_MOD_OVF
            : option_is(o->sol_arith, "bv") ? SOL_ARITH_BV : SOL_ARITH_MOD;
  lang_capture ev;
  FILE *out = lang_capture_open(&ev);
  /* all items first: each gets a share of the time left */
  uint32_t total = 0, cap = 0;
  item *its = NULL;
  int *cids = NULL;
  for (const cJSON *n = kid(a->root, "nodes") ? kid(a->root, "nodes")->child : NULL; n; n = n->next) {
    if (!is(n, "ContractDefinition")) continue;   /* (an interface: its implicit constructor, as solc-verify) */
    item tmp[256];
    uint32_t ni = items_of(a, n, tmp, 256);
    if (total + ni > cap) its = xrealloc(its, (cap = 2 * (total + ni)) * sizeof *its), cids = xrealloc(cids, cap * sizeof *cids);
    for (uint32_t i = 0; i < ni; i++) its[total] = tmp[i], cids[total++] = sol_int(n, "id");
  }
  result *res = xcalloc(total ? total : 1, sizeof *res);
  char (*whys)[600] = xcalloc(total ? total : 1, sizeof *whys);
  char **lines = xcalloc(total ? total : 1, sizeof *lines);
  houdini_carry (*carry)[2] = xcalloc(total ? total : 1, sizeof *carry);   /* per item and aliasing case */
  /* round 0: every item its share; round 1: the items that ran out of
   * time again (from scratch but for Houdini's refutations, carry),
   * sharing what the others left */
  for (int round = 0; round < 2; round++) {
    uint32_t todo = 0;
    for (uint32_t i = 0; i < total; i++) todo += round == 0 || (res[i] == RES_SKIPPED && strcmp(whys[i], "timeout") == 0);
    for (uint32_t i = 0; i < total && todo > 0; i++) {
      if (round == 1 && !(res[i] == RES_SKIPPED && strcmp(whys[i], "timeout") == 0)) continue;
      zeta_limits l = *lim;
      if (lim->deadline) l.deadline = limits_now() + (lim->deadline - limits_now()) / (double)todo;
      todo--;
      if (limits_expired(lim)) {
        if (round == 0) res[i] = RES_SKIPPED, snprintf(whys[i], sizeof whys[i], "timeout");
        continue;
      }
      char why[600] = "", *buf = NULL;
      size_t nb = 0;
      FILE *lo = open_memstream(&buf, &nb);
      result r1 = check_item(a, an, cids[i], its[i].fn, arith, o, &l, lo, why, sizeof why, carry[i]);
      fclose(lo);
      if (round == 1 && r1 == RES_SKIPPED) { free(buf); continue; }   /* round 0's reason stays */
      free(lines[i]);
      lines[i] = buf, res[i] = r1;
      snprintf(whys[i], sizeof whys[i], "%s", why);
    }
  }
  uint32_t nok = 0, nerr = 0, nskip = 0;
  char first_skip[900] = "";
  for (uint32_t i = 0; i < total; i++) {
    if (res[i] == RES_OK) fprintf(out, "%s: OK\n", its[i].label), nok++;
    else if (res[i] == RES_ERROR) fprintf(out, "%s: ERROR\n%s", its[i].label, lines[i] ? lines[i] : ""), nerr++;
    else {
      fprintf(out, "%s: SKIPPED (%s)\n", its[i].label, whys[i]), nskip++;
      if (!first_skip[0]) snprintf(first_skip, sizeof first_skip, "%s: %s", its[i].label, whys[i]);
    }
    if (res[i] != RES_OK && o->sol_suggest_time > 0 && !limits_expired(lim)) {
      zeta_limits l = *lim;
      if (lim->deadline) l.deadline = limits_now() + (lim->deadline - limits_now()) / (double)(total - i);
      suggest(a, cids[i], its[i].fn, arith, o, &l, out);
    }
    free(lines[i]);
  }
  free(lines);
  for (uint32_t i = 0; i < total; i++) free(carry[i][0].refuted), free(carry[i][1].refuted);
  free(carry);
  free(whys);
  free(res);
  free(its);
  free(cids);
  int rc;
  if (nerr) rc = lang_verdict(r, ZETA_UNSAFE, NULL);
  else if (nskip) rc = lang_verdict(r, ZETA_UNKNOWN, first_skip);
  else rc = lang_verdict(r, ZETA_SAFE, NULL);
  report_stat(r, "functions", "%u", nok + nerr + nskip);
  report_stat(r, "functions-ok", "%u", nok);
  report_stat(r, "functions-error", "%u", nerr);
  report_stat(r, "functions-skipped", "%u", nskip);
  lang_emit(r, nerr ? "trace" : "invariant", &ev);
  return rc;
}
