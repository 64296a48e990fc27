/* The hash-consed node table, symbols, literals and accessors. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_internal.h"

term_node *term_nodes_;
int32_t *term_pool_;
size_t term_nnodes_;
static size_t capnodes, npool, cappool;
/* Open addressing; each slot keeps the node's hash so that probes past
 * non-matching nodes do not touch the node array (a cache miss each). */
typedef struct { uint32_t node, hash; } bucket;
static bucket *buckets;     /* node == UINT32_MAX: empty */
static size_t nbuckets;
static mpq_t *rats;         /* payloads of OP_RAT */
static size_t nrats, caprats;
static mpz_t *bvs;          /* payloads of OP_BV */
static size_t nbvs, capbvs;
static char error_msg[512];
static unsigned long fresh_counter;   /* term_fresh_var's suffixes */

/* ---- symbols: interned names ---- */
static char **sym_names;
static size_t nsyms, capsyms;
static uint32_t *sym_hashes;  /* by symbol id */
static size_t capsym_hashes;
static uint32_t *sym_buckets;
static size_t nsym_buckets;

static uint32_t hash_str(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
  return h;
}

static void sym_rehash(void) {
  free(sym_buckets);
  nsym_buckets = nsym_buckets ? nsym_buckets * 2 : 1024;
  sym_buckets = xmalloc(nsym_buckets * sizeof *sym_buckets);
  memset(sym_buckets, 0xff, nsym_buckets * sizeof *sym_buckets);
  for (size_t i = 0; i < nsyms; i++) {
    size_t j = sym_hashes[i] & (nsym_buckets - 1);
    while (sym_buckets[j] != UINT32_MAX) j = (j + 1) & (nsym_buckets - 1);
    sym_buckets[j] = (uint32_t)i;
  }
}

static uint32_t *sym_slot(const char *name, uint32_t h) {
  size_t j = h & (nsym_buckets - 1);
  while (sym_buckets[j] != UINT32_MAX &&
         (sym_hashes[sym_buckets[j]] != h || strcmp(sym_names[sym_buckets[j]], name) != 0))
    j = (j + 1) & (nsym_buckets - 1);
  return &sym_buckets[j];
}

uint32_t symbol_intern(const char *name) {
  if ((nsyms + 1) * 2 > nsym_buckets) sym_rehash();
  uint32_t h = hash_str(name);
  uint32_t *slot = sym_slot(name, h);
  if (*slot != UINT32_MAX) return *slot;
  XGROW(sym_names, capsyms, nsyms + 1);
  XGROW(sym_hashes, capsym_hashes, nsyms + 1);
  sym_hashes[nsyms] = h;
  sym_names[nsyms] = xstrdup(name);
  *slot = (uint32_t)nsyms;
  return (uint32_t)nsyms++;
}

bool symbol_exists(const char *name) {
  return nsym_buckets && *sym_slot(name, hash_str(name)) != UINT32_MAX;
}
const char *symbol_name(uint32_t id) { return sym_names[id]; }

void symbols_reset(void) {
  for (size_t i = 0; i < nsyms; i++) free(sym_names[i]);
  free(sym_names); free(sym_buckets); free(sym_hashes);
  sym_names = NULL; sym_buckets = NULL; sym_hashes = NULL;
  nsyms = capsyms = nsym_buckets = capsym_hashes = 0;
}

/* ---- errors ---- */
const char *term_last_error(void) { return error_msg; }

term_t term_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(error_msg, sizeof error_msg, fmt, ap);
  va_end(ap);
  return NULL_TERM;
}

/* ---- node table ---- */
static uint32_t hash_node(term_op op, type_t ty, uint32_t n, const int32_t *data) {
  uint32_t h = 0x9e3779b9u * (op + 1) ^ (uint32_t)ty * 0x85ebca6bu;
  for (uint32_t i = 0; i < n; i++) h = (h ^ (uint32_t)data[i]) * 0x01000193u + (h >> 15);
  return h ^ (h >> 16);
}

