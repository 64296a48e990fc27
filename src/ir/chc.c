#include "ir/chc.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"

/* An eliminated predicate: kind 0 = inlined through its single defining
 * clause (interp = exists vars. clause body ∧ params = head args), kind 1 =
 * underivable (false), kind 2 = irrelevant to every query (true). */
typedef struct chc_elim { uint32_t pred; int kind; chc_clause def; } chc_elim;

void chc_init(chc_system *s) { memset(s, 0, sizeof *s); }

static void clause_free(chc_clause *c) {
  for (uint32_t i = 0; i < c->nbody; i++) free(c->body[i].args);
  free(c->body);
  free(c->head.args);
  memset(c, 0, sizeof *c);
}

static void clause_copy(chc_clause *d, const chc_clause *c, const chc_system *s) {
  *d = *c;
  d->body = xcalloc(c->nbody ? c->nbody : 1, sizeof *d->body);
  for (uint32_t i = 0; i < c->nbody; i++) {
    uint32_t n = s->preds[c->body[i].pred].arity;
    d->body[i].pred = c->body[i].pred;
    d->body[i].args = xmalloc((n ? n : 1) * sizeof(term_t));
    if (n) memcpy(d->body[i].args, c->body[i].args, n * sizeof(term_t));
  }
  d->head.args = NULL;
  if (c->head.pred != CHC_FALSE) {
    uint32_t n = s->preds[c->head.pred].arity;
    d->head.args = xmalloc((n ? n : 1) * sizeof(term_t));
    if (n) memcpy(d->head.args, c->head.args, n * sizeof(term_t));
  }
}

void chc_free(chc_system *s) {
  for (uint32_t i = 0; i < s->npreds; i++) { free(s->preds[i].name); free(s->preds[i].params); }
  for (uint32_t i = 0; i < s->nclauses; i++) clause_free(&s->clauses[i]);
  for (uint32_t i = 0; i < s->nelim; i++) clause_free(&s->elim[i].def);
  free(s->preds); free(s->clauses); free(s->elim);
  memset(s, 0, sizeof *s);
}

uint32_t chc_add_pred(chc_system *s, const char *name, term_t sym, uint32_t arity, const type_t *types) {
  XGROW(s->preds, s->cap_preds, s->npreds + 1);
  chc_pred *p = &s->preds[s->npreds];
  p->name = xstrdup(name);
  p->sym = sym;
  p->arity = arity;
  p->params = xmalloc((arity ? arity : 1) * sizeof(term_t));
  for (uint32_t i = 0; i < arity; i++) {
    char buf[300];
    snprintf(buf, sizeof buf, "%.250s#%u", name, i);
    p->params[i] = term_var(buf, types[i]);
  }
  return s->npreds++;
}

uint32_t chc_find_pred(const chc_system *s, term_t sym) {
  for (uint32_t i = 0; i < s->npreds; i++)
    if (s->preds[i].sym == sym) return i;
  return CHC_FALSE;
}

void chc_add_clause(chc_system *s, uint32_t nbody, const chc_app *body, term_t constraint,
                    uint32_t head, const term_t *head_args, uint32_t line) {
  chc_clause c = {nbody, (chc_app *)body, constraint, {head, (term_t *)head_args}, line, 0};
  XGROW(s->clauses, s->cap_clauses, s->nclauses + 1);
  clause_copy(&s->clauses[s->nclauses++], &c, s);
}

void chc_copy(chc_system *d, const chc_system *s) {
  chc_init(d);
  for (uint32_t i = 0; i < s->npreds; i++) {
    const chc_pred *p = &s->preds[i];
    XGROW(d->preds, d->cap_preds, d->npreds + 1);
    chc_pred *q = &d->preds[d->npreds++];
    *q = *p;
    q->name = xstrdup(p->name);
    q->params = xmalloc((p->arity ? p->arity : 1) * sizeof(term_t));
    memcpy(q->params, p->params, p->arity * sizeof(term_t));
  }
  for (uint32_t i = 0; i < s->nclauses; i++) {
    XGROW(d->clauses, d->cap_clauses, d->nclauses + 1);
    clause_copy(&d->clauses[d->nclauses++], &s->clauses[i], s);
  }
}

