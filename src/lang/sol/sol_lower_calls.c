/* Modular mode: calls through the callee's specification, as Boogie calls
 * solc-verify's procedures. Public functions are not inlined (internal
 * calls of them included), nor functions without a body, nor a recursive
 * function inside an inlined one. At such a call: the callee's invariants
 * (when it is public) and preconditions are checked, the state variables
 * it may write (its modifies set, found syntactically as Boogie's modifies
 * analysis does, through its callees) get arbitrary values, then its
 * invariants, postconditions and modifies frame are assumed, with fresh
 * return values.
 *
 * A call into another contract (x.f(), x of a contract type the file
 * implements) acts on that contract's state at address x: the state
 * variables of other contracts that the root's code calls or reads
 * (getters) are ghost state variables, maps from the address (as in
 * solc-verify, where all state is). Only the root's own state is kept
 * for `this`; a call into another instance of the root's own contract is
 * not handled. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/sol/sol_annot.h"
#include "lang/sol/sol_lower_int.h"

static int foreign_id(lw *L, int k) { return L->a->nids + GHOST_FOREIGN + k; }

static bool in_root(lw *L, int contract) {
  for (int i = 0; i < L->nlin; i++)
    if (L->lin[i] == contract) return true;
  return false;
}

/* the ghost of other contracts' state variable declaration id, or -1 */
static int foreign_of(lw *L, int id) {
  for (uint32_t k = 0; k < L->nfvar; k++)
    if (L->fvar[k] == id) return (int)k;
  return -1;
}

/* the contract a declaration belongs to (its scope), or -1 */
static int contract_of(lw *L, const cJSON *d) {
  const cJSON *s = sol_node(L->a, sol_int(d, "scope"));
  return is(s, "ContractDefinition") ? sol_int(s, "id") : -1;
}

/* Contracts other than the root's whose members n calls or reads: their
 * state variables become ghosts. */
static void scan_foreign(lw *L, const cJSON *n) {
  if (is(n, "MemberAccess") && strncmp(sol_type_string(child(n, "expression")), "contract ", 9) == 0) {
    const cJSON *d = decl_of(L, n);
    int ct = d ? contract_of(L, d) : -1;
    const cJSON *cd = ct >= 0 ? sol_node(L->a, ct) : NULL;
    if (cd && !in_root(L, ct) && strcmp(sol_str(cd, "contractKind"), "library") != 0)
      for (const cJSON *b = first(cd, "linearizedBaseContracts"); b; b = b->next)
        for (const cJSON *v = first(sol_node(L->a, b->valueint), "nodes"); v; v = v->next) {
          if (!is(v, "VariableDeclaration") || sol_bool(v, "constant") || foreign_of(L, nid(L, v)) >= 0) continue;
          if (L->nfvar == FOREIGN_MAX) unsup(L, n, "many state variables of other contracts");
          L->fvar[L->nfvar++] = nid(L, v);
        }
  }
  for (const cJSON *c = n ? n->child : NULL; c; c = c->next)
    if (cJSON_IsObject(c) || cJSON_IsArray(c)) scan_foreign(L, c);
}

int balances_slot(lw *L) { return L->balance_id >= 0 ? L->F->slot_of[L->a->nids + GHOST_BALANCES] : -1; }

val mod_balance_of(lw *L, ctx *c, term_t addr) {
  int bs = balance_slot(L), ms = balances_slot(L);
  if (bs < 0 || ms < 0 || this_slot(L) < 0) unsup(L, NULL, "balances without the contract's own");
  term_t other = term_select(c->cur[L->F->off[ms]], addr);
  add_cons(L, c, in_range(int_ty(L, 256, false), other));
  return scalar(L, int_ty(L, 256, false), term_ite(term_eq(addr, c->cur[L->F->off[this_slot(L)]]), c->cur[L->F->off[bs]], other));
}

