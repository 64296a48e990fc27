#include "analysis/expl_domain.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "ir/cfa_path.h"

typedef struct {
  domain base;
  long maxenum;
  uint32_t nv;
} expl_domain;

/* A state: nv values (NULL_TERM = unknown). */
static term_t *new_vals(uint32_t nv) {
  term_t *v = xmalloc((nv + 1) * sizeof *v);
  for (uint32_t i = 0; i < nv; i++) v[i] = NULL_TERM;
  return v;
}

static void *ex_initial(domain *d) { return new_vals(((expl_domain *)d)->nv); }

static bool tracked(const term_vec *prec, term_t v) {
  for (uint32_t i = 0; i < prec->size; i++)
    if (prec->data[i] == v) return true;
  return false;
}

static term_t eval(const cfa *c, const term_t *vals, term_t e) {
  term_t vars[c->vars.size + 1], vv[c->vars.size + 1];
  uint32_t n = 0;
  for (uint32_t i = 0; i < c->vars.size; i++)
    if (vals[i] != NULL_TERM) {
      vars[n] = c->vars.data[i];
      vv[n++] = vals[i];
    }
  return term_eval(e, n, vars, vv);
}

/* Runs statements on the values v (NULL_TERM = unknown) by evaluation;
 * false when an assumption is false. */
static bool classic_run(const cfa *c, uint32_t nv, term_t *v, const cfa_stmt *stmts, uint32_t n) {
  for (uint32_t k = 0; k < n; k++) {
    const cfa_stmt *st = &stmts[k];
    uint32_t vi = st->var == NULL_TERM ? CFA_NONE : cfa_var_index(c, st->var);
    if (st->kind == CFA_ASSUME) {
      term_t r = eval(c, v, st->expr);
      if (r != NULL_TERM && term_is_false(r)) return false;
      /* assume x = literal pins an unknown x */
      term_t x = st->expr;
      if (r == NULL_TERM && !term_is_negated(x) && term_op_of(x) == OP_EQ && term_nargs(x) == 2) {
        term_t a = term_arg(x, 0), b = term_arg(x, 1);
        if (term_is_const(a)) { term_t t = a; a = b; b = t; }
        uint32_t ai = term_is_var(a) ? cfa_var_index(c, a) : CFA_NONE;
        if (ai != CFA_NONE && term_is_const(b) && v[ai] == NULL_TERM) v[ai] = b;
      }
    } else if (st->kind == CFA_ASSIGN) {
      if (vi != CFA_NONE) v[vi] = eval(c, v, st->expr);
    } else if (st->kind == CFA_HAVOC) {
      if (vi != CFA_NONE) v[vi] = NULL_TERM;
    } else {
      /* CHOICE: the join of the feasible alternatives (a value stays known
       * when all of them agree on it) */
      term_t *alt = new_vals(nv), *join = NULL;
      for (uint32_t j = 0; j < st->nalts; j++) {
        memcpy(alt, v, nv * sizeof *v);
        if (!classic_run(c, nv, alt, st->alts[j].stmts, st->alts[j].n)) continue;
        if (!join) {
          join = new_vals(nv);
          memcpy(join, alt, nv * sizeof *alt);
        } else {
          for (uint32_t i = 0; i < nv; i++)
            if (join[i] != alt[i]) join[i] = NULL_TERM;
        }
      }
      free(alt);
      if (!join) return false;
      memcpy(v, join, nv * sizeof *v);
      free(join);
    }
  }
  return true;
}

/* Classic successor by evaluation; NULL when an assumption is false. */
static term_t *classic_post(expl_domain *d, const term_t *s, const cfa_edge *e, const term_vec *prec) {
  const cfa *c = d->base.c;
  term_t *v = new_vals(d->nv);
  memcpy(v, s, d->nv * sizeof *v);
  if (!classic_run(c, d->nv, v, e->stmts, e->nstmts)) {
    free(v);
    return NULL;
  }
  for (uint32_t i = 0; i < d->nv; i++)
    if (!tracked(prec, c->vars.data[i])) v[i] = NULL_TERM;
  return v;
}

