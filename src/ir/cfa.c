#include "ir/cfa.h"
#include "ir/cfa_proc.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

void cfa_init(cfa *c, const char *name) {
  memset(c, 0, sizeof *c);
  c->name = xstrdup(name ? name : "cfa");
  c->init = c->error = c->final = CFA_NONE;
}

void cfa_stmts_free(cfa_stmt *s, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (s[i].kind == CFA_CHOICE) {
      for (uint32_t j = 0; j < s[i].nalts; j++) cfa_stmts_free(s[i].alts[j].stmts, s[i].alts[j].n);
      free(s[i].alts);
    }
  free(s);
}

static cfa_stmt *stmts_copy(const cfa_stmt *s, uint32_t n) {
  if (!n) return NULL;
  cfa_stmt *r = xmalloc(n * sizeof *r);
  memcpy(r, s, n * sizeof *r);
  for (uint32_t i = 0; i < n; i++) {
    if (r[i].kind != CFA_CHOICE) {
      r[i].alts = NULL;
      r[i].nalts = 0;
      continue;
    }
    r[i].alts = xmalloc((s[i].nalts + 1) * sizeof *r[i].alts);
    for (uint32_t j = 0; j < s[i].nalts; j++) {
      r[i].alts[j].n = s[i].alts[j].n;
      r[i].alts[j].stmts = stmts_copy(s[i].alts[j].stmts, s[i].alts[j].n);
    }
  }
  return r;
}

static void call_free(cfa_call *k) {
  if (!k) return;
  free(k->args);
  free(k);
}

static void loc_free_lists(cfa_loc *l) {
  free(l->out);
  free(l->in);
  l->out = l->in = NULL;
  l->nout = l->nin = 0;
}

void cfa_free(cfa *c) {
  for (uint32_t i = 0; i < c->nlocs; i++) {
    free(c->locs[i].name);
    loc_free_lists(&c->locs[i]);
  }
  for (uint32_t i = 0; i < c->nedges; i++) {
    cfa_stmts_free(c->edges[i].stmts, c->edges[i].nstmts);
    call_free(c->edges[i].call);
  }
  free(c->locs);
  free(c->edges);
  term_vec_free(&c->vars);
  term_map_free(&c->var_pos);
  free(c->name);
  memset(c, 0, sizeof *c);
}

uint32_t cfa_add_var(cfa *c, term_t v) {
  term_vec_push(&c->vars, v);
  if (!term_map_has(&c->var_pos, v)) term_map_put(&c->var_pos, v, (int32_t)(c->vars.size - 1));
  return c->vars.size - 1;
}

uint32_t cfa_var_index(const cfa *c, term_t v) {
  int32_t k = v == NULL_TERM ? -1 : term_map_get(&c->var_pos, v);
  return k < 0 ? CFA_NONE : (uint32_t)k;
}

uint32_t cfa_add_loc(cfa *c, const char *name) {
  size_t cap = c->cap_locs;
  XGROW(c->locs, cap, c->nlocs + 1);
  c->cap_locs = (uint32_t)cap;
  cfa_loc *l = &c->locs[c->nlocs];
  memset(l, 0, sizeof *l);
  l->name = xstrdup(name);
  return c->nlocs++;
}

uint32_t cfa_find_loc(const cfa *c, const char *name) {
  for (uint32_t i = 0; i < c->nlocs; i++)
    if (strcmp(c->locs[i].name, name) == 0) return i;
  return CFA_NONE;
}

uint32_t cfa_add_edge(cfa *c, uint32_t src, uint32_t dst, const cfa_stmt *stmts, uint32_t n) {
  size_t cap = c->cap_edges;
  XGROW(c->edges, cap, c->nedges + 1);
  c->cap_edges = (uint32_t)cap;
  cfa_edge *e = &c->edges[c->nedges];
  e->src = src;
  e->dst = dst;
  e->nstmts = n;
  e->stmts = stmts_copy(stmts, n);
  e->formula = NULL_TERM;
  e->call = NULL;
  return c->nedges++;
}