void mod_credit(lw *L, ctx *c, term_t to, term_t amount, term_t ok) {
  int ms = balances_slot(L);
  if (ms < 0 || this_slot(L) < 0) return;
  term_t *m = &c->cur[L->F->off[ms]];
  term_t credited = term_store(*m, to, term_add2(term_select(*m, to), amount));
  *m = term_ite(term_and2(ok, term_not(term_eq(to, c->cur[L->F->off[this_slot(L)]]))), credited, *m);
}

void calls_setup(lw *L) {
  L->nfvar = 0;
  if (L->balance_id >= 0) {   /* the balances of other addresses */
    ty *map = aralloc(L, sizeof *map);
    map->k = T_MAP;
    map->elem = int_ty(L, 256, false);
    map->nl = 1;
    map->emax = map->len = -1;
    add_state_var(L, L->a->nids + GHOST_BALANCES, map);
  }
  for (int i = 0; i < L->nlin; i++) scan_foreign(L, sol_node(L->a, L->lin[i]));
  for (uint32_t k = 0; k < L->nfvar; k++) {   /* a map from the address */
    ty *map = aralloc(L, sizeof *map);
    map->k = T_MAP;
    map->elem = ty_of_decl(L, sol_node(L->a, L->fvar[k]));
    map->nl = map->elem->nl;
    map->emax = map->len = -1;
    add_state_var(L, foreign_id(L, (int)k), map);
  }
}

bool mod_foreign(lw *L, ctx *c, const cJSON *d, term_t addr, val *out) {
  int k = foreign_of(L, nid(L, d));
  if (k < 0) return false;
  int s = L->F->slot_of[foreign_id(L, k)];
  val m = slot_val(L, c, s), r = mkval(L, m.t->elem);
  for (uint32_t q = 0; q < r.t->nl; q++) r.v[q] = term_select(m.v[q], addr);
  assume_ranges(L, c, r.t, r.v);
  *out = r;
  return true;
}

/* ---------- modifies sets ---------- */

/* w[id]: state variable declarations fn may write (w[nids]: balances),
 * through the functions it calls; seen: functions walked */
static void writes_of(lw *L, const cJSON *fn, bool *w, bool *seen);

static void mark_contract(lw *L, int ct, bool *w) {
  const cJSON *cd = sol_node(L->a, ct);
  for (const cJSON *b = first(cd, "linearizedBaseContracts"); b; b = b->next)
    for (const cJSON *v = first(sol_node(L->a, b->valueint), "nodes"); v; v = v->next)
      if (is(v, "VariableDeclaration") && !sol_bool(v, "constant")) w[nid(L, v)] = true;
}

static void mark_place(lw *L, const cJSON *x, int ct, bool *w) {
  if (is(x, "TupleExpression")) {
    for (const cJSON *y = first(x, "components"); y; y = y->next)
      if (cJSON_IsObject(y)) mark_place(L, y, ct, w);
    return;
  }
  while (is(x, "IndexAccess") || (is(x, "MemberAccess") && !is(decl_of(L, x), "VariableDeclaration")))
    x = child(x, is(x, "IndexAccess") ? "baseExpression" : "expression");
  const cJSON *d = is(x, "Identifier") || is(x, "MemberAccess") ? decl_of(L, x) : NULL;
  if (is(d, "VariableDeclaration") && sol_bool(d, "stateVariable")) w[nid(L, d)] = true;
  else if (is(d, "VariableDeclaration") && strcmp(sol_str(d, "storageLocation"), "storage") == 0 && ct >= 0) mark_contract(L, ct, w);
}