term_t chc_app_term(const chc_system *s, const chc_app *a) {
  const chc_pred *p = &s->preds[a->pred];
  return p->arity ? term_apply(p->sym, p->arity, a->args) : p->sym;
}

static void clause_terms(const chc_system *s, const chc_clause *c, term_vec *v) {
  term_vec_push(v, c->constraint);
  for (uint32_t i = 0; i < c->nbody; i++)
    for (uint32_t j = 0; j < s->preds[c->body[i].pred].arity; j++) term_vec_push(v, c->body[i].args[j]);
  if (c->head.pred != CHC_FALSE)
    for (uint32_t j = 0; j < s->preds[c->head.pred].arity; j++) term_vec_push(v, c->head.args[j]);
}

/* Variables of c; needs the system for the arities. */
static uint32_t clause_vars_s(const chc_system *s, const chc_clause *c, term_t **out) {
  term_vec v = {0};
  clause_terms(s, c, &v);
  uint32_t n = term_free_vars_n(v.size, v.data, false, out);
  term_vec_free(&v);
  return n;
}

/* chc_clause_vars without a system: only the constraint (kept for API
 * symmetry; callers with a system use chc_clause_formula's helper). */
uint32_t chc_clause_vars(const chc_clause *c, term_t **out) {
  return term_free_vars(c->constraint, out);
}

uint32_t chc_clause_all_vars(const chc_system *s, const chc_clause *c, term_t **out) { return clause_vars_s(s, c, out); }

term_t chc_clause_formula(const chc_system *s, const chc_clause *c) {
  term_vec parts = {0};
  term_vec_push(&parts, c->constraint);
  for (uint32_t i = 0; i < c->nbody; i++) term_vec_push(&parts, chc_app_term(s, &c->body[i]));
  term_t body = term_and(parts.size, parts.data);
  term_t head = c->head.pred == CHC_FALSE ? term_false() : chc_app_term(s, &c->head);
  term_t f = term_implies(body, head);
  term_t *vs;
  uint32_t nv = clause_vars_s(s, c, &vs);
  if (nv) f = term_forall(nv, vs, f);
  free(vs);
  term_vec_free(&parts);
  return f;
}

bool chc_is_linear(const chc_system *s) {
  for (uint32_t i = 0; i < s->nclauses; i++)
    if (s->clauses[i].nbody > 1) return false;
  return true;
}

term_t chc_apply_interp(const chc_system *s, uint32_t p, term_t interp, const term_t *args) {
  return term_subst(interp, s->preds[p].arity, s->preds[p].params, args);
}

/* ---- normalization ---- */

/* The terms clause_terms gathered (after a substitution) put back. */
static void clause_terms_back(const chc_system *s, chc_clause *c, const term_vec *v) {
  uint32_t k = 0;
  c->constraint = v->data[k++];
  for (uint32_t i = 0; i < c->nbody; i++)
    for (uint32_t j = 0; j < s->preds[c->body[i].pred].arity; j++) c->body[i].args[j] = v->data[k++];
  if (c->head.pred != CHC_FALSE)
    for (uint32_t j = 0; j < s->preds[c->head.pred].arity; j++) c->head.args[j] = v->data[k++];
}

static void subst_clause(const chc_system *s, chc_clause *c, uint32_t n, const term_t *from, const term_t *to) {
  term_vec v = {0};
  clause_terms(s, c, &v);
  term_subst_many(v.size, v.data, n, from, to);
  clause_terms_back(s, c, &v);
  term_vec_free(&v);
}

/* Eliminates conjuncts x = t (x a variable not in t) by substitution,
 * many per round: a batch is substituted simultaneously, so no chosen
 * variable may occur in a chosen right-hand side (its own equation would
 * vanish while it survived there). */
