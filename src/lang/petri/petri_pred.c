/* State predicates: construction, negation, evaluation, DNF. */
#include "lang/petri/petri_pred.h"
#include <stdlib.h>
#include <string.h>

petri_pred *pred_new(petri_pred_op op) {
  petri_pred *p = calloc(1, sizeof *p);
  if (p) p->op = op;
  return p;
}

bool pred_add_kid(petri_pred *p, petri_pred *kid) {
  if (!kid) return false;
  petri_pred **k = realloc(p->kids, ((size_t)p->n + 1) * sizeof *k);
  if (!k) { pred_free(kid); return false; }
  p->kids = k;
  p->kids[p->n++] = kid;
  return true;
}

bool pred_add_term(petri_pred *p, uint32_t place, int64_t coef) {
  for (uint32_t i = 0; i < p->n; i++)
    if (p->place[i] == place) {
      if (__builtin_add_overflow(p->coef[i], coef, &p->coef[i])) return false;
      return true;
    }
  uint32_t *pl = realloc(p->place, ((size_t)p->n + 1) * sizeof *pl);
  if (!pl) return false;
  p->place = pl;
  int64_t *c = realloc(p->coef, ((size_t)p->n + 1) * sizeof *c);
  if (!c) return false;
  p->coef = c;
  p->place[p->n] = place;
  p->coef[p->n] = coef;
  p->n++;
  return true;
}

void pred_free(petri_pred *p) {
  if (!p) return;
  if (p->op == PRED_AND || p->op == PRED_OR)
    for (uint32_t i = 0; i < p->n; i++) pred_free(p->kids[i]);
  free(p->kids); free(p->place); free(p->coef);
  free(p);
}

static petri_pred *copy_or_negate(const petri_pred *p, bool neg) {
  static const petri_pred_op flip[] = {
    [PRED_TRUE] = PRED_FALSE, [PRED_FALSE] = PRED_TRUE, [PRED_AND] = PRED_OR, [PRED_OR] = PRED_AND,
    [PRED_LIN] = PRED_LIN, [PRED_FIRE] = PRED_NFIRE, [PRED_NFIRE] = PRED_FIRE,
    [PRED_DEAD] = PRED_LIVE, [PRED_LIVE] = PRED_DEAD,
  };
  petri_pred *q = pred_new(neg ? flip[p->op] : p->op);
  if (!q) return NULL;
  q->trans = p->trans;
  if (p->op == PRED_AND || p->op == PRED_OR) {
    for (uint32_t i = 0; i < p->n; i++)
      if (!pred_add_kid(q, copy_or_negate(p->kids[i], neg))) { pred_free(q); return NULL; }
  } else if (p->op == PRED_LIN) {
    /* not (a.m <= b)  <=>  a.m >= b+1  <=>  -a.m <= -b-1 */
    for (uint32_t i = 0; i < p->n; i++)
      if (!pred_add_term(q, p->place[i], neg ? -p->coef[i] : p->coef[i])) { pred_free(q); return NULL; }
    q->bound = neg ? -p->bound - 1 : p->bound;
  }
  return q;
}

petri_pred *pred_copy(const petri_pred *p) { return copy_or_negate(p, false); }
petri_pred *pred_negate(const petri_pred *p) { return copy_or_negate(p, true); }

bool pred_eval(const petri_net *n, const petri_pred *p, const petri_tok *m) {
  switch (p->op) {
  case PRED_TRUE: return true;
  case PRED_FALSE: return false;
  case PRED_AND:
    for (uint32_t i = 0; i < p->n; i++) if (!pred_eval(n, p->kids[i], m)) return false;
    return true;
  case PRED_OR:
    for (uint32_t i = 0; i < p->n; i++) if (pred_eval(n, p->kids[i], m)) return true;
    return false;
  case PRED_LIN: {
    /* Terms are bounded by 2^32 * 2^62; use 128-bit to stay exact. */
    __int128 s = 0;
    for (uint32_t i = 0; i < p->n; i++) s += (__int128)p->coef[i] * m[p->place[i]];
    return s <= p->bound;
  }
  case PRED_FIRE: return petri_enabled(n, m, p->trans);
  case PRED_NFIRE: return !petri_enabled(n, m, p->trans);
  case PRED_DEAD: return petri_is_deadlock(n, m);
  case PRED_LIVE: return !petri_is_deadlock(n, m);
  }
  return false;
}

/* ---- DNF ---- */

static void cube_free(pred_cube *c) {
  for (size_t i = 0; i < c->n; i++) { free(c->rows[i].place); free(c->rows[i].coef); }
  free(c->rows);
  c->rows = NULL; c->n = 0;
}

void pred_dnf_free(pred_dnf *d) {
  for (size_t i = 0; i < d->n; i++) cube_free(&d->cubes[i]);
  free(d->cubes);
  d->cubes = NULL; d->n = 0;
}

static bool row_copy(pred_lin *dst, const pred_lin *src) {
  *dst = *src;
  dst->place = malloc((src->n ? src->n : 1) * sizeof *dst->place);
  dst->coef = malloc((src->n ? src->n : 1) * sizeof *dst->coef);
  if (!dst->place || !dst->coef) { free(dst->place); free(dst->coef); return false; }
  memcpy(dst->place, src->place, src->n * sizeof *dst->place);
  memcpy(dst->coef, src->coef, src->n * sizeof *dst->coef);
  return true;
}

static bool cube_push(pred_cube *c, const pred_lin *row) {
  pred_lin *r = realloc(c->rows, (c->n + 1) * sizeof *r);
  if (!r) return false;
  c->rows = r;
  if (!row_copy(&c->rows[c->n], row)) return false;
  c->n++;
  return true;
}

