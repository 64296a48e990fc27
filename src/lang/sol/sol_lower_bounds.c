/* Interval bounds at loop heads (modular mode): the invariants Boogie's
 * abstract interpretation gives solc-verify for free. Boogie's interval
 * domain tracks scalar local variables (state variables are maps there)
 * and widens to thresholds, the literals of the procedure's comparisons
 * +-1; so its bound on a local at a loop head is a threshold or the
 * local's value on entry. zeta generates those bounds as candidates: each
 * is checked on loop entry and kept by one iteration, and assumed at the
 * head; the driver (sol_modular.c) drops the ones that fail and lowers
 * again until all hold (Houdini), so nothing unproven is assumed. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/sol/sol_lower_int.h"
#include "lang/sol/sol_vc.h"

#define LIT_MAX 48

/* the integer literals under n (from their type: hex, units, exponents) */
static void literals(const cJSON *n, long *lit, int *nlit) {
  if (!n) return;
  if (cJSON_IsObject(n) && strcmp(sol_kind(n), "Literal") == 0 && strcmp(sol_str(n, "kind"), "number") == 0) {
    const char *t = sol_type_string(n), *p = strncmp(t, "int_const ", 10) == 0 ? t + 10 : NULL;
    char *end;
    long v = p ? strtol(p, &end, 10) : 0;
    if (p && *end == '\0' && v > LONG_MIN / 4 && v < LONG_MAX / 4 && *nlit < LIT_MAX) {
      bool seen = false;
      for (int i = 0; i < *nlit; i++) seen |= lit[i] == v;
      if (!seen) lit[(*nlit)++] = v;
    }
  }
  for (const cJSON *x = n->child; x; x = x->next)
    if (cJSON_IsObject(x) || cJSON_IsArray(x)) literals(x, lit, nlit);
}

/* the local variable declaration of frame slot q, or NULL */
static const cJSON *local_of(lw *L, uint32_t q) {
  for (int id = 0; id < L->a->nids; id++)
    if (L->F->slot_of[id] == (int)q) {
      const cJSON *d = sol_node(L->a, id);
      return is(d, "VariableDeclaration") && !sol_bool(d, "stateVariable") ? d : NULL;
    }
  return NULL;
}

static term_t cand_term(lw *L, const ctx *c, const bound_cand *b) {
  term_t v = c->cur[L->F->off[b->slot]];
  if (b->boolean) return b->upper ? term_not(v) : v;
  return b->upper ? term_le(v, term_int(b->bound)) : term_ge(v, term_int(b->bound));
}

static void add_cand(lw *L, bound_cand *out, uint32_t *n, uint32_t cap, const ctx *c, const cJSON *s, const cJSON *d, uint32_t q,
                     bool upper, bool boolean, long b) {
  uint32_t idx = L->ncand++;
  if (*n >= cap || (L->cands->dropped && idx < L->cands->n && L->cands->dropped[idx])) return;
  if (L->cands->guarded) {   /* its ladder: the first candidate of this slot and direction here */
    sol_chc *o = L->out;
    if (o->caprungs <= idx) {
      uint32_t cap2 = 2 * idx + 16;
      o->rungs = xrealloc(o->rungs, cap2 * sizeof *o->rungs);
      memset(o->rungs + o->caprungs, 0, (cap2 - o->caprungs) * sizeof *o->rungs);
      o->caprungs = cap2;
    }
    uint32_t first = idx;
    for (uint32_t i = 0; i < *n && !boolean; i++)
      if (!out[i].boolean && out[i].slot == (int)q && out[i].upper == upper) { first = out[i].idx; break; }
    o->rungs[idx] = (sol_rung){boolean ? 0 : first + 1, b, upper};
  }
  bound_cand *x = &out[(*n)++];
  *x = (bound_cand){(int)q, upper, boolean, b, idx, NULL};
  char buf[160];
  if (boolean) snprintf(buf, sizeof buf, "%s%s", upper ? "!" : "", sol_str(d, "name"));
  else snprintf(buf, sizeof buf, "%s %s %ld", sol_str(d, "name"), upper ? "<=" : ">=", b);
  x->text = strcpy(aralloc(L, strlen(buf) + 1), buf);
  uint32_t k = new_site(L, SITE_LOOP_ENTRY, -1, s, x->text);
  L->out->sites[k].cand = idx + 1;
  check_at(L, c, NULL, cand_term(L, c, x), k);
}

