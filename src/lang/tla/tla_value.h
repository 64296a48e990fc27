/* TLA+ values, hash-consed: equal values are the same pointer, so a state
 * (a tuple of values) is its own fingerprint. Sets are sorted arrays
 * without duplicates; functions, records, tuples and sequences are one
 * kind (a sorted domain with one value per element), as in TLA+ where
 * <<1,2>> = [i \in 1..2 |-> i]. Infinite or large sets (Nat, SUBSET S,
 * [S -> T], Seq(S), ...) stay lazy until enumerated. Values live until the
 * table is freed. */
#ifndef ZETA_LANG_TLA_VALUE_H
#define ZETA_LANG_TLA_VALUE_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
  TV_BOOL, TV_INT, TV_STR, TV_MODEL, TV_SET, TV_FUN,
  /* lazy sets */
  TV_NAT, TV_INTS, TV_STRING, TV_SUBSET, TV_FUNSET, TV_SEQSET, TV_RECSET,
  TV_CUP,     /* e[0] \\cup e[1], one of them infinite */
  TV_DIFF,    /* e[0] \\ e[1] with e[0] infinite */
  TV_FILTER   /* {x \in S : P} over an infinite S: e[0] = S, e[1] = the bound values (a record), s = the node, i = the context */
} tla_vkind;

typedef struct tla_val tla_val;
struct tla_val {
  uint8_t kind;
  uint8_t has_model;     /* mentions a model value (symmetry permutes it) */
  uint32_t hash;
  uint32_t n;            /* set: elements; fun: domain size; lazy: operands */
  int64_t i;             /* int, bool; model value: declaration index */
  const char *s;         /* string, model value name (interned) */
  const tla_val **e;     /* set elements / fun domain / lazy operands */
  const tla_val **v;     /* fun values */
};

void tla_values_reset(void);   /* frees every value */
/* The bytes the interned values take (their table too; malloc's own
 * overhead not counted). */
size_t tla_values_bytes(void);
size_t tla_values_count(void);   /* the values interned */

const tla_val *tv_bool(bool b);
const tla_val *tv_int(int64_t i);
const tla_val *tv_str(const char *interned);
const tla_val *tv_model(const char *interned);
/* Sets from n elements (any order, duplicates allowed; e is reordered). */
const tla_val *tv_set(const tla_val **e, uint32_t n);
/* The set lo..hi (empty when hi < lo). */
const tla_val *tv_range(int64_t lo, int64_t hi);
/* Functions from a domain and values (any order; dom/val reordered). */
const tla_val *tv_fun(const tla_val **dom, const tla_val **val, uint32_t n);
/* The same, dom already sorted by tv_cmp and without duplicates (a
 * function's own domain: EXCEPT, tuples). */
const tla_val *tv_fun_sorted(const tla_val **dom, const tla_val **val, uint32_t n);
const tla_val *tv_tuple(const tla_val **e, uint32_t n);
const tla_val *tv_lazy(tla_vkind k, const tla_val **ops, uint32_t n);
const tla_val *tv_filter(const tla_val *base, const tla_val *env, const void *node, const void *ctx);

/* The hash v gets when interned (v's fields as the constructors set
 * them): a value built on the stack, hashed, compares with tv_cmp before
 * (or without) being interned. */
uint32_t tv_hash(const tla_val *v);
int tv_cmp(const tla_val *a, const tla_val *b);
bool tv_is_set(const tla_val *a);
bool tv_is_seq(const tla_val *f);   /* function with domain 1..n */
/* Function application; NULL if x is outside the domain. */
const tla_val *tv_apply(const tla_val *f, const tla_val *x);
int64_t tv_domain_index(const tla_val *f, const tla_val *x);   /* -1 if absent */
bool tv_set_has(const tla_val *s, const tla_val *x);            /* concrete sets */

void tv_print(FILE *out, const tla_val *v);
char *tv_to_string(const tla_val *v);   /* malloc'd */
#endif