static bool dnf_push(pred_dnf *d, pred_cube *c) {
  pred_cube *x = realloc(d->cubes, (d->n + 1) * sizeof *x);
  if (!x) return false;
  d->cubes = x;
  d->cubes[d->n++] = *c;
  return true;
}

/* One single-place row: coef * m(p) <= bound. */
static bool single(pred_dnf *d, uint32_t p, int64_t coef, int64_t bound, bool new_cube) {
  pred_lin r = {1, &p, &coef, bound};
  if (new_cube) {
    pred_cube c = {0};
    if (!cube_push(&c, &r) || !dnf_push(d, &c)) { cube_free(&c); return false; }
    return true;
  }
  return cube_push(&d->cubes[d->n - 1], &r);
}

static bool dnf_of(const petri_net *n, const petri_pred *p, size_t max, pred_dnf *out);

/* Conjunction of two DNFs (cross product). */
static bool dnf_and(pred_dnf *a, const pred_dnf *b, size_t max) {
  if (a->n * b->n > max) return false;
  pred_dnf r = {0};
  for (size_t i = 0; i < a->n; i++)
    for (size_t j = 0; j < b->n; j++) {
      pred_cube c = {0};
      bool ok = true;
      for (size_t k = 0; ok && k < a->cubes[i].n; k++) ok = cube_push(&c, &a->cubes[i].rows[k]);
      for (size_t k = 0; ok && k < b->cubes[j].n; k++) ok = cube_push(&c, &b->cubes[j].rows[k]);
      if (!ok || !dnf_push(&r, &c)) { cube_free(&c); pred_dnf_free(&r); return false; }
    }
  pred_dnf_free(a);
  *a = r;
  return true;
}

/* Fireability of t as a cube: m(p) >= w on pre-places, m(p) <= w-1 on
 * inhibitor places. */
static bool fire_cube(const petri_net *n, uint32_t t, pred_dnf *out) {
  pred_cube c = {0};
  if (!dnf_push(out, &c)) return false;
  for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++)
    if (!single(out, n->pre[i].place, -1, -(int64_t)n->pre[i].weight, false)) return false;
  for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1]; i++)
    if (!single(out, n->inh[i].place, 1, (int64_t)n->inh[i].weight - 1, false)) return false;
  return true;
}

/* Disabledness of t: one cube per reason. */
static bool nfire_dnf(const petri_net *n, uint32_t t, size_t max, pred_dnf *out) {
  if ((size_t)(n->pre_at[t + 1] - n->pre_at[t]) + (n->inh_at[t + 1] - n->inh_at[t]) > max) return false;
  for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++)
    if (!single(out, n->pre[i].place, 1, (int64_t)n->pre[i].weight - 1, true)) return false;
  for (uint32_t i = n->inh_at[t]; i < n->inh_at[t + 1]; i++)
    if (!single(out, n->inh[i].place, -1, -(int64_t)n->inh[i].weight, true)) return false;
  return true;
}

static bool dnf_of(const petri_net *n, const petri_pred *p, size_t max, pred_dnf *out) {
  switch (p->op) {
  case PRED_TRUE: { pred_cube c = {0}; return dnf_push(out, &c); }
  case PRED_FALSE: return true;
  case PRED_LIN: {
    pred_lin r = {p->n, p->place, p->coef, p->bound};
    pred_cube c = {0};
    if (!cube_push(&c, &r) || !dnf_push(out, &c)) { cube_free(&c); return false; }
    return true;
  }
  case PRED_FIRE: return fire_cube(n, p->trans, out);
  case PRED_NFIRE: return nfire_dnf(n, p->trans, max, out);
  case PRED_LIVE:
    if (n->ntrans > max) return false;
    for (uint32_t t = 0; t < n->ntrans; t++) {
      pred_dnf one = {0};
      if (!fire_cube(n, t, &one)) { pred_dnf_free(&one); return false; }
      for (size_t i = 0; i < one.n; i++)
        if (!dnf_push(out, &one.cubes[i])) { pred_dnf_free(&one); return false; }
      free(one.cubes);
    }
    return true;
  case PRED_OR:
    for (uint32_t i = 0; i < p->n; i++) {
      pred_dnf one = {0};
      if (!dnf_of(n, p->kids[i], max, &one) || out->n + one.n > max) { pred_dnf_free(&one); return false; }
      for (size_t k = 0; k < one.n; k++)
        if (!dnf_push(out, &one.cubes[k])) { one.n = 0; pred_dnf_free(&one); return false; }
      free(one.cubes);
    }
    return true;
  case PRED_AND:
  case PRED_DEAD: {
    pred_cube c = {0};
    if (!dnf_push(out, &c)) return false;
    uint32_t k = p->op == PRED_AND ? p->n : n->ntrans;
    for (uint32_t i = 0; i < k; i++) {
      pred_dnf one = {0};
      bool ok = p->op == PRED_AND ? dnf_of(n, p->kids[i], max, &one) : nfire_dnf(n, i, max, &one);
      if (!ok || !dnf_and(out, &one, max)) { pred_dnf_free(&one); return false; }
      pred_dnf_free(&one);
    }
    return true;
  }
  }
  return false;
}

bool pred_to_dnf(const petri_net *n, const petri_pred *p, size_t max_cubes, pred_dnf *out) {
  out->cubes = NULL;
  out->n = 0;
  if (!dnf_of(n, p, max_cubes, out)) { pred_dnf_free(out); return false; }
  return true;
}
