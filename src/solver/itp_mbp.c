/* Sequence interpolation by model-based projection.
 *
 * Cut k is a binary problem A = I(k-1) ∧ Fk against B = Fk+1 ∧ … ∧ Fn
 * (using the previous interpolant in A keeps the chain property). While
 * A ∧ ¬I is satisfiable, the model is projected onto the shared symbols
 * (Z3_qe_model_project), giving a cube that implies ∃locals. A and so is
 * inconsistent with B; unsat cores against B drop its unneeded literals,
 * and the cube joins the disjunction I. B lives in one incremental solver
 * holding F(n) at the base scope and F2 in the deepest one; cut c pops F(c),
 * so each check sees exactly its suffix and keeps what it learned there. */
#include <stdlib.h>
#include <string.h>
#include "solver/idmap.h"
#include "solver/itp_internal.h"
#include "solver/mbp_dt.h"
#include "solver/z3_conv.h"
#include "solver/z3_watchdog.h"

#define ITP_MBP_MAX_CUBES 2000   /* per cut; beyond this the projection is not converging */
/* per cut: cubes made without a full projection (Z3 left local symbols);
 * beyond this, give up as before (fast, so that itp_sequence tries Spacer;
 * LIA-Arrays-131 needs 3) */
#define ITP_MBP_MAX_UNPROJECTED 64

typedef struct {
  Z3_context ctx;
  z3conv *conv;
  Z3_solver sa, sb;
  Z3_ast *guards;     /* indicator of Fj in sb */
  uint32_t n;
  idmap litind;       /* cube literal -> its indicator in sb (index in inds) */
  term_vec lits;
  Z3_ast *inds;
  uint32_t ninds, capinds;
  bool scoped;        /* suffix kept as scopes (F2 deepest), popped per cut;
                         false: every Fj guarded by guards[j] */
} itp_mb;

static void itp_mb_drop_indicators(itp_mb *m) {
  for (uint32_t i = 0; i < m->ninds; i++) Z3_dec_ref(m->ctx, m->inds[i]);
  m->ninds = 0;
  idmap_free(&m->litind);
}

/* Indicator for literal l, asserted once at sb's base level: no push/pop
 * around generalization, so sb keeps what it learned about the suffix. */
static Z3_ast itp_mb_indicator(itp_mb *m, term_t l) {
  uintptr_t v;
  if (idmap_get(&m->litind, (uint32_t)l, &v)) return m->inds[v];
  Z3_context z = m->ctx;
  Z3_ast lz = z3conv_to_z3(m->conv, l);
  if (!lz) return NULL;
  if (m->ninds == m->capinds) {
    uint32_t ncap = m->capinds ? m->capinds * 2 : 64;
    Z3_ast *n = realloc(m->inds, ncap * sizeof *n);
    if (!n) return NULL;
    m->inds = n; m->capinds = ncap;
  }
  Z3_ast ind = Z3_mk_fresh_const(z, "itp!l", Z3_mk_bool_sort(z));
  if (!ind) return NULL;
  Z3_inc_ref(z, ind);
  Z3_ast imp = Z3_mk_implies(z, ind, lz);
  Z3_inc_ref(z, imp);
  Z3_solver_assert(z, m->sb, imp);
  Z3_dec_ref(z, imp);
  if (!idmap_put(&m->litind, (uint32_t)l, m->ninds)) { Z3_dec_ref(z, ind); return NULL; }
  m->inds[m->ninds++] = ind;
  return ind;
}

static Z3_ast itp_mb_keep(Z3_context z, Z3_ast a) { if (a) Z3_inc_ref(z, a); return a; }

static Z3_solver itp_mb_solver(Z3_context z, bool minimize) { return z3conv_mk_solver(z, minimize); }

static bool itp_mb_in(const term_vec *v, term_t t) {
  for (uint32_t i = 0; i < v->size; i++) if (v->data[i] == t) return true;
  return false;
}

