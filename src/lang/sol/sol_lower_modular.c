/* Modular mode (solc-verify's semantics): the checks that hook into the
 * Solidity lowering where L->mod is set (sol_lower_int.h), and the entry
 * point sol_lower_modular (sol_lower.h). */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/sol/sol_annot.h"
#include "lang/sol/sol_lower_int.h"

static void assume_invs_after_call(lw *L, ctx *c);

/* Whether n may run a loop: a loop statement in it or in a function or
 * modifier it refers to (seen: definitions already walked). */
bool may_loop(lw *L, const cJSON *n, bool *seen) {
  if (!n) return false;
  if (cJSON_IsObject(n)) {
    const char *k = sol_kind(n);
    if (strcmp(k, "WhileStatement") == 0 || strcmp(k, "DoWhileStatement") == 0 || strcmp(k, "ForStatement") == 0) return true;
    const cJSON *d = child(n, "referencedDeclaration") ? decl_of(L, n) : NULL;
    if ((is(d, "FunctionDefinition") || is(d, "ModifierDefinition")) && !seen[nid(L, d)]) {
      seen[nid(L, d)] = true;
      if (may_loop(L, child(d, "body"), seen)) return true;
    }
  }
  for (const cJSON *x = n->child; x; x = x->next)
    if (may_loop(L, x, seen)) return true;
  return false;
}

/* Whether some contract of the file implements a function named name. */
bool known_code(lw *L, const char *name) {
  for (int i = 0; i < L->a->nids; i++) {
    const cJSON *n = L->a->by_id[i];
    if (n && is(n, "FunctionDefinition") && strcmp(sol_str(n, "name"), name) == 0 && child(n, "body") && !cJSON_IsNull(child(n, "body")))
      return true;
  }
  return false;
}

/* The callee is an internal function of a library. */
bool library_fn(lw *L, const cJSON *callee) {
  const cJSON *d = decl_of(L, callee);
  const cJSON *lib = is(d, "FunctionDefinition") ? sol_node(L->a, sol_int(d, "scope")) : NULL;
  const char *vis = sol_str(d, "visibility");
  (void)vis;   /* internal ones are inlined, public ones go through their specification (call_internal) */
  return lib && strcmp(sol_str(lib, "contractKind"), "library") == 0 && child(d, "body") && !cJSON_IsNull(child(d, "body"));
}

/* Modular mode: addr.call{value: v}(data): the ether leaves first (when the
 * call succeeds, which it may not), then unknown code runs (the invariants
 * are checked before it, the state is havocked, the invariants assumed).
 * Returns (success, data) with data opaque. */
val low_level_call(lw *L, ctx *c, const cJSON *e, const cJSON *member, const cJSON *opts) {
  term_t to = expr(L, c, child(member, "expression")).v[0];
  for (const cJSON *x = child(e, "arguments") ? first(e, "arguments") : NULL; x; x = x->next)
    if (has_calls(x)) (void)expr(L, c, x);
  term_t amount = term_int(0);
  const cJSON *nm = child(opts, "names") ? child(opts, "names")->child : NULL;
  for (const cJSON *o = child(opts, "options") ? child(opts, "options")->child : NULL; o; o = o->next, nm = nm ? nm->next : NULL) {
    if (!cJSON_IsString(nm) || (strcmp(nm->valuestring, "value") != 0 && strcmp(nm->valuestring, "gas") != 0)) unsup(L, e, "call option");
    term_t v = expr(L, c, o).v[0];
    if (nm->valuestring[0] == 'v') amount = v;   /* solc-verify ignores the gas */
  }
  term_t ok = term_fresh_var("called", type_bool());
  if (amount != term_int(0)) {
    int bs = balance_slot(L);
    if (bs < 0) unsup(L, e, "value transfer without the balance");
    term_t bal = c->cur[L->F->off[bs]];
    add_cons(L, c, term_implies(ok, term_ge(bal, amount)));
    c->cur[L->F->off[bs]] = term_ite(ok, term_sub(bal, amount), bal);
    mod_credit(L, c, to, amount, ok);
  }
  check_overflow_before(L, c, e);
  check_invs(L, c, SITE_INV_EXT, e);
  havoc_state(L, c);
  assume_invs_after_call(L, c);
  val parts[2] = {scalar(L, bool_ty(L), ok), fresh_val(L, lit_ty(L), "data")};
  return tuple_val(L, 2, parts);
}

/* Assertion k on a copy of path c: fails where e (or ok when e is NULL) is false. */
/* An annotation's expression e on path c: array reads in it are not
 * bounded by the length (solc-verify: a read of the array's contents). */
/* An annotation's value in c; its arithmetic is no code: mod-overflow's
 * flag stays as it was, whether the annotation's own computation
 * overflows goes to *ovf (may be NULL). */
static term_t spec_eval(lw *L, ctx *c, const cJSON *e, term_t *ovf) {
  bool old = L->spec;
  L->spec = true;
  int fs = L->F && L->arith == SOL_ARITH_MOD_OVF ? L->F->slot_of[L->a->nids + 2] : -1;
  term_t *fl = fs >= 0 ? &c->cur[L->F->off[fs]] : NULL, flag = fl ? *fl : NULL_TERM;
  if (fl) *fl = term_false();
  term_t r = cond_of(L, expr(L, c, e), e);
  fl = fs >= 0 ? &c->cur[L->F->off[fs]] : NULL;
  if (ovf) *ovf = fl ? *fl : term_false();
  if (fl) *fl = flag;
  L->spec = old;
  return r;
}

static term_t spec_expr(lw *L, ctx *c, const cJSON *e) { return spec_eval(L, c, e, NULL); }

void check_at(lw *L, const ctx *c, const cJSON *e, term_t ok, uint32_t k) {
  if (c->dead) return;
  ctx t = ctx_copy(L, c);
  term_t ovf = term_false();
  if (e) ok = spec_eval(L, &t, e, &ovf);
  if (!term_is_false(ovf)) {   /* solc-verify: "Overflow in computation of ..." */
    ctx o = ctx_copy(L, &t);
    add_cons(L, &o, ovf);
    uint32_t j = new_site(L, SITE_SPEC_OVERFLOW, -1, NULL, NULL);
    sol_site *sj = &L->out->sites[j], *sk = &L->out->sites[k];
    sj->annot = sk->annot, sj->line = sk->line, sj->col = sk->col, sj->name = sk->name;
    L->out->assert_line[j] = L->out->assert_line[k];
    emit_error(L, &o, term_int(j));
  }
  add_cons(L, &t, term_not(ok));
  emit_error(L, &t, term_int(k));
}

/* mod-overflow: no call with the overflow flag set */
void check_overflow_before(lw *L, const ctx *c, const cJSON *at) {
  int fs = L->F ? L->F->slot_of[L->a->nids + 2] : -1;
  if (L->mod && fs >= 0) check_at(L, c, NULL, term_not(c->cur[L->F->off[fs]]), new_site(L, SITE_OVERFLOW_CALL, -1, at, NULL));
}

/* An annotation assumed where solc-verify assumes it as a requires,
 * ensures or loop invariant: with its "no overflow in computation" (a
 * specification of its own there, checked where the annotation is) */
void assume_expr(lw *L, ctx *c, const cJSON *e) {
  if (c->dead) return;
  term_t ovf = term_false();
  add_cons(L, c, spec_eval(L, c, e, &ovf));
  if (!term_is_false(ovf)) add_cons(L, c, term_not(ovf));
}

