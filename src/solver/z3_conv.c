/* term <-> Z3_ast translation. The context is reference counted: a fresh
 * AST is only guaranteed to live until the next API call, so every result is
 * inc_ref'd at once (keep()) and recorded in `owned` for release at free. */
#include "solver/z3_conv.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "solver/idmap.h"

typedef struct { Z3_ast a; term_t t; } z3conv_back;

struct z3conv {
  Z3_context ctx;
  idmap fwd;        /* term_t -> Z3_ast */
  idmap sorts;      /* type_t -> Z3_sort */
  idmap decls;      /* variable term -> Z3_func_decl */
  idmap back;       /* Z3 ast id -> term_t (the ast is kept alive in owned) */
  idmap declback;   /* Z3 func_decl ast id -> variable term */
  Z3_ast *owned;
  size_t nowned, capowned;
  const char *err;
  char errbuf[160];
  bool datatypes;   /* Z3_mk_datatypes was called in ctx */
};

static void z3conv_on_error(Z3_context ctx, Z3_error_code e) { (void)ctx; (void)e; }

static bool reuse_contexts;
static Z3_context spare;

/* A forked child forgets the spare context without touching it: the child
 * (Spacer on the input file, say) would otherwise write into pages it shares
 * with the parent and pay a copy-on-write fault for each (measured: CPU of
 * small unsat LIA tasks 0.45-0.56 -> 0.30-0.39 s); it makes its own. The
 * pointer is kept, not followed: memcheck would call the context lost. */
static Z3_context volatile parents_spare;   /* read by nobody; volatile keeps the store */
static void forget_spare_in_child(void) {
  parents_spare = spare;
  spare = NULL;
}
static void install_fork_handler(void) { pthread_atfork(NULL, NULL, forget_spare_in_child); }

void z3conv_reuse_contexts(bool on) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  reuse_contexts = on;
  if (on) pthread_once(&once, install_fork_handler);
}

void z3conv_release_context(Z3_context ctx, bool clean) {
  if (!ctx) return;
  if (reuse_contexts && clean && !spare && Z3_get_error_code(ctx) == Z3_OK) spare = ctx;
  else Z3_del_context(ctx);
}

void z3conv_free_release(z3conv *c, Z3_context ctx, bool usable) {
  bool clean = usable && !(c && c->datatypes);
  z3conv_free(c);
  z3conv_release_context(ctx, clean);
}

Z3_context z3conv_mk_context(void) {
  Z3_context c = spare;
  spare = NULL;
  return c ? c : z3conv_mk_context_proofs(false);
}

bool z3conv_declared_datatypes(const z3conv *c) { return c && c->datatypes; }

static uint64_t contexts_made;
uint64_t z3conv_contexts_made(void) { return contexts_made; }

Z3_context z3conv_mk_context_proofs(bool proofs) {
  contexts_made++;
  Z3_config cfg = Z3_mk_config();
  if (!cfg) return NULL;
  Z3_set_param_value(cfg, "model", "true");
  if (proofs) Z3_set_param_value(cfg, "proof", "true");
  Z3_context ctx = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  if (ctx) Z3_set_error_handler(ctx, z3conv_on_error);
  return ctx;
}

bool z3conv_failed(Z3_context ctx, const char **msg) {
  Z3_error_code e = Z3_get_error_code(ctx);
  if (e == Z3_OK) return false;
  if (msg) *msg = Z3_get_error_msg(ctx, e);
  return true;
}

z3conv *z3conv_new(Z3_context ctx) {
  z3conv *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->ctx = ctx;
  idmap_init(&c->fwd); idmap_init(&c->sorts); idmap_init(&c->decls);
  idmap_init(&c->back); idmap_init(&c->declback);
  c->err = "no error";
  return c;
}

void z3conv_free(z3conv *c) {
  if (!c) return;
  for (size_t i = 0; i < c->nowned; i++) Z3_dec_ref(c->ctx, c->owned[i]);
  free(c->owned);
  idmap_free(&c->fwd); idmap_free(&c->sorts); idmap_free(&c->decls);
  idmap_free(&c->back); idmap_free(&c->declback);
  free(c);
}

Z3_context z3conv_context(const z3conv *c) { return c->ctx; }
const char *z3conv_error(const z3conv *c) { return c->err; }

static void *fail(z3conv *c, const char *msg) { c->err = msg; return NULL; }

/* Takes a reference to a just-created AST; NULL if Z3 reported an error. */
static Z3_ast keep(z3conv *c, Z3_ast a) {
  const char *msg;
  if (!a || z3conv_failed(c->ctx, &msg)) {
    snprintf(c->errbuf, sizeof c->errbuf, "z3: %s", a ? msg : "null result");
    c->err = c->errbuf;
    return NULL;
  }
  if (c->nowned == c->capowned) {
    size_t ncap = c->capowned ? c->capowned * 2 : 256;
    Z3_ast *n = realloc(c->owned, ncap * sizeof *n);
    if (!n) return fail(c, "out of memory");
    c->owned = n; c->capowned = ncap;
  }
  Z3_inc_ref(c->ctx, a);
  c->owned[c->nowned++] = a;
  return a;
}

/* ---------------- sorts ---------------- */

/* Datatypes: every datatype reachable from ty (through fields) that has no
 * Z3 sort yet is created in one Z3_mk_datatypes call, so mutually
 * recursive ones refer to each other by index. */
static bool dt_known(type_t ty, void *c) { return idmap_get(&((z3conv *)c)->sorts, (uint32_t)ty, NULL); }

static bool mk_datatypes(z3conv *c, type_t ty) {
  Z3_context z = c->ctx;
  type_t *g;
  uint32_t n = type_dt_group(ty, dt_known, c, &g);
  if (!g) { c->err = "out of memory"; return false; }
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++) ok = type_dt_defined(g[i]) && type_dt_nctors(g[i]) > 0;
  if (!ok) { free(g); c->err = "datatype without definition"; return false; }
  Z3_symbol *names = calloc(n + 1, sizeof *names);
  Z3_sort *sorts = calloc(n + 1, sizeof *sorts);
  Z3_constructor_list *lists = calloc(n + 1, sizeof *lists);
  Z3_constructor **ctors = calloc(n + 1, sizeof *ctors);
  ok = names && sorts && lists && ctors;
  for (uint32_t i = 0; i < n && ok; i++) {
    names[i] = Z3_mk_string_symbol(z, type_sort_name(g[i]));
    uint32_t nc = type_dt_nctors(g[i]);
    ctors[i] = calloc(nc, sizeof **ctors);
    for (uint32_t k = 0; k < nc && ok; k++) {
      uint32_t nf = type_dt_nfields(g[i], k);
      Z3_symbol fn[nf ? nf : 1];
      Z3_sort fs[nf ? nf : 1];
      unsigned refs[nf ? nf : 1];
      for (uint32_t f = 0; f < nf && ok; f++) {
        type_t ft = type_dt_field_type(g[i], k, f);
        fn[f] = Z3_mk_string_symbol(z, type_dt_field_name(g[i], k, f));
        fs[f] = NULL;
        refs[f] = 0;
        uint32_t j = 0;
        while (j < n && g[j] != ft) j++;
        if (j < n) refs[f] = j;
        else ok = (fs[f] = z3conv_sort(c, ft)) != NULL;
      }
      if (!ok) break;
      char is[300];
      snprintf(is, sizeof is, "is-%s", type_dt_ctor_name(g[i], k));
      ctors[i][k] = Z3_mk_constructor(z, Z3_mk_string_symbol(z, type_dt_ctor_name(g[i], k)), Z3_mk_string_symbol(z, is),
                                      nf, fn, fs, refs);
    }
    if (ok) lists[i] = Z3_mk_constructor_list(z, nc, ctors[i]);
  }
  if (ok) {
    Z3_mk_datatypes(z, n, names, sorts, lists);
    c->datatypes = true;
    for (uint32_t i = 0; i < n && ok; i++)
      ok = sorts[i] && keep(c, Z3_sort_to_ast(z, sorts[i])) && idmap_put(&c->sorts, (uint32_t)g[i], (uintptr_t)sorts[i]);
    if (!ok) c->err = "Z3 could not create the datatypes";
  }
  for (uint32_t i = 0; i < n; i++) {
    if (lists[i]) Z3_del_constructor_list(z, lists[i]);
    for (uint32_t k = 0; ctors[i] && k < type_dt_nctors(g[i]); k++)
      if (ctors[i][k]) Z3_del_constructor(z, ctors[i][k]);
    free(ctors[i]);
  }
  free(names); free(sorts); free(lists); free(ctors); free(g);
  return ok;
}