/* Is lits[0..nl-1] ∧ suffix(cut+1..) unsat? On UNSAT, *core (if given)
 * keeps the literals in the unsat core, in order. */
static Z3_lbool itp_mb_unsat(itp_mb *m, uint32_t cut, uint32_t nl, const term_t *lits, term_vec *core) {
  Z3_context z = m->ctx;
  uint32_t na = m->n - cut - 1 + nl, k = 0;
  Z3_ast *as = malloc((na ? na : 1) * sizeof *as);
  if (!as) return Z3_L_UNDEF;
  if (!m->scoped) for (uint32_t j = cut + 1; j < m->n; j++) as[k++] = m->guards[j];
  uint32_t first = k;
  for (uint32_t i = 0; i < nl; i++)
    if (!(as[k++] = itp_mb_indicator(m, lits[i]))) { free(as); return Z3_L_UNDEF; }
  Z3_lbool r = Z3_solver_check_assumptions(z, m->sb, k, as);
  if (r == Z3_L_FALSE && core) {
    Z3_ast_vector cv = Z3_solver_get_unsat_core(z, m->sb);
    Z3_ast_vector_inc_ref(z, cv);
    unsigned cn = Z3_ast_vector_size(z, cv);
    for (uint32_t i = 0; i < nl; i++) {
      bool in = false;
      for (unsigned j = 0; j < cn && !in; j++) in = Z3_ast_vector_get(z, cv, j) == as[first + i];
      if (in) term_vec_push(core, lits[i]);
    }
    Z3_ast_vector_dec_ref(z, cv);
  }
  free(as);
  return r;
}

#define ITP_MBP_MAX_WEAKEN 8   /* equalities tried per cube */

/* The cube's literals needed against the suffix (unsat core), then each
 * arithmetic equality a = b weakened to a <= b or a >= b when that still
 * suffices: projections of single models are points, and half-spaces make
 * interpolants that generalize (as refinement predicates they cover more).
 * NULL_TERM when the cube is not inconsistent with the suffix. */
static term_t itp_mb_generalize(itp_mb *m, uint32_t cut, term_t cube) {
  term_t *lits;
  uint32_t nl = term_conjuncts(cube, &lits);
  term_vec keep = {0};
  term_t r = NULL_TERM;
  if (itp_mb_unsat(m, cut, nl, lits, &keep) == Z3_L_FALSE) {
    uint32_t tried = 0;
    for (uint32_t i = 0; i < keep.size && tried < ITP_MBP_MAX_WEAKEN; i++) {
      term_t l = keep.data[i];
      if (term_is_negated(l) || term_op_of(l) != OP_EQ || term_nargs(l) != 2 ||
          !type_is_arith(term_type(term_arg(l, 0))))
        continue;
      tried++;
      term_t cands[2] = {term_le(term_arg(l, 0), term_arg(l, 1)), term_ge(term_arg(l, 0), term_arg(l, 1))};
      for (int c = 0; c < 2; c++) {
        if (cands[c] == NULL_TERM) continue;
        keep.data[i] = cands[c];
        if (itp_mb_unsat(m, cut, keep.size, keep.data, NULL) == Z3_L_FALSE) break;
        keep.data[i] = l;
      }
    }
    r = term_and(keep.size, keep.data);
  }
  term_vec_free(&keep);
  free(lits);
  return r;
}

/* Literals describing value v of term t: bounds for numbers (so that
 * generalization can drop one side), the tester and the fields (to depth
 * 3) of a constructor term, else t = v. */
static void itp_mb_describe(term_t t, term_t v, int depth, term_vec *out) {
  type_t ty = term_type(t);
  if (type_is_arith(ty) && term_is_const(v)) {
    term_vec_push(out, term_le(t, v));
    term_vec_push(out, term_ge(t, v));
  } else if (type_kind_of(ty) == TYPE_DATATYPE && term_op_of(v) == OP_DT_CONS) {
    uint32_t c = term_param(v, 1);
    term_vec_push(out, term_dt_is(ty, c, t));
    for (uint32_t f = 0; depth < 3 && f < term_nargs(v); f++)
      itp_mb_describe(term_dt_sel(ty, c, f, t), term_arg(v, f), depth + 1, out);
  } else {
    term_vec_push(out, term_eq(t, v));
  }
}