bound_cand *bounds_entry(lw *L, const ctx *c, const cJSON *s, const bool *w, uint32_t *n) {
  *n = 0;
  if (!L->cands || L->exact || c->dead) return NULL;
  frame *F = L->F;
  if (F != L->top) L->out->cut_opaque = true;   /* solc-verify's callee: not covered */
  /* a havocked sum needs nothing here: its ghost has the type of
   * solc-verify's shadow variable (unbounded in int mode, else the sum
   * function's range), a map entry there that Boogie's intervals skip */
  long lit[LIT_MAX];
  int nlit = 0;
  literals(F->fn ? F->fn : s, lit, &nlit);
  literals(s, lit, &nlit);
  uint32_t cap = 256;
  bound_cand *out = aralloc(L, cap * sizeof *out);
  for (uint32_t q = 0; q < F->nslots; q++) {
    if (!w[q]) continue;
    const ty *t = F->sty[q];
    if (!t || t->nl != 1 || (t->k != T_INT && t->k != T_BOOL) || (t->k == T_INT && (t->bits == 0 || t->fb || t->opaque))) continue;
    const cJSON *d = local_of(L, q);
    if (!d) continue;
    term_t v0 = c->cur[F->off[q]];
    bool known = term_is_const(v0) && (t->k == T_BOOL || term_rat_is_int(v0));
    long e = 0;
    if (known && t->k == T_INT) {
      mpq_t r;
      mpq_init(r);
      term_rat_value(v0, r);
      known = mpz_fits_slong_p(mpq_numref(r));
      if (known) e = mpz_get_si(mpq_numref(r));
      mpq_clear(r);
    } else if (known) e = term_is_true(v0);
    /* a computed entry value: Boogie's bound may be that value's bound,
     * which no candidate covers */
    if (!known && !term_is_var(v0)) L->out->cut_opaque = true;
    if (t->k == T_BOOL) {
      for (int u = 0; u < 2; u++)
        if (!known || e == !u) add_cand(L, out, n, cap, c, s, d, q, u, true, 0);
      continue;
    }
    long tmin = LONG_MIN, tmax = LONG_MAX;
    if (t->emax >= 0) tmin = 0, tmax = t->emax;
    else if (!t->sign) tmin = 0, tmax = t->bits < 63 ? (1L << t->bits) - 1 : LONG_MAX;
    else if (t->bits < 63) tmin = -(1L << (t->bits - 1)), tmax = (1L << (t->bits - 1)) - 1;
    /* thresholds: -1, 0, 1, each literal +-1, the entry value */
    long th[3 * LIT_MAX + 4];
    int nth = 0;
    th[nth++] = -1, th[nth++] = 0, th[nth++] = 1;
    for (int i = 0; i < nlit; i++) th[nth++] = lit[i] - 1, th[nth++] = lit[i], th[nth++] = lit[i] + 1;
    if (known) th[nth++] = e;
    for (int u = 0; u < 2; u++)
      for (int i = 0; i < nth; i++) {
        long b = th[i];
        bool dup = false;
        for (int j = 0; j < i; j++) dup |= th[j] == b;
        if (dup || (u ? b >= tmax : b <= tmin) || (known && (u ? b < e : b > e))) continue;
        add_cand(L, out, n, cap, c, s, d, q, u, false, b);
      }
  }
  return out;
}

term_t sol_cand_guard(uint32_t idx) {
  char name[64];
  snprintf(name, sizeof name, SOL_GLOBAL_PREFIX "cand%u", idx);
  return term_var(name, type_bool());
}

void bounds_assume(lw *L, ctx *c, const bound_cand *b, uint32_t n) {
  for (uint32_t i = 0; i < n && !c->dead; i++) {
    term_t t = cand_term(L, c, &b[i]);
    add_cons(L, c, L->cands->guarded ? term_implies(sol_cand_guard(b[i].idx), t) : t);
  }
}

void bounds_keep(lw *L, const ctx *c, const cJSON *s, const bound_cand *b, uint32_t n) {
  for (uint32_t i = 0; i < n && !c->dead; i++) {
    uint32_t k = new_site(L, SITE_LOOP_KEEP, -1, s, b[i].text);
    L->out->sites[k].cand = b[i].idx + 1;
    check_at(L, c, NULL, cand_term(L, c, &b[i]), k);
  }
}
