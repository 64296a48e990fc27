/* State-equation CEGAR. See petri_secegar.h for the idea; the comments
 * here say why each refinement keeps the answer sound. */
#include "lang/petri/petri_secegar.h"
#include <glpk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SE_MAX_CUBES 64          /* larger target DNFs: UNKNOWN */
#define SE_MAX_REALIZE 200000    /* budget-exploration states per node */
#define SE_MAX_DEADENDS 32       /* partial solutions kept per node */
#define SE_DISTANT_LEVELS 6
#define SE_VALUE_MAX 1000000000LL /* firing counts beyond: numeric doubt */

/* sum c[i] * x[t[i]] >= rhs */
typedef struct { uint32_t n; uint32_t *t; int64_t *c; int64_t rhs; } se_row;

typedef struct {
  size_t cube;
  se_row *rows;
  size_t nrows;
  int64_t *x;   /* minimal solution */
  int64_t obj;
  uint64_t seq;
} se_node;

typedef struct {
  const petri_net *n;
  const pred_dnf *dnf;
  const petri_limits *lim;
  const secegar_opts *o;
  bool *dead;           /* transitions that can never fire (unmarked siphon) */
  bool skipped;         /* some partial solution or node was not examined */
  bool nomem;
  uint64_t ilps;
  /* node queue: binary heap on (key1, key2) */
  se_node **heap;
  size_t nheap, capheap;
  uint64_t seq;
  /* seen constraint sets */
  uint64_t *seen_hash;
  int64_t **seen_key;
  size_t nseen, capseen;
} se_ctx;

/* ---- rows and nodes ---- */

static void row_free(se_row *r) { free(r->t); free(r->c); }

static bool row_copy(se_row *d, const se_row *s) {
  *d = *s;
  d->t = malloc((s->n ? s->n : 1) * sizeof *d->t);
  d->c = malloc((s->n ? s->n : 1) * sizeof *d->c);
  if (!d->t || !d->c) { free(d->t); free(d->c); return false; }
  memcpy(d->t, s->t, s->n * sizeof *d->t);
  memcpy(d->c, s->c, s->n * sizeof *d->c);
  return true;
}

static void node_free(se_node *nd) {
  if (!nd) return;
  for (size_t i = 0; i < nd->nrows; i++) row_free(&nd->rows[i]);
  free(nd->rows); free(nd->x); free(nd);
}

static int row_cmp(const void *a, const void *b) {
  const se_row *x = a, *y = b;
  if (x->n != y->n) return x->n < y->n ? -1 : 1;
  if (x->rhs != y->rhs) return x->rhs < y->rhs ? -1 : 1;
  for (uint32_t i = 0; i < x->n; i++) {
    if (x->t[i] != y->t[i]) return x->t[i] < y->t[i] ? -1 : 1;
    if (x->c[i] != y->c[i]) return x->c[i] < y->c[i] ? -1 : 1;
  }
  return 0;
}

/* Builds the row sum_{t in set} x_t >= rhs (set given as a flag array). */
static bool row_from_set(const se_ctx *c, const bool *set, int64_t coef, int64_t rhs, se_row *r) {
  uint32_t k = 0;
  for (uint32_t t = 0; t < c->n->ntrans; t++) k += set[t];
  r->n = k;
  r->rhs = rhs;
  r->t = malloc((k ? k : 1) * sizeof *r->t);
  r->c = malloc((k ? k : 1) * sizeof *r->c);
  if (!r->t || !r->c) { free(r->t); free(r->c); return false; }
  k = 0;
  for (uint32_t t = 0; t < c->n->ntrans; t++)
    if (set[t]) { r->t[k] = t; r->c[k] = coef; k++; }
  return true;
}

/* A child: parent's rows plus extra rows, normalized (sorted, deduplicated). */
static se_node *child(const se_node *parent, size_t cube, const se_row *extra, size_t nextra) {
  se_node *nd = calloc(1, sizeof *nd);
  if (!nd) return NULL;
  nd->cube = cube;
  size_t np = parent ? parent->nrows : 0;
  nd->rows = malloc((np + nextra + 1) * sizeof *nd->rows);
  if (!nd->rows) { free(nd); return NULL; }
  for (size_t i = 0; i < np + nextra; i++) {
    if (!row_copy(&nd->rows[nd->nrows], i < np ? &parent->rows[i] : &extra[i - np])) { node_free(nd); return NULL; }
    nd->nrows++;
  }
  qsort(nd->rows, nd->nrows, sizeof *nd->rows, row_cmp);
  size_t m = 0;
  for (size_t i = 0; i < nd->nrows; i++) {
    if (m && row_cmp(&nd->rows[m - 1], &nd->rows[i]) == 0) { row_free(&nd->rows[i]); continue; }
    nd->rows[m++] = nd->rows[i];
  }
  nd->nrows = m;
  return nd;
}

/* ---- seen sets of constraints (exact keys, so no node is lost) ---- */

static int64_t *node_key(const se_node *nd, size_t *len) {
  size_t k = 2;
  for (size_t i = 0; i < nd->nrows; i++) k += 2 + 2 * (size_t)nd->rows[i].n;
  int64_t *key = malloc(k * sizeof *key);
  if (!key) return NULL;
  size_t j = 0;
  key[j++] = (int64_t)k;
  key[j++] = (int64_t)nd->cube;
  for (size_t i = 0; i < nd->nrows; i++) {
    key[j++] = nd->rows[i].n;
    key[j++] = nd->rows[i].rhs;
    for (uint32_t a = 0; a < nd->rows[i].n; a++) { key[j++] = nd->rows[i].t[a]; key[j++] = nd->rows[i].c[a]; }
  }
  *len = k;
  return key;
}