static void writes_in(lw *L, const cJSON *n, int ct, bool *w, bool *seen) {
  if (!n) return;
  if (cJSON_IsObject(n)) {
    const char *k = sol_kind(n);
    if (strcmp(k, "Assignment") == 0) mark_place(L, child(n, "leftHandSide"), ct, w);
    else if (strcmp(k, "UnaryOperation") == 0 && (strcmp(sol_str(n, "operator"), "++") == 0 || strcmp(sol_str(n, "operator"), "--") == 0 ||
                                                   strcmp(sol_str(n, "operator"), "delete") == 0))
      mark_place(L, child(n, "subExpression"), ct, w);
    else if (strcmp(k, "FunctionCall") == 0) {
      const cJSON *callee = child(n, "expression");
      while (is(callee, "FunctionCallOptions")) callee = child(callee, "expression");
      const char *m = sol_str(callee, "memberName");
      const cJSON *d = decl_of(L, callee);
      if (is(callee, "MemberAccess") && (strcmp(m, "push") == 0 || strcmp(m, "pop") == 0)) mark_place(L, child(callee, "expression"), ct, w);
      else if (is(callee, "MemberAccess") && (strcmp(m, "transfer") == 0 || strcmp(m, "send") == 0)) w[L->a->nids] = true;
      else if (is(callee, "MemberAccess") && strcmp(m, "call") == 0) {   /* unknown code: the caller's contract and balances */
        if (ct >= 0) mark_contract(L, ct, w);
        w[L->a->nids] = true;
      } else if (is(callee, "NewExpression")) {
        const cJSON *c = decl_of(L, child(callee, "typeName"));
        if (is(c, "ContractDefinition")) mark_contract(L, nid(L, c), w);
      } else if (is(d, "FunctionDefinition")) {
        int dc = contract_of(L, d);
        const cJSON *r = dc >= 0 && in_root(L, dc) ? sol_most_derived(L->a, L->lin, L->nlin, d, -1) : NULL;
        writes_of(L, r ? r : d, w, seen);
      }
    }
  }
  for (const cJSON *x = n->child; x; x = x->next)
    if (cJSON_IsObject(x) || cJSON_IsArray(x)) writes_in(L, x, ct, w, seen);
}

static void writes_of(lw *L, const cJSON *fn, bool *w, bool *seen) {
  int id = nid(L, fn);
  if (seen[id]) return;
  seen[id] = true;
  int ct = contract_of(L, fn);
  const cJSON *body = child(fn, "body");
  const char *mu = sol_str(fn, "stateMutability");
  if (strcmp(mu, "view") == 0 || strcmp(mu, "pure") == 0) return;   /* solc enforces it, for every override too */
  if (!body || cJSON_IsNull(body) || sol_has_node(body, "InlineAssembly")) {   /* solc-verify: the state of the declaring contract */
    if (ct >= 0) mark_contract(L, ct, w);
    return;
  }
  if (strcmp(sol_str(fn, "stateMutability"), "payable") == 0) w[L->a->nids] = true;
  writes_in(L, body, ct, w, seen);
  for (const cJSON *m = first(fn, "modifiers"); m; m = m->next) {
    const cJSON *md = decl_of(L, child(m, "modifierName"));
    if (is(md, "ModifierDefinition")) writes_in(L, child(md, "body"), ct, w, seen);
    else if (is(md, "ContractDefinition")) {
      for (const cJSON *x = first(md, "nodes"); x; x = x->next)
        if (is(x, "FunctionDefinition") && strcmp(sol_str(x, "kind"), "constructor") == 0) writes_of(L, x, w, seen);
    }
  }
}

/* arbitrary values for what fn may write (as seen from the root) */
static void havoc_writes(lw *L, ctx *c, const cJSON *fn) {
  bool *w = aralloc(L, ((size_t)L->a->nids + 1) * sizeof(bool)), *seen = aralloc(L, ((size_t)L->a->nids + 1) * sizeof(bool));
  writes_of(L, fn, w, seen);
  bool *h = aralloc(L, (L->F->nslots + 1) * sizeof(bool));
  for (uint32_t i = 0; i < L->nstate_vars; i++) {
    int id = L->state_ids[i], s = L->F->slot_of[id];
    if (s < 0 || id == L->this_id) continue;
    if ((id < L->a->nids && w[id]) || ((id == L->balance_id || id == L->a->nids + GHOST_BALANCES) && w[L->a->nids])) h[s] = true;
  }
  for (uint32_t k = 0; k < L->nfvar; k++)
    if (w[L->fvar[k]]) h[L->F->slot_of[foreign_id(L, (int)k)]] = true;
  for (uint32_t j = 0; j < L->nsum; j++)   /* sums with their collections */
    if (L->F->slot_of[L->sum_var[j]] >= 0 && h[L->F->slot_of[L->sum_var[j]]]) h[L->F->slot_of[L->a->nids + 3 + (int)j]] = true;
  ev_written(L, h);
  for (uint32_t s = 0; s < L->F->nslots; s++)
    if (h[s]) {
      val v = fresh_val(L, L->F->sty[s], "m");
      assume_ranges(L, c, v.t, v.v);
      set_slot(L, c, (int)s, v);
    }
}