static void propagate_equalities(const chc_system *s, chc_clause *c) {
  term_vec from = {0}, to = {0};
  for (int round = 0; round < 64; round++) {
    term_t *cj;
    uint32_t n = term_conjuncts(c->constraint, &cj);
    from.size = to.size = 0;
    for (uint32_t i = 0; i < n && from.size < 64; i++) {
      term_t a = cj[i];
      term_t x = NULL_TERM, t = NULL_TERM;
      if (!term_is_negated(a) && term_op_of(a) == OP_EQ && term_nargs(a) == 2) {
        term_t l = term_arg(a, 0), r = term_arg(a, 1);
        if (term_op_of(l) == OP_VAR && !term_is_negated(l) && type_kind_of(term_type(l)) != TYPE_FUN &&
            !term_has_free_var(r, l)) { x = l; t = r; }
        else if (term_op_of(r) == OP_VAR && !term_is_negated(r) && type_kind_of(term_type(r)) != TYPE_FUN &&
                 !term_has_free_var(l, r)) { x = r; t = l; }
      } else if (term_op_of(a) == OP_VAR && term_is_bool(a)) {
        x = term_unsigned(a);
        t = term_bool(!term_is_negated(a));
      }
      if (x == NULL_TERM || term_dag_size(t) >= 200) continue;
      bool clash = false;
      for (uint32_t k = 0; k < from.size && !clash; k++)
        clash = from.data[k] == x || term_has_free_var(to.data[k], x) || term_has_free_var(t, from.data[k]);
      if (clash) continue;
      term_vec_push(&from, x);
      term_vec_push(&to, t);
    }
    free(cj);
    if (from.size == 0) break;
    subst_clause(s, c, from.size, from.data, to.data);
  }
  term_vec_free(&from);
  term_vec_free(&to);
}

static void push_elim(chc_system *s, uint32_t p, int kind, const chc_clause *def) {
  XGROW(s->elim, s->cap_elim, s->nelim + 1);
  chc_elim *e = &s->elim[s->nelim++];
  memset(e, 0, sizeof *e);
  e->pred = p;
  e->kind = kind;
  if (def) clause_copy(&e->def, def, s);
}

/* Clause c with body occurrence j replaced by the body of definition d
 * (whose head is c's body pred), variables of d renamed apart. */
static void inline_into(chc_system *s, chc_clause *c, uint32_t j, const chc_clause *d) {
  term_t *vs;
  uint32_t nv = clause_vars_s(s, d, &vs);
  term_t *fresh = xmalloc((nv ? nv : 1) * sizeof(term_t));
  uint32_t ar = s->preds[d->head.pred].arity;
  term_t *args = c->body[j].args;
  /* head args that are distinct variables map straight to c's arguments */
  term_vec eqs = {0};
  for (uint32_t i = 0; i < nv; i++) fresh[i] = NULL_TERM;
  for (uint32_t k = 0; k < ar; k++) {
    term_t h = d->head.args[k];
    uint32_t idx = nv;
    for (uint32_t i = 0; i < nv; i++) if (vs[i] == h) idx = i;
    if (idx < nv && fresh[idx] == NULL_TERM) fresh[idx] = args[k];
  }
  for (uint32_t i = 0; i < nv; i++)
    if (fresh[i] == NULL_TERM) fresh[i] = term_fresh_var(term_var_name(vs[i]), term_type(vs[i]));
  /* d renamed apart: all its terms in one substitution */
  term_vec dt = {0};
  clause_terms(s, d, &dt);
  term_subst_many(dt.size, dt.data, nv, vs, fresh);
  const term_t *dbody = dt.data + 1, *dhead = dt.data + dt.size - ar;
  for (uint32_t k = 0; k < ar; k++)
    if (dhead[k] != args[k]) term_vec_push(&eqs, term_eq(dhead[k], args[k]));
  term_vec_push(&eqs, c->constraint);
  term_vec_push(&eqs, dt.data[0]);
  c->constraint = term_and(eqs.size, eqs.data);
  /* new body: c's without j, then d's */
  uint32_t nb = c->nbody - 1 + d->nbody;
  chc_app *body = xcalloc(nb ? nb : 1, sizeof *body);
  uint32_t m = 0;
  for (uint32_t i = 0; i < c->nbody; i++)
    if (i != j) body[m++] = c->body[i];
  free(c->body[j].args);
  for (uint32_t i = 0; i < d->nbody; i++) {
    uint32_t a = s->preds[d->body[i].pred].arity;
    body[m].pred = d->body[i].pred;
    body[m].args = xmalloc((a ? a : 1) * sizeof(term_t));
    for (uint32_t k = 0; k < a; k++) body[m].args[k] = *dbody++;
    m++;
  }
  term_vec_free(&dt);
  free(c->body);
  c->body = body;
  c->nbody = nb;
  c->ninl += d->ninl + 1;
  term_vec_free(&eqs);
  free(vs); free(fresh);
}