Z3_sort z3conv_sort(z3conv *c, type_t ty) {
  uintptr_t v;
  if (idmap_get(&c->sorts, (uint32_t)ty, &v)) return (Z3_sort)v;
  Z3_sort s = NULL;
  switch (type_kind_of(ty)) {
  case TYPE_BOOL: s = Z3_mk_bool_sort(c->ctx); break;
  case TYPE_INT: s = Z3_mk_int_sort(c->ctx); break;
  case TYPE_REAL: s = Z3_mk_real_sort(c->ctx); break;
  case TYPE_BV: s = Z3_mk_bv_sort(c->ctx, type_bv_width(ty)); break;
  case TYPE_ARRAY: {
    Z3_sort i = z3conv_sort(c, type_array_index(ty));
    Z3_sort e = i ? z3conv_sort(c, type_array_elem(ty)) : NULL;
    if (!e) return NULL;
    s = Z3_mk_array_sort(c->ctx, i, e);
    break;
  }
  case TYPE_SORT:
    s = Z3_mk_uninterpreted_sort(c->ctx, Z3_mk_string_symbol(c->ctx, type_sort_name(ty)));
    break;
  case TYPE_DATATYPE: {
    uintptr_t v2;
    if (!mk_datatypes(c, ty) || !idmap_get(&c->sorts, (uint32_t)ty, &v2)) return NULL;
    return (Z3_sort)v2;
  }
  case TYPE_FP: return fail(c, "floating point is not supported");
  default:
    return fail(c, "function types have no Z3 sort");
  }
  if (!s || !keep(c, Z3_sort_to_ast(c->ctx, s))) return NULL;
  if (!idmap_put(&c->sorts, (uint32_t)ty, (uintptr_t)s)) return fail(c, "out of memory");
  return s;
}

type_t z3conv_type_of(z3conv *c, Z3_sort s) {
  switch (Z3_get_sort_kind(c->ctx, s)) {
  case Z3_BOOL_SORT: return type_bool();
  case Z3_INT_SORT: return type_int();
  case Z3_REAL_SORT: return type_real();
  case Z3_BV_SORT: return type_bv(Z3_get_bv_sort_size(c->ctx, s));
  case Z3_ARRAY_SORT: {
    type_t i = z3conv_type_of(c, Z3_get_array_sort_domain(c->ctx, s));
    type_t e = i == NULL_TYPE ? NULL_TYPE : z3conv_type_of(c, Z3_get_array_sort_range(c->ctx, s));
    return e == NULL_TYPE ? NULL_TYPE : type_array(i, e);
  }
  case Z3_UNINTERPRETED_SORT: {
    const char *n = Z3_get_symbol_string(c->ctx, Z3_get_sort_name(c->ctx, s));
    return type_sort(n);
  }
  case Z3_DATATYPE_SORT: {   /* only datatypes zeta declared (by name) */
    type_t t = type_datatype(Z3_get_symbol_string(c->ctx, Z3_get_sort_name(c->ctx, s)));
    if (type_dt_defined(t)) return t;
    c->err = "Z3 datatype unknown to zeta";
    return NULL_TYPE;
  }
  default:
    c->err = "unsupported Z3 sort";
    return NULL_TYPE;
  }
}

/* ---------------- term -> Z3 ---------------- */

Z3_func_decl z3conv_decl(z3conv *c, term_t var) {
  uintptr_t v;
  var = term_unsigned(var);
  if (idmap_get(&c->decls, (uint32_t)var, &v)) return (Z3_func_decl)v;
  if (term_op_of(var) != OP_VAR) return fail(c, "not a variable");
  type_t ty = term_type(var);
  /* The name is only for readability: fresh declarations keep distinct
   * zeta variables distinct even when their printed names collide. */
  char buf[256];
  int32_t idx = term_var_index(var);
  if (idx) snprintf(buf, sizeof buf, "%s@%d", term_var_name(var), (int)idx);
  else snprintf(buf, sizeof buf, "%s", term_var_name(var));
  Z3_func_decl d;
  if (type_kind_of(ty) == TYPE_FUN) {
    uint32_t n = type_fun_arity(ty);
    Z3_sort dom[n ? n : 1];
    for (uint32_t i = 0; i < n; i++)
      if (!(dom[i] = z3conv_sort(c, type_fun_domain(ty, i)))) return NULL;
    Z3_sort r = z3conv_sort(c, type_fun_range(ty));
    if (!r) return NULL;
    d = Z3_mk_fresh_func_decl(c->ctx, buf, n, dom, r);
  } else {
    Z3_sort s = z3conv_sort(c, ty);
    if (!s) return NULL;
    d = Z3_mk_fresh_func_decl(c->ctx, buf, 0, NULL, s);
  }
  if (!d || !keep(c, Z3_func_decl_to_ast(c->ctx, d))) return NULL;
  if (!idmap_put(&c->decls, (uint32_t)var, (uintptr_t)d) || !z3conv_register(c, d, var))
    return fail(c, "out of memory");
  return d;
}

bool z3conv_register(z3conv *c, Z3_func_decl d, term_t var) {
  unsigned id = Z3_get_ast_id(c->ctx, Z3_func_decl_to_ast(c->ctx, d));
  /* The declaration must outlive the map entry, since ids are reused. */
  if (!keep(c, Z3_func_decl_to_ast(c->ctx, d))) return false;
  return idmap_put(&c->declback, id, (uintptr_t)(uint32_t)var);
}

static bool is_real(z3conv *c, Z3_ast a) {
  return Z3_get_sort_kind(c->ctx, Z3_get_sort(c->ctx, a)) == Z3_REAL_SORT;
}

/* Int arguments mixed with Real ones are lifted with to_real. */
static bool coerce(z3conv *c, uint32_t n, Z3_ast *a) {
  bool real = false;
  for (uint32_t i = 0; i < n; i++) real |= is_real(c, a[i]);
  if (!real) return true;
  for (uint32_t i = 0; i < n; i++)
    if (Z3_get_sort_kind(c->ctx, Z3_get_sort(c->ctx, a[i])) == Z3_INT_SORT)
      if (!(a[i] = keep(c, Z3_mk_int2real(c->ctx, a[i])))) return false;
  return true;
}