static bool payload_equal(const term_node *nd, term_op op, uint32_t n, const int32_t *data,
                          const void *value) {
  if (op == OP_RAT) return mpq_equal(rats[term_pool_[nd->first]], *(const mpq_t *)value);
  if (op == OP_BV) return mpz_cmp(bvs[term_pool_[nd->first]], *(const mpz_t *)value) == 0;
  /* inline, not memcmp's call: most nodes have a few arguments */
  const int32_t *a = term_pool_ + nd->first;
  for (uint32_t i = 0; i < n; i++)
    if (a[i] != data[i]) return false;
  return true;
}

static void table_rehash(void) {
  free(buckets);
  nbuckets = nbuckets ? nbuckets * 2 : 4096;
  buckets = xmalloc(nbuckets * sizeof *buckets);
  memset(buckets, 0xff, nbuckets * sizeof *buckets);
  for (size_t i = 0; i < term_nnodes_; i++) {
    size_t j = term_nodes_[i].hash & (nbuckets - 1);
    while (buckets[j].node != UINT32_MAX) j = (j + 1) & (nbuckets - 1);
    buckets[j] = (bucket){(uint32_t)i, term_nodes_[i].hash};
  }
}

/* Finds or adds the node (op, ty, data[0..n)) with nparams of the n data
 * entries being parameters; for literals value points to the mpq/mpz and
 * data holds a hash of it. */
static term_t intern_raw(term_op op, type_t ty, uint32_t nargs, uint32_t nparams,
                         const int32_t *data, uint32_t ndata, const void *value, uint32_t vhash) {
  if ((term_nnodes_ + 1) * 2 > nbuckets) table_rehash();
  uint32_t h = value ? hash_node(op, ty, 1, (int32_t *)&vhash) : hash_node(op, ty, ndata, data);
  size_t j = h & (nbuckets - 1);
  for (; buckets[j].node != UINT32_MAX; j = (j + 1) & (nbuckets - 1)) {
    if (buckets[j].hash != h) continue;
    term_node *nd = &term_nodes_[buckets[j].node];
    if (nd->op == op && nd->type == ty && nd->nargs == nargs && nd->nparams == nparams &&
        payload_equal(nd, op, ndata, data, value))
      return (term_t)(buckets[j].node << 1);
  }
  if (term_nnodes_ >= (1u << 30)) { error_msg[0] = 0; return term_error("term table full"); }
  XGROW(term_nodes_, capnodes, term_nnodes_ + 1);
  XGROW(term_pool_, cappool, npool + (ndata ? ndata : 1));
  uint32_t first = (uint32_t)npool;
  if (op == OP_RAT) {
    XGROW(rats, caprats, nrats + 1);
    mpq_init(rats[nrats]);
    mpq_set(rats[nrats], *(const mpq_t *)value);
    term_pool_[npool++] = (int32_t)nrats++;
  } else if (op == OP_BV) {
    XGROW(bvs, capbvs, nbvs + 1);
    mpz_init_set(bvs[nbvs], *(const mpz_t *)value);
    term_pool_[npool++] = (int32_t)nbvs++;
  } else {
    if (ndata) memcpy(term_pool_ + npool, data, ndata * sizeof *data);
    npool += ndata;
  }
  term_nodes_[term_nnodes_] = (term_node){(uint8_t)op, (uint8_t)nparams, nargs, ty, first, h};
  buckets[j] = (bucket){(uint32_t)term_nnodes_, h};
  return (term_t)(term_nnodes_++ << 1);
}

term_t term_intern(term_op op, type_t ty, uint32_t nargs, const term_t *args, uint32_t nparams,
                   const uint32_t *params) {
  int32_t small[8] = {0}, *data = small;
  uint32_t n = nargs + nparams;
  if (n > 8) data = xmalloc(n * sizeof *data);
  if (nargs) memcpy(data, args, nargs * sizeof *data);
  if (nparams) memcpy(data + nargs, params, nparams * sizeof *data);
  term_t t = intern_raw(op, ty, nargs, nparams, data, n, NULL, 0);
  if (data != small) free(data);
  return t;
}

