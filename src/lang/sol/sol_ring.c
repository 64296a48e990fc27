#include "lang/sol/sol_ring.h"
#include <gmp.h>
#include <stdlib.h>
#include "core/alloc.h"
#include "core/term_map.h"

#define MAX_MONOS 32     /* a product expands only into so many monomials */
#define MAX_VISITS 4000  /* per expansion: shared subterms are not memoized there */

typedef struct {
  term_vec *conds;   /* NULL: mods stay atoms unless congruent away; else each mod dropped under its range */
  uint32_t visits;
  bool abort;
} expand_ctx;

/* A positive integer literal's value into v. */
static bool positive_literal(term_t t, mpz_t v) {
  if (term_op_of(t) != OP_RAT || term_type(t) != type_int()) return false;
  mpq_t q;
  mpq_init(q);
  term_rat_value(t, q);
  mpz_set(v, mpq_numref(q));
  mpq_clear(q);
  return mpz_sgn(v) > 0;
}

static void summands(term_t t, term_vec *out) {
  out->size = 0;
  if (term_op_of(t) == OP_ADD)
    for (uint32_t i = 0; i < term_nargs(t); i++) term_vec_push(out, term_arg(t, i));
  else
    term_vec_push(out, t);
}

/* The product of fs[0..n) as a sum of monomials; the plain product when
 * that has more than MAX_MONOS. */
static term_t distribute(const term_t *fs, uint32_t n) {
  term_vec acc = {0}, next = {0}, s = {0};
  term_vec_push(&acc, term_int(1));
  bool big = false;
  for (uint32_t i = 0; i < n && !big; i++) {
    summands(fs[i], &s);
    next.size = 0;
    for (uint32_t a = 0; a < acc.size && !big; a++)
      for (uint32_t b = 0; b < s.size && !big; b++) {
        term_vec_push(&next, term_mul2(acc.data[a], s.data[b]));
        big = next.size > MAX_MONOS;
      }
    term_vec tmp = acc;
    acc = next, next = tmp;
  }
  term_t r = big ? term_mul(n, fs) : term_add(acc.size, acc.data);
  term_vec_free(&acc);
  term_vec_free(&next);
  term_vec_free(&s);
  return r;
}

/* t's value as a polynomial (sums and products expanded) with the mods
 * in its ring positions dropped: those whose modulus n divides (n != 0,
 * congruent modulo n), or, collecting conds, any with a literal modulus M
 * under the condition 0 <= argument < M (where the mod is its argument). */
static term_t expand(expand_ctx *c, term_t t, const mpz_t n) {
  if (c->abort || ++c->visits > MAX_VISITS) { c->abort = true; return t; }
  if (term_type(t) != type_int()) return t;
  term_op op = term_op_of(t);
  if (op == OP_ADD || op == OP_MUL) {
    uint32_t k = term_nargs(t);
    term_t *a = xcalloc(k, sizeof(term_t));
    for (uint32_t i = 0; i < k; i++) a[i] = expand(c, term_arg(t, i), n);
    term_t r = op == OP_ADD ? term_add(k, a) : distribute(a, k);
    free(a);
    return r;
  }
  if (op == OP_MOD) {
    mpz_t m;
    mpz_init(m);
    term_t x = term_arg(t, 0), r = t;
    if (positive_literal(term_arg(t, 1), m)) {
      if (mpz_sgn(n) > 0 && mpz_divisible_p(m, n)) {
        r = expand(c, x, n);
      } else if (c->conds) {
        term_vec_push(c->conds, term_and2(term_le(term_int(0), x), term_lt(x, term_arg(t, 1))));
        r = expand(c, x, n);
      }
    }
    mpz_clear(m);
    return r;
  }
  return t;
}

typedef struct {
  term_map memo;   /* node -> index in done */
  term_vec done;
} norm_ctx;

/* t with every (mod x N) (N a positive literal) rewritten to
 * (mod x' N), x' = x expanded with the mods that N divides dropped. */
static term_t norm(norm_ctx *nc, term_t t) {
  term_t u = term_unsigned(t);
  if (term_map_has(&nc->memo, u)) return nc->done.data[term_map_get(&nc->memo, u)] ^ (t & 1);
  term_op op = term_op_of(u);
  term_t r = u;
  if (op != OP_FORALL && op != OP_EXISTS && term_nargs(u) > 0) {   /* bound variables: left alone */
    uint32_t k = term_nargs(u);
    term_t *a = xcalloc(k, sizeof(term_t));
    bool changed = false;
    for (uint32_t i = 0; i < k; i++) changed |= (a[i] = norm(nc, term_arg(u, i))) != term_arg(u, i);
    if (changed) r = term_with_args(u, a);
    free(a);
    mpz_t n;
    mpz_init(n);
    if (r != NULL_TERM && term_op_of(r) == OP_MOD && positive_literal(term_arg(r, 1), n)) {
      expand_ctx c = {NULL, 0, false};
      term_t x = expand(&c, term_arg(r, 0), n);
      if (!c.abort && x != term_arg(r, 0)) r = term_mod(x, term_arg(r, 1));
    }
    mpz_clear(n);
    if (r == NULL_TERM) r = u;   /* not expected: a constructor refused */
  }
  term_map_put(&nc->memo, u, (int32_t)nc->done.size);
  term_vec_push(&nc->done, r);
  return r ^ (t & 1);
}

/* For every product of two non-constant factors in t: (the dropped mods'
 * ranges) -> product = its expansion, where that differs from it. */
static void product_lemmas(term_t t, term_map *seen, term_vec *lemmas) {
  t = term_unsigned(t);
  if (term_map_has(seen, t)) return;
  term_map_put(seen, t, 1);
  term_op op = term_op_of(t);
  if (op == OP_FORALL || op == OP_EXISTS) return;
  for (uint32_t i = 0; i < term_nargs(t); i++) product_lemmas(term_arg(t, i), seen, lemmas);
  if (op != OP_MUL || term_type(t) != type_int()) return;
  uint32_t nonconst = 0;
  for (uint32_t i = 0; i < term_nargs(t); i++) nonconst += !term_is_const(term_arg(t, i));
  if (nonconst < 2) return;
  term_vec conds = {0};
  expand_ctx c = {&conds, 0, false};
  mpz_t zero;
  mpz_init(zero);
  term_t q = expand(&c, t, zero);
  mpz_clear(zero);
  if (!c.abort && q != t) term_vec_push(lemmas, term_implies(term_and(conds.size, conds.data), term_eq(t, q)));
  term_vec_free(&conds);
}

term_t sol_ring_normalize(term_t t) {
  norm_ctx nc;
  term_map_init(&nc.memo);
  nc.done = (term_vec){0};
  term_t r = norm(&nc, t);
  term_map_free(&nc.memo);
  term_vec_free(&nc.done);
  term_map seen;
  term_map_init(&seen);
  term_vec lemmas = {0};
  product_lemmas(r, &seen, &lemmas);
  term_map_free(&seen);
  for (uint32_t i = 0; i < lemmas.size; i++) r = term_and2(r, lemmas.data[i]);
  term_vec_free(&lemmas);
  return r;
}