void chc_inline_at(chc_system *s, chc_clause *c, uint32_t j, const chc_clause *d) { inline_into(s, c, j, d); }

/* ---- slicing ---- */

/* Occurrence lists in compressed form: for predicate p, the clauses that use
 * it in a body (one entry per occurrence) are occ[start[p] .. start[p+1]). */
typedef struct { uint32_t *start, *occ; } occ_lists;

static void occ_build(const chc_system *s, bool heads, occ_lists *o) {
  o->start = xcalloc(s->npreds + 2, sizeof(uint32_t));
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    if (heads) { if (c->head.pred != CHC_FALSE) o->start[c->head.pred + 2]++; continue; }
    for (uint32_t j = 0; j < c->nbody; j++) o->start[c->body[j].pred + 2]++;
  }
  for (uint32_t p = 0; p < s->npreds; p++) o->start[p + 2] += o->start[p + 1];
  o->occ = xmalloc((o->start[s->npreds + 1] + 1) * sizeof(uint32_t));
  /* start[p+1] is the fill cursor of p; after filling it is p's end */
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    if (heads) { if (c->head.pred != CHC_FALSE) o->occ[o->start[c->head.pred + 1]++] = i; continue; }
    for (uint32_t j = 0; j < c->nbody; j++) o->occ[o->start[c->body[j].pred + 1]++] = i;
  }
}

static void occ_free(occ_lists *o) { free(o->start); free(o->occ); }

static void mark(bool *set, uint32_t p, uint32_t *queue, uint32_t *qt) {
  if (!set[p]) { set[p] = true; queue[(*qt)++] = p; }
}

/* derivable: least fixpoint from the facts; relevant: backwards from the
 * queries. Worklists over occurrence lists: linear in the system's size. */
static void slice_marks(const chc_system *s, bool *derivable, bool *relevant) {
  occ_lists uses, defs;
  occ_build(s, false, &uses);
  occ_build(s, true, &defs);
  uint32_t *wait = xmalloc((s->nclauses + 1) * sizeof(uint32_t));
  uint32_t *queue = xmalloc((s->npreds + 1) * sizeof(uint32_t)), qh = 0, qt = 0;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    wait[i] = c->nbody;
    if (c->nbody == 0 && c->head.pred != CHC_FALSE) mark(derivable, c->head.pred, queue, &qt);
  }
  while (qh < qt) {
    uint32_t p = queue[qh++];
    for (uint32_t k = uses.start[p]; k < uses.start[p + 1]; k++) {
      uint32_t i = uses.occ[k], h = s->clauses[i].head.pred;
      if (--wait[i] == 0 && h != CHC_FALSE) mark(derivable, h, queue, &qt);
    }
  }
  qh = qt = 0;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    if (c->head.pred == CHC_FALSE)
      for (uint32_t j = 0; j < c->nbody; j++) mark(relevant, c->body[j].pred, queue, &qt);
  }
  while (qh < qt) {
    uint32_t p = queue[qh++];
    for (uint32_t k = defs.start[p]; k < defs.start[p + 1]; k++) {
      const chc_clause *c = &s->clauses[defs.occ[k]];
      for (uint32_t j = 0; j < c->nbody; j++) mark(relevant, c->body[j].pred, queue, &qt);
    }
  }
  free(wait); free(queue);
  occ_free(&uses); occ_free(&defs);
}

/* Removes the clauses with drop[i] set, keeping the order of the others. */
static void compact_clauses(chc_system *s, const bool *drop) {
  uint32_t m = 0;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    if (drop[i]) clause_free(&s->clauses[i]);
    else s->clauses[m++] = s->clauses[i];
  }
  s->nclauses = m;
}

