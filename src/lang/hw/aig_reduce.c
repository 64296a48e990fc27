#include "lang/hw/aig_reduce.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

static inline uint8_t tval(const uint8_t *v, uint32_t lit) {
  uint8_t x = v[lit >> 1];
  return x == 2 ? 2 : (uint8_t)(x ^ (lit & 1));
}

/* Per latch: its constant (0/1) or 2. Start from every latch with a 0/1
 * reset at that value, all else unknown; drop a candidate whose
 * next-state value is not its own constant; repeat until none drops. The
 * survivors hold their values in every reachable state (induction over
 * the path length). */
static uint8_t *constant_latches(const aig *g, uint32_t *n) {
  uint8_t *c = xmalloc(g->nlatches + 1), *v = xmalloc((size_t)g->maxvar + 1);
  memset(v, 2, (size_t)g->maxvar + 1);
  v[0] = 0;
  for (uint32_t j = 0; j < g->nlatches; j++)
    c[j] = g->latches[j].reset == g->latches[j].lit ? 2 : (uint8_t)(g->latches[j].reset & 1);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t j = 0; j < g->nlatches; j++) v[g->latches[j].lit >> 1] = c[j];
    for (uint32_t i = 0; i < g->nands; i++) {
      const aig_and *a = &g->ands[i];
      uint8_t x = tval(v, a->rhs0), y = tval(v, a->rhs1);
      v[a->lhs >> 1] = (x == 0 || y == 0) ? 0 : (x == 1 && y == 1) ? 1 : 2;
    }
    for (uint32_t j = 0; j < g->nlatches; j++)
      if (c[j] != 2 && tval(v, g->latches[j].next) != c[j]) { c[j] = 2; changed = true; }
  }
  *n = 0;
  for (uint32_t j = 0; j < g->nlatches; j++) *n += c[j] != 2;
  free(v);
  return c;
}

/* ---- building the reduced circuit: and-gates hashed by their fan-ins ---- */
typedef struct {
  aig *o;
  uint32_t *key;   /* hash table: and-gate index + 1, 0 = empty */
  uint32_t mask;
  uint32_t cap_ands;
} builder;

static uint32_t mk_and(builder *b, uint32_t x, uint32_t y) {
  if (x > y) { uint32_t t = x; x = y; y = t; }
  if (x == 0 || (x ^ 1) == y) return 0;
  if (x == 1 || x == y) return y;
  uint32_t h = (x * 2654435761u ^ y * 40503u) & b->mask;
  for (;; h = (h + 1) & b->mask) {
    uint32_t e = b->key[h];
    if (!e) break;
    const aig_and *a = &b->o->ands[e - 1];
    if (a->rhs0 == y && a->rhs1 == x) return a->lhs;
  }
  aig *o = b->o;
  XGROW(o->ands, b->cap_ands, o->nands + 1);
  uint32_t lhs = 2 * ++o->maxvar;
  o->ands[o->nands++] = (aig_and){lhs, y, x};
  b->key[h] = o->nands;
  return lhs;
}

/* The circuit of bad literal `bad` of g reduced to its cone of influence,
 * with latches of constant value cval[j] (NULL: none) replaced, gates
 * simplified and hashed. src_latch/src_input receive each kept latch's and
 * input's index in g. */
