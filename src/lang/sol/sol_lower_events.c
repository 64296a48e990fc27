/* Modular mode: events with specifications, as solc-verify tracks them.
 * An event's data are the state variables of its tracks-changes-in targets
 * and of its pre- and postconditions. Per tracked variable d two ghost
 * state variables: old(d), its value before the first change since the
 * last checkpoint, and saved(d). A function may change d only if it
 * declares (`emits`) an event tracking d: the first change saves the old
 * value. At `emit E(args)`: some datum of E changed (unless E allows
 * emits without change), E's preconditions hold of the saved values, its
 * postconditions of the current ones (parameters bound to the arguments,
 * __verifier_before_* reads the saved values); then E's data are no longer
 * saved. A function that emits E starts and must end with nothing of E
 * saved, and so must each iteration of its loops. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/sol/sol_annot.h"
#include "lang/sol/sol_lower_int.h"

static int old_id(lw *L, int k) { return L->a->nids + GHOST_EV + 2 * k; }

/* the tracked index of state variable declaration id, or -1 */
static int tracked(lw *L, int id) {
  for (uint32_t k = 0; k < L->nevd; k++)
    if (L->evd[k] == id) return (int)k;
  return -1;
}

/* the state variable at the root of place expression x (or -1) */
static int root_var(lw *L, const cJSON *x) {
  while (is(x, "IndexAccess") || is(x, "MemberAccess")) x = child(x, is(x, "IndexAccess") ? "baseExpression" : "expression");
  const cJSON *d = is(x, "Identifier") ? decl_of(L, x) : NULL;
  return is(d, "VariableDeclaration") && sol_bool(d, "stateVariable") ? nid(L, d) : -1;
}

static void add_datum(lw *L, int e, int id) {
  if (id < 0) return;
  int k = tracked(L, id);
  if (k < 0) {
    if (L->nevd == EVD_MAX) unsup(L, L->ev[e].def, "events tracking many variables");
    k = (int)L->nevd;
    L->evd[L->nevd++] = id;
  }
  for (int i = 0; i < L->ev[e].ndata; i++)
    if (L->ev[e].data[i] == k) return;
  L->ev[e].data[L->ev[e].ndata++] = k;
}

/* the state variables read in expression x */
static void reads(lw *L, int e, const cJSON *x) {
  if (is(x, "Identifier")) {
    const cJSON *d = decl_of(L, x);
    if (is(d, "VariableDeclaration") && sol_bool(d, "stateVariable") && !sol_bool(d, "constant")) add_datum(L, e, nid(L, d));
  }
  for (const cJSON *c = x ? x->child : NULL; c; c = c->next)
    if (cJSON_IsObject(c) || cJSON_IsArray(c)) reads(L, e, c);
}

/* The events of the root's linearization that have a specification (the
 * synthetic functions __zeta_ev_<name>), their data, its ghosts. */
void ev_setup(lw *L) {
  L->nev = L->nevd = 0;
  for (int i = 0; i < L->nlin; i++) {
    const cJSON *ct = sol_node(L->a, L->lin[i]);
    for (const cJSON *f = first(ct, "nodes"); f; f = f->next) {
      if (!is(f, "FunctionDefinition") || strncmp(sol_str(f, "name"), "__zeta_ev_", 10) != 0) continue;
      const cJSON *def = NULL;
      for (const cJSON *n = first(ct, "nodes"); n; n = n->next)
        if (is(n, "EventDefinition") && strcmp(sol_str(n, "name"), sol_str(f, "name") + 10) == 0 && same_param_types(n, f)) def = n;
      if (!def) continue;
      if (L->nev == EV_MAX) unsup(L, def, "many events with specifications");
      int e = (int)L->nev++;
      L->ev[e].def = def;
      L->ev[e].spec = f;
      L->ev[e].ndata = 0;
      L->ev[e].strict = true;
      for (const cJSON *x = first(child(f, "body"), "statements"); x; x = x->next) {
        int k;
        const char *mk = sol_annot_marker(x, &k);
        if (!mk) continue;
        if (strcmp(mk, "skip") == 0) unsup(L, def, "an event's annotation");
        if (strcmp(mk, "nochange") == 0) L->ev[e].strict = false;
        if (strcmp(mk, "track") == 0 && x->next) add_datum(L, e, root_var(L, child(x->next, "expression")));
        if (strcmp(mk, "pre") == 0 || strcmp(mk, "post") == 0) reads(L, e, marker_arg(x, 1));
      }
    }
  }
  for (uint32_t k = 0; k < L->nevd; k++) {
    add_state_var(L, old_id(L, (int)k), ty_of_decl(L, sol_node(L->a, L->evd[k])));
    add_state_var(L, old_id(L, (int)k) + 1, bool_ty(L));
  }
}

