/* The in-process Z3 backend.
 *
 * Z3 accepts only literals as assumptions, so any other assumption t gets an
 * indicator constant a with `a => t` asserted at the current scope level;
 * indicators are reused while their scope lives and dropped on pop. The
 * core is fetched right after check, the model at its first use (value,
 * project) before the solver changes (every call that changes it drops
 * the result first), so later calls to value and unsat_core do not depend
 * on the solver state. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"
#include "solver/idmap.h"
#include "solver/mbp_dt.h"
#include "solver/solver.h"
#include "solver/z3_conv.h"
#include "solver/z3_watchdog.h"

typedef struct { term_t t; Z3_ast ind; uint32_t level; } z3s_ind;

typedef struct {
  solver base;
  Z3_context ctx;
  bool borrowed;            /* ctx and conv are the caller's: not freed with the solver */
  z3conv *conv;
  Z3_solver s;
  Z3_model model;           /* after SAT, once fetched (z3s_model) */
  bool model_due;           /* SAT and the model not fetched yet */
  term_t *core;             /* after UNSAT under assumptions */
  uint32_t ncore;
  z3s_ind *inds;
  uint32_t ninds, capinds;
  idmap indmap;             /* assumption term -> index in inds */
  uint32_t level;
  uint32_t bad_level;       /* lowest level with an untranslatable assertion; UINT32_MAX if none */
  uint32_t timeout_ms;       /* each check's, by the watchdog (0: none) */
  struct { char name[32]; uint32_t value; } tuned[4];   /* solver_tune's, for check_alone's solver too */
  uint32_t ntuned;
  bool alone_simple_first;  /* check_alone tries the simple solver first (solver_z3_alone_simple_first) */
  char reason[256];
  volatile bool interrupted;   /* set by another thread (z3s_interrupt) */
} z3_solver;

static void z3s_set_reason(z3_solver *z, const char *prefix, const char *msg) {
  snprintf(z->reason, sizeof z->reason, "%s%s", prefix, msg ? msg : "");
}

static void z3s_clear_result(z3_solver *z) {
  z->model_due = false;
  if (z->model) { Z3_model_dec_ref(z->ctx, z->model); z->model = NULL; }
  free(z->core); z->core = NULL; z->ncore = 0;
}

static void z3s_destroy(solver *s) {
  z3_solver *z = (z3_solver *)s;
  z3s_clear_result(z);
  for (uint32_t i = 0; i < z->ninds; i++) Z3_dec_ref(z->ctx, z->inds[i].ind);
  free(z->inds);
  idmap_free(&z->indmap);
  if (z->s) Z3_solver_dec_ref(z->ctx, z->s);
  if (!z->borrowed) z3conv_free_release(z->conv, z->ctx, !z->interrupted);
  free(z);
}

static void z3s_assert(solver *s, term_t t) {
  z3_solver *z = (z3_solver *)s;
  z3s_clear_result(z);
  Z3_ast a = z3conv_to_z3(z->conv, t);
  const char *msg = NULL;
  if (a) {
    Z3_solver_assert(z->ctx, z->s, a);
    if (!z3conv_failed(z->ctx, &msg)) return;
  } else {
    msg = z3conv_error(z->conv);
  }
  /* The assertion is lost: checks at this level or above answer unknown. */
  if (z->bad_level == UINT32_MAX) {
    z->bad_level = z->level;
    z3s_set_reason(z, "assertion not translated: ", msg);
  }
}

static void z3s_push(solver *s) {
  z3_solver *z = (z3_solver *)s;
  z3s_clear_result(z);
  Z3_solver_push(z->ctx, z->s);
  z->level++;
}

static void z3s_pop(solver *s, uint32_t n) {
  z3_solver *z = (z3_solver *)s;
  z3s_clear_result(z);
  if (n > z->level) n = z->level;
  if (!n) return;
  Z3_solver_pop(z->ctx, z->s, n);
  z->level -= n;
  while (z->ninds && z->inds[z->ninds - 1].level > z->level) {
    z3s_ind *e = &z->inds[--z->ninds];
    idmap_del(&z->indmap, (uint32_t)e->t);
    Z3_dec_ref(z->ctx, e->ind);
  }
  if (z->bad_level != UINT32_MAX && z->bad_level > z->level) z->bad_level = UINT32_MAX;
}

