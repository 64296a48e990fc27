/* Lowering Solidity (solc's AST) to Horn clauses; see sol_lower.h. */
#include "lang/sol/sol_lower_int.h"
#include <gmp.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/sol/sol_annot.h"

void *aralloc(lw *L, size_t n) {
  if (L->narena == L->caparena) {
    L->caparena = L->caparena ? 2 * L->caparena : 256;
    L->arena = xrealloc(L->arena, L->caparena * sizeof(void *));
  }
  void *p = xcalloc(1, n ? n : 1);
  L->arena[L->narena++] = p;
  return p;
}

/* An arena array of n items of size sz with room for one more: the same,
 * or a copy with twice the capacity (at least min). */
static void *arena_room(lw *L, void *a, uint32_t n, uint32_t *cap, size_t sz, uint32_t min) {
  if (n < *cap) return a;
  *cap = *cap ? 2 * *cap : min;
  void *b = aralloc(L, *cap * sz);
  if (n) memcpy(b, a, n * sz);
  return b;
}

_Noreturn void unsup(lw *L, const cJSON *n, const char *fmt, ...) {
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  unsigned line = n ? sol_line(L->a, n, NULL) : 0;
  const char *f = sol_file_of(L->a, &line);
  snprintf(L->msg, sizeof L->msg, "unsupported: %s at %s:%u", what, f, line);
  longjmp(L->fail, 1);
}


/* The node's id, an index into the per-node tables; solc's AST always has
 * one (a mutated or foreign AST may not: not lowered). */
int nid(lw *L, const cJSON *n) {
  int id = sol_int(n, "id");
  if (id < 0 || id >= L->a->nids) unsup(L, n, "malformed AST (node id)");
  return id;
}
/* The first element of n's list field key (NULL if none or empty). */
const cJSON *first(const cJSON *n, const char *key) {
  const cJSON *l = child(n, key);
  return cJSON_IsArray(l) ? l->child : NULL;
}
/* ... which the construct needs. */
const cJSON *need_first(lw *L, const cJSON *n, const char *key) {
  const cJSON *x = first(n, key);
  if (!x) unsup(L, n, "malformed AST (no %s)", key);
  return x;
}

/* ---------- the environment ---------- */

static const struct { const char *name; int bits; } env_vars[] = {
  {"block.number", 256}, {"block.timestamp", 256}, {"block.coinbase", 160}, {"block.chainid", 256},
  {"block.gaslimit", 256}, {"block.prevrandao", 256}, {"block.difficulty", 256}, {"block.basefee", 256},
  {"tx.origin", 160}, {"tx.gasprice", 256}};
#define NENV (sizeof env_vars / sizeof env_vars[0])

/* ---------- integers ---------- */

term_t in_range(const ty *t, term_t x) {
  if (t->k != T_INT || t->bits == 0) return term_true();
  if (t->emax >= 0) return term_and2(term_ge(x, term_int(0)), term_le(x, term_int(t->emax)));
  if (!t->sign) return term_and2(term_ge(x, term_int(0)), term_lt(x, pow2(t->bits)));
  return term_and2(term_ge(x, term_neg(pow2(t->bits - 1))), term_lt(x, pow2(t->bits - 1)));
}

/* x modulo the type's range (two's complement for signed types) */
term_t wrap(const ty *t, term_t x) {
  if (t->k != T_INT || t->bits == 0) return x;
  if (!t->sign) return term_mod(x, pow2(t->bits));
  term_t h = pow2(t->bits - 1);
  return term_sub(term_mod(term_add2(x, h), pow2(t->bits)), h);
}

/* ---------- type construction ---------- */

static ty *mk(lw *L, tkind k) {
  ty *t = aralloc(L, sizeof *t);
  t->k = k;
  t->emax = -1;
  t->len = -1;
  t->nl = 1;
  return t;
}

ty *int_ty(lw *L, int bits, bool sign) {
  ty *t = mk(L, T_INT);
  t->bits = bits;
  t->sign = sign;
  return t;
}

static void finish_ty(ty *t) {
  switch (t->k) {
  case T_INT: case T_BOOL: t->nl = 1; break;
  case T_STRUCT: t->nl = 0; for (int i = 0; i < t->nf; i++) t->nl += t->f[i]->nl; break;
  case T_MAP: t->nl = t->elem->nl; break;
  case T_ARRAY: t->nl = t->elem->nl + 1; break;
  }
}

static const cJSON *enum_by_name(lw *L, const char *canon) {
  for (int i = 0; i < L->a->nids; i++) {
    const cJSON *n = L->a->by_id[i];
    if (n && is(n, "EnumDefinition") && strcmp(sol_str(n, "canonicalName"), canon) == 0) return n;
  }
  return NULL;
}

static ty *enum_ty(lw *L, const cJSON *e) {
  ty *t = int_ty(L, 8, false);
  t->emax = cJSON_GetArraySize(child(e, "members")) - 1;
  return t;
}

/* The width after "int"/"uint" (none: 256); Solidity's are 8..256. */
static int int_width(lw *L, const char *s) {
  int bits;
  if (sscanf(s, "%d", &bits) != 1) return 256;
  if (bits < 1 || bits > 256) unsup(L, NULL, "integer type of %d bits", bits);
  return bits;
}

/* Elementary types from solc's type strings; NULL if not elementary. */
ty *opaque_ty(lw *L) {
  ty *t = int_ty(L, 0, false);
  t->opaque = true;
  return t;
}

static ty *ty_from_string(lw *L, const char *s) {
  if (strcmp(s, "bool") == 0) return mk(L, T_BOOL);
  if (strncmp(s, "address", 7) == 0 || strncmp(s, "contract ", 9) == 0) return int_ty(L, 160, false);
  if (strncmp(s, "uint", 4) == 0) return int_ty(L, int_width(L, s + 4), false);
  if (strncmp(s, "int_const", 9) == 0) return int_ty(L, 0, true);
  if (strncmp(s, "int", 3) == 0) return int_ty(L, int_width(L, s + 3), true);
  if (strncmp(s, "enum ", 5) == 0) {
    const cJSON *e = enum_by_name(L, s + 5);
    return e ? enum_ty(L, e) : NULL;
  }
  /* modular: strings and dynamic bytes are opaque values (copied, never
   * looked into: any operation on them but passing them is unsupported) */
  if (L->mod && (strncmp(s, "string", 6) == 0 || strncmp(s, "literal_string", 14) == 0 || strcmp(s, "bytes") == 0 ||
                 strncmp(s, "bytes ", 6) == 0))
    return opaque_ty(L);
  if (L->mod && strncmp(s, "bytes", 5) == 0 && s[5] >= '1' && s[5] <= '9') {   /* bytesN: an unsigned integer of N bytes */
    int n = atoi(s + 5);
    if (n < 1 || n > 32) return NULL;
    ty *t = int_ty(L, 8 * n, false);
    t->fb = n;
    return t;
  }
  return NULL;
}

static long const_long(lw *L, const cJSON *e);


/* A recursive struct (S { S[] a; }) is unfolded L->unfold levels deep;
 * below that its values are cut (no leaves), so containers of it keep
 * only their lengths, and reading or writing into a cut value is
 * unsupported: what the lowering represents is exact. The lowering starts
 * with one level and goes deeper (up to SOL_STRUCT_UNFOLD) while the code
 * reaches into a cut value. */
#define SOL_STRUCT_UNFOLD 4

/* The type of struct definition d, its members' type names at nesting
 * depth; built once unless it is (part of) a recursive type, whose
 * unfolding depends on where it occurs. */
static ty *struct_ty(lw *L, const cJSON *d, int depth) {
  int id = nid(L, d);
  if (L->struct_ty[id]) return L->struct_ty[id];
  if (L->struct_open[id] > 0) L->rec_hits++;
  if (L->struct_open[id] >= L->unfold) {
    ty *t = mk(L, T_STRUCT);
    t->cut = true;
    t->nl = 0;
    return t;
  }
  uint32_t hits = L->rec_hits;
  L->struct_open[id]++;
  const cJSON *ms = child(d, "members");
  ty *t = mk(L, T_STRUCT);
  t->nf = cJSON_GetArraySize(ms);
  t->f = aralloc(L, (size_t)(t->nf + 1) * sizeof(ty *));
  t->fname = aralloc(L, (size_t)(t->nf + 1) * sizeof(char *));
  int i = 0;
  for (const cJSON *m = ms ? ms->child : NULL; m; m = m->next, i++) {
    t->f[i] = ty_of_typename(L, child(m, "typeName"), depth);
    t->fname[i] = sol_str(m, "name");
  }
  L->struct_open[id]--;
  finish_ty(t);
  if (t->nl > 4096) unsup(L, d, "a struct of %u leaves", t->nl);
  if (hits == L->rec_hits) L->struct_ty[id] = t;
  return t;
}

ty *ty_of_typename(lw *L, const cJSON *tn, int depth) {
  if (!tn || depth > 16) unsup(L, tn, "type nesting");
  const char *k = sol_kind(tn);
  if (strcmp(k, "ElementaryTypeName") == 0) {
    ty *t = ty_from_string(L, sol_type_string(tn));
    if (!t) unsup(L, tn, "type %s", sol_type_string(tn));
    return t;
  }
  if (strcmp(k, "UserDefinedTypeName") == 0) {
    const cJSON *d = decl_of(L, tn);
    if (is(d, "EnumDefinition")) return enum_ty(L, d);
    if (is(d, "ContractDefinition")) {
      if (strcmp(sol_str(d, "contractKind"), "library") == 0) unsup(L, tn, "library type");
      return int_ty(L, 160, false);
    }
    if (is(d, "StructDefinition")) return struct_ty(L, d, depth + 1);
    unsup(L, tn, "type %s", sol_type_string(tn));
  }
  if (strcmp(k, "Mapping") == 0) {
    ty *key = ty_of_typename(L, child(tn, "keyType"), depth + 1);
    if (key->k != T_INT && key->k != T_BOOL) unsup(L, tn, "mapping key type");
    ty *t = mk(L, T_MAP);
    t->elem = ty_of_typename(L, child(tn, "valueType"), depth + 1);
    finish_ty(t);
    return t;
  }
  if (strcmp(k, "ArrayTypeName") == 0) {
    ty *t = mk(L, T_ARRAY);
    t->elem = ty_of_typename(L, child(tn, "baseType"), depth + 1);
    const cJSON *len = child(tn, "length");
    t->len = len && !cJSON_IsNull(len) ? const_long(L, len) : -1;
    finish_ty(t);
    return t;
  }
  unsup(L, tn, "type %s", sol_type_string(tn));
}

ty *ty_of_decl(lw *L, const cJSON *d) {
  const cJSON *tn = child(d, "typeName");
  if (!tn || cJSON_IsNull(tn)) unsup(L, d, "declaration without a type");
  return ty_of_typename(L, tn, 0);
}

static void leaf_sorts(const ty *t, type_t *out) {
  switch (t->k) {
  case T_INT: out[0] = type_int(); return;
  case T_BOOL: out[0] = type_bool(); return;
  case T_STRUCT: for (int i = 0; i < t->nf; i++) { leaf_sorts(t->f[i], out); out += t->f[i]->nl; } return;
  case T_MAP: case T_ARRAY:
    leaf_sorts(t->elem, out);
    for (uint32_t i = 0; i < t->elem->nl; i++) out[i] = type_array(type_int(), out[i]);
    if (t->k == T_ARRAY) out[t->elem->nl] = type_int();
    return;
  }
}

static void leaf_defaults(const ty *t, term_t *out) {
  switch (t->k) {
  case T_INT: out[0] = term_int(0); return;
  case T_BOOL: out[0] = term_false(); return;
  case T_STRUCT: for (int i = 0; i < t->nf; i++) { leaf_defaults(t->f[i], out); out += t->f[i]->nl; } return;
  case T_MAP: case T_ARRAY:
    leaf_defaults(t->elem, out);
    for (uint32_t i = 0; i < t->elem->nl; i++) out[i] = term_const_array(type_array(type_int(), term_type(out[i])), out[i]);
    if (t->k == T_ARRAY) out[t->elem->nl] = term_int(t->len < 0 ? 0 : t->len);
    return;
  }
}

/* leaf names: "x", "s.f", "a[]", "a.length" */
static void leaf_names(const ty *t, const char *base, char **out) {
  char buf[256];
  switch (t->k) {
  case T_INT: case T_BOOL: out[0] = xstrdup(base); return;
  case T_STRUCT:
    for (int i = 0; i < t->nf; i++) {
      snprintf(buf, sizeof buf, "%s.%s", base, t->fname && t->fname[i] ? t->fname[i] : "_");
      leaf_names(t->f[i], buf, out);
      out += t->f[i]->nl;
    }
    return;
  case T_MAP: case T_ARRAY:
    snprintf(buf, sizeof buf, "%s[]", base);
    leaf_names(t->elem, buf, out);
    if (t->k == T_ARRAY) {
      snprintf(buf, sizeof buf, "%s.length", base);
      out[t->elem->nl] = xstrdup(buf);
    }
    return;
  }
}

/* ---------- values ---------- */

val mkval(lw *L, ty *t) {
  val v = {t, aralloc(L, (t->nl + 1) * sizeof(term_t)), NULL};
  return v;
}

val scalar(lw *L, ty *t, term_t x) {
  val v = mkval(L, t);
  v.v[0] = x;
  return v;
}

ty *bool_ty(lw *L) { return mk(L, T_BOOL); }
ty *lit_ty(lw *L) { return int_ty(L, 0, true); }

val default_val(lw *L, ty *t) {
  val v = mkval(L, t);
  leaf_defaults(t, v.v);
  return v;
}

val fresh_val(lw *L, ty *t, const char *name) {
  val v = mkval(L, t);
  type_t *s = aralloc(L, (t->nl + 1) * sizeof(type_t));
  leaf_sorts(t, s);
  for (uint32_t i = 0; i < t->nl; i++) v.v[i] = term_fresh_var(name, s[i]);
  return v;
}

uint32_t field_off(const ty *t, int j) {
  uint32_t o = 0;
  for (int i = 0; i < j; i++) o += t->f[i]->nl;
  return o;
}

static ty *tuple_ty(lw *L, int n, val *vs) {
  ty *t = mk(L, T_STRUCT);
  t->nf = n;
  t->f = aralloc(L, (size_t)(n + 1) * sizeof(ty *));
  for (int i = 0; i < n; i++) t->f[i] = vs[i].t;
  finish_ty(t);
  return t;
}

val tuple_val(lw *L, int n, val *vs) {
  val r = mkval(L, tuple_ty(L, n, vs));
  uint32_t o = 0;
  for (int i = 0; i < n; i++) { memcpy(r.v + o, vs[i].v, vs[i].t->nl * sizeof(term_t)); o += vs[i].t->nl; }
  return r;
}

static val component(const val *tv, int i) {
  val r = {tv->t->f[i], tv->v + field_off(tv->t, i), NULL};
  return r;
}

/* ---------- contexts ---------- */

void add_cons(lw *L, ctx *c, term_t t) {
  if (term_is_true(t)) return;
  if (term_is_false(t)) c->dead = true;
  c->cons = arena_room(L, c->cons, c->ncons, &c->capcons, sizeof(term_t), 16);
  c->cons[c->ncons++] = t;
}

ctx ctx_copy(lw *L, const ctx *c) {
  ctx d = *c;
  d.capcons = c->ncons + 8;
  d.cons = aralloc(L, d.capcons * sizeof(term_t));
  if (c->ncons) memcpy(d.cons, c->cons, c->ncons * sizeof(term_t));
  d.apps = aralloc(L, (c->napps + 1) * sizeof(chc_app));
  if (c->napps) memcpy(d.apps, c->apps, c->napps * sizeof(chc_app));
  d.cur = aralloc(L, (L->F->n + 1) * sizeof(term_t));
  memcpy(d.cur, c->cur, L->F->n * sizeof(term_t));
  return d;
}

static void add_app(lw *L, ctx *c, uint32_t pred, const term_t *args, uint32_t n) {
  chc_app *na = aralloc(L, (c->napps + 1) * sizeof(chc_app));
  if (c->napps) memcpy(na, c->apps, c->napps * sizeof(chc_app));
  na[c->napps].pred = pred;
  na[c->napps].args = aralloc(L, (n + 1) * sizeof(term_t));
  memcpy(na[c->napps].args, args, n * sizeof(term_t));
  c->apps = na;
  c->napps++;
}

void list_push(lw *L, ctxlist *l, const ctx *c) {
  if (c->dead) return;
  l->v = arena_room(L, l->v, l->n, &l->cap, sizeof(ctx), 4);
  l->v[l->n++] = ctx_copy(L, c);
}

static void emit(lw *L, const ctx *c, uint32_t head, const term_t *args, uint32_t line) {
  if (c->dead) return;
  if (L->F && L->F->txi >= 0) line = SOL_TX_TAG + (uint32_t)L->F->txi;
  chc_add_clause(&L->out->sys, c->napps, c->apps, term_and(c->ncons, c->cons), head, args, line);
}

static uint32_t new_pred(lw *L, const char *what, uint32_t n, const type_t *sorts) {
  char name[300];
  snprintf(name, sizeof name, "%s.%s#%u", L->root_name, what, L->npredname++);
  term_t sym = n ? term_var(name, type_fun(n, sorts, type_bool())) : term_var(name, type_bool());
  return chc_add_pred(&L->out->sys, name, sym, n, sorts);
}

static type_t *frame_sorts(lw *L, const ctx *c) {
  type_t *s = aralloc(L, (L->F->n + 1) * sizeof(type_t));
  for (uint32_t i = 0; i < L->F->n; i++) s[i] = term_type(c->cur[i]);
  return s;
}

/* A predicate over the whole frame: c flows into it and a new path starts
 * from it with fresh variables. */
static ctx restart(lw *L, const ctx *c, uint32_t pred) {
  ctx d;
  memset(&d, 0, sizeof d);
  d.cur = aralloc(L, (L->F->n + 1) * sizeof(term_t));
  for (uint32_t i = 0; i < L->F->n; i++) d.cur[i] = term_fresh_var("v", term_type(c->cur[i]));
  add_app(L, &d, pred, d.cur, L->F->n);
  return d;
}

/* the same applications (copied paths share their argument arrays) */
static bool same_apps(const ctx *a, const ctx *b) {
  if (a->napps != b->napps) return false;
  for (uint32_t i = 0; i < a->napps; i++)
    if (a->apps[i].pred != b->apps[i].pred || a->apps[i].args != b->apps[i].args) return false;
  return true;
}

/* Joins the paths of l: by if-then-else when they share their predicate
 * applications, else through a join predicate. */
ctx merge(lw *L, ctxlist *l, const char *what) {
  ctx out;
  memset(&out, 0, sizeof out);
  if (l->n == 0) {
    out.dead = true;
    out.cur = aralloc(L, (L->F->n + 1) * sizeof(term_t));
    return out;
  }
  if (l->n == 1) return l->v[0];
  bool same = true;
  for (uint32_t i = 1; i < l->n; i++) same &= same_apps(&l->v[0], &l->v[i]);
  if (!same) {
    uint32_t p = new_pred(L, what, L->F->n, frame_sorts(L, &l->v[0]));
    for (uint32_t i = 0; i < l->n; i++) emit(L, &l->v[i], p, l->v[i].cur, 0);
    return restart(L, &l->v[0], p);
  }
  /* common prefix of the constraints stays outside the disjunction */
  uint32_t pre = l->v[0].ncons;
  for (uint32_t i = 1; i < l->n; i++) {
    uint32_t k = 0;
    while (k < pre && k < l->v[i].ncons && l->v[i].cons[k] == l->v[0].cons[k]) k++;
    pre = k;
  }
  out = ctx_copy(L, &l->v[0]);
  out.ncons = pre;
  term_t *pc = aralloc(L, l->n * sizeof(term_t));
  for (uint32_t i = 0; i < l->n; i++) pc[i] = term_and(l->v[i].ncons - pre, l->v[i].cons + pre);
  add_cons(L, &out, term_or(l->n, pc));
  for (uint32_t j = 0; j < L->F->n; j++) {
    term_t x = l->v[l->n - 1].cur[j];
    for (uint32_t i = l->n - 1; i-- > 0;)
      if (l->v[i].cur[j] != x) x = term_ite(pc[i], l->v[i].cur[j], x);
    out.cur[j] = x;
  }
  return out;
}

static ctx merge2(lw *L, const ctx *a, const ctx *b, const char *what) {
  ctxlist l = {0};
  list_push(L, &l, a);
  list_push(L, &l, b);
  return merge(L, &l, what);
}

/* ---------- frames ---------- */

#define PTR_LEAVES (1 + ALIAS_MAX)   /* a storage pointer's value: selector, indices */

static ty *lval_type(lw *L, const lval *lv);

static bool same_shape(const lval *a, const lval *b) {
  if (a->slot != b->slot || a->n != b->n) return false;
  for (uint32_t i = 0; i < a->n; i++)
    if (a->st[i].index != b->st[i].index || (!a->st[i].index && a->st[i].field != b->st[i].field)) return false;
  return true;
}

static bool is_storage_param(const cJSON *p) { return strcmp(sol_str(p, "storageLocation"), "storage") == 0; }
/* a parameter passed as a storage pointer; modular mode: not those of the
 * checked function (a public library function checked on its own reaches
 * its storage arguments only through its parameters: values of the frame;
 * two that may alias: sol_lower_modular's `aliased`) */
static bool ptr_param(lw *L, const cJSON *p) { return is_storage_param(p) && !(L->mod && L->F && L->F->txi >= 0); }
static bool is_memory_param(const cJSON *p) { return strcmp(sol_str(p, "storageLocation"), "memory") == 0; }
/* e names a memory object or a part of one (not a fresh value) */
static bool is_mem_place(const cJSON *e) {
  return (is(e, "Identifier") || is(e, "MemberAccess") || is(e, "IndexAccess")) && strstr(sol_type_string(e), " memory");
}
static bool fn_writes_memory(lw *L, const cJSON *fn);
static bool fresh_mem(const cJSON *e);
static val coerce(lw *L, val v, ty *t, const cJSON *at);

/* header leaves of a parameter: a storage pointer passes its selector and
 * index terms */
static uint32_t param_nleaves(lw *L, const cJSON *p) {
  if (!ptr_param(L, p)) return ty_of_decl(L, p)->nl;
  return PTR_LEAVES;
}

int add_slot(lw *L, int id, ty *t) {
  frame *F = L->F;
  if (id >= 0 && F->slot_of[id] >= 0) return F->slot_of[id];
  if (F->nslots == F->capslots) {
    F->capslots = F->capslots ? 2 * F->capslots : 32;
    F->off = xrealloc(F->off, F->capslots * sizeof *F->off);
    F->sty = xrealloc(F->sty, F->capslots * sizeof *F->sty);
    F->alias = xrealloc(F->alias, F->capslots * sizeof *F->alias);
    F->alias_idx = xrealloc(F->alias_idx, F->capslots * sizeof *F->alias_idx);
    F->ptr_decl = xrealloc(F->ptr_decl, F->capslots * sizeof *F->ptr_decl);
    F->mem_param = xrealloc(F->mem_param, F->capslots * sizeof *F->mem_param);
  }
  int s = (int)F->nslots++;
  F->off[s] = F->n;
  F->sty[s] = t;
  F->alias[s] = NULL;
  F->alias_idx[s] = -1;
  F->ptr_decl[s] = -1;
  F->mem_param[s] = false;
  F->n += t->nl;
  if (id >= 0) F->slot_of[id] = s;
  return s;
}


