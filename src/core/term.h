/* Hash-consed terms and types (Yices style).
 *
 * A term_t is an int32: the index of a node in one global table shifted left
 * by one, plus a polarity bit for Boolean negation. So negation is free,
 * `t == u` is structural equality, and terms are small enough to be keys.
 * Types are interned the same way (type_t is a node index).
 *
 * Smart constructors (term_and, term_add, ...) fold constants and simplify
 * locally; they return NULL_TERM only on a sort error, leaving a message in
 * term_last_error(). The table lives until terms_reset(): per-run data such
 * as paths and transition unrollings just add terms to it.
 */
#ifndef ZETA_CORE_TERM_H
#define ZETA_CORE_TERM_H
#include <stdio.h>   /* before gmp.h, which declares its FILE functions only then */
#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef int32_t term_t;
typedef int32_t type_t;
#define NULL_TERM ((term_t)-1)
#define NULL_TYPE ((type_t)-1)

/* ---- types ---- */
typedef enum {
  TYPE_BOOL, TYPE_INT, TYPE_REAL, TYPE_BV, TYPE_ARRAY,
  TYPE_FUN,     /* uninterpreted function: domain types -> range */
  TYPE_SORT,    /* uninterpreted sort (declare-sort) */
  TYPE_FP,      /* reserved for floating point (exponent, significand) */
  TYPE_DATATYPE, /* algebraic datatype (declare-datatypes): nominal, by name */
} type_kind;

type_t type_bool(void);
type_t type_int(void);
type_t type_real(void);
type_t type_bv(uint32_t width);               /* width >= 1 */
type_t type_array(type_t index, type_t elem);
type_t type_fun(uint32_t n, const type_t *domain, type_t range);
type_t type_sort(const char *name);
type_t type_fp(uint32_t exp, uint32_t sig);

/* Algebraic datatypes. type_datatype(name) declares (or finds) the sort by
 * name, so mutually recursive sorts can refer to each other before
 * type_datatype_define gives the constructors; defining a name again
 * replaces the definition (one datatype family per problem). */
typedef struct {
  const char *name;
  uint32_t nfields;
  const char *const *field_names;   /* the selectors */
  const type_t *field_types;
} type_dt_ctor;
type_t type_datatype(const char *name);
void type_datatype_define(type_t dt, uint32_t nctors, const type_dt_ctor *ctors);
bool type_dt_defined(type_t dt);
uint32_t type_dt_nctors(type_t dt);
const char *type_dt_ctor_name(type_t dt, uint32_t c);
uint32_t type_dt_nfields(type_t dt, uint32_t c);
const char *type_dt_field_name(type_t dt, uint32_t c, uint32_t f);
type_t type_dt_field_type(type_t dt, uint32_t c, uint32_t f);
/* Index of the constructor named name, or UINT32_MAX. */
uint32_t type_dt_find_ctor(type_t dt, const char *name);
/* The datatypes reachable from ty through fields, arrays and function
 * types, except those for which known(ty, ctx) holds (which are not
 * entered); *out malloc'd. They can be declared together in one
 * declare-datatypes. */
uint32_t type_dt_group(type_t ty, bool (*known)(type_t, void *), void *ctx, type_t **out);
/* (declare-datatypes ((D 0) ...) (...)) for the n datatypes g. */
void type_print_datatypes(FILE *out, uint32_t n, const type_t *g);

uint32_t type_bv_width(type_t ty);
type_t type_array_index(type_t ty);
type_t type_array_elem(type_t ty);
uint32_t type_fun_arity(type_t ty);
type_t type_fun_domain(type_t ty, uint32_t i);
type_t type_fun_range(type_t ty);
const char *type_sort_name(type_t ty);
bool type_is_arith(type_t ty);   /* Int or Real */
/* SMT-LIB spelling of a type, e.g. "(Array Int (_ BitVec 8))". */
void type_print(FILE *out, type_t ty);
char *type_to_string(type_t ty);  /* malloc'd */