static bool z3s_is_literal(term_t t) {
  return term_op_of(t) == OP_VAR && term_is_bool(t);
}

/* The Z3 literal standing for assumption t; NULL on failure. */
static Z3_ast z3s_assumption(z3_solver *z, term_t t) {
  if (z3s_is_literal(t)) return z3conv_to_z3(z->conv, t);
  uintptr_t v;
  if (idmap_get(&z->indmap, (uint32_t)t, &v)) return z->inds[v].ind;
  Z3_ast body = z3conv_to_z3(z->conv, t);
  if (!body) return NULL;
  if (z->ninds == z->capinds) {
    uint32_t ncap = z->capinds ? z->capinds * 2 : 16;
    z3s_ind *n = realloc(z->inds, ncap * sizeof *n);
    if (!n) return NULL;
    z->inds = n; z->capinds = ncap;
  }
  Z3_ast ind = Z3_mk_fresh_const(z->ctx, "zeta!a", Z3_mk_bool_sort(z->ctx));
  if (!ind || z3conv_failed(z->ctx, NULL)) return NULL;
  Z3_inc_ref(z->ctx, ind);
  Z3_ast imp = Z3_mk_implies(z->ctx, ind, body);
  Z3_inc_ref(z->ctx, imp);
  Z3_solver_assert(z->ctx, z->s, imp);
  Z3_dec_ref(z->ctx, imp);
  if (!idmap_put(&z->indmap, (uint32_t)t, z->ninds)) { Z3_dec_ref(z->ctx, ind); return NULL; }
  z->inds[z->ninds++] = (z3s_ind){t, ind, z->level};
  return ind;
}

/* The reason of an unknown answer of solver one: "timeout" when the
 * watchdog interrupted it (Z3 then says "canceled", or what the interrupted
 * procedure makes of it, e.g. "(incomplete (theory arithmetic))"). */
static void z3s_unknown_reason(z3_solver *z, Z3_solver one, bool fired) {
  z3s_set_reason(z, "", fired ? "timeout" : Z3_solver_get_reason_unknown(z->ctx, one));
}

static solver_result z3s_check(solver *s, uint32_t n, const term_t *as) {
  z3_solver *z = (z3_solver *)s;
  z3s_clear_result(z);
  if (z->bad_level != UINT32_MAX) return SOLVER_UNKNOWN;
  Z3_ast *lits = malloc((n ? n : 1) * sizeof *lits);
  idmap back;
  idmap_init(&back);
  solver_result res = SOLVER_UNKNOWN;
  if (!lits) { z3s_set_reason(z, "out of memory", NULL); return res; }
  for (uint32_t i = 0; i < n; i++) {
    if (!(lits[i] = z3s_assumption(z, as[i])) ||
        !idmap_put(&back, Z3_get_ast_id(z->ctx, lits[i]), i)) {
      z3s_set_reason(z, "assumption not translated: ", z3conv_error(z->conv));
      goto out;
    }
  }
  bool fired;
  Z3_lbool r = z3_watchdog_check(z->ctx, z->s, z->timeout_ms, n, lits, &fired);
  const char *msg;
  if (z3conv_failed(z->ctx, &msg)) { z3s_set_reason(z, fired ? "timeout" : "z3 error: ", fired ? NULL : msg); goto out; }
  if (r == Z3_L_TRUE) {
    z->model_due = true;   /* fetched where used: most of IC3's sat checks use none */
    res = SOLVER_SAT;
  } else if (r == Z3_L_FALSE) {
    Z3_ast_vector core = Z3_solver_get_unsat_core(z->ctx, z->s);
    if (core) {
      Z3_ast_vector_inc_ref(z->ctx, core);
      unsigned k = Z3_ast_vector_size(z->ctx, core);
      z->core = malloc((k ? k : 1) * sizeof *z->core);
      for (unsigned i = 0; z->core && i < k; i++) {
        uintptr_t v;
        if (idmap_get(&back, Z3_get_ast_id(z->ctx, Z3_ast_vector_get(z->ctx, core, i)), &v))
          z->core[z->ncore++] = as[v];
      }
      Z3_ast_vector_dec_ref(z->ctx, core);
    }
    res = SOLVER_UNSAT;
  } else {
    z3s_unknown_reason(z, z->s, fired);
  }
out:
  free(lits);
  idmap_free(&back);
  return res;
}

