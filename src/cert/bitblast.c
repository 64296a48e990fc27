/* Bit-blasting bit-vector terms into the skeleton (see bitblast.h). Bits
 * are DIMACS literals, least significant first; 1 and -1 are the
 * constants true and false (variable 1 of the skeleton). */
#include "cert/bitblast.h"
#include <stdlib.h>
#include <string.h>
#include "cert/skel.h"
#include "core/alloc.h"
#include "core/term_map.h"

#define BB_MAX_WIDTH 4096
#define BB_MAX_MUL 128     /* wider products stay opaque (quadratic gates) */

struct bitblaster {
  skel *k;
  term_map bits_of;      /* term -> offset of its bits in arena */
  int_vec arena;
  term_map atom_of;      /* atom -> 2*|lit| + (lit < 0) */
};

bitblaster *bitblast_new(skel *k) {
  bitblaster *b = xcalloc(1, sizeof *b);
  b->k = k;
  term_map_init(&b->bits_of);
  term_map_init(&b->atom_of);
  return b;
}

void bitblast_free(bitblaster *b) {
  if (!b) return;
  term_map_free(&b->bits_of);
  term_map_free(&b->atom_of);
  int_vec_free(&b->arena);
  free(b);
}

static int fresh(bitblaster *b) { return skel_new_var(b->k); }
static void cl2(bitblaster *b, int x, int y) { int c[2] = {x, y}; skel_add_clause(b->k, 2, c); }
static void cl3(bitblaster *b, int x, int y, int z) { int c[3] = {x, y, z}; skel_add_clause(b->k, 3, c); }

static int g_and(bitblaster *b, int x, int y) {
  if (x == -1 || y == -1 || x == -y) return -1;
  if (x == 1) return y;
  if (y == 1 || x == y) return x;
  int v = fresh(b);
  cl2(b, -v, x); cl2(b, -v, y); cl3(b, v, -x, -y);
  return v;
}
static int g_or(bitblaster *b, int x, int y) { return -g_and(b, -x, -y); }
static int g_xor(bitblaster *b, int x, int y) {
  if (x == 1) return -y;
  if (x == -1) return y;
  if (y == 1) return -x;
  if (y == -1) return x;
  if (x == y) return -1;
  if (x == -y) return 1;
  int v = fresh(b);
  cl3(b, -v, x, y); cl3(b, -v, -x, -y); cl3(b, v, -x, y); cl3(b, v, x, -y);
  return v;
}
static int g_mux(bitblaster *b, int c, int x, int y) {   /* c ? x : y */
  if (c == 1 || x == y) return x;
  if (c == -1) return y;
  int v = fresh(b);
  cl3(b, -v, -c, x); cl3(b, -v, c, y); cl3(b, v, -c, -x); cl3(b, v, c, -y);
  return v;
}

/* sum of x and y (n bits) with carry in c, into out */
static void add(bitblaster *b, uint32_t n, const int *x, const int *y, int c, int *out) {
  for (uint32_t i = 0; i < n; i++) {
    int t = g_xor(b, x[i], y[i]);
    out[i] = g_xor(b, t, c);
    c = g_or(b, g_and(b, x[i], y[i]), g_and(b, t, c));
  }
}

/* x < y unsigned (n bits) */
static int ult(bitblaster *b, uint32_t n, const int *x, const int *y) {
  int lt = -1;
  for (uint32_t i = 0; i < n; i++)
    lt = g_or(b, g_and(b, -x[i], y[i]), g_and(b, -g_xor(b, x[i], y[i]), lt));
  return lt;
}

static int eq(bitblaster *b, uint32_t n, const int *x, const int *y) {
  int e = 1;
  for (uint32_t i = 0; i < n; i++) e = g_and(b, e, -g_xor(b, x[i], y[i]));
  return e;
}

static const int *bits(bitblaster *b, term_t t, uint32_t *w);

/* a copy of t's bits (the arena may move) */
static int *copy_bits(bitblaster *b, term_t t, uint32_t *w) {
  const int *s = bits(b, t, w);
  if (!s) return NULL;
  int *c = xmalloc((*w + 1) * sizeof *c);
  memcpy(c, s, *w * sizeof *c);
  return c;
}

/* barrel shifter: kind 0 shl, 1 lshr, 2 ashr */
static void shift(bitblaster *b, uint32_t n, int *x, const int *s, int kind) {
  int *tmp = xmalloc((n + 1) * sizeof *tmp);
  int fill = kind == 2 ? x[n - 1] : -1;
  int big = -1;                                   /* a shift amount >= n */
  for (uint32_t j = 0; j < n; j++) {
    if (j < 31 && (1u << j) < n) {
      uint32_t d = 1u << j;
      for (uint32_t i = 0; i < n; i++) {
        int moved = kind == 0 ? (i >= d ? x[i - d] : -1) : (i + d < n ? x[i + d] : fill);
        tmp[i] = g_mux(b, s[j], moved, x[i]);
      }
      memcpy(x, tmp, n * sizeof *x);
    } else big = g_or(b, big, s[j]);
  }
  for (uint32_t i = 0; i < n; i++) x[i] = g_mux(b, big, fill, x[i]);
  free(tmp);
}