/* The model's point on the shared symbols as a cube: an under-approximation
 * of A's projection that Z3's MBP is not asked for (Z3 4.8.12 aborts
 * projecting datatypes); the generalization against the suffix widens it. */
static term_t itp_mb_point(itp_mb *m, Z3_model mod, term_t a, const term_vec *shared) {
  Z3_context z = m->ctx;
  term_t *vs;
  uint32_t nv = term_free_vars_n(1, &a, true, &vs);
  term_vec lits = {0};
  bool ok = true;
  for (uint32_t i = 0; i < nv && ok; i++) {
    if (!itp_mb_in(shared, vs[i]) || type_kind_of(term_type(vs[i])) == TYPE_FUN) continue;
    Z3_ast val = NULL;
    ok = Z3_model_eval(z, mod, z3conv_to_z3(m->conv, vs[i]), true, &val) && val;
    term_t v = ok ? z3conv_from_z3(m->conv, val) : NULL_TERM;
    ok = ok && v != NULL_TERM;
    if (ok) itp_mb_describe(vs[i], v, 0, &lits);
  }
  free(vs);
  term_t cube = ok ? term_and(lits.size, lits.data) : NULL_TERM;
  term_vec_free(&lits);
  return cube;
}

static bool itp_mb_has_datatype(uint32_t n, const term_t *vs) {
  for (uint32_t i = 0; i < n; i++)
    if (type_kind_of(term_type(vs[i])) == TYPE_DATATYPE) return true;
  return false;
}

static bool itp_mb_has_local(term_t cube, const term_vec *shared) {
  term_t *cv;
  uint32_t nc = term_free_vars_n(1, &cube, true, &cv);
  bool local = false;
  for (uint32_t i = 0; i < nc && !local; i++) local = !itp_mb_in(shared, cv[i]);
  free(cv);
  return local;
}

/* The conjuncts of cube over shared symbols only. */
static term_t itp_mb_shared_part(term_t cube, const term_vec *shared) {
  term_t *lits;
  uint32_t nl = term_conjuncts(cube, &lits);
  term_vec keep = {0};
  for (uint32_t i = 0; i < nl; i++)
    if (!itp_mb_has_local(lits[i], shared)) term_vec_push(&keep, lits[i]);
  term_t r = term_and(keep.size, keep.data);
  term_vec_free(&keep);
  free(lits);
  return r;
}