static term_t *ghost(lw *L, const ctx *c, int k, int which) { return &c->cur[L->F->off[L->F->slot_of[old_id(L, k) + which]]]; }

/* whether the events fn declares (`emits`) include event e */
static bool emits(lw *L, const cJSON *fn, int e) {
  for (const cJSON *x = fn_markers(fn); x; x = next_marker(x)) {
    int n;
    const char *mk = sol_annot_marker(x, &n);
    if (!mk) break;
    if (strcmp(mk, "emits") == 0 && strcmp(sol_str(marker_arg(x, 1), "value"), sol_str(L->ev[e].def, "name")) == 0) return true;
  }
  return false;
}

/* nothing of event e's data is saved */
static term_t clear(lw *L, const ctx *c, int e) {
  term_t r = term_true();
  for (int i = 0; i < L->ev[e].ndata; i++) r = term_and2(r, term_not(*ghost(L, c, L->ev[e].data[i], 1)));
  return r;
}

void ev_entry(lw *L, ctx *c, const cJSON *fn, bool top) {
  for (uint32_t e = 0; e < L->nev; e++) {
    if (!L->ev[e].ndata || !emits(L, fn, (int)e)) continue;
    if (!top) check_at(L, c, NULL, clear(L, c, (int)e), new_site(L, SITE_EV_CALL, -1, L->ev[e].def, sol_str(L->ev[e].def, "name")));
    add_cons(L, c, clear(L, c, (int)e));
  }
}

void ev_exit(lw *L, const ctx *c, const cJSON *fn) {
  for (uint32_t e = 0; e < L->nev; e++)
    if (L->ev[e].ndata && emits(L, fn, (int)e))
      check_at(L, c, NULL, clear(L, c, (int)e), new_site(L, SITE_EV_END, -1, L->ev[e].def, sol_str(L->ev[e].def, "name")));
}

void ev_exit_assume(lw *L, ctx *c, const cJSON *fn) {
  for (uint32_t e = 0; e < L->nev; e++)
    if (L->ev[e].ndata && emits(L, fn, (int)e)) add_cons(L, c, clear(L, c, (int)e));
}

void ev_loop(lw *L, ctx *c, const cJSON *s, sol_site_kind kind, bool assume) {
  const cJSON *fn = L->F->fn;
  for (uint32_t e = 0; e < L->nev && fn; e++) {
    if (!L->ev[e].ndata || !emits(L, fn, (int)e)) continue;
    if (assume) { add_cons(L, c, clear(L, c, (int)e)); continue; }
    char *what = aralloc(L, 200);
    snprintf(what, 200, "event %s must be triggered if event tracked data was modified", sol_str(L->ev[e].def, "name"));
    check_at(L, c, NULL, clear(L, c, (int)e), new_site(L, kind, -1, s, what));
  }
}

void ev_written(lw *L, bool *w) {
  for (uint32_t k = 0; k < L->nevd; k++) {
    int s = L->F->slot_of[L->evd[k]];
    if (s >= 0 && w[s]) w[L->F->slot_of[old_id(L, (int)k)]] = w[L->F->slot_of[old_id(L, (int)k) + 1]] = true;
  }
}