static term_t ex_formula(domain *dd, const void *st) {
  const term_t *s = st;
  const cfa *c = dd->c;
  term_vec conj = {0};
  for (uint32_t i = 0; i < c->vars.size; i++)
    if (s[i] != NULL_TERM) term_vec_push(&conj, term_eq(c->vars.data[i], s[i]));
  term_t f = term_and(conj.size, conj.data);
  term_vec_free(&conj);
  return f;
}

static void ex_post(domain *dd, const void *st, uint32_t edge, const term_vec *prec, state_vec *out) {
  expl_domain *d = (expl_domain *)dd;
  const term_t *s = st;
  cfa *c = dd->c;
  term_t *cl = classic_post(d, s, &c->edges[edge], prec);
  if (d->maxenum < 0 || !cl) {
    if (cl) state_vec_push(out, cl);
    return;
  }
  /* project the successors onto the tracked variables at index 1 */
  term_t f = term_and2(ex_formula(dd, s), cfa_edge_formula(c, edge));
  term_t proj[d->nv + 1];
  uint32_t pi[d->nv + 1], np = 0;
  for (uint32_t i = 0; i < d->nv; i++)
    if (tracked(prec, c->vars.data[i])) {
      pi[np] = i;
      proj[np++] = term_shift(c->vars.data[i], 1);
    }
  uint32_t bound = d->maxenum == 0 ? EXPL_ENUM_CAP : (uint32_t)d->maxenum;
  if (np == 0) {
    solver_push(dd->s);
    solver_assert(dd->s, f);
    solver_result r = domain_check(dd, 0, NULL);
    solver_pop(dd->s, 1);
    if (r == SOLVER_UNSAT) free(cl);
    else state_vec_push(out, cl);
    return;
  }
  if (dd->lim) solver_set_timeout(dd->s, limits_remaining_ms(dd->lim));
  uint32_t count = 0;
  term_t *vals = NULL;
  dd->solver_calls++;
  solver_result r = solver_enumerate(dd->s, f, np, proj, bound + 1, 0, &count, &vals);
  if (r == SOLVER_UNKNOWN) {
    dd->incomplete = true;
    state_vec_push(out, cl);  /* still sound */
  } else if (count == 0) {
    free(cl);
  } else if (count > bound) {
    state_vec_push(out, cl);
  } else {
    for (uint32_t m = 0; m < count; m++) {
      term_t *v = new_vals(d->nv);
      for (uint32_t k = 0; k < np; k++) v[pi[k]] = vals[m * np + k];
      state_vec_push(out, v);
    }
    free(cl);
  }
  free(vals);
}

static bool ex_leq(domain *dd, const void *a, const void *b) {
  const term_t *x = a, *y = b;
  for (uint32_t i = 0; i < ((expl_domain *)dd)->nv; i++)
    if (y[i] != NULL_TERM && x[i] != y[i]) return false;
  return true;
}

static void ex_free(domain *dd, void *s) {
  (void)dd;
  free(s);
}

static void ex_items(domain *dd, term_t f, term_vec *out) {
  term_t *vs;
  uint32_t n = term_free_vars(f, &vs);
  for (uint32_t i = 0; i < n; i++) {
    term_t v = term_var_at(vs[i], 0);
    if (cfa_var_index(dd->c, v) == CFA_NONE) continue;
    bool dup = false;
    for (uint32_t k = 0; k < out->size; k++) dup |= out->data[k] == v;
    if (!dup) term_vec_push(out, v);
  }
  free(vs);
}

static void ex_destroy(domain *d) { free(d); }

static const domain_ops expl_ops = {"EXPL", ex_initial, ex_post, ex_leq, ex_formula, ex_free, ex_items, ex_destroy};

domain *expl_domain_new(cfa *c, solver *s, const zeta_limits *lim, long maxenum) {
  expl_domain *d = xcalloc(1, sizeof *d);
  d->base.ops = &expl_ops;
  d->base.c = c;
  d->base.s = s;
  d->base.lim = lim;
  d->maxenum = maxenum;
  d->nv = c->vars.size;
  return &d->base;
}
