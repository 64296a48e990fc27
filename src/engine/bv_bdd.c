/* Bit-blasting terms into BuDDy BDDs (bv_bdd.h). */
#include "engine/bv_bdd.h"
#include <bvec.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

uint32_t bb_width(type_t ty) {
  switch (type_kind_of(ty)) {
  case TYPE_BOOL: return 1;
  case TYPE_BV: return type_bv_width(ty);
  case TYPE_ARRAY: {
    type_t ix = type_array_index(ty);
    if (type_kind_of(ix) != TYPE_BV || type_bv_width(ix) > BB_MAX_INDEX_BITS) return 0;
    uint32_t e = bb_width(type_array_elem(ty));
    if (!e || type_kind_of(type_array_elem(ty)) == TYPE_ARRAY) return 0;
    return e << type_bv_width(ix);
  }
  default: return 0;
  }
}

static void silent_gc(int pre, bddGbcStat *s) { (void)pre, (void)s; }

/* A table that grows (BuDDy doubles it when a collection frees too
 * little), the caches a fixed fraction of it. Measured (instructions,
 * session 11): a million nodes cost xeqy more to set up and tear down
 * than its whole analysis; 64 Ki nodes made bubblesort-unsafe 1.5x
 * slower (collections and cache resets while growing); 256 Ki nodes with
 * caches of a quarter beat both on both. */
enum { BB_NODES = 262144, BB_CACHE_RATIO = 4, BB_SMALL_CACHE = 1009 };

/* BuDDy clears every cache when it makes it, again when the ratio is set
 * (a resize), and once more in bdd_done (a reset): 1.6 M instructions
 * each at this size. So the caches start tiny (the ratio's resize makes
 * them once) and are shrunk before bdd_done. */
void bb_open(int nvars) {
  bdd_init(BB_NODES, BB_SMALL_CACHE);
  bdd_setcacheratio(BB_CACHE_RATIO);
  bdd_setmaxincrease(4000000);
  bdd_gbc_hook(silent_gc);
  bdd_setvarnum(nvars > 0 ? nvars : 1);
}

void bb_close(void) {
  bdd_setcacheratio(bdd_getallocnum() / BB_SMALL_CACHE + 1);
  bdd_done();
}

void bb_init(bb_ctx *c) { memset(c, 0, sizeof *c); }

void bb_release(bb_ctx *c) {
  for (size_t i = 0; i < c->narena; i++) bdd_delref(c->arena[i]);
  c->narena = 0;
}

void bb_free(bb_ctx *c) {
  bb_release(c);
  free(c->arena);
  for (uint32_t i = 0; i < c->nvars; i++) free(c->vals[i].b);
  free(c->vars);
  free(c->vals);
  for (uint32_t i = 0; i < c->nmemo; i++) free(c->memo_v[i].b);
  free(c->memo_t);
  free(c->memo_v);
  memset(c, 0, sizeof *c);
}

BDD bb_keep(bb_ctx *c, BDD b) {
  XGROW(c->arena, c->cap, c->narena + 1);
  c->arena[c->narena++] = bdd_addref(b);
  return b;
}

/* Vectors are malloc'd arrays owned by whoever holds them; the scratch
 * vectors of one translation live in the memo. */
bb_vec bb_alloc(bb_ctx *c, uint32_t n) {
  (void)c;
  bb_vec v = {xcalloc(n + 1, sizeof(BDD)), n};
  return v;
}

static bb_vec vcopy(bb_vec v) {
  bb_vec r = {xmalloc((v.n + 1) * sizeof(BDD)), v.n};
  if ((v.n * sizeof(BDD)) != 0) memcpy(r.b, v.b, v.n * sizeof(BDD));
  return r;
}

void bb_set(bb_ctx *c, term_t v, bb_vec val) {
  for (uint32_t i = 0; i < c->nvars; i++)
    if (c->vars[i] == v) {
      free(c->vals[i].b);
      c->vals[i] = vcopy(val);
      return;
    }
  c->vars = xrealloc(c->vars, (c->nvars + 1) * sizeof *c->vars);
  c->vals = xrealloc(c->vals, (c->nvars + 1) * sizeof *c->vals);
  c->vars[c->nvars] = v;
  c->vals[c->nvars++] = vcopy(val);
}

BDD bb_eq(bb_ctx *c, bb_vec a, bb_vec b) {
  BDD r = bdd_true();
  for (uint32_t i = 0; i < a.n && i < b.n; i++) r = bb_keep(c, bdd_and(r, bb_keep(c, bdd_biimp(a.b[i], b.b[i]))));
  return r;
}

/* ---- conversions to and from BuDDy's bvec ---- */
static BVEC to_bvec(bb_vec v) {
  BVEC r = bvec_false((int)v.n);
  for (uint32_t i = 0; i < v.n; i++) {
    bdd_delref(r.bitvec[i]);
    r.bitvec[i] = bdd_addref(v.b[i]);
  }
  return r;
}