typedef Z3_ast (*z3_bin)(Z3_context, Z3_ast, Z3_ast);

static Z3_ast fold(z3conv *c, z3_bin f, uint32_t n, Z3_ast *a) {
  Z3_ast r = a[0];
  for (uint32_t i = 1; i < n && r; i++) r = keep(c, f(c->ctx, r, a[i]));
  return r;
}

static z3_bin bv_binary(term_op op) {
  switch (op) {
  case OP_BVAND: return Z3_mk_bvand;   case OP_BVOR: return Z3_mk_bvor;
  case OP_BVXOR: return Z3_mk_bvxor;   case OP_BVNAND: return Z3_mk_bvnand;
  case OP_BVNOR: return Z3_mk_bvnor;   case OP_BVXNOR: return Z3_mk_bvxnor;
  case OP_BVADD: return Z3_mk_bvadd;   case OP_BVSUB: return Z3_mk_bvsub;
  case OP_BVMUL: return Z3_mk_bvmul;   case OP_BVUDIV: return Z3_mk_bvudiv;
  case OP_BVUREM: return Z3_mk_bvurem; case OP_BVSDIV: return Z3_mk_bvsdiv;
  case OP_BVSREM: return Z3_mk_bvsrem; case OP_BVSMOD: return Z3_mk_bvsmod;
  case OP_BVSHL: return Z3_mk_bvshl;   case OP_BVLSHR: return Z3_mk_bvlshr;
  case OP_BVASHR: return Z3_mk_bvashr; case OP_CONCAT: return Z3_mk_concat;
  case OP_BVULT: return Z3_mk_bvult;   case OP_BVULE: return Z3_mk_bvule;
  case OP_BVUGT: return Z3_mk_bvugt;   case OP_BVUGE: return Z3_mk_bvuge;
  case OP_BVSLT: return Z3_mk_bvslt;   case OP_BVSLE: return Z3_mk_bvsle;
  case OP_BVSGT: return Z3_mk_bvsgt;   case OP_BVSGE: return Z3_mk_bvsge;
  default: return NULL;
  }
}

static Z3_ast mk_rat(z3conv *c, term_t t) {
  mpq_t q;
  mpq_init(q);
  term_rat_value(t, q);
  char *s = mpq_get_str(NULL, 10, q);
  mpq_clear(q);
  if (!s) return fail(c, "out of memory");
  Z3_sort sort = z3conv_sort(c, term_type(t));
  Z3_ast r = sort ? keep(c, Z3_mk_numeral(c->ctx, s, sort)) : NULL;
  free(s);
  return r;
}

static Z3_ast mk_bvlit(z3conv *c, term_t t) {
  mpz_t z;
  mpz_init(z);
  term_bv_value(t, z);
  char *s = mpz_get_str(NULL, 10, z);
  mpz_clear(z);
  if (!s) return fail(c, "out of memory");
  Z3_sort sort = z3conv_sort(c, term_type(t));
  Z3_ast r = sort ? keep(c, Z3_mk_numeral(c->ctx, s, sort)) : NULL;
  free(s);
  return r;
}

static Z3_ast to_z3_node(z3conv *c, term_t t);

/* One node whose arguments are already in the cache. */
static Z3_ast to_z3_one(z3conv *c, term_t t) {
  Z3_ast r;
  if (term_is_negated(t) && !term_is_false(t)) {
    uintptr_t p;
    idmap_get(&c->fwd, (uint32_t)term_unsigned(t), &p);
    r = keep(c, Z3_mk_not(c->ctx, (Z3_ast)p));
  } else {
    r = to_z3_node(c, t);
  }
  if (r && !idmap_put(&c->fwd, (uint32_t)t, (uintptr_t)r)) return fail(c, "out of memory");
  return r;
}

/* Post-order with an explicit stack: unrollings and ite chains can be far
 * deeper than the C stack allows. */
Z3_ast z3conv_to_z3(z3conv *c, term_t t) {
  uintptr_t v;
  if (t == NULL_TERM) return fail(c, "null term");
  if (idmap_get(&c->fwd, (uint32_t)t, &v)) return (Z3_ast)v;
  term_vec st = {0};
  term_vec_push(&st, t);
  Z3_ast r = NULL;
  while (st.size) {
    term_t u = st.data[st.size - 1];
    if (idmap_get(&c->fwd, (uint32_t)u, NULL)) { st.size--; continue; }
    uint32_t before = st.size;
    if (term_is_negated(u) && !term_is_false(u)) {
      if (!idmap_get(&c->fwd, (uint32_t)term_unsigned(u), NULL)) term_vec_push(&st, term_unsigned(u));
    } else {
      term_op op = term_op_of(u);
      uint32_t n = op == OP_TRUE || op == OP_RAT || op == OP_BV || op == OP_VAR ? 0 : term_nargs(u);
      for (uint32_t i = op == OP_APPLY ? 1 : 0; i < n; i++) {
        term_t a = term_arg(u, i);
        if (a == NULL_TERM) { fail(c, "null argument"); goto out; }
        if (!idmap_get(&c->fwd, (uint32_t)a, NULL)) term_vec_push(&st, a);
      }
    }
    if (st.size == before) {
      st.size--;
      if (!to_z3_one(c, u)) goto out;
    }
  }
  idmap_get(&c->fwd, (uint32_t)t, &v);
  r = (Z3_ast)v;
out:
  term_vec_free(&st);
  return r;
}

/* Constructor, selector or tester application (arguments already cached). */
static Z3_ast dt_app(z3conv *c, term_t t) {
  Z3_context z = c->ctx;
  term_op op = term_op_of(t);
  type_t dt = (type_t)term_param(t, 0);
  uint32_t k = term_param(t, 1), n = term_nargs(t);
  Z3_sort s = z3conv_sort(c, dt);
  if (!s) return NULL;
  Z3_func_decl d = op == OP_DT_CONS ? Z3_get_datatype_sort_constructor(z, s, k)
                   : op == OP_DT_IS ? Z3_get_datatype_sort_recognizer(z, s, k)
                                    : Z3_get_datatype_sort_constructor_accessor(z, s, k, term_param(t, 2));
  if (!d || !keep(c, Z3_func_decl_to_ast(z, d))) return fail(c, "Z3 datatype function");
  Z3_ast a[n ? n : 1];
  for (uint32_t i = 0; i < n; i++) {
    uintptr_t v;
    if (!idmap_get(&c->fwd, (uint32_t)term_arg(t, i), &v)) return fail(c, "datatype argument not translated");
    a[i] = (Z3_ast)v;
  }
  return keep(c, Z3_mk_app(z, d, n, a));
}