/* Removes predicates that cannot be derived and those from which no query
 * is reachable; returns true if anything changed. */
static bool slice(chc_system *s) {
  bool *derivable = xcalloc(s->npreds + 1, 1), *relevant = xcalloc(s->npreds + 1, 1);
  slice_marks(s, derivable, relevant);
  bool *drop = xcalloc(s->nclauses + 1, 1), changed = false;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    drop[i] = c->head.pred != CHC_FALSE && !relevant[c->head.pred];
    for (uint32_t j = 0; j < c->nbody && !drop[i]; j++) drop[i] = !derivable[c->body[j].pred];
    changed |= drop[i];
  }
  compact_clauses(s, drop);
  free(drop);
  /* every predicate no clause mentions any more is eliminated once */
  bool *seen = xcalloc(s->npreds + 1, 1);
  for (uint32_t e = 0; e < s->nelim; e++) seen[s->elim[e].pred] = true;
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    if (c->head.pred != CHC_FALSE) seen[c->head.pred] = true;
    for (uint32_t j = 0; j < c->nbody; j++) seen[c->body[j].pred] = true;
  }
  for (uint32_t p = 0; p < s->npreds; p++)
    if (!seen[p]) push_elim(s, p, derivable[p] ? 2 : 1, NULL);
  free(seen); free(derivable); free(relevant);
  return changed;
}

/* ---- inlining ---- */

typedef struct { uint32_t *d, n, cap; } u32vec;

static void u32_push(u32vec *v, uint32_t x) {
  XGROW(v->d, v->cap, v->n + 1);
  v->d[v->n++] = x;
}

/* A clause index, or with ELIM_REF set the definition of an eliminated
 * predicate: inlining rewrites those too, so that every stored definition
 * mentions only remaining predicates and expanded models do not nest. */
#define ELIM_REF 0x80000000u
#define NO_DEF UINT32_MAX

/* Who defines and uses each predicate, kept up to date during one pass. */
typedef struct {
  uint32_t *ndef, *def; /* live defining clauses; def is one of them, NO_DEF if unknown */
  uint32_t *nuse;       /* body occurrences in live clauses */
  u32vec *users;        /* refs using the predicate (stale or repeated entries allowed) */
  bool *dead;           /* per clause */
} norm_index;

static chc_clause *ref_clause(chc_system *s, uint32_t r) {
  return r & ELIM_REF ? &s->elim[r & ~ELIM_REF].def : &s->clauses[r];
}

static void count_uses(norm_index *x, const chc_clause *c, int delta) {
  for (uint32_t j = 0; j < c->nbody; j++) x->nuse[c->body[j].pred] += (uint32_t)delta;
}

static void index_build(const chc_system *s, norm_index *x) {
  uint32_t np = s->npreds + 1;
  x->ndef = xcalloc(np, sizeof(uint32_t));
  x->def = xmalloc(np * sizeof(uint32_t));
  x->nuse = xcalloc(np, sizeof(uint32_t));
  x->users = xcalloc(np, sizeof(u32vec));
  x->dead = xcalloc(s->nclauses + 1, 1);
  for (uint32_t i = 0; i < s->nclauses; i++) {
    const chc_clause *c = &s->clauses[i];
    if (c->head.pred != CHC_FALSE) { x->ndef[c->head.pred]++; x->def[c->head.pred] = i; }
    count_uses(x, c, 1);
    for (uint32_t j = 0; j < c->nbody; j++) u32_push(&x->users[c->body[j].pred], i);
  }
  for (uint32_t e = 0; e < s->nelim; e++) {
    const chc_clause *d = &s->elim[e].def;
    if (s->elim[e].kind == 0)
      for (uint32_t j = 0; j < d->nbody; j++) u32_push(&x->users[d->body[j].pred], e | ELIM_REF);
  }
}

static void index_free(const chc_system *s, norm_index *x) {
  for (uint32_t p = 0; p < s->npreds; p++) free(x->users[p].d);
  free(x->ndef); free(x->def); free(x->nuse); free(x->users); free(x->dead);
}