/* The model of the last check (SAT), fetched from Z3 at its first use:
 * Z3_solver_get_model completes the model and applies the solver's model
 * converters, ~10 % of IC3's CPU on the small array tasks where most sat
 * answers (a literal generalize cannot drop) use no model
 * (LIA-Arrays-182, 207, 140, 151); false when there is none. */
static uint64_t models_fetched;
uint64_t solver_z3_models_fetched(void) { return __atomic_load_n(&models_fetched, __ATOMIC_RELAXED); }

static bool z3s_model(z3_solver *z) {
  if (z->model_due) {
    z->model_due = false;
    __atomic_add_fetch(&models_fetched, 1, __ATOMIC_RELAXED);
    z->model = Z3_solver_get_model(z->ctx, z->s);
    if (z->model) Z3_model_inc_ref(z->ctx, z->model);
    else z3conv_failed(z->ctx, NULL);   /* its error, if any, is not the next call's */
  }
  return z->model != NULL;
}

static term_t z3s_value(solver *s, term_t t) {
  z3_solver *z = (z3_solver *)s;
  if (!z3s_model(z)) return NULL_TERM;
  return z3conv_model_value(z->conv, z->model, t);
}

static uint32_t z3s_unsat_core(solver *s, term_t **out) {
  z3_solver *z = (z3_solver *)s;
  *out = NULL;
  if (!z->core) return 0;
  term_t *c = malloc((z->ncore ? z->ncore : 1) * sizeof *c);
  if (!c) return 0;
  memcpy(c, z->core, z->ncore * sizeof *c);
  *out = c;
  return z->ncore;
}

/* The deadline of each check, kept by the watchdog (z3_watchdog.h) and not
 * passed to Z3: its per-check `timeout` costs a timer thread per check. */
static void z3s_set_timeout(solver *s, uint32_t ms) { ((z3_solver *)s)->timeout_ms = ms; }

/* Kept in the solver's parameters, and for check_alone's solver. */
static void z3s_tune(solver *s, const char *name, uint32_t value) {
  z3_solver *z = (z3_solver *)s;
  z3s_model(z);   /* the last check's model stays what it was */
  uint32_t i = 0;
  while (i < z->ntuned && strcmp(z->tuned[i].name, name) != 0) i++;
  if (i < sizeof z->tuned / sizeof z->tuned[0] && strlen(name) < sizeof z->tuned[i].name) {
    snprintf(z->tuned[i].name, sizeof z->tuned[i].name, "%s", name);
    z->tuned[i].value = value;
    if (i == z->ntuned) z->ntuned++;
  }
  Z3_params p = Z3_mk_params(z->ctx);
  Z3_params_inc_ref(z->ctx, p);
  Z3_params_set_uint(z->ctx, p, Z3_mk_string_symbol(z->ctx, name), value);
  Z3_solver_set_params(z->ctx, z->s, p);
  Z3_params_dec_ref(z->ctx, p);
}

/* Z3_interrupt may be called from another thread (not from a signal handler). */
static void z3s_interrupt(solver *s) {
  ((z3_solver *)s)->interrupted = true;   /* its context is not handed out again */
  Z3_interrupt(((z3_solver *)s)->ctx);
}

static const char *z3s_reason(solver *s) { return ((z3_solver *)s)->reason; }