/* ---------- the call ---------- */

static bool public_fn(const cJSON *fn) {
  const char *vis = sol_str(fn, "visibility");
  return strcmp(vis, "public") == 0 || strcmp(vis, "external") == 0;
}

/* whether fn reaches itself through internal calls */
static bool reaches(lw *L, const cJSON *n, int target, bool *seen) {
  if (!n) return false;
  if (is(n, "FunctionCall")) {
    const cJSON *d = decl_of(L, child(n, "expression"));
    if (is(d, "FunctionDefinition")) {
      if (nid(L, d) == target) return true;
      if (!seen[nid(L, d)]) {
        seen[nid(L, d)] = true;
        if (reaches(L, child(d, "body"), target, seen)) return true;
      }
    }
  }
  for (const cJSON *x = n->child; x; x = x->next)
    if ((cJSON_IsObject(x) || cJSON_IsArray(x)) && reaches(L, x, target, seen)) return true;
  return false;
}

bool same_param_types(const cJSON *a, const cJSON *b) {
  const cJSON *x = first(child(a, "parameters"), "parameters"), *y = first(child(b, "parameters"), "parameters");
  for (; x && y; x = x->next, y = y->next)
    if (strcmp(sol_type_string(x), sol_type_string(y)) != 0) return false;
  return !x && !y;
}

/* where fn's annotations are: the synthetic __zeta_spec_<Contract>_<name>
 * after it (a function without a body, or whose annotations read state
 * solc does not allow there, sol_annot.c fn_comment), else fn itself with
 * a body (NULL: none) */
static const cJSON *spec_of(lw *L, const cJSON *fn) {
  const cJSON *ct = sol_node(L->a, contract_of(L, fn));
  char name[300];
  snprintf(name, sizeof name, "__zeta_spec_%s_%s", sol_str(ct, "name"), sol_str(fn, "name"));
  for (const cJSON *n = first(ct, "nodes"); n; n = n->next)
    if (is(n, "FunctionDefinition") && strcmp(sol_str(n, "name"), name) == 0 && same_param_types(n, fn)) return n;
  return child(fn, "body") && !cJSON_IsNull(child(fn, "body")) ? fn : NULL;
}

bool mod_by_spec(lw *L, const cJSON *fn) {
  /* inline assembly: solc-verify skips the body and uses the specification */
  if (public_fn(fn) || !child(fn, "body") || cJSON_IsNull(child(fn, "body")) || sol_has_node(child(fn, "body"), "InlineAssembly")) return true;
  if (L->F == L->top) return false;   /* inlined once (Boogie's {:inline 1}) */
  return reaches(L, child(fn, "body"), nid(L, fn), aralloc(L, ((size_t)L->a->nids + 1) * sizeof(bool)));
}

/* the invariants of contract ct's linearization (expressions, annotation numbers) */
static int invariants_of(lw *L, int ct, const cJSON **inv, int *ann, int cap) {
  int n = 0;
  for (const cJSON *b = first(sol_node(L->a, ct), "linearizedBaseContracts"); b; b = b->next)
    for (const cJSON *f = first(sol_node(L->a, b->valueint), "nodes"); f; f = f->next) {
      if (!is(f, "FunctionDefinition") || strncmp(sol_str(f, "name"), "__zeta_invs_", 12) != 0) continue;
      for (const cJSON *x = fn_markers(f); x; x = next_marker(x)) {
        int k;
        const char *mk = sol_annot_marker(x, &k);
        if (mk && strcmp(mk, "skip") == 0) unsup(L, f, "a contract invariant");
        if (mk && strcmp(mk, "inv") == 0 && n < cap) inv[n] = marker_arg(x, 1), ann[n++] = k;
      }
    }
  return n;
}