/* the contract's invariants after unknown code: solc-verify assumes
 * them and their variables' ranges there, not their computation's
 * overflow */
static void assume_invs_after_call(lw *L, ctx *c) {
  for (uint32_t i = 0; i < L->ninv; i++)
    if (!c->dead) add_cons(L, c, spec_expr(L, c, L->inv[i]));
}

/* the i-th argument of a marker statement */
const cJSON *marker_arg(const cJSON *st, int i) {
  if (is(st, "Block")) {   /* the marker is the block's last statement (sol_quant.h) */
    const cJSON *l = child(st, "statements");
    st = cJSON_GetArrayItem(l, cJSON_GetArraySize(l) - 1);
  }
  const cJSON *a = child(child(st, "expression"), "arguments");
  for (a = a ? a->child : NULL; a && i > 0; i--) a = a->next;
  return a;
}

/* fresh values (with their ranges) for slot s */
static void havoc_slot(lw *L, ctx *c, int s) {
  val v = fresh_val(L, L->F->sty[s], "h");
  assume_ranges(L, c, v.t, v.v);
  set_slot(L, c, s, v);
}

/* the state after unknown code: everything but the contract's address */
void havoc_state(lw *L, ctx *c) {
  for (uint32_t i = 0; i < L->nstate_vars; i++) {
    int id = L->state_ids[i];
    /* other contracts' state too: the unknown code may call into them */
    if (id == L->this_id || (id >= L->a->nids + GHOST_EV && id < L->a->nids + GHOST_FOREIGN)) continue;   /* nor the events' ghosts */
    int s = L->F->slot_of[id];
    if (s >= 0) havoc_slot(L, c, s);
  }
}

void check_invs(lw *L, const ctx *c, sol_site_kind kind, const cJSON *at) {
  for (uint32_t i = 0; i < L->ninv; i++) check_at(L, c, L->inv[i], NULL_TERM, new_site(L, kind, L->inv_ann[i], at, NULL));
}

void assume_invs(lw *L, ctx *c) {
  for (uint32_t i = 0; i < L->ninv; i++) assume_expr(L, c, L->inv[i]);
}

/* The variable slots a place expression writes into (storage pointers and
 * unknown roots: all state). */
static void mark_root(lw *L, const cJSON *e, bool *w, bool *all) {
  while (is(e, "IndexAccess") || is(e, "MemberAccess"))
    e = child(e, is(e, "IndexAccess") ? "baseExpression" : "expression");
  if (is(e, "TupleExpression")) {
    for (const cJSON *x = child(e, "components") ? child(e, "components")->child : NULL; x; x = x->next)
      if (!cJSON_IsNull(x)) mark_root(L, x, w, all);
    return;
  }
  const cJSON *d = is(e, "Identifier") ? decl_of(L, e) : NULL;
  int s = d ? L->F->slot_of[nid(L, d)] : -1;
  if (s < 0 || L->F->alias[s] || L->F->alias_idx[s] >= 0) *all = true;
  if (s >= 0) w[s] = true;
}

/* What n may write: w[slot]; *all when it calls code (internal or
 * external) or writes through a pointer. */
static void written(lw *L, const cJSON *n, bool *w, bool *all) {
  if (!n) return;
  if (cJSON_IsObject(n)) {
    const char *k = sol_kind(n);
    if (strcmp(k, "Assignment") == 0) mark_root(L, child(n, "leftHandSide"), w, all);
    else if (strcmp(k, "UnaryOperation") == 0) {
      const char *op = sol_str(n, "operator");
      if (strcmp(op, "++") == 0 || strcmp(op, "--") == 0 || strcmp(op, "delete") == 0) mark_root(L, child(n, "subExpression"), w, all);
    } else if (strcmp(k, "VariableDeclarationStatement") == 0) {
      for (const cJSON *d = child(n, "declarations") ? child(n, "declarations")->child : NULL; d; d = d->next) {
        int s = cJSON_IsNull(d) ? -1 : L->F->slot_of[nid(L, d)];
        if (s >= 0) w[s] = true;
      }
    } else if (strcmp(k, "FunctionCall") == 0 && strcmp(sol_str(n, "kind"), "functionCall") == 0) {
      const cJSON *callee = child(n, "expression");
      const char *m = sol_str(callee, "memberName");
      if (is(callee, "MemberAccess") && (strcmp(m, "push") == 0 || strcmp(m, "pop") == 0)) mark_root(L, child(callee, "expression"), w, all);
      else if (!(is(callee, "Identifier") && (sol_int(callee, "referencedDeclaration") < 0 || strncmp(sol_str(callee, "name"), "__zeta_", 7) == 0 ||
                                               strncmp(sol_str(callee, "name"), "__verifier_", 11) == 0)) &&
               !is(decl_of(L, callee), "EventDefinition"))
        *all = true;
    }
  }
  for (const cJSON *x = n->child; x; x = x->next)
    if (cJSON_IsObject(x) || cJSON_IsArray(x)) written(L, x, w, all);
}

/* What statement s writes on the paths from it that reach the loop's back
 * edge (live: the end of s does); returns whether its start does. As in
 * Boogie, a branch that leaves the loop (return, break, revert) havocs
 * nothing at the loop head. */
static bool written_live(lw *L, const cJSON *s, bool live, bool *w, bool *all) {
  if (!s || cJSON_IsNull(s)) return live;
  const char *k = sol_kind(s);
  if (strcmp(k, "Block") == 0 || strcmp(k, "UncheckedBlock") == 0) {
    const cJSON *l = child(s, "statements");
    for (int i = cJSON_GetArraySize(l); i-- > 0;) live = written_live(L, cJSON_GetArrayItem(l, i), live, w, all);
    return live;
  }
  if (strcmp(k, "Return") == 0 || strcmp(k, "Break") == 0 || strcmp(k, "RevertStatement") == 0) return false;
  if (strcmp(k, "Continue") == 0) return true;
  if (strcmp(k, "IfStatement") == 0) {
    bool a = written_live(L, child(s, "trueBody"), live, w, all), b = written_live(L, child(s, "falseBody"), live, w, all);
    if (a || b) written(L, child(s, "condition"), w, all);
    return a || b;
  }
  if (live) written(L, s, w, all);
  return live;
}

/* The loop invariants of loop s (the markers that open its body), at most
 * 32: expressions in inv, annotation numbers in ann; returns how many. */
int loop_invs(lw *L, const cJSON *s, const cJSON *body, const cJSON **inv, int *ann) {
  int ninv = 0;
  const cJSON *stl = is(body, "Block") ? child(body, "statements") : NULL;
  for (const cJSON *x = stl ? stl->child : NULL; x; x = x->next) {
    int n;
    const char *mk = sol_annot_marker(x, &n);
    if (!mk) break;
    if (strcmp(mk, "skip") == 0) unsup(L, s, "loop annotation");
    if (strcmp(mk, "li") == 0 && ninv < 32) inv[ninv] = marker_arg(x, 1), ann[ninv++] = n;
  }
  return ninv;
}