/* True if nd's constraint set was seen before; records it otherwise. */
static bool seen_before(se_ctx *c, const se_node *nd) {
  size_t len;
  int64_t *key = node_key(nd, &len);
  if (!key) { c->nomem = true; return true; }
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < len; i++) h = (h ^ (uint64_t)key[i]) * 1099511628211ull;
  for (size_t i = 0; i < c->nseen; i++)
    if (c->seen_hash[i] == h && c->seen_key[i][0] == (int64_t)len &&
        memcmp(c->seen_key[i], key, len * sizeof *key) == 0) { free(key); return true; }
  if (c->nseen == c->capseen) {
    size_t cap = c->capseen ? 2 * c->capseen : 64;
    uint64_t *hh = realloc(c->seen_hash, cap * sizeof *hh);
    if (!hh) { free(key); c->nomem = true; return true; }
    c->seen_hash = hh;
    int64_t **kk = realloc(c->seen_key, cap * sizeof *kk);
    if (!kk) { free(key); c->nomem = true; return true; }
    c->seen_key = kk;
    c->capseen = cap;
  }
  c->seen_hash[c->nseen] = h;
  c->seen_key[c->nseen++] = key;
  return false;
}

/* ---- ILP ---- */

typedef enum { ILP_FEASIBLE, ILP_INFEASIBLE, ILP_DOUBT } ilp_status;

static int remaining_ms(const petri_limits *l) {
  if (!l || l->deadline <= 0) return INT32_MAX;
  double ms = (l->deadline - petri_now()) * 1000.0;
  return ms < 1 ? 1 : ms > INT32_MAX ? INT32_MAX : (int)ms;
}

/* Checks the rounded solution exactly: m0 + C.x >= 0, cube rows, extra rows. */
static bool verify(const se_ctx *c, size_t cube, const se_row *rows, size_t nrows, const int64_t *x) {
  const petri_net *n = c->n;
  __int128 *m = malloc(((size_t)n->nplaces + 1) * sizeof *m);
  if (!m) return false;
  for (uint32_t p = 0; p < n->nplaces; p++) m[p] = n->m0[p];
  for (uint32_t t = 0; t < n->ntrans; t++) {
    if (x[t] < 0 || (c->dead[t] && x[t])) { free(m); return false; }
    for (uint32_t i = n->eff_at[t]; i < n->eff_at[t + 1]; i++) m[n->eff[i].place] += (__int128)n->eff[i].delta * x[t];
  }
  bool ok = true;
  for (uint32_t p = 0; p < n->nplaces && ok; p++) ok = m[p] >= 0;
  const pred_cube *cb = &c->dnf->cubes[cube];
  for (size_t i = 0; i < cb->n && ok; i++) {
    __int128 s = 0;
    for (uint32_t k = 0; k < cb->rows[i].n; k++) s += (__int128)cb->rows[i].coef[k] * m[cb->rows[i].place[k]];
    ok = s <= cb->rows[i].bound;
  }
  for (size_t i = 0; i < nrows && ok; i++) {
    __int128 s = 0;
    for (uint32_t k = 0; k < rows[i].n; k++) s += (__int128)rows[i].c[k] * x[rows[i].t[k]];
    ok = s >= rows[i].rhs;
  }
  free(m);
  return ok;
}

/* Minimizes sum x subject to the state equation, cube and rows. */
static ilp_status solve(se_ctx *c, size_t cube, const se_row *rows, size_t nrows, int64_t *x, int64_t *obj) {
  const petri_net *n = c->n;
  const pred_cube *cb = &c->dnf->cubes[cube];
  c->ilps++;
  glp_prob *lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MIN);
  int nt = (int)n->ntrans;
  if (nt) glp_add_cols(lp, nt);
  for (int t = 1; t <= nt; t++) {
    glp_set_col_kind(lp, t, GLP_IV);
    if (c->dead[t - 1]) glp_set_col_bnds(lp, t, GLP_FX, 0, 0);
    else glp_set_col_bnds(lp, t, GLP_LO, 0, 0);
    glp_set_obj_coef(lp, t, 1);
  }
  /* place rows: sum_t C(p,t) x_t >= -m0(p); only places some transition changes */
  size_t ne = 0, cap = 1024;
  int *ia = malloc((cap + 1) * sizeof *ia), *ja = malloc((cap + 1) * sizeof *ja);
  double *ar = malloc((cap + 1) * sizeof *ar);
  ilp_status st = ILP_DOUBT;
  int row = 0;
  int64_t *coef = calloc((size_t)n->ntrans + 1, sizeof *coef);
  if (!ia || !ja || !ar || !coef) { c->nomem = true; goto out; }
#define PUSH(r_, c_, v_) do { if (ne + 1 > cap) { cap *= 2; \
      int *ia2 = realloc(ia, (cap + 1) * sizeof *ia); if (ia2) ia = ia2; \
      int *ja2 = realloc(ja, (cap + 1) * sizeof *ja); if (ja2) ja = ja2; \
      double *ar2 = realloc(ar, (cap + 1) * sizeof *ar); if (ar2) ar = ar2; \
      if (!ia2 || !ja2 || !ar2) { c->nomem = true; goto out; } } \
    ne++; ia[ne] = (r_); ja[ne] = (c_); ar[ne] = (double)(v_); } while (0)
  for (uint32_t p = 0; p < n->nplaces; p++) {
    uint32_t lo = n->inc_at[p + 1] - n->inc_at[p], ld = n->dec_at[p + 1] - n->dec_at[p];
    if (!lo && !ld) continue;
    row = (int)glp_add_rows(lp, 1);
    glp_set_row_bnds(lp, row, GLP_LO, -(double)n->m0[p], 0);
    for (uint32_t k = 0; k < 2; k++) {
      const uint32_t *at = k ? n->dec_at : n->inc_at, *list = k ? n->dec : n->inc;
      for (uint32_t i = at[p]; i < at[p + 1]; i++) {
        uint32_t t = list[i];
        for (uint32_t e = n->eff_at[t]; e < n->eff_at[t + 1]; e++)
          if (n->eff[e].place == p) PUSH(row, (int)t + 1, n->eff[e].delta);
      }
    }
  }
  /* cube rows over m' = m0 + C x: sum_t (sum_i a_i C(p_i,t)) x_t <= b - a.m0 */
  for (size_t i = 0; i < cb->n; i++) {
    const pred_lin *l = &cb->rows[i];
    __int128 rhs = l->bound;
    memset(coef, 0, (size_t)n->ntrans * sizeof *coef);
    for (uint32_t k = 0; k < l->n; k++) {
      uint32_t p = l->place[k];
      rhs -= (__int128)l->coef[k] * n->m0[p];
      for (uint32_t s = 0; s < 2; s++) {
        const uint32_t *at = s ? n->dec_at : n->inc_at, *list = s ? n->dec : n->inc;
        for (uint32_t j = at[p]; j < at[p + 1]; j++) {
          uint32_t t = list[j];
          for (uint32_t e = n->eff_at[t]; e < n->eff_at[t + 1]; e++)
            if (n->eff[e].place == p) coef[t] += l->coef[k] * n->eff[e].delta;
        }
      }
    }
    if (rhs > ((__int128)1 << 52) || rhs < -((__int128)1 << 52)) goto out; /* doubt */
    row = (int)glp_add_rows(lp, 1);
    glp_set_row_bnds(lp, row, GLP_UP, 0, (double)rhs);
    for (uint32_t t = 0; t < n->ntrans; t++)
      if (coef[t]) PUSH(row, (int)t + 1, coef[t]);
  }
  for (size_t i = 0; i < nrows; i++) {
    row = (int)glp_add_rows(lp, 1);
    glp_set_row_bnds(lp, row, GLP_LO, (double)rows[i].rhs, 0);
    for (uint32_t k = 0; k < rows[i].n; k++) PUSH(row, (int)rows[i].t[k] + 1, rows[i].c[k]);
  }