/* A storage pointer's selector and index terms live in slots of their own
 * (they must survive loop heads and joins like any value); once per
 * pointer (declaration decl). */
static void alias_slots(lw *L, int s, int decl) {
  if (L->F->alias_idx[s] >= 0) return;
  int first = add_slot(L, -1, int_ty(L, 256, false));
  for (int k = 1; k < PTR_LEAVES; k++) add_slot(L, -1, int_ty(L, 256, false));
  L->F->alias_idx[s] = first;
  L->F->ptr_decl[s] = decl;
}

/* Local variables of a body (slots for every declaration, whatever its scope). */
static void collect_locals(lw *L, const cJSON *n) {
  if (!n) return;
  if (cJSON_IsObject(n) && is(n, "VariableDeclaration")) {
    const char *loc = sol_str(n, "storageLocation");
    ty *t = ty_of_decl(L, n);
    int s = add_slot(L, sol_int(n, "id"), t);
    if (strcmp(loc, "storage") == 0) alias_slots(L, s, sol_int(n, "id"));
  }
  /* a slot for the value of an operand evaluated on one branch only */
  if (cJSON_IsObject(n) && is(n, "BinaryOperation") &&
      (strcmp(sol_str(n, "operator"), "&&") == 0 || strcmp(sol_str(n, "operator"), "||") == 0))
    add_slot(L, sol_int(n, "id"), mk(L, T_BOOL));
  if (cJSON_IsObject(n) && is(n, "Conditional")) {
    ty *t = ty_from_string(L, sol_type_string(n));
    if (t) add_slot(L, sol_int(n, "id"), t);
  }
  if (cJSON_IsObject(n) && (is(n, "FunctionTypeName"))) return;
  for (const cJSON *c = n->child; c; c = c->next)
    if (cJSON_IsObject(c) || cJSON_IsArray(c)) collect_locals(L, c);
}

static bool same_ty(const ty *a, const ty *b);
/* n declares variable id (a local of the body, not a parameter) */
static bool declares(const cJSON *n, int id) {
  if (!n) return false;
  if (cJSON_IsObject(n) && is(n, "VariableDeclaration") && sol_int(n, "id") == id) return true;
  for (const cJSON *c = n->child; c; c = c->next)
    if ((cJSON_IsObject(c) || cJSON_IsArray(c)) && declares(c, id)) return true;
  return false;
}

/* node n itself assigns to variable id as a whole */
static bool rebinds_here(const cJSON *n, int id) {
  if (cJSON_IsObject(n) && (is(n, "Assignment") || (is(n, "UnaryOperation") && strcmp(sol_str(n, "operator"), "delete") == 0))) {
    const cJSON *t = child(n, is(n, "Assignment") ? "leftHandSide" : "subExpression");
    while (is(t, "TupleExpression") && cJSON_GetArraySize(child(t, "components")) == 1) t = child(t, "components")->child;
    if (is(t, "Identifier") && sol_int(t, "referencedDeclaration") == id) return true;
    if (is(t, "TupleExpression"))
      for (const cJSON *x = child(t, "components")->child; x; x = x->next)
        if (is(x, "Identifier") && sol_int(x, "referencedDeclaration") == id) return true;
  }
  return false;
}

/* n assigns to variable id as a whole (x = .., (x, y) = .., delete x) */
static bool rebinds(const cJSON *n, int id) {
  if (!n) return false;
  if (rebinds_here(n, id)) return true;
  for (const cJSON *c = n->child; c; c = c->next)
    if ((cJSON_IsObject(c) || cJSON_IsArray(c)) && rebinds(c, id)) return true;
  return false;
}

/* `T memory x = y;` with y a memory local of the body: x refers to y's
 * object. When neither is ever rebound in the body, x is y's slot (the
 * reference copy is exact); else the binding stays a value copy, which
 * var_decl refuses where the function writes memory. */
static void share_mem_locals(lw *L, const cJSON *body, const cJSON *n) {
  if (!n) return;
  if (cJSON_IsObject(n) && is(n, "VariableDeclarationStatement") && cJSON_GetArraySize(child(n, "declarations")) == 1) {
    const cJSON *d = child(n, "declarations")->child, *init = child(n, "initialValue");
    const cJSON *y = is(init, "Identifier") ? sol_node(L->a, sol_int(init, "referencedDeclaration")) : NULL;
    int xs = is(d, "VariableDeclaration") ? L->F->slot_of[nid(L, d)] : -1, ys = y ? L->F->slot_of[nid(L, y)] : -1;
    if (is(d, "VariableDeclaration") && is(y, "VariableDeclaration") && xs >= 0 && ys >= 0 && xs != ys &&
        strcmp(sol_str(d, "storageLocation"), "memory") == 0 && strcmp(sol_str(y, "storageLocation"), "memory") == 0 &&
        is_ref_type(L->F->sty[xs]) && same_ty(L->F->sty[xs], L->F->sty[ys]) && declares(body, sol_int(y, "id")) &&
        !rebinds(body, sol_int(d, "id")) && !rebinds(body, sol_int(y, "id")))
      L->F->slot_of[nid(L, d)] = ys;
  }
  for (const cJSON *c = n->child; c; c = c->next)
    if (cJSON_IsObject(c) || cJSON_IsArray(c)) share_mem_locals(L, body, c);
}

/* number of whole assignments of variable id in n (x = .., tuples, delete) */
static int count_rebinds(const cJSON *n, int id) {
  if (!n) return 0;
  int k = 0;
  if (cJSON_IsObject(n) && (is(n, "Assignment") || is(n, "UnaryOperation")) && rebinds_here(n, id)) k++;
  for (const cJSON *c = n->child; c; c = c->next)
    if (cJSON_IsObject(c) || cJSON_IsArray(c)) k += count_rebinds(c, id);
  return k;
}

/* a memory reference local declared in body (not a parameter) */
static bool mem_local(lw *L, const cJSON *body, const cJSON *d) {
  if (!is(d, "VariableDeclaration") || strcmp(sol_str(d, "storageLocation"), "memory") != 0) return false;
  int s = L->F->slot_of[nid(L, d)];
  return s >= 0 && is_ref_type(L->F->sty[s]) && declares(body, sol_int(d, "id"));
}

/* s, a statement of the body's top level, binds memory local *x to the
 * object of *y (`x = y;`, `T memory x = y;`) or, y NULL, to a fresh
 * object (`x = new ..`, `x = S(..)`) */
static bool top_bind(lw *L, const cJSON *body, const cJSON *s, const cJSON **x, const cJSON **y) {
  const cJSON *lhs = NULL, *rhs = NULL;
  if (is(s, "ExpressionStatement")) {
    const cJSON *e = child(s, "expression");
    if (!is(e, "Assignment") || strcmp(sol_str(e, "operator"), "=") != 0 || !is(child(e, "leftHandSide"), "Identifier")) return false;
    lhs = sol_node(L->a, sol_int(child(e, "leftHandSide"), "referencedDeclaration"));
    rhs = child(e, "rightHandSide");
  } else if (is(s, "VariableDeclarationStatement") && cJSON_GetArraySize(child(s, "declarations")) == 1) {
    lhs = child(s, "declarations")->child;
    rhs = child(s, "initialValue");
    if (!is(rhs, "Identifier")) return false;
  } else return false;
  if (!mem_local(L, body, lhs)) return false;
  *x = lhs;
  *y = is(rhs, "Identifier") ? sol_node(L->a, sol_int(rhs, "referencedDeclaration")) : NULL;
  if (*y) return mem_local(L, body, *y) && same_ty(L->F->sty[slot_of(L, lhs)], L->F->sty[slot_of(L, *y)]);
  return fresh_mem(rhs);
}

static int mr_find(const frame *F, int id) {
  for (uint32_t i = 0; i < F->nmr; i++)
    if (F->mr_id[i] == id) return (int)i;
  return -1;
}

/* Reference semantics for memory locals rebound in straight-line code: the
 * memory locals that a top-level `x = y;` binds (and those bound to or
 * from them by top-level declarations `T memory z = x;`) get their slot
 * from the statement that bound them last, so x reads and writes y's
 * object; `x = S(..)` gives x an object of its own. Only when every whole
 * assignment of those variables is such a statement: one at the top level
 * runs once per run of the body, after what precedes it and before what
 * follows, so the slot map is exact (no loop, no join; the map is reset
 * where the body starts, level()). */
static void mem_rebinds(lw *L, const cJSON *body) {
  frame *F = L->F;
  const cJSON *st = child(body, "statements"), *x, *y;
  int n = cJSON_GetArraySize(st), nids = 0;
  int *ids = aralloc(L, (size_t)(2 * n + 1) * sizeof(int));
  for (const cJSON *s = st ? st->child : NULL; s; s = s->next)   /* the variables `x = y;` binds */
    if (is(s, "ExpressionStatement") && top_bind(L, body, s, &x, &y) && y) ids[nids++] = nid(L, x), ids[nids++] = nid(L, y);
  if (!nids) return;
  F->mr_id = ids, F->nmr = (uint32_t)nids;
  for (bool grew = true; grew;) {   /* declarations bound to or from them join */
    grew = false;
    for (const cJSON *s = st->child; s; s = s->next)
      if (is(s, "VariableDeclarationStatement") && top_bind(L, body, s, &x, &y) &&
          (mr_find(F, nid(L, x)) >= 0) != (mr_find(F, nid(L, y)) >= 0)) {
        ids[F->nmr++] = mr_find(F, nid(L, x)) >= 0 ? nid(L, y) : nid(L, x);
        grew = true;
      }
  }
  F->mr_slot = aralloc(L, (F->nmr + 1) * sizeof(int));
  F->mr_at = aralloc(L, (size_t)(n + 1) * sizeof *F->mr_at);
  F->mr_new = aralloc(L, (size_t)(n + 1) * sizeof(int));
  int *own = aralloc(L, (F->nmr + 1) * sizeof(int));
  for (uint32_t i = 0; i < F->nmr; i++) F->mr_slot[i] = F->slot_of[F->mr_id[i]], own[i] = 0;
  for (const cJSON *s = st->child; s; s = s->next) {
    if (!top_bind(L, body, s, &x, &y) || mr_find(F, nid(L, x)) < 0) continue;
    if (is(s, "ExpressionStatement")) own[mr_find(F, nid(L, x))]++;
    F->mr_new[F->nmrat] = y ? -1 : add_slot(L, -1, F->sty[slot_of(L, x)]);
    F->mr_at[F->nmrat++] = s;
  }
  for (uint32_t i = 0; i < F->nmr; i++)   /* any other whole assignment: not encoded */
    if (count_rebinds(body, F->mr_id[i]) != own[i]) { F->nmr = F->nmrat = 0; return; }
}

/* s is a statement of mem_rebinds: executed on the slot map */
static bool mem_rebind_stmt(lw *L, ctx *c, const cJSON *s) {
  frame *F = L->F;
  for (uint32_t i = 0; i < F->nmrat; i++) {
    if (F->mr_at[i] != s) continue;
    const cJSON *x, *y;
    (void)top_bind(L, child(F->fn, "body"), s, &x, &y);
    if (y) { F->slot_of[nid(L, x)] = slot_of(L, y); return true; }
    int ns = F->mr_new[i];
    val v = coerce(L, expr(L, c, child(child(s, "expression"), "rightHandSide")), F->sty[ns], s);
    F->slot_of[nid(L, x)] = ns;
    set_slot(L, c, ns, v);
    return true;
  }
  return false;
}

static bool same_ty(const ty *a, const ty *b) {
  if (a == b) return true;
  if (a->k != b->k || a->nl != b->nl || a->cut != b->cut || a->len != b->len || a->nf != b->nf) return false;
  if (a->k == T_INT) return a->bits == b->bits && a->sign == b->sign && a->emax == b->emax;
  if (a->k == T_MAP || a->k == T_ARRAY) return same_ty(a->elem, b->elem);
  for (int i = 0; i < a->nf; i++)
    if (!same_ty(a->f[i], b->f[i])) return false;
  return true;
}

/* The places pointer declaration decl of the current root may point to. */
static ptr_shapes *shapes_of(lw *L, int decl) {
  lower_hints *h = L->hints;
  int root = (int)L->out->nroots - 1;
  for (uint32_t i = 0; i < h->nptr; i++)
    if (h->ptr[i].root == root && h->ptr[i].decl == decl) return &h->ptr[i];
  if (h->nptr == h->capptr) {
    h->capptr = h->capptr ? 2 * h->capptr : 8;
    h->ptr = xrealloc(h->ptr, h->capptr * sizeof *h->ptr);
  }
  ptr_shapes *P = &h->ptr[h->nptr++];
  memset(P, 0, sizeof *P);
  P->root = root;
  P->decl = decl;
  return P;
}

/* The number of place lv (one alternative) among decl's places, added if
 * new: a place found after the pointer was read needs a new attempt. */
static uint32_t shape_index(lw *L, int decl, const lval *lv, const cJSON *at) {
  ptr_shapes *P = shapes_of(L, decl);
  for (uint32_t j = 0; j < P->n; j++)
    if (same_shape(&P->sh[j], lv)) return j;
  if (P->n && !same_ty(lval_type(L, &P->sh[0]), lval_type(L, lv))) unsup(L, at, "storage pointer to places of different types");
  if (P->n == PTR_SHAPES) unsup(L, at, "storage pointer to many places");
  lval sh = *lv;
  for (uint32_t i = 0; i < sh.n; i++) sh.st[i].idx = NULL_TERM;
  sh.guard = NULL_TERM;
  sh.alt = NULL;
  P->sh[P->n] = sh;
  if (P->used) {   /* known from the start next time */
    P->n++;
    L->hints->retry = L->hints->can_retry;
    unsup(L, at, "storage pointer pointed at a place found late");
  }
  return P->n++;
}

/* The place pointer declaration decl points to when its value (selector,
 * indices) is v[0..PTR_LEAVES): a decision list over its places. NULL
 * when it has none yet. */
static const lval *ptr_chain(lw *L, int decl, const term_t *v) {
  ptr_shapes *P = shapes_of(L, decl);
  P->used = true;
  const lval *next = NULL;
  for (uint32_t j = P->n; j-- > 0;) {
    lval *node = aralloc(L, sizeof *node);
    *node = P->sh[j];
    uint32_t k = 1;
    for (uint32_t i = 0; i < node->n; i++)
      if (node->st[i].index) node->st[i].idx = v[k++];
    node->guard = next ? term_eq(v[0], term_int((long)j)) : NULL_TERM;
    node->alt = next;
    next = node;
  }
  return next;
}

/* The value (selector, indices) into out[0..PTR_LEAVES) of pointer
 * declaration decl pointing at lv (a decision list). */
static void ptr_value(lw *L, int decl, const lval *lv, term_t *out, const cJSON *at) {
  const lval *nodes[16];
  uint32_t nn = 0;
  for (const lval *x = lv; x; x = x->alt) {
    if (nn == 16) unsup(L, at, "storage pointer to many places");
    if (x->slot >= (int)L->nstate_vars) unsup(L, at, "storage pointer argument");
    nodes[nn++] = x;
  }
  for (uint32_t i = nn; i-- > 0;) {
    term_t v[PTR_LEAVES];
    v[0] = term_int((long)shape_index(L, decl, nodes[i], at));
    uint32_t k = 1;
    for (uint32_t q = 0; q < nodes[i]->n; q++)
      if (nodes[i]->st[q].index) {
        if (k == PTR_LEAVES) unsup(L, at, "storage pointer with many indices");
        v[k++] = nodes[i]->st[q].idx;
      }
    while (k < PTR_LEAVES) v[k++] = term_int(0);
    for (uint32_t q = 0; q < PTR_LEAVES; q++)
      out[q] = i == nn - 1 || nodes[i]->guard == NULL_TERM ? v[q] : term_ite(nodes[i]->guard, v[q], out[q]);
  }
}

/* The place a storage pointer refers to, from its selector and index
 * slots on the current path. */
static lval alias_lval(lw *L, const ctx *c, int s) {
  const lval *lv = ptr_chain(L, L->F->ptr_decl[s], c->cur + L->F->off[L->F->alias_idx[s]]);
  if (!lv) unsup(L, NULL, "storage pointer without a place");
  return *lv;
}

val slot_val(lw *L, const ctx *c, int s) {
  val v = mkval(L, L->F->sty[s]);
  memcpy(v.v, c->cur + L->F->off[s], v.t->nl * sizeof(term_t));
  return v;
}

void set_slot(lw *L, ctx *c, int s, val v) {
  memcpy(c->cur + L->F->off[s], v.v, L->F->sty[s]->nl * sizeof(term_t));
}

/* the hidden state slots (-1 when the file does not use them) */
/* The slot of declaration d, which the lowering gave one (a malformed AST
 * may name a declaration that has none). */
int slot_of(lw *L, const cJSON *d) {
  int s = L->F->slot_of[nid(L, d)];
  if (s < 0) unsup(L, d, "malformed AST (declaration without a place)");
  return s;
}
int this_slot(lw *L) { return L->this_id >= 0 ? L->F->slot_of[L->this_id] : -1; }
int balance_slot(lw *L) { return L->balance_id >= 0 ? L->F->slot_of[L->balance_id] : -1; }
static int others_slot(lw *L) { return L->others_id >= 0 ? L->F->slot_of[L->others_id] : -1; }

/* amount arrives at address `to` (not this): the others' balances (no
 * overflow: all ether together is below 2^256) */
static void others_receive(lw *L, ctx *c, term_t to, term_t amount, term_t when) {
  int os = others_slot(L);
  if (os < 0) return;
  term_t *m = &c->cur[L->F->off[os]], old = term_select(*m, to), now = term_add2(old, amount);
  add_cons(L, c, term_implies(when, term_lt(now, pow2(256))));
  *m = term_ite(when, term_store(*m, to, now), *m);
}

/* other code ran: the others' balances are anything */
static void others_havoc(lw *L, ctx *c, term_t fresh) {
  int os = others_slot(L);
  if (os >= 0) c->cur[L->F->off[os]] = fresh != NULL_TERM ? fresh : term_fresh_var("balances", type_array(type_int(), type_int()));
}

/* ---------- summaries ---------- */

static uint32_t summary_of(lw *L, const cJSON *fn);

/* the summary's arguments for the current path: pre, sender, value,
 * params-in, state, returns, err */
static term_t *summary_args(lw *L, const ctx *c, term_t err, uint32_t *n) {
  frame *F = L->F;
  uint32_t nret = 0;
  for (uint32_t i = 0; i < F->nret; i++) nret += F->alias_idx[F->ret_slots[i]] >= 0 ? PTR_LEAVES : F->sty[F->ret_slots[i]]->nl;
  for (uint32_t i = 0; i < F->nio; i++) nret += F->sty[F->io_slots[i]]->nl;
  uint32_t k = F->hdr + L->nstate + nret + 1, j = 0;
  term_t *a = aralloc(L, (k + 1) * sizeof(term_t));
  for (uint32_t i = 0; i < F->hdr; i++) a[j++] = c->cur[i];
  for (uint32_t i = 0; i < L->nstate; i++) a[j++] = c->cur[F->hdr + i];
  for (uint32_t i = 0; i < F->nret; i++) {
    int s = (int)F->ret_slots[i];
    if (F->alias_idx[s] >= 0) {   /* a storage pointer: selector and indices */
      for (uint32_t q = 0; q < PTR_LEAVES; q++) a[j++] = c->cur[F->off[F->alias_idx[s]] + q];
      continue;
    }
    for (uint32_t q = 0; q < F->sty[s]->nl; q++) a[j++] = c->cur[F->off[s] + q];
  }
  for (uint32_t i = 0; i < F->nio; i++) {
    int s = (int)F->io_slots[i];
    for (uint32_t q = 0; q < F->sty[s]->nl; q++) a[j++] = c->cur[F->off[s] + q];
  }
  a[j++] = err;
  *n = j;
  return a;
}

/* The end of a path: into the summary, or (a transaction) into C on
 * success and Err on a failed assertion. */
void emit_error(lw *L, const ctx *c, term_t err) {
  frame *F = L->F;
  if (F->txi >= 0) {
    if (err == term_int(0)) {
      if (!L->mod) emit(L, c, F->C, c->cur + F->hdr, 0);   /* modular: the checks came before */
    }
    else emit(L, c, F->E, &err, 0);
    return;
  }
  uint32_t n;
  term_t *a = summary_args(L, c, err, &n);
  emit(L, c, L->F->summary, a, 0);
}

/* Where ok fails the path ends with error err; it goes on where ok holds. */
void fail_unless(lw *L, ctx *c, term_t ok, term_t err) {
  ctx bad = ctx_copy(L, c);
  add_cons(L, &bad, term_not(ok));
  emit_error(L, &bad, err);
  add_cons(L, c, ok);
}

/* The two paths of a branch on cond (c itself may be one of them). */
void split(lw *L, const ctx *c, term_t cond, ctx *t, ctx *f) {
  ctx a = ctx_copy(L, c), b = ctx_copy(L, c);
  add_cons(L, &a, cond);
  add_cons(L, &b, term_not(cond));
  *t = a;
  *f = b;
}

/* ---------- expressions ---------- */


static bool const_value(const cJSON *e, mpz_t out) {
  if (!is(e, "Literal") || strcmp(sol_str(e, "kind"), "number") != 0) {
    /* constant folded by solc: int_const typeString (short ones only) */
    const char *ts = sol_type_string(e);
    if (strncmp(ts, "int_const ", 10) == 0 && !strchr(ts, '.') && mpz_set_str(out, ts + 10, 10) == 0) return true;
    return false;
  }
  const char *v = sol_str(e, "value");
  char buf[512];
  size_t n = 0;
  for (const char *p = v; *p && n < sizeof buf - 1; p++)
    if (*p != '_') buf[n++] = *p;
  buf[n] = 0;
  if (strncmp(buf, "0x", 2) == 0 || strncmp(buf, "0X", 2) == 0) {
    if (mpz_set_str(out, buf + 2, 16) != 0) return false;
  } else {
    char *ex = strpbrk(buf, "eE");
    if (strchr(buf, '.')) return false;
    if (ex) *ex = 0;
    if (mpz_set_str(out, buf, 10) != 0) return false;
    if (ex) {
      long k = atol(ex + 1);
      if (k < 0 || k > 512) return false;
      mpz_t p;
      mpz_init(p);
      mpz_ui_pow_ui(p, 10, (unsigned long)k);
      mpz_mul(out, out, p);
      mpz_clear(p);
    }
  }
  const char *sub = sol_str(e, "subdenomination");
  static const struct { const char *n; unsigned long m; } subs[] = {
    {"wei", 1}, {"gwei", 1000000000UL}, {"seconds", 1}, {"minutes", 60}, {"hours", 3600}, {"days", 86400}, {"weeks", 604800}};
  if (strcmp(sub, "ether") == 0) {
    mpz_t p;
    mpz_init(p);
    mpz_ui_pow_ui(p, 10, 18);
    mpz_mul(out, out, p);
    mpz_clear(p);
  } else
    for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
      if (strcmp(sub, subs[i].n) == 0) mpz_mul_ui(out, out, subs[i].m);
  return true;
}

static long const_long(lw *L, const cJSON *e) {
  mpz_t z;
  mpz_init(z);
  if (!const_value(e, z) || !mpz_fits_slong_p(z)) { mpz_clear(z); unsup(L, e, "non-constant length"); }
  long v = mpz_get_si(z);
  mpz_clear(z);
  if (v < 0 || v > 1000000) unsup(L, e, "array length");
  return v;
}

/* the type of expression e as solc states it (elementary types only) */
static ty *expr_ty(lw *L, const cJSON *e) {
  ty *t = ty_from_string(L, sol_type_string(e));
  if (!t) unsup(L, e, "type %s", sol_type_string(e));
  return t;
}