/* Whether expression e may change a variable (assignment, ++/--, call). */
bool side_effects(const cJSON *e) {
  if (!e) return false;
  if (cJSON_IsObject(e)) {
    const char *k = sol_kind(e), *op = sol_str(e, "operator");
    if (strcmp(k, "Assignment") == 0 || (strcmp(k, "FunctionCall") == 0 && strcmp(sol_str(e, "kind"), "typeConversion") != 0) ||
        (strcmp(k, "UnaryOperation") == 0 && (strcmp(op, "++") == 0 || strcmp(op, "--") == 0)))
      return true;
  }
  for (const cJSON *x = e->child; x; x = x->next)
    if (side_effects(x)) return true;
  return false;
}

/* side-effect nodes of e (2: one that is not an unguarded plain
 * assignment); *a the assignment */
static int effects(const cJSON *e, bool guarded, const cJSON **a) {
  if (!e) return 0;
  if (cJSON_IsObject(e)) {
    const char *k = sol_kind(e), *op = sol_str(e, "operator");
    if (strcmp(k, "Assignment") == 0) {
      if (guarded || side_effects(child(e, "leftHandSide")) || side_effects(child(e, "rightHandSide"))) return 2;
      *a = e;
      return 1;
    }
    if (side_effects(e) && !side_effects(e->child) && (strcmp(k, "FunctionCall") == 0 || strcmp(k, "UnaryOperation") == 0)) return 2;
    if (strcmp(k, "Conditional") == 0 || (strcmp(k, "BinaryOperation") == 0 && (strcmp(op, "&&") == 0 || strcmp(op, "||") == 0))) guarded = true;
  }
  int n = 0;
  for (const cJSON *x = e->child; x; x = x->next) n += effects(x, guarded, a);
  return n;
}

/* The one side effect of a loop condition that solc-verify evaluates as a
 * statement before its loop head and again after each iteration, the
 * condition then reading the assigned variable (`while ((x = i) < n)`);
 * NULL when there are others (calls, ++/--, an assignment under && || ?:). */
const cJSON *cond_effect(const cJSON *e) {
  const cJSON *a = NULL;
  return effects(e, false, &a) == 1 ? a : NULL;
}

/* the loop condition's value, its effect fx (already done) read back */
val cond_value(lw *L, ctx *c, const cJSON *cond, const cJSON *fx) {
  const cJSON *old = L->cond_read;
  L->cond_read = fx;
  val v = expr(L, c, cond);
  L->cond_read = old;
  return v;
}

/* A loop in solc-verify's semantics: its invariants asserted on entry,
 * the variables it writes havocked, the invariants assumed; one arbitrary
 * iteration must keep them; the exit has the invariants and the negated
 * condition. A do-while runs its body once first. */
void loop_modular(lw *L, ctx *c, const cJSON *s, const cJSON *cond, const cJSON *fx, const cJSON *body, const cJSON *next, bool do_while) {
  frame *F = L->F;
  ctxlist brk = {0}, cont = {0};
  const cJSON *inv[32];
  int ann[32], ninv = loop_invs(L, s, body, inv, ann);
  sol_site_kind entry_kind = SITE_LOOP_ENTRY;
  if (do_while) {   /* solc-verify: on entry too, before the first run */
    for (int i = 0; i < ninv && !c->dead; i++) check_at(L, c, inv[i], NULL_TERM, new_site(L, SITE_LOOP_ENTRY, ann[i], s, NULL));
    if (!c->dead) ev_loop(L, c, s, SITE_LOOP_ENTRY, false);
    *c = loop_body(L, c, body, &brk, &cont);
    if (!c->dead) {
      ctx t, f;
      split(L, c, expr(L, c, cond).v[0], &t, &f);
      list_push(L, &brk, &f);
      *c = t;
    }
    memset(&cont, 0, sizeof cont);
    entry_kind = SITE_LOOP_FIRST;
  }
  if (fx && !c->dead) (void)expr(L, c, fx);
  if (!c->dead) {
    for (int i = 0; i < ninv; i++) check_at(L, c, inv[i], NULL_TERM, new_site(L, entry_kind, ann[i], s, NULL));
    ev_loop(L, c, s, entry_kind, false);
    bool *w = aralloc(L, (F->nslots + 1) * sizeof(bool)), all = false;
    written(L, cond, w, &all);
    (void)written_live(L, body, true, w, &all);
    written(L, next, w, &all);
    for (uint32_t j = 0; j < L->nsum; j++)   /* a sum changes with its collection */
      if (F->slot_of[L->sum_var[j]] >= 0 && w[F->slot_of[L->sum_var[j]]]) w[F->slot_of[L->a->nids + 3 + (int)j]] = true;
    ev_written(L, w);
    uint32_t nb;
    bound_cand *bc = bounds_entry(L, c, s, w, &nb);
    for (uint32_t q = 0; q < F->nslots; q++)
      if (w[q] && (int)q != this_slot(L)) havoc_slot(L, c, (int)q);
    if (all) havoc_state(L, c);
    L->cut = true;
    for (int i = 0; i < ninv; i++) assume_expr(L, c, inv[i]);
    bounds_assume(L, c, bc, nb);
    ev_loop(L, c, s, SITE_LOOP_KEEP, true);
    ctx in = ctx_copy(L, c), out;
    memset(&out, 0, sizeof out);
    out.dead = true;
    if (cond && !cJSON_IsNull(cond)) split(L, &in, cond_value(L, &in, cond, fx).v[0], &in, &out);
    ctx end = loop_body(L, &in, body, &brk, &cont);
    if (!end.dead && next && !cJSON_IsNull(next)) stmt(L, &end, next);
    if (fx && !end.dead) (void)expr(L, &end, fx);
    for (int i = 0; i < ninv; i++) check_at(L, &end, inv[i], NULL_TERM, new_site(L, SITE_LOOP_KEEP, ann[i], s, NULL));
    if (!end.dead) ev_loop(L, &end, s, SITE_LOOP_KEEP, false);
    bounds_keep(L, &end, s, bc, nb);
    /* an iteration's overflow does not survive the havoc: checked here */
    int fs = L->arith == SOL_ARITH_MOD_OVF ? F->slot_of[L->a->nids + 2] : -1;   /* solc-verify: the invariant 'No overflow' */
    if (fs >= 0) check_at(L, &end, NULL, term_not(end.cur[F->off[fs]]), new_site(L, SITE_LOOP_KEEP, -1, s, "No overflow"));
    list_push(L, &brk, &out);
  }
  *c = merge(L, &brk, "exit");
}

/* The overflow flag of mod-overflow mode: a local of every frame. */
void add_overflow_flag(lw *L) {
  if (L->arith == SOL_ARITH_MOD_OVF) add_slot(L, L->a->nids + 2, bool_ty(L));
}

void check_overflow(lw *L, const ctx *c, const cJSON *at) {
  int fs = L->F->slot_of[L->a->nids + 2];
  if (fs >= 0) check_at(L, c, NULL, term_not(c->cur[L->F->off[fs]]), new_site(L, SITE_OVERFLOW, -1, at, NULL));
}

/* The leading annotation markers of fn's body, in turn (next_marker steps
 * over the target statement of a `modifies`). */
const cJSON *fn_markers(const cJSON *fn) {
  const cJSON *b = child(child(fn, "body"), "statements");
  return b ? b->child : NULL;
}

const cJSON *next_marker(const cJSON *x) {
  int n;
  const char *mk = sol_annot_marker(x, &n);
  return mk && strcmp(mk, "mod") == 0 && x->next ? x->next->next : x->next;
}