void terms_reset(void) {
  for (size_t i = 0; i < nrats; i++) mpq_clear(rats[i]);
  for (size_t i = 0; i < nbvs; i++) mpz_clear(bvs[i]);
  free(term_nodes_); free(term_pool_); free(buckets); free(rats); free(bvs);
  term_nodes_ = NULL; term_pool_ = NULL; buckets = NULL; rats = NULL; bvs = NULL;
  term_nnodes_ = capnodes = npool = cappool = nbuckets = nrats = caprats = nbvs = capbvs = 0;
  types_reset();
  symbols_reset();
}

size_t terms_count(void) { return term_nnodes_; }

terms_mark terms_mark_now(void) { return (terms_mark){term_nnodes_, npool, nrats, nbvs, nsyms, fresh_counter}; }

/* The table's extent cut back to m (its terms' payloads freed, or not
 * when a stash has taken them). Hash slots are rebuilt from the nodes that
 * stay (open addressing has no simple delete); the table keeps its size. */
static void cut_to(terms_mark m, bool free_payloads) {
  if (m.nodes >= term_nnodes_ && m.syms >= nsyms) return;
  if (free_payloads) {
    for (size_t i = m.rats; i < nrats; i++) mpq_clear(rats[i]);
    for (size_t i = m.bvs; i < nbvs; i++) mpz_clear(bvs[i]);
    for (size_t i = m.syms; i < nsyms; i++) free(sym_names[i]);
  }
  term_nnodes_ = m.nodes; npool = m.pool; nrats = m.rats; nbvs = m.bvs; nsyms = m.syms;
  nbuckets /= 2;
  table_rehash();
  nsym_buckets /= 2;
  sym_rehash();
}

void terms_rollback(terms_mark m) {
  fresh_counter = m.fresh;
  cut_to(m, true);
}

struct terms_stash {
  terms_mark from, to;   /* the extent it was taken back to, and had */
  term_node *nodes;
  int32_t *pool;
  mpq_t *rats;           /* owned: moved out of the table */
  mpz_t *bvs;
  char **syms;
  uint32_t *sym_hashes;
};

/* Copies n entries of size sz from base[from..] into a fresh block. */
static void *copy_out(const void *base, size_t from, size_t n, size_t sz) {
  void *p = xmalloc(n * sz + 1);
  if (n) memcpy(p, (const char *)base + from * sz, n * sz);
  return p;
}

/* Copies n entries of size sz to base[at..] (base may be NULL when n is 0:
 * a table never grown, e.g. no bit-vector literal yet). */
static void copy_in(void *base, size_t at, const void *src, size_t n, size_t sz) {
  if (n) memcpy((char *)base + at * sz, src, n * sz);
}

terms_stash *terms_take(terms_mark m) {
  terms_stash *st = xcalloc(1, sizeof *st);
  st->from = m;
  st->to = terms_mark_now();
  st->nodes = copy_out(term_nodes_, m.nodes, term_nnodes_ - m.nodes, sizeof *term_nodes_);
  st->pool = copy_out(term_pool_, m.pool, npool - m.pool, sizeof *term_pool_);
  st->rats = copy_out(rats, m.rats, nrats - m.rats, sizeof *rats);
  st->bvs = copy_out(bvs, m.bvs, nbvs - m.bvs, sizeof *bvs);
  st->syms = copy_out(sym_names, m.syms, nsyms - m.syms, sizeof *sym_names);
  st->sym_hashes = copy_out(sym_hashes, m.syms, nsyms - m.syms, sizeof *sym_hashes);
  fresh_counter = m.fresh;
  cut_to(m, false);
  return st;
}

/* Grows the hash tables until n entries fit at half load, then rebuilds
 * them (as intern_raw / symbol_intern would have grown them). */
static void rehash_for(void) {
  while ((term_nnodes_ + 1) * 2 > nbuckets) nbuckets = nbuckets ? nbuckets * 2 : 4096;
  nbuckets /= 2;
  table_rehash();
  while ((nsyms + 1) * 2 > nsym_buckets) nsym_buckets = nsym_buckets ? nsym_buckets * 2 : 1024;
  nsym_buckets /= 2;
  sym_rehash();
}