/* One check of a alone in a fresh solver one (its parameters those tuned
 * for z->s), within ms (0: none); the model kept after sat. */
static Z3_lbool z3s_check_one(z3_solver *z, Z3_solver one, Z3_ast a, uint32_t ms, bool *fired) {
  Z3_solver_inc_ref(z->ctx, one);
  Z3_params p = z3conv_mk_params(z->ctx);
  for (uint32_t i = 0; i < z->ntuned; i++)
    Z3_params_set_uint(z->ctx, p, Z3_mk_string_symbol(z->ctx, z->tuned[i].name), z->tuned[i].value);
  Z3_solver_set_params(z->ctx, one, p);
  Z3_params_dec_ref(z->ctx, p);
  Z3_solver_assert(z->ctx, one, a);
  Z3_lbool r = z3_watchdog_check(z->ctx, one, ms, 0, NULL, fired);
  if (r == Z3_L_UNDEF) z3s_unknown_reason(z, one, *fired);
  if (r == Z3_L_TRUE) {   /* f's model, for solver_value (tla_bmc's trace) */
    z->model = Z3_solver_get_model(z->ctx, one);
    if (z->model) Z3_model_inc_ref(z->ctx, z->model);
  }
  Z3_solver_dec_ref(z->ctx, one);
  return r;
}

/* The first try of check_alone where asked for (solver_z3_alone_simple_first):
 * Z3's SMT core alone (a simple solver), whose first check preprocesses f
 * as a whole too, within at most this share of the check's time. Its
 * unsat is the answer (f alone is unsat); anything else goes to the
 * default solver. The default solver's first check builds Z3's default
 * tactic (probes and a dozen logic-specific tactics) every time: 6-10 ms
 * of CPU even on a tiny formula, where the simple solver takes 0.3-1.5 ms
 * (the quantified heads of expanded definitions in a model check:
 * LIA-Arrays-182, five clauses, 60 ms of a 0.1 s run). Not by default: the
 * path queries of tla_bmc and sol_split are asked alone because the
 * default tactic decides them where the SMT core alone is slow. */
#define ALONE_TRY_SHARE 8
#define ALONE_TRY_MS 200
static uint64_t alone_defaults;   /* answers left to the default solver (tests) */
uint64_t solver_z3_alone_defaults(void) { return alone_defaults; }

/* Fresh solvers in the same context (with the parameters tuned for z->s):
 * their first check runs Z3's non-incremental preprocessing, which the
 * incremental z->s skips; the default one (after the simple one where
 * asked for). */
static solver_result z3s_check_alone(solver *s, term_t f) {
  z3_solver *z = (z3_solver *)s;
  z3s_clear_result(z);
  Z3_ast a = z3conv_to_z3(z->conv, f);
  if (!a) {
    z3s_set_reason(z, "formula not translated: ", z3conv_error(z->conv));
    return SOLVER_UNKNOWN;
  }
  bool fired;
  Z3_lbool r = Z3_L_UNDEF;
  if (z->alone_simple_first) {
    uint32_t try_ms = z->timeout_ms && z->timeout_ms / ALONE_TRY_SHARE < ALONE_TRY_MS ? z->timeout_ms / ALONE_TRY_SHARE
                                                                                       : ALONE_TRY_MS;
    r = z3s_check_one(z, Z3_mk_simple_solver(z->ctx), a, try_ms ? try_ms : 1, &fired);
  }
  if (r != Z3_L_FALSE) {
    z3s_clear_result(z);
    alone_defaults++;
    r = z3s_check_one(z, Z3_mk_solver(z->ctx), a, z->timeout_ms, &fired);
  }
  if (z3conv_failed(z->ctx, NULL)) {
    z3s_clear_result(z);
    return SOLVER_UNKNOWN;
  }
  return r == Z3_L_TRUE ? SOLVER_SAT : r == Z3_L_FALSE ? SOLVER_UNSAT : SOLVER_UNKNOWN;
}