static Z3_ast to_z3_node(z3conv *c, term_t t) {
  Z3_context z = c->ctx;
  term_op op = term_op_of(t);
  switch (op) {
  case OP_TRUE: return keep(c, term_is_true(t) ? Z3_mk_true(z) : Z3_mk_false(z));
  case OP_RAT: return mk_rat(c, t);
  case OP_BV: return mk_bvlit(c, t);
  case OP_VAR: {
    if (type_kind_of(term_type(t)) == TYPE_FUN) return fail(c, "function symbol used as a term");
    Z3_func_decl d = z3conv_decl(c, t);
    return d ? keep(c, Z3_mk_app(z, d, 0, NULL)) : NULL;
  }
  case OP_DT_CONS: case OP_DT_SEL: case OP_DT_IS: return dt_app(c, t);
  default: break;
  }
  uint32_t n = term_nargs(t);
  if (n == 0) return fail(c, "operator without arguments");
  Z3_ast *a = malloc(n * sizeof *a);
  if (!a) return fail(c, "out of memory");
  Z3_ast r = NULL;
  /* Function symbols (APPLY) and bound variables are not converted as terms. */
  uint32_t first = op == OP_APPLY ? 1 : 0;
  for (uint32_t i = first; i < n; i++)
    if (!(a[i] = z3conv_to_z3(c, term_arg(t, i)))) goto out;
  switch (op) {
  case OP_ITE:
    if (!coerce(c, 2, a + 1)) break;
    r = keep(c, Z3_mk_ite(z, a[0], a[1], a[2]));
    break;
  case OP_EQ:
    if (!coerce(c, n, a)) break;
    if (n == 2) { r = keep(c, Z3_mk_eq(z, a[0], a[1])); break; }
    for (uint32_t i = 0; i + 1 < n; i++)   /* chainable: pairwise equal */
      if (!(a[i] = keep(c, Z3_mk_eq(z, a[i], a[i + 1])))) goto out;
    r = keep(c, Z3_mk_and(z, n - 1, a));
    break;
  case OP_DISTINCT:
    if (!coerce(c, n, a)) break;
    r = keep(c, Z3_mk_distinct(z, n, a));
    break;
  case OP_AND: r = keep(c, Z3_mk_and(z, n, a)); break;
  case OP_OR: r = keep(c, Z3_mk_or(z, n, a)); break;
  case OP_XOR: r = fold(c, Z3_mk_xor, n, a); break;
  case OP_ADD: if (coerce(c, n, a)) r = keep(c, Z3_mk_add(z, n, a)); break;
  case OP_MUL: if (coerce(c, n, a)) r = keep(c, Z3_mk_mul(z, n, a)); break;
  case OP_SUB: if (coerce(c, n, a)) r = keep(c, Z3_mk_sub(z, n, a)); break;
  case OP_NEG: r = keep(c, Z3_mk_unary_minus(z, a[0])); break;
  case OP_DIV:
    for (uint32_t i = 0; i < n; i++)
      if (!is_real(c, a[i]) && !(a[i] = keep(c, Z3_mk_int2real(z, a[i])))) goto out;
    r = fold(c, Z3_mk_div, n, a);
    break;
  case OP_IDIV: r = fold(c, Z3_mk_div, n, a); break;
  case OP_MOD: r = keep(c, Z3_mk_mod(z, a[0], a[1])); break;
  case OP_ABS: {
    Z3_ast zero = keep(c, Z3_mk_numeral(z, "0", Z3_get_sort(z, a[0])));
    Z3_ast ge = zero ? keep(c, Z3_mk_ge(z, a[0], zero)) : NULL;
    Z3_ast ng = ge ? keep(c, Z3_mk_unary_minus(z, a[0])) : NULL;
    r = ng ? keep(c, Z3_mk_ite(z, ge, a[0], ng)) : NULL;
    break;
  }
  case OP_LE: case OP_LT: {
    if (!coerce(c, n, a)) break;
    z3_bin f = op == OP_LE ? Z3_mk_le : Z3_mk_lt;
    if (n == 2) { r = keep(c, f(z, a[0], a[1])); break; }
    for (uint32_t i = 0; i + 1 < n; i++)
      if (!(a[i] = keep(c, f(z, a[i], a[i + 1])))) goto out;
    r = keep(c, Z3_mk_and(z, n - 1, a));
    break;
  }
  case OP_TO_REAL: r = is_real(c, a[0]) ? a[0] : keep(c, Z3_mk_int2real(z, a[0])); break;
  case OP_TO_INT: r = keep(c, Z3_mk_real2int(z, a[0])); break;
  case OP_IS_INT: r = keep(c, Z3_mk_is_int(z, a[0])); break;
  case OP_SELECT: r = keep(c, Z3_mk_select(z, a[0], a[1])); break;
  case OP_STORE: r = keep(c, Z3_mk_store(z, a[0], a[1], a[2])); break;
  case OP_CONST_ARRAY: {
    Z3_sort is = z3conv_sort(c, type_array_index(term_type(t)));
    if (is) r = keep(c, Z3_mk_const_array(z, is, a[0]));
    break;
  }
  case OP_APPLY: {
    Z3_func_decl d = z3conv_decl(c, term_arg(t, 0));
    if (d) r = keep(c, Z3_mk_app(z, d, n - 1, a + 1));
    break;
  }
  case OP_FORALL: case OP_EXISTS: {
    Z3_app *b = malloc((n - 1) * sizeof *b);
    if (!b) { fail(c, "out of memory"); break; }
    for (uint32_t i = 0; i + 1 < n; i++) b[i] = Z3_to_app(z, a[i]);
    r = keep(c, op == OP_FORALL ? Z3_mk_forall_const(z, 0, n - 1, b, 0, NULL, a[n - 1])
                                : Z3_mk_exists_const(z, 0, n - 1, b, 0, NULL, a[n - 1]));
    free(b);
    break;
  }
  case OP_BVNOT: r = keep(c, Z3_mk_bvnot(z, a[0])); break;
  case OP_BVNEG: r = keep(c, Z3_mk_bvneg(z, a[0])); break;
  case OP_BVCOMP: {
    Z3_ast eq = keep(c, Z3_mk_eq(z, a[0], a[1]));
    Z3_sort s1 = eq ? Z3_mk_bv_sort(z, 1) : NULL;
    Z3_ast one = s1 ? keep(c, Z3_mk_numeral(z, "1", s1)) : NULL;
    Z3_ast zero = one ? keep(c, Z3_mk_numeral(z, "0", Z3_get_sort(z, one))) : NULL;
    r = zero ? keep(c, Z3_mk_ite(z, eq, one, zero)) : NULL;
    break;
  }
  case OP_EXTRACT: r = keep(c, Z3_mk_extract(z, term_param(t, 0), term_param(t, 1), a[0])); break;
  case OP_ZERO_EXTEND: r = keep(c, Z3_mk_zero_ext(z, term_param(t, 0), a[0])); break;
  case OP_SIGN_EXTEND: r = keep(c, Z3_mk_sign_ext(z, term_param(t, 0), a[0])); break;
  case OP_ROTATE_LEFT: r = keep(c, Z3_mk_rotate_left(z, term_param(t, 0), a[0])); break;
  case OP_ROTATE_RIGHT: r = keep(c, Z3_mk_rotate_right(z, term_param(t, 0), a[0])); break;
  case OP_REPEAT: r = keep(c, Z3_mk_repeat(z, term_param(t, 0), a[0])); break;
  case OP_BV2NAT: r = keep(c, Z3_mk_bv2int(z, a[0], false)); break;
  case OP_NAT2BV: r = keep(c, Z3_mk_int2bv(z, term_param(t, 0), a[0])); break;
  default: {
    z3_bin f = bv_binary(op);
    if (!f) { fail(c, "operator not supported by the Z3 translation"); break; }
    if (n == 2 || op < OP_BVULT || op > OP_BVSGE) { r = fold(c, f, n, a); break; }
    for (uint32_t i = 0; i + 1 < n; i++)   /* chained comparison */
      if (!(a[i] = keep(c, f(z, a[i], a[i + 1])))) goto out;
    r = keep(c, Z3_mk_and(z, n - 1, a));
    break;
  }
  }
out:
  free(a);
  return r;
}