/* whether e calls a function or assigns (needs its own branch) */
bool has_calls(const cJSON *e) {
  if (!e) return false;
  if (cJSON_IsObject(e)) {
    const char *k = sol_kind(e);
    if (strcmp(k, "FunctionCall") == 0 && strcmp(sol_str(e, "kind"), "functionCall") == 0) return true;
    if (strcmp(k, "Assignment") == 0) return true;
    if (strcmp(k, "UnaryOperation") == 0 && (strcmp(sol_str(e, "operator"), "++") == 0 ||
                                             strcmp(sol_str(e, "operator"), "--") == 0 || strcmp(sol_str(e, "operator"), "delete") == 0))
      return true;
  }
  for (const cJSON *c = e->child; c; c = c->next)
    if ((cJSON_IsObject(c) || cJSON_IsArray(c)) && has_calls(c)) return true;
  return false;
}

static term_t tdiv(term_t a, term_t b) {
  /* Solidity truncates towards zero; SMT-LIB div is Euclidean */
  return term_ite(term_ge(a, term_int(0)), term_idiv(a, b), term_neg(term_idiv(term_neg(a), b)));
}

static term_t to_unsigned(const ty *t, term_t x) {
  if (!t->sign || t->bits == 0) return x;
  return term_ite(term_lt(x, term_int(0)), term_add2(x, pow2(t->bits)), x);
}

static term_t from_unsigned(const ty *t, term_t x) {
  if (!t->sign || t->bits == 0) return x;
  return term_ite(term_ge(x, pow2(t->bits - 1)), term_sub(x, pow2(t->bits)), x);
}

static term_t bitop(lw *L, const cJSON *e, term_op op, const ty *t, term_t a, term_t b) {
  int bits = t->bits ? t->bits : 256;
  if (t->bits == 0) unsup(L, e, "bitwise operation on constants");
  term_t lin = L->mod ? NULL_TERM : term_bitop_int(op, (uint32_t)bits, to_unsigned(t, a), to_unsigned(t, b));
  if (lin != NULL_TERM) return from_unsigned(t, lin);
  term_t r = term_bv2nat(term_bvop2(op, term_nat2bv((uint32_t)bits, to_unsigned(t, a)), term_nat2bv((uint32_t)bits, to_unsigned(t, b))));
  return from_unsigned(t, r);
}

static bool fixed_int(term_t t, long *v) {
  if (!term_is_const(t) || term_type(t) != type_int()) return false;
  mpq_t q;
  mpq_init(q);
  term_rat_value(t, q);
  bool ok = mpz_fits_slong_p(mpq_numref(q));
  if (ok) *v = mpz_get_si(mpq_numref(q));
  mpq_clear(q);
  return ok;
}

/* arithmetic with Solidity 0.8 semantics: checked (overflow reverts) or
 * unchecked (wraps); division by zero reverts either way */
static term_t arith(lw *L, ctx *c, const cJSON *e, const char *op, const ty *t, term_t a, term_t b) {
  term_t r;
  /* Horn clauses: split small divisors and factors (core/term_intops.h);
   * modular mode keeps its own nonlinear handling (sol_ring, sol_split) */
  bool split = !L->mod;
  if (strcmp(op, "+") == 0) r = term_add2(a, b);
  else if (strcmp(op, "-") == 0) r = term_sub(a, b);
  else if (strcmp(op, "*") == 0) r = split ? term_product_split(a, b) : term_mul2(a, b);
  else if (strcmp(op, "/") == 0) { add_cons(L, c, term_not(term_eq(b, term_int(0)))); r = split ? term_trunc_div(a, b) : tdiv(a, b); }
  else if (strcmp(op, "%") == 0) {
    add_cons(L, c, term_not(term_eq(b, term_int(0))));
    r = split ? term_trunc_rem(a, b) : term_sub(a, term_mul2(b, tdiv(a, b)));
  }
  else if (strcmp(op, "**") == 0) {
    long k;
    if (!fixed_int(b, &k) || k < 0) unsup(L, e, "exponent that is not a constant");
    long base;
    if (fixed_int(a, &base) || k > 16) {
      if (!term_is_const(a)) unsup(L, e, "large exponent");
      mpq_t q; mpz_t z;
      mpq_init(q); mpz_init(z);
      term_rat_value(a, q);
      if (k > 4096) unsup(L, e, "large exponent");
      mpz_pow_ui(z, mpq_numref(q), (unsigned long)k);
      r = term_int_mpz(z);
      mpq_clear(q); mpz_clear(z);
    } else {
      r = term_int(1);
      for (long i = 0; i < k; i++) r = term_mul2(r, a);
    }
  } else if (strcmp(op, "&") == 0) return bitop(L, e, OP_BVAND, t, a, b);
  else if (strcmp(op, "|") == 0) return bitop(L, e, OP_BVOR, t, a, b);
  else if (strcmp(op, "^") == 0) return bitop(L, e, OP_BVXOR, t, a, b);
  else if (strcmp(op, "<<") == 0 || strcmp(op, ">>") == 0) {
    long k;
    if (!fixed_int(b, &k)) {
      if (t->bits == 0) unsup(L, e, "shift of a constant by a variable amount");
      /* through bit-vectors; amounts of at least the width shift everything out */
      uint32_t w = (uint32_t)t->bits;
      term_t big = term_ge(b, term_int(t->bits)), bv = term_nat2bv(w, to_unsigned(t, a));
      term_t amt = term_nat2bv(w, term_ite(big, term_int(0), b));
      if (op[0] == '<') return term_ite(big, term_int(0), from_unsigned(t, term_bv2nat(term_bvop2(OP_BVSHL, bv, amt))));
      if (!t->sign) return term_ite(big, term_int(0), term_bv2nat(term_bvop2(OP_BVLSHR, bv, amt)));
      return term_ite(big, term_ite(term_lt(a, term_int(0)), term_int(-1), term_int(0)),
                      from_unsigned(t, term_bv2nat(term_bvop2(OP_BVASHR, bv, amt))));
    }
    if (k < 0 || k > 4096) unsup(L, e, "shift amount");
    if (op[0] == '<') return wrap(t, term_mul2(a, pow2((int)k)));
    return term_idiv(a, pow2((int)k));   /* floor: arithmetic shift for signed */
  } else unsup(L, e, "operator %s", op);
  if (t->bits == 0) return r;
  if (L->arith == SOL_ARITH_INT) return r;   /* unbounded, as solc-verify's int mode */
  if (L->arith == SOL_ARITH_MOD_OVF) {   /* wrap, and remember that it did (checked at the end) */
    int fs = L->F->slot_of[L->a->nids + 2];
    if (fs >= 0) c->cur[L->F->off[fs]] = term_or2(c->cur[L->F->off[fs]], term_not(in_range(t, r)));
  }
  if (L->F->unchecked || L->arith != SOL_ARITH_CHECKED) return wrap(t, r);
  add_cons(L, c, in_range(t, r));
  return r;
}

static term_t compare(lw *L, const cJSON *e, const char *op, val a, val b) {
  if (a.t->nl != 1 || b.t->nl != 1) unsup(L, e, "comparison of composite values");
  term_t x = a.v[0], y = b.v[0];
  if (strcmp(op, "==") == 0) return term_eq(x, y);
  if (strcmp(op, "!=") == 0) return term_not(term_eq(x, y));
  if (strcmp(op, "<") == 0) return term_lt(x, y);
  if (strcmp(op, "<=") == 0) return term_le(x, y);
  if (strcmp(op, ">") == 0) return term_gt(x, y);
  if (strcmp(op, ">=") == 0) return term_ge(x, y);
  unsup(L, e, "operator %s", op);
}

/* Facts every value of type t satisfies: integers within their type's
 * range, lengths non-negative (elements of mappings and arrays when read). */
void assume_ranges(lw *L, ctx *c, const ty *t, const term_t *v) {
  switch (t->k) {
  case T_INT: add_cons(L, c, in_range(t, v[0])); return;
  case T_BOOL: case T_MAP: return;
  case T_STRUCT: for (int i = 0; i < t->nf; i++) assume_ranges(L, c, t->f[i], v + field_off(t, i)); return;
  case T_ARRAY:
    add_cons(L, c, term_ge(v[t->elem->nl], term_int(0)));
    if (L->mod) add_cons(L, c, term_lt(v[t->elem->nl], pow2(64)));   /* solc caps array lengths at 2^64 */
    return;
  }
}

/* reading through a path */
static val select_val(lw *L, ctx *c, val base, term_t idx, const cJSON *at) {
  if (base.t->fb) return mod_byte(L, c, base, idx, at);   /* bytesN[i] */
  if (base.t->k != T_MAP && base.t->k != T_ARRAY) unsup(L, at, "index access on this type");
  ty *et = base.t->elem;
  if (base.t->k == T_ARRAY) {
    term_t len = base.v[et->nl];
    /* out of bounds reverts (solc-verify: no check on arrays, only on fixed
     * bytes); an annotation reads the contents */
    if (!L->spec) add_cons(L, c, term_and2(term_ge(idx, term_int(0)), term_lt(idx, len)));
  }
  val r = mkval(L, et);
  for (uint32_t i = 0; i < et->nl; i++) r.v[i] = term_select(base.v[i], idx);
  assume_ranges(L, c, et, r.v);
  return r;
}

val lval_read(lw *L, ctx *c, const lval *lv) {
  if (lv->alt) {   /* the place where the guard holds, else the others */
    lval one = *lv;
    one.alt = NULL;
    val a = lval_read(L, c, &one), b = lval_read(L, c, lv->alt), r = mkval(L, a.t);
    for (uint32_t q = 0; q < a.t->nl; q++) r.v[q] = term_ite(lv->guard, a.v[q], b.v[q]);
    return r;
  }
  val v = slot_val(L, c, lv->slot);
  for (uint32_t i = 0; i < lv->n; i++) {
    if (lv->st[i].index) {
      ty *et = v.t->elem;
      val r = mkval(L, et);
      for (uint32_t q = 0; q < et->nl; q++) r.v[q] = term_select(v.v[q], lv->st[i].idx);
      v = r;
    } else v = component(&v, lv->st[i].field);
  }
  return v;
}

/* the value of variable slot s; a storage pointer's is the place's */
static val var_val(lw *L, ctx *c, int s) {
  if (!L->F->alias[s]) return slot_val(L, c, s);
  lval al = alias_lval(L, c, s);
  return lval_read(L, c, &al);
}

/* base with the sub-value at path[k..] replaced by nv */
void upd(lw *L, val base, const lval *lv, uint32_t k, val nv) {
  if (k == lv->n) { memcpy(base.v, nv.v, base.t->nl * sizeof(term_t)); return; }
  if (!lv->st[k].index) { upd(L, component(&base, lv->st[k].field), lv, k + 1, nv); return; }
  ty *et = base.t->elem;
  val inner = mkval(L, et);
  term_t idx = lv->st[k].idx;
  for (uint32_t q = 0; q < et->nl; q++) inner.v[q] = term_select(base.v[q], idx);
  upd(L, inner, lv, k + 1, nv);
  for (uint32_t q = 0; q < et->nl; q++) base.v[q] = term_store(base.v[q], idx, inner.v[q]);
}

static void lval_write(lw *L, ctx *c, const lval *lv, val nv);

/* Writes nv into the places of decision list lv where `when` holds. */
static void lval_write_when(lw *L, ctx *c, const lval *lv, val nv, term_t when) {
  lval one = *lv;
  one.alt = NULL;
  term_t g = lv->alt ? term_and2(when, lv->guard) : when;
  val before = slot_val(L, c, one.slot);
  lval_write(L, c, &one, nv);
  for (uint32_t q = 0; q < before.t->nl; q++) {
    term_t *at = &c->cur[L->F->off[one.slot] + q];
    if (*at != before.v[q]) *at = term_ite(g, *at, before.v[q]);
  }
  if (lv->alt) lval_write_when(L, c, lv->alt, nv, term_and2(when, term_not(lv->guard)));
}

static void lval_write(lw *L, ctx *c, const lval *lv, val nv) {
  if (lv->alt) {
    /* the sums and event data follow one place at a time, unconditionally */
    if (L->nsum || L->nevd) unsup(L, NULL, "%s", "a storage pointer to several places");
    lval_write_when(L, c, lv, nv, term_true());
    return;
  }
  if (L->nsum || L->nevd) mod_write(L, c, lv, nv);   /* sums and event data follow the changes */
  val base = slot_val(L, c, lv->slot);
  upd(L, base, lv, 0, nv);
  set_slot(L, c, lv->slot, base);
}

/* array value arr with x appended */
static val pushed(lw *L, val arr, val x) {
  ty *et = arr.t->elem;
  term_t len = arr.v[et->nl];
  val nv = mkval(L, arr.t);
  for (uint32_t q = 0; q < et->nl; q++) nv.v[q] = term_store(arr.v[q], len, x.v[q]);
  nv.v[et->nl] = term_add2(len, term_int(1));
  return nv;
}

/* the array at lv (value arr) with x pushed (NULL: its last element popped) */
static void push_pop(lw *L, ctx *c, const lval *lv, val arr, const val *x) {
  if (L->nsum) mod_sum_push_pop(L, c, lv, arr, x);
  if (x) { lval_write(L, c, lv, pushed(L, arr, *x)); return; }
  ty *et = arr.t->elem;
  term_t nl = term_sub(arr.v[et->nl], term_int(1));
  val d = default_val(L, et), nv = mkval(L, arr.t);
  for (uint32_t q = 0; q < et->nl; q++) nv.v[q] = term_store(arr.v[q], nl, d.v[q]);
  nv.v[et->nl] = nl;
  lval_write(L, c, lv, nv);
}

static int field_index(lw *L, const ty *t, const char *name, const cJSON *at) {
  if (t->cut) {
    L->cut_hit = true;
    unsup(L, at, "a recursive struct deeper than %d levels", L->unfold);
  }
  if (t->k != T_STRUCT) unsup(L, at, "member %s", name);
  for (int i = 0; i < t->nf; i++)
    if (t->fname && t->fname[i] && strcmp(t->fname[i], name) == 0) return i;
  unsup(L, at, "member %s", name);
}

static int var_slot(lw *L, const cJSON *id) {
  const cJSON *d = decl_of(L, id);
  if (!is(d, "VariableDeclaration")) unsup(L, id, "identifier %s", sol_str(id, "name"));
  int s = L->F->slot_of[nid(L, d)];
  if (s < 0) unsup(L, id, "variable %s outside its function", sol_str(id, "name"));
  return s;
}

static ty *lval_type(lw *L, const lval *lv) {
  ty *t = L->F->sty[lv->slot];
  for (uint32_t i = 0; i < lv->n; i++) t = lv->st[i].index ? t->elem : t->f[lv->st[i].field];
  return t;
}

static void check_param_write(lw *L, const lval *lv, const cJSON *at);

/* lv (every alternative) one step further */
static void lval_step(lw *L, lval *lv, bool index, int field, term_t idx, const cJSON *at) {
  if (lv->n >= 16) unsup(L, at, "deep access path");
  lv->st[lv->n].index = index;
  lv->st[lv->n].field = field;
  lv->st[lv->n++].idx = idx;
  if (lv->alt) {
    lval *a = aralloc(L, sizeof *a);
    *a = *lv->alt;
    lval_step(L, a, index, field, idx, at);
    lv->alt = a;
  }
}


/* The place e names, evaluated only where guard holds (see guarded). */
static lval lvalue_guarded(lw *L, ctx *c, const cJSON *e, term_t guard) {
  ctx t = ctx_copy(L, c);
  t.ncons = 0;
  t.dead = false;
  lval lv = lvalue(L, &t, e);
  if (t.napps != c->napps || memcmp(t.cur, c->cur, L->F->n * sizeof(term_t)) != 0)
    unsup(L, e, "side effects in a conditionally evaluated operand");
  add_cons(L, c, term_implies(guard, term_and(t.ncons, t.cons)));
  return lv;
}

/* `cond ? a : b` as a place: a's alternatives under cond, then b's. */
static lval lval_choice(lw *L, term_t cond, const lval *a, const lval *b, const cJSON *at) {
  if (!same_ty(lval_type(L, a), lval_type(L, b))) unsup(L, at, "conditional place of different types");
  lval *nodes[16];
  uint32_t n = 0;
  for (const lval *x = a; x; x = x->alt) {
    if (n == 16) unsup(L, at, "storage pointer to many places");
    nodes[n] = aralloc(L, sizeof(lval));
    *nodes[n] = *x;
    nodes[n]->guard = x->alt ? term_and2(cond, x->guard) : cond;
    n++;
  }
  for (uint32_t i = 0; i + 1 < n; i++) nodes[i]->alt = nodes[i + 1];
  nodes[n - 1]->alt = b;
  return *nodes[0];
}

lval lvalue(lw *L, ctx *c, const cJSON *e) {
  lval lv;
  memset(&lv, 0, sizeof lv);
  if (is(e, "Conditional")) {
    term_t cond = cond_of(L, expr(L, c, child(e, "condition")), e);
    lval a = lvalue_guarded(L, c, child(e, "trueExpression"), cond);
    lval b = lvalue_guarded(L, c, child(e, "falseExpression"), term_not(cond));
    lval *bp = aralloc(L, sizeof *bp);
    *bp = b;
    return lval_choice(L, cond, &a, bp, e);
  }
  if (is(e, "TupleExpression") && !sol_bool(e, "isInlineArray") && cJSON_GetArraySize(child(e, "components")) == 1)
    return lvalue(L, c, child(e, "components")->child);   /* (x) */
  if (is(e, "Identifier")) {
    int s = var_slot(L, e);
    if (L->F->alias[s]) return alias_lval(L, c, s);
    lv.slot = s;
    return lv;
  }
  if (is(e, "MemberAccess") && strncmp(sol_type_string(child(e, "expression")), "type(contract ", 14) == 0 &&
      is(decl_of(L, e), "VariableDeclaration") && L->F->slot_of[nid(L, decl_of(L, e))] >= 0) {
    lv.slot = L->F->slot_of[nid(L, decl_of(L, e))];
    return lv;
  }
  if (is(e, "MemberAccess")) {
    lv = lvalue(L, c, child(e, "expression"));
    ty *t = lval_type(L, &lv);
    lval_step(L, &lv, false, field_index(L, t, sol_str(e, "memberName"), e), NULL_TERM, e);
    return lv;
  }
  if (is(e, "IndexAccess")) {
    const cJSON *ie = child(e, "indexExpression");
    if (!ie || cJSON_IsNull(ie)) unsup(L, e, "index access without index");
    lv = lvalue(L, c, child(e, "baseExpression"));
    val idx = expr(L, c, ie);
    val base = lval_read(L, c, &lv);
    (void)select_val(L, c, base, idx.v[0], e);   /* bounds check */
    lval_step(L, &lv, true, 0, idx.v[0], e);
    return lv;
  }
  if (is(e, "FunctionCall") && is(child(e, "expression"), "MemberAccess") &&
      strcmp(sol_str(child(e, "expression"), "memberName"), "push") == 0 && cJSON_GetArraySize(child(e, "arguments")) == 0) {
    /* a.push() = v: push the default, then the new element is the place */
    const cJSON *base = child(child(e, "expression"), "expression");
    lv = lvalue(L, c, base);   /* evaluated once: it may push itself */
    check_param_write(L, &lv, e);
    val arr = lval_read(L, c, &lv);
    if (arr.t->k != T_ARRAY) unsup(L, e, "push on this type");
    term_t len = arr.v[arr.t->elem->nl];
    val x = default_val(L, arr.t->elem);
    push_pop(L, c, &lv, arr, &x);
    lval_step(L, &lv, true, 0, len, e);
    return lv;
  }
  if (is(e, "FunctionCall") && strcmp(sol_str(e, "kind"), "functionCall") == 0 && strstr(sol_type_string(e), " storage")) {
    val v = expr(L, c, e);   /* a function returning a storage pointer */
    if (!v.place) unsup(L, e, "storage reference from this call");
    return *v.place;
  }
  unsup(L, e, "assignment to %s", sol_kind(e));
}

/* A callee's memory reference parameters: MEM_IN when it never writes
 * into memory (the argument is passed as a value), MEM_INOUT when it may:
 * the summary returns the parameter's final value, which the caller
 * writes back into the argument's place (reference semantics, as long as
 * the parameter keeps pointing at the argument's object). */
enum { MEM_IN = 1, MEM_INOUT = 2 };

static void check_param_write(lw *L, const lval *lv, const cJSON *at) {
  for (; lv; lv = lv->alt) {
    if (L->F->mem_param[lv->slot] == MEM_IN && lv->n > 0) unsup(L, at, "writing into a memory reference parameter");
    if (L->F->mem_param[lv->slot] == MEM_INOUT && lv->n == 0) unsup(L, at, "rebinding a memory reference parameter");
  }
}

/* value converted for storing into a location of type t (literals and
 * narrower integers need nothing: ranges were checked where they arose) */
static val coerce(lw *L, val v, ty *t, const cJSON *at) {
  if (L->mod && (t->fb || v.t->fb || (t->opaque != v.t->opaque && t->nl == 1))) return mod_coerce(L, v, t, at);   /* bytesN, strings */
  if (v.t->nl != t->nl) unsup(L, at, "implicit conversion");
  val r = {t, v.v, NULL};
  return r;
}

static const cJSON *resolve_fn(lw *L, const cJSON *fn, int after_contract);

static val call_fn(lw *L, ctx *c, const cJSON *fn, const cJSON *args, const cJSON *at, term_t sender, term_t value);

static void set_alias(lw *L, ctx *c, int slot, lval *lv, const cJSON *at);

static val call_internal(lw *L, ctx *c, const cJSON *fn, const cJSON *args, const cJSON *at) {
  if (L->mod && mod_by_spec(L, fn)) return mod_spec_call(L, c, fn, args, at, NULL_TERM, c->cur[L->F->sender], c->cur[L->F->value]);
  check_overflow_before(L, c, at);
  const char *vis = sol_str(fn, "visibility");
  if (L->mod && (strcmp(vis, "public") == 0 || strcmp(vis, "external") == 0))   /* a public callee assumes the invariants */
    check_invs(L, c, SITE_INV_CALL, at);
  return call_fn(L, c, fn, args, at, c->cur[L->F->sender], c->cur[L->F->value]);
}