void cfa_index(cfa *c) {
  c->init = c->error = c->final = CFA_NONE;
  for (uint32_t i = 0; i < c->nlocs; i++) {
    cfa_loc *l = &c->locs[i];
    loc_free_lists(l);
    if (l->is_init) c->init = i;
    if (l->is_error) c->error = i;
    if (l->is_final) c->final = i;
  }
  for (uint32_t e = 0; e < c->nedges; e++) {
    c->locs[c->edges[e].src].nout++;
    c->locs[c->edges[e].dst].nin++;
  }
  for (uint32_t i = 0; i < c->nlocs; i++) {
    cfa_loc *l = &c->locs[i];
    l->out = xmalloc((l->nout + 1) * sizeof *l->out);
    l->in = xmalloc((l->nin + 1) * sizeof *l->in);
    l->nout = l->nin = 0;
  }
  for (uint32_t e = 0; e < c->nedges; e++) {
    cfa_loc *s = &c->locs[c->edges[e].src], *d = &c->locs[c->edges[e].dst];
    s->out[s->nout++] = e;
    d->in[d->nin++] = e;
  }
}

/* Drops the locations and edges marked dead, renumbering the rest. */
static void compact(cfa *c, const bool *dead_loc, const bool *dead_edge) {
  uint32_t *map = xmalloc((c->nlocs + 1) * sizeof *map);
  uint32_t n = 0;
  for (uint32_t i = 0; i < c->nlocs; i++) {
    if (dead_loc[i]) {
      free(c->locs[i].name);
      loc_free_lists(&c->locs[i]);
      map[i] = CFA_NONE;
    } else {
      map[i] = n;
      c->locs[n++] = c->locs[i];
    }
  }
  c->nlocs = n;
  uint32_t m = 0;
  for (uint32_t e = 0; e < c->nedges; e++) {
    cfa_edge ed = c->edges[e];
    if (dead_edge[e] || map[ed.src] == CFA_NONE || map[ed.dst] == CFA_NONE) {
      cfa_stmts_free(ed.stmts, ed.nstmts);
      call_free(ed.call);
      continue;
    }
    ed.src = map[ed.src];
    ed.dst = map[ed.dst];
    c->edges[m++] = ed;
  }
  c->nedges = m;
  free(map);
  cfa_index(c);
}

/* Statements in a list, counting inside choices. */
static size_t stmts_size(const cfa_stmt *s, uint32_t n) {
  size_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    k++;
    if (s[i].kind == CFA_CHOICE)
      for (uint32_t j = 0; j < s[i].nalts; j++) k += stmts_size(s[i].alts[j].stmts, s[i].alts[j].n);
  }
  return k;
}

#define HOIST_MAX 20000

/* The large-block encoding's working state: dead flags, and per location
 * the edges into and out of it in increasing index order (dead ones
 * skipped when read), kept up to date as edges are added, so that each
 * round is linear in the edges rather than in locations times edges. */
typedef struct {
  uint32_t *v;
  uint32_t n, cap;
} edge_list;
typedef struct {
  cfa *c;
  bool *dead_loc, *dead_edge;
  size_t *size;   /* per edge: stmts_size of its statements */
  size_t ecap;
  edge_list *in, *out;
} lbe_state;

static void list_push(edge_list *l, uint32_t e) {
  if (l->n == l->cap) l->v = xrealloc(l->v, (l->cap = l->cap ? 2 * l->cap : 4) * sizeof *l->v);
  l->v[l->n++] = e;
}

/* Adds an edge that takes over stmts[0..n) (malloc'd, owned from now on). */
static uint32_t add_edge(lbe_state *S, uint32_t src, uint32_t dst, cfa_stmt *stmts, uint32_t n, size_t size) {
  uint32_t ne = cfa_add_edge(S->c, src, dst, NULL, 0);
  S->c->edges[ne].stmts = stmts;
  S->c->edges[ne].nstmts = n;
  size_t cap = S->ecap;
  XGROW(S->dead_edge, S->ecap, (size_t)ne + 1);
  XGROW(S->size, cap, (size_t)ne + 1);
  S->dead_edge[ne] = false;
  S->size[ne] = size;
  list_push(&S->out[src], ne);
  list_push(&S->in[dst], ne);
  return ne;
}

/* Edge e's statements for a new edge: taken over when e dies with this
 * merge (moving rather than copying keeps merging nested choices linear),
 * else copied. */
static cfa_stmt *take_stmts(lbe_state *S, uint32_t e, bool take) {
  cfa_edge *x = &S->c->edges[e];
  if (!take) return stmts_copy(x->stmts, x->nstmts);
  cfa_stmt *s = x->stmts;
  x->stmts = NULL;
  x->nstmts = 0;
  return s;
}

/* Adds the edge a;b (from a's source to b's target) unless it would have
 * more than max statements (0: no bound); take_a, take_b: a or b dies
 * with this merge. */