/* ---------------- Z3 -> term ---------------- */

static term_t tfail(z3conv *c, const char *msg) { c->err = msg; return NULL_TERM; }

static term_t numeral(z3conv *c, Z3_ast a) {
  Z3_sort s = Z3_get_sort(c->ctx, a);
  Z3_sort_kind k = Z3_get_sort_kind(c->ctx, s);
  const char *str = Z3_get_numeral_string(c->ctx, a);
  if (!str || z3conv_failed(c->ctx, NULL)) return tfail(c, "bad Z3 numeral");
  term_t r = NULL_TERM;
  if (k == Z3_BV_SORT) {
    mpz_t v;
    if (mpz_init_set_str(v, str, 10) == 0) r = term_bv_mpz(Z3_get_bv_sort_size(c->ctx, s), v);
    mpz_clear(v);
  } else if (k == Z3_INT_SORT || k == Z3_REAL_SORT) {
    mpq_t q;
    mpq_init(q);
    if (mpq_set_str(q, str, 10) == 0) {
      mpq_canonicalize(q);
      r = term_rat(k == Z3_INT_SORT ? type_int() : type_real(), q);
    }
    mpq_clear(q);
  }
  return r == NULL_TERM ? tfail(c, "unsupported Z3 numeral") : r;
}

/* Array value from a model function interpretation (as-array). */
static term_t from_func_interp(z3conv *c, Z3_model m, Z3_ast a);
static term_t from_z3_rec(z3conv *c, Z3_model m, Z3_ast a);

static term_t bv1(bool b) { return term_bv_u64(1, b); }

/* Collects the ground values p of the equalities (= x p) / (= p x) in a
 * lambda body over its bound variable x (de Bruijn 0) and those equalities;
 * false when x occurs anywhere else (or a binder is nested). */
typedef struct { Z3_ast *pts, *eqs; unsigned n, neq, cap, capeq; } lambda_pts;

static bool z3_has_var(Z3_context z, Z3_ast a) {
  Z3_ast_kind k = Z3_get_ast_kind(z, a);
  if (k == Z3_VAR_AST || k == Z3_QUANTIFIER_AST) return true;
  if (k != Z3_APP_AST) return false;
  Z3_app app = Z3_to_app(z, a);
  for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
    if (z3_has_var(z, Z3_get_app_arg(z, app, i))) return true;
  return false;
}

static bool push_ast(Z3_context z, Z3_ast **v, unsigned *n, unsigned *cap, Z3_ast a) {
  for (unsigned i = 0; i < *n; i++)
    if (Z3_is_eq_ast(z, (*v)[i], a)) return true;
  if (*n == *cap) {
    unsigned nc = *cap ? *cap * 2 : 16;
    Z3_ast *nv = realloc(*v, nc * sizeof *nv);
    if (!nv) return false;
    *v = nv; *cap = nc;
  }
  (*v)[(*n)++] = a;
  return true;
}

static bool lambda_points(Z3_context z, Z3_ast a, lambda_pts *p) {
  Z3_ast_kind k = Z3_get_ast_kind(z, a);
  if (k == Z3_VAR_AST || k == Z3_QUANTIFIER_AST) return false;
  if (k != Z3_APP_AST) return true;
  Z3_app app = Z3_to_app(z, a);
  unsigned n = Z3_get_app_num_args(z, app);
  if (n == 2 && Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) == Z3_OP_EQ) {
    Z3_ast l = Z3_get_app_arg(z, app, 0), r = Z3_get_app_arg(z, app, 1);
    if (Z3_get_ast_kind(z, r) == Z3_VAR_AST) { Z3_ast t = l; l = r; r = t; }
    if (Z3_get_ast_kind(z, l) == Z3_VAR_AST && !z3_has_var(z, r))
      return push_ast(z, &p->pts, &p->n, &p->cap, r) && push_ast(z, &p->eqs, &p->neq, &p->capeq, a);
  }
  for (unsigned i = 0; i < n; i++)
    if (!lambda_points(z, Z3_get_app_arg(z, app, i), p)) return false;
  return true;
}

static term_t eval_value(z3conv *c, Z3_model m, Z3_ast a) {
  Z3_ast out = NULL;
  if (!a || !Z3_model_eval(c->ctx, m, a, true, &out) || !out) return tfail(c, "model evaluation failed");
  Z3_inc_ref(c->ctx, out);
  term_t r = from_z3_rec(c, m, out);
  Z3_dec_ref(c->ctx, out);
  return r;
}

/* A lambda in a model value (Z3's incremental array models, e.g.
 * (lambda ((x Int)) (= x 1))): when the body depends on x only through
 * equalities with ground values, the array is the finite-exception array
 * with a store at each such value over the body's value elsewhere. */
static term_t from_lambda(z3conv *c, Z3_model m, Z3_ast a) {
  Z3_context z = c->ctx;
  type_t aty = z3conv_type_of(c, Z3_get_sort(z, a));
  if (aty == NULL_TYPE) return NULL_TERM;
  if (Z3_get_quantifier_num_bound(z, a) != 1) return tfail(c, "multi-index lambda value");
  Z3_ast body = Z3_get_quantifier_body(z, a);
  lambda_pts p = {0};
  term_t r = NULL_TERM;
  if (!lambda_points(z, body, &p)) { tfail(c, "lambda value is not a finite-exception array"); goto out; }
  Z3_ast *fls = malloc((p.neq ? p.neq : 1) * sizeof *fls);
  if (!fls) { tfail(c, "out of memory"); goto out; }
  for (unsigned i = 0; i < p.neq; i++) fls[i] = Z3_mk_false(z);
  /* elsewhere: every equality with x is false */
  Z3_ast els = keep(c, Z3_substitute(z, body, p.neq, p.eqs, fls));
  free(fls);
  term_t dv = els && !z3_has_var(z, els) ? eval_value(c, m, els) : tfail(c, "lambda default depends on its variable");
  if (dv == NULL_TERM) goto out;
  r = term_const_array(aty, dv);
  for (unsigned i = 0; i < p.n && r != NULL_TERM; i++) {
    Z3_ast at = keep(c, Z3_substitute_vars(z, body, 1, &p.pts[i]));
    term_t ti = eval_value(c, m, p.pts[i]), tv = ti == NULL_TERM || !at ? NULL_TERM : eval_value(c, m, at);
    r = tv == NULL_TERM ? NULL_TERM : term_store(r, ti, tv);
  }
out:
  free(p.pts);
  free(p.eqs);
  return r;
}