/* Entry of the checked function: the invariants and preconditions hold. */
static void mod_entry(lw *L, ctx *c, const cJSON *fn) {
  L->top = L->old_frame = L->F;
  L->old_cur = aralloc(L, (L->F->n + 1) * sizeof(term_t));
  memcpy(L->old_cur, c->cur, L->F->n * sizeof(term_t));
  for (const cJSON *x = fn_markers(fn); x; x = next_marker(x)) {
    int n;
    const char *mk = sol_annot_marker(x, &n);
    if (!mk) break;
    if (strcmp(mk, "skip") == 0) unsup(L, fn, "an annotation");
  }
  assume_invs(L, c);
  for (const cJSON *x = fn_markers(fn); x; x = next_marker(x)) {
    int n;
    const char *mk = sol_annot_marker(x, &n);
    if (!mk) break;
    if (strcmp(mk, "pre") == 0) assume_expr(L, c, marker_arg(x, 1));
  }
  ev_entry(L, c, fn, true);
}

/* The modifies frame: every state variable keeps its entry value but at
 * the listed places (whose indices and conditions are read in the entry
 * state). Only when the function has `modifies` annotations. */
static bool is_this_balance(const cJSON *t) {
  if (!is(t, "MemberAccess") || strcmp(sol_str(t, "memberName"), "balance") != 0) return false;
  const cJSON *b = child(t, "expression");
  if (is(b, "FunctionCall") && strcmp(sol_str(b, "kind"), "typeConversion") == 0) b = child(b, "arguments") ? child(b, "arguments")->child : NULL;
  return is(b, "Identifier") && strcmp(sol_str(b, "name"), "this") == 0;
}

/* The modifies frame of fn at path c's end (old: the state at fn's entry),
 * checked, or assumed (after a call of fn by its specification). */
static void frame_of(lw *L, ctx *c, const cJSON *fn, term_t *old, bool check) {
  if (!L->framed || c->dead) return;
  for (const cJSON *x = fn_markers(fn); x; x = next_marker(x)) {
    int n;
    const char *mk = sol_annot_marker(x, &n);
    if (!mk) break;
    if (strcmp(mk, "modall") == 0) return;   /* `modifies *` */
  }
  ctx pre = ctx_copy(L, c);
  pre.cur = old;
  for (uint32_t i = 0; i < L->nstate_vars; i++) {
    int id = L->state_ids[i];
    bool others = id == L->a->nids + GHOST_BALANCES;   /* the other addresses' balances */
    if (id >= L->a->nids && id != L->balance_id && !others) continue;   /* hidden state (this, sums): not framed */
    int sl = L->F->slot_of[id];
    ty *t = L->F->sty[sl];
    val end = slot_val(L, c, sl), X = mkval(L, t);
    memcpy(X.v, old + L->F->off[sl], t->nl * sizeof(term_t));
    for (const cJSON *x = fn_markers(fn); x; x = next_marker(x)) {
      int n;
      const char *mk = sol_annot_marker(x, &n);
      if (!mk) break;
      if (strcmp(mk, "mod") != 0 || !x->next) continue;
      const cJSON *target = child(x->next, "expression");
      if (id == L->balance_id && is_this_balance(target)) {
        term_t cond = spec_expr(L, &pre, marker_arg(x, 1));
        X.v[0] = term_ite(cond, end.v[0], X.v[0]);
        continue;
      }
      if (is(target, "MemberAccess") && strcmp(sol_str(target, "memberName"), "balance") == 0 &&
          strncmp(sol_type_string(child(target, "expression")), "address", 7) == 0) {
        if (!others) continue;   /* a.balance: one entry of the map (a read in the entry state) */
        bool sp = L->spec;
        L->spec = true;
        term_t a = expr(L, &pre, child(target, "expression")).v[0];
        L->spec = sp;
        term_t cond = spec_expr(L, &pre, marker_arg(x, 1));
        X.v[0] = term_ite(cond, term_store(X.v[0], a, term_select(end.v[0], a)), X.v[0]);
        continue;
      }
      if (id == L->balance_id || others) continue;
      const cJSON *root = target;
      while ((is(root, "IndexAccess") || is(root, "MemberAccess")) && decl_of(L, root) != sol_node(L->a, id))
        root = child(root, is(root, "IndexAccess") ? "baseExpression" : "expression");
      if (decl_of(L, root) != sol_node(L->a, id)) continue;   /* C.x names x too */
      /* the target in the state at the end, the condition in the entry state */
      bool len = is(target, "MemberAccess") && strcmp(sol_str(target, "memberName"), "length") == 0, sp = L->spec;
      L->spec = true;
      pre.cur = c->cur;
      lval lv = lvalue(L, &pre, len ? child(target, "expression") : target);
      pre.cur = old;
      L->spec = sp;
      term_t cond = spec_expr(L, &pre, marker_arg(x, 1));
      ctx endc = *c;
      val nv = lval_read(L, &endc, &lv), Y = mkval(L, t);
      if (len) {   /* a.length: the array as allowed so far with the length at the end */
        if (nv.t->k != T_ARRAY || nv.t->len >= 0) unsup(L, target, "modifies of a fixed length");
        term_t *xs = aralloc(L, L->F->n * sizeof *xs);
        memcpy(xs, c->cur, L->F->n * sizeof *xs);
        memcpy(xs + L->F->off[sl], X.v, t->nl * sizeof *xs);
        ctx xc = *c;
        xc.cur = xs;
        val xa = lval_read(L, &xc, &lv), na = mkval(L, xa.t);
        memcpy(na.v, xa.v, xa.t->nl * sizeof(term_t));
        na.v[na.t->elem->nl] = nv.v[nv.t->elem->nl];
        nv = na;
      }
      memcpy(Y.v, X.v, t->nl * sizeof(term_t));
      upd(L, Y, &lv, 0, nv);
      for (uint32_t q = 0; q < t->nl; q++) X.v[q] = term_ite(cond, Y.v[q], X.v[q]);
    }
    term_t same = term_true();
    for (uint32_t q = 0; q < t->nl; q++) same = term_and2(same, term_eq(end.v[q], X.v[q]));
    ctx t2 = *c;
    t2.cons = pre.cons, t2.ncons = pre.ncons, t2.capcons = pre.capcons, t2.apps = pre.apps, t2.napps = pre.napps;
    if (check) check_at(L, &t2, NULL, same, new_site(L, SITE_MODIFIES, -1, fn, id == L->balance_id || others ? NULL : sol_str(sol_node(L->a, id), "name")));
    else {
      *c = t2;
      add_cons(L, c, same);
      pre = ctx_copy(L, c);
      pre.cur = old;
    }
  }
}

void assume_frame(lw *L, ctx *c, const cJSON *fn, term_t *old) { frame_of(L, c, fn, old, false); }

/* Exit of a function: the overflow flag; for the checked function also
 * the invariants, postconditions and the modifies frame. */
void mod_exit(lw *L, const ctx *c, const cJSON *fn, bool top) {
  check_overflow(L, c, fn);
  if (!top) return;
  check_invs(L, c, SITE_INV_END, fn);
  for (const cJSON *x = fn_markers(fn); x; x = next_marker(x)) {
    int n;
    const char *mk = sol_annot_marker(x, &n);
    if (!mk) break;
    if (strcmp(mk, "post") == 0) check_at(L, c, marker_arg(x, 1), NULL_TERM, new_site(L, SITE_POST_END, n, fn, NULL));
  }
  ev_exit(L, c, fn);
  ctx t = *c;
  frame_of(L, &t, fn, L->old_cur, true);
}