/* Evaluates the callee's annotations: the foreign address (NULL_TERM: the
 * root itself), msg.sender/msg.value of the call, the state before it for
 * __verifier_old_*. */
typedef struct { term_t self, saved_self; term_t *saved_old; frame *saved_oldf; } spec_scope;

static void enter(lw *L, spec_scope *S, term_t self, term_t *pre) {
  S->saved_self = L->fthis;
  S->saved_old = L->old_cur;
  S->saved_oldf = L->old_frame;
  L->fthis = self;
  L->old_cur = pre;
  L->old_frame = L->F;
}

static void leave(lw *L, const spec_scope *S) {
  L->fthis = S->saved_self;
  L->old_cur = S->saved_old;
  L->old_frame = S->saved_oldf;
}

val mod_spec_call(lw *L, ctx *c, const cJSON *fn, const cJSON *args, const cJSON *at, term_t self, term_t sender, term_t value) {
  int ct = contract_of(L, fn);
  if (self != NULL_TERM && ct >= 0 && in_root(L, ct)) unsup(L, at, "a call into another instance of this contract");
  if (sol_str(fn, "kind")[0] == 'c') unsup(L, at, "a call of a constructor");
  /* the arguments, in order */
  const cJSON *ps = first(child(fn, "parameters"), "parameters");
  const cJSON *p = ps;
  int na = 0;
  val av[32];
  for (const cJSON *x = args ? args->child : NULL; x; x = x->next, p = p ? p->next : NULL) {
    if (!p || na == 32) unsup(L, at, "call arguments");
    ty *pt = ty_of_decl(L, p);
    if (strcmp(sol_str(p, "storageLocation"), "storage") == 0) {
      /* the parameter names the argument's place: its annotations read it
       * in the state they are evaluated in (__verifier_old_*: before) */
      if (ct < 0 || strcmp(sol_str(sol_node(L->a, ct), "contractKind"), "library") != 0 || L->ninv)
        unsup(L, at, "a storage pointer argument of a specified call");
      lval *pl = aralloc(L, sizeof *pl);
      *pl = lvalue(L, c, x);
      val v = lval_read(L, c, pl);
      if (v.t->nl != pt->nl) unsup(L, at, "call arguments");
      av[na++] = (val){pt, v.v, pl};
      continue;
    }
    val v = expr(L, c, x);
    if (v.t->nl != pt->nl) unsup(L, at, "call arguments");
    av[na++] = (val){pt, v.v, NULL};
  }
  if (p) unsup(L, at, "call arguments");
  check_overflow_before(L, c, at);
  const cJSON *sf = spec_of(L, fn);   /* the annotations, and the declarations they name */
  /* the callee's annotations see its parameters, msg.* of the call, its this */
  ctx in = ctx_copy(L, c);
  in.cur[L->F->sender] = sender;
  in.cur[L->F->value] = value;
  term_t *pre = aralloc(L, (L->F->n + 1) * sizeof(term_t));
  memcpy(pre, in.cur, L->F->n * sizeof(term_t));
  val saved[64];
  const cJSON *bound[64];
  int nb = 0;
  p = sf ? first(child(sf, "parameters"), "parameters") : NULL;
  for (int i = 0; i < na && p; i++, p = p->next) bound[nb] = p, saved[nb++] = mod_bind(L, p, av[i]);
  spec_scope S;
  enter(L, &S, self, pre);
  const cJSON *inv[32];
  int ann[32], ninv = 0;
  if (public_fn(fn) && ct >= 0) {
    if (self == NULL_TERM) {   /* the root's invariants (as at the top) */
      for (uint32_t i = 0; i < L->ninv && ninv < 32; i++) inv[ninv] = L->inv[i], ann[ninv++] = L->inv_ann[i];
    } else ninv = invariants_of(L, ct, inv, ann, 32);
  }
  for (int i = 0; i < ninv; i++) {
    check_at(L, &in, inv[i], NULL_TERM, new_site(L, SITE_INV_CALL, ann[i], at, NULL));
    assume_expr(L, &in, inv[i]);
  }
  bool framed = false;
  for (const cJSON *x = sf ? fn_markers(sf) : NULL; x; x = next_marker(x)) {
    int k;
    const char *mk = sol_annot_marker(x, &k);
    if (!mk) break;
    if (strcmp(mk, "skip") == 0) unsup(L, fn, "an annotation of a callee");
    framed |= strcmp(mk, "mod") == 0;
    if (strcmp(mk, "pre") != 0) continue;
    check_at(L, &in, marker_arg(x, 1), NULL_TERM, new_site(L, SITE_PRE_CALL, k, at, NULL));
    assume_expr(L, &in, marker_arg(x, 1));
  }
  if (self == NULL_TERM && sf) ev_entry(L, &in, sf, false);
  /* the call: what it may write becomes arbitrary */
  havoc_writes(L, &in, fn);
  const cJSON *rs = first(child(fn, "returnParameters"), "parameters"), *rd = sf ? first(child(sf, "returnParameters"), "parameters") : NULL;
  val rv[16];
  int nr = 0;
  for (const cJSON *r = rs; r; r = r->next, rd = rd ? rd->next : NULL, nr++) {
    if (nr == 16) unsup(L, at, "many return values");
    rv[nr] = fresh_val(L, ty_of_decl(L, r), "ret");
    assume_ranges(L, &in, rv[nr].t, rv[nr].v);
    if (rd && sol_str(rd, "name")[0] && nb < 64) bound[nb] = rd, saved[nb++] = mod_bind(L, rd, rv[nr]);
  }
  for (int i = 0; i < ninv; i++) assume_expr(L, &in, inv[i]);
  for (const cJSON *x = sf ? fn_markers(sf) : NULL; x; x = next_marker(x)) {
    int k;
    const char *mk = sol_annot_marker(x, &k);
    if (!mk) break;
    if (strcmp(mk, "post") == 0) assume_expr(L, &in, marker_arg(x, 1));
  }
  if (framed && L->framed && self == NULL_TERM) assume_frame(L, &in, sf, pre);
  else if (framed) L->approx = true;   /* the frame of another contract: not assumed */
  if (self == NULL_TERM && sf) ev_exit_assume(L, &in, sf);
  leave(L, &S);
  for (int i = nb; i-- > 0;) (void)mod_bind(L, bound[i], saved[i]);
  /* back in the caller's frame: its msg.* as before */
  in.cur[L->F->sender] = c->cur[L->F->sender];
  in.cur[L->F->value] = c->cur[L->F->value];
  *c = in;
  if (nr == 1) return rv[0];
  return tuple_val(L, nr, rv);
}