static term_t from_quantifier(z3conv *c, Z3_model m, Z3_ast a) {
  Z3_context z = c->ctx;
  if (Z3_is_lambda(z, a)) return m ? from_lambda(c, m, a) : tfail(c, "lambda terms are not supported");
  if (!Z3_is_quantifier_forall(z, a) && !Z3_is_quantifier_exists(z, a))
    return tfail(c, "lambda terms are not supported");
  unsigned n = Z3_get_quantifier_num_bound(z, a);
  Z3_ast *consts = malloc((n ? n : 1) * sizeof *consts);
  term_t *vars = malloc((n ? n : 1) * sizeof *vars);
  term_t r = NULL_TERM;
  if (!consts || !vars) { tfail(c, "out of memory"); goto out; }
  for (unsigned i = 0; i < n; i++) {
    Z3_sort s = Z3_get_quantifier_bound_sort(z, a, i);
    type_t ty = z3conv_type_of(c, s);
    if (ty == NULL_TYPE) goto out;
    vars[i] = term_fresh_var("q", ty);
    Z3_func_decl d = z3conv_decl(c, vars[i]);
    if (!d || !(consts[i] = keep(c, Z3_mk_app(z, d, 0, NULL)))) goto out;
  }
  /* De Bruijn: variable 0 is the last bound variable. */
  Z3_ast *to = malloc((n ? n : 1) * sizeof *to);
  if (!to) { tfail(c, "out of memory"); goto out; }
  for (unsigned i = 0; i < n; i++) to[i] = consts[n - 1 - i];
  Z3_ast body = keep(c, Z3_substitute_vars(z, Z3_get_quantifier_body(z, a), n, to));
  free(to);
  if (!body) goto out;
  term_t tb = from_z3_rec(c, m, body);
  if (tb == NULL_TERM) goto out;
  r = Z3_is_quantifier_forall(z, a) ? term_forall(n, vars, tb) : term_exists(n, vars, tb);
out:
  free(consts); free(vars);
  return r;
}

/* A Z3 datatype function back: found by name in zeta's definition. */
static term_t dt_back(z3conv *c, Z3_ast a, Z3_func_decl d, Z3_decl_kind k, unsigned n, const term_t *t) {
  Z3_context z = c->ctx;
  bool cons = k == Z3_OP_DT_CONSTRUCTOR;
  type_t dt = cons ? z3conv_type_of(c, Z3_get_sort(z, a)) : n == 1 ? term_type(t[0]) : NULL_TYPE;
  if (dt == NULL_TYPE || type_kind_of(dt) != TYPE_DATATYPE) return tfail(c, "datatype function on a non-datatype");
  if (k == Z3_OP_DT_ACCESSOR) {
    const char *name = Z3_get_symbol_string(z, Z3_get_decl_name(z, d));
    for (uint32_t i = 0; i < type_dt_nctors(dt); i++)
      for (uint32_t f = 0; f < type_dt_nfields(dt, i); f++)
        if (strcmp(type_dt_field_name(dt, i, f), name) == 0) return term_dt_sel(dt, i, f, t[0]);
    return tfail(c, "unknown datatype selector");
  }
  Z3_func_decl cd = cons ? d : Z3_get_decl_func_decl_parameter(z, d, 0);
  uint32_t i = cd ? type_dt_find_ctor(dt, Z3_get_symbol_string(z, Z3_get_decl_name(z, cd))) : UINT32_MAX;
  if (i == UINT32_MAX) return tfail(c, "unknown datatype constructor");
  return cons ? term_dt_cons(dt, i, n, t) : term_dt_is(dt, i, t[0]);
}