/* A call through fn's summary with the given msg.sender and msg.value. */
static val call_fn(lw *L, ctx *c, const cJSON *fn, const cJSON *args, const cJSON *at, term_t sender, term_t value) {
  if (!child(fn, "body") || cJSON_IsNull(child(fn, "body"))) unsup(L, at, "call of an unimplemented function");
  /* a callee's loops are cut too, so what follows the call is after a cut */
  if (L->mod && !L->exact && !L->cut && may_loop(L, fn, aralloc(L, (size_t)L->a->nids * sizeof(bool))))
    L->cut = L->out->cut_opaque = true;
  uint32_t S;
  /* the arguments first (they may change the state) */
  const cJSON *ps = child(child(fn, "parameters"), "parameters");
  int na = cJSON_GetArraySize(args);
  if (na != cJSON_GetArraySize(ps)) unsup(L, at, "call arguments");
  val *av = aralloc(L, (size_t)(na + 1) * sizeof(val));
  bool inout = fn_writes_memory(L, fn);
  lval **back = aralloc(L, (size_t)(na + 1) * sizeof(lval *));   /* where a memory argument's object is */
  int i = 0;
  const cJSON *p = ps ? ps->child : NULL;
  for (const cJSON *x = args ? args->child : NULL; x; x = x->next, p = p->next, i++) {
    if (inout && is_memory_param(p) && is_ref_type(ty_of_decl(L, p)) && is_mem_place(x)) {
      back[i] = aralloc(L, sizeof(lval));
      *back[i] = lvalue(L, c, x);
      for (int q = 0; q < i; q++)   /* one object passed twice: the callee would see its writes through both */
        if (back[q] && back[q]->slot == back[i]->slot) unsup(L, x, "memory arguments that may alias");
      av[i] = coerce(L, lval_read(L, c, back[i]), ty_of_decl(L, p), x);
      continue;
    }
    if (inout && is_memory_param(p) && is_ref_type(ty_of_decl(L, p)) && !fresh_mem(x)) unsup(L, x, "memory argument that may be shared");
    if (!is_storage_param(p)) { av[i] = coerce(L, expr(L, c, x), ty_of_decl(L, p), x); continue; }
    /* a storage pointer: places of state variables; selector and indices are passed */
    lval lv = lvalue(L, c, x);
    av[i] = mkval(L, mk(L, T_STRUCT));
    av[i].t->nl = PTR_LEAVES;
    av[i].v = aralloc(L, (PTR_LEAVES + 1) * sizeof(term_t));
    ptr_value(L, nid(L, p), &lv, av[i].v, x);
  }
  S = summary_of(L, fn);
  uint32_t arity = L->out->sys.preds[S].arity, j = 0;
  term_t *a = aralloc(L, (arity + 1) * sizeof(term_t));
#define PUT(t) do { if (j >= arity) unsup(L, at, "call signature"); a[j++] = (t); } while (0)
  for (uint32_t q = 0; q < L->nstate; q++) PUT(c->cur[L->F->hdr + q]);
  PUT(sender);
  PUT(value);
  for (uint32_t q = 0; q < L->nenv; q++) PUT(c->cur[L->F->env + q]);
  for (i = 0; i < na; i++)
    for (uint32_t q = 0; q < av[i].t->nl; q++) PUT(av[i].v[q]);
  term_t *post = aralloc(L, (L->nstate + 1) * sizeof(term_t));
  for (uint32_t q = 0; q < L->nstate; q++) {
    post[q] = term_fresh_var("s", L->state_sorts[q]);
    PUT(post[q]);
  }
  const cJSON *rs = child(child(fn, "returnParameters"), "parameters");
  int nr = cJSON_GetArraySize(rs);
  val *rv = aralloc(L, (size_t)(nr + 1) * sizeof(val));
  i = 0;
  term_t *pv = NULL;   /* a returned storage pointer's value */
  for (const cJSON *r = rs ? rs->child : NULL; r; r = r->next, i++) {
    if (is_storage_param(r)) {
      if (nr != 1) unsup(L, at, "storage pointer among several return values");
      pv = aralloc(L, (PTR_LEAVES + 1) * sizeof(term_t));
      for (uint32_t q = 0; q < PTR_LEAVES; q++) PUT(pv[q] = term_fresh_var("r", type_int()));
      continue;
    }
    rv[i] = fresh_val(L, ty_of_decl(L, r), "r");
    for (uint32_t q = 0; q < rv[i].t->nl; q++) PUT(rv[i].v[q]);
    assume_ranges(L, c, rv[i].t, rv[i].v);
  }
  val *io = aralloc(L, (size_t)(na + 1) * sizeof(val));
  i = 0;
  for (p = ps ? ps->child : NULL; p; p = p->next, i++) {
    if (!(inout && is_memory_param(p) && is_ref_type(ty_of_decl(L, p)))) continue;
    io[i] = fresh_val(L, ty_of_decl(L, p), "m");
    for (uint32_t q = 0; q < io[i].t->nl; q++) PUT(io[i].v[q]);
    assume_ranges(L, c, io[i].t, io[i].v);
  }
  term_t err = term_fresh_var("e", type_int());
  PUT(err);
#undef PUT
  if (j != arity) unsup(L, at, "call signature");
  add_app(L, c, S, a, j);
  fail_unless(L, c, term_eq(err, term_int(0)), err);
  memcpy(c->cur + L->F->hdr, post, L->nstate * sizeof(term_t));
  for (i = 0; i < na; i++)   /* the callee's writes into the arguments' objects */
    if (back[i]) lval_write(L, c, back[i], io[i]);
  if (pv) {   /* the place it points to, and what is there now */
    const lval *pl = ptr_chain(L, nid(L, rs->child), pv);
    if (!pl) {   /* its places are not known yet: lower the callee first */
      lower_hints *h = L->hints;
      h->first = xrealloc(h->first, (h->nfirst + 1) * 2 * sizeof(int));
      h->first[2 * h->nfirst] = (int)L->out->nroots - 1;
      h->first[2 * h->nfirst++ + 1] = nid(L, fn);
      h->retry = h->can_retry && h->nfirst < 16;
      unsup(L, at, "storage pointer returned before its callee is lowered");
    }
    val r = lval_read(L, c, pl);
    r.place = pl;
    return r;
  }
  if (nr == 1) return rv[0];
  return tuple_val(L, nr, rv);
}

static val empty_val(lw *L) { return tuple_val(L, 0, NULL); }

/* A new assertion number for a check of the given kind at node at. */
uint32_t new_site(lw *L, sol_site_kind kind, int annot, const cJSON *at, const char *name) {
  sol_chc *o = L->out;
  uint32_t k = ++o->nasserts;
  o->assert_line = xrealloc(o->assert_line, (k + 1) * sizeof(unsigned));
  o->sites = xrealloc(o->sites, (k + 1) * sizeof(sol_site));
  unsigned col = 0;
  o->assert_line[k] = at ? sol_line(L->a, at, &col) : 0;
  o->sites[k] = (sol_site){kind, annot, o->assert_line[k], col, name, L->cut, L->approx, 0};
  return k;
}

static void do_assert(lw *L, ctx *c, const cJSON *call, term_t cond) {
  int id = nid(L, call);
  if (!L->assert_k[id]) L->assert_k[id] = (int)new_site(L, SITE_ASSERT, -1, call, NULL);
  if (L->cut) L->out->sites[L->assert_k[id]].after_cut = true;   /* one number for every inlined copy */
  if (L->approx) L->out->sites[L->assert_k[id]].approx = true;
  fail_unless(L, c, cond, term_int(L->assert_k[id]));
}

static val conversion(lw *L, ctx *c, const cJSON *e) {
  const cJSON *args = child(e, "arguments");
  if (cJSON_GetArraySize(args) != 1) unsup(L, e, "conversion");
  const cJSON *arg = need_first(L, e, "arguments");
  ty *t = expr_ty(L, e);
  val v = expr(L, c, arg);
  if (L->mod && (t->fb || v.t->fb || t->opaque || v.t->opaque)) return mod_coerce(L, v, t, e);   /* bytesN, strings */
  if (t->opaque || v.t->opaque) unsup(L, e, "conversion of a string or bytes value");
  if (v.t->nl != 1 || t->k != T_INT || (v.t->k != T_INT)) {
    if (t->k == T_BOOL && v.t->k == T_BOOL) return v;
    unsup(L, e, "conversion to %s", sol_type_string(e));
  }
  if (t->emax >= 0) {   /* to an enum: out of range panics (solc-verify: an error) */
    if (L->mod) fail_unless(L, c, in_range(t, v.v[0]), term_int(new_site(L, SITE_ENUM, -1, e, NULL)));
    add_cons(L, c, in_range(t, v.v[0]));
    return scalar(L, t, v.v[0]);
  }
  return scalar(L, t, wrap(t, v.v[0]));
}

static val struct_ctor(lw *L, ctx *c, const cJSON *e) {
  const cJSON *d = decl_of(L, child(e, "expression"));
  if (!is(d, "StructDefinition")) unsup(L, e, "struct constructor");
  ty *t = struct_ty(L, d, 0);
  val r = default_val(L, t);
  const cJSON *names = child(e, "names");
  int i = 0;
  for (const cJSON *x = first(e, "arguments"); x; x = x->next, i++) {
    int f = cJSON_GetArraySize(names) > 0 ? field_index(L, t, cJSON_GetArrayItem(names, i)->valuestring, e) : i;
    if (f >= t->nf) unsup(L, e, "struct constructor");
    val v = coerce(L, expr(L, c, x), t->f[f], x);
    memcpy(r.v + field_off(t, f), v.v, t->f[f]->nl * sizeof(term_t));
  }
  return r;
}

/* A call into unknown code: it may call back any public function of the
 * contract any number of times (the state moves along N from here) and
 * return anything; a revert there reverts the transaction (no clause). */
/* callee.f{value: amount}(..): ether leaves the contract first (a revert
 * without enough of it); to itself it comes back at once */
static void ether_with_call(lw *L, ctx *c, term_t amount, bool to_self, const cJSON *at) {
  if (amount == NULL_TERM) return;
  int bs = balance_slot(L);
  if (bs < 0) unsup(L, at, "call options without the balance");
  term_t *bal = &c->cur[L->F->off[bs]];
  add_cons(L, c, term_ge(*bal, amount));
  if (!to_self) *bal = term_sub(*bal, amount);
}

static bool is_this(const cJSON *x);

/* t (a target, tuples walked) is variable id */
static bool names_var(const cJSON *t, int id) {
  if (is(t, "Identifier")) return sol_int(t, "referencedDeclaration") == id;
  if (!is(t, "TupleExpression")) return false;
  for (const cJSON *x = child(t, "components") ? child(t, "components")->child : NULL; x; x = x->next)
    if (names_var(x, id)) return true;
  return false;
}

/* How local variable id is bound in n: *init when declared with the value
 * `this`, *other when declared otherwise or assigned (or deleted). */
static void binding_of(const cJSON *n, int id, bool *init, bool *other) {
  if (!n) return;
  if (cJSON_IsObject(n)) {
    if (is(n, "VariableDeclarationStatement"))
      for (const cJSON *d = child(n, "declarations") ? child(n, "declarations")->child : NULL; d; d = d->next)
        if (cJSON_IsObject(d) && sol_int(d, "id") == id) {
          bool single = cJSON_GetArraySize(child(n, "declarations")) == 1;
          if (single && is_this(child(n, "initialValue"))) *init = true;
          else *other = true;
        }
    const cJSON *t = is(n, "Assignment") ? child(n, "leftHandSide")
                     : is(n, "UnaryOperation") && strcmp(sol_str(n, "operator"), "delete") == 0 ? child(n, "subExpression") : NULL;
    *other |= names_var(t, id);
  }
  for (const cJSON *x = n->child; x; x = x->next)
    if (cJSON_IsObject(x) || cJSON_IsArray(x)) binding_of(x, id, init, other);
}

/* b is `this`, or a local variable declared with the value `this` and never
 * assigned (C c = this; c.f()): a call through it is a call of this */
static bool always_this(lw *L, const cJSON *b) {
  if (is_this(b)) return true;
  const cJSON *d = is(b, "Identifier") ? decl_of(L, b) : NULL;
  if (!is(d, "VariableDeclaration") || sol_bool(d, "stateVariable")) return false;
  bool init = false, other = false;
  binding_of(L->a->root, nid(L, d), &init, &other);
  return init && !other;
}

static val external_call(lw *L, ctx *c, const cJSON *e, const cJSON *callee, term_t amount) {
  const cJSON *fn = decl_of(L, callee);
  const cJSON *base = child(callee, "expression");
  if (always_this(L, base)) {
    if (this_slot(L) < 0) unsup(L, e, "external call to this");
    term_t self = c->cur[L->F->off[this_slot(L)]];
    if (is(fn, "FunctionDefinition") && L->mod) {   /* solc-verify: by the callee's specification */
      ether_with_call(L, c, amount, true, e);
      return mod_spec_call(L, c, resolve_fn(L, fn, -1), child(e, "arguments"), e, NULL_TERM, self, amount == NULL_TERM ? term_int(0) : amount);
    }
    if (is(fn, "FunctionDefinition")) {   /* the contract's own code, called with msg.sender = this */
      ether_with_call(L, c, amount, true, e);
      return call_fn(L, c, resolve_fn(L, fn, -1), child(e, "arguments"), e, self, amount == NULL_TERM ? term_int(0) : amount);
    }
    unsup(L, e, "external call to this");
  }
  if (L->trusted && known_code(L, sol_str(fn, "name"))) unsup(L, e, "trusted external call into known code");
  /* solc-verify uses the callee's specification here: unknown code would
   * be a coarser model, whose failures it need not share */
  if (L->mod && is(fn, "FunctionDefinition")) {   /* solc-verify: a call of the callee's procedure, at address x */
    term_t x = expr(L, c, base).v[0];
    term_t self = this_slot(L) >= 0 ? c->cur[L->F->off[this_slot(L)]] : term_fresh_var("this", type_int());
    bool me = mod_is_this(L, base);
    if (amount != NULL_TERM && !me) {   /* the ether moves to x first (back at once if x is this) */
      if (this_slot(L) < 0 || balance_slot(L) < 0) unsup(L, e, "call options without the balance");
      term_t *bal = &c->cur[L->F->off[balance_slot(L)]];
      add_cons(L, c, term_ge(*bal, amount));
      *bal = term_ite(term_eq(x, self), *bal, term_sub(*bal, amount));
      mod_credit(L, c, x, amount, term_true());
    } else ether_with_call(L, c, amount, true, e);
    return mod_spec_call(L, c, fn, child(e, "arguments"), e, me ? NULL_TERM : x, self, amount == NULL_TERM ? term_int(0) : amount);
  }
  term_t target = expr(L, c, base).v[0];
  for (const cJSON *x = child(e, "arguments") ? first(e, "arguments") : NULL; x; x = x->next) (void)expr(L, c, x);
  if (amount != NULL_TERM && L->mod) unsup(L, e, "call options");
  ether_with_call(L, c, amount, false, e);
  if (amount != NULL_TERM && !L->mod && this_slot(L) >= 0)
    others_receive(L, c, target, amount, term_not(term_eq(target, c->cur[L->F->off[this_slot(L)]])));
  if (L->mod) mod_call_out(L, c, e);   /* solc-verify: the invariants must hold; then any state satisfying them */
  else if (L->N == CHC_FALSE) {
    type_t *s2 = aralloc(L, (2 * L->nstate + 2) * sizeof(type_t));
    memcpy(s2, L->state_sorts, L->nstate * sizeof(type_t));
    memcpy(s2 + L->nstate, L->state_sorts, L->nstate * sizeof(type_t));
    s2[2 * L->nstate] = type_int();
    L->N = new_pred(L, "unknown", 2 * L->nstate + 1, s2);
  }
  if (!L->mod) {
    term_t *a = aralloc(L, (2 * L->nstate + 2) * sizeof(term_t));
    memcpy(a, c->cur + L->F->hdr, L->nstate * sizeof(term_t));
    for (uint32_t q = 0; q < L->nstate; q++) a[L->nstate + q] = term_fresh_var("s", L->state_sorts[q]);
    term_t err = a[2 * L->nstate] = term_fresh_var("e", type_int());
    add_app(L, c, L->N, a, 2 * L->nstate + 1);
    fail_unless(L, c, term_eq(err, term_int(0)), err);
    memcpy(c->cur + L->F->hdr, a + L->nstate, L->nstate * sizeof(term_t));
  }
  if (balance_slot(L) >= 0 && !L->mod) {   /* and after the last one */
    term_t b = term_fresh_var("balance", type_int()), *at = &c->cur[L->F->off[balance_slot(L)]];
    add_cons(L, c, term_and2(term_ge(b, *at), term_lt(b, pow2(256))));
    *at = b;
  }
  if (!L->mod) others_havoc(L, c, NULL_TERM);
  for (uint32_t i = 0; i < L->nstate_vars; i++) {   /* the state stays well-typed */
    val v = {L->state_ty[i], c->cur + L->F->hdr + (L->F->off[i] - L->F->hdr), NULL};
    assume_ranges(L, c, v.t, v.v);
  }
  const cJSON *rs = child(child(fn, "returnParameters"), "parameters");
  int nr = cJSON_GetArraySize(rs);
  val *rv = aralloc(L, (size_t)(nr + 1) * sizeof(val));
  int i = 0;
  for (const cJSON *r = rs ? rs->child : NULL; r; r = r->next, i++) {
    rv[i] = fresh_val(L, ty_of_decl(L, r), "ret");
    assume_ranges(L, c, rv[i].t, rv[i].v);
  }
  if (nr == 1) return rv[0];
  return tuple_val(L, nr, rv);
}

/* The term of a require/assert condition: one boolean leaf (solc's AST
 * always has one; a malformed one may give a value without leaves). */
term_t cond_of(lw *L, val v, const cJSON *e) {
  if (!v.t || v.t->k != T_BOOL || v.t->nl != 1) unsup(L, e, "malformed AST (condition not a bool)");
  return v.v[0];
}

/* f({y: b, x: a}): the arguments put in the order of f's parameters (in
 * place, names dropped), when none has calls (the order of evaluation is
 * then immaterial). False if that is not possible. */
static bool order_named_args(lw *L, const cJSON *e, const cJSON *callee) {
  const cJSON *d = decl_of(L, callee), *names = child(e, "names");
  cJSON *args = (cJSON *)child(e, "arguments");
  const cJSON *ps = child(child(d, "parameters"), "parameters");
  int n = cJSON_GetArraySize(names);
  if (!is(d, "FunctionDefinition") || !args || cJSON_GetArraySize(args) != n || cJSON_GetArraySize(ps) != n) return false;
  for (const cJSON *a = args->child; a; a = a->next)
    if (has_calls(a)) return false;
  cJSON **sorted = aralloc(L, (size_t)n * sizeof *sorted);
  int i = 0;
  for (const cJSON *p = ps->child; p; p = p->next, i++) {
    int k = 0;
    const cJSON *nm = names->child;
    while (nm && strcmp(nm->valuestring, sol_str(p, "name")) != 0) nm = nm->next, k++;
    if (!nm) return false;
    sorted[i] = cJSON_GetArrayItem(args, k);
  }
  for (i = 0; i < n; i++) cJSON_DetachItemViaPointer(args, sorted[i]);
  for (i = 0; i < n; i++) cJSON_AddItemToArray(args, sorted[i]);
  cJSON_DeleteItemFromObjectCaseSensitive((cJSON *)e, "names");
  return true;
}

/* The arguments from x on that may have effects (calls, assignments), in
 * turn, for those effects: a message or error argument runs before the
 * check or the revert (an assertion failing in it is a failure). */
static void eval_rest(lw *L, ctx *c, const cJSON *x) {
  for (; x && !c->dead; x = x->next)
    if (has_calls(x)) (void)expr(L, c, x);
}

static val call(lw *L, ctx *c, const cJSON *e) {
  const char *kind = sol_str(e, "kind");
  if (strcmp(kind, "typeConversion") == 0) return conversion(L, c, e);
  if (strcmp(kind, "structConstructorCall") == 0) return struct_ctor(L, c, e);
  const cJSON *callee = child(e, "expression"), *args = child(e, "arguments");
  while (is(callee, "TupleExpression") && cJSON_GetArraySize(child(callee, "components")) == 1)
    callee = child(callee, "components")->child;
  if (child(e, "names") && cJSON_GetArraySize(child(e, "names")) > 0 && !order_named_args(L, e, callee)) unsup(L, e, "named arguments");
  if (is(callee, "Identifier")) {
    const char *name = sol_str(callee, "name");
    if (sol_int(callee, "referencedDeclaration") < 0) {
      if (strcmp(name, "require") == 0) {
        term_t ok = cond_of(L, expr(L, c, need_first(L, e, "arguments")), e);
        eval_rest(L, c, need_first(L, e, "arguments")->next);   /* the message is evaluated whatever the condition */
        add_cons(L, c, ok);
        return empty_val(L);
      }
      if (strcmp(name, "assert") == 0) {
        do_assert(L, c, e, cond_of(L, expr(L, c, need_first(L, e, "arguments")), e));
        return empty_val(L);
      }
      if (strcmp(name, "revert") == 0) {
        eval_rest(L, c, first(e, "arguments"));
        c->dead = true;
        return empty_val(L);
      }
      val hv;
      if (L->mod && mod_builtin(L, c, e, name, &hv)) return hv;   /* hashes */
      unsup(L, e, "%s", name);
    }
    const cJSON *d = decl_of(L, callee);
    val v;
    if (L->mod && mod_verifier_call(L, c, e, name, &v)) return v;
    if (strncmp(name, "__verifier_", 11) == 0 || strncmp(name, "__zeta_", 7) == 0) unsup(L, e, "%s here", name);
    if (is(d, "FunctionDefinition")) return call_internal(L, c, resolve_fn(L, d, -1), args, e);
    if (is(d, "EventDefinition") || is(d, "ErrorDefinition")) {   /* nothing but its arguments */
      eval_rest(L, c, first(e, "arguments"));
      return empty_val(L);
    }
    unsup(L, e, "call of %s", name);
  }
  if (is(callee, "MemberAccess")) {
    const char *m = sol_str(callee, "memberName");
    const cJSON *base = child(callee, "expression");
    const char *bts = sol_type_string(base);
    if ((strcmp(m, "push") == 0 || strcmp(m, "pop") == 0) && strstr(bts, "[]")) {
      lval lv = lvalue(L, c, base);
      check_param_write(L, &lv, e);
      val arr = lval_read(L, c, &lv);
      ty *et = arr.t->elem;
      if (m[1] == 'u') {
        val x = args && args->child ? coerce(L, expr(L, c, args->child), et, e) : default_val(L, et);
        arr = lval_read(L, c, &lv);   /* the argument may have changed it */
        push_pop(L, c, &lv, arr, &x);
        return args && args->child ? empty_val(L) : x;
      }
      add_cons(L, c, term_gt(arr.v[et->nl], term_int(0)));
      push_pop(L, c, &lv, arr, NULL);
      return empty_val(L);
    }
    if ((strcmp(m, "transfer") == 0 || strcmp(m, "send") == 0) && strncmp(bts, "address", 7) == 0 && balance_slot(L) >= 0) {
      /* ether leaves the contract (2300 gas: the recipient cannot call back) */
      val to = expr(L, c, base);
      val amount = expr(L, c, need_first(L, e, "arguments"));
      int bs = balance_slot(L);
      term_t bal = c->cur[L->F->off[bs]], self = term_eq(to.v[0], c->cur[L->F->off[this_slot(L)]]);
      term_t after = term_ite(self, bal, term_sub(bal, amount.v[0]));
      if (m[0] == 't') {
        add_cons(L, c, term_ge(bal, amount.v[0]));
        c->cur[L->F->off[bs]] = after;
        if (L->mod) mod_credit(L, c, to.v[0], amount.v[0], term_true());
        else others_receive(L, c, to.v[0], amount.v[0], term_not(self));
        return empty_val(L);
      }
      term_t ok = term_fresh_var("sent", type_bool());
      add_cons(L, c, term_implies(ok, term_ge(bal, amount.v[0])));
      c->cur[L->F->off[bs]] = term_ite(ok, after, bal);
      if (L->mod) mod_credit(L, c, to.v[0], amount.v[0], ok);
      else others_receive(L, c, to.v[0], amount.v[0], term_and2(ok, term_not(self)));
      return scalar(L, bool_ty(L), ok);
    }
    if (is(base, "Identifier") && strcmp(sol_str(base, "name"), "super") == 0) {
      const cJSON *d = decl_of(L, callee);
      if (!is(d, "FunctionDefinition")) unsup(L, e, "super member");
      return call_internal(L, c, resolve_fn(L, d, L->F->contract), args, e);
    }
    if (strncmp(bts, "type(contract ", 14) == 0) {
      const cJSON *d = decl_of(L, callee);
      if (is(d, "FunctionDefinition")) return call_internal(L, c, d, args, e);
    }
    if (L->mod && library_fn(L, callee)) {   /* an internal library function: an internal call */
      if (strncmp(bts, "type(library ", 13) == 0) return call_internal(L, c, decl_of(L, callee), args, e);
      /* `using L for T`: the base is the first argument */
      cJSON *all = cJSON_CreateArray();
      L->tmp_json = xrealloc(L->tmp_json, (L->ntmp_json + 1) * sizeof(cJSON *));
      L->tmp_json[L->ntmp_json++] = all;
      cJSON_AddItemToArray(all, cJSON_CreateObjectReference(base->child));
      for (const cJSON *x = args ? args->child : NULL; x; x = x->next) cJSON_AddItemToArray(all, cJSON_CreateObjectReference(x->child));
      return call_internal(L, c, decl_of(L, callee), all, e);
    }
    if (strncmp(bts, "type(library ", 13) == 0) unsup(L, e, "library call");
    if (strncmp(bts, "contract ", 9) == 0 && is(decl_of(L, callee), "FunctionDefinition")) return external_call(L, c, e, callee, NULL_TERM);
    if (L->mod && strncmp(bts, "contract ", 9) == 0 && is(decl_of(L, callee), "VariableDeclaration") && !mod_is_this(L, base))
      return mod_getter(L, c, e, expr(L, c, base).v[0]);   /* another contract's state */
    if (always_this(L, base) && is(decl_of(L, callee), "VariableDeclaration")) {
      /* the getter of a public state variable: indices in turn, a scalar at the end */
      int sl = L->F->slot_of[nid(L, decl_of(L, callee))];
      if (sl < 0) unsup(L, e, "getter");
      val v = slot_val(L, c, sl);
      for (const cJSON *x = args ? args->child : NULL; x; x = x->next) v = select_val(L, c, v, expr(L, c, x).v[0], x);
      if (v.t->k == T_INT || v.t->k == T_BOOL) return v;
      if (v.t->k != T_STRUCT) unsup(L, e, "getter returning a composite value");
      /* a struct: its members but mappings and arrays, as a tuple */
      val *parts = aralloc(L, (size_t)(v.t->nf + 1) * sizeof(val));
      int np = 0;
      for (int i = 0; i < v.t->nf; i++) {
        ty *ft = v.t->f[i];
        if (ft->k == T_MAP || ft->k == T_ARRAY) continue;
        parts[np++] = component(&v, i);   /* a nested struct whole (a memory copy) */
      }
      return np == 1 ? parts[0] : tuple_val(L, np, parts);
    }
    if (L->mod && strcmp(m, "call") == 0 && strncmp(bts, "address", 7) == 0) return low_level_call(L, c, e, callee, NULL);
    if (strncmp(bts, "contract ", 9) == 0 || strncmp(bts, "address", 7) == 0) unsup(L, e, "external call");
    unsup(L, e, "call of member %s", m);
  }
  if (L->mod && is(callee, "NewExpression")) return mod_new(L, c, e);
  if (is(callee, "NewExpression")) unsup(L, e, "new");
  if (L->mod && is(callee, "FunctionCallOptions") && strcmp(sol_str(child(callee, "expression"), "memberName"), "call") == 0)
    return low_level_call(L, c, e, child(callee, "expression"), callee);
  if (is(callee, "FunctionCallOptions")) {   /* f{value: v}(..) (gas is not modelled) */
    const cJSON *inner = child(callee, "expression");
    term_t amount = NULL_TERM;
    const cJSON *nm = child(callee, "names") ? child(callee, "names")->child : NULL;
    for (const cJSON *o = child(callee, "options") ? child(callee, "options")->child : NULL; o; o = o->next, nm = nm ? nm->next : NULL) {
      if (!cJSON_IsString(nm) || (strcmp(nm->valuestring, "value") != 0 && strcmp(nm->valuestring, "gas") != 0)) unsup(L, e, "call option");
      val v = expr(L, c, o);
      if (strcmp(nm->valuestring, "value") == 0) amount = v.v[0];
    }
    if (is(inner, "MemberAccess") && strncmp(sol_type_string(child(inner, "expression")), "contract ", 9) == 0 &&
        is(decl_of(L, inner), "FunctionDefinition"))
      return external_call(L, c, e, inner, amount);
  }
  if (is(callee, "FunctionCallOptions")) unsup(L, e, "call options");
  unsup(L, e, "call of a %s", sol_kind(callee));
}