#undef PUSH
  if (ne) glp_load_matrix(lp, (int)ne, ia, ja, ar);
  if (glp_get_num_rows(lp) == 0) { /* nothing to satisfy: x = 0 */
    memset(x, 0, (size_t)n->ntrans * sizeof *x);
    *obj = 0;
    st = verify(c, cube, rows, nrows, x) ? ILP_FEASIBLE : ILP_DOUBT;
    goto out;
  }
  /* LP relaxation first (GLPK 5's MIP preprocessor can loop forever on
   * small infeasible problems); an infeasible relaxation is confirmed in
   * exact rational arithmetic before it counts. */
  glp_smcp sp;
  glp_init_smcp(&sp);
  sp.msg_lev = GLP_MSG_OFF;
  sp.presolve = GLP_ON;
  sp.tm_lim = remaining_ms(c->lim);
  int ret = glp_simplex(lp, &sp);
  if (ret == GLP_ENOPFS || (ret == 0 && glp_get_status(lp) == GLP_NOFEAS)) {
    glp_smcp ex;
    glp_init_smcp(&ex);
    ex.msg_lev = GLP_MSG_OFF;
    ex.tm_lim = remaining_ms(c->lim);
    glp_std_basis(lp);
    if (glp_exact(lp, &ex) == 0 && glp_get_status(lp) == GLP_NOFEAS) st = ILP_INFEASIBLE;
    goto out;
  }
  if (ret != 0 || glp_get_status(lp) != GLP_OPT) goto out;
  glp_iocp parm;
  glp_init_iocp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_OFF;
  parm.tm_lim = remaining_ms(c->lim);
  ret = glp_intopt(lp, &parm);
  if (ret != 0) goto out; /* time limit, numeric failure, ...: doubt */
  int ms = glp_mip_status(lp);
  if (ms == GLP_NOFEAS) { st = ILP_INFEASIBLE; goto out; }
  if (ms != GLP_OPT) goto out;
  int64_t sum = 0;
  for (int t = 1; t <= nt; t++) {
    double v = glp_mip_col_val(lp, t);
    if (!(v > -0.5) || v > (double)SE_VALUE_MAX || fabs(v - nearbyint(v)) > 1e-6) goto out;
    x[t - 1] = (int64_t)nearbyint(v);
    sum += x[t - 1];
  }
  *obj = sum;
  st = verify(c, cube, rows, nrows, x) ? ILP_FEASIBLE : ILP_DOUBT;
out:
  free(ia); free(ja); free(ar); free(coef);
  glp_delete_prob(lp);
  return st;
}

/* ---- unmarked siphon: places empty forever, transitions dead forever ---- */

static void siphon_dead(const petri_net *n, bool *dead) {
  bool *in = calloc((size_t)n->nplaces + 1, sizeof *in);
  if (!in) return; /* no strengthening: still sound */
  for (uint32_t p = 0; p < n->nplaces; p++) in[p] = n->m0[p] == 0;
  /* Remove places that some transition can fill without consuming from the
   * set; what remains is the largest siphon that is initially empty. */
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t p = 0; p < n->nplaces; p++) {
      if (!in[p]) continue;
      for (uint32_t i = n->inc_at[p]; i < n->inc_at[p + 1] && in[p]; i++) {
        uint32_t t = n->inc[i];
        bool needs = false;
        for (uint32_t k = n->pre_at[t]; k < n->pre_at[t + 1] && !needs; k++) needs = in[n->pre[k].place];
        if (!needs) { in[p] = false; changed = true; }
      }
    }
  }
  for (uint32_t t = 0; t < n->ntrans; t++)
    for (uint32_t k = n->pre_at[t]; k < n->pre_at[t + 1] && !dead[t]; k++)
      if (in[n->pre[k].place]) dead[t] = true;
  free(in);
}

/* ---- realizing a solution: exhaustive exploration under the budget x ---- */

typedef struct { petri_tok *m; int64_t *r; } se_deadend;

typedef enum { REAL_FOUND, REAL_EXHAUSTED, REAL_INCOMPLETE } real_status;

typedef struct {
  uint32_t k;          /* support size */
  uint32_t *supp;      /* transitions with x > 0 */
  uint32_t *store;     /* visited remainder vectors, k each */
  size_t nstates, capstates;
  uint32_t *table;
  size_t captable;
} budget_set;

static uint64_t vec_hash(const uint32_t *v, uint32_t k) {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (uint32_t i = 0; i < k; i++) { h ^= v[i]; h *= 0xff51afd7ed558ccdull; h ^= h >> 29; }
  return h;
}

