/* Backward liveness (cfa_live.h). cfa_live_vars summarizes each edge once
 * as gen/kill bit sets (live before = gen ∪ (live after \ kill); a choice:
 * the union of its alternatives' gens, the intersection of their kills),
 * then iterates the locations to a fixpoint over words of 64 variables: a
 * CFA of inlined calls has thousands of variables and locations, where
 * walking the statements on every pass was quadratic. */
#include "ir/cfa_live.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

typedef uint64_t word;
#define WBITS 64

static void set_bit(word *s, uint32_t v) { s[v / WBITS] |= (word)1 << (v % WBITS); }
static void clear_bit(word *s, uint32_t v) { s[v / WBITS] &= ~((word)1 << (v % WBITS)); }

/* calls f(v) for each CFA variable v read by t */
static void reads(const cfa *c, term_t t, void (*f)(void *, uint32_t), void *ctx) {
  term_t *fv;
  uint32_t n = term_free_vars(t, &fv);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t v = term_var_index(fv[i]) == 0 ? cfa_var_index(c, fv[i]) : CFA_NONE;
    if (v != CFA_NONE) f(ctx, v);
  }
  free(fv);
}

static void read_into_bools(void *set, uint32_t v) { ((bool *)set)[v] = true; }
static void read_into_words(void *set, uint32_t v) { set_bit(set, v); }

void cfa_live_back(const cfa *c, const cfa_stmt *st, uint32_t n, bool *set,
                   void (*at_choice)(const cfa_stmt *s, const bool *after, void *ctx), void *ctx) {
  uint32_t nv = c->vars.size;
  for (uint32_t i = n; i-- > 0;) {
    const cfa_stmt *s = &st[i];
    uint32_t v = s->var == NULL_TERM ? CFA_NONE : cfa_var_index(c, s->var);
    switch (s->kind) {
    case CFA_ASSIGN:
      if (v != CFA_NONE) set[v] = false;
      reads(c, s->expr, read_into_bools, set);
      break;
    case CFA_HAVOC:
      if (v != CFA_NONE) set[v] = false;
      break;
    case CFA_ASSUME:
      reads(c, s->expr, read_into_bools, set);
      break;
    case CFA_CHOICE: {
      if (at_choice) at_choice(s, set, ctx);
      bool *acc = xcalloc(nv + 1, sizeof(bool)), *alt = xmalloc(nv + 1);
      for (uint32_t j = 0; j < s->nalts; j++) {
        memcpy(alt, set, nv);
        cfa_live_back(c, s->alts[j].stmts, s->alts[j].n, alt, at_choice, ctx);
        for (uint32_t k = 0; k < nv; k++) acc[k] |= alt[k];
      }
      if (s->nalts) memcpy(set, acc, nv);
      free(acc), free(alt);
      break;
    }
    }
  }
}

/* gen/kill of st[0..n) (w words each), statements taken backwards: a
 * statement (g1, k1) before the rest (g2, k2) gives g1 ∪ (g2 \ k1),
 * k1 ∪ k2. */
static void summarize(const cfa *c, const cfa_stmt *st, uint32_t n, word *gen, word *kill, uint32_t w) {
  memset(gen, 0, w * sizeof *gen), memset(kill, 0, w * sizeof *kill);
  word *ag = NULL, *ak = NULL, *cg = NULL, *ck = NULL;
  for (uint32_t i = n; i-- > 0;) {
    const cfa_stmt *s = &st[i];
    uint32_t v = s->var == NULL_TERM ? CFA_NONE : cfa_var_index(c, s->var);
    switch (s->kind) {
    case CFA_ASSIGN:
    case CFA_HAVOC:
      if (v != CFA_NONE) clear_bit(gen, v), set_bit(kill, v);
      if (s->kind == CFA_ASSIGN) reads(c, s->expr, read_into_words, gen);
      break;
    case CFA_ASSUME:
      reads(c, s->expr, read_into_words, gen);
      break;
    case CFA_CHOICE:
      if (!s->nalts) break;   /* no alternative: nothing changes (cfa_live_back) */
      if (!ag) ag = xmalloc(w * sizeof *ag), ak = xmalloc(w * sizeof *ak), cg = xmalloc(w * sizeof *cg),
               ck = xmalloc(w * sizeof *ck);
      memset(cg, 0, w * sizeof *cg), memset(ck, ~0, w * sizeof *ck);
      for (uint32_t j = 0; j < s->nalts; j++) {
        summarize(c, s->alts[j].stmts, s->alts[j].n, ag, ak, w);
        for (uint32_t k = 0; k < w; k++) cg[k] |= ag[k], ck[k] &= ak[k];
      }
      for (uint32_t k = 0; k < w; k++) gen[k] = cg[k] | (gen[k] & ~ck[k]), kill[k] |= ck[k];
      break;
    }
  }
  free(ag), free(ak), free(cg), free(ck);
}

bool *cfa_live_vars(const cfa *c) {
  uint32_t nv = c->vars.size, w = (nv + WBITS - 1) / WBITS + 1;
  word *gen = xcalloc((size_t)c->nedges * w + 1, sizeof *gen), *kill = xcalloc((size_t)c->nedges * w + 1, sizeof *kill);
  word *lw = xcalloc((size_t)c->nlocs * w + 1, sizeof *lw);
  for (uint32_t e = 0; e < c->nedges; e++) {
    const cfa_edge *ed = &c->edges[e];
    if (ed->call) memset(&gen[(size_t)e * w], ~0, w * sizeof *gen);   /* the callee reads everything */
    else summarize(c, ed->stmts, ed->nstmts, &gen[(size_t)e * w], &kill[(size_t)e * w], w);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t e = c->nedges; e-- > 0;) {
      const cfa_edge *ed = &c->edges[e];
      const word *g = &gen[(size_t)e * w], *k = &kill[(size_t)e * w], *dst = &lw[(size_t)ed->dst * w];
      word *src = &lw[(size_t)ed->src * w];
      for (uint32_t i = 0; i < w; i++) {
        word add = (g[i] | (dst[i] & ~k[i])) & ~src[i];
        if (add) src[i] |= add, changed = true;
      }
    }
  }
  bool *live = xcalloc((size_t)c->nlocs * nv + 1, sizeof(bool));
  for (uint32_t l = 0; l < c->nlocs; l++)
    for (uint32_t v = 0; v < nv; v++) live[(size_t)l * nv + v] = lw[(size_t)l * w + v / WBITS] >> (v % WBITS) & 1;
  free(gen), free(kill), free(lw);
  return live;
}
