#include "ir/cfa_path.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

/* Symbolic execution of n statements from the values cur[] (terms over
 * index-0 variables and fresh ones); constraints are pushed on conj. */
static void exec(const cfa *c, const cfa_stmt *stmts, uint32_t n, term_t *cur, term_vec *conj) {
  uint32_t nv = c->vars.size;
  for (uint32_t i = 0; i < n; i++) {
    const cfa_stmt *s = &stmts[i];
    uint32_t vi = s->var == NULL_TERM ? CFA_NONE : cfa_var_index(c, s->var);
    switch (s->kind) {
    case CFA_ASSUME:
      term_vec_push(conj, term_subst(s->expr, nv, c->vars.data, cur));
      break;
    case CFA_ASSIGN:
      if (vi != CFA_NONE) cur[vi] = term_subst(s->expr, nv, c->vars.data, cur);
      break;
    case CFA_HAVOC:
      if (vi != CFA_NONE) {
        char prefix[96];
        snprintf(prefix, sizeof prefix, "havoc!%s!", term_var_name(s->var));
        cur[vi] = term_fresh_var(prefix, term_type(s->var));
      }
      break;
    case CFA_CHOICE: {
      /* each alternative from cur; a variable whose values differ among
       * them becomes a fresh join variable, equal to the value of the
       * alternative taken */
      term_t *vals = xmalloc(((size_t)s->nalts * nv + 1) * sizeof *vals);
      term_t *paths = xmalloc((s->nalts + 1) * sizeof *paths);
      term_vec *cj = xcalloc(s->nalts + 1, sizeof *cj);
      for (uint32_t j = 0; j < s->nalts; j++) {
        memcpy(vals + (size_t)j * nv, cur, nv * sizeof *cur);
        exec(c, s->alts[j].stmts, s->alts[j].n, vals + (size_t)j * nv, &cj[j]);
      }
      for (uint32_t v = 0; v < nv; v++) {
        bool same = true;
        for (uint32_t j = 1; j < s->nalts; j++) same &= vals[(size_t)j * nv + v] == vals[v];
        if (same) {
          cur[v] = s->nalts ? vals[v] : cur[v];
          continue;
        }
        char prefix[96];
        snprintf(prefix, sizeof prefix, "join!%s!", term_var_name(c->vars.data[v]));
        cur[v] = term_fresh_var(prefix, term_type(c->vars.data[v]));
        for (uint32_t j = 0; j < s->nalts; j++) term_vec_push(&cj[j], term_eq(cur[v], vals[(size_t)j * nv + v]));
      }
      for (uint32_t j = 0; j < s->nalts; j++) {
        paths[j] = term_and(cj[j].size, cj[j].data);
        term_vec_free(&cj[j]);
      }
      term_vec_push(conj, term_or(s->nalts, paths));
      free(cj);
      free(paths);
      free(vals);
      break;
    }
    }
  }
}

term_t cfa_stmts_formula(const cfa *c, const cfa_stmt *stmts, uint32_t n) {
  uint32_t nv = c->vars.size;
  term_t *cur = xmalloc((nv + 1) * sizeof *cur);
  if (nv) memcpy(cur, c->vars.data, nv * sizeof *cur);   /* a procedure without variables: data is NULL */
  term_vec conj = {0};
  exec(c, stmts, n, cur, &conj);
  for (uint32_t i = 0; i < nv; i++)
    term_vec_push(&conj, term_eq(term_shift(c->vars.data[i], 1), cur[i]));
  term_t f = term_and(conj.size, conj.data);
  term_vec_free(&conj);
  free(cur);
  return f;
}

term_t cfa_edge_formula(cfa *c, uint32_t e) {
  cfa_edge *ed = &c->edges[e];
  if (ed->formula == NULL_TERM) ed->formula = cfa_stmts_formula(c, ed->stmts, ed->nstmts);
  return ed->formula;
}

void cfa_path_formulas(cfa *c, uint32_t n, const uint32_t *edges, term_t *out) {
  for (uint32_t k = 0; k < n; k++) out[k] = term_shift(cfa_edge_formula(c, edges[k]), (int32_t)k);
}

term_t cfa_path_formula(cfa *c, uint32_t n, const uint32_t *edges) {
  term_t *f = xmalloc((n + 1) * sizeof *f);
  cfa_path_formulas(c, n, edges, f);
  term_t r = term_and(n, f);
  free(f);
  return r;
}

term_t cfa_invariant_query(cfa *c, const term_t *inv, uint32_t i) {
  if (i == c->nedges) return c->init < c->nlocs ? term_not(inv[c->init]) : term_false();
  if (i == c->nedges + 1) return c->error < c->nlocs ? inv[c->error] : term_false();
  const cfa_edge *e = &c->edges[i];
  return term_and(3, (term_t[]){inv[e->src], cfa_edge_formula(c, i), term_not(term_shift(inv[e->dst], 1))});
}

void cfa_vars_at(const cfa *c, int32_t k, term_t *out) {
  for (uint32_t i = 0; i < c->vars.size; i++) out[i] = term_shift(c->vars.data[i], k);
}