/* ---- operators ---- */
typedef enum {
  /* leaves */
  OP_TRUE,        /* the constant true; false is its negation */
  OP_RAT,         /* Int or Real literal (exact rational) */
  OP_BV,          /* bit-vector literal */
  OP_VAR,         /* a variable / uninterpreted constant / function symbol */
  /* core */
  OP_ITE, OP_EQ, OP_DISTINCT, OP_AND, OP_OR, OP_XOR,
  OP_IMPLIES,     /* only for term_make: built as (or (not a) b) */
  /* arithmetic */
  OP_ADD, OP_MUL, OP_NEG, OP_SUB, OP_DIV /* real / */, OP_IDIV, OP_MOD, OP_ABS,
  OP_LE, OP_LT, OP_TO_REAL, OP_TO_INT, OP_IS_INT,
  /* arrays */
  OP_SELECT, OP_STORE, OP_CONST_ARRAY,
  /* uninterpreted function application: args[0] is the function symbol */
  OP_APPLY,
  /* quantifiers: args[0..n-2] are the bound variables, args[n-1] the body */
  OP_FORALL, OP_EXISTS,
  /* bit-vectors (SMT-LIB names) */
  OP_BVNOT, OP_BVNEG, OP_BVAND, OP_BVOR, OP_BVXOR, OP_BVNAND, OP_BVNOR, OP_BVXNOR,
  OP_BVADD, OP_BVSUB, OP_BVMUL, OP_BVUDIV, OP_BVUREM, OP_BVSDIV, OP_BVSREM, OP_BVSMOD,
  OP_BVSHL, OP_BVLSHR, OP_BVASHR, OP_CONCAT, OP_BVCOMP,
  OP_BVULT, OP_BVULE, OP_BVUGT, OP_BVUGE, OP_BVSLT, OP_BVSLE, OP_BVSGT, OP_BVSGE,
  /* indexed bit-vector operators: parameters in term_param(t, 0..1) */
  OP_EXTRACT /* hi, lo */, OP_ZERO_EXTEND, OP_SIGN_EXTEND, OP_ROTATE_LEFT, OP_ROTATE_RIGHT,
  OP_REPEAT, OP_BV2NAT, OP_NAT2BV /* width */,
  /* datatypes: term_param(t, 0) is the datatype, 1 the constructor index,
   * 2 (selectors) the field index */
  OP_DT_CONS,     /* constructor application (args: the fields) */
  OP_DT_SEL,      /* selector (one arg) */
  OP_DT_IS,       /* tester ((_ is C) t) */
  OP_COUNT_
} term_op;

const char *term_op_name(term_op op);  /* SMT-LIB name, e.g. "bvadd" */

/* ---- table lifetime ---- */
void terms_reset(void);       /* drop all terms and types (tests, benchmarks) */
size_t terms_count(void);     /* number of term nodes */
size_t terms_memory(void);    /* bytes used by the table */
/* A mark of the table's current extent; terms_rollback(m) drops every term
 * and symbol made since (types stay), so what comes next gets the ids it
 * would have got had nothing run in between. Every term_t made after the
 * mark must be dead by then: the caller owns that. */
typedef struct { size_t nodes, pool, rats, bvs, syms; unsigned long fresh; } terms_mark;
terms_mark terms_mark_now(void);
void terms_rollback(terms_mark m);
/* The terms and symbols made since m, taken out of the table (as by
 * terms_rollback(m)) and kept: terms_put_back rolls the table back to m
 * again and puts them back under their old ids (and the fresh-name counter
 * where it was), so that their owner goes on as if nothing had run in
 * between (chc_own.c: IC3's slice across pa). Every term_t made between
 * the take and the put-back must be dead by then. */
typedef struct terms_stash terms_stash;
terms_stash *terms_take(terms_mark m);
void terms_put_back(terms_stash *st);   /* frees st */
void terms_stash_free(terms_stash *st); /* without putting back; NULL ok */

/* ---- errors from constructors and parsers ---- */
const char *term_last_error(void);

/* ---- leaves ---- */
/* true is node 0, interned with the table's first node: inline, a call
 * each was 1 % of SlushSmall's reach proof (term_inc, cube_values) */