/* Inserts v; returns 1 if new, 0 if present, -1 on allocation failure. */
static int budget_insert(budget_set *b, const uint32_t *v) {
  if (2 * (b->nstates + 1) > b->captable) {
    size_t cap = b->captable ? 2 * b->captable : 1024;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t) return -1;
    for (size_t s = 0; s < b->nstates; s++) {
      size_t i = vec_hash(b->store + s * b->k, b->k) & (cap - 1);
      while (t[i]) i = (i + 1) & (cap - 1);
      t[i] = (uint32_t)s + 1;
    }
    free(b->table);
    b->table = t;
    b->captable = cap;
  }
  size_t i = vec_hash(v, b->k) & (b->captable - 1);
  while (b->table[i]) {
    if (memcmp(b->store + (size_t)(b->table[i] - 1) * b->k, v, (size_t)b->k * sizeof *v) == 0) return 0;
    i = (i + 1) & (b->captable - 1);
  }
  if (b->nstates == b->capstates) {
    size_t cap = b->capstates ? 2 * b->capstates : 1024;
    uint32_t *s = realloc(b->store, cap * (b->k ? b->k : 1) * sizeof *s);
    if (!s) return -1;
    b->store = s;
    b->capstates = cap;
  }
  memcpy(b->store + b->nstates * b->k, v, (size_t)b->k * sizeof *v);
  b->table[i] = (uint32_t)++b->nstates;
  return 1;
}

static void unfire(const petri_net *n, petri_tok *m, uint32_t t) {
  for (uint32_t i = n->eff_at[t]; i < n->eff_at[t + 1]; i++)
    m[n->eff[i].place] = (petri_tok)((int64_t)m[n->eff[i].place] - n->eff[i].delta);
}

/* DFS over the firing sequences whose Parikh vector stays <= x. Markings are
 * determined by the remainder, so visited remainders are not re-explored. */
static real_status realize(se_ctx *c, const int64_t *x, petri_result *res, se_deadend *dead, size_t *ndead) {
  const petri_net *n = c->n;
  budget_set b = {0};
  real_status st = REAL_INCOMPLETE;
  uint64_t total = 0;
  *ndead = 0;
  for (uint32_t t = 0; t < n->ntrans; t++) total += (uint64_t)x[t], b.k += x[t] > 0;
  b.supp = malloc((b.k ? b.k : 1) * sizeof *b.supp);
  uint32_t *r = malloc((b.k ? b.k : 1) * sizeof *r);
  petri_tok *m = malloc(((size_t)n->nplaces + 1) * sizeof *m);
  uint32_t *path = malloc((total + 1) * sizeof *path), *next = malloc((total + 1) * sizeof *next);
  bool *enabled_any = malloc((total + 1) * sizeof *enabled_any);
  if (!b.supp || !r || !m || !path || !next || !enabled_any) { c->nomem = true; goto out; }
  b.k = 0;
  for (uint32_t t = 0; t < n->ntrans; t++)
    if (x[t] > 0) { b.supp[b.k] = t; r[b.k] = (uint32_t)x[t]; b.k++; }
  memcpy(m, n->m0, (size_t)n->nplaces * sizeof *m);
  if (budget_insert(&b, r) < 0) { c->nomem = true; goto out; }
  size_t depth = 0;
  next[0] = 0;
  enabled_any[0] = false;
  bool truncated = false;
  for (uint64_t steps = 0;; steps++) {
    if (depth == total) { /* remainder zero: x realized */
      res->trace = malloc((total ? total : 1) * sizeof *res->trace);
      if (!res->trace) { c->nomem = true; goto out; }
      for (size_t i = 0; i < total; i++) res->trace[i] = b.supp[path[i]];
      res->ntrace = total;
      st = REAL_FOUND;
      goto out;
    }
    if ((steps & 4095) == 0 && petri_limits_expired(c->lim)) goto out;
    uint32_t i = next[depth];
    while (i < b.k && !(r[i] > 0 && petri_enabled(n, m, b.supp[i]))) i++;
    if (i < b.k) {
      next[depth] = i + 1;
      enabled_any[depth] = true;
      if (!petri_fire(n, m, b.supp[i], m)) goto out; /* overflow: m is spoiled, give up */
      r[i]--;
      int ins = b.nstates >= SE_MAX_REALIZE ? -2 : budget_insert(&b, r);
      if (ins == 1) {
        path[depth++] = i;
        next[depth] = 0;
        enabled_any[depth] = false;
        continue;
      }
      if (ins < 0) truncated = true;
      if (ins == -1) { c->nomem = true; goto out; }
      r[i]++;
      unfire(n, m, b.supp[i]);
      continue;
    }
    if (!enabled_any[depth]) { /* a partial solution: nothing of the remainder is enabled */
      if (*ndead < SE_MAX_DEADENDS) {
        se_deadend *d = &dead[*ndead];
        d->m = malloc(((size_t)n->nplaces + 1) * sizeof *d->m);
        d->r = calloc((size_t)n->ntrans + 1, sizeof *d->r);
        if (!d->m || !d->r) { free(d->m); free(d->r); c->nomem = true; goto out; }
        memcpy(d->m, m, (size_t)n->nplaces * sizeof *m);
        for (uint32_t j = 0; j < b.k; j++) d->r[b.supp[j]] = r[j];
        (*ndead)++;
      } else truncated = true;
    }
    if (depth == 0) break;
    depth--;
    r[path[depth]]++;
    unfire(n, m, b.supp[path[depth]]);
  }
  st = truncated ? REAL_INCOMPLETE : REAL_EXHAUSTED;
out:
  free(b.supp); free(b.store); free(b.table); free(r); free(m); free(path); free(next); free(enabled_any);
  return st;
}

/* ---- node queues ---- */

static bool heap_less(const se_ctx *c, const se_node *a, const se_node *b) {
  switch (c->o->search) {
  case SECEGAR_DFS: return a->seq > b->seq;
  case SECEGAR_BFS: return a->seq < b->seq;
  case SECEGAR_HYBRID: break;
  }
  return a->obj != b->obj ? a->obj < b->obj : a->seq < b->seq;
}