/* a memory array of values or a struct of values: one object, no inner references */
static bool flat_ref(const ty *t) {
  if (t->k == T_ARRAY) return t->elem->nl == 1 && !is_ref_type(t->elem) && t->elem->k != T_MAP;
  if (t->k != T_STRUCT) return false;
  for (int i = 0; i < t->nf; i++)
    if (t->f[i]->nl != 1 || is_ref_type(t->f[i]) || t->f[i]->k == T_MAP) return false;
  return true;
}

void mod_fn_entry(lw *L, ctx *c, const cJSON *fn, const cJSON *params, bool top) {
  if (top) {
    /* the function may also be called internally, with memory arguments
     * that alias (solc-verify's model; a library's storage arguments
     * alike): one pair of a flat type is two
     * cases, distinct objects or one (L->aliased: q reads and writes p's
     * slot); more, or nested references (partial aliasing), not encoded.
     * Memory that is only read: one object has the values two distinct
     * objects may have, so the distinct case alone is exact. */
    const cJSON *ap = NULL, *aq = NULL;
    for (const cJSON *p = params ? params->child : NULL; p; p = p->next)
      for (const cJSON *q = p->next; q; q = q->next)
        if (is_ref_type(L->F->sty[slot_of(L, p)]) && strcmp(sol_str(p, "storageLocation"), "calldata") != 0 &&
            strcmp(sol_type_string(p), sol_type_string(q)) == 0 &&
            !(L->F->no_mem_writes && strcmp(sol_str(p, "storageLocation"), "memory") == 0)) {
          if (ap || !flat_ref(L->F->sty[slot_of(L, p)])) unsup(L, q, "reference parameters that may alias");
          ap = p, aq = q;
        }
    if (ap) {
      L->out->may_alias = true;
      if (L->aliased) L->F->slot_of[nid(L, aq)] = slot_of(L, ap);
    }
    mod_entry(L, c, fn);
    return;
  }
  /* an inlined callee: its preconditions must hold */
  for (const cJSON *x = fn_markers(fn); x; x = next_marker(x)) {
    int n;
    const char *mk = sol_annot_marker(x, &n);
    if (!mk) break;
    if (strcmp(mk, "skip") == 0) unsup(L, fn, "an annotation of a callee");
    if (strcmp(mk, "pre") != 0) continue;
    check_at(L, c, marker_arg(x, 1), NULL_TERM, new_site(L, SITE_PRE_CALL, n, fn, NULL));
    assume_expr(L, c, marker_arg(x, 1));
  }
  ev_entry(L, c, fn, false);
}

void mod_deploy_exit(lw *L, const ctx *c, const cJSON *rootctor) {
  check_overflow(L, c, rootctor ? rootctor : sol_node(L->a, L->lin[0]));
  if (rootctor) check_invs(L, c, SITE_INV_END, rootctor);
  else check_invs(L, c, SITE_INV_INIT, sol_node(L->a, L->lin[0]));
  if (rootctor) ev_exit(L, c, rootctor);
}

void mod_call_out(lw *L, ctx *c, const cJSON *e) {
  check_overflow_before(L, c, e);
  check_invs(L, c, SITE_INV_EXT, e);
  havoc_state(L, c);
  assume_invs_after_call(L, c);
}

static int sum_of(lw *L, const cJSON *e);

/* The marker blocks (sol_quant.h): L->qblock[id] of every __zeta_all,
 * __zeta_ex and __zeta_eq call is the block it stands in. */
static void map_qcalls(lw *L, const cJSON *n, const cJSON *blk) {
  if (cJSON_IsObject(n)) {
    int k;
    if (!blk && is(n, "Block") && sol_annot_marker(n, &k)) blk = n;
    if (blk && is(n, "FunctionCall") && strncmp(sol_str(child(n, "expression"), "name"), "__zeta_", 7) == 0) L->qblock[nid(L, n)] = blk;
  }
  for (const cJSON *x = n->child; x; x = x->next)
    if (cJSON_IsObject(x) || cJSON_IsArray(x)) map_qcalls(L, x, blk);
}

static const cJSON *qblock_of(lw *L, const cJSON *e) {
  if (!L->qblock) {
    L->qblock = aralloc(L, ((size_t)L->a->nids + 1) * sizeof *L->qblock);
    map_qcalls(L, L->a->root, NULL);
  }
  const cJSON *b = L->qblock[nid(L, e)];
  if (!b) unsup(L, e, "a quantifier outside an annotation");
  return b;
}

/* the k-th statement of block b of the given kind, or NULL */
static const cJSON *nth_stmt(const cJSON *b, const char *kind, long k) {
  for (const cJSON *s = first(b, "statements"); s; s = s->next)
    if (is(s, kind) && k-- == 0) return s;
  return NULL;
}

static long lit_arg(lw *L, const cJSON *e, int i) {
  const cJSON *a = first(e, "arguments");
  for (; a && i > 0; i--) a = a->next;
  if (!is(a, "Literal")) unsup(L, e, "malformed marker");
  return atol(sol_str(a, "value"));
}

/* __zeta_all / __zeta_ex (M, B): B with the block's declarations k in
 * mask M bound; B's own conditions (ranges of values it reads) become
 * premises (forall) or conjuncts (exists); in the bounded modes the
 * variables range over their types. */
static val quantified(lw *L, ctx *c, const cJSON *e, bool all) {
  const cJSON *blk = qblock_of(L, e);
  long mask = lit_arg(L, e, 0);
  const cJSON *body = first(e, "arguments")->next;
  if (mask <= 0 || mask >= 1L << 32 || !body) unsup(L, e, "malformed quantifier");
  term_t vars[32], range = term_true();
  val saved[32];
  int ids[32], n = 0;
  for (long k = 0; k < 32; k++) {
    if (!(mask & (1L << k))) continue;
    const cJSON *d = first(nth_stmt(blk, "VariableDeclarationStatement", k), "declarations");
    if (!d) unsup(L, e, "malformed quantifier");
    ty *t = ty_of_decl(L, d);
    if (t->k != T_INT && t->k != T_BOOL) unsup(L, d, "a quantified variable of this type");
    vars[n] = term_fresh_var(sol_str(d, "name"), t->k == T_BOOL ? type_bool() : type_int());
    if (L->arith != SOL_ARITH_INT) range = term_and2(range, in_range(t, vars[n]));
    ids[n] = nid(L, d);
    saved[n] = mod_bind(L, d, scalar(L, t, vars[n]));   /* an outer quantifier of the same name */
    n++;
  }
  ctx t = ctx_copy(L, c);
  t.ncons = 0;
  t.dead = false;
  term_t v = spec_expr(L, &t, body);
  if (t.napps != c->napps) unsup(L, e, "a call inside a quantifier");
  for (int i = n; i-- > 0;) L->bound[ids[i]] = saved[i];   /* restored */
  term_t conds = term_and2(range, term_and(t.ncons, t.cons));
  term_t q = all ? term_forall((uint32_t)n, vars, term_implies(conds, v)) : term_exists((uint32_t)n, vars, term_and2(conds, v));
  return scalar(L, bool_ty(L), q);
}

/* __zeta_eq(K): deep equality of the block's expression statements 2K and
 * 2K+1 (storage data; memory references would compare as references) */