static val member(lw *L, ctx *c, const cJSON *e) {
  const char *m = sol_str(e, "memberName");
  const cJSON *base = child(e, "expression");
  const char *bts = sol_type_string(base);
  if (is(base, "Identifier") && sol_int(base, "referencedDeclaration") < 0) {
    const char *b = sol_str(base, "name");
    if (strcmp(b, "msg") == 0 && strcmp(m, "sender") == 0) return scalar(L, int_ty(L, 160, false), c->cur[L->F->sender]);
    if (strcmp(b, "msg") == 0 && strcmp(m, "value") == 0) return scalar(L, int_ty(L, 256, false), c->cur[L->F->value]);
    char full[64];
    snprintf(full, sizeof full, "%s.%s", b, m);
    if (strcmp(full, "block.difficulty") == 0) snprintf(full, sizeof full, "block.prevrandao");
    for (size_t q = 0; q < NENV; q++)
      if (strcmp(full, env_vars[q].name) == 0 && L->env_pos[q] >= 0)
        return scalar(L, int_ty(L, env_vars[q].bits, false), c->cur[L->F->env + (uint32_t)L->env_pos[q]]);
    unsup(L, e, "%s.%s", b, m);
  }
  if (strncmp(bts, "type(enum ", 10) == 0) {
    const cJSON *en = decl_of(L, base);
    int i = 0;
    for (const cJSON *x = child(en, "members") ? child(en, "members")->child : NULL; x; x = x->next, i++)
      if (strcmp(sol_str(x, "name"), m) == 0) return scalar(L, enum_ty(L, en), term_int(i));
    unsup(L, e, "enum member %s", m);
  }
  if (is(base, "FunctionCall") && is(child(base, "expression"), "Identifier") &&
      strcmp(sol_str(child(base, "expression"), "name"), "type") == 0 && (strcmp(m, "max") == 0 || strcmp(m, "min") == 0)) {
    const cJSON *arg = child(base, "arguments") ? child(base, "arguments")->child : NULL;
    const char *ts = sol_type_string(arg);   /* "type(uint8)" */
    char inner[128];
    if (strncmp(ts, "type(", 5) == 0 && snprintf(inner, sizeof inner, "%s", ts + 5) > 0 && strchr(inner, ')')) {
      *strchr(inner, ')') = 0;
      ty *t = ty_from_string(L, inner);
      if (t && t->k == T_INT && t->bits > 0 && t->emax < 0) {
        term_t hi = term_sub(t->sign ? pow2(t->bits - 1) : pow2(t->bits), term_int(1));
        term_t lo = t->sign ? term_neg(pow2(t->bits - 1)) : term_int(0);
        return scalar(L, t, m[1] == 'a' ? hi : lo);
      }
      if (t && t->emax >= 0) return scalar(L, t, m[1] == 'a' ? term_int(t->emax) : term_int(0));
    }
    unsup(L, e, "type(...).%s", m);
  }
  if (strncmp(bts, "type(contract ", 14) == 0 && is(decl_of(L, e), "VariableDeclaration") &&
      L->F->slot_of[nid(L, decl_of(L, e))] >= 0) {   /* C.x: a state variable */
    return var_val(L, c, L->F->slot_of[nid(L, decl_of(L, e))]);
  }
  const cJSON *cd = strncmp(bts, "type(contract ", 14) == 0 ? decl_of(L, e) : NULL;
  if (is(cd, "VariableDeclaration") && sol_bool(cd, "constant") && child(cd, "value")) {   /* C.k: a constant */
    val cv = expr(L, c, child(cd, "value"));
    return L->mod ? coerce(L, cv, ty_of_decl(L, cd), e) : cv;
  }
  if (strncmp(bts, "type(", 5) == 0) unsup(L, e, "member %s of a type", m);
  if (strcmp(m, "balance") == 0 && strncmp(bts, "address", 7) == 0) {
    const cJSON *x = base;
    while (is(x, "FunctionCall") && strcmp(sol_str(x, "kind"), "typeConversion") == 0 && first(x, "arguments"))
      x = first(x, "arguments");
    if (L->mod && !(is(x, "Identifier") && strcmp(sol_str(x, "name"), "this") == 0)) return mod_balance_of(L, c, expr(L, c, base).v[0]);
    if (!(is(x, "Identifier") && strcmp(sol_str(x, "name"), "this") == 0) && others_slot(L) >= 0 && balance_slot(L) >= 0) {
      /* any address: this one's balance, or the others' */
      term_t a = expr(L, c, base).v[0], o = term_select(c->cur[L->F->off[others_slot(L)]], a);
      add_cons(L, c, in_range(int_ty(L, 256, false), o));
      term_t self = c->cur[L->F->off[this_slot(L)]];
      return scalar(L, int_ty(L, 256, false), term_ite(term_eq(a, self), c->cur[L->F->off[balance_slot(L)]], o));
    }
    if (!(is(x, "Identifier") && strcmp(sol_str(x, "name"), "this") == 0) || balance_slot(L) < 0)
      unsup(L, e, "balance of another address");
    return scalar(L, int_ty(L, 256, false), c->cur[L->F->off[balance_slot(L)]]);
  }
  val v = expr(L, c, base);
  if (strcmp(m, "length") == 0 && v.t->k == T_ARRAY) {
    val r = scalar(L, int_ty(L, 256, false), v.v[v.t->elem->nl]);
    return r;
  }
  if (L->mod && strcmp(m, "length") == 0 && (v.t->fb || v.t->opaque)) return mod_length(L, c, v, base);
  if (v.t->k != T_STRUCT) unsup(L, e, "member %s", m);
  return component(&v, field_index(L, v.t, m, e));
}

/* e evaluated only when guard holds: allowed when it changes nothing but
 * may revert (a checked operation, an index); its conditions then bind
 * only under the guard */
static val guarded(lw *L, ctx *c, const cJSON *e, term_t guard) {
  ctx t = ctx_copy(L, c);
  t.ncons = 0;
  t.dead = false;
  val v = expr(L, &t, e);
  int fs = L->mod ? L->F->slot_of[L->a->nids + 2] : -1;   /* mod-overflow's flag: set under the guard */
  term_t flag = fs >= 0 ? t.cur[L->F->off[fs]] : NULL_TERM;
  if (fs >= 0) t.cur[L->F->off[fs]] = c->cur[L->F->off[fs]];
  if (t.napps != c->napps || memcmp(t.cur, c->cur, L->F->n * sizeof(term_t)) != 0)
    unsup(L, e, "side effects in a conditionally evaluated operand");
  add_cons(L, c, term_implies(guard, term_and(t.ncons, t.cons)));
  if (fs >= 0) c->cur[L->F->off[fs]] = term_ite(guard, flag, c->cur[L->F->off[fs]]);
  return v;
}

/* The value of a constant expression e of literal type t (solc folded it
 * into its type string): into *r, true; else false. */
static bool folded(const cJSON *e, const ty *t, term_t *r) {
  if (t->bits != 0) return false;
  mpz_t z;
  mpz_init(z);
  bool ok = const_value(e, z);
  if (ok) *r = term_int_mpz(z);
  mpz_clear(z);
  return ok;
}

static val binop(lw *L, ctx *c, const cJSON *e) {
  const char *op = sol_str(e, "operator");
  const cJSON *le = child(e, "leftExpression"), *re = child(e, "rightExpression");
  if (L->mod && (strncmp(sol_type_string(le), "string", 6) == 0 || strncmp(sol_type_string(le), "bytes ", 6) == 0 ||
                 strcmp(sol_type_string(le), "bytes") == 0))
    unsup(L, e, "an operation on a string or bytes value");
  if (strcmp(op, "&&") == 0 || strcmp(op, "||") == 0) {
    val a = expr(L, c, le);
    (void)cond_of(L, a, le);
    int slot = L->F->slot_of[nid(L, e)];
    if (slot >= 0 && has_calls(re)) {
      /* the right operand runs on one branch only (it may call functions) */
      bool andop = op[0] == '&';
      ctx rc, sc;
      split(L, c, andop ? a.v[0] : term_not(a.v[0]), &rc, &sc);
      val b = expr(L, &rc, re);
      set_slot(L, &rc, slot, b);
      set_slot(L, &sc, slot, scalar(L, bool_ty(L), term_bool(!andop)));
      *c = merge2(L, &rc, &sc, "sc");
      return slot_val(L, c, slot);
    }
    val b = guarded(L, c, re, op[0] == '&' ? a.v[0] : term_not(a.v[0]));
    (void)cond_of(L, b, re);
    return scalar(L, bool_ty(L), op[0] == '&' ? term_and2(a.v[0], b.v[0]) : term_or2(a.v[0], b.v[0]));
  }
  val a = expr(L, c, le), b = expr(L, c, re);
  if (!a.t || !b.t || a.t->nl < 1 || b.t->nl < 1) unsup(L, e, "malformed AST (operand without a value)");
  if (L->mod && a.t->fb && b.t->opaque) b = mod_coerce(L, b, a.t, re);   /* bytesN op "literal" */
  if (L->mod && b.t->fb && a.t->opaque) a = mod_coerce(L, a, b.t, le);
  if (strchr("<>=!", op[0]) && strcmp(op, "<<") != 0 && strcmp(op, ">>") != 0) {
    if (a.t->k == T_BOOL && (strcmp(op, "==") == 0 || strcmp(op, "!=") == 0))
      return scalar(L, bool_ty(L), op[0] == '=' ? term_iff(a.v[0], b.v[0]) : term_xor(a.v[0], b.v[0]));
    return scalar(L, bool_ty(L), compare(L, e, op, a, b));
  }
  ty *t = expr_ty(L, e);
  if (t->k == T_BOOL) unsup(L, e, "operator %s on bool", op);
  term_t r;
  if (folded(e, t, &r)) return scalar(L, t, r);
  return scalar(L, t, arith(L, c, e, op, t, a.v[0], b.v[0]));
}

static val unop(lw *L, ctx *c, const cJSON *e) {
  const char *op = sol_str(e, "operator");
  const cJSON *sub = child(e, "subExpression");
  if (strcmp(op, "!") == 0) {
    val v = expr(L, c, sub);
    return scalar(L, bool_ty(L), term_not(v.v[0]));
  }
  if (strcmp(op, "delete") == 0) {
    lval lv = lvalue(L, c, sub);
    check_param_write(L, &lv, e);
    lval_write(L, c, &lv, default_val(L, lval_type(L, &lv)));
    return empty_val(L);
  }
  if (strcmp(op, "++") == 0 || strcmp(op, "--") == 0) {
    lval lv = lvalue(L, c, sub);
    check_param_write(L, &lv, e);
    val old = lval_read(L, c, &lv);
    ty *t = lval_type(L, &lv);
    term_t nv = arith(L, c, e, op[0] == '+' ? "+" : "-", t, old.v[0], term_int(1));
    lval_write(L, c, &lv, scalar(L, t, nv));
    return scalar(L, t, sol_bool(e, "prefix") ? nv : old.v[0]);
  }
  ty *t = expr_ty(L, e);
  term_t r;
  if (folded(e, t, &r)) return scalar(L, t, r);
  val v = expr(L, c, sub);
  if (strcmp(op, "-") == 0) return scalar(L, t, arith(L, c, e, "-", t, term_int(0), v.v[0]));
  if (strcmp(op, "~") == 0) {
    if (t->bits == 0) unsup(L, e, "~ on a constant");
    return scalar(L, t, t->sign ? term_sub(term_neg(v.v[0]), term_int(1)) : term_sub(term_sub(pow2(t->bits), term_int(1)), v.v[0]));
  }
  unsup(L, e, "operator %s", op);
}

/* a storage reference among the components of a (nested) tuple expression */
static bool storage_component(const cJSON *rhs) {
  for (const cJSON *x = child(rhs, "components") ? child(rhs, "components")->child : NULL; x; x = x->next) {
    if (cJSON_IsNull(x)) continue;
    if (strstr(sol_type_string(x), " storage") || (is(x, "TupleExpression") && storage_component(x))) return true;
  }
  return false;
}

/* (a, (b, c)) = rv: the right side is copied first ((a, b) = (b, a)), then
 * written component by component, nested tuples recursively */
static void tuple_write(lw *L, ctx *c, const cJSON *lhs, val rv, const cJSON *e) {
  const cJSON *comps = child(lhs, "components");
  int n = cJSON_GetArraySize(comps);
  if (n == 1) {   /* (x) = v */
    if (is(comps->child, "TupleExpression")) { tuple_write(L, c, comps->child, rv, e); return; }
    lval lv = lvalue(L, c, comps->child);
    check_param_write(L, &lv, comps->child);
    lval_write(L, c, &lv, coerce(L, rv, lval_type(L, &lv), comps->child));
    return;
  }
  if (rv.t->k != T_STRUCT || rv.t->nf != n) unsup(L, e, "tuple assignment");
  val *parts = aralloc(L, (size_t)(n + 1) * sizeof(val));
  for (int i = 0; i < n; i++) parts[i] = component(&rv, i);
  int i = 0;
  for (const cJSON *x = comps ? comps->child : NULL; x; x = x->next, i++) {
    if (cJSON_IsNull(x)) continue;
    if (is(x, "TupleExpression")) { tuple_write(L, c, x, parts[i], e); continue; }
    lval lv = lvalue(L, c, x);
    check_param_write(L, &lv, x);
    lval_write(L, c, &lv, coerce(L, parts[i], lval_type(L, &lv), x));
  }
}

/* (a1, a2) = (a2, a1) with storage references on the right (solc's
 * TupleObject::storeValue): the right side's components are evaluated in
 * order, value types to values, storage references to places; the left
 * side's places next; then the components are stored from the last to the
 * first, each reference copied from its place at that moment (so a swap of
 * storage structs is no swap). Flat tuples into places only: a local
 * storage pointer on the left would be rebound, not written. */
static val tuple_storage_assign(lw *L, ctx *c, const cJSON *lhs, const cJSON *rhs, const cJSON *e) {
  const cJSON *lc = child(lhs, "components"), *rc = child(rhs, "components");
  int n = cJSON_GetArraySize(lc);
  if (n != cJSON_GetArraySize(rc) || n < 2) unsup(L, e, "tuple assignment of storage references");
  val *vals = aralloc(L, (size_t)n * sizeof(val));
  lval *from = aralloc(L, (size_t)n * sizeof(lval)), *to = aralloc(L, (size_t)n * sizeof(lval));
  bool *ref = aralloc(L, (size_t)n * sizeof(bool));
  int i = 0;
  for (const cJSON *x = rc->child; x; x = x->next, i++) {
    if (cJSON_IsNull(x) || is(x, "TupleExpression")) unsup(L, e, "tuple assignment of storage references");
    ref[i] = strstr(sol_type_string(x), " storage") != NULL;
    if (ref[i]) from[i] = lvalue(L, c, x);
    else vals[i] = expr(L, c, x);
  }
  i = 0;
  for (const cJSON *x = lc->child; x; x = x->next, i++) {
    if (cJSON_IsNull(x) || is(x, "TupleExpression")) unsup(L, e, "tuple assignment of storage references");
    const cJSON *d = is(x, "Identifier") ? decl_of(L, x) : NULL;
    if (d && !sol_bool(d, "stateVariable") && strcmp(sol_str(d, "storageLocation"), "storage") == 0)
      unsup(L, e, "tuple assignment to a storage pointer");
    to[i] = lvalue(L, c, x);
    check_param_write(L, &to[i], x);
  }
  for (i = n - 1; i >= 0; i--) {
    if (ref[i]) vals[i] = lval_read(L, c, &from[i]);
    vals[i] = coerce(L, vals[i], lval_type(L, &to[i]), e);
    lval_write(L, c, &to[i], vals[i]);
  }
  return tuple_val(L, n, vals);
}

static long src_start(const cJSON *n) { return atol(sol_str(n, "src")); }
static long src_end(const cJSON *n) {
  const char *p = strchr(sol_str(n, "src"), ':');
  return src_start(n) + (p ? atol(p + 1) : 0);
}

/* the statement of the function body's top level that is at or evaluates
 * at as its expression, or NULL */
static const cJSON *top_stmt(lw *L, const cJSON *at) {
  const cJSON *body = L->F->fn ? child(L->F->fn, "body") : NULL;
  for (const cJSON *s = child(body, "statements") ? child(body, "statements")->child : NULL; s; s = s->next)
    if (s == at || (is(s, "ExpressionStatement") && child(s, "expression") == at)) return s;
  return NULL;
}

/* references to declaration id in n starting at or after offset from */
static int refs_from(const cJSON *n, int id, long from) {
  if (!n) return 0;
  int k = cJSON_IsObject(n) && is(n, "Identifier") && sol_int(n, "referencedDeclaration") == id && src_start(n) >= from;
  for (const cJSON *c = n->child; c; c = c->next)
    if (cJSON_IsObject(c) || cJSON_IsArray(c)) k += refs_from(c, id, from);
  return k;
}

/* Identifier e, a memory local of the body, whose object statement top
 * (of the body's top level: it runs once, nothing after it loops back)
 * hands over: e is named once there and never after, and no other
 * variable names its object; then copying its value is the same as
 * sharing the object. */
static bool moved_mem(lw *L, const cJSON *e, const cJSON *top) {
  const cJSON *body = child(L->F->fn, "body"), *y = sol_node(L->a, sol_int(e, "referencedDeclaration"));
  if (!top || !mem_local(L, body, y) || mr_find(L->F, sol_int(y, "id")) >= 0) return false;
  int id = nid(L, y), s = L->F->slot_of[id];
  for (int i = 0; i < L->a->nids; i++)
    if (i != id && L->F->slot_of[i] == s) return false;
  return refs_from(top, id, 0) == 1 && refs_from(body, id, src_end(top)) == 0;
}

/* e makes a memory object nothing else refers to: `new`, a copy from
 * storage or calldata, a struct or inline array of such; not a variable,
 * a part of one or a call's result, which may be shared */
static bool fresh_or_moved(lw *L, const cJSON *e, const cJSON *top) {
  if (!e || cJSON_IsNull(e) || !strstr(sol_type_string(e), " memory")) return true;
  if (is(e, "FunctionCall")) {
    if (is(child(e, "expression"), "NewExpression")) return true;
    if (strcmp(sol_str(e, "kind"), "structConstructorCall") != 0) return false;
    for (const cJSON *x = child(e, "arguments") ? child(e, "arguments")->child : NULL; x; x = x->next)
      if (!fresh_or_moved(L, x, top)) return false;
    return true;
  }
  if (is(e, "TupleExpression")) {
    for (const cJSON *x = child(e, "components") ? child(e, "components")->child : NULL; x; x = x->next)
      if (!fresh_or_moved(L, x, top)) return false;
    return true;
  }
  if (is(e, "Conditional")) return fresh_or_moved(L, child(e, "trueExpression"), top) && fresh_or_moved(L, child(e, "falseExpression"), top);
  return L && is(e, "Identifier") && moved_mem(L, e, top);
}

static bool fresh_mem(const cJSON *e) { return fresh_or_moved(NULL, e, NULL); }

/* whether every assignment in n that gives variable id a whole new value
 * assigns a fresh object (`return (.., id, ..)` keeps it) */
