/* The concrete interpreter of sol_exec.h. Values: integers (every width,
 * addresses, enums, contracts) as GMP integers, bools, structs (fields),
 * arrays (elements; dynamic ones grow), mappings (keys with values created
 * on first read). Storage and memory are both heap objects: a storage
 * pointer or a memory reference shares the object, an assignment into
 * storage (or from storage into memory) copies it, as Solidity does.
 * Reverts, failed assertions and unsupported constructs leave the
 * transaction by longjmp; everything allocated lives in an arena freed at
 * the end. */
#include "lang/sol/sol_exec.h"
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/sol/sol_lower.h"

typedef enum { V_INT, V_BOOL, V_STRUCT, V_ARRAY, V_MAP, V_TUPLE } vkind;

typedef struct val val;
struct val {
  vkind k;
  bool b;
  mpz_t z;               /* V_INT */
  uint32_t n, cap;
  val **el;              /* fields, elements, mapping values, tuple parts */
  mpz_t *keys;           /* V_MAP */
  const cJSON *ety;      /* V_ARRAY (dynamic), V_MAP: the element's TypeName */
  bool dyn;
  val *all;              /* arena list */
};

enum { STOP_REVERT = 1, STOP_ASSERT, STOP_UNSUP };
enum { C_OK, C_BREAK, C_CONT, C_RET };

typedef struct frame frame;
struct frame {
  val **loc;             /* by declaration id */
  int contract;          /* where the running code is defined (for super) */
  const cJSON *fn;       /* the function (return parameters) */
  /* a modifier's frame: what its placeholder runs */
  frame *ph_F;
  const cJSON *ph_fn, *ph_next;
};

typedef struct {
  const sol_ast *a;
  int root;
  int *lin;
  int nlin;
  val **state;           /* by declaration id */
  val *all;
  void **blocks;
  uint32_t nblocks, capblocks;
  jmp_buf jb;
  unsigned fail_line;
  char why[300];
  const sol_exec_tx *tx;
  const sol_exec_tx *top;   /* the transaction (tx: a callback while one runs) */
  uint32_t next_chain;      /* the next of top's calls into unknown code */
  const cJSON *discard;     /* the expression of the statement running (its value unused) */
  bool has_self, has_balance;
  mpz_t self, balance;      /* the contract's address and balance */
  sol_exec_tx self_tx;      /* a call of the contract by itself: msg.sender = this, no value */
  bool has_others;          /* other addresses' balances: at[i] holds val[i], the rest `rest` */
  uint32_t nothers, capothers;
  mpz_t *others_at, *others_val, others_rest;
  long steps;
  int depth;             /* internal call nesting */
  long nvals;            /* values made (a bound on memory) */
  bool unchecked;
} ix;

/* ---------- arena, values ---------- */

static void *ix_alloc(ix *X, size_t n) {
  void *p = xcalloc(1, n ? n : 1);
  XGROW(X->blocks, X->capblocks, X->nblocks + 1);
  X->blocks[X->nblocks++] = p;
  return p;
}

static _Noreturn void unsup(ix *X, const cJSON *n, const char *fmt, ...);

static val *mk(ix *X, vkind k) {
  if (++X->nvals > 4000000) unsup(X, NULL, "a state of more than 4000000 values");
  val *v = xcalloc(1, sizeof *v);
  v->k = k;
  mpz_init(v->z);
  v->all = X->all;
  X->all = v;
  return v;
}

static void push_el(val *v, val *e) {
  XGROW(v->el, v->cap, v->n + 1);
  v->el[v->n++] = e;
}

static val *mk_int(ix *X, const mpz_t z) {
  val *v = mk(X, V_INT);
  mpz_set(v->z, z);
  return v;
}

static val *mk_si(ix *X, long z) {
  val *v = mk(X, V_INT);
  mpz_set_si(v->z, z);
  return v;
}

static val *mk_bool(ix *X, bool b) {
  val *v = mk(X, V_BOOL);
  v->b = b;
  return v;
}

static _Noreturn void stop(ix *X, int why) { longjmp(X->jb, why); }