/* t with every array-sorted ite replaced by the branch the model takes,
 * its condition (or the negation) pushed on conds: c ∧ f[a] implies
 * f[ite(c, a, b)] and holds in the model, an under-approximation as MBP's
 * own steps are. *ok false when a condition has no value. */
static term_t arrays_ite_free(z3_solver *z, term_t t, term_map *memo, term_vec *conds, bool *ok) {
  if (term_is_negated(t)) return term_not(arrays_ite_free(z, term_unsigned(t), memo, conds, ok));
  uint32_t n = term_nargs(t);
  term_op op = term_op_of(t);
  if (!n || !*ok || op == OP_FORALL || op == OP_EXISTS) return t;
  int32_t m = term_map_get(memo, t);
  if (m != NULL_TERM) return m;
  term_t *args = xmalloc(n * sizeof(term_t)), r;
  for (uint32_t i = 0; i < n; i++) args[i] = arrays_ite_free(z, term_arg(t, i), memo, conds, ok);
  if (op == OP_ITE && type_kind_of(term_type(t)) == TYPE_ARRAY && *ok) {
    term_t c = z3conv_model_value(z->conv, z->model, args[0]);
    *ok = c != NULL_TERM && (term_is_true(c) || term_is_false(c));
    bool yes = *ok && term_is_true(c);
    term_vec_push(conds, yes ? args[0] : term_not(args[0]));
    r = yes ? args[1] : args[2];
  } else r = term_with_args(t, args);
  free(args);
  term_map_put(memo, t, r);
  return r;
}

static Z3_ast z3s_model_project(z3_solver *z, term_t f, uint32_t na, Z3_app *apps) {
  Z3_ast fz = z3conv_to_z3(z->conv, f);
  Z3_ast p = fz ? Z3_qe_model_project(z->ctx, z->model, na, apps, fz) : NULL;
  return p && !z3conv_failed(z->ctx, NULL) ? p : NULL;
}

/* Z3's projection of f; where it fails, of f without array-sorted ites
 * (arrays_ite_free). Z3 4.8.12's array projection fails ("domain sort
 * (Array Int Int) and parameter Int do not match") on an eliminated array
 * under an ite of arrays, e.g. (= (ite P N (store O 1 16)) K) with O
 * eliminated and P kept (LIA-Arrays-131's query clause: 22 of 40
 * projections); IC3 then took the model's point, every parameter pinned
 * to its value, and blocked array values one at a time. Not first: the
 * cube then keeps the condition (131 and 107 unknown at 10 s that way). */
static term_t z3s_project_z3(z3_solver *z, term_t f, uint32_t na, Z3_app *apps) {
  Z3_ast p = z3s_model_project(z, f, na, apps);
  if (!p) {
    term_map memo;
    term_map_init(&memo);
    term_vec conds = {0};
    bool ok = true;
    term_t g = arrays_ite_free(z, f, &memo, &conds, &ok);
    if (ok && conds.size) {
      term_vec_push(&conds, g);
      p = z3s_model_project(z, term_and(conds.size, conds.data), na, apps);
    }
    term_vec_free(&conds);
    term_map_free(&memo);
  }
  if (!p) return NULL_TERM;
  Z3_inc_ref(z->ctx, p);
  term_t r = z3conv_from_z3(z->conv, p);
  Z3_dec_ref(z->ctx, p);
  return r;
}

/* Datatypes by our projection (Z3 4.8.12 leaves datatype variables in
 * place), the rest by Z3's; what is left is replaced by model values. */