static bool only_fresh(const cJSON *n, int id, const cJSON *rets) {
  if (!n) return true;
  if (cJSON_IsObject(n) && rebinds_here(n, id) &&
      !(is(n, "Assignment") && is(child(n, "leftHandSide"), "Identifier") && fresh_mem(child(n, "rightHandSide"))))
    return false;
  if (cJSON_IsObject(n) && is(n, "VariableDeclarationStatement") && declares(child(n, "declarations"), id) &&
      !fresh_mem(child(n, "initialValue")))
    return false;
  if (cJSON_IsObject(n) && is(n, "Return") && child(n, "expression") && !cJSON_IsNull(child(n, "expression"))) {
    const cJSON *e = child(n, "expression"), *r = rets ? rets->child : NULL;
    const cJSON *x = is(e, "TupleExpression") ? first(e, "components") : e;
    for (; r; r = r->next, x = x ? x->next : NULL)
      if (sol_int(r, "id") == id && !(x && ((is(x, "Identifier") && sol_int(x, "referencedDeclaration") == id) || fresh_mem(x)))) return false;
  }
  for (const cJSON *c = n->child; c; c = c->next)
    if ((cJSON_IsObject(c) || cJSON_IsArray(c)) && !only_fresh(c, id, rets)) return false;
  return true;
}

bool fresh_object(lw *L, const cJSON *d) {
  const cJSON *fn = L->top ? L->top->fn : NULL, *body = fn ? child(fn, "body") : NULL;
  const cJSON *rets = child(child(fn, "returnParameters"), "parameters");
  if (!is(d, "VariableDeclaration") || strcmp(sol_str(d, "storageLocation"), "memory") != 0 || !body) return false;
  int id = nid(L, d), s = L->top->slot_of[id];
  if (s < 0 || !(declares(body, id) || declares(rets, id)) || mr_find(L->top, id) >= 0) return false;
  for (int i = 0; i < L->a->nids; i++)
    if (i != id && L->top->slot_of[i] == s) return false;
  return only_fresh(body, id, rets);
}

/* A memory reference bound to the value of e: the lowering copies, which
 * is the same as sharing only while the function never writes into memory. */
static void check_mem_bind(lw *L, const cJSON *e, const cJSON *at) {
  if (!L->F->no_mem_writes && !fresh_or_moved(L, e, top_stmt(L, at))) unsup(L, at, "memory reference aliasing");
}

static val assignment(lw *L, ctx *c, const cJSON *e) {
  const char *op = sol_str(e, "operator");
  const cJSON *lhs = child(e, "leftHandSide"), *rhs = child(e, "rightHandSide");
  size_t oplen = strlen(op);
  if (e == L->cond_read) {   /* done before: the condition reads the target */
    lval lv = lvalue(L, c, lhs);
    return lval_read(L, c, &lv);
  }
  if (oplen < 1 || oplen > 4 || op[oplen - 1] != '=') unsup(L, e, "assignment operator '%s'", op);
  if (is(lhs, "TupleExpression")) {
    if (strcmp(op, "=") != 0) unsup(L, e, "compound tuple assignment");
    /* storage references on the right are not values: solc assigns them
     * one after the other (a swap of storage structs is not a swap) */
    if (storage_component(rhs)) {
      if (!is(rhs, "TupleExpression")) unsup(L, e, "tuple assignment of storage references");
      return tuple_storage_assign(L, c, lhs, rhs, e);
    }
    val rv = expr(L, c, rhs);
    check_mem_bind(L, rhs, e);
    tuple_write(L, c, lhs, rv, e);
    return rv;
  }
  if (is(lhs, "Identifier") && strcmp(op, "=") == 0) {
    /* a local storage pointer is rebound, not written through */
    const cJSON *d = decl_of(L, lhs);
    int s = d ? L->F->slot_of[nid(L, d)] : -1;
    if (s >= 0 && !sol_bool(d, "stateVariable") && strcmp(sol_str(d, "storageLocation"), "storage") == 0) {
      lval *plv = aralloc(L, sizeof *plv);
      *plv = lvalue(L, c, rhs);
      set_alias(L, c, s, plv, e);
      return lval_read(L, c, plv);
    }
  }
  val r = expr(L, c, rhs);
  lval lv = lvalue(L, c, lhs);
  check_param_write(L, &lv, e);
  ty *t = lval_type(L, &lv);
  if (strcmp(op, "=") != 0) {
    char bop[4] = {0};
    memcpy(bop, op, strlen(op) > 3 ? 2 : strlen(op) - 1);
    val old = lval_read(L, c, &lv);
    r = scalar(L, t, arith(L, c, e, bop, t, old.v[0], r.v[0]));
  } else if (is_ref_type(t) && strstr(sol_type_string(lhs), " memory") && !strstr(sol_type_string(lhs), "storage"))
    check_mem_bind(L, rhs, e);
  r = coerce(L, r, t, e);
  lval_write(L, c, &lv, r);
  return r;
}

static val tuple_expr(lw *L, ctx *c, const cJSON *e) {
  const cJSON *comps = child(e, "components");
  int n = cJSON_GetArraySize(comps);
  if (sol_bool(e, "isInlineArray")) {
    ty *et = NULL;
    val *vs = aralloc(L, (size_t)(n + 1) * sizeof(val));
    int i = 0;
    for (const cJSON *x = comps ? comps->child : NULL; x; x = x->next, i++) vs[i] = expr(L, c, x), et = vs[i].t;
    if (!et || et->nl != 1) unsup(L, e, "inline array");
    ty *t = mk(L, T_ARRAY);
    t->elem = et;
    t->len = n;
    finish_ty(t);
    val r = default_val(L, t);
    for (i = 0; i < n; i++) r.v[0] = term_store(r.v[0], term_int(i), vs[i].v[0]);
    return r;
  }
  if (n == 1) return expr(L, c, comps ? comps->child : NULL);
  val *vs = aralloc(L, (size_t)(n + 1) * sizeof(val));
  int i = 0;
  for (const cJSON *x = comps ? comps->child : NULL; x; x = x->next, i++) {
    if (cJSON_IsNull(x)) unsup(L, e, "empty tuple component");
    vs[i] = expr(L, c, x);
  }
  return tuple_val(L, n, vs);
}

/* Where the lowering over-approximates (sol_chc.overapprox), once. */
static void overapprox(lw *L, const cJSON *at, const char *what) {
  if (L->out->overapprox) return;
  if (asprintf(&L->out->overapprox, "%s at %s:%u", what, L->a->file, sol_line(L->a, at, NULL)) < 0) L->out->overapprox = NULL;
}

/* b[start:end]: reverts unless start <= end <= b.length; the length is
 * exact, the elements arbitrary (an over-approximation: b shifted by start
 * needs quantifiers) */
static val slice(lw *L, ctx *c, const cJSON *e) {
  val b = expr(L, c, child(e, "baseExpression"));
  if (b.t->k != T_ARRAY || b.t->len >= 0) unsup(L, e, "slice of this type");
  term_t len = b.v[b.t->elem->nl], lo = term_int(0), hi = len;
  const cJSON *x = child(e, "startExpression");
  if (x && !cJSON_IsNull(x)) lo = expr(L, c, x).v[0];
  x = child(e, "endExpression");
  if (x && !cJSON_IsNull(x)) hi = expr(L, c, x).v[0];
  add_cons(L, c, term_and2(term_le(lo, hi), term_le(hi, len)));
  val r = fresh_val(L, b.t, "slice");
  assume_ranges(L, c, b.t, r.v);
  r.v[b.t->elem->nl] = term_sub(hi, lo);
  overapprox(L, e, "the elements of a slice");
  return r;
}

val expr(lw *L, ctx *c, const cJSON *e) {
  const char *k = sol_kind(e);
  if (strcmp(k, "Literal") == 0) {
    const char *kind = sol_str(e, "kind");
    if (strcmp(kind, "bool") == 0) return scalar(L, bool_ty(L), term_bool(strcmp(sol_str(e, "value"), "true") == 0));
    if (L->mod && (strcmp(kind, "string") == 0 || strcmp(kind, "hexString") == 0)) return mod_string(L, e);
    mpz_t z;
    mpz_init(z);
    if (strcmp(kind, "number") != 0 || !const_value(e, z)) { mpz_clear(z); unsup(L, e, "%s literal", kind); }
    term_t t = term_int_mpz(z);
    mpz_clear(z);
    return scalar(L, lit_ty(L), t);
  }
  if (strcmp(k, "Identifier") == 0) {
    const char *name = sol_str(e, "name");
    if (strcmp(name, "this") == 0 && sol_int(e, "referencedDeclaration") < 0 && L->mod && L->fthis != NULL_TERM)
      return scalar(L, int_ty(L, 160, false), L->fthis);   /* in another contract's annotation */
    if (strcmp(name, "this") == 0 && sol_int(e, "referencedDeclaration") < 0 && this_slot(L) >= 0)
      return scalar(L, int_ty(L, 160, false), c->cur[L->F->off[this_slot(L)]]);
    if (sol_int(e, "referencedDeclaration") < 0) unsup(L, e, "%s", name);
    const cJSON *d = decl_of(L, e);
    if (!is(d, "VariableDeclaration")) unsup(L, e, "%s %s as a value", sol_kind(d), name);
    val bv;
    if (L->bound && mod_bound(L, d, &bv)) return bv.place ? lval_read(L, c, bv.place) : bv;   /* a quantified variable; a callee's storage parameter */
    if (L->mod && L->fthis != NULL_TERM && mod_foreign(L, c, d, L->fthis, &bv)) return bv;   /* another contract's annotation */
    if (L->F->slot_of[nid(L, d)] < 0 && sol_bool(d, "constant") && child(d, "value")) {
      val cv = expr(L, c, child(d, "value"));
      return L->mod ? coerce(L, cv, ty_of_decl(L, d), e) : cv;   /* modular: of the constant's type (bytesN) */
    }
    return var_val(L, c, var_slot(L, e));
  }
  if (strcmp(k, "BinaryOperation") == 0) return binop(L, c, e);
  if (strcmp(k, "UnaryOperation") == 0) return unop(L, c, e);
  if (strcmp(k, "Assignment") == 0) return assignment(L, c, e);
  if (strcmp(k, "FunctionCall") == 0) return call(L, c, e);
  if (strcmp(k, "MemberAccess") == 0) return member(L, c, e);
  if (strcmp(k, "IndexAccess") == 0) {
    const cJSON *ie = child(e, "indexExpression");
    if (!ie || cJSON_IsNull(ie)) unsup(L, e, "index access without index");
    val b = expr(L, c, child(e, "baseExpression"));
    val i = expr(L, c, ie);
    return select_val(L, c, b, i.v[0], e);
  }
  if (strcmp(k, "TupleExpression") == 0) return tuple_expr(L, c, e);
  if (strcmp(k, "IndexRangeAccess") == 0) return slice(L, c, e);
  if (strcmp(k, "Conditional") == 0) {
    const cJSON *te = child(e, "trueExpression"), *fe = child(e, "falseExpression");
    val cond = expr(L, c, child(e, "condition"));
    int slot = L->F->slot_of[nid(L, e)];
    if (slot >= 0 && (has_calls(te) || has_calls(fe))) {
      ctx tc, fc;
      split(L, c, cond.v[0], &tc, &fc);
      set_slot(L, &tc, slot, expr(L, &tc, te));
      set_slot(L, &fc, slot, expr(L, &fc, fe));
      *c = merge2(L, &tc, &fc, "cond");
      return slot_val(L, c, slot);
    }
    val a = guarded(L, c, te, cond.v[0]), b = guarded(L, c, fe, term_not(cond.v[0]));
    if (a.t->nl != b.t->nl) unsup(L, e, "conditional expression");
    val r = mkval(L, a.t->bits == 0 ? b.t : a.t);
    for (uint32_t i = 0; i < a.t->nl; i++) r.v[i] = term_ite(cond.v[0], a.v[i], b.v[i]);
    return r;
  }
  if (strcmp(k, "FunctionCallOptions") == 0) unsup(L, e, "call options");
  if (strcmp(k, "NewExpression") == 0) unsup(L, e, "new");
  unsup(L, e, "expression %s", k);
}

/* ---------- statements ---------- */

static void stmts(lw *L, ctx *c, const cJSON *list) {
  for (const cJSON *s = list ? list->child : NULL; s; s = s->next) {
    if (c->dead) return;
    int n;
    const char *mk = sol_annot_marker(s, &n);
    if (mk) {   /* annotations are read where they apply; `modifies` has its target next */
      if (strcmp(mk, "mod") == 0 && s->next) s = s->next;
      continue;
    }
    stmt(L, c, s);
  }
}

/* Points storage pointer slot at lv: its selector and index terms go into
 * its slots. */
static void set_alias(lw *L, ctx *c, int slot, lval *lv, const cJSON *at) {
  int k = L->F->alias_idx[slot];
  if (k < 0) unsup(L, at, "storage pointer");
  ptr_value(L, L->F->ptr_decl[slot], lv, c->cur + L->F->off[k], at);
  L->F->alias[slot] = lv;
}

static void var_decl(lw *L, ctx *c, const cJSON *s) {
  const cJSON *decls = child(s, "declarations"), *init = child(s, "initialValue");
  bool has_init = init && !cJSON_IsNull(init);
  int n = cJSON_GetArraySize(decls);
  if (n == 1) {
    const cJSON *d = decls ? decls->child : NULL;
    int slot = slot_of(L, d);
    ty *t = L->F->sty[slot];
    if (strcmp(sol_str(d, "storageLocation"), "storage") == 0) {
      if (!has_init) unsup(L, s, "storage pointer without initializer");
      lval *lv = aralloc(L, sizeof *lv);
      *lv = lvalue(L, c, init);
      set_alias(L, c, slot, lv, s);
      return;
    }
    int rid = sol_int(init, "referencedDeclaration");   /* share_mem_locals made it share the slot */
    bool shared = is(init, "Identifier") && rid >= 0 && rid < L->a->nids && L->F->slot_of[rid] == slot;
    if (has_init && is_ref_type(t) && !shared) check_mem_bind(L, init, s);
    val v = has_init ? coerce(L, expr(L, c, init), t, s) : default_val(L, t);
    set_slot(L, c, slot, v);
    return;
  }
  if (!has_init) unsup(L, s, "declaration");
  check_mem_bind(L, init, s);
  val v = expr(L, c, init);
  if (v.t->k != T_STRUCT || v.t->nf != n) unsup(L, s, "tuple declaration");
  int i = 0;
  for (const cJSON *d = decls ? decls->child : NULL; d; d = d->next, i++) {
    if (cJSON_IsNull(d)) continue;
    if (strcmp(sol_str(d, "storageLocation"), "storage") == 0) unsup(L, s, "storage pointer from a tuple");
    int slot = slot_of(L, d);
    set_slot(L, c, slot, coerce(L, component(&v, i), L->F->sty[slot], s));
  }
}

static void do_return(lw *L, ctx *c, const cJSON *s) {
  const cJSON *e = child(s, "expression");
  frame *F = L->F;
  if (e && !cJSON_IsNull(e) && F->nret == 1 && F->alias_idx[F->ret_slots[0]] >= 0) {   /* a storage pointer */
    lval *lv = aralloc(L, sizeof *lv);
    *lv = lvalue(L, c, e);
    set_alias(L, c, (int)F->ret_slots[0], lv, s);
  } else if (e && !cJSON_IsNull(e)) {
    val v = expr(L, c, e);
    if (F->nret == 1) set_slot(L, c, (int)F->ret_slots[0], coerce(L, v, F->sty[F->ret_slots[0]], s));
    else {
      if (v.t->k != T_STRUCT || (uint32_t)v.t->nf != F->nret) unsup(L, s, "return");
      for (uint32_t i = 0; i < F->nret; i++) set_slot(L, c, (int)F->ret_slots[i], coerce(L, component(&v, (int)i), F->sty[F->ret_slots[i]], s));
    }
  }
  if (!F->ret_target) unsup(L, s, "return here");
  list_push(L, F->ret_target, c);
  c->dead = true;
}

/* One run of a loop body from in, break and continue going to brk and
 * cont; returns where the continues (and the fall-through) meet. */
ctx loop_body(lw *L, ctx *in, const cJSON *body, ctxlist *brk, ctxlist *cont) {
  frame *F = L->F;
  ctxlist *ob = F->brk, *oc = F->cont;
  F->brk = brk;
  F->cont = cont;
  stmt(L, in, body);
  F->brk = ob;
  F->cont = oc;
  list_push(L, cont, in);
  return merge(L, cont, "cont");
}

static void loop(lw *L, ctx *c, const cJSON *s, const cJSON *cond, const cJSON *body, const cJSON *next, bool do_while) {
  frame *F = L->F;
  /* solc-verify evaluates a condition's side effects before the loop head,
   * where its invariants are checked, and again after each iteration: one
   * assignment (cond_effect) is moved there; the rest is not encoded */
  const cJSON *fx = NULL;
  if (L->mod && side_effects(cond) && (do_while || !(fx = cond_effect(cond)))) unsup(L, s, "loop condition with side effects");
  if (L->mod && !L->exact) { loop_modular(L, c, s, cond, fx, body, next, do_while); return; }
  if (fx) (void)expr(L, c, fx);
  ctxlist brk = {0}, cont = {0};
  char what[64];
  snprintf(what, sizeof what, "%s.loop%u", F->name, sol_line(L->a, s, NULL));
  uint32_t head = new_pred(L, what, F->n, frame_sorts(L, c));
  emit(L, c, head, c->cur, 0);
  ctx h = restart(L, c, head);
  if (L->mod) mod_loop_head(L, &h, s, body, head);   /* exact: the invariants hold at every visit of the head */
  ctx in = ctx_copy(L, &h), out;
  memset(&out, 0, sizeof out);
  out.dead = true;
  if (!do_while && cond && !cJSON_IsNull(cond)) {
    val v = cond_value(L, &in, cond, fx);
    split(L, &in, v.v[0], &in, &out);
  }
  ctx end = loop_body(L, &in, body, &brk, &cont);
  if (!end.dead && next && !cJSON_IsNull(next)) stmt(L, &end, next);
  if (fx && !end.dead) (void)expr(L, &end, fx);
  if (do_while && !end.dead && cond) {
    val v = expr(L, &end, cond);
    split(L, &end, v.v[0], &end, &out);
  }
  emit(L, &end, head, end.cur, 0);
  list_push(L, &brk, &out);
  *c = merge(L, &brk, "exit");
}


void stmt(lw *L, ctx *c, const cJSON *s) {
  if (c->dead || !s || cJSON_IsNull(s)) return;
  const char *k = sol_kind(s);
  frame *F = L->F;
  if (strcmp(k, "Block") == 0) { stmts(L, c, child(s, "statements")); return; }
  if (strcmp(k, "UncheckedBlock") == 0) {
    bool old = F->unchecked;
    F->unchecked = true;
    stmts(L, c, child(s, "statements"));
    F->unchecked = old;
    return;
  }
  if (F->nmrat && mem_rebind_stmt(L, c, s)) return;
  if (strcmp(k, "ExpressionStatement") == 0) { (void)expr(L, c, child(s, "expression")); return; }
  if (strcmp(k, "VariableDeclarationStatement") == 0) { var_decl(L, c, s); return; }
  if (strcmp(k, "IfStatement") == 0) {
    val v = expr(L, c, child(s, "condition"));
    ctx t, f;
    split(L, c, v.v[0], &t, &f);
    stmt(L, &t, child(s, "trueBody"));
    stmt(L, &f, child(s, "falseBody"));
    *c = merge2(L, &t, &f, "if");
    return;
  }
  if (strcmp(k, "WhileStatement") == 0) { loop(L, c, s, child(s, "condition"), child(s, "body"), NULL, false); return; }
  if (strcmp(k, "DoWhileStatement") == 0) { loop(L, c, s, child(s, "condition"), child(s, "body"), NULL, true); return; }
  if (strcmp(k, "ForStatement") == 0) {
    stmt(L, c, child(s, "initializationExpression"));
    loop(L, c, s, child(s, "condition"), child(s, "body"), child(s, "loopExpression"), false);
    return;
  }
  if (strcmp(k, "Break") == 0 || strcmp(k, "Continue") == 0) {
    ctxlist *l = k[0] == 'B' ? F->brk : F->cont;
    if (!l) unsup(L, s, "%s outside a loop", k);
    list_push(L, l, c);
    c->dead = true;
    return;
  }
  if (strcmp(k, "Return") == 0) { do_return(L, c, s); return; }
  if (strcmp(k, "EmitStatement") == 0) {   /* the event changes nothing; its arguments may */
    const cJSON *ev = child(s, "eventCall");
    if (L->mod) { mod_emit(L, c, s); return; }   /* event specifications */
    for (const cJSON *a = child(ev, "arguments") ? child(ev, "arguments")->child : NULL; a; a = a->next)
      if (has_calls(a)) (void)expr(L, c, a);
    return;
  }
  if (strcmp(k, "RevertStatement") == 0) {   /* revert E(args): the arguments run first */
    eval_rest(L, c, first(child(s, "errorCall"), "arguments"));
    c->dead = true;
    return;
  }
  if (strcmp(k, "PlaceholderStatement") == 0) unsup(L, s, "placeholder");
  unsup(L, s, "statement %s", k);
}

/* ---------- functions ---------- */

/* a parameter's type string without its first " calldata" and " memory"
 * (data locations do not change the signature) */
static void type_without_location(const cJSON *p, char *out, size_t n) {
  snprintf(out, n, "%s", sol_type_string(p));
  static const char *const locs[] = {" calldata", " memory"};
  for (int i = 0; i < 2; i++) {
    char *at = strstr(out, locs[i]);
    size_t k = strlen(locs[i]);
    if (at) memmove(at, at + k, strlen(at + k) + 1);
  }
}

bool sol_same_signature(const cJSON *f, const cJSON *g) {
  if (strcmp(sol_str(f, "name"), sol_str(g, "name")) != 0) return false;
  if (strcmp(sol_str(f, "kind"), sol_str(g, "kind")) != 0) return false;
  const cJSON *pf = child(child(f, "parameters"), "parameters"), *pg = child(child(g, "parameters"), "parameters");
  if (cJSON_GetArraySize(pf) != cJSON_GetArraySize(pg)) return false;
  for (const cJSON *a = pf ? pf->child : NULL, *b = pg ? pg->child : NULL; a && b; a = a->next, b = b->next) {
    if (strcmp(sol_type_string(a), sol_type_string(b)) == 0) continue;
    char xa[256], xb[256];
    type_without_location(a, xa, sizeof xa);
    type_without_location(b, xb, sizeof xb);
    if (strcmp(xa, xb) != 0) return false;
  }
  return true;
}

const cJSON *sol_most_derived(const sol_ast *a, const int *lin, int nlin, const cJSON *fn, int after) {
  int i = 0;
  if (after >= 0) {
    while (i < nlin && lin[i] != after) i++;
    i++;
  }
  for (; i < nlin; i++) {
    const cJSON *ct = sol_node(a, lin[i]);
    for (const cJSON *n = child(ct, "nodes") ? child(ct, "nodes")->child : NULL; n; n = n->next)
      if ((is(n, "FunctionDefinition") || is(n, "ModifierDefinition")) && sol_same_signature(n, fn) &&
          !(child(n, "body") == NULL || cJSON_IsNull(child(n, "body"))))
        return n;
  }
  return NULL;
}

/* Virtual dispatch on the root: the most derived implementation of fn's
 * signature (after contract `after` in the linearization, for super). */