static term_t from_app(z3conv *c, Z3_model m, Z3_ast a) {
  Z3_context z = c->ctx;
  Z3_app app = Z3_to_app(z, a);
  Z3_func_decl d = Z3_get_app_decl(z, app);
  Z3_decl_kind k = Z3_get_decl_kind(z, d);
  unsigned n = Z3_get_app_num_args(z, app);
  if (k == Z3_OP_AS_ARRAY) return m ? from_func_interp(c, m, a) : tfail(c, "as-array outside a model");
  if (k == Z3_OP_UNINTERPRETED) {
    uintptr_t v;
    unsigned id = Z3_get_ast_id(z, Z3_func_decl_to_ast(z, d));
    if (!idmap_get(&c->declback, id, &v)) {
      Z3_sort s = Z3_get_sort(z, a);
      if (n == 0 && Z3_get_sort_kind(z, s) == Z3_UNINTERPRETED_SORT) {
        /* A model element such as T!val!0: a constant of that sort. */
        type_t ty = z3conv_type_of(c, s);
        const char *name = Z3_get_symbol_string(z, Z3_get_decl_name(z, d));
        return ty == NULL_TYPE ? NULL_TERM : term_var(name, ty);
      }
      return tfail(c, "unknown Z3 symbol");
    }
    term_t var = (term_t)(uint32_t)v;
    if (n == 0) return var;
  }
  term_t stackbuf[8];
  term_t *t = n <= 8 ? stackbuf : malloc(n * sizeof *t);
  if (!t) return tfail(c, "out of memory");
  term_t r = NULL_TERM;
  for (unsigned i = 0; i < n; i++)
    if ((t[i] = from_z3_rec(c, m, Z3_get_app_arg(z, app, i))) == NULL_TERM) goto out;
  switch (k) {
  case Z3_OP_TRUE: r = term_true(); break;
  case Z3_OP_FALSE: r = term_false(); break;
  case Z3_OP_EQ: case Z3_OP_IFF: case Z3_OP_OEQ:
    r = n == 2 ? term_eq(t[0], t[1]) : term_make(OP_EQ, n, t, 0, NULL);
    break;
  case Z3_OP_DISTINCT: r = term_distinct(n, t); break;
  case Z3_OP_ITE: r = term_ite(t[0], t[1], t[2]); break;
  case Z3_OP_AND: r = term_and(n, t); break;
  case Z3_OP_OR: r = term_or(n, t); break;
  case Z3_OP_XOR:
    r = t[0];
    for (unsigned i = 1; i < n && r != NULL_TERM; i++) r = term_xor(r, t[i]);
    break;
  case Z3_OP_NOT: r = term_not(t[0]); break;
  case Z3_OP_IMPLIES: r = term_implies(t[0], t[1]); break;
  case Z3_OP_LE: r = term_le(t[0], t[1]); break;
  case Z3_OP_GE: r = term_ge(t[0], t[1]); break;
  case Z3_OP_LT: r = term_lt(t[0], t[1]); break;
  case Z3_OP_GT: r = term_gt(t[0], t[1]); break;
  case Z3_OP_ADD: r = term_add(n, t); break;
  case Z3_OP_MUL: r = term_mul(n, t); break;
  case Z3_OP_SUB:
    r = t[0];
    for (unsigned i = 1; i < n && r != NULL_TERM; i++) r = term_sub(r, t[i]);
    break;
  case Z3_OP_UMINUS: r = term_neg(t[0]); break;
  case Z3_OP_DIV: r = term_div(t[0], t[1]); break;
  case Z3_OP_IDIV: r = term_idiv(t[0], t[1]); break;
  case Z3_OP_MOD: r = term_mod(t[0], t[1]); break;
  case Z3_OP_REM: {   /* Z3: rem(x, y) = if y >= 0 then mod(x, y) else -mod(x, y) */
    term_t md = term_mod(t[0], t[1]);
    r = term_ite(term_ge(t[1], term_int(0)), md, term_neg(md));
    break;
  }
  case Z3_OP_TO_REAL: r = term_to_real(t[0]); break;
  case Z3_OP_TO_INT: r = term_to_int(t[0]); break;
  case Z3_OP_IS_INT: r = term_is_int(t[0]); break;
  case Z3_OP_STORE: if (n == 3) r = term_store(t[0], t[1], t[2]); break;
  case Z3_OP_SELECT: if (n == 2) r = term_select(t[0], t[1]); break;
  case Z3_OP_CONST_ARRAY: {
    type_t ty = z3conv_type_of(c, Z3_get_sort(z, a));
    if (ty != NULL_TYPE) r = term_const_array(ty, t[0]);
    break;
  }
  case Z3_OP_BNEG: r = term_bvop(OP_BVNEG, n, t); break;
  case Z3_OP_BNOT: r = term_bvop(OP_BVNOT, n, t); break;
  case Z3_OP_BADD: r = term_bvop(OP_BVADD, n, t); break;
  case Z3_OP_BSUB: r = term_bvop(OP_BVSUB, n, t); break;
  case Z3_OP_BMUL: r = term_bvop(OP_BVMUL, n, t); break;
  case Z3_OP_BSDIV: case Z3_OP_BSDIV_I: r = term_bvop(OP_BVSDIV, n, t); break;
  case Z3_OP_BUDIV: case Z3_OP_BUDIV_I: r = term_bvop(OP_BVUDIV, n, t); break;
  case Z3_OP_BSREM: case Z3_OP_BSREM_I: r = term_bvop(OP_BVSREM, n, t); break;
  case Z3_OP_BUREM: case Z3_OP_BUREM_I: r = term_bvop(OP_BVUREM, n, t); break;
  case Z3_OP_BSMOD: case Z3_OP_BSMOD_I: r = term_bvop(OP_BVSMOD, n, t); break;
  case Z3_OP_ULEQ: r = term_bvop(OP_BVULE, n, t); break;
  case Z3_OP_SLEQ: r = term_bvop(OP_BVSLE, n, t); break;
  case Z3_OP_UGEQ: r = term_bvop(OP_BVUGE, n, t); break;
  case Z3_OP_SGEQ: r = term_bvop(OP_BVSGE, n, t); break;
  case Z3_OP_ULT: r = term_bvop(OP_BVULT, n, t); break;
  case Z3_OP_SLT: r = term_bvop(OP_BVSLT, n, t); break;
  case Z3_OP_UGT: r = term_bvop(OP_BVUGT, n, t); break;
  case Z3_OP_SGT: r = term_bvop(OP_BVSGT, n, t); break;
  case Z3_OP_BAND: r = term_bvop(OP_BVAND, n, t); break;
  case Z3_OP_BOR: r = term_bvop(OP_BVOR, n, t); break;
  case Z3_OP_BXOR: r = term_bvop(OP_BVXOR, n, t); break;
  case Z3_OP_BNAND: r = term_bvop(OP_BVNAND, n, t); break;
  case Z3_OP_BNOR: r = term_bvop(OP_BVNOR, n, t); break;
  case Z3_OP_BXNOR: r = term_bvop(OP_BVXNOR, n, t); break;
  case Z3_OP_CONCAT: r = term_bvop(OP_CONCAT, n, t); break;
  case Z3_OP_BSHL: r = term_bvop(OP_BVSHL, n, t); break;
  case Z3_OP_BLSHR: r = term_bvop(OP_BVLSHR, n, t); break;
  case Z3_OP_BASHR: r = term_bvop(OP_BVASHR, n, t); break;
  case Z3_OP_BCOMP: r = term_ite(term_eq(t[0], t[1]), bv1(true), bv1(false)); break;
  case Z3_OP_SIGN_EXT: r = term_bv_extend(OP_SIGN_EXTEND, (uint32_t)Z3_get_decl_int_parameter(z, d, 0), t[0]); break;
  case Z3_OP_ZERO_EXT: r = term_bv_extend(OP_ZERO_EXTEND, (uint32_t)Z3_get_decl_int_parameter(z, d, 0), t[0]); break;
  case Z3_OP_EXTRACT:
    r = term_extract((uint32_t)Z3_get_decl_int_parameter(z, d, 0), (uint32_t)Z3_get_decl_int_parameter(z, d, 1), t[0]);
    break;
  case Z3_OP_REPEAT: r = term_bv_repeat((uint32_t)Z3_get_decl_int_parameter(z, d, 0), t[0]); break;
  case Z3_OP_ROTATE_LEFT: r = term_bv_rotate(OP_ROTATE_LEFT, (uint32_t)Z3_get_decl_int_parameter(z, d, 0), t[0]); break;
  case Z3_OP_ROTATE_RIGHT: r = term_bv_rotate(OP_ROTATE_RIGHT, (uint32_t)Z3_get_decl_int_parameter(z, d, 0), t[0]); break;
  case Z3_OP_BREDOR: case Z3_OP_BREDAND: {
    uint32_t w = type_bv_width(term_type(t[0]));
    mpz_t v;
    mpz_init(v);
    if (k == Z3_OP_BREDAND) { mpz_setbit(v, w); mpz_sub_ui(v, v, 1); }
    term_t lit = term_bv_mpz(w, v);
    mpz_clear(v);
    term_t eq = term_eq(t[0], lit);
    r = k == Z3_OP_BREDOR ? term_ite(eq, bv1(false), bv1(true)) : term_ite(eq, bv1(true), bv1(false));
    break;
  }
  case Z3_OP_BIT2BOOL: {
    uint32_t i = (uint32_t)Z3_get_decl_int_parameter(z, d, 0);
    r = term_eq(term_extract(i, i, t[0]), bv1(true));
    break;
  }
  case Z3_OP_INT2BV: r = term_nat2bv((uint32_t)Z3_get_decl_int_parameter(z, d, 0), t[0]); break;
  case Z3_OP_BV2INT: r = term_bv2nat(t[0]); break;
  case Z3_OP_DT_CONSTRUCTOR: case Z3_OP_DT_RECOGNISER: case Z3_OP_DT_IS: case Z3_OP_DT_ACCESSOR:
    r = dt_back(c, a, d, k, n, t);
    break;
  case Z3_OP_UNINTERPRETED: {
    uintptr_t v;
    idmap_get(&c->declback, Z3_get_ast_id(z, Z3_func_decl_to_ast(z, d)), &v);
    r = term_apply((term_t)(uint32_t)v, n, t);
    break;
  }
  default:
    c->err = "Z3 operator not supported by the translation back";
    goto out;
  }
  if (r == NULL_TERM) c->err = term_last_error();
out:
  if (t != stackbuf) free(t);
  return r;
}

static term_t from_z3_rec(z3conv *c, Z3_model m, Z3_ast a) {
  Z3_context z = c->ctx;
  unsigned id = Z3_get_ast_id(z, a);
  uintptr_t v;
  /* Results of model evaluation (m != NULL) may depend on the model
   * (as-array), so only model-free translations are cached. */
  if (!m && idmap_get(&c->back, id, &v)) return (term_t)(uint32_t)v;
  term_t r;
  switch (Z3_get_ast_kind(z, a)) {
  case Z3_NUMERAL_AST: r = numeral(c, a); break;
  case Z3_APP_AST:
    if (Z3_is_algebraic_number(z, a)) return tfail(c, "algebraic number");
    r = from_app(c, m, a);
    break;
  case Z3_QUANTIFIER_AST: r = from_quantifier(c, m, a); break;
  case Z3_VAR_AST: return tfail(c, "free Z3 bound variable");
  default: return tfail(c, "unsupported Z3 ast");
  }
  if (r != NULL_TERM && !m) {
    if (!keep(c, a) || !idmap_put(&c->back, id, (uintptr_t)(uint32_t)r)) return tfail(c, "out of memory");
  }
  return r;
}