static bool join_edges(lbe_state *S, uint32_t a, uint32_t b, size_t max, bool take_a, bool take_b) {
  const cfa_edge *x = &S->c->edges[a], *y = &S->c->edges[b];
  size_t size = S->size[a] + S->size[b];
  if (max && size > max) return false;
  uint32_t na = x->nstmts, nb = y->nstmts, src = x->src, dst = y->dst;
  cfa_stmt *s = xmalloc((na + nb + 1) * sizeof *s);
  cfa_stmt *sa = take_stmts(S, a, take_a), *sb = take_stmts(S, b, take_b);
  if (na) memcpy(s, sa, na * sizeof *s);
  if (nb) memcpy(s + na, sb, nb * sizeof *s);
  free(sa), free(sb);   /* the arrays only: their choices live on in s */
  add_edge(S, src, dst, s, na + nb, size);
  return true;
}

/* Locations unreachable from init go first: they are irrelevant to
 * safety, and without them error hoisting cannot bounce between the
 * locations of a cycle that has no way in. */
static void drop_unreachable(lbe_state *S) {
  cfa *c = S->c;
  bool *seen = xcalloc(c->nlocs + 1, sizeof(bool));
  uint32_t *stack = xmalloc((c->nlocs + 1) * sizeof *stack), top = 0;
  seen[c->init] = true;
  stack[top++] = c->init;
  while (top) {
    const cfa_loc *L = &c->locs[stack[--top]];
    for (uint32_t i = 0; i < L->nout; i++) {
      uint32_t d = c->edges[L->out[i]].dst;
      if (!seen[d]) { seen[d] = true; stack[top++] = d; }
    }
  }
  for (uint32_t l = 0; l < c->nlocs; l++)
    if (!seen[l] && !c->locs[l].is_error && !c->locs[l].is_final) S->dead_loc[l] = true;
  for (uint32_t e = 0; e < c->nedges; e++)
    if (!seen[c->edges[e].src]) S->dead_edge[e] = true;
  free(stack);
  free(seen);
}

/* l's one live edge in and one out when l can be inside a chain: not
 * init, error or final, no self loop, no call. */
static bool chain_link(const lbe_state *S, uint32_t l, uint32_t *in, uint32_t *out) {
  const cfa *c = S->c;
  const cfa_loc *L = &c->locs[l];
  if (S->dead_loc[l] || L->is_init || L->is_error || L->is_final) return false;
  uint32_t nin = 0, nout = 0;
  for (uint32_t i = 0; i < S->in[l].n; i++)
    if (!S->dead_edge[S->in[l].v[i]]) *in = S->in[l].v[i], nin++;
  for (uint32_t i = 0; i < S->out[l].n; i++)
    if (!S->dead_edge[S->out[l].v[i]]) *out = S->out[l].v[i], nout++;
  if (nin != 1 || nout != 1 || *in == *out) return false;
  const cfa_edge *a = &c->edges[*in], *b = &c->edges[*out];
  return a->src != l && b->dst != l && !a->call && !b->call;
}

/* A chain of locations with one edge in and one out becomes one edge,
 * built at once: joining it link by link copied the growing statement
 * list each time (quadratic in a long inlined chain). A chain that is a
 * whole cycle becomes a self loop. Each chain's edge is added when the
 * pass over the locations reaches its last inner location, where the link
 * by link joins added it: the edges keep their order (and so the formulas
 * their terms). */