extern size_t term_nnodes_;    /* the table's nodes (term_table.c) */
term_t term_true_first(void);  /* true on an empty table: interns it */
static inline term_t term_true(void) { return term_nnodes_ ? 0 : term_true_first(); }
static inline term_t term_false(void) { return term_true() | 1; }
term_t term_bool(bool b);
term_t term_int(long v);
term_t term_int_mpz(const mpz_t v);
term_t term_real_mpq(const mpq_t v);
term_t term_rat(type_t ty, const mpq_t v);      /* ty is Int (v integral) or Real */
term_t term_int_str(const char *decimal);       /* NULL_TERM if malformed */
term_t term_bv_mpz(uint32_t width, const mpz_t v);  /* v taken modulo 2^width */
term_t term_bv_u64(uint32_t width, uint64_t v);
/* Variable named `name` of type ty, index 0. Same name and type: same term. */
term_t term_var(const char *name, type_t ty);
/* A fresh variable whose name starts with prefix and is new to the table. */
term_t term_fresh_var(const char *prefix, type_t ty);

/* ---- constructors (they simplify; NULL_TERM on sort errors) ---- */
term_t term_not(term_t t);
term_t term_and(uint32_t n, const term_t *args);
term_t term_or(uint32_t n, const term_t *args);
term_t term_and2(term_t a, term_t b);
/* The conjunction of args as one node over them as they are, a
 * conjunction among them not flattened into it (term_and flattens): the
 * same formula as term_and(n, args), a different term. For conjunctions of
 * shared parts (the reach proof's cubes, tla_sym.c: one per state over its
 * variables' parts, ~6 where flattened ~100). A constant, an error or a
 * complementary pair among them, or fewer than two left: term_and's. */
term_t term_and_nested(uint32_t n, const term_t *args);
term_t term_or2(term_t a, term_t b);
term_t term_implies(term_t a, term_t b);
term_t term_iff(term_t a, term_t b);
term_t term_xor(term_t a, term_t b);
term_t term_ite(term_t c, term_t a, term_t b);
term_t term_eq(term_t a, term_t b);
term_t term_distinct(uint32_t n, const term_t *args);
term_t term_add(uint32_t n, const term_t *args);
term_t term_add2(term_t a, term_t b);
term_t term_sub(term_t a, term_t b);
term_t term_neg(term_t a);
term_t term_mul(uint32_t n, const term_t *args);
term_t term_mul2(term_t a, term_t b);
term_t term_div(term_t a, term_t b);     /* real division */
term_t term_idiv(term_t a, term_t b);    /* SMT-LIB Int div (floor for b>0) */
term_t term_mod(term_t a, term_t b);
term_t term_abs(term_t a);
term_t term_le(term_t a, term_t b);
term_t term_lt(term_t a, term_t b);
term_t term_ge(term_t a, term_t b);
term_t term_gt(term_t a, term_t b);
term_t term_to_real(term_t a);
term_t term_to_int(term_t a);
term_t term_is_int(term_t a);
term_t term_select(term_t a, term_t i);
term_t term_store(term_t a, term_t i, term_t v);
term_t term_const_array(type_t array_type, term_t v);
/* The zero value of a sort (false, 0, 0.0, the zero bit-vector, the array
 * of zeros); NULL_TERM for other sorts. */
term_t term_zero(type_t ty);
term_t term_apply(term_t f, uint32_t n, const term_t *args);
term_t term_forall(uint32_t n, const term_t *vars, term_t body);
term_t term_exists(uint32_t n, const term_t *vars, term_t body);
/* Bit-vector operators without parameters, by op (binary ops are
 * left-associative when n > 2; comparisons take exactly 2). */