static term_t z3s_project(solver *s, term_t f, uint32_t n, const term_t *elim) {
  z3_solver *z = (z3_solver *)s;
  if (!z3s_model(z)) return NULL_TERM;
  idmap el;
  idmap_init(&el);
  for (uint32_t i = 0; i < n; i++) idmap_put(&el, (uint32_t)elim[i], 1);
  term_t *vs;
  uint32_t nv = term_free_vars(f, &vs);
  term_vec keep = {0};
  Z3_app *apps = xmalloc((nv + 1) * sizeof *apps);
  uint32_t na = 0;
  bool dt = false, ok = true;
  for (uint32_t i = 0; i < nv && ok; i++) {
    /* Complete the model on every symbol: Z3's projection aborts on one
     * without a value (e.g. one that its preprocessing simplified away). */
    Z3_ast xv = z3conv_to_z3(z->conv, vs[i]), v = NULL;
    if (xv && Z3_model_eval(z->ctx, z->model, xv, true, &v) && v) { Z3_inc_ref(z->ctx, v); Z3_dec_ref(z->ctx, v); }
    if (!idmap_get(&el, (uint32_t)vs[i], NULL)) { term_vec_push(&keep, vs[i]); continue; }
    dt |= type_kind_of(term_type(vs[i])) == TYPE_DATATYPE;
    Z3_ast x = z3conv_to_z3(z->conv, vs[i]);
    ok = x != NULL;
    if (ok) apps[na++] = Z3_to_app(z->ctx, x);
  }
  term_t r = NULL_TERM;
  if (ok && dt) {
    const char *why;
    r = mbp_dt_project(z->conv, z->model, f, &keep, &why);
  } else if (ok) r = z3s_project_z3(z, f, na, apps);
  free(apps);
  term_vec_free(&keep);
  free(vs);
  if (r != NULL_TERM) {   /* left-over variables: their values */
    nv = term_free_vars(r, &vs);
    term_vec from = {0}, to = {0};
    for (uint32_t i = 0; i < nv && r != NULL_TERM; i++) {
      if (!idmap_get(&el, (uint32_t)vs[i], NULL)) continue;
      term_t v = z3conv_model_value(z->conv, z->model, vs[i]);
      if (v == NULL_TERM) r = NULL_TERM;
      term_vec_push(&from, vs[i]);
      term_vec_push(&to, v);
    }
    if (r != NULL_TERM && from.size) r = term_subst(r, from.size, from.data, to.data);
    free(vs);
    term_vec_free(&from);
    term_vec_free(&to);
  }
  idmap_free(&el);
  return r;
}

static const solver_ops z3s_ops = {
  z3s_destroy, z3s_assert, z3s_push, z3s_pop, z3s_check, z3s_value,
  z3s_unsat_core, z3s_set_timeout, z3s_interrupt, z3s_reason, z3s_check_alone, z3s_project, z3s_tune,
};

/* A solver in conv's context (both borrowed), or in a context of its own
 * (conv NULL). */
static solver *z3s_new(z3conv *conv) {
  z3_solver *z = xcalloc(1, sizeof *z);
  z->base.ops = &z3s_ops;
  z->base.name = "z3";
  z->bad_level = UINT32_MAX;
  idmap_init(&z->indmap);
  strcpy(z->reason, "unknown");
  z->borrowed = conv != NULL;
  if (!(z->ctx = conv ? z3conv_context(conv) : z3conv_mk_context())) alloc_fail(0);
  z->conv = conv ? conv : z3conv_new(z->ctx);
  z->s = z->conv ? Z3_mk_simple_solver(z->ctx) : NULL;
  if (!z->s || z3conv_failed(z->ctx, NULL)) alloc_fail(0);
  Z3_solver_inc_ref(z->ctx, z->s);
  Z3_params p = z3conv_mk_params(z->ctx);
  Z3_solver_set_params(z->ctx, z->s, p);
  Z3_params_dec_ref(z->ctx, p);
  return &z->base;
}

solver *solver_new_z3(void) { return z3s_new(NULL); }
solver *solver_new_z3_in(z3conv *conv) { return z3s_new(conv); }

void solver_z3_alone_simple_first(solver *s) {
  if (s && s->ops == &z3s_ops) ((z3_solver *)s)->alone_simple_first = true;
}

solver *solver_new_z3_beside(solver *s) {
  return z3s_new(s && s->ops == &z3s_ops ? ((z3_solver *)s)->conv : NULL);
}