static const cJSON *resolve_fn(lw *L, const cJSON *fn, int after) {
  if (strcmp(sol_str(fn, "visibility"), "private") == 0 && after < 0) return fn;
  const cJSON *n = sol_most_derived(L->a, L->lin, L->nlin, fn, after);
  if (n) return n;
  if (after >= 0) unsup(L, fn, "super call without implementation");
  return fn;
}

static void push_work(lw *L, int id) {
  if (L->nwork == L->capwork) {
    L->capwork = L->capwork ? 2 * L->capwork : 16;
    L->worklist = xrealloc(L->worklist, L->capwork * sizeof(int));
  }
  L->worklist[L->nwork++] = id;
}

/* the summary's argument sorts: pre, sender, value, params, post, rets, err */
static uint32_t summary_of(lw *L, const cJSON *fn) {
  int id = nid(L, fn);
  if (L->fn_pred[id] >= 0) return (uint32_t)L->fn_pred[id];
  /* what can give up (unsupported: a longjmp) first, before s is allocated */
  for (const cJSON *p = first(child(fn, "parameters"), "parameters"); p; p = p->next)
    (void)param_nleaves(L, p);
  for (const cJSON *p = first(child(fn, "returnParameters"), "parameters"); p; p = p->next) (void)ty_of_decl(L, p);
  size_t cap = 0;
  uint32_t n = 0;
  type_t *s = NULL;
  XGROW(s, cap, L->nstate + 2 + L->nenv);
  for (uint32_t i = 0; i < L->nstate; i++) s[n++] = L->state_sorts[i];
  s[n++] = type_int();
  s[n++] = type_int();
  for (uint32_t i = 0; i < L->nenv; i++) s[n++] = type_int();
  /* params, post, returns, memory parameters' final values */
  const char *lists[3] = {"parameters", "returnParameters", "parameters"};
  bool inout = fn_writes_memory(L, fn);
  for (int li = 0; li < 3; li++) {
    if (li == 1) {
      XGROW(s, cap, n + L->nstate);
      for (uint32_t i = 0; i < L->nstate; i++) s[n++] = L->state_sorts[i];
    }
    const cJSON *ps = child(child(fn, lists[li]), "parameters");
    for (const cJSON *p = ps ? ps->child : NULL; p; p = p->next) {
      if (li == 2 && !(inout && is_memory_param(p) && is_ref_type(ty_of_decl(L, p)))) continue;
      if (is_storage_param(p)) {
        uint32_t k = PTR_LEAVES;
        XGROW(s, cap, n + k);
        for (uint32_t q = 0; q < k; q++) s[n++] = type_int();
        continue;
      }
      ty *t = ty_of_decl(L, p);
      XGROW(s, cap, n + t->nl);
      leaf_sorts(t, s + n);
      n += t->nl;
    }
  }
  XGROW(s, cap, n + 1);
  s[n++] = type_int();
  char what[200];
  snprintf(what, sizeof what, "%s", sol_str(fn, "name")[0] ? sol_str(fn, "name") : sol_str(fn, "kind"));
  uint32_t p = new_pred(L, what, n, s);
  free(s);
  L->fn_pred[id] = (int)p;
  push_work(L, id);
  return p;
}

frame *frame_init(lw *L, const char *name, int contract) {
  frame *F = xcalloc(1, sizeof *F);
  F->slot_of = xmalloc(((size_t)L->a->nids + GHOSTS + 1) * sizeof(int));   /* + others' balances */
  for (int i = 0; i < L->a->nids + GHOSTS + 1; i++) F->slot_of[i] = -1;
  F->name = name;
  F->txi = -1;
  F->cur_inv = -1;
  F->contract = contract;
  L->F = F;
  return F;
}

void frame_free(lw *L) {
  frame *F = L->F;
  if (!F) return;
  free(F->slot_of); free(F->off); free(F->sty); free(F->alias); free(F->alias_idx); free(F->mem_param); free(F->ptr_decl); free(F->io_slots); free(F->ret_slots); free(F->modmap);
  free(F);
  L->F = NULL;
}

/* The header: pre-state, sender, value, params-in (leaves); then the state
 * slots. */
void frame_header(lw *L, const cJSON *params) {
  frame *F = L->F;
  F->n = L->nstate;
  F->sender = F->n++;
  F->value = F->n++;
  F->env = F->n;
  F->n += L->nenv;
  F->pin = F->n;
  for (const cJSON *p = params ? params->child : NULL; p; p = p->next) F->n += param_nleaves(L, p);
  F->npin = F->n - F->pin;
  F->hdr = F->n;
  for (uint32_t i = 0; i < L->nstate_vars; i++) add_slot(L, L->state_ids[i], L->state_ty[i]);
}

/* A new path at a frame's entry: fresh header variables with their ranges,
 * state slots = pre-state, params = params-in, everything else default. */
static term_t tx_var(const char *what, uint32_t txi, type_t ty) {
  char buf[300];
  snprintf(buf, sizeof buf, "tx%u.%s", txi, what);
  return term_var(buf, ty);
}

ctx entry(lw *L, const cJSON *params, bool pre_default, sol_tx *tx) {
  frame *F = L->F;
  ctx c;
  memset(&c, 0, sizeof c);
  c.cur = aralloc(L, (F->n + 1) * sizeof(term_t));
  uint32_t j = 0;
  for (uint32_t i = 0; i < L->nstate_vars; i++) {
    val v = pre_default ? default_val(L, L->state_ty[i]) : fresh_val(L, L->state_ty[i], "s");
    assume_ranges(L, &c, v.t, v.v);
    memcpy(c.cur + j, v.v, v.t->nl * sizeof(term_t));
    j += v.t->nl;
  }
  if (tx && !pre_default && !L->mod) add_app(L, &c, F->C, c.cur, L->nstate);
  c.cur[F->sender] = tx ? tx_var("sender", (uint32_t)F->txi, type_int()) : term_fresh_var("msg.sender", type_int());
  add_cons(L, &c, in_range(int_ty(L, 160, false), c.cur[F->sender]));
  c.cur[F->value] = tx ? tx_var("value", (uint32_t)F->txi, type_int()) : term_fresh_var("msg.value", type_int());
  add_cons(L, &c, in_range(int_ty(L, 256, false), c.cur[F->value]));
  for (size_t q = 0; q < NENV; q++) {
    if (L->env_pos[q] < 0) continue;
    uint32_t at = F->env + (uint32_t)L->env_pos[q];
    c.cur[at] = tx ? tx_var(env_vars[q].name, (uint32_t)F->txi, type_int()) : term_fresh_var(env_vars[q].name, type_int());
    add_cons(L, &c, in_range(int_ty(L, env_vars[q].bits, false), c.cur[at]));
    /* EIP-4399 (solc's model too): prevrandao values exceed 2^64 */
    if (strcmp(env_vars[q].name, "block.prevrandao") == 0) add_cons(L, &c, term_gt(c.cur[at], pow2(64)));
  }
  if (tx) {
    tx->sender = c.cur[F->sender];
    tx->value = c.cur[F->value];
    tx->env = xcalloc(NENV, sizeof(term_t));
    tx->envnames = xcalloc(NENV, sizeof(char *));
    for (size_t q = 0; q < NENV; q++)
      if (L->env_pos[q] >= 0) {
        tx->envnames[tx->nenv] = env_vars[q].name;
        tx->env[tx->nenv++] = c.cur[F->env + (uint32_t)L->env_pos[q]];
      }
    if (!tx->payable) add_cons(L, &c, term_eq(c.cur[F->value], term_int(0)));
    tx->args = xcalloc(F->npin + 1, sizeof(term_t));
    tx->arglen = xcalloc(F->npin + 1, sizeof(term_t));
    tx->argnames = xcalloc(F->npin + 1, sizeof(char *));
  }
  j = F->pin;
  for (const cJSON *p = params ? params->child : NULL; p; p = p->next) {
    const char *pn = sol_str(p, "name")[0] ? sol_str(p, "name") : "arg";
    if (ptr_param(L, p)) {
      for (uint32_t q = param_nleaves(L, p); q-- > 0;) c.cur[j++] = term_fresh_var("i", type_int());
      continue;
    }
    ty *pt = ty_of_decl(L, p);
    val v = fresh_val(L, pt, pn);
    if (tx && (pt->nl == 1 || (pt->k == T_ARRAY && pt->elem->nl == 1 && pt->elem->k != T_STRUCT))) {
      v.v[0] = tx_var(pn, (uint32_t)F->txi, term_type(v.v[0]));
      tx->arglen[tx->nargs] = NULL_TERM;
      if (pt->nl == 2) {   /* an array of values: contents and length */
        char ln[200];
        snprintf(ln, sizeof ln, "%.180s.length", pn);
        v.v[1] = tx_var(ln, (uint32_t)F->txi, term_type(v.v[1]));
        tx->arglen[tx->nargs] = v.v[1];
      }
      tx->args[tx->nargs] = v.v[0];
      tx->argnames[tx->nargs++] = xstrdup(pn);
    }
    assume_ranges(L, &c, v.t, v.v);
    memcpy(c.cur + j, v.v, v.t->nl * sizeof(term_t));
    j += v.t->nl;
  }
  /* slots: state = pre, the rest default */
  for (uint32_t s = 0; s < F->nslots; s++) {
    val d = default_val(L, F->sty[s]);
    memcpy(c.cur + F->off[s], d.v, F->sty[s]->nl * sizeof(term_t));
  }
  memcpy(c.cur + F->hdr, c.cur, L->nstate * sizeof(term_t));
  return c;
}

static void params_from_header(lw *L, ctx *c, const cJSON *params) {
  uint32_t j = L->F->pin;
  for (const cJSON *p = params ? params->child : NULL; p; p = p->next) {
    int s = slot_of(L, p);
    if (ptr_param(L, p)) {   /* the passed selector and indices */
      memcpy(c->cur + L->F->off[L->F->alias_idx[s]], c->cur + j, PTR_LEAVES * sizeof(term_t));
      L->F->alias[s] = aralloc(L, sizeof(lval));   /* bound */
      j += PTR_LEAVES;
      continue;
    }
    memcpy(c->cur + L->F->off[s], c->cur + j, L->F->sty[s]->nl * sizeof(term_t));
    j += L->F->sty[s]->nl;
  }
}

/* The function body inside its modifiers from mods[skip..]: each modifier's
 * body runs with `_` standing for the rest; a return leaves the innermost
 * level (function body or modifier). */
static void level(lw *L, ctx *c, const cJSON *fn, const cJSON *mods, const cJSON *m);
static void use_slots(lw *L, int inv);


static void mod_body(lw *L, ctx *c, const cJSON *s, const cJSON *fn, const cJSON *mods, const cJSON *next) {
  if (c->dead || !s || cJSON_IsNull(s)) return;
  const char *k = sol_kind(s);
  /* only the statement forms that can hold `_` are walked here */
  if (strcmp(k, "PlaceholderStatement") == 0) {
    int inv = L->F->cur_inv;
    level(L, c, fn, mods, next);
    L->F->cur_inv = inv;
    use_slots(L, inv);
    return;
  }
  if (strcmp(k, "Block") == 0 || strcmp(k, "UncheckedBlock") == 0) {
    bool old = L->F->unchecked;
    if (k[0] == 'U') L->F->unchecked = true;
    for (const cJSON *x = child(s, "statements") ? child(s, "statements")->child : NULL; x && !c->dead; x = x->next)
      mod_body(L, c, x, fn, mods, next);
    L->F->unchecked = old;
    return;
  }
  if (strcmp(k, "IfStatement") == 0) {
    val v = expr(L, c, child(s, "condition"));
    ctx t, f;
    split(L, c, v.v[0], &t, &f);
    mod_body(L, &t, child(s, "trueBody"), fn, mods, next);
    mod_body(L, &f, child(s, "falseBody"), fn, mods, next);
    *c = merge2(L, &t, &f, "if");
    return;
  }
  if (sol_has_node(s, "PlaceholderStatement")) unsup(L, s, "placeholder inside a %s", k);
  stmt(L, c, s);
}

static void level(lw *L, ctx *c, const cJSON *fn, const cJSON *mods, const cJSON *m) {
  frame *F = L->F;
  ctxlist rets = {0}, *old = F->ret_target;
  F->ret_target = &rets;
  /* skip base constructor specifiers */
  while (m && strcmp(sol_str(m, "kind"), "baseConstructorSpecifier") == 0) m = m->next;
  while (m && !is(decl_of(L, child(m, "modifierName")), "ModifierDefinition")) m = m->next;
  if (!m) {
    for (uint32_t i = 0; i < F->nmr; i++) F->slot_of[F->mr_id[i]] = F->mr_slot[i];   /* mem_rebinds */
    stmt(L, c, child(fn, "body"));
  }
  else {
    const cJSON *md = resolve_fn(L, decl_of(L, child(m, "modifierName")), -1);
    L->F->cur_inv = sol_int(m, "id");
    use_slots(L, L->F->cur_inv);
    const cJSON *ps = child(child(md, "parameters"), "parameters");
    const cJSON *a = child(m, "arguments") ? child(m, "arguments")->child : NULL;
    for (const cJSON *p = ps ? ps->child : NULL; p; p = p->next, a = a ? a->next : NULL) {
      if (!a) unsup(L, m, "modifier arguments");
      int s = slot_of(L, p);
      set_slot(L, c, s, coerce(L, expr(L, c, a), F->sty[s], a));
    }
    mod_body(L, c, child(md, "body"), fn, mods, m->next);
  }
  list_push(L, &rets, c);
  *c = merge(L, &rets, "ret");
  F->ret_target = old;
}

/* A modifier used twice gets a set of slots per use (collect_mod_locals,
 * use_slots): storage pointers among its variables are not handled. */
static bool has_storage_decl(const cJSON *n) {
  if (!n) return false;
  if (cJSON_IsObject(n) && is(n, "VariableDeclaration") && strcmp(sol_str(n, "storageLocation"), "storage") == 0) return true;
  for (const cJSON *c = n->child; c; c = c->next)
    if (has_storage_decl(c)) return true;
  return false;
}

static void check_repeated_mods(lw *L, const cJSON *mods) {
  for (const cJSON *m = mods ? mods->child : NULL; m; m = m->next)
    for (const cJSON *n = m->next; n; n = n->next)
      if (sol_int(child(m, "modifierName"), "referencedDeclaration") == sol_int(child(n, "modifierName"), "referencedDeclaration")) {
        if (has_storage_decl(decl_of(L, child(m, "modifierName"))))
          unsup(L, n, "a modifier with storage pointers used twice on one function");
      }
}

/* the slots of n's declarations: forgotten (slot -1), or recorded for use inv */
static void mod_slots(lw *L, const cJSON *n, int inv, bool forget) {
  if (!n) return;
  frame *F = L->F;
  int id = cJSON_IsObject(n) && child(n, "id") ? sol_int(n, "id") : -1;
  if (id >= 0 && id < L->a->nids && F->slot_of[id] >= 0) {
    if (forget) F->slot_of[id] = -1;
    else {
      XGROW(F->modmap, F->capmodmap, F->nmodmap + 1);
      F->modmap[F->nmodmap].inv = inv;
      F->modmap[F->nmodmap].id = id;
      F->modmap[F->nmodmap++].slot = F->slot_of[id];
    }
  }
  for (const cJSON *c = n->child; c; c = c->next)
    if (cJSON_IsObject(c) || cJSON_IsArray(c)) mod_slots(L, c, inv, forget);
}

/* the modifier's variables name use inv's slots */
static void use_slots(lw *L, int inv) {
  frame *F = L->F;
  for (uint32_t i = 0; i < F->nmodmap; i++)
    if (F->modmap[i].inv == inv) F->slot_of[F->modmap[i].id] = F->modmap[i].slot;
}

static void collect_mod_locals(lw *L, const cJSON *mods) {
  for (const cJSON *m = mods ? mods->child : NULL; m; m = m->next) {
    const cJSON *md = decl_of(L, child(m, "modifierName"));
    if (!is(md, "ModifierDefinition")) continue;
    md = resolve_fn(L, md, -1);
    mod_slots(L, md, 0, true);   /* a use of its own */
    collect_locals(L, child(md, "parameters"));
    collect_locals(L, child(md, "body"));
    mod_slots(L, md, sol_int(m, "id"), false);
  }
}

/* n writes into memory: an assignment, ++/-- or delete whose target is an
 * element or member of a memory reference */
static bool mem_target(const cJSON *t) {
  if (is(t, "TupleExpression")) {
    for (const cJSON *c = child(t, "components") ? child(t, "components")->child : NULL; c; c = c->next)
      if (cJSON_IsObject(c) && mem_target(c)) return true;
    return false;
  }
  for (const cJSON *b = t; is(b, "IndexAccess") || is(b, "MemberAccess"); b = is(b, "IndexAccess") ? child(b, "baseExpression") : child(b, "expression")) {
    const cJSON *base = is(b, "IndexAccess") ? child(b, "baseExpression") : child(b, "expression");
    if (strstr(sol_type_string(base), " memory")) return true;
  }
  return false;
}

static bool writes_memory(const cJSON *n) {
  if (is(n, "Assignment") && mem_target(child(n, "leftHandSide"))) return true;
  if (is(n, "UnaryOperation") && strcmp(sol_str(n, "operator"), "!") != 0 && strcmp(sol_str(n, "operator"), "-") != 0 &&
      strcmp(sol_str(n, "operator"), "~") != 0 && mem_target(child(n, "subExpression")))
    return true;
  for (const cJSON *c = n ? n->child : NULL; c; c = c->next)
    if ((cJSON_IsObject(c) || cJSON_IsArray(c)) && writes_memory(c)) return true;
  return false;
}

/* n passes a memory place (a variable or a part of one) to a function,
 * which may write into it */
static bool passes_memory(const cJSON *n) {
  if (is(n, "FunctionCall") && strcmp(sol_str(n, "kind"), "functionCall") == 0)
    for (const cJSON *x = child(n, "arguments") ? child(n, "arguments")->child : NULL; x; x = x->next)
      if (is_mem_place(x)) return true;
  for (const cJSON *c = n ? n->child : NULL; c; c = c->next)
    if ((cJSON_IsObject(c) || cJSON_IsArray(c)) && passes_memory(c)) return true;
  return false;
}

static bool fn_writes_memory(lw *L, const cJSON *fn) {
  if (writes_memory(fn) || passes_memory(fn)) return true;
  for (const cJSON *m = child(fn, "modifiers") ? child(fn, "modifiers")->child : NULL; m; m = m->next) {
    const cJSON *md = decl_of(L, child(m, "modifierName"));
    if (is(md, "ModifierDefinition") && (sol_bool(md, "virtual") || writes_memory(md))) return true;
  }
  return false;
}

void lower_function(lw *L, const cJSON *fn, sol_tx *tx, int txi, uint32_t C, uint32_t E) {
  const cJSON *params = child(child(fn, "parameters"), "parameters");
  const cJSON *rets = child(child(fn, "returnParameters"), "parameters");
  const cJSON *mods = child(fn, "modifiers");
  frame *Fp = frame_init(L, sol_str(fn, "name"), sol_int(fn, "scope"));
#define F (*Fp)
  F.fn = fn;
  F.txi = tx ? txi : -1;
  F.C = C;
  F.E = E;
  F.summary = tx ? 0 : (uint32_t)L->fn_pred[nid(L, fn)];
  F.no_mem_writes = !fn_writes_memory(L, fn);
  bool inout = !F.no_mem_writes;
  frame_header(L, params);
  for (const cJSON *p = params ? params->child : NULL; p; p = p->next) {
    int s = add_slot(L, sol_int(p, "id"), ty_of_decl(L, p));
    /* a transaction's memory arguments are fresh copies: writes stay local;
     * an internal caller would see them (reference semantics): unsupported */
    if (!tx && is_ref_type(F.sty[s]) && !is_storage_param(p)) F.mem_param[s] = inout && is_memory_param(p) ? MEM_INOUT : MEM_IN;
    if (F.mem_param[s] == MEM_INOUT) {
      F.io_slots = xrealloc(F.io_slots, (F.nio + 1) * sizeof(uint32_t));
      F.io_slots[F.nio++] = (uint32_t)s;
    }
    if (ptr_param(L, p)) alias_slots(L, s, sol_int(p, "id"));
  }
  F.ret_slots = xmalloc(((size_t)cJSON_GetArraySize(rets) + 1) * sizeof(uint32_t));
  for (const cJSON *r = rets ? rets->child : NULL; r; r = r->next) {
    int s = add_slot(L, sol_int(r, "id"), ty_of_decl(L, r));
    if (is_storage_param(r)) {   /* a storage pointer: its selector and indices are returned */
      if (tx || cJSON_GetArraySize(rets) != 1) unsup(L, r, "storage pointer returned by a public function or among several values");
      alias_slots(L, s, sol_int(r, "id"));
    }
    F.ret_slots[F.nret++] = (uint32_t)s;
  }
  check_repeated_mods(L, mods);
  collect_mod_locals(L, mods);
  collect_locals(L, child(fn, "body"));
  share_mem_locals(L, child(fn, "body"), child(fn, "body"));
  mem_rebinds(L, child(fn, "body"));
  add_overflow_flag(L);
  ctx c = entry(L, params, false, tx);
  params_from_header(L, &c, params);
  if (L->mod) mod_fn_entry(L, &c, fn, params, tx != NULL);
  if (tx && balance_slot(L) >= 0) {
    /* a transaction brings msg.value; ether may also arrive without a call
     * (modular: that is the separate check [receive_ether_selfdestruct]) */
    term_t b = tx->balance = tx_var("balance", (uint32_t)txi, type_int());   /* named: the trace reads it */
    term_t old = c.cur[F.off[balance_slot(L)]], now = term_add2(old, c.cur[F.value]);
    add_cons(L, &c, term_and2(in_range(int_ty(L, 256, false), b), L->mod ? term_eq(b, now) : term_ge(b, now)));
    c.cur[F.off[balance_slot(L)]] = b;
  }
  if (tx && others_slot(L) >= 0)   /* other transactions moved the others' ether */
    others_havoc(L, &c, tx->others = tx_var("balances", (uint32_t)txi, type_array(type_int(), type_int())));
  level(L, &c, fn, mods, mods ? mods->child : NULL);
  if (L->mod && !c.dead) mod_exit(L, &c, fn, tx != NULL);
  emit_error(L, &c, term_int(0));
  if (Fp == L->top) L->top = L->old_frame = NULL, L->old_cur = NULL;
#undef F
  frame_free(L);
}

/* ---------- deployment ---------- */

static const cJSON *ctor_of(lw *L, int contract) {
  const cJSON *ct = sol_node(L->a, contract);
  for (const cJSON *n = child(ct, "nodes") ? child(ct, "nodes")->child : NULL; n; n = n->next)
    if (is(n, "FunctionDefinition") && strcmp(sol_str(n, "kind"), "constructor") == 0) return n;
  return NULL;
}

static void assign_base_args(lw *L, ctx *c, int base, const cJSON *args) {
  const cJSON *ctor = ctor_of(L, base);
  if (!ctor) return;
  const cJSON *a = args ? args->child : NULL;
  for (const cJSON *p = first(child(ctor, "parameters"), "parameters"); p && a; p = p->next, a = a->next) {
    int s = slot_of(L, p);
    set_slot(L, c, s, coerce(L, expr(L, c, a), L->F->sty[s], a));
  }
}

/* Deployment: defaults, base constructor arguments (most derived first),
 * then per contract from the most basic: state initializers, constructor. */