void ev_write(lw *L, ctx *c, const lval *lv) {
  for (uint32_t k = 0; k < L->nevd; k++) {
    if (L->F->slot_of[L->evd[k]] != lv->slot) continue;
    /* data tracked only by events the function does not declare to emit:
     * solc-verify does not ask for an event (its EventDataSpecsOnlyTrack
     * test: "currently passes, but should fail"; RefundEscrow's
     * constructor); the first change since the last event saves the old
     * value */
    val cur = slot_val(L, c, lv->slot);
    term_t *o = ghost(L, c, (int)k, 0), *sv = ghost(L, c, (int)k, 1);
    for (uint32_t q = 0; q < cur.t->nl; q++) o[q] = term_ite(*sv, o[q], cur.v[q]);
    *sv = term_true();
  }
}

/* c with each tracked variable of event e at its saved value */
static ctx before(lw *L, const ctx *c, int e) {
  ctx b = ctx_copy(L, c);
  for (int i = 0; i < L->ev[e].ndata; i++) {
    int k = L->ev[e].data[i], s = L->F->slot_of[L->evd[k]];
    term_t sv = *ghost(L, c, k, 1), *o = ghost(L, c, k, 0);
    for (uint32_t q = 0; q < L->F->sty[s]->nl; q++) b.cur[L->F->off[s] + q] = term_ite(sv, o[q], c->cur[L->F->off[s] + q]);
  }
  return b;
}

void mod_emit(lw *L, ctx *c, const cJSON *s) {
  const cJSON *call = child(s, "eventCall"), *def = decl_of(L, child(call, "expression"));
  int na = cJSON_GetArraySize(child(call, "arguments")), i = 0;
  val *av = aralloc(L, (size_t)(na + 1) * sizeof(val));
  for (const cJSON *a = first(call, "arguments"); a; a = a->next) av[i++] = expr(L, c, a);
  int e = 0;
  while ((uint32_t)e < L->nev && L->ev[e].def != def) e++;
  if ((uint32_t)e == L->nev || c->dead) return;   /* no specification */
  if (!L->F->fn || !emits(L, L->F->fn, e)) unsup(L, s, "an event the function does not declare to emit");
  const char *name = sol_str(def, "name");
  /* the specification's parameters stand for the arguments */
  const cJSON *ps[32];
  int np = 0;
  for (const cJSON *p = first(child(L->ev[e].spec, "parameters"), "parameters"); p && np < na && np < 32; p = p->next, np++) {
    ps[np] = p;
    ty *pt = ty_of_decl(L, p);
    if (pt->nl != av[np].t->nl) unsup(L, s, "an event argument of another shape");
    (void)mod_bind(L, p, (val){pt, av[np].v, NULL});
  }
  if (L->ev[e].strict && L->ev[e].ndata) {
    term_t changed = term_not(clear(L, c, e));
    check_at(L, c, NULL, changed, new_site(L, SITE_EV_NOCHANGE, -1, def, name));
  }
  ctx b = before(L, c, e);
  for (const cJSON *x = first(child(L->ev[e].spec, "body"), "statements"); x; x = x->next) {
    int k;
    const char *mk = sol_annot_marker(x, &k);
    if (mk && strcmp(mk, "pre") == 0) check_at(L, &b, marker_arg(x, 1), NULL_TERM, new_site(L, SITE_EV_PRE, k, call, name));
    if (mk && strcmp(mk, "post") == 0) {
      L->before_cur = b.cur;
      check_at(L, c, marker_arg(x, 1), NULL_TERM, new_site(L, SITE_EV_POST, k, call, name));
      L->before_cur = NULL;
    }
  }
  for (int q = 0; q < np; q++) (void)mod_bind(L, ps[q], (val){NULL, NULL, NULL});
  for (int q = 0; q < L->ev[e].ndata; q++) *ghost(L, c, L->ev[e].data[q], 1) = term_false();
}