static _Noreturn void unsup(ix *X, const cJSON *n, const char *fmt, ...) {
  char what[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  snprintf(X->why, sizeof X->why, "%s at %s:%u", what, X->a->file, n ? sol_line(X->a, n, NULL) : 0);
  stop(X, STOP_UNSUP);
}

static const cJSON *child(const cJSON *n, const char *k) { return n ? cJSON_GetObjectItemCaseSensitive(n, k) : NULL; }
static bool is(const cJSON *n, const char *kind) { return n && strcmp(sol_kind(n), kind) == 0; }
static bool present(const cJSON *n) { return n && !cJSON_IsNull(n); }
static const cJSON *decl(ix *X, const cJSON *n) { return sol_node(X->a, sol_int(n, "referencedDeclaration")); }

static val *clone(ix *X, const val *v) {
  if (v->k == V_INT || v->k == V_BOOL) return (val *)v;   /* never mutated */
  val *c = mk(X, v->k);
  c->ety = v->ety;
  c->dyn = v->dyn;
  for (uint32_t i = 0; i < v->n; i++) push_el(c, clone(X, v->el[i]));
  if (v->k == V_MAP) {
    c->keys = xcalloc(c->cap ? c->cap : 1, sizeof(mpz_t));
    for (uint32_t i = 0; i < v->n; i++) mpz_init_set(c->keys[i], v->keys[i]);
  }
  return c;
}

/* dst (a struct or array) takes a copy of src's contents, keeping its
 * identity: storage pointers to dst see the new contents */
static void copy_into(ix *X, val *dst, const val *src) {
  if (dst == src) return;
  val *c = clone(X, src);
  val *ld = dst->all, *lc = c->all;
  val tmp = *dst;
  *dst = *c;
  *c = tmp;
  dst->all = ld;
  c->all = lc;
}

static void free_val(val *v) {
  mpz_clear(v->z);
  if (v->keys)
    for (uint32_t i = 0; i < v->n; i++) mpz_clear(v->keys[i]);
  free(v->keys);
  free(v->el);
  free(v);
}

/* ---------- types ---------- */

/* integer-like type of a typeString: bits (0: int_const, exact) */
static bool int_type(const char *ts, int *bits, bool *sign) {
  *sign = false;
  if (strncmp(ts, "uint", 4) == 0) { *bits = atoi(ts + 4) ? atoi(ts + 4) : 256; return true; }
  if (strncmp(ts, "int_const", 9) == 0) { *bits = 0; *sign = true; return true; }
  if (strncmp(ts, "int", 3) == 0) { *bits = atoi(ts + 3) ? atoi(ts + 3) : 256; *sign = true; return true; }
  if (strncmp(ts, "address", 7) == 0 || strncmp(ts, "contract ", 9) == 0) { *bits = 160; return true; }
  if (strncmp(ts, "enum ", 5) == 0) { *bits = 8; return true; }
  return false;
}

static bool fits(const mpz_t z, int bits, bool sign) {
  if (bits == 0) return true;
  if (!sign) return mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= (size_t)bits;
  mpz_t lo;
  mpz_init(lo);
  mpz_ui_pow_ui(lo, 2, (unsigned long)bits - 1);
  bool ok = mpz_cmp(z, lo) < 0;
  mpz_neg(lo, lo);
  ok = ok && mpz_cmp(z, lo) >= 0;
  mpz_clear(lo);
  return ok;
}

static void wrap(mpz_t z, int bits, bool sign) {
  if (bits == 0) return;
  mpz_fdiv_r_2exp(z, z, (mp_bitcnt_t)bits);
  if (sign && mpz_tstbit(z, (mp_bitcnt_t)bits - 1)) {
    mpz_t m;
    mpz_init(m);
    mpz_ui_pow_ui(m, 2, (unsigned long)bits);
    mpz_sub(z, z, m);
    mpz_clear(m);
  }
}

static const char *tstr(const cJSON *n) { return sol_type_string(n); }

static val *mk_default(ix *X, const cJSON *tn);

static val *mk_struct(ix *X, const cJSON *sd) {
  val *v = mk(X, V_STRUCT);
  for (const cJSON *m = child(sd, "members") ? child(sd, "members")->child : NULL; m; m = m->next)
    push_el(v, mk_default(X, child(m, "typeName")));
  return v;
}

/* The default (zero) value of a TypeName node. */
static val *mk_default(ix *X, const cJSON *tn) {
  if (is(tn, "ElementaryTypeName")) {
    const char *nm = sol_str(tn, "name");
    if (strcmp(nm, "bool") == 0) return mk_bool(X, false);
    int bits;
    bool sign;
    if (int_type(nm, &bits, &sign) || strcmp(nm, "address") == 0) return mk_si(X, 0);
    unsup(X, tn, "values of type %s", nm);
  }
  if (is(tn, "UserDefinedTypeName")) {
    const cJSON *d = decl(X, tn);
    if (is(d, "StructDefinition")) return mk_struct(X, d);
    if (is(d, "EnumDefinition") || is(d, "ContractDefinition")) return mk_si(X, 0);
    unsup(X, tn, "values of type %s", tstr(tn));
  }
  if (is(tn, "Mapping")) {
    val *v = mk(X, V_MAP);
    v->ety = child(tn, "valueType");
    return v;
  }
  if (is(tn, "ArrayTypeName")) {
    val *v = mk(X, V_ARRAY);
    v->ety = child(tn, "baseType");
    const cJSON *len = child(tn, "length");
    if (!present(len)) { v->dyn = true; return v; }
    const char *ts = tstr(len);
    if (strncmp(ts, "int_const ", 10) != 0 || strchr(ts, '.')) unsup(X, tn, "array length %s", ts);
    long n = atol(ts + 10);
    if (n > 100000) unsup(X, tn, "a static array of %ld elements", n);
    for (long i = 0; i < n; i++) push_el(v, mk_default(X, v->ety));
    return v;
  }
  unsup(X, tn, "values of type %s", tn ? tstr(tn) : "?");
}

/* resets v to its type's zero, in place (delete): mappings keep their entries */
static void zero_into(ix *X, val **slot) {
  val *v = *slot;
  switch (v->k) {
  case V_INT: *slot = mk_si(X, 0); return;
  case V_BOOL: *slot = mk_bool(X, false); return;
  case V_ARRAY:
    if (v->dyn) { v->n = 0; return; }
    /* fallthrough */
  case V_STRUCT:
    for (uint32_t i = 0; i < v->n; i++) zero_into(X, &v->el[i]);
    return;
  default: return;
  }
}

/* ---------- dispatch ---------- */

static bool has_body(const cJSON *f) { return present(child(f, "body")); }

/* the most derived implementation of fn's signature (after contract `after`
 * in the root's linearization, for super) */
static const cJSON *resolve(ix *X, const cJSON *fn, int after, const cJSON *at) {
  if (strcmp(sol_str(fn, "visibility"), "private") == 0 && after < 0) return fn;
  const cJSON *n = sol_most_derived(X->a, X->lin, X->nlin, fn, after);
  if (n) return n;
  if (!has_body(fn)) unsup(X, at, "a call without implementation");
  return fn;
}

/* ---------- expressions ---------- */

static val *eval(ix *X, frame *F, const cJSON *e);
static val **lref(ix *X, frame *F, const cJSON *e);
static int exec(ix *X, frame *F, const cJSON *s);
static val *call_fn(ix *X, const cJSON *fn, val **args, const cJSON **argexp, const cJSON *at);

static bool truth(ix *X, frame *F, const cJSON *e) {
  val *v = eval(X, F, e);
  if (v->k != V_BOOL) unsup(X, e, "a non-Boolean condition");
  return v->b;
}

static val *need_int(ix *X, val *v, const cJSON *e) {
  if (v->k != V_INT) unsup(X, e, "an integer operation on a %s", tstr(e));
  return v;
}

/* a value of type ts from exact z: checked (revert if out of range) or wrapped */
static val *arith_result(ix *X, mpz_t z, const char *ts, bool checked) {
  int bits;
  bool sign;
  if (!int_type(ts, &bits, &sign)) {
    mpz_clear(z);
    snprintf(X->why, sizeof X->why, "arithmetic on %s", ts);
    stop(X, STOP_UNSUP);
  }
  if (checked && !fits(z, bits, sign)) { mpz_clear(z); stop(X, STOP_REVERT); }
  wrap(z, bits, sign);
  val *v = mk_int(X, z);
  mpz_clear(z);
  return v;
}

/* a op b for integer operator op (as in BinaryOperation / compound assignment) in type ts */
static val *binop(ix *X, const char *op, const mpz_t a, const mpz_t b, const char *ts, const cJSON *at) {
  int bits;
  bool sign;
  if (!int_type(ts, &bits, &sign)) unsup(X, at, "operator %s on %s", op, ts);
  bool checked = !X->unchecked && bits != 0;
  mpz_t r;
  mpz_init(r);
  if (strcmp(op, "+") == 0) mpz_add(r, a, b);
  else if (strcmp(op, "-") == 0) mpz_sub(r, a, b);
  else if (strcmp(op, "*") == 0) mpz_mul(r, a, b);
  else if (strcmp(op, "/") == 0 || strcmp(op, "%") == 0) {
    if (mpz_sgn(b) == 0) { mpz_clear(r); stop(X, STOP_REVERT); }   /* Panic 0x12, unchecked too */
    if (op[0] == '/') mpz_tdiv_q(r, a, b);
    else mpz_tdiv_r(r, a, b);
  } else if (strcmp(op, "**") == 0) {
    if (mpz_sgn(b) < 0) { mpz_clear(r); unsup(X, at, "a negative exponent"); }
    if (mpz_cmpabs_ui(a, 1) <= 0 || mpz_cmp_ui(b, 4096) <= 0) {
      if (mpz_cmpabs_ui(a, 1) <= 0) {
        mpz_set(r, a);
        if (mpz_sgn(b) == 0) mpz_set_ui(r, 1);
        else if (mpz_cmp_si(a, -1) == 0 && mpz_even_p(b)) mpz_set_ui(r, 1);
      } else mpz_pow_ui(r, a, mpz_get_ui(b));
    } else if (checked) { mpz_clear(r); stop(X, STOP_REVERT); }
    else {
      mpz_t m;
      mpz_init(m);
      mpz_ui_pow_ui(m, 2, (unsigned long)(bits ? bits : 256));
      mpz_powm(r, a, b, m);
      mpz_clear(m);
    }
  } else if (strcmp(op, "<<") == 0 || strcmp(op, ">>") == 0) {   /* shifts are never checked */
    checked = false;
    if (mpz_sgn(b) < 0) { mpz_clear(r); unsup(X, at, "a negative shift"); }
    unsigned long k = mpz_cmp_ui(b, 1024) > 0 ? 1024 : mpz_get_ui(b);
    if (op[0] == '<') mpz_mul_2exp(r, a, k);
    else mpz_fdiv_q_2exp(r, a, k);
  } else if (strcmp(op, "&") == 0) { mpz_and(r, a, b); checked = false; }
  else if (strcmp(op, "|") == 0) { mpz_ior(r, a, b); checked = false; }
  else if (strcmp(op, "^") == 0) { mpz_xor(r, a, b); checked = false; }
  else { mpz_clear(r); unsup(X, at, "operator %s", op); }
  return arith_result(X, r, ts, checked);
}

static val *literal(ix *X, const cJSON *e) {
  const char *ts = tstr(e), *k = sol_str(e, "kind");
  if (strcmp(k, "bool") == 0) return mk_bool(X, strcmp(sol_str(e, "value"), "true") == 0);
  if (strcmp(k, "number") != 0) unsup(X, e, "a %s literal", k);
  mpz_t z;
  mpz_init(z);
  bool ok = false;
  if (strncmp(ts, "int_const ", 10) == 0 && !strstr(ts, "...")) ok = mpz_set_str(z, ts + 10, 10) == 0;
  else if (strncmp(ts, "address", 7) == 0 || strncmp(ts, "int_const", 9) == 0) {
    char buf[200];
    size_t o = 0;
    for (const char *p = sol_str(e, "value"); *p && o + 1 < sizeof buf; p++) if (*p != '_') buf[o++] = *p;
    buf[o] = 0;
    ok = strncmp(buf, "0x", 2) == 0 && mpz_set_str(z, buf + 2, 16) == 0;
    if (!ok && !strchr(buf, 'e') && !strchr(buf, '.') && !present(child(e, "subdenomination"))) ok = mpz_set_str(z, buf, 10) == 0;
  }
  if (!ok) { mpz_clear(z); unsup(X, e, "the literal %s", sol_str(e, "value")); }
  val *v = mk_int(X, z);
  mpz_clear(z);
  return v;
}

/* a constant expression folded by solc */
static bool const_value(ix *X, const cJSON *e, val **out) {
  const char *ts = tstr(e);
  if (strncmp(ts, "int_const ", 10) != 0 || strstr(ts, "...")) return false;
  mpz_t z;
  mpz_init(z);
  bool ok = mpz_set_str(z, ts + 10, 10) == 0;
  if (ok) *out = mk_int(X, z);
  mpz_clear(z);
  return ok;
}

static val *env_value(ix *X, const char *name, const cJSON *at) {
  if (strcmp(name, "msg.sender") == 0) return mk_int(X, X->tx->sender);
  if (strcmp(name, "msg.value") == 0) return mk_int(X, X->tx->value);
  const char *nm = strcmp(name, "block.difficulty") == 0 ? "block.prevrandao" : name;
  static const char *known[] = {"block.number", "block.timestamp", "block.coinbase", "block.chainid", "block.gaslimit",
                                "block.prevrandao", "block.basefee", "tx.origin", "tx.gasprice"};
  bool ok = false;
  for (size_t i = 0; i < sizeof known / sizeof *known; i++) ok |= strcmp(known[i], nm) == 0;
  if (!ok) unsup(X, at, "%s", name);
  for (uint32_t i = 0; i < X->tx->nenv; i++)
    if (strcmp(X->tx->envnames[i], nm) == 0) return mk_int(X, X->tx->env[i]);
  unsup(X, at, "%s without a value in the trace", name);
}

/* a constant state variable's value, in its declared type */
static val *constant(ix *X, frame *F, const cJSON *d, const cJSON *use) {
  val *v;
  if (const_value(X, use, &v)) return v;
  v = eval(X, F, child(d, "value"));
  int bits;
  bool sign;
  if (v->k == V_INT && int_type(tstr(d), &bits, &sign)) {   /* an int_const fits (solc checked) */
    mpz_t z;
    mpz_init_set(z, v->z);
    wrap(z, bits, sign);
    v = mk_int(X, z);
    mpz_clear(z);
  }
  return v;
}

static int enum_size(const cJSON *ed) { return cJSON_GetArraySize(child(ed, "members")); }

/* The balance entry of other address a (made from the rest when new). */
static mpz_t *other_balance(ix *X, const mpz_t a, const cJSON *at) {
  if (!X->has_others) unsup(X, at, "the balance of another address without a value in the trace");
  for (uint32_t i = 0; i < X->nothers; i++)
    if (mpz_cmp(X->others_at[i], a) == 0) return &X->others_val[i];
  if (X->nothers == X->capothers) {
    X->capothers = X->capothers ? 2 * X->capothers : 8;
    X->others_at = xrealloc(X->others_at, X->capothers * sizeof(mpz_t));
    X->others_val = xrealloc(X->others_val, X->capothers * sizeof(mpz_t));
  }
  mpz_init_set(X->others_at[X->nothers], a);
  mpz_init_set(X->others_val[X->nothers], X->others_rest);
  return &X->others_val[X->nothers++];
}

/* The others' balances as a call starts (from the trace). */
static void set_others(ix *X, const sol_exec_tx *t) {
  if (!t->has_others) return;
  for (uint32_t i = 0; i < X->nothers; i++) mpz_clear(X->others_at[i]), mpz_clear(X->others_val[i]);
  X->nothers = 0;
  X->has_others = true;
  mpz_set(X->others_rest, t->others_rest);
  for (uint32_t i = 0; i < t->nothers; i++) mpz_set(*other_balance(X, t->others_at[i], NULL), t->others_val[i]);
}

static val *member(ix *X, frame *F, const cJSON *e) {
  const cJSON *base = child(e, "expression");
  const char *mn = sol_str(e, "memberName"), *bts = tstr(base);
  if (is(base, "Identifier") && sol_int(base, "referencedDeclaration") < 0) {
    char full[200];
    snprintf(full, sizeof full, "%s.%s", sol_str(base, "name"), mn);
    return env_value(X, full, e);
  }
  if (strncmp(bts, "type(enum ", 10) == 0) {
    const cJSON *ed = decl(X, base);
    long i = 0;
    for (const cJSON *m = child(ed, "members") ? child(ed, "members")->child : NULL; m; m = m->next, i++)
      if (sol_int(m, "id") == sol_int(e, "referencedDeclaration")) return mk_si(X, i);
    unsup(X, e, "enum member %s", mn);
  }
  if (strncmp(bts, "type(", 5) == 0 && (strcmp(mn, "max") == 0 || strcmp(mn, "min") == 0)) {
    int bits;
    bool sign;
    if (!int_type(tstr(e), &bits, &sign) || bits == 0) unsup(X, e, "type(...).%s", mn);
    mpz_t z;
    mpz_init(z);
    mpz_ui_pow_ui(z, 2, (unsigned long)(sign ? bits - 1 : bits));
    if (mn[1] == 'a') mpz_sub_ui(z, z, 1);
    else if (sign) mpz_neg(z, z);
    else mpz_set_ui(z, 0);
    val *v = mk_int(X, z);
    mpz_clear(z);
    return v;
  }
  if (strcmp(mn, "balance") == 0 && strncmp(bts, "address", 7) == 0) {
    val *a = need_int(X, eval(X, F, base), base);
    if (X->has_self && mpz_cmp(a->z, X->self) != 0) return mk_int(X, *other_balance(X, a->z, e));
    if (!X->has_self) unsup(X, e, "the balance of an address without this in the trace");
    if (!X->has_balance) unsup(X, e, "the balance without a value in the trace");
    return mk_int(X, X->balance);
  }
  const cJSON *d = decl(X, e);
  if (is(d, "VariableDeclaration") && sol_bool(d, "constant")) return constant(X, F, d, e);
  return *lref(X, F, e);
}

/* where a value of a given declared type goes: a value, a copy (into
 * storage, or storage into memory), or the reference itself */
static void store(ix *X, val **slot, const char *dts, val *v, const char *sts) {
  if (v->k == V_INT || v->k == V_BOOL || v->k == V_TUPLE) { *slot = v; return; }
  if (strstr(dts, "storage ref") || (!strstr(dts, "pointer") && !strstr(dts, "memory") && !strstr(dts, "calldata") && *slot)) {
    if (*slot) copy_into(X, *slot, v);
    else *slot = clone(X, v);
    return;
  }
  if ((strstr(dts, "memory") || strstr(dts, "calldata")) && strstr(sts, "storage")) { *slot = clone(X, v); return; }
  *slot = v;
}

static val *call(ix *X, frame *F, const cJSON *e);

static void assign_to(ix *X, frame *F, const cJSON *lhs, val *v, const char *sts) {
  if (is(lhs, "TupleExpression")) {
    const cJSON *cs = child(lhs, "components");
    if (cJSON_GetArraySize(cs) == 1) { assign_to(X, F, cs->child, v, sts); return; }   /* (x) */
    if (v->k != V_TUPLE) unsup(X, lhs, "a tuple assignment from a non-tuple");
    /* stored from the last component to the first (solc's
     * TupleObject::storeValue): storage references on the right are copied
     * at their turn, so a swap of storage structs is no swap */
    for (uint32_t i = (uint32_t)cJSON_GetArraySize(cs); i-- > 0;) {
      const cJSON *c = cJSON_GetArrayItem(cs, (int)i);
      if (present(c) && i < v->n) assign_to(X, F, c, v->el[i], "");
    }
    return;
  }
  val **s = lref(X, F, lhs);
  store(X, s, tstr(lhs), v, sts);
}

static val *tuple_copy(ix *X, val *v) {
  /* the right side of a tuple assignment is evaluated before any store */
  if (v->k != V_TUPLE) return v;
  val *t = mk(X, V_TUPLE);
  for (uint32_t i = 0; i < v->n; i++) push_el(t, v->el[i]);
  return t;
}

static val *assignment(ix *X, frame *F, const cJSON *e) {
  const char *op = sol_str(e, "operator");
  const cJSON *lhs = child(e, "leftHandSide"), *rhs = child(e, "rightHandSide");
  if (strcmp(op, "=") == 0) {
    val *v = tuple_copy(X, eval(X, F, rhs));
    assign_to(X, F, lhs, v, tstr(rhs));
    return v;
  }
  val *r = need_int(X, eval(X, F, rhs), rhs);
  val **s = lref(X, F, lhs);
  char o[4];
  snprintf(o, sizeof o, "%.*s", (int)strlen(op) - 1, op);
  *s = binop(X, o, need_int(X, *s, lhs)->z, r->z, tstr(lhs), e);
  return *s;
}

static val *unary(ix *X, frame *F, const cJSON *e) {
  const char *op = sol_str(e, "operator");
  const cJSON *sub = child(e, "subExpression");
  if (strcmp(op, "!") == 0) return mk_bool(X, !truth(X, F, sub));
  if (strcmp(op, "delete") == 0) {
    zero_into(X, lref(X, F, sub));
    return mk_bool(X, true);
  }
  int bits;
  bool sign;
  if (!int_type(tstr(e), &bits, &sign)) unsup(X, e, "operator %s on %s", op, tstr(e));
  if (strcmp(op, "++") == 0 || strcmp(op, "--") == 0) {
    val **s = lref(X, F, sub);
    val *old = need_int(X, *s, sub);
    mpz_t one;
    mpz_init_set_ui(one, 1);
    *s = binop(X, op[0] == '+' ? "+" : "-", old->z, one, tstr(sub), e);
    mpz_clear(one);
    return sol_bool(e, "prefix") ? *s : old;
  }
  val *v = need_int(X, eval(X, F, sub), sub);
  mpz_t r;
  mpz_init(r);
  if (strcmp(op, "-") == 0) mpz_neg(r, v->z);
  else if (strcmp(op, "~") == 0) mpz_com(r, v->z);
  else { mpz_clear(r); unsup(X, e, "operator %s", op); }
  return arith_result(X, r, tstr(e), op[0] == '-' && !X->unchecked && bits != 0);
}

static val *binary(ix *X, frame *F, const cJSON *e) {
  const char *op = sol_str(e, "operator");
  const cJSON *l = child(e, "leftExpression"), *r = child(e, "rightExpression");
  if (strcmp(op, "&&") == 0) return mk_bool(X, truth(X, F, l) && truth(X, F, r));
  if (strcmp(op, "||") == 0) return mk_bool(X, truth(X, F, l) || truth(X, F, r));
  val *a = eval(X, F, l), *b = eval(X, F, r);
  bool eq = strcmp(op, "==") == 0, ne = strcmp(op, "!=") == 0;
  if (a->k == V_BOOL && b->k == V_BOOL && (eq || ne)) return mk_bool(X, (a->b == b->b) == eq);
  need_int(X, a, l);
  need_int(X, b, r);
  int c = mpz_cmp(a->z, b->z);
  if (eq) return mk_bool(X, c == 0);
  if (ne) return mk_bool(X, c != 0);
  if (strcmp(op, "<") == 0) return mk_bool(X, c < 0);
  if (strcmp(op, "<=") == 0) return mk_bool(X, c <= 0);
  if (strcmp(op, ">") == 0) return mk_bool(X, c > 0);
  if (strcmp(op, ">=") == 0) return mk_bool(X, c >= 0);
  const char *ts = tstr(e);
  if (strcmp(op, "<<") == 0 || strcmp(op, ">>") == 0 || strcmp(op, "**") == 0) ts = tstr(l);   /* the left operand's type */
  return binop(X, op, a->z, b->z, ts, e);
}

static val *conversion(ix *X, frame *F, const cJSON *e) {
  const cJSON *arg = child(e, "arguments") ? child(e, "arguments")->child : NULL;
  const char *ts = tstr(e);
  val *v = eval(X, F, arg);
  if (v->k == V_BOOL && strcmp(ts, "bool") == 0) return v;
  int bits;
  bool sign;
  if (v->k != V_INT || !int_type(ts, &bits, &sign)) unsup(X, e, "a conversion to %s", ts);
  if (strncmp(ts, "enum ", 5) == 0) {
    const cJSON *ed = decl(X, child(e, "expression"));
    if (mpz_sgn(v->z) < 0 || mpz_cmp_si(v->z, enum_size(ed)) >= 0) stop(X, STOP_REVERT);   /* Panic 0x21 */
    return v;
  }
  mpz_t z;
  mpz_init_set(z, v->z);
  wrap(z, bits, sign);
  val *r = mk_int(X, z);
  mpz_clear(z);
  return r;
}

static val *index_access(ix *X, frame *F, const cJSON *e, val ***slot) {
  const cJSON *b = child(e, "baseExpression"), *ie = child(e, "indexExpression");
  if (!present(ie)) unsup(X, e, "a type expression");
  val *base = eval(X, F, b);
  val *i = eval(X, F, ie);
  if (base->k == V_ARRAY) {
    need_int(X, i, ie);
    if (mpz_sgn(i->z) < 0 || mpz_cmp_ui(i->z, base->n) >= 0) stop(X, STOP_REVERT);   /* Panic 0x32 */
    *slot = &base->el[mpz_get_ui(i->z)];
    return base;
  }
  if (base->k != V_MAP) unsup(X, e, "indexing a %s", tstr(b));
  mpz_t key;
  mpz_init(key);
  if (i->k == V_BOOL) mpz_set_ui(key, i->b);
  else if (i->k == V_INT) mpz_set(key, i->z);
  else { mpz_clear(key); unsup(X, e, "a mapping key of type %s", tstr(ie)); }
  for (uint32_t k = 0; k < base->n; k++)
    if (mpz_cmp(base->keys[k], key) == 0) { mpz_clear(key); *slot = &base->el[k]; return base; }
  uint32_t cap = base->cap;
  push_el(base, NULL);
  if (base->cap != cap || !base->keys) base->keys = xrealloc(base->keys, base->cap * sizeof(mpz_t));
  mpz_init_set(base->keys[base->n - 1], key);
  mpz_clear(key);
  base->el[base->n - 1] = mk_default(X, base->ety);
  *slot = &base->el[base->n - 1];
  return base;
}

/* b[start:end] of a calldata array: a new array of the elements in
 * [start, end) (out of order or bounds: revert) */
static val *slice(ix *X, frame *F, const cJSON *e) {
  val *base = eval(X, F, child(e, "baseExpression"));
  if (base->k != V_ARRAY) unsup(X, e, "a slice of %s", tstr(child(e, "baseExpression")));
  unsigned long lo = 0, hi = base->n;
  const char *ends[2] = {"startExpression", "endExpression"};
  for (int i = 0; i < 2; i++) {
    const cJSON *x = child(e, ends[i]);
    if (!present(x)) continue;
    val *v = need_int(X, eval(X, F, x), x);
    if (mpz_sgn(v->z) < 0 || mpz_cmp_ui(v->z, base->n) > 0) stop(X, STOP_REVERT);
    *(i ? &hi : &lo) = mpz_get_ui(v->z);
  }
  if (lo > hi) stop(X, STOP_REVERT);
  val *r = mk(X, V_ARRAY);
  r->dyn = true;
  r->ety = base->ety;
  for (unsigned long i = lo; i < hi; i++) push_el(r, clone(X, base->el[i]));
  return r;
}

static val **lref(ix *X, frame *F, const cJSON *e) {
  if (is(e, "Identifier")) {
    const cJSON *d = decl(X, e);
    int id = sol_int(e, "referencedDeclaration");
    if (!is(d, "VariableDeclaration")) unsup(X, e, "%s", sol_str(e, "name"));
    if (sol_bool(d, "stateVariable")) {
      if (sol_bool(d, "constant")) unsup(X, e, "assigning a constant");
      if (!X->state[id]) unsup(X, e, "state variable %s of another contract", sol_str(d, "name"));
      return &X->state[id];
    }
    if (!F->loc[id]) unsup(X, e, "variable %s read before its declaration", sol_str(d, "name"));
    return &F->loc[id];
  }
  if (is(e, "IndexAccess")) {
    val **s;
    index_access(X, F, e, &s);
    return s;
  }
  if (is(e, "MemberAccess")) {
    const cJSON *base = child(e, "expression"), *d = decl(X, e);
    if (is(d, "VariableDeclaration") && sol_bool(d, "stateVariable")) {   /* C.x */
      int id = sol_int(e, "referencedDeclaration");
      if (!X->state[id]) unsup(X, e, "state variable of another contract");
      return &X->state[id];
    }
    val *b = eval(X, F, base);
    if (b->k == V_ARRAY && strcmp(sol_str(e, "memberName"), "length") == 0) {
      val **s = ix_alloc(X, sizeof *s);
      *s = mk_si(X, (long)b->n);
      return s;
    }
    if (b->k != V_STRUCT || !is(d, "VariableDeclaration")) unsup(X, e, "member %s of %s", sol_str(e, "memberName"), tstr(base));
    const cJSON *sd = sol_node(X->a, sol_int(d, "scope"));
    uint32_t i = 0;
    for (const cJSON *m = child(sd, "members") ? child(sd, "members")->child : NULL; m; m = m->next, i++)
      if (m == d && i < b->n) return &b->el[i];
    unsup(X, e, "member %s", sol_str(e, "memberName"));
  }
  if (is(e, "TupleExpression") && cJSON_GetArraySize(child(e, "components")) == 1) return lref(X, F, child(e, "components")->child);
  if (is(e, "FunctionCall") && is(child(e, "expression"), "MemberAccess") &&
      strcmp(sol_str(child(e, "expression"), "memberName"), "push") == 0 && cJSON_GetArraySize(child(e, "arguments")) == 0) {
    val *arr = eval(X, F, child(child(e, "expression"), "expression"));   /* push() is the new element's place */
    if (arr->k != V_ARRAY || !arr->dyn) unsup(X, e, "push on a %s", tstr(child(child(e, "expression"), "expression")));
    push_el(arr, mk_default(X, arr->ety));
    return &arr->el[arr->n - 1];
  }
  unsup(X, e, "assigning to a %s", sol_kind(e));
}

static val *identifier(ix *X, frame *F, const cJSON *e) {
  const cJSON *d = decl(X, e);
  if (sol_int(e, "referencedDeclaration") < 0 && strcmp(sol_str(e, "name"), "this") == 0 && X->has_self) return mk_int(X, X->self);
  if (sol_int(e, "referencedDeclaration") < 0) unsup(X, e, "%s", sol_str(e, "name"));
  if (is(d, "VariableDeclaration") && sol_bool(d, "constant")) return constant(X, F, d, e);
  return *lref(X, F, e);
}

/* push / pop on a storage or memory array */
static val *array_member_call(ix *X, frame *F, const cJSON *e, const cJSON *callee) {
  const char *mn = sol_str(callee, "memberName");
  val *arr = eval(X, F, child(callee, "expression"));
  const cJSON *args = child(e, "arguments");
  if (arr->k != V_ARRAY || !arr->dyn) unsup(X, e, "%s on a %s", mn, tstr(child(callee, "expression")));
  if (strcmp(mn, "push") == 0) {
    if (args && args->child) {   /* a copy of the argument */
      val *v = eval(X, F, args->child);
      push_el(arr, mk_default(X, arr->ety));
      store(X, &arr->el[arr->n - 1], "storage ref", v, tstr(args->child));
      return mk_bool(X, true);
    }
    push_el(arr, mk_default(X, arr->ety));
    return arr->el[arr->n - 1];
  }
  if (arr->n == 0) stop(X, STOP_REVERT);   /* Panic 0x31 */
  arr->n--;
  return mk_bool(X, true);
}

static const cJSON *public_fn(ix *X, const sol_exec_tx *t);
static void bind_tx_args(ix *X, frame *F, const cJSON *fn);
static frame *new_frame(ix *X, const cJSON *fn);
static int run_level(ix *X, frame *F, const cJSON *fn, const cJSON *m);

/* A call into unknown code: its target and arguments are evaluated, then
 * it calls the contract back as the sequence says (the next chain of the
 * transaction); a revert there reverts the transaction. */
static val *unknown_code(ix *X, frame *F, const cJSON *e, const cJSON *base, const cJSON *fn) {
  bool used = X->discard != e;
  (void)eval(X, F, base);
  for (const cJSON *a = child(e, "arguments") ? child(e, "arguments")->child : NULL; a; a = a->next) (void)eval(X, F, a);
  if (used && cJSON_GetArraySize(child(child(fn, "returnParameters"), "parameters")) > 0)
    unsup(X, e, "a value returned by unknown code");
  if (X->next_chain >= X->top->nchains) unsup(X, e, "a call into unknown code the sequence does not describe");
  const sol_exec_chain *ch = &X->top->chains[X->next_chain++];
  const sol_exec_tx *outer = X->tx;
  bool unchecked = X->unchecked;
  for (uint32_t i = 0; i < ch->ncalls; i++) {
    const sol_exec_tx *t = &ch->calls[i];
    const cJSON *g = public_fn(X, t);
    if (!g) unsup(X, e, "no public function %s", t->fn);
    X->tx = t;
    X->unchecked = false;
    if (t->has_balance) mpz_set(X->balance, t->balance);   /* ether may have arrived before */
    set_others(X, t);
    if (strcmp(sol_str(g, "stateMutability"), "payable") != 0 && mpz_sgn(t->value) != 0) stop(X, STOP_REVERT);
    frame *G = new_frame(X, g);
    bind_tx_args(X, G, g);
    run_level(X, G, g, child(g, "modifiers") ? child(g, "modifiers")->child : NULL);
  }
  X->tx = outer;
  X->unchecked = unchecked;
  return mk(X, V_TUPLE);
}

/* to.transfer(amount) / to.send(amount): ether leaves the contract (to
 * itself: nothing moves); not enough of it: transfer reverts, send fails */
static val *ether_out(ix *X, frame *F, const cJSON *e, const cJSON *base, bool send) {
  val *to = need_int(X, eval(X, F, base), base);
  const cJSON *arg = child(e, "arguments") ? child(e, "arguments")->child : NULL;
  if (!arg) unsup(X, e, "a transfer without an amount");
  val *amount = need_int(X, eval(X, F, arg), arg);
  if (!X->has_self || !X->has_balance) unsup(X, e, "ether transfers without the balance in the trace");
  bool enough = mpz_cmp(X->balance, amount->z) >= 0;
  if (!enough && !send) stop(X, STOP_REVERT);
  if (enough && mpz_cmp(to->z, X->self) != 0) {
    mpz_sub(X->balance, X->balance, amount->z);
    if (X->has_others) mpz_add(*other_balance(X, to->z, e), *other_balance(X, to->z, e), amount->z);
  }
  return send ? mk_bool(X, enough) : mk(X, V_TUPLE);
}

/* this.f(...): the contract's own function, called with msg.sender = this
 * and no value; this.x(i...): the getter of a public state variable */
static val *self_call(ix *X, frame *F, const cJSON *e, const cJSON *fn, const val *amount) {
  if (!X->has_self) unsup(X, e, "this without a value in the trace");
  const cJSON *args = child(e, "arguments");
  if (is(fn, "VariableDeclaration") && sol_bool(fn, "stateVariable")) {
    val *v = X->state[sol_int(fn, "id")];
    if (!v) unsup(X, e, "the getter of %s", sol_str(fn, "name"));
    for (const cJSON *a = args ? args->child : NULL; a; a = a->next) {
      val *i = eval(X, F, a);
      if (v->k == V_ARRAY) {
        need_int(X, i, a);
        if (mpz_sgn(i->z) < 0 || mpz_cmp_ui(i->z, v->n) >= 0) stop(X, STOP_REVERT);
        v = v->el[mpz_get_ui(i->z)];
      } else if (v->k == V_MAP) {
        mpz_t key;
        mpz_init(key);
        if (i->k == V_BOOL) mpz_set_ui(key, i->b);
        else mpz_set(key, need_int(X, i, a)->z);
        val *found = NULL;
        for (uint32_t k = 0; k < v->n && !found; k++)
          if (mpz_cmp(v->keys[k], key) == 0) found = v->el[k];
        mpz_clear(key);
        v = found ? found : mk_default(X, v->ety);
      } else unsup(X, e, "a getter argument");
    }
    if (v->k == V_INT || v->k == V_BOOL) return v;
    if (v->k != V_STRUCT) unsup(X, e, "a getter of a composite value");
    /* a struct: its members but mappings and arrays, a tuple unless one */
    const cJSON *sd = NULL;
    for (const cJSON *tn = child(fn, "typeName"); tn && !sd;)
      if (is(tn, "Mapping")) tn = child(tn, "valueType");
      else if (is(tn, "ArrayTypeName")) tn = child(tn, "baseType");
      else sd = decl(X, tn);
    if (!is(sd, "StructDefinition")) unsup(X, e, "a getter of a composite value");
    val *t = mk(X, V_TUPLE);
    uint32_t k = 0;
    for (const cJSON *m = child(sd, "members") ? child(sd, "members")->child : NULL; m; m = m->next, k++) {
      const cJSON *mt = child(m, "typeName");
      if (is(mt, "Mapping") || is(mt, "ArrayTypeName")) continue;
      push_el(t, v->el[k]->k == V_INT || v->el[k]->k == V_BOOL ? v->el[k] : clone(X, v->el[k]));
    }
    return t->n == 1 ? t->el[0] : t;
  }
  if (!is(fn, "FunctionDefinition")) unsup(X, e, "this.%s", sol_str(fn, "name"));
  fn = resolve(X, fn, -1, e);
  if (!has_body(fn)) unsup(X, e, "a call without implementation");
  uint32_t na = (uint32_t)cJSON_GetArraySize(args);
  val **av = ix_alloc(X, (na + 1) * sizeof *av);
  const cJSON **ae = ix_alloc(X, (na + 1) * sizeof *ae);
  uint32_t i = 0;
  for (const cJSON *a = args ? args->child : NULL; a; a = a->next, i++) {
    av[i] = eval(X, F, a);
    if (av[i]->k != V_INT && av[i]->k != V_BOOL) av[i] = clone(X, av[i]);   /* ABI-encoded: a copy */
    ae[i] = a;
  }
  const sol_exec_tx *outer = X->tx;
  X->self_tx.env = outer->env;
  X->self_tx.envnames = outer->envnames;
  X->self_tx.nenv = outer->nenv;
  X->tx = &X->self_tx;
  if (amount) mpz_set(X->self_tx.value, amount->z);
  val *r = call_fn(X, fn, av, ae, e);
  mpz_set_ui(X->self_tx.value, 0);
  X->tx = outer;
  return r;
}

/* f{value: v}(..) on this or on unknown code (gas is not modelled): the
 * ether leaves first (not enough: revert); to itself it comes back */
static val *call_with_value(ix *X, frame *F, const cJSON *e, const cJSON *callee) {
  const cJSON *nm = child(callee, "names") ? child(callee, "names")->child : NULL;
  val *amount = NULL;
  for (const cJSON *o = child(callee, "options") ? child(callee, "options")->child : NULL; o; o = o->next, nm = nm ? nm->next : NULL) {
    if (!cJSON_IsString(nm) || (strcmp(nm->valuestring, "value") != 0 && strcmp(nm->valuestring, "gas") != 0)) unsup(X, e, "a call option");
    val *v = need_int(X, eval(X, F, o), o);
    if (strcmp(nm->valuestring, "value") == 0) amount = v;
  }
  const cJSON *inner = child(callee, "expression"), *base = child(inner, "expression"), *fn = decl(X, inner);
  if (!is(inner, "MemberAccess") || !is(fn, "FunctionDefinition")) unsup(X, e, "call options on %s", tstr(inner));
  if (amount && (!X->has_self || !X->has_balance)) unsup(X, e, "ether sent without the balance in the trace");
  if (amount && mpz_cmp(X->balance, amount->z) < 0) stop(X, STOP_REVERT);
  if (is(base, "Identifier") && strcmp(sol_str(base, "name"), "this") == 0 && sol_int(base, "referencedDeclaration") < 0)
    return self_call(X, F, e, fn, amount);
  if (strncmp(tstr(base), "contract ", 9) != 0) unsup(X, e, "call options on %s", tstr(base));
  if (amount) mpz_sub(X->balance, X->balance, amount->z);
  return unknown_code(X, F, e, base, fn);
}

/* The arguments from x on but literals (a message), in turn, for their
 * effects: they run before a require's check or a revert. */
static void eval_rest(ix *X, frame *F, const cJSON *x) {
  for (; x; x = x->next)
    if (!is(x, "Literal")) (void)eval(X, F, x);
}

static val *call(ix *X, frame *F, const cJSON *e) {
  const char *kind = sol_str(e, "kind");
  const cJSON *callee = child(e, "expression"), *args = child(e, "arguments");
  while (is(callee, "TupleExpression") && !sol_bool(callee, "isInlineArray") && cJSON_GetArraySize(child(callee, "components")) == 1)
    callee = child(callee, "components")->child;   /* (f)(x) */
  if (strcmp(kind, "typeConversion") == 0) return conversion(X, F, e);
  if (strcmp(kind, "structConstructorCall") == 0) {
    const cJSON *sd = decl(X, callee);
    if (!is(sd, "StructDefinition")) unsup(X, e, "a struct constructor");
    val *v = mk_struct(X, sd);
    const cJSON *names = child(e, "names"), *nm = names ? names->child : NULL;
    uint32_t i = 0;
    const cJSON *m = child(sd, "members") ? child(sd, "members")->child : NULL;
    for (const cJSON *a = args ? args->child : NULL; a; a = a->next, i++, nm = nm ? nm->next : NULL) {
      uint32_t at = i;   /* S({b: 1, a: 2}): by name */
      if (nm) {
        at = 0;
        for (m = child(sd, "members")->child; m && strcmp(sol_str(m, "name"), nm->valuestring) != 0; m = m->next) at++;
      }
      if (at >= v->n) unsup(X, e, "a struct constructor");
      store(X, &v->el[at], "memory", eval(X, F, a), tstr(a));
    }
    return v;
  }
  if (is(callee, "Identifier") && sol_int(callee, "referencedDeclaration") < 0) {
    const char *nm = sol_str(callee, "name");
    if (strcmp(nm, "require") == 0) {
      bool ok = truth(X, F, args->child);
      eval_rest(X, F, args->child->next);   /* the message is evaluated whatever the condition */
      if (!ok) stop(X, STOP_REVERT);
      return mk_bool(X, true);
    }
    if (strcmp(nm, "assert") == 0) {
      if (!truth(X, F, args->child)) {
        X->fail_line = sol_line(X->a, e, NULL);
        stop(X, STOP_ASSERT);
      }
      return mk_bool(X, true);
    }
    if (strcmp(nm, "revert") == 0) {
      eval_rest(X, F, args ? args->child : NULL);
      stop(X, STOP_REVERT);
    }
    unsup(X, e, "%s", nm);
  }
  if (is(callee, "FunctionCallOptions")) return call_with_value(X, F, e, callee);
  if (is(callee, "NewExpression")) {
    const cJSON *tn = child(callee, "typeName");
    if (!is(tn, "ArrayTypeName") || !args || !args->child) unsup(X, e, "new");
    val *n = need_int(X, eval(X, F, args->child), args->child);
    if (mpz_cmp_ui(n->z, 100000) > 0) unsup(X, e, "a memory array of %s elements", mpz_get_str(NULL, 10, n->z));
    val *v = mk(X, V_ARRAY);
    v->ety = child(tn, "baseType");
    for (unsigned long i = 0; i < mpz_get_ui(n->z); i++) push_el(v, mk_default(X, v->ety));
    return v;
  }
  const cJSON *fn = NULL, *bound = NULL;
  if (is(callee, "Identifier")) {
    fn = decl(X, callee);
    if (is(fn, "FunctionDefinition")) fn = resolve(X, fn, -1, e);
  } else if (is(callee, "MemberAccess")) {
    const cJSON *base = child(callee, "expression");
    const char *mn = sol_str(callee, "memberName");
    if ((strcmp(mn, "push") == 0 || strcmp(mn, "pop") == 0) && strstr(tstr(base), "[]"))
      return array_member_call(X, F, e, callee);
    fn = decl(X, callee);
    if ((strcmp(mn, "transfer") == 0 || strcmp(mn, "send") == 0) && strncmp(tstr(base), "address", 7) == 0)
      return ether_out(X, F, e, base, mn[0] == 's');
    if (is(base, "Identifier") && strcmp(sol_str(base, "name"), "this") == 0 && sol_int(base, "referencedDeclaration") < 0)
      return self_call(X, F, e, fn, NULL);
    if (is(base, "Identifier") && strncmp(tstr(base), "contract ", 9) == 0 && X->has_self) {   /* C c = this; c.f() */
      val *t = eval(X, F, base);
      if (t->k == V_INT && mpz_cmp(t->z, X->self) == 0) return self_call(X, F, e, fn, NULL);
    }
    if (is(base, "Identifier") && sol_int(base, "referencedDeclaration") < 0 && strcmp(sol_str(base, "name"), "super") != 0)
      unsup(X, e, "%s.%s", sol_str(base, "name"), mn);
    if (is(base, "Identifier") && strcmp(sol_str(base, "name"), "super") == 0 && is(fn, "FunctionDefinition"))
      fn = resolve(X, fn, F->contract, e);
    else if (is(fn, "FunctionDefinition") && !is(decl(X, base), "ContractDefinition") &&
             strcmp(sol_str(sol_node(X->a, sol_int(fn, "scope")), "contractKind"), "library") == 0) {
      bound = base;   /* using L for T: x.f(a) is L.f(x, a) */
    } else if (is(fn, "FunctionDefinition") && strncmp(tstr(base), "contract ", 9) == 0 &&
               !(is(base, "Identifier") && strcmp(sol_str(base, "name"), "this") == 0)) {
      return unknown_code(X, F, e, base, fn);
    } else if (!(is(base, "Identifier") && is(decl(X, base), "ContractDefinition") && is(fn, "FunctionDefinition") &&
               strcmp(sol_str(fn, "visibility"), "external") != 0))
      unsup(X, e, "external call %s.%s", sol_str(base, "name")[0] ? sol_str(base, "name") : tstr(base), mn);
  }
  if (is(fn, "ErrorDefinition") || is(fn, "EventDefinition")) {   /* require(c, E(x)): nothing but its arguments */
    eval_rest(X, F, args ? args->child : NULL);
    return mk(X, V_TUPLE);
  }
  if (!is(fn, "FunctionDefinition")) unsup(X, e, "a call of %s", tstr(callee));
  if (!has_body(fn)) unsup(X, e, "a call without implementation");
  uint32_t na = (uint32_t)cJSON_GetArraySize(args) + (bound != NULL);
  val **av = ix_alloc(X, (na + 1) * sizeof *av);
  const cJSON **ae = ix_alloc(X, (na + 1) * sizeof *ae);
  uint32_t i = 0;
  if (bound) { av[0] = eval(X, F, bound); ae[0] = bound; i = 1; }
  for (const cJSON *a = args ? args->child : NULL; a; a = a->next, i++) { av[i] = eval(X, F, a); ae[i] = a; }
  return call_fn(X, fn, av, ae, e);
}

static val *eval(ix *X, frame *F, const cJSON *e) {
  if (++X->steps > 5000000) unsup(X, e, "a long execution (step limit)");
  const char *k = sol_kind(e);
  val *v;
  if (strcmp(k, "Literal") == 0) return literal(X, e);
  if (strcmp(k, "BinaryOperation") != 0 && strcmp(k, "Assignment") != 0 && strcmp(k, "UnaryOperation") != 0 &&
      strcmp(k, "FunctionCall") != 0 && const_value(X, e, &v))
    return v;
  if (strcmp(k, "Identifier") == 0) return identifier(X, F, e);
  if (strcmp(k, "BinaryOperation") == 0) {
    if (const_value(X, e, &v)) return v;
    return binary(X, F, e);
  }
  if (strcmp(k, "UnaryOperation") == 0) return unary(X, F, e);
  if (strcmp(k, "Assignment") == 0) return assignment(X, F, e);
  if (strcmp(k, "IndexAccess") == 0) {
    val **s;
    index_access(X, F, e, &s);
    return *s;
  }
  if (strcmp(k, "IndexRangeAccess") == 0) return slice(X, F, e);
  if (strcmp(k, "MemberAccess") == 0) return member(X, F, e);
  if (strcmp(k, "FunctionCall") == 0) return call(X, F, e);
  if (strcmp(k, "Conditional") == 0)
    return truth(X, F, child(e, "condition")) ? eval(X, F, child(e, "trueExpression")) : eval(X, F, child(e, "falseExpression"));
  if (strcmp(k, "TupleExpression") == 0) {
    const cJSON *cs = child(e, "components");
    if (!sol_bool(e, "isInlineArray") && cJSON_GetArraySize(cs) == 1) return eval(X, F, cs->child);
    val *t = mk(X, sol_bool(e, "isInlineArray") ? V_ARRAY : V_TUPLE);
    for (const cJSON *c = cs ? cs->child : NULL; c; c = c->next) push_el(t, present(c) ? eval(X, F, c) : mk_bool(X, false));
    return t;
  }
  unsup(X, e, "%s", k);
}

/* ---------- statements ---------- */

static val *bind(ix *X, frame *F, const cJSON *d, val *v, const char *sts) {
  val **s = &F->loc[sol_int(d, "id")];
  *s = NULL;
  const char *loc = sol_str(d, "storageLocation");
  if (v->k == V_INT || v->k == V_BOOL) *s = v;
  else if (strcmp(loc, "storage") == 0) *s = v;                 /* a storage pointer */
  else if (strstr(sts, "storage")) *s = clone(X, v);           /* storage into memory: a copy */
  else *s = v;
  return *s;
}

static int run_level(ix *X, frame *F, const cJSON *fn, const cJSON *m);

static int block(ix *X, frame *F, const cJSON *stmts) {
  for (const cJSON *s = stmts ? stmts->child : NULL; s; s = s->next) {
    int r = exec(X, F, s);
    if (r != C_OK) return r;
  }
  return C_OK;
}

static int loop_body(ix *X, frame *F, const cJSON *body, bool *leave) {
  int r = exec(X, F, body);
  *leave = r == C_BREAK || r == C_RET;
  return r == C_RET ? C_RET : C_OK;
}

static int exec(ix *X, frame *F, const cJSON *s) {
  if (++X->steps > 5000000) unsup(X, s, "a long execution (step limit)");
  const char *k = sol_kind(s);
  if (strcmp(k, "Block") == 0) return block(X, F, child(s, "statements"));
  if (strcmp(k, "UncheckedBlock") == 0) {
    bool u = X->unchecked;
    X->unchecked = true;
    int r = block(X, F, child(s, "statements"));
    X->unchecked = u;
    return r;
  }
  if (strcmp(k, "ExpressionStatement") == 0) {
    X->discard = child(s, "expression");
    eval(X, F, X->discard);
    return C_OK;
  }
  if (strcmp(k, "VariableDeclarationStatement") == 0) {
    const cJSON *ds = child(s, "declarations"), *init = child(s, "initialValue");
    if (cJSON_GetArraySize(ds) == 1 && present(ds->child)) {
      if (present(init)) bind(X, F, ds->child, eval(X, F, init), tstr(init));
      else bind(X, F, ds->child, mk_default(X, child(ds->child, "typeName")), "");
      return C_OK;
    }
    val *t = present(init) ? eval(X, F, init) : NULL;
    if (!t || t->k != V_TUPLE) unsup(X, s, "a declaration of several variables");
    uint32_t i = 0;
    for (const cJSON *d = ds->child; d; d = d->next, i++)
      if (present(d) && i < t->n) bind(X, F, d, t->el[i], "");
    return C_OK;
  }
  if (strcmp(k, "IfStatement") == 0) {
    if (truth(X, F, child(s, "condition"))) return exec(X, F, child(s, "trueBody"));
    return present(child(s, "falseBody")) ? exec(X, F, child(s, "falseBody")) : C_OK;
  }
  if (strcmp(k, "WhileStatement") == 0 || strcmp(k, "DoWhileStatement") == 0) {
    bool first = strcmp(k, "DoWhileStatement") == 0, leave = false;
    while (first || truth(X, F, child(s, "condition"))) {
      first = false;
      int r = loop_body(X, F, child(s, "body"), &leave);
      if (leave) return r;
    }
    return C_OK;
  }
  if (strcmp(k, "ForStatement") == 0) {
    if (present(child(s, "initializationExpression"))) exec(X, F, child(s, "initializationExpression"));
    bool leave = false;
    while (!present(child(s, "condition")) || truth(X, F, child(s, "condition"))) {
      int r = loop_body(X, F, child(s, "body"), &leave);
      if (leave) return r;
      if (present(child(s, "loopExpression"))) exec(X, F, child(s, "loopExpression"));
    }
    return C_OK;
  }
  if (strcmp(k, "Break") == 0) return C_BREAK;
  if (strcmp(k, "Continue") == 0) return C_CONT;
  if (strcmp(k, "Return") == 0) {
    const cJSON *e = child(s, "expression");
    const cJSON *rl = sol_node(X->a, sol_int(s, "functionReturnParameters"));
    if (present(e) && rl) {
      val *v = tuple_copy(X, eval(X, F, e));
      const cJSON *ps = child(rl, "parameters");
      if (cJSON_GetArraySize(ps) == 1) bind(X, F, ps->child, v, tstr(e));
      else {
        uint32_t i = 0;
        for (const cJSON *p = ps->child; p; p = p->next, i++) if (v->k == V_TUPLE && i < v->n) bind(X, F, p, v->el[i], "");
      }
    }
    return C_RET;
  }
  if (strcmp(k, "EmitStatement") == 0) {   /* the event is nothing, its arguments are evaluated */
    const cJSON *args = child(child(s, "eventCall"), "arguments");
    for (const cJSON *a = args ? args->child : NULL; a; a = a->next) eval(X, F, a);
    return C_OK;
  }
  if (strcmp(k, "RevertStatement") == 0) {   /* revert E(args): the arguments run first */
    const cJSON *args = child(child(s, "errorCall"), "arguments");
    eval_rest(X, F, args ? args->child : NULL);
    stop(X, STOP_REVERT);
  }
  if (strcmp(k, "PlaceholderStatement") == 0) {
    if (!F->ph_fn) unsup(X, s, "a placeholder outside a modifier");
    run_level(X, F->ph_F, F->ph_fn, F->ph_next);
    return C_OK;
  }
  unsup(X, s, "%s", k);
}

static frame *new_frame(ix *X, const cJSON *fn) {
  frame *F = ix_alloc(X, sizeof *F);
  F->loc = ix_alloc(X, ((size_t)X->a->nids + 1) * sizeof(val *));
  F->fn = fn;
  F->contract = sol_int(fn, "scope");
  return F;
}

/* the function body behind modifier invocations m, m->next, ... (a return
 * ends the innermost level only) */
static int run_level(ix *X, frame *F, const cJSON *fn, const cJSON *m) {
  while (m && !is(decl(X, child(m, "modifierName")), "ModifierDefinition")) m = m->next;   /* base constructor calls */
  if (!m) {
    block(X, F, child(child(fn, "body"), "statements"));
    return C_OK;
  }
  const cJSON *md = resolve(X, decl(X, child(m, "modifierName")), -1, m);
  frame *M = new_frame(X, md);
  M->ph_F = F;
  M->ph_fn = fn;
  M->ph_next = m->next;
  const cJSON *args = child(m, "arguments");
  const cJSON *a = args ? args->child : NULL;
  for (const cJSON *p = child(child(md, "parameters"), "parameters") ? child(child(md, "parameters"), "parameters")->child : NULL; p;
       p = p->next, a = a ? a->next : NULL) {
    if (!a) unsup(X, m, "modifier arguments");
    bind(X, M, p, eval(X, F, a), tstr(a));
  }
  block(X, M, child(child(md, "body"), "statements"));
  return C_OK;
}

static void bind_params(ix *X, frame *F, const cJSON *fn, val **args, const cJSON **argexp) {
  uint32_t i = 0;
  for (const cJSON *p = child(child(fn, "parameters"), "parameters") ? child(child(fn, "parameters"), "parameters")->child : NULL; p;
       p = p->next, i++)
    bind(X, F, p, args[i], argexp ? tstr(argexp[i]) : "");
  for (const cJSON *p = child(child(fn, "returnParameters"), "parameters") ? child(child(fn, "returnParameters"), "parameters")->child : NULL;
       p; p = p->next)
    bind(X, F, p, mk_default(X, child(p, "typeName")), "");
}

static val *call_fn(ix *X, const cJSON *fn, val **args, const cJSON **argexp, const cJSON *at) {
  if (X->depth >= 1000) unsup(X, at, "a call nesting deeper than 1000");   /* the C stack; the EVM's is smaller */
  X->depth++;
  frame *F = new_frame(X, fn);
  bind_params(X, F, fn, args, argexp);
  bool u = X->unchecked;
  X->unchecked = false;   /* a callee's code is checked unless it says otherwise */
  run_level(X, F, fn, child(fn, "modifiers") ? child(fn, "modifiers")->child : NULL);
  X->unchecked = u;
  X->depth--;
  const cJSON *rs = child(child(fn, "returnParameters"), "parameters");
  if (cJSON_GetArraySize(rs) == 1) return F->loc[sol_int(rs->child, "id")];
  val *t = mk(X, V_TUPLE);
  for (const cJSON *p = rs ? rs->child : NULL; p; p = p->next) push_el(t, F->loc[sol_int(p, "id")]);
  return t;
}

/* ---------- transactions ---------- */

static const cJSON *ctor_of(ix *X, int contract) {
  const cJSON *ct = sol_node(X->a, contract);
  for (const cJSON *n = child(ct, "nodes") ? child(ct, "nodes")->child : NULL; n; n = n->next)
    if (is(n, "FunctionDefinition") && strcmp(sol_str(n, "kind"), "constructor") == 0) return n;
  return NULL;
}

/* the transaction's value for parameter p (value types only) */
/* a value of type ts (a value type) from z */
static val *scalar_of(ix *X, const cJSON *p, const char *ts, const mpz_t z) {
  int bits;
  bool sign;
  if (strcmp(ts, "bool") == 0) return mk_bool(X, mpz_sgn(z) != 0);
  if (!int_type(ts, &bits, &sign)) unsup(X, p, "an argument of type %s", ts);
  if (!fits(z, bits, sign)) unsup(X, p, "argument %s out of its type's range", sol_str(p, "name"));
  return mk_int(X, z);
}

static val *tx_arg(ix *X, const cJSON *p) {
  const char *pn = sol_str(p, "name")[0] ? sol_str(p, "name") : "arg";
  const cJSON *tn = child(p, "typeName");
  for (uint32_t i = 0; i < X->tx->nargs; i++) {
    if (strcmp(X->tx->argnames[i], pn) != 0) continue;
    int64_t len = X->tx->arglen ? X->tx->arglen[i] : -1;
    if (len < 0) return scalar_of(X, p, tstr(p), X->tx->args[i]);
    if (!is(tn, "ArrayTypeName")) unsup(X, p, "argument %s", pn);
    val *v = mk_default(X, tn);   /* a static array has its length already */
    if (v->dyn) for (int64_t j = 0; j < len; j++) push_el(v, NULL);
    if ((int64_t)v->n != len) unsup(X, p, "argument %s of a wrong length", pn);
    for (int64_t j = 0; j < len; j++) v->el[j] = scalar_of(X, p, tstr(child(tn, "baseType")), X->tx->argel[i][j]);
    return v;
  }
  unsup(X, p, "argument %s without a value", pn);
}

static void bind_tx_args(ix *X, frame *F, const cJSON *fn) {
  const cJSON *ps = child(child(fn, "parameters"), "parameters");
  uint32_t n = (uint32_t)cJSON_GetArraySize(ps), i = 0;
  val **av = ix_alloc(X, (n + 1) * sizeof *av);
  for (const cJSON *p = ps ? ps->child : NULL; p; p = p->next) av[i++] = tx_arg(X, p);
  bind_params(X, F, fn, av, NULL);
}

static void base_args(ix *X, frame **cf, int target, const cJSON *args, frame *from) {
  int i = 0;
  while (i < X->nlin && X->lin[i] != target) i++;
  const cJSON *ct = ctor_of(X, target);
  if (i == X->nlin || !ct || !present(args)) return;
  const cJSON *a = args->child;
  for (const cJSON *p = child(child(ct, "parameters"), "parameters")->child; p && a; p = p->next, a = a->next)
    bind(X, cf[i], p, eval(X, from, a), tstr(a));
}

static void deploy(ix *X) {
  for (int i = 0; i < X->nlin; i++) {
    const cJSON *ct = sol_node(X->a, X->lin[i]);
    for (const cJSON *n = child(ct, "nodes") ? child(ct, "nodes")->child : NULL; n; n = n->next)
      if (is(n, "VariableDeclaration") && !sol_bool(n, "constant")) X->state[sol_int(n, "id")] = mk_default(X, child(n, "typeName"));
  }
  frame **cf = ix_alloc(X, ((size_t)X->nlin + 1) * sizeof *cf);
  for (int i = 0; i < X->nlin; i++) {
    const cJSON *ct = ctor_of(X, X->lin[i]);
    cf[i] = new_frame(X, ct ? ct : sol_node(X->a, X->lin[i]));
    cf[i]->contract = X->lin[i];
  }
  const cJSON *rc = ctor_of(X, X->lin[0]);
  if (rc) {
    if (strcmp(sol_str(rc, "stateMutability"), "payable") != 0 && mpz_sgn(X->tx->value) != 0) stop(X, STOP_REVERT);
    bind_tx_args(X, cf[0], rc);
  } else if (mpz_sgn(X->tx->value) != 0) stop(X, STOP_REVERT);
  for (int i = 0; i < X->nlin; i++) {   /* base constructor arguments, most derived first */
    const cJSON *ct = sol_node(X->a, X->lin[i]);
    for (const cJSON *b = child(ct, "baseContracts") ? child(ct, "baseContracts")->child : NULL; b; b = b->next)
      base_args(X, cf, sol_int(child(b, "baseName"), "referencedDeclaration"), child(b, "arguments"), cf[i]);
    const cJSON *c = ctor_of(X, X->lin[i]);
    for (const cJSON *m = c && child(c, "modifiers") ? child(c, "modifiers")->child : NULL; m; m = m->next)
      if (is(decl(X, child(m, "modifierName")), "ContractDefinition"))
        base_args(X, cf, sol_int(child(m, "modifierName"), "referencedDeclaration"), child(m, "arguments"), cf[i]);
  }
  for (int i = X->nlin; i-- > 0;) {   /* from the most basic contract: initializers, then the constructor */
    const cJSON *ct = sol_node(X->a, X->lin[i]);
    for (const cJSON *n = child(ct, "nodes") ? child(ct, "nodes")->child : NULL; n; n = n->next) {
      if (!is(n, "VariableDeclaration") || sol_bool(n, "constant") || !present(child(n, "value"))) continue;
      val *v = eval(X, cf[i], child(n, "value"));
      int bits;
      bool sign;
      if (v->k == V_INT && int_type(tstr(n), &bits, &sign) && !fits(v->z, bits, sign)) unsup(X, n, "an initializer out of range");
      store(X, &X->state[sol_int(n, "id")], "storage ref", v, tstr(child(n, "value")));
    }
    const cJSON *c = ctor_of(X, X->lin[i]);
    if (c) {
      if (i != 0) {   /* a base constructor's return parameters (none) and unset parameters */
        for (const cJSON *p = child(child(c, "parameters"), "parameters")->child; p; p = p->next)
          if (!cf[i]->loc[sol_int(p, "id")]) unsup(X, c, "base constructor arguments not given");
      }
      run_level(X, cf[i], c, child(c, "modifiers") ? child(c, "modifiers")->child : NULL);
    }
  }
}

static const cJSON *public_fn(ix *X, const sol_exec_tx *t) {
  for (int i = 0; i < X->nlin; i++) {
    const cJSON *ct = sol_node(X->a, X->lin[i]);
    for (const cJSON *n = child(ct, "nodes") ? child(ct, "nodes")->child : NULL; n; n = n->next) {
      if (!is(n, "FunctionDefinition") || !has_body(n)) continue;
      const char *vis = sol_str(n, "visibility"), *nm = sol_str(n, "name")[0] ? sol_str(n, "name") : sol_str(n, "kind");
      if ((strcmp(vis, "public") != 0 && strcmp(vis, "external") != 0) || strcmp(nm, t->fn) != 0) continue;
      return n;
    }
  }
  return NULL;
}

static void transaction(ix *X, const sol_exec_tx *t) {
  X->tx = t;
  X->top = t;
  X->next_chain = 0;
  if (t->has_balance) {
    X->has_balance = true;
    mpz_set(X->balance, t->balance);
  }
  set_others(X, t);
  X->unchecked = false;
  X->depth = 0;
  if (!t->fn) { deploy(X); return; }
  const cJSON *fn = public_fn(X, t);
  if (!fn) unsup(X, sol_node(X->a, X->root), "no public function %s", t->fn);
  if (strcmp(sol_str(fn, "stateMutability"), "payable") != 0 && mpz_sgn(t->value) != 0) stop(X, STOP_REVERT);
  frame *F = new_frame(X, fn);
  bind_tx_args(X, F, fn);
  run_level(X, F, fn, child(fn, "modifiers") ? child(fn, "modifiers")->child : NULL);
}

int sol_exec_contract(const sol_ast *a, const char *name) {
  for (const cJSON *n = child(a->root, "nodes") ? child(a->root, "nodes")->child : NULL; n; n = n->next)
    if (is(n, "ContractDefinition") && strcmp(sol_str(n, "name"), name) == 0) return sol_int(n, "id");
  return -1;
}

void sol_exec_run(const sol_ast *a, int root, const sol_exec_tx *tx, uint32_t n, sol_exec_result *res) {
  memset(res, 0, sizeof *res);
  res->reverted = -1;
  ix X0;
  memset(&X0, 0, sizeof X0);
  ix *X = &X0;
  X->a = a;
  X->root = root;
  const cJSON *lin = child(sol_node(a, root), "linearizedBaseContracts");
  X->nlin = cJSON_GetArraySize(lin);
  X->lin = xcalloc((size_t)X->nlin + 1, sizeof(int));
  int i = 0;
  for (const cJSON *c = lin ? lin->child : NULL; c; c = c->next) X->lin[i++] = c->valueint;
  X->state = xcalloc((size_t)a->nids + 1, sizeof(val *));
  val **saved = xcalloc((size_t)a->nids + 1, sizeof(val *));
  mpz_init(X->self);
  mpz_init(X->balance);
  mpz_init(X->others_rest);
  mpz_init(X->self_tx.sender);
  mpz_init(X->self_tx.value);
  if (n > 0 && tx[0].has_self) {
    X->has_self = true;
    mpz_set(X->self, tx[0].self);
    mpz_set(X->self_tx.sender, tx[0].self);
  }
  res->status = SOL_EXEC_OK;
  for (uint32_t t = 0; t < n; t++) {
    volatile int why = setjmp(X->jb);
    if (why == 0) {
      for (int id = 0; id < a->nids; id++) saved[id] = X->state[id] ? clone(X, X->state[id]) : NULL;   /* for a revert */
      transaction(X, &tx[t]);
      continue;
    }
    if (why == STOP_REVERT) {
      if (res->reverted < 0) res->reverted = (int32_t)t;
      memcpy(X->state, saved, ((size_t)a->nids + 1) * sizeof(val *));
      if (t == 0) break;   /* no contract */
      continue;
    }
    res->at = t;
    if (why == STOP_ASSERT) {
      res->status = SOL_EXEC_ASSERT;
      res->line = X->fail_line;
    } else {
      res->status = SOL_EXEC_UNSUPPORTED;
      snprintf(res->why, sizeof res->why, "%.290s", X->why);
    }
    break;
  }
  while (X->all) {
    val *v = X->all;
    X->all = v->all;
    free_val(v);
  }
  for (uint32_t b = 0; b < X->nblocks; b++) free(X->blocks[b]);
  free(X->blocks);
  free(X->state);
  free(saved);
  free(X->lin);
  mpz_clear(X->self);
  mpz_clear(X->balance);
  for (uint32_t i = 0; i < X->nothers; i++) mpz_clear(X->others_at[i]), mpz_clear(X->others_val[i]);
  free(X->others_at);
  free(X->others_val);
  mpz_clear(X->others_rest);
  mpz_clear(X->self_tx.sender);
  mpz_clear(X->self_tx.value);
}