static bool heap_push(se_ctx *c, se_node *nd) {
  if (c->nheap == c->capheap) {
    size_t cap = c->capheap ? 2 * c->capheap : 256;
    se_node **h = realloc(c->heap, cap * sizeof *h);
    if (!h) return false;
    c->heap = h;
    c->capheap = cap;
  }
  size_t i = c->nheap++;
  c->heap[i] = nd;
  while (i && heap_less(c, c->heap[i], c->heap[(i - 1) / 2])) {
    se_node *t = c->heap[i]; c->heap[i] = c->heap[(i - 1) / 2]; c->heap[(i - 1) / 2] = t;
    i = (i - 1) / 2;
  }
  return true;
}

static se_node *heap_pop(se_ctx *c) {
  if (!c->nheap) return NULL;
  se_node *top = c->heap[0];
  c->heap[0] = c->heap[--c->nheap];
  for (size_t i = 0;;) {
    size_t l = 2 * i + 1, r = l + 1, m = i;
    if (l < c->nheap && heap_less(c, c->heap[l], c->heap[m])) m = l;
    if (r < c->nheap && heap_less(c, c->heap[r], c->heap[m])) m = r;
    if (m == i) break;
    se_node *t = c->heap[i]; c->heap[i] = c->heap[m]; c->heap[m] = t;
    i = m;
  }
  return top;
}

typedef struct { se_node **a; size_t n, head, cap; } se_fifo;

static bool fifo_push(se_fifo *f, se_node *nd) {
  if (f->n == f->cap) {
    size_t cap = f->cap ? 2 * f->cap : 256;
    se_node **a = realloc(f->a, cap * sizeof *a);
    if (!a) return false;
    f->a = a;
    f->cap = cap;
  }
  f->a[f->n++] = nd;
  return true;
}

/* Solves a new node and queues it (heap = guided search, else the backlog).
 * Infeasible nodes are dropped: they hold no solution at all. */
static void enqueue(se_ctx *c, se_node *nd, bool guided, se_fifo *backlog) {
  if (!nd) { c->nomem = c->skipped = true; return; }
  if (petri_limits_expired(c->lim)) { c->skipped = true; node_free(nd); return; }
  if (seen_before(c, nd)) { node_free(nd); return; }
  nd->x = malloc(((size_t)c->n->ntrans + 1) * sizeof *nd->x);
  if (!nd->x) { node_free(nd); c->nomem = c->skipped = true; return; }
  ilp_status st = solve(c, nd->cube, nd->rows, nd->nrows, nd->x, &nd->obj);
  if (st != ILP_FEASIBLE) {
    if (st == ILP_DOUBT) c->skipped = true;
    node_free(nd);
    return;
  }
  nd->seq = c->seq++;
  if (!(guided ? heap_push(c, nd) : fifo_push(backlog, nd))) { node_free(nd); c->nomem = c->skipped = true; }
}

/* ---- refinement ---- */

/* Rows x_t >= x*_t for the support of x*: the increments look for larger
 * solutions. */
static size_t ge_rows(const se_ctx *c, const int64_t *x, se_row *rows) {
  size_t k = 0;
  for (uint32_t t = 0; t < c->n->ntrans; t++) {
    if (x[t] <= 0) continue;
    rows[k].n = 1;
    rows[k].rhs = x[t];
    rows[k].t = malloc(sizeof *rows[k].t);
    rows[k].c = malloc(sizeof *rows[k].c);
    if (!rows[k].t || !rows[k].c) { free(rows[k].t); free(rows[k].c); return SIZE_MAX; }
    rows[k].t[0] = t;
    rows[k].c[0] = 1;
    k++;
  }
  return k;
}

static void rows_free(se_row *rows, size_t n) {
  for (size_t i = 0; i < n; i++) row_free(&rows[i]);
}

/* Heuristic children of one partial solution (m, r): for every sink SCC of
 * the "waits for" graph (remainder transitions -> the places blocking them
 * -> remainder transitions that would fix those places) some transition
 * outside the remainder must fix one of its places; distant variants ask
 * for new transitions further upstream. These children guide the search;
 * the complete cover is added separately (cover_children). */