static bool merge_chains(lbe_state *S) {
  cfa *c = S->c;
  uint32_t *last = xmalloc((c->nlocs + 1) * sizeof *last);   /* per chain start: its last inner location */
  bool *inner = xcalloc(c->nlocs + 1, sizeof *inner), changed = false;
  for (uint32_t l = 0; l < c->nlocs; l++) last[l] = CFA_NONE;
  uint32_t *starts = xmalloc((c->nlocs + 1) * sizeof *starts), *firsts = xmalloc((c->nlocs + 1) * sizeof *firsts);
  uint32_t nchains = 0, i2, o2;
  for (uint32_t l = 0; l < c->nlocs; l++) {   /* find each chain once */
    uint32_t in, out, first, start;
    if (inner[l] || !chain_link(S, l, &in, &out)) continue;
    for (first = in, start = c->edges[in].src; start != l && chain_link(S, start, &i2, &o2);)
      first = i2, start = c->edges[i2].src;
    if (start == l)   /* a cycle: its highest location stays, as with link by link joins */
      for (uint32_t e = out, d; (d = c->edges[e].dst) != l; e = o2) {
        chain_link(S, d, &i2, &o2);
        if (d > start) start = d, first = o2;
      }
    uint32_t max = 0;
    for (uint32_t e = first, d; (d = c->edges[e].dst) != start && chain_link(S, d, &i2, &o2); e = o2)
      inner[d] = true, max = d > max ? d : max;
    last[max] = nchains, starts[nchains] = start, firsts[nchains++] = first;
  }
  uint32_t *chain = NULL;
  size_t cap = 0;
  for (uint32_t l = 0; l < c->nlocs; l++) {
    if (last[l] == CFA_NONE) continue;
    uint32_t start = starts[last[l]];
    size_t n = 0, size = 0;
    uint32_t nst = 0;
    for (uint32_t e = firsts[last[l]];;) {
      XGROW(chain, cap, n + 1);
      chain[n++] = e;
      size += S->size[e], nst += c->edges[e].nstmts;
      uint32_t d = c->edges[e].dst;
      if (d == start || !chain_link(S, d, &i2, &o2)) break;
      e = o2;
    }
    cfa_stmt *st = xmalloc((nst + 1) * sizeof *st);
    nst = 0;
    for (size_t k = 0; k < n; k++) {
      cfa_edge *x = &c->edges[chain[k]];
      if (x->nstmts) memcpy(st + nst, x->stmts, x->nstmts * sizeof *st);
      nst += x->nstmts;
      free(x->stmts);   /* the array only: its choices live on in st */
      x->stmts = NULL, x->nstmts = 0;
      S->dead_edge[chain[k]] = true;
      if (k + 1 < n) S->dead_loc[x->dst] = true;
    }
    add_edge(S, start, c->edges[chain[n - 1]].dst, st, nst, size);
    changed = true;
  }
  free(chain), free(last), free(inner), free(starts), free(firsts);
  return changed;
}

/* Error edges hoisted: when l's only way in is K -a-> l, an edge l -b->
 * error is the path K -a;b-> error, so l loses its error edge (and may
 * become a chain link). Error checks inside a loop body thus climb to the
 * loop head, and the body becomes one edge. Bounded so that long chains
 * of checks do not copy long prefixes too often. */
static bool hoist_errors(lbe_state *S) {
  cfa *c = S->c;
  bool changed = false;
  for (uint32_t l = 0; l < c->nlocs && c->error != CFA_NONE; l++) {
    if (S->dead_loc[l] || l == c->error || c->locs[l].is_init) continue;
    uint32_t in = CFA_NONE, nin = 0, nout = 0, nerr = 0, out = CFA_NONE;
    bool call = false;
    for (uint32_t i = 0; i < S->in[l].n; i++) {
      uint32_t e = S->in[l].v[i];
      if (S->dead_edge[e]) continue;
      in = e, nin++;
      call |= c->edges[e].call != NULL || c->edges[e].src == l;
    }
    for (uint32_t i = 0; i < S->out[l].n; i++) {
      uint32_t e = S->out[l].v[i];
      if (S->dead_edge[e]) continue;
      out = e, nout++;
      nerr += c->edges[e].dst == c->error;
      call |= c->edges[e].call != NULL;
    }
    if (nerr == 0 || call) continue;
    if (nin == 1) {   /* the error edges move up to the one predecessor (not l: no self loop) */
      for (uint32_t i = 0; i < S->out[l].n; i++) {
        uint32_t e = S->out[l].v[i];
        if (S->dead_edge[e] || c->edges[e].dst != c->error) continue;
        if (!join_edges(S, in, e, HOIST_MAX, false, true)) continue;
        S->dead_edge[e] = true;
        changed = true;
      }
    } else if (nin > 1 && nout == nerr && nout == 1) {
      /* a location that only leads into the error (the shared `ERROR:`
       * label): every way in becomes a way into the error */
      uint32_t n0 = S->in[l].n, left = 0;
      for (uint32_t i = 0; i < n0; i++) {
        uint32_t e = S->in[l].v[i];
        if (S->dead_edge[e]) continue;
        if (join_edges(S, e, out, HOIST_MAX, true, false)) S->dead_edge[e] = changed = true;
        else left++;
      }
      if (left == 0) S->dead_edge[out] = S->dead_loc[l] = true;   /* no way in is left */
    }
  }
  return changed;
}

/* Parallel edges: one CHOICE edge (alternatives of a CHOICE-only edge are
 * taken over, so choices stay flat). */