static void build(const aig *g, uint32_t bad, const uint8_t *cval, aig *o, uint32_t *src_latch, uint32_t *src_input) {
  size_t nv = (size_t)g->maxvar + 1;
  uint32_t *latch_of = xcalloc(nv, sizeof *latch_of), *and_of = xcalloc(nv, sizeof *and_of);
  for (uint32_t j = 0; j < g->nlatches; j++) latch_of[g->latches[j].lit >> 1] = j + 1;
  for (uint32_t i = 0; i < g->nands; i++) and_of[g->ands[i].lhs >> 1] = i + 1;
  /* cone of influence: depth-first over fan-ins and next-state functions */
  uint8_t *coi = xcalloc(nv, 1);
  uint32_t *stack = xmalloc((nv + g->nconstraints + 2) * sizeof *stack), sp = 0;
  stack[sp++] = bad >> 1;
  for (uint32_t c = 0; c < g->nconstraints; c++) stack[sp++] = g->constraints[c] >> 1;
  while (sp > 0) {
    uint32_t v = stack[--sp];
    if (coi[v]) continue;
    coi[v] = 1;
    if (and_of[v]) {
      const aig_and *a = &g->ands[and_of[v] - 1];
      stack[sp++] = a->rhs0 >> 1;
      stack[sp++] = a->rhs1 >> 1;
    } else if (latch_of[v] && !(cval && cval[latch_of[v] - 1] != 2)) {
      stack[sp++] = g->latches[latch_of[v] - 1].next >> 1;
    }
  }
  aig_init(o);
  uint32_t *map = xcalloc(nv, sizeof *map);   /* variable of g -> literal of o */
  o->inputs = xmalloc((g->ninputs + 1) * sizeof *o->inputs);
  for (uint32_t i = 0; i < g->ninputs; i++)
    if (coi[g->inputs[i] >> 1]) {
      src_input[o->ninputs] = i;
      map[g->inputs[i] >> 1] = o->inputs[o->ninputs++] = 2 * ++o->maxvar;
    }
  o->latches = xmalloc((g->nlatches + 1) * sizeof *o->latches);
  for (uint32_t j = 0; j < g->nlatches; j++) {
    uint32_t v = g->latches[j].lit >> 1;
    if (!coi[v]) continue;
    if (cval && cval[j] != 2) { map[v] = cval[j]; continue; }
    src_latch[o->nlatches] = j;
    uint32_t lit = 2 * ++o->maxvar;
    map[v] = lit;
    o->latches[o->nlatches++] = (aig_latch){lit, 0, g->latches[j].reset == g->latches[j].lit ? lit : g->latches[j].reset};
  }
  builder b = {o, NULL, 0, 0};
  uint32_t size = 16;
  while (size < 2 * g->nands + 16) size *= 2;
  b.key = xcalloc(size, sizeof *b.key);
  b.mask = size - 1;
#define MAP(l) (map[(l) >> 1] ^ ((l) & 1))
  for (uint32_t i = 0; i < g->nands; i++) {
    const aig_and *a = &g->ands[i];
    if (coi[a->lhs >> 1]) map[a->lhs >> 1] = mk_and(&b, MAP(a->rhs0), MAP(a->rhs1));
  }
  for (uint32_t j = 0; j < o->nlatches; j++) o->latches[j].next = MAP(g->latches[src_latch[j]].next);
  o->nbad = 1;
  o->bad = xmalloc(sizeof *o->bad);
  o->bad[0] = MAP(bad);
  o->constraints = xmalloc((g->nconstraints + 1) * sizeof *o->constraints);
  for (uint32_t c = 0; c < g->nconstraints; c++)
    if (MAP(g->constraints[c]) != 1) o->constraints[o->nconstraints++] = MAP(g->constraints[c]);
#undef MAP
  free(b.key);
  free(map);
  free(coi);
  free(stack);
  free(latch_of);
  free(and_of);
}

void aig_reduce(const aig *g, uint32_t prop, aig_reduced *out) {
  memset(out, 0, sizeof *out);
  out->const_val = constant_latches(g, &out->nconst);
  /* once with the constants, once more for the cone of the simplified gates */
  aig first;
  uint32_t *l1 = xmalloc((g->nlatches + 1) * sizeof *l1), *i1 = xmalloc((g->ninputs + 1) * sizeof *i1);
  build(g, aig_property(g, prop), out->const_val, &first, l1, i1);
  out->latch_orig = xmalloc((first.nlatches + 1) * sizeof *out->latch_orig);
  out->input_orig = xmalloc((first.ninputs + 1) * sizeof *out->input_orig);
  build(&first, first.bad[0], NULL, &out->g, out->latch_orig, out->input_orig);
  for (uint32_t j = 0; j < out->g.nlatches; j++) out->latch_orig[j] = l1[out->latch_orig[j]];
  for (uint32_t i = 0; i < out->g.ninputs; i++) out->input_orig[i] = i1[out->input_orig[i]];
  aig_free(&first);
  free(l1);
  free(i1);
}

void aig_reduced_free(aig_reduced *r) {
  aig_free(&r->g);
  free(r->latch_orig);
  free(r->input_orig);
  free(r->const_val);
  memset(r, 0, sizeof *r);
}