static val deep_eq(lw *L, ctx *c, const cJSON *e) {
  const cJSON *blk = qblock_of(L, e);
  long k = lit_arg(L, e, 0);
  const cJSON *sa = nth_stmt(blk, "ExpressionStatement", 2 * k), *sb = nth_stmt(blk, "ExpressionStatement", 2 * k + 1);
  if (!sa || !sb || sol_annot_marker(sb, (int[]){0})) unsup(L, e, "malformed __verifier_eq");
  const cJSON *xa = child(sa, "expression"), *xb = child(sb, "expression");
  for (int i = 0; i < 2; i++) {
    const char *ts = sol_type_string(i ? xb : xa);
    if (!(strstr(ts, " memory") || strstr(ts, " calldata")) || !(strncmp(ts, "struct ", 7) == 0 || strchr(ts, '['))) continue;
    /* memory references compare as references: known only for variables
     * that hold objects of their own */
    const cJSON *da = is(xa, "Identifier") ? decl_of(L, xa) : NULL, *db = is(xb, "Identifier") ? decl_of(L, xb) : NULL;
    if (da && da == db) return scalar(L, bool_ty(L), term_true());
    if (da && db && fresh_object(L, da) && fresh_object(L, db)) return scalar(L, bool_ty(L), term_false());
    unsup(L, e, "__verifier_eq on memory references");
  }
  val a = expr(L, c, xa), b = expr(L, c, xb);
  if (a.t->nl != b.t->nl) unsup(L, e, "__verifier_eq on different types");
  term_t r = term_true();
  for (uint32_t q = 0; q < a.t->nl; q++) r = term_and2(r, term_eq(a.v[q], b.v[q]));
  return scalar(L, bool_ty(L), r);
}

bool mod_bound(lw *L, const cJSON *d, val *out) {
  val b = L->bound[nid(L, d)];
  if (!b.t) return false;
  *out = b;
  return true;
}

val mod_bind(lw *L, const cJSON *d, val v) {
  if (!L->bound) L->bound = aralloc(L, ((size_t)L->a->nids + 1) * sizeof *L->bound);
  val old = L->bound[nid(L, d)];
  L->bound[nid(L, d)] = v;
  return old;
}

bool mod_verifier_call(lw *L, ctx *c, const cJSON *e, const char *name, val *out) {
  if (strcmp(name, "__zeta_all") == 0 || strcmp(name, "__zeta_ex") == 0) {
    *out = quantified(L, c, e, strcmp(name, "__zeta_all") == 0);
    return true;
  }
  if (strcmp(name, "__zeta_noop") == 0) {   /* the state (and this.balance) as at the entry */
    if (!L->old_cur || L->F != L->old_frame) unsup(L, e, "specification cases here");
    term_t r = term_true();
    for (uint32_t i = 0; i < L->nstate_vars; i++) {
      int id = L->state_ids[i], sl = L->F->slot_of[id];
      if ((id >= L->a->nids && id != L->balance_id) || sl < 0) continue;
      for (uint32_t q = 0; q < L->F->sty[sl]->nl; q++) r = term_and2(r, term_eq(c->cur[L->F->off[sl] + q], L->old_cur[L->F->off[sl] + q]));
    }
    *out = scalar(L, bool_ty(L), r);
    return true;
  }
  if (strcmp(name, "__zeta_eq") == 0) {
    *out = deep_eq(L, c, e);
    return true;
  }
  if (strncmp(name, "__verifier_before_", 18) == 0) {   /* in an event's postcondition */
    if (!L->before_cur) unsup(L, e, "__verifier_before outside an event's postcondition");
    ctx t = *c;
    t.cur = L->before_cur;
    *out = expr(L, &t, need_first(L, e, "arguments"));
    c->cons = t.cons, c->ncons = t.ncons, c->capcons = t.capcons, c->apps = t.apps, c->napps = t.napps;
    return true;
  }
  if (strncmp(name, "__verifier_old_", 15) == 0 && L->old_cur && L->F == L->old_frame) {
    /* the argument at the function's entry */
    ctx t = *c;
    t.cur = L->old_cur;
    *out = expr(L, &t, need_first(L, e, "arguments"));
    c->cons = t.cons, c->ncons = t.ncons, c->capcons = t.capcons, c->apps = t.apps, c->napps = t.napps;
    return true;
  }
  if (strcmp(name, "__zeta_sum") == 0 || strcmp(name, "__zeta_sumi") == 0) {
    int j = sum_of(L, e);
    if (j < 0) unsup(L, e, "this sum");
    /* elements of the other signedness (or not plain integers): how
     * solc-verify's shadow variable wraps there is not known */
    if (L->arith != SOL_ARITH_INT && !L->sum_ty[j]) unsup(L, e, "a sum whose elements' signedness differs from the sum function's in this arithmetic mode");
    *out = slot_val(L, c, L->F->slot_of[L->a->nids + 3 + j]);
    return true;
  }
  return false;
}

/* The summed state variable of __zeta_sum(K) call e and the member path of
 * its elements (field indices into path, their number returned), -1 if the
 * operand is not `v` or `v[__verifier_idx_*].f...` for a mapping or array v. */
static int sum_shape(lw *L, const cJSON *e, int *var, int *path, const ty **et) {
  const cJSON *st = nth_stmt(qblock_of(L, e), "ExpressionStatement", lit_arg(L, e, 0));
  const cJSON *x = child(st, "expression");
  const char *names[8];
  int n = 0;
  while (is(x, "MemberAccess") && n < 8) names[n++] = sol_str(x, "memberName"), x = child(x, "expression");
  if (is(x, "IndexAccess")) {
    const cJSON *ix = child(x, "indexExpression");
    if (!is(ix, "Identifier") || strncmp(sol_str(ix, "name"), "__verifier_idx_", 15) != 0) return -1;
    x = child(x, "baseExpression");
  } else if (n) return -1;
  const cJSON *d = is(x, "Identifier") ? decl_of(L, x) : NULL;
  if (!is(d, "VariableDeclaration") || !sol_bool(d, "stateVariable")) return -1;
  ty *t = ty_of_decl(L, d);
  if (t->k != T_MAP && t->k != T_ARRAY) return -1;
  t = t->elem;
  for (int i = 0; i < n; i++) {   /* names were collected outermost first */
    const char *nm = names[n - 1 - i];
    int f = -1;
    for (int q = 0; t->k == T_STRUCT && q < t->nf; q++)
      if (t->fname && t->fname[q] && strcmp(t->fname[q], nm) == 0) f = q;
    if (f < 0) return -1;
    path[i] = f;
    t = t->f[f];
  }
  if (t->k != T_INT) return -1;
  *var = nid(L, d);
  *et = t;
  return n;
}

/* the ghost of sum call e (registering it when new and add is set), or -1 */
static int sum_find(lw *L, const cJSON *e, bool add) {
  int var, path[8];
  const ty *et = NULL;
  int n = sum_shape(L, e, &var, path, &et);
  if (n < 0) return -1;
  bool sign = strcmp(sol_str(child(e, "expression"), "name"), "__zeta_sumi") == 0;
  for (uint32_t j = 0; j < L->nsum; j++)
    if (L->sum_var[j] == var && L->sum_plen[j] == n && memcmp(L->sum_path[j], path, (size_t)n * sizeof(int)) == 0) {
      /* one ghost per collection: a second sum function over it must type it alike */
      if (L->sum_sign[j] != sign) L->sum_ety[j] = NULL;
      return (int)j;
    }
  bool mine = false;
  for (uint32_t i = 0; i < L->nstate_vars; i++) mine |= L->state_ids[i] == var;
  if (!add || !mine || L->nsum == SUM_MAX) return -1;
  L->sum_var[L->nsum] = var;
  L->sum_plen[L->nsum] = n;
  memcpy(L->sum_path[L->nsum], path, (size_t)n * sizeof(int));
  L->sum_sign[L->nsum] = sign;
  L->sum_ety[L->nsum] = et;
  return (int)L->nsum++;
}