static void kill_clause(chc_system *s, norm_index *x, uint32_t i) {
  const chc_clause *c = &s->clauses[i];
  x->dead[i] = true;
  count_uses(x, c, -1);
  if (c->head.pred != CHC_FALSE) { x->ndef[c->head.pred]--; x->def[c->head.pred] = NO_DEF; }
}

static uint32_t occurrences(const chc_clause *c, uint32_t p) {
  uint32_t k = 0;
  for (uint32_t j = 0; j < c->nbody; j++) k += c->body[j].pred == p;
  return k;
}

/* p has a single defining clause with at most one body predicate, does not
 * use itself, and neither its definition nor a user already carries more
 * than CHC_INLINE_BOUND inlined definitions (so clauses and expanded
 * definitions stay bounded along long chains). With a body, p is inlined
 * only into clauses using it once, so linear systems stay linear. */
static bool can_inline(chc_system *s, norm_index *x, uint32_t p) {
  if (x->ndef[p] != 1 || x->def[p] == NO_DEF || x->nuse[p] == 0) return false;
  const chc_clause *d = &s->clauses[x->def[p]];
  if (d->nbody > 1 || d->ninl > CHC_INLINE_BOUND || occurrences(d, p)) return false;
  for (uint32_t k = 0; k < x->users[p].n; k++) {
    uint32_t r = x->users[p].d[k];
    if (!(r & ELIM_REF) && x->dead[r]) continue;
    const chc_clause *c = ref_clause(s, r);
    uint32_t occ = occurrences(c, p);
    if (occ && c->ninl > CHC_INLINE_BOUND) return false;
    if (occ > 1 && d->nbody == 1 && x->nuse[p] > 1 && !(r & ELIM_REF)) return false;
  }
  return true;
}

/* Replaces every use of p (clauses and stored definitions) by the body of
 * its definition, which is removed; only the rewritten clauses are
 * simplified again. */
static void inline_pred(chc_system *s, norm_index *x, uint32_t p) {
  uint32_t di = x->def[p];
  chc_clause dc;
  clause_copy(&dc, &s->clauses[di], s);
  kill_clause(s, x, di);
  push_elim(s, p, 0, &dc);
  uint32_t e = (s->nelim - 1) | ELIM_REF;
  for (uint32_t j = 0; j < dc.nbody; j++) u32_push(&x->users[dc.body[j].pred], e);
  u32vec us = x->users[p]; /* p is not in dc's body: the list does not grow */
  for (uint32_t k = 0; k < us.n; k++) {
    uint32_t r = us.d[k];
    bool live = !(r & ELIM_REF);
    if (live && x->dead[r]) continue;
    chc_clause *c = ref_clause(s, r);
    if (!occurrences(c, p)) continue;
    if (live) count_uses(x, c, -1);
    for (uint32_t j = 0; j < c->nbody;)
      if (c->body[j].pred == p) inline_into(s, c, j, &dc); else j++;
    propagate_equalities(s, c);
    for (uint32_t j = 0; j < dc.nbody; j++) u32_push(&x->users[dc.body[j].pred], r);
    if (!live) continue;
    count_uses(x, c, 1);
    if (term_is_false(c->constraint)) kill_clause(s, x, r);
  }
  free(us.d);
  memset(&x->users[p], 0, sizeof x->users[p]);
  clause_free(&dc);
}

/* One inlining pass over all predicates; returns true if anything changed. */
static bool inline_pass(chc_system *s) {
  norm_index x;
  index_build(s, &x);
  bool changed = false;
  for (uint32_t p = 0; p < s->npreds; p++)
    if (can_inline(s, &x, p)) { inline_pred(s, &x, p); changed = true; }
  compact_clauses(s, x.dead);
  index_free(s, &x);
  return changed;
}

void chc_normalize(chc_system *s) {
  bool *drop = xcalloc(s->nclauses + 1, 1);
  for (uint32_t i = 0; i < s->nclauses; i++) {
    propagate_equalities(s, &s->clauses[i]);
    drop[i] = term_is_false(s->clauses[i].constraint);
  }
  compact_clauses(s, drop);
  free(drop);
  for (bool changed = true; changed;) {
    changed = slice(s);
    changed |= inline_pass(s);
  }
}