static void fresh_bits(bitblaster *b, uint32_t w, int *out) {
  for (uint32_t i = 0; i < w; i++) out[i] = fresh(b);
}

static const int *bits(bitblaster *b, term_t t, uint32_t *w) {
  *w = type_bv_width(term_type(t));
  if (*w == 0 || *w > BB_MAX_WIDTH) return NULL;
  int32_t off = term_map_get(&b->bits_of, t);
  if (off >= 0) return b->arena.data + off;
  uint32_t n = *w, na = term_nargs(t);
  int *r = xcalloc(n + 1, sizeof *r);
  bool ok = true;
  term_op op = term_op_of(t);
  switch (op) {
  case OP_BV: {
    mpz_t v;
    mpz_init(v);
    term_bv_value(t, v);
    for (uint32_t i = 0; i < n; i++) r[i] = mpz_tstbit(v, i) ? 1 : -1;
    mpz_clear(v);
    break;
  }
  case OP_BVNOT: case OP_BVNEG: {
    uint32_t aw;
    int *a = copy_bits(b, term_arg(t, 0), &aw);
    if (!a) { ok = false; break; }
    for (uint32_t i = 0; i < n; i++) a[i] = -a[i];
    if (op == OP_BVNOT) memcpy(r, a, n * sizeof *r);
    else {
      int *zero = xmalloc((n + 1) * sizeof *zero);
      for (uint32_t i = 0; i < n; i++) zero[i] = -1;
      add(b, n, a, zero, 1, r);                    /* -a = not a + 1 */
      free(zero);
    }
    free(a);
    break;
  }
  case OP_BVAND: case OP_BVOR: case OP_BVXOR: case OP_BVNAND: case OP_BVNOR: case OP_BVXNOR:
  case OP_BVADD: case OP_BVSUB: case OP_BVMUL: {
    uint32_t aw;
    int *acc = copy_bits(b, term_arg(t, 0), &aw);
    if (!acc || (op == OP_BVMUL && n > BB_MAX_MUL)) { free(acc); ok = false; break; }
    for (uint32_t j = 1; j < na && ok; j++) {
      int *x = copy_bits(b, term_arg(t, j), &aw);
      if (!x) { ok = false; break; }
      int *y = xcalloc(n + 1, sizeof *y);
      switch (op) {
      case OP_BVAND: case OP_BVNAND: for (uint32_t i = 0; i < n; i++) y[i] = g_and(b, acc[i], x[i]); break;
      case OP_BVOR: case OP_BVNOR: for (uint32_t i = 0; i < n; i++) y[i] = g_or(b, acc[i], x[i]); break;
      case OP_BVXOR: case OP_BVXNOR: for (uint32_t i = 0; i < n; i++) y[i] = g_xor(b, acc[i], x[i]); break;
      case OP_BVADD: add(b, n, acc, x, -1, y); break;
      case OP_BVSUB:
        for (uint32_t i = 0; i < n; i++) x[i] = -x[i];
        add(b, n, acc, x, 1, y);
        break;
      default: {                                   /* multiplication: shift and add */
        for (uint32_t i = 0; i < n; i++) y[i] = -1;
        int *part = xcalloc(n + 1, sizeof *part), *sum = xcalloc(n + 1, sizeof *sum);
        for (uint32_t s = 0; s < n; s++) {
          for (uint32_t i = 0; i < n; i++) part[i] = i >= s ? g_and(b, acc[i - s], x[s]) : -1;
          add(b, n, y, part, -1, sum);
          memcpy(y, sum, n * sizeof *y);
        }
        free(part); free(sum);
      }
      }
      memcpy(acc, y, n * sizeof *acc);
      free(x); free(y);
    }
    if (ok) {
      bool neg = op == OP_BVNAND || op == OP_BVNOR || op == OP_BVXNOR;
      for (uint32_t i = 0; i < n; i++) r[i] = neg ? -acc[i] : acc[i];
    }
    free(acc);
    break;
  }
  case OP_BVSHL: case OP_BVLSHR: case OP_BVASHR: {
    uint32_t aw;
    int *x = copy_bits(b, term_arg(t, 0), &aw), *s = x ? copy_bits(b, term_arg(t, 1), &aw) : NULL;
    if (!s) { free(x); ok = false; break; }
    shift(b, n, x, s, op == OP_BVSHL ? 0 : op == OP_BVLSHR ? 1 : 2);
    memcpy(r, x, n * sizeof *r);
    free(x); free(s);
    break;
  }
  case OP_CONCAT: {                                /* first argument: the high bits */
    uint32_t pos = 0;
    for (uint32_t j = na; j-- > 0 && ok;) {
      uint32_t aw;
      int *x = copy_bits(b, term_arg(t, j), &aw);
      if (!x || pos + aw > n) { free(x); ok = false; break; }
      memcpy(r + pos, x, aw * sizeof *r);
      pos += aw;
      free(x);
    }
    break;
  }
  case OP_EXTRACT: case OP_ZERO_EXTEND: case OP_SIGN_EXTEND: case OP_ROTATE_LEFT: case OP_ROTATE_RIGHT: case OP_REPEAT: {
    uint32_t aw;
    int *x = copy_bits(b, term_arg(t, 0), &aw);
    if (!x) { ok = false; break; }
    uint32_t p0 = term_param(t, 0), p1 = op == OP_EXTRACT ? term_param(t, 1) : 0;
    for (uint32_t i = 0; i < n; i++) {
      switch (op) {
      case OP_EXTRACT: r[i] = x[p1 + i]; break;
      case OP_ZERO_EXTEND: r[i] = i < aw ? x[i] : -1; break;
      case OP_SIGN_EXTEND: r[i] = i < aw ? x[i] : x[aw - 1]; break;
      case OP_ROTATE_LEFT: r[i] = x[(i + n - p0 % n) % n]; break;
      case OP_ROTATE_RIGHT: r[i] = x[(i + p0) % n]; break;
      default: r[i] = x[i % aw]; break;
      }
    }
    free(x);
    break;
  }
  case OP_BVCOMP: {
    uint32_t aw;
    int *x = copy_bits(b, term_arg(t, 0), &aw), *y = x ? copy_bits(b, term_arg(t, 1), &aw) : NULL;
    if (!y) { free(x); ok = false; break; }
    r[0] = eq(b, aw, x, y);
    free(x); free(y);
    break;
  }
  case OP_ITE: {
    const char *why;
    int c = skel_formula_lit(b->k, term_arg(t, 0), &why);
    uint32_t aw;
    int *x = c ? copy_bits(b, term_arg(t, 1), &aw) : NULL, *y = x ? copy_bits(b, term_arg(t, 2), &aw) : NULL;
    if (!y) { free(x); ok = false; break; }
    for (uint32_t i = 0; i < n; i++) r[i] = g_mux(b, c, x[i], y[i]);
    free(x); free(y);
    break;
  }
  default:                                         /* variables and opaque terms */
    fresh_bits(b, n, r);
  }
  if (!ok) fresh_bits(b, n, r);                    /* an opaque term after all */
  off = (int32_t)b->arena.size;
  for (uint32_t i = 0; i < n; i++) int_vec_push(&b->arena, r[i]);
  free(r);
  term_map_put(&b->bits_of, t, off);
  return b->arena.data + off;
}