static int sum_of(lw *L, const cJSON *e) { return sum_find(L, e, false); }

/* The sums the annotations name over state variables of the root. */
static void scan_sums(lw *L, const cJSON *n) {
  if (is(n, "FunctionCall") && strncmp(sol_str(child(n, "expression"), "name"), "__zeta_sum", 10) == 0) (void)sum_find(L, n, true);
  for (const cJSON *c = n->child; c; c = c->next)
    if (cJSON_IsObject(c) || cJSON_IsArray(c)) scan_sums(L, c);
}

/* the member at path[0..n) of element value v */
static term_t member_of(val v, const int *path, int n) {
  for (int i = 0; i < n; i++) v = (val){v.t->f[path[i]], v.v + field_off(v.t, path[i]), NULL};
  return v.v[0];
}

void mod_write(lw *L, ctx *c, const lval *lv, val nv) {
  if (L->nevd) ev_write(L, c, lv);
  if (L->sum_done) { L->sum_done = false; return; }
  for (uint32_t j = 0; j < L->nsum; j++) {
    if (L->F->slot_of[L->sum_var[j]] != lv->slot) continue;
    if (lv->n == 0 || !lv->st[0].index) unsup(L, NULL, "a write into a summed variable other than of its elements");
    /* the write at element member path Q = st[1..]: the sum's member P
     * changes when Q is a prefix of P */
    int k = 0, plen = L->sum_plen[j];
    bool hit = true;
    for (uint32_t q = 1; q < lv->n && hit; q++, k++) hit = k < plen && !lv->st[q].index && lv->st[q].field == L->sum_path[j][k];
    if (!hit) continue;
    term_t old = member_of(lval_read(L, c, lv), L->sum_path[j] + k, plen - k);
    term_t *g = &c->cur[L->F->off[L->F->slot_of[L->a->nids + 3 + (int)j]]];
    term_t nw = member_of(nv, L->sum_path[j] + k, plen - k);
    if (L->arith == SOL_ARITH_INT || !L->sum_ty[j]) {
      *g = term_add2(*g, term_sub(nw, old));
      continue;
    }
    /* solc-verify: sum := (sum - old) + new in the sum's type; its mod
     * encoding (not bv) assumes that an unsigned sum's subtraction does not
     * underflow */
    term_t d = term_sub(*g, old);
    if ((L->arith == SOL_ARITH_MOD || L->arith == SOL_ARITH_MOD_OVF) && !L->sum_sign[j]) add_cons(L, c, in_range(L->sum_ty[j], d));
    *g = wrap(L->sum_ty[j], term_add2(wrap(L->sum_ty[j], d), nw));
  }
}

/* ghost sum j after adding (sign 1) or removing (-1) element member x */
static term_t sum_step(lw *L, int j, term_t g, term_t x, int sign) {
  term_t r = sign > 0 ? term_add2(g, x) : term_sub(g, x);
  return L->arith == SOL_ARITH_INT || !L->sum_ty[j] ? r : wrap(L->sum_ty[j], r);
}

void mod_sum_push_pop(lw *L, ctx *c, const lval *lv, val arr, const val *x) {
  for (uint32_t j = 0; j < L->nsum; j++) {
    if (L->F->slot_of[L->sum_var[j]] != lv->slot) continue;
    if (lv->n != 0) unsup(L, NULL, "a push or pop inside a summed variable");
    /* solc-verify: a push adds the new element, a pop subtracts the last one */
    term_t *g = &c->cur[L->F->off[L->F->slot_of[L->a->nids + 3 + (int)j]]];
    if (x) *g = sum_step(L, (int)j, *g, member_of(*x, L->sum_path[j], L->sum_plen[j]), 1);
    else {
      ty *et = arr.t->elem;
      val last = mkval(L, et);
      for (uint32_t q = 0; q < et->nl; q++) last.v[q] = term_select(arr.v[q], term_sub(arr.v[et->nl], term_int(1)));
      *g = sum_step(L, (int)j, *g, member_of(last, L->sum_path[j], L->sum_plen[j]), -1);
    }
    L->sum_done = true;
  }
}

void mod_ghosts(lw *L) {
  L->nsum = 0;
  scan_sums(L, L->a->root);
  for (uint32_t j = 0; j < L->nsum; j++) {
    /* int mode: unbounded as solc-verify's; else the sum function's type
     * (uint256/int256; its range holds at entry and after a havoc, as
     * solc-verify's type-checking conditions of every read of the sum;
     * its updates wrap in that type) */
    const ty *et = L->sum_ety[j];
    bool fits = et && et->k == T_INT && et->bits > 0 && et->sign == L->sum_sign[j] && et->emax < 0 && !et->fb && !et->opaque;
    L->sum_ty[j] = L->arith != SOL_ARITH_INT && fits ? int_ty(L, 256, L->sum_sign[j]) : NULL;
    add_state_var(L, L->a->nids + 3 + (int)j, L->sum_ty[j] ? L->sum_ty[j] : lit_ty(L));
  }
  ev_setup(L);
  calls_setup(L);
}

/* The contract invariants of the root (the markers in the synthetic
 * function __zeta_invs_<C>): as in solc-verify, a contract's invariants
 * are those written on it, not its bases' (derived contracts restate
 * them, e.g. RefundEscrow weakens Escrow's). */
static void collect_invs(lw *L) {
  for (int i = 0; i < L->nlin; i++) {
    const cJSON *ct = sol_node(L->a, L->lin[i]);
    for (const cJSON *n = child(ct, "nodes") ? child(ct, "nodes")->child : NULL; n; n = n->next) {
      if (is(n, "FunctionDefinition"))
        for (const cJSON *x = fn_markers(n); x; x = next_marker(x)) {
          int k;
          const char *mk = sol_annot_marker(x, &k);
          if (!mk) break;
          L->framed |= strcmp(mk, "mod") == 0 || strcmp(mk, "modall") == 0;
        }
      if (i > 0 || !is(n, "FunctionDefinition") || strncmp(sol_str(n, "name"), "__zeta_invs_", 12) != 0) continue;
      for (const cJSON *x = fn_markers(n); x; x = next_marker(x)) {
        int k;
        const char *mk = sol_annot_marker(x, &k);
        if (mk && strcmp(mk, "skip") == 0) unsup(L, ct, "a contract invariant");
        if (!mk || strcmp(mk, "inv") != 0) continue;
        L->inv = xrealloc(L->inv, (L->ninv + 1) * sizeof *L->inv);
        L->inv_ann = xrealloc(L->inv_ann, (L->ninv + 1) * sizeof *L->inv_ann);
        L->inv[L->ninv] = marker_arg(x, 1);
        L->inv_ann[L->ninv++] = k;
      }
    }
  }
}

/* Ether arriving without a call (selfdestruct, coinbase): the invariants
 * must survive a larger balance. */