val mod_getter(lw *L, ctx *c, const cJSON *e, term_t addr) {
  const cJSON *callee = child(e, "expression"), *d = decl_of(L, callee);
  val v;
  if (!mod_foreign(L, c, d, addr, &v)) unsup(L, e, "getter of this contract's own type at another address");
  for (const cJSON *x = first(e, "arguments"); x; x = x->next) {
    if (v.t->k != T_MAP && v.t->k != T_ARRAY) unsup(L, e, "getter arguments");
    val i = expr(L, c, x);
    ty *et = v.t->elem;
    val r = mkval(L, et);
    for (uint32_t q = 0; q < et->nl; q++) r.v[q] = term_select(v.v[q], i.v[0]);
    assume_ranges(L, c, et, r.v);
    v = r;
  }
  if (v.t->k != T_INT && v.t->k != T_BOOL) unsup(L, e, "getter returning a composite value");
  return v;
}

bool mod_is_this(lw *L, const cJSON *x) {
  (void)L;
  while (is(x, "FunctionCall") && strcmp(sol_str(x, "kind"), "typeConversion") == 0 && first(x, "arguments")) x = first(x, "arguments");
  return is(x, "Identifier") && strcmp(sol_str(x, "name"), "this") == 0 && sol_int(x, "referencedDeclaration") < 0;
}