/* Interpolant for cut `cut` with A = a (terms) against the suffix. */
static term_t itp_mb_cut(itp_mb *m, uint32_t cut, term_t a, const term_vec *shared, const char **why) {
  Z3_context z = m->ctx;
  Z3_ast az = z3conv_to_z3(m->conv, a);
  if (!az) { *why = "mbp: translation failed"; return NULL_TERM; }
  /* symbols of A to eliminate */
  term_t *vs;
  uint32_t nv = term_free_vars_n(1, &a, true, &vs);
  Z3_app *elim = malloc((nv ? nv : 1) * sizeof *elim);
  uint32_t ne = 0;
  bool points = itp_mb_has_datatype(nv, vs);
  for (uint32_t i = 0; elim && i < nv; i++) {
    if (itp_mb_in(shared, vs[i])) continue;
    if (type_kind_of(term_type(vs[i])) == TYPE_FUN) { *why = "mbp: local function symbols"; ne = UINT32_MAX; break; }
    elim[ne++] = Z3_to_app(z, z3conv_to_z3(m->conv, vs[i]));
  }
  Z3_ast *all = malloc((nv ? nv : 1) * sizeof *all);
  uint32_t nall = 0;
  for (uint32_t i = 0; all && i < nv; i++)
    if (type_kind_of(term_type(vs[i])) != TYPE_FUN) all[nall++] = z3conv_to_z3(m->conv, vs[i]);
  free(vs);
  if (!elim || !all || ne == UINT32_MAX) { free(elim); free(all); return NULL_TERM; }
  Z3_solver_push(z, m->sa);
  Z3_solver_assert(z, m->sa, az);
  term_vec cubes = {0};
  term_t result = NULL_TERM;
  *why = "mbp: unknown";
  uint32_t unprojected = 0;
  for (uint32_t iter = 0;; iter++) {
    if (iter == ITP_MBP_MAX_CUBES) { *why = "mbp: too many cubes"; break; }
    Z3_lbool r = Z3_solver_check(z, m->sa);
    if (r == Z3_L_FALSE) { result = term_or(cubes.size, cubes.data); break; }
    if (r != Z3_L_TRUE) break;
    if (itp_mbp_after_sat_hook) itp_mbp_after_sat_hook(z);
    /* NULL when the watchdog's interrupt came after the check: Z3's
     * projection dereferences it (a crash in the isolated child) */
    Z3_model mod = Z3_solver_get_model(z, m->sa);
    if (!mod) { *why = "mbp: no model (interrupted)"; break; }
    Z3_model_inc_ref(z, mod);
    /* Complete the model on every symbol of A: the projection evaluates
     * A's atoms and aborts on a symbol without a value (e.g. one that
     * Z3's preprocessing simplified away). */
    for (uint32_t i = 0; i < nall; i++) {
      Z3_ast v = NULL;
      if (Z3_model_eval(z, mod, all[i], true, &v) && v) { Z3_inc_ref(z, v); Z3_dec_ref(z, v); }
    }
    term_t cube;
    if (points) {   /* our projection for datatypes; the model's point when it fails */
      const char *dwhy;
      cube = mbp_dt_project(m->conv, mod, a, shared, &dwhy);
      if (cube == NULL_TERM) cube = itp_mb_point(m, mod, a, shared);
    } else {
      Z3_ast proj = itp_mb_keep(z, Z3_qe_model_project(z, mod, ne, elim, az));
      if (!proj || z3conv_failed(z, NULL)) { Z3_model_dec_ref(z, mod); *why = "mbp: projection failed"; break; }
      cube = z3conv_from_z3(m->conv, proj);
      Z3_dec_ref(z, proj);
    }
    term_t g = NULL_TERM;
    if (cube != NULL_TERM && !points && itp_mb_has_local(cube, shared) && unprojected++ < ITP_MBP_MAX_UNPROJECTED) {
      /* Projection may leave symbols it cannot eliminate (Z3 4.8's arrays:
       * LIA-Arrays-090, 131). A cube need not imply A's projection, only
       * hold in the model (so the loop goes on) and contradict the suffix
       * (generalization checks it; the interpolant is checked as a whole):
       * its literals over shared symbols, else the model's point */
      g = itp_mb_generalize(m, cut, itp_mb_shared_part(cube, shared));
      if (g == NULL_TERM) cube = itp_mb_point(m, mod, a, shared);
    }
    Z3_model_dec_ref(z, mod);
    if (cube == NULL_TERM) { *why = "mbp: projection not translated"; break; }
    if (g == NULL_TERM && itp_mb_has_local(cube, shared)) { *why = "mbp: projection left local symbols"; break; }
    if (g == NULL_TERM) g = itp_mb_generalize(m, cut, cube);
    if (g == NULL_TERM) { *why = "mbp: cube consistent with the suffix"; break; }
    term_vec_push(&cubes, g);
    Z3_ast gz = z3conv_to_z3(m->conv, term_not(g));
    if (!gz) break;
    Z3_solver_assert(z, m->sa, gz);
  }
  Z3_solver_pop(z, m->sa, 1);
  term_vec_free(&cubes);
  free(elim);
  free(all);
  return result;
}