static void increment_children(se_ctx *c, const se_node *nd, const se_deadend *d) {
  const petri_net *n = c->n;
  uint32_t T = n->ntrans, P = n->nplaces;
  /* graph nodes: transitions with r > 0, then places (p, need) */
  uint32_t *tn = malloc(((size_t)T + 1) * sizeof *tn);
  int32_t *pidx = malloc((2 * (size_t)P + 1) * sizeof *pidx);
  uint32_t *pnode = malloc((2 * (size_t)P + 1) * sizeof *pnode);
  uint32_t ntn = 0, npn = 0;
  bool *helper = calloc((size_t)T + 1, sizeof *helper), *lvl = calloc((size_t)T + 1, sizeof *lvl);
  bool *seenq = calloc((size_t)P + 1, sizeof *seenq), *used = calloc((size_t)T + 1, sizeof *used);
  bool *fresh_set = calloc((size_t)(T > P ? T : P) + 1, sizeof *fresh_set);
  uint8_t *reach = NULL;
  se_row *rows = malloc(((size_t)T + SE_DISTANT_LEVELS + 2) * sizeof *rows);
  if (!tn || !pidx || !pnode || !helper || !lvl || !seenq || !used || !fresh_set || !rows) { c->nomem = c->skipped = true; goto out; }
  for (size_t i = 0; i < 2 * (size_t)P; i++) pidx[i] = -1;
  for (uint32_t t = 0; t < T; t++)
    if (d->r[t] > 0) tn[ntn++] = t;
  for (uint32_t i = 0; i < ntn; i++) {
    uint32_t t = tn[i];
    for (uint32_t k = n->pre_at[t]; k < n->pre_at[t + 1]; k++)
      if (d->m[n->pre[k].place] < n->pre[k].weight && pidx[2 * n->pre[k].place] < 0)
        pidx[2 * n->pre[k].place] = (int32_t)npn, pnode[npn++] = 2 * n->pre[k].place;
    for (uint32_t k = n->inh_at[t]; k < n->inh_at[t + 1]; k++)
      if (d->m[n->inh[k].place] >= n->inh[k].weight && pidx[2 * n->inh[k].place + 1] < 0)
        pidx[2 * n->inh[k].place + 1] = (int32_t)npn, pnode[npn++] = 2 * n->inh[k].place + 1;
  }
  uint32_t V = ntn + npn;
  if (V > 2048) { goto out; } /* too big to analyse: only the cover children remain */
  reach = calloc((size_t)V * V, 1);
  if (!reach) { c->nomem = c->skipped = true; goto out; }
  /* adjacency by recomputation; reach[v*V+u] = u reachable from v */
  uint32_t *stack = malloc(((size_t)V + 1) * sizeof *stack);
  if (!stack) { c->nomem = c->skipped = true; goto out; }
  for (uint32_t v = 0; v < V; v++) {
    uint8_t *rv = reach + (size_t)v * V;
    size_t sp = 0;
    rv[v] = 1;
    stack[sp++] = v;
    while (sp) {
      uint32_t u = stack[--sp];
      if (u < ntn) {
        uint32_t t = tn[u];
        for (uint32_t k = n->pre_at[t]; k < n->pre_at[t + 1]; k++) {
          int32_t w = pidx[2 * n->pre[k].place];
          if (d->m[n->pre[k].place] < n->pre[k].weight && w >= 0 && !rv[ntn + w]) rv[ntn + w] = 1, stack[sp++] = ntn + (uint32_t)w;
        }
        for (uint32_t k = n->inh_at[t]; k < n->inh_at[t + 1]; k++) {
          int32_t w = pidx[2 * n->inh[k].place + 1];
          if (d->m[n->inh[k].place] >= n->inh[k].weight && w >= 0 && !rv[ntn + w]) rv[ntn + w] = 1, stack[sp++] = ntn + (uint32_t)w;
        }
      } else {
        uint32_t pn = pnode[u - ntn], p = pn / 2;
        bool need_inc = (pn & 1) == 0;
        for (uint32_t j = 0; j < ntn; j++) {
          uint32_t t = tn[j];
          if (rv[j]) continue;
          for (uint32_t e = n->eff_at[t]; e < n->eff_at[t + 1]; e++)
            if (n->eff[e].place == p && (need_inc ? n->eff[e].delta > 0 : n->eff[e].delta < 0)) { rv[j] = 1; stack[sp++] = j; break; }
        }
      }
    }
  }
  free(stack);
  for (uint32_t v = ntn; v < V; v++) { /* sink SCCs, each found from its first place node */
    bool sink = true, first = true;
    for (uint32_t u = 0; u < V && sink; u++)
      if (reach[(size_t)v * V + u] && !reach[(size_t)u * V + v]) sink = false;
    for (uint32_t u = ntn; u < v && sink && first; u++)
      if (reach[(size_t)v * V + u] && reach[(size_t)u * V + v]) first = false;
    if (!sink || !first) continue;
    /* helpers: transitions outside the SCC that fix one of its places */
    memset(helper, 0, (size_t)T * sizeof *helper);
    bool any = false;
    for (uint32_t u = ntn; u < V; u++) {
      if (!reach[(size_t)v * V + u]) continue;
      uint32_t pn = pnode[u - ntn], p = pn / 2;
      const uint32_t *at = pn & 1 ? n->dec_at : n->inc_at, *list = pn & 1 ? n->dec : n->inc;
      for (uint32_t i = at[p]; i < at[p + 1]; i++) {
        uint32_t t = list[i];
        bool inscc = false;
        for (uint32_t j = 0; j < ntn && !inscc; j++) inscc = tn[j] == t && reach[(size_t)v * V + j];
        if (!inscc && !c->dead[t]) helper[t] = any = true;
      }
    }
    if (!any) continue; /* nothing can ever help: the child would be empty */
    int64_t have = 0;
    for (uint32_t t = 0; t < T; t++) if (helper[t]) have += nd->x[t];
    size_t k = ge_rows(c, nd->x, rows);
    if (k == SIZE_MAX) { c->nomem = c->skipped = true; goto out; }
    if (!row_from_set(c, helper, 1, have + 1, &rows[k])) { rows_free(rows, k); c->nomem = c->skipped = true; goto out; }
    enqueue(c, child(nd, nd->cube, rows, k + 1), true, NULL);
    rows_free(rows, k + 1);
    if (c->o->no_distant) continue;
    /* Distant invariants: the helpers need tokens themselves. Walk
     * upstream: level l+1 holds the producers of level l's input places
     * that do not consume from places already on the chain (that would be
     * the invariant x* already uses); the chain child asks for more
     * firings at every level up to l. */
    memset(used, 0, (size_t)T * sizeof *used);
    memset(seenq, 0, (size_t)P * sizeof *seenq);
    for (uint32_t u = ntn; u < V; u++)
      if (reach[(size_t)v * V + u]) seenq[pnode[u - ntn] / 2] = true;
    memcpy(lvl, helper, (size_t)T * sizeof *lvl);
    k = ge_rows(c, nd->x, rows);
    if (k == SIZE_MAX) { c->nomem = c->skipped = true; goto out; }
    if (!row_from_set(c, helper, 1, have + 1, &rows[k])) { rows_free(rows, k); c->nomem = c->skipped = true; goto out; }
    size_t nrow = k + 1;
    for (int level = 2; level <= SE_DISTANT_LEVELS; level++) {
      for (uint32_t t = 0; t < T; t++) used[t] |= lvl[t];
      memset(fresh_set, 0, (size_t)T * sizeof *fresh_set);
      for (uint32_t t = 0; t < T; t++)
        if (lvl[t]) for (uint32_t i = n->pre_at[t]; i < n->pre_at[t + 1]; i++) fresh_set[n->pre[i].place] = true;
      /* fresh_set (indexed by place here): the inputs of the last level */
      memset(lvl, 0, (size_t)T * sizeof *lvl);
      bool more = false;
      int64_t lvl_have = 0;
      for (uint32_t p = 0; p < P; p++) {
        if (!fresh_set[p] || seenq[p]) continue;
        for (uint32_t i = n->inc_at[p]; i < n->inc_at[p + 1]; i++) {
          uint32_t t = n->inc[i];
          if (used[t] || lvl[t] || c->dead[t]) continue;
          bool back = false;
          for (uint32_t j = n->pre_at[t]; j < n->pre_at[t + 1] && !back; j++) back = seenq[n->pre[j].place];
          if (!back) { lvl[t] = more = true; lvl_have += nd->x[t]; }
        }
      }
      for (uint32_t p = 0; p < P; p++) seenq[p] |= fresh_set[p];
      if (!more) break;
      if (!row_from_set(c, lvl, 1, lvl_have + 1, &rows[nrow])) { rows_free(rows, nrow); c->nomem = c->skipped = true; goto out; }
      nrow++;
      enqueue(c, child(nd, nd->cube, rows, nrow), true, NULL);
    }
    rows_free(rows, nrow);
  }
out:
  free(tn); free(pidx); free(pnode); free(helper); free(lvl); free(seenq); free(used); free(fresh_set); free(reach); free(rows);
}