void chc_expand_model(const chc_system *s, term_t *interp) {
  for (uint32_t e = s->nelim; e-- > 0;) {
    const chc_elim *el = &s->elim[e];
    const chc_pred *p = &s->preds[el->pred];
    if (el->kind == 1) { interp[el->pred] = term_false(); continue; }
    if (el->kind == 2) { interp[el->pred] = term_true(); continue; }
    /* rename the clause apart with fresh variables so that substituting
     * them into other interpretations' quantifiers cannot be captured */
    chc_clause dcopy;
    clause_copy(&dcopy, &el->def, s);
    const chc_clause *d = &dcopy;
    {
      term_t *cv;
      uint32_t ncv = clause_vars_s(s, d, &cv);
      term_t *fv = xmalloc((ncv ? ncv : 1) * sizeof(term_t));
      for (uint32_t i = 0; i < ncv; i++) fv[i] = term_fresh_var(term_var_name(cv[i]), term_type(cv[i]));
      subst_clause(s, &dcopy, ncv, cv, fv);
      free(cv); free(fv);
    }
    term_vec parts = {0};
    term_vec_push(&parts, d->constraint);
    for (uint32_t j = 0; j < d->nbody; j++) {
      uint32_t q = d->body[j].pred;
      term_t iq = interp[q] == NULL_TERM ? term_true() : interp[q];
      term_vec_push(&parts, chc_apply_interp(s, q, iq, d->body[j].args));
    }
    for (uint32_t k = 0; k < p->arity; k++) term_vec_push(&parts, term_eq(p->params[k], d->head.args[k]));
    term_t body = term_and(parts.size, parts.data);
    term_t *vs;
    uint32_t nv = clause_vars_s(s, d, &vs);
    /* quantify the clause's own variables (the params are not among them) */
    uint32_t m = 0;
    for (uint32_t i = 0; i < nv; i++) {
      bool param = false;
      for (uint32_t k = 0; k < p->arity; k++) param |= vs[i] == p->params[k];
      if (!param) vs[m++] = vs[i];
    }
    /* the one-point rule: Z3 leaves clause checks with quantified
     * bit-vector interpretations undecided, where the substituted ones are
     * quantifier-free */
    m = term_one_point(body, vs, m, &body);
    interp[el->pred] = m ? term_exists(m, vs, body) : body;
    free(vs);
    term_vec_free(&parts);
    clause_free(&dcopy);
  }
}

/* ---- printing ---- */

static void write_decl(FILE *out, const chc_pred *p) {
  fprintf(out, "(declare-fun ");
  term_print_symbol(out, p->name);
  fprintf(out, " (");
  for (uint32_t i = 0; i < p->arity; i++) {
    if (i) fputc(' ', out);
    type_print(out, term_type(p->params[i]));
  }
  fprintf(out, ") Bool)\n");
}

void chc_write(FILE *out, const chc_system *s) {
  fprintf(out, "(set-logic HORN)\n");
  for (uint32_t p = 0; p < s->npreds; p++) write_decl(out, &s->preds[p]);
  for (uint32_t i = 0; i < s->nclauses; i++) {
    fprintf(out, "(assert ");
    term_print_let(out, chc_clause_formula(s, &s->clauses[i]));
    fprintf(out, ")\n");
  }
  fprintf(out, "(check-sat)\n(exit)\n");
}

void chc_write_model(FILE *out, const chc_system *s, const term_t *interp) {
  fprintf(out, "(\n");
  for (uint32_t p = 0; p < s->npreds; p++) {
    const chc_pred *pr = &s->preds[p];
    fprintf(out, "  (define-fun ");
    term_print_symbol(out, pr->name);
    fprintf(out, " (");
    for (uint32_t i = 0; i < pr->arity; i++) {
      if (i) fputc(' ', out);
      fputc('(', out);
      term_print_var_name(out, pr->params[i]);
      fputc(' ', out);
      type_print(out, term_type(pr->params[i]));
      fputc(')', out);
    }
    fprintf(out, ") Bool ");
    term_print_let(out, interp[p] == NULL_TERM ? term_true() : interp[p]);
    fprintf(out, ")\n");
  }
  fprintf(out, ")\n");
}