void (*itp_mbp_after_sat_hook)(Z3_context z);

solver_result itp_mbp(uint32_t n, const term_t *f, const term_vec *shared, term_t *out,
                      uint32_t timeout_ms, const char **why) {
  itp_mb m = {0};
  solver_result res = SOLVER_UNKNOWN;
  bool fired = false;   /* the watchdog interrupted the context */
  *why = "mbp: out of memory";
  if (!(m.ctx = z3conv_mk_context())) return res;
  Z3_context z = m.ctx;
  m.n = n;
  m.conv = z3conv_new(z);
  m.guards = calloc(n, sizeof *m.guards);
  if (!m.conv || !m.guards) goto out;
  m.sa = itp_mb_solver(z, false);
  m.sb = itp_mb_solver(z, getenv("ITP_MBP_MIN") != NULL);
  if (!m.sa || !m.sb) goto out;
  *why = "mbp: translation failed";
  /* Scopes instead of one guard per formula: popping F(c) before cut c
   * leaves exactly the suffix, and Z3 avoids re-deciding n assumptions per
   * check (5x on 100-step paths). */
  m.scoped = true;
  for (uint32_t j = 0; j < n; j++) {
    uint32_t jj = m.scoped && j ? n - j : j;   /* scoped: F(n-1) first, F1 deepest */
    Z3_ast fz = z3conv_to_z3(m.conv, f[jj]);
    if (!fz) goto out;
    if (m.scoped && jj) {
      if (j > 1) Z3_solver_push(z, m.sb);
      Z3_solver_assert(z, m.sb, fz);
      continue;
    }
    m.guards[jj] = itp_mb_keep(z, Z3_mk_fresh_const(z, "itp!g", Z3_mk_bool_sort(z)));
    Z3_ast imp = itp_mb_keep(z, Z3_mk_implies(z, m.guards[jj], fz));
    Z3_solver_assert(z, m.sb, imp);
    Z3_dec_ref(z, imp);
  }
  /* the whole context: the deadline covers the checks and the projections */
  uint64_t w = z3_watchdog_arm(z, NULL, timeout_ms);
  /* The whole conjunction first: SAT is answered directly. */
  Z3_lbool all = Z3_solver_check_assumptions(z, m.sb, m.scoped ? 1 : n, m.guards);
  bool ok = all == Z3_L_FALSE;
  if (all == Z3_L_TRUE) res = SOLVER_SAT;
  else if (!ok) *why = "mbp: unknown";
  term_t prev = term_true();
  for (uint32_t c = 0; c + 1 < n && ok; c++) {
    if (m.scoped && c) { itp_mb_drop_indicators(&m); Z3_solver_pop(z, m.sb, 1); }
    term_t a = term_and2(prev, f[c]);
    out[c] = a == NULL_TERM ? NULL_TERM : itp_mb_cut(&m, c, a, &shared[c], why);
    ok = out[c] != NULL_TERM;
    prev = out[c];
  }
  if ((fired = z3_watchdog_disarm(w))) { *why = "mbp: timeout"; ok = false; }
  if (ok) res = SOLVER_UNSAT;
out:
  if (m.guards) for (uint32_t j = 0; j < n; j++) if (m.guards[j]) Z3_dec_ref(z, m.guards[j]);
  itp_mb_drop_indicators(&m);
  free(m.inds);
  free(m.guards);
  if (m.sa) Z3_solver_dec_ref(z, m.sa);
  if (m.sb) Z3_solver_dec_ref(z, m.sb);
  /* A context that answered (not interrupted: an interrupt of the whole
   * context cancels the calls after it) goes back as the spare: the next
   * cut of a tree (itp_tree_child: every cut in one child, whose first
   * context is made fresh) takes it instead of making one. */
  z3conv_free_release(m.conv, z, !fired && res != SOLVER_UNKNOWN && m.conv);
  return res;
}