/* Takes over r (freed here); the result's bits are kept in the arena. */
static bb_vec from_bvec(bb_ctx *c, BVEC r, uint32_t n) {
  bb_vec v = bb_alloc(c, n);
  for (uint32_t i = 0; i < n; i++) v.b[i] = bb_keep(c, i < (uint32_t)r.bitnum ? r.bitvec[i] : bdd_false());
  bvec_free(r);
  return v;
}

/* ---- translation ---- */
static bool fail(bb_ctx *c, const char *why) {
  c->error = why;
  return false;
}

static bool rec(bb_ctx *c, term_t t, bb_vec *out);

static bb_vec bits1(bb_ctx *c, BDD b) {
  bb_vec v = bb_alloc(c, 1);
  v.b[0] = bb_keep(c, b);
  return v;
}

static BDD ult(bb_ctx *c, bb_vec a, bb_vec b) {
  BVEC x = to_bvec(a), y = to_bvec(b);
  BDD r = bb_keep(c, bvec_lth(x, y));
  bvec_free(x), bvec_free(y);
  return r;
}

/* Signed comparison: unsigned after flipping the sign bits. */
static BDD slt(bb_ctx *c, bb_vec a, bb_vec b) {
  bb_vec x = vcopy(a), y = vcopy(b);
  x.b[x.n - 1] = bb_keep(c, bdd_not(x.b[x.n - 1]));
  y.b[y.n - 1] = bb_keep(c, bdd_not(y.b[y.n - 1]));
  BDD r = ult(c, x, y);
  free(x.b), free(y.b);
  return r;
}

static bb_vec vite(bb_ctx *c, BDD s, bb_vec a, bb_vec b) {
  bb_vec r = bb_alloc(c, a.n);
  for (uint32_t i = 0; i < a.n; i++) r.b[i] = bb_keep(c, bdd_ite(s, a.b[i], b.b[i]));
  return r;
}

/* Restoring division, one quotient bit per step on w+1-bit remainders
 * (BuDDy's own bvec_div releases a node it does not own). A zero divisor
 * gives the SMT-LIB values by itself: every step subtracts 0, so the
 * quotient is all ones and the remainder the dividend. */
static bool divide(bb_ctx *c, bb_vec a, bb_vec b, bool want_rem, bb_vec *out) {
  uint32_t w = a.n;
  BVEC tb = to_bvec(b);
  BVEC B = bvec_coerce((int)w + 1, tb);
  bvec_free(tb);
  BVEC rem = bvec_false((int)w + 1);
  bb_vec q = bb_alloc(c, w);
  for (uint32_t i = w; i-- > 0;) {
    BVEC sh = bvec_false((int)w + 1);
    for (uint32_t k = 0; k <= w; k++) {
      bdd_delref(sh.bitvec[k]);
      sh.bitvec[k] = bdd_addref(k == 0 ? a.b[i] : rem.bitvec[k - 1]);
    }
    bvec_free(rem);
    BDD ge = bb_keep(c, bvec_gte(sh, B));
    BVEC d = bvec_sub(sh, B);
    rem = bvec_false((int)w + 1);
    for (uint32_t k = 0; k <= w; k++) {
      bdd_delref(rem.bitvec[k]);
      rem.bitvec[k] = bdd_addref(bdd_ite(ge, d.bitvec[k], sh.bitvec[k]));
    }
    bvec_free(d);
    bvec_free(sh);
    q.b[i] = ge;
  }
  bvec_free(B);
  bb_vec rv = from_bvec(c, rem, w);
  if (want_rem) {
    *out = rv;
    free(q.b);
  } else {
    *out = q;
    free(rv.b);
  }
  return true;
}

/* The bits v[0..n) (least significant first) spell the number k. */
static BDD is_value(bb_ctx *c, const BDD *v, uint32_t n, uint32_t k) {
  BDD hit = bdd_true();
  for (uint32_t j = 0; j < n; j++) hit = bb_keep(c, bdd_and(hit, j < 32 && ((k >> j) & 1) ? v[j] : bb_keep(c, bdd_not(v[j]))));
  return hit;
}

/* Element k (width w) of an array vector. */
static bb_vec elem(bb_vec a, uint32_t k, uint32_t w) {
  bb_vec r = {a.b + (size_t)k * w, w};
  return r;
}

static bool memo_get(bb_ctx *c, term_t t, bb_vec *out) {
  for (uint32_t i = 0; i < c->nmemo; i++)
    if (c->memo_t[i] == t) {
      *out = c->memo_v[i];
      return true;
    }
  return false;
}

