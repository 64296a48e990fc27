/* Backward liveness (cfa_live.h): per edge, the statements in reverse
 * (a choice: the union of its alternatives), to a fixpoint over the
 * locations. */
#include "ir/cfa_live.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

static void reads(const cfa *c, term_t t, bool *set) {
  term_t *fv;
  uint32_t n = term_free_vars(t, &fv);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t v = term_var_index(fv[i]) == 0 ? cfa_var_index(c, fv[i]) : CFA_NONE;
    if (v != CFA_NONE) set[v] = true;
  }
  free(fv);
}

void cfa_live_back(const cfa *c, const cfa_stmt *st, uint32_t n, bool *set,
                   void (*at_choice)(const cfa_stmt *s, const bool *after, void *ctx), void *ctx) {
  uint32_t nv = c->vars.size;
  for (uint32_t i = n; i-- > 0;) {
    const cfa_stmt *s = &st[i];
    uint32_t v = s->var == NULL_TERM ? CFA_NONE : cfa_var_index(c, s->var);
    switch (s->kind) {
    case CFA_ASSIGN:
      if (v != CFA_NONE) set[v] = false;
      reads(c, s->expr, set);
      break;
    case CFA_HAVOC:
      if (v != CFA_NONE) set[v] = false;
      break;
    case CFA_ASSUME:
      reads(c, s->expr, set);
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

bool *cfa_live_vars(const cfa *c) {
  uint32_t nv = c->vars.size;
  bool *live = xcalloc((size_t)c->nlocs * nv + 1, sizeof(bool)), *t = xmalloc(nv + 1);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t e = c->nedges; e-- > 0;) {
      const cfa_edge *ed = &c->edges[e];
      if (ed->call) memset(t, 1, nv);
      else {
        memcpy(t, &live[(size_t)ed->dst * nv], nv);
        cfa_live_back(c, ed->stmts, ed->nstmts, t, NULL, NULL);
      }
      bool *src = &live[(size_t)ed->src * nv];
      for (uint32_t i = 0; i < nv; i++)
        if (t[i] && !src[i]) src[i] = true, changed = true;
    }
  }
  free(t);
  return live;
}