void terms_put_back(terms_stash *st) {
  terms_rollback(st->from);   /* whatever was made since the take */
  size_t nn = st->to.nodes - st->from.nodes, np = st->to.pool - st->from.pool, nr = st->to.rats - st->from.rats,
         nb = st->to.bvs - st->from.bvs, ns = st->to.syms - st->from.syms;
  XGROW(term_nodes_, capnodes, st->to.nodes);
  XGROW(term_pool_, cappool, st->to.pool);
  XGROW(rats, caprats, st->to.rats);
  XGROW(bvs, capbvs, st->to.bvs);
  XGROW(sym_names, capsyms, st->to.syms);
  XGROW(sym_hashes, capsym_hashes, st->to.syms);
  copy_in(term_nodes_, term_nnodes_, st->nodes, nn, sizeof *term_nodes_);
  copy_in(term_pool_, npool, st->pool, np, sizeof *term_pool_);
  copy_in(rats, nrats, st->rats, nr, sizeof *rats);
  copy_in(bvs, nbvs, st->bvs, nb, sizeof *bvs);
  copy_in(sym_names, nsyms, st->syms, ns, sizeof *sym_names);
  copy_in(sym_hashes, nsyms, st->sym_hashes, ns, sizeof *sym_hashes);
  term_nnodes_ = st->to.nodes; npool = st->to.pool; nrats = st->to.rats; nbvs = st->to.bvs; nsyms = st->to.syms;
  fresh_counter = st->to.fresh;
  rehash_for();
  st->to = st->from;   /* its payloads are the table's again */
  terms_stash_free(st);
}

void terms_stash_free(terms_stash *st) {
  if (!st) return;
  for (size_t i = 0; i < st->to.rats - st->from.rats; i++) mpq_clear(st->rats[i]);
  for (size_t i = 0; i < st->to.bvs - st->from.bvs; i++) mpz_clear(st->bvs[i]);
  for (size_t i = 0; i < st->to.syms - st->from.syms; i++) free(st->syms[i]);
  free(st->nodes); free(st->pool); free(st->rats); free(st->bvs); free(st->syms); free(st->sym_hashes);
  free(st);
}

size_t terms_memory(void) {
  return capnodes * sizeof(term_node) + cappool * sizeof(int32_t) + nbuckets * sizeof(bucket) +
         caprats * sizeof(mpq_t) + capbvs * sizeof(mpz_t);
}

/* ---- leaves ---- */
term_t term_true_first(void) {
  if (term_nnodes_ == 0) intern_raw(OP_TRUE, type_bool(), 0, 0, NULL, 0, NULL, 0);
  return 0;
}
term_t term_bool(bool b) { return b ? term_true() : term_false(); }

static uint32_t hash_mpz(const mpz_t z) {
  uint32_t h = (uint32_t)mpz_size(z) * 31u + (uint32_t)(mpz_sgn(z) + 1);
  for (size_t i = 0; i < mpz_size(z); i++) h = h * 0x01000193u ^ (uint32_t)mpz_getlimbn(z, i);
  return h;
}

term_t term_rat(type_t ty, const mpq_t v) {
  term_true();
  if (type_kind_of(ty) == TYPE_INT && mpz_cmp_ui(mpq_denref(v), 1) != 0)
    return term_error("non-integral literal of sort Int");
  uint32_t h = hash_mpz(mpq_numref(v)) * 7u ^ hash_mpz(mpq_denref(v));
  return intern_raw(OP_RAT, ty, 0, 0, NULL, 0, v, h);
}

term_t term_int_mpz(const mpz_t v) {
  mpq_t q;
  mpq_init(q);
  mpq_set_z(q, v);
  term_t t = term_rat(type_int(), q);
  mpq_clear(q);
  return t;
}

term_t term_real_mpq(const mpq_t v) { return term_rat(type_real(), v); }

term_t term_int(long v) {
  mpz_t z;
  mpz_init_set_si(z, v);
  term_t t = term_int_mpz(z);
  mpz_clear(z);
  return t;
}

term_t term_int_str(const char *s) {
  mpz_t z;
  if (mpz_init_set_str(z, s, 10) != 0) { mpz_clear(z); return term_error("malformed integer '%s'", s); }
  term_t t = term_int_mpz(z);
  mpz_clear(z);
  return t;
}