static void lower_receive(lw *L, const cJSON *ct, uint32_t E) {
  frame *Fp = frame_init(L, "receive", L->lin[0]);
  Fp->txi = 0;
  Fp->E = E;
  frame_header(L, NULL);
  ctx c = entry(L, NULL, false, NULL);
  assume_invs(L, &c);
  if (balance_slot(L) >= 0) {
    term_t b = term_fresh_var("balance", type_int()), *at = &c.cur[Fp->off[balance_slot(L)]];
    add_cons(L, &c, term_and2(term_ge(b, *at), term_lt(b, pow2(256))));
    *at = b;
  }
  check_invs(L, &c, SITE_INV_END, ct);
  frame_free(L);
}

static bool lower_modular_once(const sol_ast *a, int contract, int fn, int arith, bool exact, bool aliased,
                               const bool *excluded, const sol_cands *cands, sol_chc *out, lower_hints *h) {
  lw *L = lw_new(a, out);
  L->hints = h;
  h->retry = false;
  h->can_retry = true;
  for (uint32_t i = 0; i < h->nptr; i++) h->ptr[i].used = false;
  L->mod = true;
  L->fthis = NULL_TERM;
  L->others_id = -1;   /* Solidity I's map of the others' balances: modular mode has its own (sol_lower_calls.c) */
  L->exact = exact;
  L->aliased = aliased;
  L->cands = cands;
  L->arith = arith;
  bool ok = true;
  const cJSON *ct = sol_node(a, contract), *f = fn >= 0 ? sol_node(a, fn) : NULL;
  if (setjmp(L->fail)) {
    out->unsupported = xstrdup(L->msg);
    ok = false;
  } else {
    uint32_t E = err_pred(out);
    uint32_t C = root_setup(L, ct);
    collect_invs(L);
    lower_first_summaries(L, out->nroots - 1);
    sol_tx t;
    memset(&t, 0, sizeof t);
    t.name = xstrdup(f ? sol_str(f, "name") : fn == SOL_FN_DEPLOY ? "constructor" : "receive");
    t.payable = f ? strcmp(sol_str(f, "stateMutability"), "payable") == 0 : true;
    add_tx(L, t);
    if (fn == SOL_FN_DEPLOY) lower_deploy(L, &out->tx[0], C, E);
    else if (fn == SOL_FN_RECEIVE) lower_receive(L, ct, E);
    else lower_function(L, f, &out->tx[0], 0, C, E);
    while (L->nwork) {
      int id = L->worklist[--L->nwork];
      lower_function(L, sol_node(L->a, id), NULL, -1, 0, 0);
    }
    add_queries(out, E, excluded);
  }
  out->ncands = L->ncand;
  lw_free(L);
  return ok;
}

/* A storage pointer's places are found while lowering; one found after
 * the pointer was read needs a new attempt that knows it from the start
 * (as sol_lower does). */
bool sol_lower_modular(const sol_ast *a, int contract, int fn, int arith, bool exact, bool aliased, const bool *excluded,
                       const sol_cands *cands, sol_chc *out) {
  lower_hints h;
  memset(&h, 0, sizeof h);
  h.unfold = 1;
  for (int attempt = 0;; attempt++) {
    bool ok = lower_modular_once(a, contract, fn, arith, exact, aliased, excluded, cands, out, &h);
    if (!h.retry || attempt == 40) {
      free(h.ptr);
      free(h.first);
      return ok;
    }
    sol_chc_free(out);
    memset(out, 0, sizeof *out);
  }
}

/* loop head pred (exact mode): where it is, what its arguments hold (sol_head) */
static void record_head(lw *L, const cJSON *s, uint32_t pred) {
  sol_chc *o = L->out;
  frame *F = L->F;
  o->heads = xrealloc(o->heads, (o->nheads + 1) * sizeof *o->heads);
  sol_head *hd = &o->heads[o->nheads++];
  hd->pred = pred;
  hd->line = sol_line(L->a, s, &hd->col);
  hd->n = F->n;
  hd->names = xcalloc(F->n + 1, sizeof(char *));
  for (int id = 0; id < L->a->nids; id++) {
    int q = F->slot_of[id];
    const cJSON *d = q >= 0 ? sol_node(L->a, id) : NULL;
    const ty *t = d ? F->sty[q] : NULL;
    if (!is(d, "VariableDeclaration") || !t || t->nl != 1 || (t->k != T_INT && t->k != T_BOOL) || (t->k == T_INT && (t->fb || t->opaque)))
      continue;
    if (F->off[q] < F->n && !hd->names[F->off[q]]) hd->names[F->off[q]] = xstrdup(sol_str(d, "name"));
  }
}

void mod_loop_head(lw *L, const ctx *h, const cJSON *s, const cJSON *body, uint32_t pred) {
  record_head(L, s, pred);
  const cJSON *inv[32];
  int ann[32], ninv = loop_invs(L, s, body, inv, ann);
  for (int i = 0; i < ninv; i++) check_at(L, h, inv[i], NULL_TERM, new_site(L, SITE_LOOP_KEEP, ann[i], s, NULL));
  ctx t = ctx_copy(L, h);
  ev_loop(L, &t, s, SITE_LOOP_KEEP, false);
}

/* the constructor of contract ct, or NULL */
static const cJSON *ctor_in(const cJSON *ct) {
  for (const cJSON *n = first(ct, "nodes"); n; n = n->next)
    if (is(n, "FunctionDefinition") && strcmp(sol_str(n, "kind"), "constructor") == 0) return n;
  return NULL;
}

val mod_new(lw *L, ctx *c, const cJSON *e) {
  const cJSON *tn = child(child(e, "expression"), "typeName");
  if (is(tn, "ArrayTypeName")) {
    ty *t = ty_of_typename(L, tn, 0);
    if (t->k != T_ARRAY || t->len >= 0) unsup(L, e, "new of this type");
    val n = expr(L, c, need_first(L, e, "arguments"));
    /* solc-verify sets elements of value types to their default; others
     * stay arbitrary */
    val r = is_ref_type(t->elem) ? fresh_val(L, t, "new") : default_val(L, t);
    r.v[t->elem->nl] = n.v[0];
    return r;
  }
  const cJSON *ct = is(tn, "UserDefinedTypeName") ? decl_of(L, tn) : NULL;
  if (!is(ct, "ContractDefinition")) unsup(L, e, "new of this type");
  /* the new contract's state is not the root's (solc-verify: maps over
   * addresses; its constructor changes them at the new address only if
   * they are other variables) */
  for (const cJSON *b = first(ct, "linearizedBaseContracts"); b; b = b->next)
    for (int i = 0; i < L->nlin; i++)
      if (L->lin[i] == b->valueint) unsup(L, e, "new of a contract that shares state with this one");
  for (const cJSON *b = first(ct, "linearizedBaseContracts"); b; b = b->next) {
    const cJSON *k = ctor_in(sol_node(L->a, b->valueint));
    for (const cJSON *x = k ? fn_markers(k) : NULL; x; x = next_marker(x)) {
      int n;
      const char *mk = sol_annot_marker(x, &n);
      if (!mk) break;
      if (strcmp(mk, "pre") == 0 || strcmp(mk, "skip") == 0) unsup(L, e, "new of a contract whose constructor has preconditions");
    }
  }
  for (const cJSON *a = first(e, "arguments"); a; a = a->next) (void)expr(L, c, a);
  term_t addr = term_fresh_var("new", type_int());
  add_cons(L, c, in_range(int_ty(L, 160, false), addr));
  return scalar(L, int_ty(L, 160, false), addr);
}