/* The complete cover of node nd minus its unrealizable solution x*: every
 * y != x* in the node either has y_t < x*_t for some t (jump children, in
 * the guided queue) or y >= x* with y_t > x*_t for some t (backlog). */
static void cover_children(se_ctx *c, const se_node *nd, se_fifo *backlog) {
  const petri_net *n = c->n;
  for (uint32_t t = 0; t < n->ntrans; t++) {
    if (c->dead[t]) continue;
    se_row row = {1, &t, NULL, 0};
    int64_t coef;
    row.c = &coef;
    if (nd->x[t] > 0) { /* jump: x_t <= x*_t - 1 */
      coef = -1;
      row.rhs = -(nd->x[t] - 1);
      enqueue(c, child(nd, nd->cube, &row, 1), true, NULL);
    }
  }
  se_row *rows = malloc(((size_t)n->ntrans + 2) * sizeof *rows);
  if (!rows) { c->nomem = c->skipped = true; return; }
  for (uint32_t t = 0; t < n->ntrans; t++) {
    if (c->dead[t]) continue;
    size_t k = ge_rows(c, nd->x, rows);
    if (k == SIZE_MAX) { c->nomem = c->skipped = true; break; }
    int64_t coef = 1;
    se_row extra = {1, &t, &coef, nd->x[t] + 1};
    if (!row_copy(&rows[k], &extra)) { rows_free(rows, k); c->nomem = c->skipped = true; break; }
    enqueue(c, child(nd, nd->cube, rows, k + 1), false, backlog);
    rows_free(rows, k + 1);
  }
  free(rows);
}

/* ---- main loop ---- */

static bool ctx_init(se_ctx *c, const petri_net *n, const petri_pred *target, const secegar_opts *o,
                     const petri_limits *l, pred_dnf *dnf, petri_result *r) {
  static const petri_limits nolimits = {0};
  memset(c, 0, sizeof *c);
  c->n = n;
  c->o = o;
  c->lim = l ? l : &nolimits;
  c->dnf = dnf;
  glp_term_out(GLP_OFF);
  if (!pred_to_dnf(n, target, SE_MAX_CUBES, dnf)) {
    snprintf(r->reason, sizeof r->reason, "target too large for the state equation");
    return false;
  }
  c->dead = calloc((size_t)n->ntrans + 1, sizeof *c->dead);
  if (!c->dead) { snprintf(r->reason, sizeof r->reason, "out of memory"); pred_dnf_free(dnf); return false; }
  siphon_dead(n, c->dead);
  return true;
}

static void ctx_free(se_ctx *c, pred_dnf *dnf) {
  while (c->nheap) node_free(heap_pop(c));
  free(c->heap);
  for (size_t i = 0; i < c->nseen; i++) free(c->seen_key[i]);
  free(c->seen_hash); free(c->seen_key); free(c->dead);
  pred_dnf_free(dnf);
}

/* ---- trap constraints ---- */

/* The largest trap inside the places empty in m' (a trap Q: every live
 * transition that takes from Q also puts into Q, so a marked trap stays
 * marked). Marked initially but empty in m' refutes m'; the constraint
 * "Q keeps a token", sum_t (sum_{p in Q} C(p,t)) x_t >= 1 - m0(Q), is valid
 * for every reachable marking. Returns false when there is no such trap. */
static bool trap_row(const se_ctx *c, const int64_t *x, se_row *row) {
  const petri_net *n = c->n;
  bool *in = calloc((size_t)n->nplaces + 1, sizeof *in);
  int64_t *m = malloc(((size_t)n->nplaces + 1) * sizeof *m);
  int64_t *coef = calloc((size_t)n->ntrans + 1, sizeof *coef);
  bool ok = false;
  if (!in || !m || !coef) goto out;
  for (uint32_t p = 0; p < n->nplaces; p++) m[p] = n->m0[p];
  for (uint32_t t = 0; t < n->ntrans; t++)
    for (uint32_t i = n->eff_at[t]; i < n->eff_at[t + 1]; i++) m[n->eff[i].place] += n->eff[i].delta * x[t];
  for (uint32_t p = 0; p < n->nplaces; p++) in[p] = m[p] == 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t p = 0; p < n->nplaces; p++) {
      if (!in[p]) continue;
      for (uint32_t i = n->cons_at[p]; i < n->cons_at[p + 1] && in[p]; i++) {
        uint32_t t = n->cons[i];
        if (c->dead[t]) continue;
        bool puts_back = false;
        for (uint32_t k = n->post_at[t]; k < n->post_at[t + 1] && !puts_back; k++) puts_back = in[n->post[k].place];
        if (!puts_back) in[p] = false, changed = true;
      }
    }
  }
  int64_t marked = 0;
  for (uint32_t p = 0; p < n->nplaces; p++)
    if (in[p]) {
      marked += n->m0[p];
      for (uint32_t k = 0; k < 2; k++) {
        const uint32_t *at = k ? n->dec_at : n->inc_at, *list = k ? n->dec : n->inc;
        for (uint32_t j = at[p]; j < at[p + 1]; j++) {
          uint32_t t = list[j];
          for (uint32_t e = n->eff_at[t]; e < n->eff_at[t + 1]; e++)
            if (n->eff[e].place == p) coef[t] += n->eff[e].delta;
        }
      }
    }
  if (!marked) goto out;
  uint32_t k = 0;
  for (uint32_t t = 0; t < n->ntrans; t++) k += coef[t] != 0;
  row->n = k;
  row->rhs = 1 - marked;
  row->t = malloc((k ? k : 1) * sizeof *row->t);
  row->c = malloc((k ? k : 1) * sizeof *row->c);
  if (!row->t || !row->c) { free(row->t); free(row->c); goto out; }
  k = 0;
  for (uint32_t t = 0; t < n->ntrans; t++)
    if (coef[t]) row->t[k] = t, row->c[k++] = coef[t];
  ok = true;