static bool merge_parallel(lbe_state *S) {
  cfa *c = S->c;
  bool changed = false;
  for (uint32_t e = 0; e < c->nedges; e++) {
    if (S->dead_edge[e]) continue;
    const edge_list *outs = &S->out[c->edges[e].src];
    for (uint32_t i = 0; i < outs->n; i++) {
      uint32_t f = outs->v[i];
      if (f <= e || S->dead_edge[f] || c->edges[f].dst != c->edges[e].dst) continue;
      if (c->edges[e].call || c->edges[f].call) continue;
      uint32_t na = 0, two[2] = {e, f};
      size_t size = 1;
      for (int k = 0; k < 2; k++) {
        const cfa_edge *x = &c->edges[two[k]];
        bool flat = x->nstmts == 1 && x->stmts[0].kind == CFA_CHOICE;
        na += flat ? x->stmts[0].nalts : 1;
        size += S->size[two[k]] - flat;
      }
      if (na > 2 * 64) continue;
      cfa_block *alts = xmalloc((na + 1) * sizeof *alts);
      na = 0;
      for (int k = 0; k < 2; k++) {   /* both edges die: their statements move over */
        cfa_edge *x = &c->edges[two[k]];
        if (x->nstmts == 1 && x->stmts[0].kind == CFA_CHOICE) {
          for (uint32_t j = 0; j < x->stmts[0].nalts; j++) alts[na++] = x->stmts[0].alts[j];
          free(x->stmts[0].alts);
          free(x->stmts);
        } else {
          alts[na++] = (cfa_block){x->stmts, x->nstmts};
        }
        x->stmts = NULL;
        x->nstmts = 0;
      }
      cfa_stmt *ch = xmalloc(sizeof *ch);
      *ch = (cfa_stmt){CFA_CHOICE, NULL_TERM, NULL_TERM, alts, na};
      uint32_t src = c->edges[e].src, dst = c->edges[e].dst;
      S->dead_edge[e] = S->dead_edge[f] = true;
      add_edge(S, src, dst, ch, 1, size);
      changed = true;
      break;
    }
  }
  return changed;
}

static void lbe(cfa *c, bool hoist) {
  cfa_index(c);
  lbe_state S = {c, xcalloc(c->nlocs + 1, sizeof(bool)), xcalloc(c->nedges + 1, sizeof(bool)),
                 xcalloc(c->nedges + 1, sizeof(size_t)), c->nedges + 1,
                 xcalloc(c->nlocs + 1, sizeof(edge_list)), xcalloc(c->nlocs + 1, sizeof(edge_list))};
  for (uint32_t e = 0; e < c->nedges; e++) {
    S.size[e] = stmts_size(c->edges[e].stmts, c->edges[e].nstmts);
    list_push(&S.out[c->edges[e].src], e);
    list_push(&S.in[c->edges[e].dst], e);
  }
  if (hoist && c->init != CFA_NONE) drop_unreachable(&S);
  for (bool changed = true; changed;) {
    changed = merge_chains(&S);
    if (hoist) changed |= hoist_errors(&S);
    changed |= merge_parallel(&S);
  }
  for (uint32_t l = 0; l < c->nlocs; l++) free(S.in[l].v), free(S.out[l].v);
  compact(c, S.dead_loc, S.dead_edge);
  free(S.in), free(S.out);
  free(S.dead_loc);
  free(S.dead_edge);
  free(S.size);
}

void cfa_lbe(cfa *c) { lbe(c, false); }
void cfa_lbe_hoisted(cfa *c) { lbe(c, true); }

void cfa_copy(const cfa *src, cfa *dst) {
  cfa_init(dst, src->name);
  dst->free_dead_joins = src->free_dead_joins;
  for (uint32_t i = 0; i < src->vars.size; i++) cfa_add_var(dst, src->vars.data[i]);
  for (uint32_t l = 0; l < src->nlocs; l++) {
    uint32_t k = cfa_add_loc(dst, src->locs[l].name);
    dst->locs[k].is_init = src->locs[l].is_init, dst->locs[k].is_error = src->locs[l].is_error;
    dst->locs[k].is_final = src->locs[l].is_final;
  }
  for (uint32_t e = 0; e < src->nedges; e++) {
    const cfa_edge *x = &src->edges[e];
    uint32_t k = cfa_add_edge(dst, x->src, x->dst, x->stmts, x->nstmts);
    if (x->call) {
      cfa_call *y = xmalloc(sizeof *y);
      *y = *x->call;
      y->args = xmalloc((x->call->nargs + 1) * sizeof *y->args);
      if (x->call->nargs) memcpy(y->args, x->call->args, x->call->nargs * sizeof *y->args);
      dst->edges[k].call = y;
    }
  }
  cfa_index(dst);
}