term_t term_bv_mpz(uint32_t width, const mpz_t v) {
  term_true();
  if (width == 0) return term_error("bit-vector of width 0");
  mpz_t r;
  mpz_init(r);
  mpz_fdiv_r_2exp(r, v, width);
  term_t t = intern_raw(OP_BV, type_bv(width), 0, 0, NULL, 0, r, hash_mpz(r));
  mpz_clear(r);
  return t;
}

term_t term_bv_u64(uint32_t width, uint64_t v) {
  mpz_t z;
  mpz_init(z);
  mpz_import(z, 1, 1, sizeof v, 0, 0, &v);
  term_t t = term_bv_mpz(width, z);
  mpz_clear(z);
  return t;
}

static term_t var_node(uint32_t sym, int32_t index, type_t ty) {
  term_true();
  int32_t data[2] = {(int32_t)sym, index};
  return intern_raw(OP_VAR, ty, 0, 0, data, 2, NULL, 0);
}

term_t term_var(const char *name, type_t ty) { return var_node(symbol_intern(name), 0, ty); }

term_t term_fresh_var(const char *prefix, type_t ty) {
  char buf[256];
  do snprintf(buf, sizeof buf, "%.200s!%lu", prefix, fresh_counter++);
  while (symbol_exists(buf));
  return term_var(buf, ty);
}

term_t term_var_at(term_t v, int32_t index) {
  term_node *nd = term_node_of(v);
  return var_node((uint32_t)term_pool_[nd->first], index, nd->type);
}

/* ---- accessors ---- */
uint32_t term_param(term_t t, uint32_t i) {
  term_node *nd = term_node_of(t);
  return (uint32_t)term_pool_[nd->first + nd->nargs + i];
}
bool term_is_const(term_t t) {
  term_op op = term_op_of(t);
  return op == OP_TRUE || op == OP_RAT || op == OP_BV;
}
const mpq_t *term_rat_ref(term_t t) { return (const mpq_t *)&rats[term_pool_[term_node_of(t)->first]]; }
const mpz_t *term_bv_ref(term_t t) { return (const mpz_t *)&bvs[term_pool_[term_node_of(t)->first]]; }
void term_rat_value(term_t t, mpq_t out) { mpq_set(out, *term_rat_ref(t)); }
void term_bv_value(term_t t, mpz_t out) { mpz_set(out, *term_bv_ref(t)); }
bool term_rat_is_int(term_t t) { return mpz_cmp_ui(mpq_denref(*term_rat_ref(t)), 1) == 0; }
const char *term_var_name(term_t t) { return symbol_name((uint32_t)term_pool_[term_node_of(t)->first]); }

bool term_is_atom(term_t t) {
  if (!term_is_bool(t)) return false;
  switch (term_op_of(t)) {
  case OP_TRUE: case OP_AND: case OP_OR: case OP_XOR: case OP_ITE: return false;
  case OP_EQ: return !term_is_bool(term_arg(t, 0));
  default: return true;
  }
}

bool term_is_value(term_t t) {
  switch (term_op_of(t)) {
  case OP_TRUE: case OP_RAT: case OP_BV: return true;
  case OP_CONST_ARRAY: return term_is_value(term_arg(t, 0));
  case OP_DT_CONS:
    for (uint32_t i = 0; i < term_nargs(t); i++)
      if (!term_is_value(term_arg(t, i))) return false;
    return true;
  case OP_STORE: return term_is_value(term_arg(t, 0)) && term_is_value(term_arg(t, 1)) &&
                        term_is_value(term_arg(t, 2));
  default: return false;
  }
}

void term_vec_grow_push(term_vec *v, term_t t) {
  size_t cap = v->cap;
  xgrow((void **)&v->data, sizeof *v->data, &cap, (size_t)v->size + 1);
  v->cap = (uint32_t)cap;
  v->data[v->size++] = t;
}
void term_vec_free(term_vec *v) { free(v->data); v->data = NULL; v->size = v->cap = 0; }