static void memo_put(bb_ctx *c, term_t t, bb_vec v) {
  if (c->nmemo == c->cap_memo) {
    c->cap_memo = c->cap_memo ? 2 * c->cap_memo : 64;
    c->memo_t = xrealloc(c->memo_t, c->cap_memo * sizeof *c->memo_t);
    c->memo_v = xrealloc(c->memo_v, c->cap_memo * sizeof *c->memo_v);
  }
  c->memo_t[c->nmemo] = t;
  c->memo_v[c->nmemo++] = v;
}

/* The translation of t; the vector belongs to the memo. */
static bool rec(bb_ctx *c, term_t t, bb_vec *out) {
  if (memo_get(c, t, out)) return true;
  bb_vec r = {NULL, 0};
  if (term_is_negated(t)) {
    bb_vec a;
    if (!rec(c, term_unsigned(t), &a)) return false;
    r = bits1(c, bdd_not(a.b[0]));
    memo_put(c, t, r);
    *out = r;
    return true;
  }
  term_op op = term_op_of(t);
  uint32_t n = term_nargs(t);
  type_t ty = term_type(t);
  uint32_t w = op == OP_TRUE ? 1 : bb_width(ty);
  if (!w) return fail(c, "a type the BDD engine does not support");
  bb_vec a[3] = {{0}, {0}, {0}};
  if (op != OP_VAR && op != OP_BV && op != OP_TRUE && op != OP_AND && op != OP_OR)
    for (uint32_t i = 0; i < n && i < 3; i++)
      if (!rec(c, term_arg(t, i), &a[i])) return false;
  switch (op) {
  case OP_TRUE: r = bits1(c, bdd_true()); break;
  case OP_BV: {
    mpz_t v;
    mpz_init(v);
    term_bv_value(t, v);
    r = bb_alloc(c, w);
    for (uint32_t i = 0; i < w; i++) r.b[i] = mpz_tstbit(v, i) ? bdd_true() : bdd_false();
    mpz_clear(v);
    break;
  }
  case OP_VAR: {
    for (uint32_t i = 0; i < c->nvars && !r.b; i++)
      if (c->vars[i] == t) r = vcopy(c->vals[i]);
    if (!r.b) return fail(c, "a variable without a value");
    break;
  }
  case OP_AND: case OP_OR: {
    BDD acc = op == OP_AND ? bdd_true() : bdd_false();
    for (uint32_t i = 0; i < n; i++) {
      bb_vec x;
      if (!rec(c, term_arg(t, i), &x)) return false;
      acc = bb_keep(c, op == OP_AND ? bdd_and(acc, x.b[0]) : bdd_or(acc, x.b[0]));
    }
    r = bits1(c, acc);
    break;
  }
  case OP_XOR: r = bits1(c, bdd_xor(a[0].b[0], a[1].b[0])); break;
  case OP_ITE: r = vite(c, a[0].b[0], a[1], a[2]); break;
  case OP_EQ: r = bits1(c, bb_eq(c, a[0], a[1])); break;
  case OP_DISTINCT:
    if (n != 2) return fail(c, "distinct with more than two arguments");
    r = bits1(c, bdd_not(bb_eq(c, a[0], a[1])));
    break;
  case OP_BVNOT: case OP_BVAND: case OP_BVOR: case OP_BVXOR: case OP_BVNAND: case OP_BVNOR: case OP_BVXNOR:
    if (n > 2) return fail(c, "an n-ary bit-wise operator");
    r = bb_alloc(c, w);
    for (uint32_t i = 0; i < w; i++) {
      BDD x = a[0].b[i], y = n > 1 ? a[1].b[i] : bdd_false();
      BDD v = op == OP_BVNOT ? bdd_not(x) : op == OP_BVAND ? bdd_and(x, y) : op == OP_BVOR ? bdd_or(x, y)
              : op == OP_BVXOR ? bdd_xor(x, y) : op == OP_BVNAND ? bdd_apply(x, y, bddop_nand) : op == OP_BVNOR ? bdd_apply(x, y, bddop_nor)
              : bdd_biimp(x, y);
      r.b[i] = bb_keep(c, v);
    }
    break;
  case OP_BVNEG: case OP_BVADD: case OP_BVSUB: case OP_BVMUL: {
    if (n > 2) return fail(c, "an n-ary arithmetic operator");
    BVEC x = op == OP_BVNEG ? bvec_con((int)w, 0) : to_bvec(a[0]), y = to_bvec(op == OP_BVNEG ? a[0] : a[1]);
    BVEC z = op == OP_BVADD ? bvec_add(x, y) : op == OP_BVMUL ? bvec_mul(x, y) : bvec_sub(x, y);
    bvec_free(x), bvec_free(y);
    r = from_bvec(c, z, w);
    break;
  }
  case OP_BVUDIV: case OP_BVUREM:
    if (!divide(c, a[0], a[1], op == OP_BVUREM, &r)) return false;
    break;
  case OP_BVSHL: case OP_BVLSHR: {
    /* a barrel of w candidate shifts selected by the amount; an amount
     * of w or more gives 0 */
    r = bb_alloc(c, w);
    for (uint32_t i = 0; i < w; i++) r.b[i] = bdd_false();
    for (uint32_t k = 0; k < w; k++) {
      BDD hit = is_value(c, a[1].b, w, k);
      for (uint32_t i = 0; i < w; i++) {
        BDD src = op == OP_BVSHL ? (i >= k ? a[0].b[i - k] : bdd_false()) : (i + k < w ? a[0].b[i + k] : bdd_false());
        r.b[i] = bb_keep(c, bdd_ite(hit, src, r.b[i]));
      }
    }
    break;
  }
  case OP_BVULT: case OP_BVUGT: r = bits1(c, op == OP_BVULT ? ult(c, a[0], a[1]) : ult(c, a[1], a[0])); break;
  case OP_BVULE: case OP_BVUGE:
    r = bits1(c, bdd_not(op == OP_BVULE ? ult(c, a[1], a[0]) : ult(c, a[0], a[1])));
    break;
  case OP_BVSLT: case OP_BVSGT: r = bits1(c, op == OP_BVSLT ? slt(c, a[0], a[1]) : slt(c, a[1], a[0])); break;
  case OP_BVSLE: case OP_BVSGE:
    r = bits1(c, bdd_not(op == OP_BVSLE ? slt(c, a[1], a[0]) : slt(c, a[0], a[1])));
    break;
  case OP_EXTRACT: {
    uint32_t lo = term_param(t, 1);
    r = bb_alloc(c, w);
    for (uint32_t i = 0; i < w; i++) r.b[i] = a[0].b[lo + i];
    break;
  }
  case OP_CONCAT: {
    if (n != 2) return fail(c, "an n-ary concatenation");
    r = bb_alloc(c, w);   /* the first argument is the high part */
    for (uint32_t i = 0; i < a[1].n; i++) r.b[i] = a[1].b[i];
    for (uint32_t i = 0; i < a[0].n; i++) r.b[a[1].n + i] = a[0].b[i];
    break;
  }
  case OP_ZERO_EXTEND: case OP_SIGN_EXTEND:
    r = bb_alloc(c, w);
    for (uint32_t i = 0; i < w; i++)
      r.b[i] = i < a[0].n ? a[0].b[i] : op == OP_ZERO_EXTEND ? bdd_false() : a[0].b[a[0].n - 1];
    break;
  case OP_ROTATE_LEFT: case OP_ROTATE_RIGHT: {
    uint32_t k = term_param(t, 0) % w;
    r = bb_alloc(c, w);
    for (uint32_t i = 0; i < w; i++) r.b[op == OP_ROTATE_LEFT ? (i + k) % w : i] = a[0].b[op == OP_ROTATE_LEFT ? i : (i + k) % w];
    break;
  }
  case OP_SELECT: {
    type_t at = term_type(term_arg(t, 0));
    uint32_t kb = type_bv_width(type_array_index(at)), ne = 1u << kb;
    r = bb_alloc(c, w);
    for (uint32_t i = 0; i < w; i++) r.b[i] = bdd_false();
    for (uint32_t k = 0; k < ne; k++) {
      BDD hit = is_value(c, a[1].b, kb, k);
      bb_vec e = elem(a[0], k, w);
      for (uint32_t i = 0; i < w; i++) r.b[i] = bb_keep(c, bdd_ite(hit, e.b[i], r.b[i]));
    }
    break;
  }
  case OP_STORE: {
    uint32_t kb = type_bv_width(type_array_index(ty)), ne = 1u << kb, ew = w / ne;
    r = bb_alloc(c, w);
    for (uint32_t k = 0; k < ne; k++) {
      BDD hit = is_value(c, a[1].b, kb, k);
      for (uint32_t i = 0; i < ew; i++) r.b[k * ew + i] = bb_keep(c, bdd_ite(hit, a[2].b[i], a[0].b[k * ew + i]));
    }
    break;
  }
  case OP_CONST_ARRAY: {
    uint32_t ew = a[0].n;
    r = bb_alloc(c, w);
    for (uint32_t i = 0; i < w; i++) r.b[i] = a[0].b[i % ew];
    break;
  }
  default: return fail(c, "an operator the BDD engine does not support");
  }
  memo_put(c, t, r);
  *out = r;
  return true;
}

bool bb_term(bb_ctx *c, term_t t, bb_vec *out) {
  c->error = NULL;
  for (uint32_t i = 0; i < c->nmemo; i++) free(c->memo_v[i].b);
  c->nmemo = 0;
  bb_vec v;
  if (!rec(c, t, &v)) return false;
  *out = vcopy(v);
  return true;
}