void cfa_error_distance(const cfa *c, uint32_t **dist) {
  uint32_t *d = xmalloc((c->nlocs + 1) * sizeof *d);
  uint32_t *queue = xmalloc((c->nlocs + 1) * sizeof *queue);
  for (uint32_t i = 0; i < c->nlocs; i++) d[i] = UINT32_MAX;
  uint32_t head = 0, tail = 0;
  if (c->error != CFA_NONE) {
    d[c->error] = 0;
    queue[tail++] = c->error;
  }
  while (head < tail) {
    uint32_t l = queue[head++];
    for (uint32_t i = 0; i < c->locs[l].nin; i++) {
      uint32_t s = c->edges[c->locs[l].in[i]].src;
      if (d[s] == UINT32_MAX) {
        d[s] = d[l] + 1;
        queue[tail++] = s;
      }
    }
  }
  free(queue);
  *dist = d;
}

void cfa_prune(cfa *c) {
  cfa_index(c);
  uint32_t *d;
  cfa_error_distance(c, &d);
  bool *dead_loc = xcalloc(c->nlocs + 1, sizeof(bool));
  bool *dead_edge = xcalloc(c->nedges + 1, sizeof(bool));
  for (uint32_t i = 0; i < c->nlocs; i++)
    dead_loc[i] = d[i] == UINT32_MAX && !c->locs[i].is_init;
  free(d);
  compact(c, dead_loc, dead_edge);
  free(dead_loc);
  free(dead_edge);
}

void cfa_print_stmt(FILE *out, const cfa_stmt *s) {
  switch (s->kind) {
  case CFA_ASSIGN:
    term_print_var_name(out, s->var);
    fputs(" := ", out);
    term_print(out, s->expr);
    break;
  case CFA_ASSUME:
    fputs("assume ", out);
    term_print(out, s->expr);
    break;
  case CFA_HAVOC:
    fputs("havoc ", out);
    term_print_var_name(out, s->var);
    break;
  case CFA_CHOICE:
    for (uint32_t j = 0; j < s->nalts; j++) {
      fputs(j ? " or {" : "{", out);
      for (uint32_t i = 0; i < s->alts[j].n; i++) {
        fputs(i ? "; " : " ", out);
        cfa_print_stmt(out, &s->alts[j].stmts[i]);
      }
      fputs(" }", out);
    }
    break;
  }
}

void cfa_print(FILE *out, const cfa *c) {
  fprintf(out, "main process %s {\n", c->name);
  for (uint32_t i = 0; i < c->vars.size; i++) {
    fputs("  var ", out);
    term_print_var_name(out, c->vars.data[i]);
    fputs(" : ", out);
    type_print(out, term_type(c->vars.data[i]));
    fputc('\n', out);
  }
  for (uint32_t i = 0; i < c->nlocs; i++) {
    const cfa_loc *l = &c->locs[i];
    fprintf(out, "  %s%sloc %s\n", l->is_init ? "init " : l->is_error ? "error " : "",
            l->is_final ? "final " : "", l->name);
  }
  for (uint32_t e = 0; e < c->nedges; e++) {
    const cfa_edge *ed = &c->edges[e];
    fprintf(out, "  %s -> %s {", c->locs[ed->src].name, c->locs[ed->dst].name);
    for (uint32_t i = 0; i < ed->nstmts; i++) {
      fputs(i ? "; " : " ", out);
      cfa_print_stmt(out, &ed->stmts[i]);
    }
    fputs(" }\n", out);
  }
  fputs("}\n", out);
}

bool cfa_acyclic(const cfa *c) {
  uint32_t *indeg = xcalloc(c->nlocs + 1, sizeof *indeg), *queue = xmalloc((c->nlocs + 1) * sizeof *queue);
  uint32_t head = 0, tail = 0;
  for (uint32_t e = 0; e < c->nedges; e++) indeg[c->edges[e].dst]++;
  for (uint32_t l = 0; l < c->nlocs; l++)
    if (!indeg[l]) queue[tail++] = l;
  while (head < tail) {
    uint32_t l = queue[head++];
    for (uint32_t i = 0; i < c->locs[l].nout; i++)
      if (--indeg[c->edges[c->locs[l].out[i]].dst] == 0) queue[tail++] = c->edges[c->locs[l].out[i]].dst;
  }
  free(indeg), free(queue);
  return tail == c->nlocs;
}