out:
  free(in); free(m); free(coef);
  return ok;
}

#define SE_MAX_TRAPS 64

/* The state equation of one cube, refined by trap constraints until it is
 * infeasible (true) or no marked trap refutes its solution (false). */
static bool cube_refuted(se_ctx *c, size_t cube, int64_t *x, bool *traps) {
  se_row rows[SE_MAX_TRAPS];
  size_t nrows = 0;
  bool refuted = false;
  int64_t obj;
  for (;;) {
    ilp_status st = solve(c, cube, rows, nrows, x, &obj);
    if (st == ILP_INFEASIBLE) { refuted = true; break; }
    if (st != ILP_FEASIBLE || nrows == SE_MAX_TRAPS || petri_limits_expired(c->lim)) break;
    if (!trap_row(c, x, &rows[nrows])) break;
    nrows++;
    *traps = true;
  }
  for (size_t i = 0; i < nrows; i++) row_free(&rows[i]);
  return refuted;
}

/* Is the target p refuted by the state equation (with traps)? A target
 * whose DNF is too large is weakened instead: a conjunction is refuted when
 * one conjunct is, a disjunction when every disjunct is (each a weaker
 * target than p, so the refutation still holds for p). */
static bool refute(se_ctx *c, const petri_pred *p, int64_t *x, bool *traps) {
  pred_dnf d = {0};
  if (pred_to_dnf(c->n, p, SE_MAX_CUBES, &d)) {
    c->dnf = &d;
    bool all = true;
    for (size_t i = 0; i < d.n && all; i++) all = cube_refuted(c, i, x, traps);
    c->dnf = NULL;
    pred_dnf_free(&d);
    return all;
  }
  if (petri_limits_expired(c->lim)) return false;
  if (p->op == PRED_AND) {
    for (uint32_t i = 0; i < p->n; i++)
      if (refute(c, p->kids[i], x, traps)) return true;
    return false;
  }
  if (p->op == PRED_OR) {
    for (uint32_t i = 0; i < p->n; i++)
      if (!refute(c, p->kids[i], x, traps)) return false;
    return true;
  }
  return false;
}

petri_answer secegar_state_equation(const petri_net *n, const petri_pred *target, const petri_limits *l,
                                    petri_result *r) {
  static const petri_limits nolimits = {0};
  secegar_opts o = {SECEGAR_HYBRID, false};
  se_ctx c;
  memset(&c, 0, sizeof c);
  c.n = n;
  c.o = &o;
  c.lim = l ? l : &nolimits;
  glp_term_out(GLP_OFF);
  snprintf(r->technique, sizeof r->technique, "STATE_EQUATION");
  c.dead = calloc((size_t)n->ntrans + 1, sizeof *c.dead);
  int64_t *x = malloc(((size_t)n->ntrans + 1) * sizeof *x);
  bool refuted = false, traps = false;
  if (c.dead && x) {
    siphon_dead(n, c.dead);
    refuted = refute(&c, target, x, &traps);
  }
  free(x);
  free(c.dead);
  r->states = c.ilps;
  if (traps) snprintf(r->technique, sizeof r->technique, "STATE_EQUATION TRAPS");
  if (!refuted) snprintf(r->reason, sizeof r->reason, "state equation feasible");
  return r->answer = refuted ? PETRI_UNREACHABLE : PETRI_UNKNOWN;
}

petri_answer secegar_check(const petri_net *n, const petri_pred *target, const secegar_opts *o,
                           const petri_limits *l, petri_result *r) {
  se_ctx c;
  pred_dnf dnf = {0};
  se_fifo backlog = {0};
  petri_answer ans = PETRI_UNKNOWN;
  snprintf(r->technique, sizeof r->technique, "STATE_EQUATION CEGAR");
  if (!ctx_init(&c, n, target, o, l, &dnf, r)) return r->answer = PETRI_UNKNOWN;
  se_deadend dead[SE_MAX_DEADENDS];
  for (size_t i = 0; i < dnf.n; i++) enqueue(&c, child(NULL, i, NULL, 0), true, NULL);
  for (;;) {
    if (petri_limits_expired(c.lim)) { snprintf(r->reason, sizeof r->reason, "timeout"); break; }
    if (c.nomem) { snprintf(r->reason, sizeof r->reason, "out of memory"); break; }
    se_node *nd = heap_pop(&c);
    if (!nd && backlog.head < backlog.n) nd = backlog.a[backlog.head++];
    if (!nd) {
      if (c.skipped) snprintf(r->reason, sizeof r->reason, "partial solutions skipped");
      else ans = PETRI_UNREACHABLE;
      break;
    }
    size_t ndead = 0;
    real_status rs = realize(&c, nd->x, r, dead, &ndead);
    if (rs == REAL_FOUND) {
      for (size_t i = 0; i < ndead; i++) { free(dead[i].m); free(dead[i].r); }
      ans = PETRI_REACHABLE;
      node_free(nd);
      break;
    }
    if (rs == REAL_INCOMPLETE) c.skipped = true;
    for (size_t i = 0; i < ndead; i++) increment_children(&c, nd, &dead[i]);
    for (size_t i = 0; i < ndead; i++) { free(dead[i].m); free(dead[i].r); }
    cover_children(&c, nd, &backlog);
    node_free(nd);
  }
  for (size_t i = backlog.head; i < backlog.n; i++) node_free(backlog.a[i]);
  free(backlog.a);
  r->states = c.ilps;
  ctx_free(&c, &dnf);
  return r->answer = ans;
}