void lower_deploy(lw *L, sol_tx *tx, uint32_t C, uint32_t E) {
  const cJSON *rootctor = ctor_of(L, L->lin[0]);
  const cJSON *params = rootctor ? child(child(rootctor, "parameters"), "parameters") : NULL;
  tx->payable = rootctor && strcmp(sol_str(rootctor, "stateMutability"), "payable") == 0;
  frame *Fp = frame_init(L, "constructor", L->lin[0]);
#define F (*Fp)
  F.fn = rootctor;
  F.txi = (int)L->out->ntx - 1;
  F.C = C;
  F.E = E;
  frame_header(L, params);
  for (int i = 0; i < L->nlin; i++) {
    const cJSON *ct = ctor_of(L, L->lin[i]);
    if (!ct) continue;
    collect_locals(L, child(ct, "parameters"));
    check_repeated_mods(L, child(ct, "modifiers"));
    collect_mod_locals(L, child(ct, "modifiers"));
    collect_locals(L, child(ct, "body"));
  }
  add_overflow_flag(L);
  ctx c = entry(L, params, true, tx);
  if (this_slot(L) >= 0) {   /* some address, fixed from now on */
    term_t a = tx->self = tx_var("this", (uint32_t)F.txi, type_int());
    add_cons(L, &c, in_range(int_ty(L, 160, false), a));
    c.cur[F.off[this_slot(L)]] = a;
  }
  if (balance_slot(L) >= 0) {   /* the address may hold ether before: at least msg.value */
    term_t b = tx->balance = tx_var("balance", (uint32_t)F.txi, type_int());
    add_cons(L, &c, term_and2(in_range(int_ty(L, 256, false), b), term_ge(b, c.cur[F.value])));
    c.cur[F.off[balance_slot(L)]] = b;
    if (others_slot(L) >= 0) others_havoc(L, &c, tx->others = tx_var("balances", (uint32_t)F.txi, type_array(type_int(), type_int())));
  }
  if (params) params_from_header(L, &c, params);
  for (int i = 0; i < L->nlin; i++) {
    const cJSON *ct = sol_node(L->a, L->lin[i]);
    for (const cJSON *b = child(ct, "baseContracts") ? child(ct, "baseContracts")->child : NULL; b; b = b->next) {
      const cJSON *args = child(b, "arguments");
      if (args && !cJSON_IsNull(args)) assign_base_args(L, &c, sol_int(child(b, "baseName"), "referencedDeclaration"), args);
    }
    const cJSON *ctor = ctor_of(L, L->lin[i]);
    for (const cJSON *m = ctor && child(ctor, "modifiers") ? child(ctor, "modifiers")->child : NULL; m; m = m->next)
      if (is(decl_of(L, child(m, "modifierName")), "ContractDefinition"))
        assign_base_args(L, &c, sol_int(child(m, "modifierName"), "referencedDeclaration"), child(m, "arguments"));
  }
  for (int i = L->nlin; i-- > 0 && !c.dead;) {
    const cJSON *ct = sol_node(L->a, L->lin[i]);
    F.contract = L->lin[i];
    for (const cJSON *n = child(ct, "nodes") ? child(ct, "nodes")->child : NULL; n && !c.dead; n = n->next) {
      if (!is(n, "VariableDeclaration")) continue;
      const cJSON *init = child(n, "value");
      if (!init || cJSON_IsNull(init) || (L->mod && sol_bool(n, "constant"))) continue;
      int sl = slot_of(L, n);
      set_slot(L, &c, sl, coerce(L, expr(L, &c, init), F.sty[sl], n));
    }
    const cJSON *ctor = ctor_of(L, L->lin[i]);
    if (ctor && !c.dead) {
      const cJSON *mods = child(ctor, "modifiers");
      level(L, &c, ctor, mods, mods ? mods->child : NULL);
    }
  }
  if (L->mod && !c.dead) mod_deploy_exit(L, &c, rootctor);
  emit_error(L, &c, term_int(0));
#undef F
  frame_free(L);
}

/* ---------- roots ---------- */

static const char *state_name(lw *L, uint32_t i) {
  int id = L->state_ids[i];
  if (id == L->this_id) return "this";
  if (id == L->balance_id) return "this.balance";
  if (id == L->others_id) return "balances";
  if (id >= L->a->nids + 3) return "__verifier_sum";
  return sol_str(sol_node(L->a, id), "name");
}

static bool deployable(const cJSON *ct) {
  return strcmp(sol_str(ct, "contractKind"), "contract") == 0 && !sol_bool(ct, "abstract");
}

void add_tx(lw *L, sol_tx t) {
  sol_chc *o = L->out;
  t.balance = t.self = t.others = NULL_TERM;
  o->tx = xrealloc(o->tx, (o->ntx + 1) * sizeof(sol_tx));
  o->tx[o->ntx++] = t;
}

void add_state_var(lw *L, int id, ty *t) {
  L->state_ids = xrealloc(L->state_ids, (L->nstate_vars + 1) * sizeof(int));
  L->state_ty = xrealloc(L->state_ty, (L->nstate_vars + 1) * sizeof(ty *));
  L->state_ids[L->nstate_vars] = id;
  L->state_ty[L->nstate_vars++] = t;
  L->nstate += t->nl;
}

/* A root's linearization, state variables (its leaves) and predicate C;
 * returns C. */
uint32_t root_setup(lw *L, const cJSON *ct) {
  sol_chc *o = L->out;
  L->root_name = sol_str(ct, "name");
  const cJSON *lin = child(ct, "linearizedBaseContracts");
  L->nlin = cJSON_GetArraySize(lin);
  L->lin = xmalloc(((size_t)L->nlin + 1) * sizeof(int));
  int i = 0;
  for (const cJSON *x = first(ct, "linearizedBaseContracts"); x; x = x->next) L->lin[i++] = x->valueint;
  /* state variables, most basic contract first */
  L->nstate_vars = 0;
  L->nstate = 0;
  for (int k = L->nlin; k-- > 0;) {
    const cJSON *c = sol_node(L->a, L->lin[k]);
    for (const cJSON *n = child(c, "nodes") ? child(c, "nodes")->child : NULL; n; n = n->next) {
      /* modular: constants are their values, not arbitrary state */
      if (is(n, "VariableDeclaration") && !(L->mod && sol_bool(n, "constant"))) add_state_var(L, sol_int(n, "id"), ty_of_decl(L, n));
    }
  }
  /* hidden state: the contract's own address and balance */
  if (L->others_id >= 0) {   /* before this and balance: the balance stays the last leaf */
    ty *m = mk(L, T_MAP);
    m->elem = int_ty(L, 256, false);
    finish_ty(m);
    add_state_var(L, L->others_id, m);
  }
  for (int h = 0; h < 2; h++) {
    int id = h == 0 ? L->this_id : L->balance_id;
    if (id >= 0) add_state_var(L, id, int_ty(L, h == 0 ? 160 : 256, false));
  }
  if (L->mod) mod_ghosts(L);
  L->state_sorts = xmalloc((L->nstate + 1) * sizeof(type_t));
  sol_root R = {xstrdup(L->root_name), 0, L->nstate, xcalloc(L->nstate + 1, sizeof(char *))};
  for (uint32_t k = 0, j = 0; k < L->nstate_vars; k++) {
    leaf_sorts(L->state_ty[k], L->state_sorts + j);
    leaf_names(L->state_ty[k], state_name(L, k), R.leaf_names + j);
    j += L->state_ty[k]->nl;
  }
  o->roots = xrealloc(o->roots, (o->nroots + 1) * sizeof(sol_root));
  o->roots[o->nroots++] = R;
  uint32_t ri = o->nroots - 1;
  for (int k = 0; k < L->a->nids; k++) L->fn_pred[k] = -1;
  L->N = CHC_FALSE;
  uint32_t C = new_pred(L, "C", L->nstate, L->state_sorts);
  o->roots[ri].C = C;
  return C;
}

static term_t cb_var(const char *what, uint32_t txi, type_t ty) {
  char buf[300];
  snprintf(buf, sizeof buf, "cb%u.%s", txi, what);
  return term_var(buf, ty);
}

/* Names the header of public function fn's summary arguments a (a call
 * of unknown code into it, tx index txi) like entry() names a
 * transaction's: cbN.sender, cbN.value, the environment, the value-type
 * and value-array parameters; returns the parameters' leaf count. */
static uint32_t cb_names(lw *L, const cJSON *fn, uint32_t txi, term_t *a) {
  uint32_t ns = L->nstate, j = ns + 2 + L->nenv;
  a[ns] = cb_var("sender", txi, type_int());
  a[ns + 1] = cb_var("value", txi, type_int());
  for (size_t q = 0; q < NENV; q++)
    if (L->env_pos[q] >= 0) a[ns + 2 + L->env_pos[q]] = cb_var(env_vars[q].name, txi, type_int());
  for (const cJSON *p = first(child(fn, "parameters"), "parameters"); p; p = p->next) {
    ty *pt = ty_of_decl(L, p);
    const char *pn = sol_str(p, "name")[0] ? sol_str(p, "name") : "arg";
    if (pt->nl == 1 || (pt->k == T_ARRAY && pt->elem->nl == 1 && pt->elem->k != T_STRUCT)) {
      a[j] = cb_var(pn, txi, term_type(a[j]));
      if (pt->nl == 2) {
        char ln[200];
        snprintf(ln, sizeof ln, "%.180s.length", pn);
        a[j + 1] = cb_var(ln, txi, term_type(a[j + 1]));
      }
    }
    j += param_nleaves(L, p);
  }
  return j - (ns + 2 + L->nenv);
}

/* Functions of root ri whose returned storage pointers an earlier attempt
 * met before their places were known: lowered first. */
void lower_first_summaries(lw *L, uint32_t ri) {
  for (uint32_t i = 0; i < L->hints->nfirst; i++)
    if (L->hints->first[2 * i] == (int)ri && L->fn_pred[L->hints->first[2 * i + 1]] < 0) {
      (void)summary_of(L, sol_node(L->a, L->hints->first[2 * i + 1]));
      while (L->nwork) {
        int id = L->worklist[--L->nwork];
        lower_function(L, sol_node(L->a, id), NULL, -1, 0, 0);
      }
    }
}

static void lower_root(lw *L, const cJSON *ct, uint32_t err_pred) {
  sol_chc *o = L->out;
  uint32_t C = root_setup(L, ct), ri = o->nroots - 1;
  {
    sol_tx t;
    memset(&t, 0, sizeof t);
    t.root = ri;
    t.name = xstrdup("constructor");
    add_tx(L, t);   /* first: the lowering may give up, and the list frees it */
    lower_deploy(L, &o->tx[o->ntx - 1], C, err_pred);
  }
  lower_first_summaries(L, ri);
  /* transactions: every public/external function of the root (most derived) */
  const cJSON **seen = NULL;
  uint32_t nseen = 0, *seen_tx = NULL;
  for (int k = 0; k < L->nlin; k++) {
    const cJSON *c = sol_node(L->a, L->lin[k]);
    for (const cJSON *n = child(c, "nodes") ? child(c, "nodes")->child : NULL; n; n = n->next) {
      if (!is(n, "FunctionDefinition")) continue;
      const char *kind = sol_str(n, "kind"), *vis = sol_str(n, "visibility");
      if (strcmp(kind, "constructor") == 0) continue;
      if (strcmp(vis, "public") != 0 && strcmp(vis, "external") != 0) continue;
      if (!child(n, "body") || cJSON_IsNull(child(n, "body"))) continue;
      bool over = false;
      for (uint32_t q = 0; q < nseen; q++) over |= sol_same_signature(seen[q], n);
      if (over) continue;
      const cJSON **ns = aralloc(L, (nseen + 1) * sizeof *ns);   /* the arena: lowering may give up */
      uint32_t *nt = aralloc(L, (nseen + 1) * sizeof *nt);
      if (nseen) memcpy(ns, seen, nseen * sizeof *ns), memcpy(nt, seen_tx, nseen * sizeof *nt);
      seen = ns;
      seen_tx = nt;
      seen_tx[nseen] = o->ntx;
      seen[nseen++] = n;
      sol_tx t;
      memset(&t, 0, sizeof t);
      t.root = ri;
      t.name = xstrdup(sol_str(n, "name")[0] ? sol_str(n, "name") : kind);
      t.payable = strcmp(sol_str(n, "stateMutability"), "payable") == 0;
      add_tx(L, t);
      lower_function(L, n, &o->tx[o->ntx - 1], (int)o->ntx - 1, C, err_pred);
    }
  }
  bool closed = false;
  for (;;) {
    while (L->nwork) {
      int id = L->worklist[--L->nwork];
      lower_function(L, sol_node(L->a, id), NULL, -1, 0, 0);
    }
    if (L->N == CHC_FALSE || closed) break;
    /* N(s, s, 0); N(s0, s2, e) <- N(s0, s1, 0) & S_f(s1, .., s2, .., e) for
     * every public f: anchored where a reachable path calls out */
    closed = true;
    uint32_t ns = L->nstate;
    /* in the arena: summary_of and ty_of_decl below may give up (longjmp) */
    term_t *s0 = aralloc(L, (3 * ns + 1) * sizeof(term_t)), *s1 = s0 + ns, *s2 = s1 + ns;
    for (uint32_t q = 0; q < ns; q++) {
      s0[q] = term_fresh_var("s0", L->state_sorts[q]);
      s1[q] = term_fresh_var("s1", L->state_sorts[q]);
      s2[q] = term_fresh_var("s2", L->state_sorts[q]);
    }
    term_t *nn = aralloc(L, (2 * ns + 2) * sizeof(term_t)), *head = aralloc(L, (2 * ns + 2) * sizeof(term_t));
    memcpy(nn, s0, ns * sizeof(term_t));
    memcpy(nn + ns, s0, ns * sizeof(term_t));
    nn[2 * ns] = term_int(0);
    chc_add_clause(&o->sys, 0, NULL, term_true(), L->N, nn, SOL_CB_NONE);
    for (uint32_t q = 0; q < nseen; q++) {
      uint32_t S = summary_of(L, seen[q]);
      const chc_pred *P = &o->sys.preds[S];
      term_t *a = aralloc(L, (P->arity + 1) * sizeof(term_t));
      for (uint32_t j = 0; j < P->arity; j++) a[j] = term_fresh_var("a", term_type(P->params[j]));
      memcpy(a, s1, ns * sizeof(term_t));
      /* the callback's header named as the transaction's (cbN.x for txN.x),
       * so that a derivation can be read back as the calls unknown code made */
      uint32_t npin = cb_names(L, seen[q], seen_tx[q], a);
      term_t more = term_true();
      if (L->balance_id >= 0) {   /* ether may arrive before each callback (the last state leaf) */
        a[ns - 1] = cb_var("balance", seen_tx[q], type_int());
        more = term_and2(term_ge(a[ns - 1], s1[ns - 1]), term_lt(a[ns - 1], pow2(256)));
      }
      for (uint32_t v = 0, off = 0; v < L->nstate_vars; off += L->state_ty[v++]->nl)   /* and the others' ether moves */
        if (L->state_ids[v] == L->others_id) a[off] = cb_var("balances", seen_tx[q], type_array(type_int(), type_int()));
      memcpy(a + ns + 2 + L->nenv + npin, s2, ns * sizeof(term_t));
      bool pay = strcmp(sol_str(seen[q], "stateMutability"), "payable") == 0;
      term_t vc = pay ? term_true() : term_eq(a[ns + 1], term_int(0));
      memcpy(nn + ns, s1, ns * sizeof(term_t));
      chc_app body[2] = {{L->N, nn}, {S, a}};
      memcpy(head, s0, ns * sizeof(term_t));
      memcpy(head + ns, s2, ns * sizeof(term_t));
      head[2 * ns] = a[P->arity - 1];
      chc_add_clause(&o->sys, 2, body, term_and2(vc, more), L->N, head, SOL_CB_TAG + seen_tx[q]);
    }
  }
  free(L->lin); L->lin = NULL;
  free(L->state_sorts); L->state_sorts = NULL;
}

/* Which parts of the environment the file reads. */
/* x is `this` (maybe converted: address(this), payable(this)) */
static bool is_this(const cJSON *x) {
  while (is(x, "FunctionCall") && strcmp(sol_str(x, "kind"), "typeConversion") == 0 && first(x, "arguments")) x = first(x, "arguments");
  return is(x, "Identifier") && strcmp(sol_str(x, "name"), "this") == 0 && sol_int(x, "referencedDeclaration") < 0;
}

static void scan_env(lw *L, const cJSON *n, bool *this_used, bool *balance_used, bool *others_used) {
  if (cJSON_IsObject(n)) {
    if (is(n, "MemberAccess")) {
      const cJSON *b = child(n, "expression");
      if (is(b, "Identifier") && sol_int(b, "referencedDeclaration") < 0) {
        char full[64];
        snprintf(full, sizeof full, "%s.%s", sol_str(b, "name"), sol_str(n, "memberName"));
        if (strcmp(full, "block.difficulty") == 0) snprintf(full, sizeof full, "block.prevrandao");   /* an alias since Paris */
        for (size_t q = 0; q < NENV; q++)
          if (strcmp(full, env_vars[q].name) == 0) L->env_pos[q] = 0;
      }
      const char *m = sol_str(n, "memberName");
      if (strcmp(m, "balance") == 0 || strcmp(m, "transfer") == 0 || strcmp(m, "send") == 0) *balance_used = true;
      if (strcmp(m, "balance") == 0 && strncmp(sol_type_string(b), "address", 7) == 0 && !is_this(b)) *others_used = true;
    }
    if (is(n, "Identifier") && strcmp(sol_str(n, "name"), "this") == 0 && sol_int(n, "referencedDeclaration") < 0) *this_used = true;
    if (is(n, "FunctionCallOptions")) *balance_used = true;   /* {value: ...}: ether moves */
  }
  for (const cJSON *c = n->child; c; c = c->next)
    if (cJSON_IsObject(c) || cJSON_IsArray(c)) scan_env(L, c, this_used, balance_used, others_used);
}

lw *lw_new(const sol_ast *a, sol_chc *out) {
  memset(out, 0, sizeof *out);
  chc_init(&out->sys);
  lw *L = xcalloc(1, sizeof *L);
  L->a = a;
  L->out = out;
  L->struct_ty = xcalloc((size_t)a->nids + 1, sizeof(ty *));
  L->struct_open = xcalloc((size_t)a->nids + 1, sizeof(int));
  L->unfold = 2;
  L->fn_pred = xmalloc(((size_t)a->nids + 1) * sizeof(int));
  L->assert_k = xcalloc((size_t)a->nids + 1, sizeof(int));
  L->hints = &L->own_hints;
  for (size_t q = 0; q < 16; q++) L->env_pos[q] = -1;
  bool this_used = false, balance_used = false, others_used = false;
  scan_env(L, a->root, &this_used, &balance_used, &others_used);
  for (size_t q = 0; q < NENV; q++)
    if (L->env_pos[q] == 0) L->env_pos[q] = (int)L->nenv++;
  L->this_id = this_used || balance_used ? a->nids : -1;
  L->balance_id = balance_used ? a->nids + 1 : -1;
  L->others_id = others_used ? a->nids + GHOSTS : -1;
  return L;
}

void lw_free(lw *L) {
  for (size_t i = 0; i < L->narena; i++) free(L->arena[i]);
  free(L->arena);
  free(L->struct_ty);
  free(L->struct_open);
  free(L->fn_pred);
  free(L->assert_k);
  free(L->own_hints.ptr);
  free(L->own_hints.first);
  free(L->worklist);
  free(L->state_ids);
  free(L->state_ty);
  free(L->lin);
  free(L->state_sorts);
  free(L->inv);
  free(L->inv_ann);
  for (uint32_t i = 0; i < L->ntmp_json; i++) cJSON_Delete(L->tmp_json[i]);
  free(L->tmp_json);
  frame_free(L);
  free(L);
}

/* The predicate Err(k) of failed assertions. */
uint32_t err_pred(sol_chc *out) {
  type_t it = type_int();
  term_t errsym = term_var("Err", type_fun(1, &it, type_bool()));
  uint32_t E = chc_add_pred(&out->sys, "Err", errsym, 1, &it);
  /* a harmless fact (no assertion is numbered 0) keeps Err from being
   * inlined, so a derivation names the failing transaction's clause */
  term_t z = term_int(0);
  chc_add_clause(&out->sys, 0, NULL, term_true(), E, &z, 0);
  return E;
}

/* One query per assertion k: false <- Err(e) & e = k. */
void add_queries(sol_chc *out, uint32_t E, const bool *excluded) {
  term_t e = term_var("e", type_int());
  for (uint32_t k = 1; k <= out->nasserts; k++)
    if (!excluded || !excluded[k]) {
      chc_app b = {E, &e};
      chc_add_clause(&out->sys, 1, &b, term_eq(e, term_int(k)), CHC_FALSE, NULL, k);
    }
}

static bool lower_once(const sol_ast *a, const char *contract, bool trusted, const bool *excluded, sol_chc *out, char **err,
                       lower_hints *h) {
  *err = NULL;
  lw *L = lw_new(a, out);
  L->trusted = trusted;
  L->unfold = h->unfold;
  L->hints = h;
  h->retry = false;
  h->can_retry = true;
  for (uint32_t i = 0; i < h->nptr; i++) h->ptr[i].used = false;
  bool ok = true;
  if (setjmp(L->fail)) {
    out->unsupported = xstrdup(L->msg);
    ok = false;
    if (L->cut_hit && L->unfold < SOL_STRUCT_UNFOLD) h->unfold++, h->retry = true;
  } else {
    uint32_t E = err_pred(out);
    uint32_t nroots = 0;
    for (const cJSON *n = child(a->root, "nodes") ? child(a->root, "nodes")->child : NULL; n; n = n->next) {
      if (!is(n, "ContractDefinition")) continue;
      if (contract ? strcmp(sol_str(n, "name"), contract) != 0 : !deployable(n)) continue;
      nroots++;
      lower_root(L, n, E);
    }
    if (contract && nroots == 0) {
      if (asprintf(err, "zeta: %s: no contract named %s", a->file, contract) < 0) *err = NULL;
      ok = false;
    } else add_queries(out, E, excluded);
  }
  lw_free(L);
  return ok;
}

bool sol_lower(const sol_ast *a, const char *contract, bool trusted, const bool *excluded, sol_chc *out, char **err) {
  lower_hints h;
  memset(&h, 0, sizeof h);
  h.unfold = 1;
  for (int attempt = 0;; attempt++) {
    bool ok = lower_once(a, contract, trusted, excluded, out, err, &h);
    if (!h.retry || attempt == 40) {
      free(h.ptr);
      free(h.first);
      return ok;
    }
    sol_chc_free(out);
  }
}


void sol_chc_free(sol_chc *c) {
  chc_free(&c->sys);
  for (uint32_t i = 0; i < c->nheads; i++) {
    for (uint32_t j = 0; j < c->heads[i].n; j++) free(c->heads[i].names[j]);
    free(c->heads[i].names);
  }
  free(c->heads);
  free(c->assert_line);
  free(c->sites);
  free(c->rungs);
  for (uint32_t i = 0; i < c->nroots; i++) {
    free(c->roots[i].name);
    for (uint32_t j = 0; j < c->roots[i].nleaves; j++) free(c->roots[i].leaf_names[j]);
    free(c->roots[i].leaf_names);
  }
  free(c->roots);
  for (uint32_t i = 0; i < c->ntx; i++) {
    free(c->tx[i].name);
    for (uint32_t j = 0; j < c->tx[i].nargs; j++) free(c->tx[i].argnames[j]);
    free(c->tx[i].argnames);
    free(c->tx[i].args);
    free(c->tx[i].arglen);
    free(c->tx[i].env);
    free(c->tx[i].envnames);
  }
  free(c->tx);
  free(c->unsupported);
  free(c->overapprox);
}