term_t term_bvop(term_op op, uint32_t n, const term_t *args);
term_t term_bvop2(term_op op, term_t a, term_t b);
term_t term_extract(uint32_t hi, uint32_t lo, term_t a);
term_t term_bv_extend(term_op op /* OP_ZERO_EXTEND|OP_SIGN_EXTEND */, uint32_t k, term_t a);
term_t term_bv_rotate(term_op op /* OP_ROTATE_LEFT|RIGHT */, uint32_t k, term_t a);
term_t term_bv_repeat(uint32_t k, term_t a);
term_t term_bv2nat(term_t a);
term_t term_nat2bv(uint32_t width, term_t a);
/* Datatype terms (dt a defined datatype; c a constructor index, f a field). */
term_t term_dt_cons(type_t dt, uint32_t c, uint32_t n, const term_t *args);
term_t term_dt_sel(type_t dt, uint32_t c, uint32_t f, term_t a);
term_t term_dt_is(type_t dt, uint32_t c, term_t a);
/* Generic constructor by operator, used by parsers; params for indexed ops. */
term_t term_make(term_op op, uint32_t n, const term_t *args, uint32_t nparams, const uint32_t *params);

/* ---- inspection ---- */
/* The node tables' layout (core/term_table.c, core/type.c), here only so
 * that the accessors below inline: they are a large share of every
 * engine's calls. Read the tables through the accessors only.
 * A term node: op, type and a slice of the int32 pool holding the argument
 * terms followed by the integer parameters of indexed operators. Leaves use
 * the pool for their payload: OP_VAR [symbol, index], OP_RAT [mpq slot],
 * OP_BV [mpz slot]. */
typedef struct {
  uint8_t op;
  uint8_t nparams;
  uint32_t nargs;
  type_t type;
  uint32_t first;
  uint32_t hash;
} term_node;
extern term_node *term_nodes_;
extern int32_t *term_pool_;
/* A type node: its kind and its parameters' slice of the type pool. */
typedef struct {
  type_kind kind;
  uint32_t n;        /* number of entries in params */
  uint32_t first;    /* index into the parameter pool */
} type_node;
extern type_node *type_nodes_;

static inline type_kind type_kind_of(type_t ty) { return type_nodes_[ty].kind; }
static inline bool term_is_negated(term_t t) { return (t & 1) != 0; }
static inline term_t term_unsigned(term_t t) { return t & ~1; }   /* strip negation */
static inline uint32_t term_id(term_t t) { return (uint32_t)t >> 1; } /* dense node id */
static inline term_node *term_node_of(term_t t) { return &term_nodes_[term_id(t)]; }
/* Of the node; OP_TRUE for both true and false. */
static inline term_op term_op_of(term_t t) { return (term_op)term_node_of(t)->op; }
static inline type_t term_type(term_t t) { return term_node_of(t)->type; }
static inline uint32_t term_nargs(term_t t) {
  const term_node *nd = term_node_of(t);
  return nd->op == OP_VAR || nd->op == OP_RAT || nd->op == OP_BV ? 0 : nd->nargs;
}
static inline term_t term_arg(term_t t, uint32_t i) { return term_pool_[term_node_of(t)->first + i]; }
static inline const term_t *term_args(term_t t) { return term_pool_ + term_node_of(t)->first; }
uint32_t term_param(term_t t, uint32_t i);   /* indexed bv ops, datatype ops */
static inline bool term_is_true(term_t t) { return t == 0; }
static inline bool term_is_false(term_t t) { return t == 1; }
static inline bool term_is_bool(term_t t) { return type_kind_of(term_type(t)) == TYPE_BOOL; }
bool term_is_const(term_t t);   /* true/false, rational or bit-vector literal */
bool term_is_value(term_t t);   /* a literal, or a const-array/store chain of literals (array values) */
static inline bool term_is_var(term_t t) { return !term_is_negated(t) && term_op_of(t) == OP_VAR; }
/* For literals: value copied into out (must be initialized). */
void term_rat_value(term_t t, mpq_t out);
void term_bv_value(term_t t, mpz_t out);
bool term_rat_is_int(term_t t);
/* For variables. */
const char *term_var_name(term_t t);
static inline int32_t term_var_index(term_t t) { return term_pool_[term_node_of(t)->first + 1]; } /* 0 for plain variables */
term_t term_var_at(term_t v, int32_t index);  /* the copy of v with that index */