bool bitblast_is_atom(term_t t) {
  term_op op = term_op_of(t);
  if (op >= OP_BVULT && op <= OP_BVSGE) return true;
  return (op == OP_EQ || op == OP_DISTINCT) && term_nargs(t) == 2 && type_kind_of(term_type(term_arg(t, 0))) == TYPE_BV;
}

int bitblast_atom(bitblaster *b, term_t t) {
  int32_t m = term_map_get(&b->atom_of, t);
  if (m >= 0) return (m & 1) ? -(m >> 1) : (m >> 1);
  uint32_t w;
  int *x = copy_bits(b, term_arg(t, 0), &w), *y = x ? copy_bits(b, term_arg(t, 1), &w) : NULL;
  if (!y) { free(x); return 0; }
  term_op op = term_op_of(t);
  bool sgn = op == OP_BVSLT || op == OP_BVSLE || op == OP_BVSGT || op == OP_BVSGE;
  if (sgn) { x[w - 1] = -x[w - 1]; y[w - 1] = -y[w - 1]; }   /* signed order = unsigned with flipped sign bits */
  int l;
  switch (op) {
  case OP_EQ: l = eq(b, w, x, y); break;
  case OP_DISTINCT: l = -eq(b, w, x, y); break;
  case OP_BVULT: case OP_BVSLT: l = ult(b, w, x, y); break;
  case OP_BVULE: case OP_BVSLE: l = -ult(b, w, y, x); break;
  case OP_BVUGT: case OP_BVSGT: l = ult(b, w, y, x); break;
  default: l = -ult(b, w, x, y); break;            /* uge, sge */
  }
  free(x); free(y);
  term_map_put(&b->atom_of, t, 2 * (l < 0 ? -l : l) + (l < 0));
  return l;
}