term_t z3conv_from_z3(z3conv *c, Z3_ast a) { return from_z3_rec(c, NULL, a); }

/* Marks used[i] for each de Bruijn variable i < n that a has free (under
 * depth binders); seen: per AST id, the depths (below 32) visited. */
static void mark_free_vars(Z3_context z, Z3_ast a, unsigned depth, unsigned n, bool *used, idmap *seen) {
  unsigned id = Z3_get_ast_id(z, a);
  uintptr_t depths = 0;
  if (depth < 32) {
    idmap_get(seen, id, &depths);
    if (depths & (1u << depth)) return;
    idmap_put(seen, id, depths | (1u << depth));
  }
  switch (Z3_get_ast_kind(z, a)) {
  case Z3_VAR_AST: {
    unsigned k = Z3_get_index_value(z, a);
    if (k >= depth && k - depth < n) used[k - depth] = true;
    break;
  }
  case Z3_APP_AST: {
    Z3_app app = Z3_to_app(z, a);
    for (unsigned i = 0, na = Z3_get_app_num_args(z, app); i < na; i++)
      mark_free_vars(z, Z3_get_app_arg(z, app, i), depth, n, used, seen);
    break;
  }
  case Z3_QUANTIFIER_AST:
    mark_free_vars(z, Z3_get_quantifier_body(z, a), depth + Z3_get_quantifier_num_bound(z, a), n, used, seen);
    break;
  default: break;
  }
}

term_t z3conv_from_z3_over(z3conv *c, Z3_ast body, uint32_t n, const term_t *params) {
  Z3_context z = c->ctx;
  Z3_ast *to = calloc(n + 1, sizeof *to);
  bool *used = calloc(n + 1, sizeof *used);
  idmap seen;
  idmap_init(&seen);
  bool ok = to && used;
  if (ok) mark_free_vars(z, body, 0, n, used, &seen);
  idmap_free(&seen);
  for (uint32_t a = 0; a < n && ok; a++) {
    if (used[a]) {
      ok = (to[a] = z3conv_to_z3(c, params[a])) != NULL;
      continue;
    }
    Z3_sort srt = z3conv_sort(c, term_type(params[a]));   /* a placeholder: the variable itself */
    ok = srt && (to[a] = Z3_mk_bound(z, a, srt)) != NULL;
    if (ok) Z3_inc_ref(z, to[a]);
  }
  Z3_ast inst = ok ? Z3_substitute_vars(z, body, n, to) : NULL;
  if (inst) Z3_inc_ref(z, inst);
  for (uint32_t a = 0; a < n && to && used; a++)
    if (!used[a] && to[a]) Z3_dec_ref(z, to[a]);
  free(used);
  free(to);
  if (!inst) return NULL_TERM;
  term_t r = from_z3_rec(c, NULL, inst);
  Z3_dec_ref(z, inst);
  return r;
}

uint32_t z3conv_num_decls(const z3conv *c) { return c->decls.size; }

static term_t from_func_interp(z3conv *c, Z3_model m, Z3_ast a) {
  Z3_context z = c->ctx;
  Z3_func_decl d = Z3_get_as_array_func_decl(z, a);
  type_t aty = z3conv_type_of(c, Z3_get_sort(z, a));
  if (aty == NULL_TYPE || !d) return NULL_TERM;
  if (Z3_get_domain_size(z, d) != 1) return tfail(c, "multi-index array value");
  Z3_func_interp fi = Z3_model_get_func_interp(z, m, d);
  if (!fi) return tfail(c, "no interpretation for as-array");
  Z3_func_interp_inc_ref(z, fi);
  term_t r = NULL_TERM;
  Z3_ast els = Z3_func_interp_get_else(z, fi);
  if (!els) { tfail(c, "as-array without default"); goto out; }
  Z3_inc_ref(z, els);
  term_t ev = from_z3_rec(c, m, els);
  Z3_dec_ref(z, els);
  if (ev == NULL_TERM || !term_is_const(ev)) { tfail(c, "array default is not a value"); goto out; }
  r = term_const_array(aty, ev);
  unsigned ne = Z3_func_interp_get_num_entries(z, fi);
  for (unsigned i = 0; i < ne && r != NULL_TERM; i++) {
    Z3_func_entry e = Z3_func_interp_get_entry(z, fi, i);
    Z3_func_entry_inc_ref(z, e);
    Z3_ast idx = Z3_func_entry_get_arg(z, e, 0);
    Z3_inc_ref(z, idx);
    Z3_ast val = Z3_func_entry_get_value(z, e);
    Z3_inc_ref(z, val);
    term_t ti = from_z3_rec(c, m, idx), tv = ti == NULL_TERM ? NULL_TERM : from_z3_rec(c, m, val);
    Z3_dec_ref(z, idx); Z3_dec_ref(z, val);
    Z3_func_entry_dec_ref(z, e);
    r = tv == NULL_TERM ? NULL_TERM : term_store(r, ti, tv);
  }
out:
  Z3_func_interp_dec_ref(z, fi);
  return r;
}

term_t z3conv_value(z3conv *c, Z3_model m, Z3_ast v) { return from_z3_rec(c, m, v); }

term_t z3conv_model_value(z3conv *c, Z3_model m, term_t t) {
  if (t == NULL_TERM) return NULL_TERM;
  if (term_op_of(t) == OP_VAR && type_kind_of(term_type(t)) == TYPE_FUN)
    return tfail(c, "values of function symbols are not supported");
  Z3_ast a = z3conv_to_z3(c, t);
  if (!a) return NULL_TERM;
  Z3_ast out = NULL;
  if (!Z3_model_eval(c->ctx, m, a, true, &out) || !out) return tfail(c, "model evaluation failed");
  Z3_inc_ref(c->ctx, out);
  term_t r = from_z3_rec(c, m, out);
  Z3_dec_ref(c->ctx, out);
  if (r != NULL_TERM && !term_is_const(r) && type_kind_of(term_type(r)) != TYPE_ARRAY &&
      type_kind_of(term_type(r)) != TYPE_SORT && !(type_kind_of(term_type(r)) == TYPE_DATATYPE && term_is_value(r)))
    return tfail(c, "model value is not a literal");
  return r;
}

Z3_params z3conv_mk_params(Z3_context z) {
  Z3_params p = Z3_mk_params(z);
  Z3_params_inc_ref(z, p);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "ctrl_c"), false);
  return p;
}

Z3_solver z3conv_mk_solver(Z3_context z, bool minimize_cores) {
  Z3_solver s = Z3_mk_simple_solver(z);
  if (!s) return NULL;
  Z3_solver_inc_ref(z, s);
  Z3_params p = z3conv_mk_params(z);
  if (minimize_cores) Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "core.minimize"), true);
  Z3_solver_set_params(z, s, p);
  Z3_params_dec_ref(z, p);
  return s;
}

bool z3conv_add_rule(Z3_context z, Z3_fixedpoint fp, uint32_t nvars, Z3_app *vars, Z3_ast imp,
                     const char *name) {
  Z3_ast rule = nvars ? Z3_mk_forall_const(z, 0, nvars, vars, 0, NULL, imp) : imp;
  Z3_inc_ref(z, rule);
  Z3_fixedpoint_add_rule(z, fp, rule, Z3_mk_string_symbol(z, name));
  Z3_dec_ref(z, rule);
  return !z3conv_failed(z, NULL);
}