/* Atoms: Boolean terms whose operator is not a connective (and/or/not/ite
 * over Booleans/xor/= between Booleans). */
bool term_is_atom(term_t t);

/* ---- printing (SMT-LIB 2.6) ---- */
/* Indexed variables print as name@index, a legal SMT-LIB simple symbol;
 * symbols that are not simple are |quoted|. Shared subterms are printed
 * in full (use term_print_let for DAG-sized output). */
void term_print(FILE *out, term_t t);
void term_print_let(FILE *out, term_t t);
char *term_to_string(term_t t);               /* malloc'd */
char *term_to_string_let(term_t t);           /* malloc'd, with let-sharing */
void term_print_symbol(FILE *out, const char *name);
void term_print_var_name(FILE *out, term_t v);

/* ---- traversal and transformation ---- */
/* Free variables of t (not function symbols, not bound variables), in order
 * of first occurrence; returns the count, *out malloc'd (caller frees). */
uint32_t term_free_vars(term_t t, term_t **out);
/* Same for a set of terms; functions symbols are included when with_funs. */
uint32_t term_free_vars_n(uint32_t n, const term_t *ts, bool with_funs, term_t **out);
/* Does variable v occur free in t? */
bool term_has_free_var(term_t t, term_t v);
/* Does t contain a quantifier (each shared subterm visited once)? */
bool term_has_quantifier(term_t t);
/* Simultaneous substitution of from[i] by to[i] (any terms of equal type). */
term_t term_subst(term_t t, uint32_t n, const term_t *from, const term_t *to);
/* The same in place on ts[0..nt) (NULL_TERM entries stay), sharing one
 * map and one memo: for many terms over the same variables. */
void term_subst_many(uint32_t nt, term_t *ts, uint32_t n, const term_t *from, const term_t *to);
/* t's operator (with its parameters) over new arguments args[0..nargs(t)),
 * through the smart constructors (t un-negated). */
term_t term_with_args(term_t t, const term_t *args);
/* Adds k to the index of every free variable (x@i -> x@i+k). */
term_t term_shift(term_t t, int32_t k);
/* Primes: the same as term_shift(t, 1). */
term_t term_prime(term_t t);
/* Sets the index of every free variable to 0. */
term_t term_unindex(term_t t);
/* Conjuncts of t (flattened; t itself if not a conjunction). */
uint32_t term_conjuncts(term_t t, term_t **out);
/* The one-point rule on "exists vars[0..n). body": while a conjunct of body
 * defines a variable v of vars (v = t with t free of v; over Booleans also
 * v, not v and not (v = t)), t replaces v and v is dropped. Exact. vars
 * keeps the order of the variables left; returns their count, the new body
 * in *out. */
uint32_t term_one_point(term_t body, term_t *vars, uint32_t n, term_t *out);
/* Distinct atoms occurring in t. */
uint32_t term_atoms(term_t t, term_t **out);
/* Negation normal form: negations only on atoms; ite over Booleans, xor and
 * Boolean equality expanded. */
term_t term_nnf(term_t t);
/* Size of the term DAG (distinct nodes). */
size_t term_dag_size(term_t t);

/* ---- evaluation ---- */
/* Value of t when each vars[i] has value vals[i] (a literal); variables
 * without a value are unknown. Returns a literal, or NULL_TERM when the value
 * depends on unknown variables. */
term_t term_eval(term_t t, uint32_t n, const term_t *vars, const term_t *vals);

/* ---- a growable vector of terms (used everywhere) ---- */
typedef struct { term_t *data; uint32_t size, cap; } term_vec;
void term_vec_grow_push(term_vec *v, term_t t);   /* term_vec_push past the capacity */
/* Inline: the common case is a store (the reach proof pushes ~10^8). */
static inline void term_vec_push(term_vec *v, term_t t) {
  if (v->size < v->cap) v->data[v->size++] = t;
  else term_vec_grow_push(v, t);
}
void term_vec_free(term_vec *v);

#endif
