/* Modular mode: fixed-size bytes, strings and dynamic bytes, hashes.
 * bytesN is an unsigned integer of N bytes (x[0] the most significant).
 * A string or dynamic bytes value is opaque: an integer that identifies
 * its contents. A literal's is its length times 2^256 plus its first 32
 * bytes left-aligned (so conversions to bytesN read its bytes), plus a
 * hash of the rest times 2^320: equal texts, equal values. The hashes
 * (keccak256, sha256, ripemd160, ecrecover) are uninterpreted functions,
 * as in solc-verify. The length of a string that is not a literal is an
 * uninterpreted function of it too: an over-approximation of
 * solc-verify's model (which tracks the bytes), so a check failing after
 * it is not reported as an ERROR (sol_site.approx). */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "lang/sol/sol_lower_int.h"

static ty *bytes_ty(lw *L, int n) {
  ty *t = int_ty(L, 8 * n, false);
  t->fb = n;
  return t;
}

val mod_string(lw *L, const cJSON *e) {
  const char *hex = sol_str(e, "hexValue");
  size_t n = strlen(hex) / 2;
  char head[65];
  memset(head, '0', 64);
  head[64] = 0;
  memcpy(head, hex, n < 32 ? 2 * n : 64);
  mpz_t z, t;
  mpz_init(z);
  mpz_init(t);
  if (mpz_set_str(z, head, 16) != 0) mpz_set_ui(z, 0);
  mpz_set_ui(t, (unsigned long)n);
  mpz_mul_2exp(t, t, 256);
  mpz_add(z, z, t);
  if (n > 32) {   /* the rest: a hash above the length */
    unsigned long h = 5381;
    for (const char *q = hex + 64; *q; q++) h = h * 33 + (unsigned char)*q;
    mpz_set_ui(t, h & 0xffffffffffffUL);
    mpz_mul_2exp(t, t, 320);
    mpz_add(z, z, t);
  }
  term_t r = term_int_mpz(z);
  mpz_clear(z);
  mpz_clear(t);
  return scalar(L, opaque_ty(L), r);
}

/* the first 32 bytes of a literal's value c, as bytesN */
static term_t literal_bytes(term_t c, int n) {
  return term_idiv(term_mod(c, pow2(256)), pow2(8 * (32 - n)));
}

val mod_coerce(lw *L, val v, ty *t, const cJSON *at) {
  if (v.t->nl != 1 || t->nl != 1) unsup(L, at, "implicit conversion");
  term_t x = v.v[0];
  if (t->fb && v.t->fb && t->fb != v.t->fb) {   /* shorter: the first bytes; longer: zeros appended */
    int m = t->fb, k = v.t->fb;
    x = m < k ? term_idiv(x, pow2(8 * (k - m))) : term_mul2(x, pow2(8 * (m - k)));
  } else if (t->fb && v.t->opaque) {
    if (!term_is_const(x)) unsup(L, at, "conversion of a dynamic bytes value to bytes%d", t->fb);
    x = literal_bytes(x, t->fb);
  } else if (t->opaque != v.t->opaque) unsup(L, at, "conversion between a string or bytes value and %s", sol_type_string(at));
  return scalar(L, t, x);
}

val mod_length(lw *L, ctx *c, val v, const cJSON *base) {
  (void)base;
  if (v.t->fb) return scalar(L, int_ty(L, 8, false), term_int(v.t->fb));
  term_t x = v.v[0];
  if (term_is_const(x)) return scalar(L, int_ty(L, 256, false), term_mod(term_idiv(x, pow2(256)), pow2(64)));
  type_t it = type_int();
  term_t len = term_apply(term_var("length", type_fun(1, &it, it)), 1, &x);
  add_cons(L, c, term_and2(term_ge(len, term_int(0)), term_lt(len, pow2(64))));
  L->approx = true;
  return scalar(L, int_ty(L, 256, false), len);
}

val mod_byte(lw *L, ctx *c, val base, term_t idx, const cJSON *at) {
  int n = base.t->fb;
  if (!L->spec) fail_unless(L, c, term_lt(idx, term_int(n)), term_int(new_site(L, SITE_BOUNDS, -1, at, NULL)));
  term_t x = base.v[0], r = term_mod(x, term_int(256));
  for (int j = n - 1; j-- > 0;) r = term_ite(term_eq(idx, term_int(j)), term_mod(term_idiv(x, pow2(8 * (n - 1 - j))), term_int(256)), r);
  return scalar(L, bytes_ty(L, 1), r);
}

bool mod_builtin(lw *L, ctx *c, const cJSON *e, const char *name, val *out) {
  static const struct { const char *name; int nargs, bytes, bits; } fs[] = {
    {"keccak256", 1, 32, 256}, {"sha256", 1, 32, 256}, {"ripemd160", 1, 20, 160}, {"ecrecover", 4, 0, 160}};
  size_t f = 0;
  while (f < sizeof fs / sizeof fs[0] && strcmp(fs[f].name, name) != 0) f++;
  if (f == sizeof fs / sizeof fs[0]) return false;
  term_t args[4];
  type_t sorts[4];
  int i = 0;
  for (const cJSON *a = first(e, "arguments"); a; a = a->next, i++) {
    if (i == fs[f].nargs) unsup(L, e, "%s arguments", name);
    val v = expr(L, c, a);
    if (v.t->nl != 1 || v.t->k != T_INT) unsup(L, e, "%s of a composite value", name);
    args[i] = v.v[0];
    sorts[i] = type_int();
  }
  if (i != fs[f].nargs) unsup(L, e, "%s arguments", name);
  term_t h = term_apply(term_var(name, type_fun((uint32_t)i, sorts, type_int())), (uint32_t)i, args);
  ty *t = fs[f].bytes ? bytes_ty(L, fs[f].bytes) : int_ty(L, 160, false);
  add_cons(L, c, in_range(t, h));
  *out = scalar(L, t, h);
  return true;
}
