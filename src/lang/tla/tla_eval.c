/* Evaluation of TLA+ expressions over the syntax tree, with TLC's
 * semantics: values are computed eagerly except operator arguments that
 * mention primed variables (passed by name); actions are enumerated
 * left to right, a conjunct `x' = e` or `x' \in S` with x' not yet
 * assigned assigning it (TLC's rule), and every other conjunct evaluated
 * as a condition. */
#include "lang/tla/tla_eval.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

_Noreturn void tla_fail(tla_ev *e, const tla_node *at, const char *fmt, ...) {
  char buf[900];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (at)
    snprintf(e->msg, sizeof e->msg, "%s:%u:%u: %s", at->file ? at->file : "?", at->line, at->col, buf);
  else
    snprintf(e->msg, sizeof e->msg, "%s", buf);
  longjmp(*e->jb, 1);
}

void tla_poll_slow(tla_ev *e) {
  if (e->tick_limit && e->tick >= e->tick_limit) tla_fail(e, NULL, "timeout (work budget)");
  if (e->lim && limits_expired(e->lim)) tla_fail(e, NULL, "timeout");
}

/* ---- scratch buffers: growable arrays of values, freed on the error path
 * too (they are kept in a free list and reused) ---- */
typedef struct { const tla_val **a; uint32_t n, cap; } vbuf;

static void vb_push(vbuf *b, const tla_val *v) {
  if (b->n == b->cap) {
    b->cap = b->cap ? 2 * b->cap : 16;
    b->a = xrealloc(b->a, b->cap * sizeof *b->a);
  }
  b->a[b->n++] = v;
}

/* Buffers are taken from a pool so that a longjmp out of an evaluation
 * does not leak them: tla_eval_free_scratch frees them all. */
static struct { vbuf **all; size_t n, cap, used; } pool;

static vbuf *vb_take(void) {
  if (pool.used == pool.n) {
    XGROW(pool.all, pool.cap, pool.n + 1);
    pool.all[pool.n++] = xcalloc(1, sizeof(vbuf));
  }
  vbuf *b = pool.all[pool.used++];
  b->n = 0;
  return b;
}
static void vb_give(vbuf *b) {
  (void)b;
  pool.used--;
}
/* After an error the pool's stack discipline is broken: reset it. */
static void pool_reset(void) { pool.used = 0; }

void tla_eval_free_scratch(void) {
  for (size_t i = 0; i < pool.n; i++) free(pool.all[i]->a), free(pool.all[i]);
  free(pool.all);
  memset(&pool, 0, sizeof pool);
}

/* ---- resolution of names ---- */
typedef enum { R_NONE, R_ENV, R_DEF, R_VAR, R_CONST, R_SUBST } rkind;
typedef struct {
  rkind kind;
  tla_env *en;
  tla_def *def;
  int idx;
  tla_node *subst;
  tla_ctx *ctx;
} res;

static int var_index(struct tla_model_core *mc, const char *name) {
  for (size_t i = 0; i < mc->nvars; i++)
    if (mc->vars[i] == name) return (int)i;
  return -1;
}
static int const_index(struct tla_model_core *mc, const char *name) {
  for (size_t i = 0; i < mc->nconsts; i++)
    if (mc->cnames[i] == name) return (int)i;
  return -1;
}

static bool declared(const tla_ctx *c, const char *name) {
  for (size_t i = 0; i < c->ndecls; i++)
    if (c->decls[i] == name) return true;
  return false;
}

static res resolve(tla_ev *e, const char *name, tla_ctx *c, tla_env *env) {
  res r = {0};
  for (tla_env *p = env; p; p = p->next)
    if (p->name == name) {
      r.kind = R_ENV;
      r.en = p;
      return r;
    }
  struct tla_model_core *mc = tla_core(e->m);
  for (;;) {
    tla_def *d = tla_ctx_find(c, name);
    if (d) {
      r.kind = R_DEF;
      r.def = d;
      return r;
    }
    if (!c->parent) {
      int i = var_index(mc, name);
      if (i >= 0) {
        r.kind = R_VAR;
        r.idx = i;
        return r;
      }
      i = const_index(mc, name);
      if (i >= 0) {
        r.kind = R_CONST;
        r.idx = i;
        return r;
      }
      return r;
    }
    for (size_t i = 0; i < c->nsubs; i++)
      if (c->sub_name[i] == name) {
        r.kind = R_SUBST;
        r.subst = c->sub_expr[i];
        r.ctx = c->parent;
        return r;
      }
    if (!declared(c, name)) return r;
    c = c->parent;
  }
}

/* resolve at node n (which applies name): past the environment, the
 * result is a function of (name, c) while no context, definition,
 * declaration or substitution is added (tla_ctx_generation), so it is
 * cached in n for its last context (name resolution was a tenth of
 * SlushSmall's sample: every identifier walked its contexts' tables, the
 * variables' and the constants' lists). */
static res resolve_at(tla_ev *e, tla_node *n, const char *name, tla_ctx *c, tla_env *env) {
  for (tla_env *p = env; p; p = p->next)
    if (p->name == name) return (res){.kind = R_ENV, .en = p};
  if (n->rc_gen == tla_ctx_generation && n->rc_ctx == c && n->rc_name == name) {
    rkind k = (rkind)n->rc_kind;
    return k == R_SUBST ? (res){.kind = k, .subst = n->rc_ptr2, .ctx = n->rc_ptr}
                        : (res){.kind = k, .def = n->rc_ptr, .idx = n->rc_idx};
  }
  res r = resolve(e, name, c, NULL);
  n->rc_gen = tla_ctx_generation, n->rc_ctx = c, n->rc_name = name, n->rc_kind = (uint8_t)r.kind, n->rc_idx = r.idx;
  n->rc_ptr = r.kind == R_SUBST ? (void *)r.ctx : (void *)r.def, n->rc_ptr2 = r.subst;
  return r;
}

tla_res tla_resolve(tla_ev *e, const char *name, tla_ctx *c, tla_env *env) {
  res r = resolve(e, name, c, env);
  return (tla_res){(tla_rkind)r.kind, r.en, r.def, r.idx, r.subst, r.ctx};
}

/* ---- levels: does a definition mention variables (1) or primes (2)? ---- */
static int node_level(tla_ev *e, tla_node *n, tla_ctx *c);

static int def_level(tla_ev *e, tla_def *d) {
  if (d->level >= 0 && d->level != 3) return d->level;
  if (d->level == 3) return 0;   /* recursion: the other uses decide */
  d->level = 3;
  int l = 0;
  for (uint32_t i = 0; i < d->nparams && d->kind == DEF_OP; i++)
    if (d->params[i]->kind == TK_operator_declaration) l = 2;   /* what it applies is unknown here */
  if (d->kind == DEF_INSTANCE) l = 2;
  else if (d->body && l < 2) l = node_level(e, d->body, d->ctx);
  if (d->closure) l = l > 1 ? l : 1;   /* LET definitions see their environment: never memoised */
  d->level = l;
  return l;
}

int tla_def_level(tla_ev *e, tla_def *d) { return def_level(e, d); }

static int node_level(tla_ev *e, tla_node *n, tla_ctx *c) {
  if (n->kind == TK_prime || n->kind == TK_unchanged || n->kind == TK_step_expr_or_stutter) return 2;
  int l = 0;
  if (n->kind == TK_identifier_ref || (n->kind == TK_identifier && n->field == TF_NONE)) {
    res r = resolve(e, n->text, c, NULL);
    if (r.kind == R_VAR) l = 1;
    else if (r.kind == R_DEF) l = def_level(e, r.def);
    else if (r.kind == R_CONST && tla_core(e->m)->csubst[r.idx]) l = def_level(e, tla_core(e->m)->csubst[r.idx]);
    else if (r.kind == R_SUBST) l = node_level(e, r.subst, r.ctx);
  }
  for (uint32_t i = 0; i < n->n && l < 2; i++) {
    int k = node_level(e, n->kid[i], c);
    if (k > l) l = k;
  }
  return l;
}

static bool node_primed(tla_ev *e, tla_node *n, tla_ctx *c) {
  if (n->kind == TK_prime || n->kind == TK_unchanged || n->kind == TK_step_expr_or_stutter) return true;
  /* ENABLED A is a state predicate: A's primes are bound by it (an
   * invariant ~ENABLED A is checked on every state, not on steps) */
  if (n->kind == TK_bound_prefix_op && tla_field_kid(n, TF_SYMBOL)->kind == TK_enabled) return false;
  if (n->kind == TK_identifier_ref || (n->kind == TK_identifier && n->field == TF_NONE)) {
    res r = resolve(e, n->text, c, NULL);
    if (r.kind == R_DEF && tla_def_primed(e, r.def)) return true;
    if (r.kind == R_CONST && tla_core(e->m)->csubst[r.idx] && tla_def_primed(e, tla_core(e->m)->csubst[r.idx]))
      return true;
    if (r.kind == R_SUBST && node_primed(e, r.subst, r.ctx)) return true;
  }
  for (uint32_t i = 0; i < n->n; i++)
    if (node_primed(e, n->kid[i], c)) return true;
  return false;
}

bool tla_def_primed(tla_ev *e, tla_def *d) {
  if (d->primed == 0) {
    d->primed = 3;
    d->primed = d->body && node_primed(e, d->body, d->ctx) ? 2 : 1;
  }
  return d->primed == 2;
}

/* Syntactic check used for arguments: primes or UNCHANGED below. */
static bool has_prime(tla_node *n) {
  if (n->level) return n->level == 2;
  bool p = n->kind == TK_prime || n->kind == TK_unchanged || n->kind == TK_step_expr_or_stutter;
  for (uint32_t i = 0; i < n->n && !p; i++) p = has_prime(n->kid[i]);
  n->level = p ? 2 : 1;
  return p;
}

/* ---- value helpers ---- */
static bool as_bool(tla_ev *e, const tla_val *v, const tla_node *at) {
  if (v->kind != TV_BOOL) {
    char *s = tv_to_string(v);
    char buf[200];
    snprintf(buf, sizeof buf, "%s", s);
    free(s);
    tla_fail(e, at, "expected a Boolean, got %s", buf);
  }
  return v->i != 0;
}

static int64_t as_int(tla_ev *e, const tla_val *v, const tla_node *at) {
  if (v->kind != TV_INT) tla_fail(e, at, "expected an integer");
  return v->i;
}

static const tla_val *as_fun(tla_ev *e, const tla_val *v, const tla_node *at) {
  if (v->kind != TV_FUN) tla_fail(e, at, "expected a function, record, tuple or sequence");
  return v;
}

static const tla_val *powerset(tla_ev *e, const tla_val *s, const tla_node *at) {
  if (s->n > 20) tla_fail(e, at, "SUBSET of a set of %u elements is too large to enumerate", s->n);
  uint32_t total = 1u << s->n;
  vbuf *out = vb_take(), *sub = vb_take();
  for (uint32_t mask = 0; mask < total; mask++) {
    tla_poll(e);
    sub->n = 0;
    for (uint32_t k = 0; k < s->n; k++)
      if (mask >> k & 1) vb_push(sub, s->e[k]);
    vb_push(out, tv_set(sub->a, sub->n));
  }
  const tla_val *r = tv_set(out->a, out->n);
  vb_give(sub);
  vb_give(out);
  return r;
}

/* Every function mapping keys[k] to an element of ranges[k] (concrete
 * sets): [S -> T] and [a : S, b : T] alike. */
static const tla_val *all_functions(tla_ev *e, const tla_val **keys, const tla_val **ranges, uint32_t n,
                                    const tla_node *at) {
  double total = 1;
  for (uint32_t k = 0; k < n; k++) total *= ranges[k]->n;
  if (total > 5e6) tla_fail(e, at, "a set of functions or records with %.0f elements is too large to enumerate", total);
  if (n > 64 && total > 0) tla_fail(e, at, "functions over more than 64 elements cannot be enumerated");
  vbuf *out = vb_take();
  if (total > 0) {
    /* on the stack: a timeout may leave by longjmp */
    uint32_t idx[64] = {0};
    const tla_val *val[64], *dom[64];
    for (;;) {
      tla_poll(e);
      for (uint32_t k = 0; k < n; k++) dom[k] = keys[k], val[k] = ranges[k]->e[idx[k]];
      vb_push(out, tv_fun(dom, val, n));
      uint32_t k = 0;
      while (k < n && ++idx[k] == ranges[k]->n) idx[k++] = 0;
      if (k == n) break;
    }
  }
  const tla_val *r = tv_set(out->a, out->n);
  vb_give(out);
  return r;
}

static const tla_val *funset(tla_ev *e, const tla_val *d, const tla_val *t, const tla_node *at) {
  const tla_val *ranges[64];
  if (d->n > 64) {
    if (t->n == 0) return tv_set(NULL, 0);
    tla_fail(e, at, "functions over more than 64 elements cannot be enumerated");
  }
  for (uint32_t k = 0; k < d->n; k++) ranges[k] = t;
  return all_functions(e, d->e, ranges, d->n, at);
}

const tla_val *tla_enumerate(tla_ev *e, const tla_val *s, const tla_node *at) {
  switch ((tla_vkind)s->kind) {
    case TV_SET: return s;
    case TV_SUBSET: return powerset(e, tla_enumerate(e, s->e[0], at), at);
    case TV_FUNSET: return funset(e, tla_enumerate(e, s->e[0], at), tla_enumerate(e, s->e[1], at), at);
    case TV_RECSET: {
      uint32_t nf = s->n / 2;
      const tla_val *keys[64], *ranges[64];
      if (nf > 64) tla_fail(e, at, "records with more than 64 fields");
      for (uint32_t k = 0; k < nf; k++) keys[k] = s->e[2 * k], ranges[k] = tla_enumerate(e, s->e[2 * k + 1], at);
      return all_functions(e, keys, ranges, nf, at);
    }
    case TV_NAT: tla_fail(e, at, "cannot enumerate the infinite set Nat");
    case TV_INTS: tla_fail(e, at, "cannot enumerate the infinite set Int");
    case TV_STRING: tla_fail(e, at, "cannot enumerate the infinite set STRING");
    case TV_SEQSET: tla_fail(e, at, "cannot enumerate the infinite set Seq(S)");
    default: tla_fail(e, at, "expected a set");
  }
}

/* The values bound in env, as a record (a lazy filter keeps them). */
static const tla_val *capture_env(tla_env *env) {
  const tla_val *dom[64], *val[64];
  uint32_t n = 0;
  for (tla_env *p = env; p && n < 64; p = p->next) {
    if (p->kind != ENV_VAL) continue;
    const tla_val *k = tv_str(p->name);
    bool seen = false;
    for (uint32_t i = 0; i < n && !seen; i++) seen = dom[i] == k;
    if (!seen) dom[n] = k, val[n++] = p->val;
  }
  return tv_fun(dom, val, n);
}

static bool member(tla_ev *e, const tla_val *x, const tla_val *s, const tla_node *at);

static bool filter_member(tla_ev *e, const tla_val *x, const tla_val *s, const tla_node *at) {
  if (!member(e, x, s->e[0], at)) return false;
  tla_node *n = (tla_node *)(uintptr_t)s->s;
  tla_ctx *c = (tla_ctx *)(intptr_t)s->i;
  const tla_val *r = s->e[1];
  tla_env cells[65];
  tla_env *env = NULL;
  for (uint32_t i = 0; i < r->n; i++) {
    cells[i] = (tla_env){.name = r->e[i]->s, .kind = ENV_VAL, .val = r->v[i], .next = env};
    env = &cells[i];
  }
  tla_node *g = tla_field_kid(n, TF_GENERATOR);
  cells[64] = (tla_env){.name = tla_field_kid(g, TF_INTRO)->text, .kind = ENV_VAL, .val = x, .next = env};
  return tla_eval_bool(e, tla_field_kid(n, TF_FILTER), c, &cells[64]);
}

static bool member(tla_ev *e, const tla_val *x, const tla_val *s, const tla_node *at) {
  switch ((tla_vkind)s->kind) {
    case TV_FILTER: return filter_member(e, x, s, at);
    case TV_DIFF: return member(e, x, s->e[0], at) && !member(e, x, s->e[1], at);
    case TV_CUP: return member(e, x, s->e[0], at) || member(e, x, s->e[1], at);
    case TV_SET: return tv_set_has(s, x);
    case TV_NAT: return x->kind == TV_INT && x->i >= 0;
    case TV_INTS: return x->kind == TV_INT;
    case TV_STRING: return x->kind == TV_STR;
    case TV_SUBSET:
      if (x->kind != TV_SET) return false;
      for (uint32_t k = 0; k < x->n; k++)
        if (!member(e, x->e[k], s->e[0], at)) return false;
      return true;
    case TV_FUNSET: {
      if (x->kind != TV_FUN) return false;
      const tla_val *d = tla_enumerate(e, s->e[0], at);
      if (d->n != x->n) return false;
      for (uint32_t k = 0; k < x->n; k++)
        if (d->e[k] != x->e[k] || !member(e, x->v[k], s->e[1], at)) return false;
      return true;
    }
    case TV_SEQSET:
      if (!tv_is_seq(x)) return false;
      for (uint32_t k = 0; k < x->n; k++)
        if (!member(e, x->v[k], s->e[0], at)) return false;
      return true;
    case TV_RECSET:
      if (x->kind != TV_FUN || x->n != s->n / 2) return false;
      for (uint32_t k = 0; k < x->n; k++)
        if (x->e[k] != s->e[2 * k] || !member(e, x->v[k], s->e[2 * k + 1], at)) return false;
      return true;
    default: tla_fail(e, at, "\\in: the right side is not a set");
  }
}

/* Sets zeta keeps lazy because they may be infinite. */
static bool infinite(const tla_val *s) {
  switch (s->kind) {
    case TV_NAT:
    case TV_INTS:
    case TV_STRING:
    case TV_SEQSET:
    case TV_FILTER:
    case TV_DIFF:
    case TV_CUP: return true;
    case TV_SUBSET: return infinite(s->e[0]);
    case TV_FUNSET: return infinite(s->e[0]) || infinite(s->e[1]);
    case TV_RECSET:
      for (uint32_t k = 1; k < s->n; k += 2)
        if (infinite(s->e[k])) return true;
      return false;
    default: return false;
  }
}

/* Equality, with lazy sets compared by their elements. */
static bool equal(tla_ev *e, const tla_val *a, const tla_val *b, const tla_node *at) {
  if (a == b) return true;
  if (a->kind >= TV_NAT || b->kind >= TV_NAT) {
    if (a->kind == b->kind && (a->kind == TV_NAT || a->kind == TV_INTS || a->kind == TV_STRING)) return true;
    if (!tv_is_set(a) || !tv_is_set(b)) return false;
    return tla_enumerate(e, a, at) == tla_enumerate(e, b, at);
  }
  return false;
}

static const tla_val *range_set(int64_t lo, int64_t hi, tla_ev *e, const tla_node *at) {
  if (hi - lo > 10000000) tla_fail(e, at, "the interval %lld..%lld is too large", (long long)lo, (long long)hi);
  return tv_range(lo, hi);
}

static const tla_val *seq_of(const tla_val **e, uint32_t n) { return tv_tuple(e, n); }

/* a's values then b's, as a sequence or a set (copied into a buffer: tv_set
 * reorders the array it is given) */
static const tla_val *joined(const tla_val *const *a, uint32_t na, const tla_val *const *b, uint32_t nb, bool seq) {
  vbuf *o = vb_take();
  for (uint32_t k = 0; k < na; k++) vb_push(o, a[k]);
  for (uint32_t k = 0; k < nb; k++) vb_push(o, b[k]);
  const tla_val *r = seq ? seq_of(o->a, o->n) : tv_set(o->a, o->n);
  vb_give(o);
  return r;
}

static const tla_val *concat(tla_ev *e, const tla_val *a, const tla_val *b, const tla_node *at) {
  if (!tv_is_seq(a) || !tv_is_seq(b)) tla_fail(e, at, "\\o: expected sequences");
  return joined(a->v, a->n, b->v, b->n, true);
}

/* ---- bindings of bound variables: x \in S, <<a, b>> \in S, x, y \in S ---- */
#define MAXB 16
typedef struct {
  uint32_t nb;
  const tla_val *set[MAXB];
  tla_node *pat[MAXB];       /* identifier or tuple_of_identifiers */
  uint32_t idx[MAXB];
  uint32_t start[MAXB];      /* the enumeration of group g begins there (a hint) and wraps */
  tla_env cell[MAXB * 4];
  uint32_t ncell, first[MAXB], count[MAXB];
  tla_env *env;
} binder;

static void bind_value(tla_ev *e, binder *b, uint32_t g, const tla_val *v) {
  if (b->pat[g]->kind == TK_identifier) {
    b->cell[b->first[g]].val = v;
    return;
  }
  if (!tv_is_seq(v) || v->n != b->count[g]) tla_fail(e, b->pat[g], "the tuple pattern does not match the element");
  for (uint32_t k = 0; k < b->count[g]; k++) b->cell[b->first[g] + k].val = v->v[k];
}

/* Evaluates the bounds' sets; false if one is empty (no binding at all). */
static bool binder_init(tla_ev *e, binder *b, tla_node **bounds, uint32_t nbounds, tla_ctx *c, tla_env *env) {
  b->nb = 0;
  b->ncell = 0;
  b->env = env;
  bool nonempty = true;
  for (uint32_t i = 0; i < nbounds; i++) {
    tla_node *qb = bounds[i];
    tla_node *setn = tla_field_kid(qb, TF_SET);
    if (!setn) tla_fail(e, qb, "unbounded quantifiers cannot be evaluated");
    const tla_val *s = tla_enumerate(e, tla_eval(e, setn, c, env), setn);
    for (uint32_t k = 0; k < qb->n; k++) {
      tla_node *in = qb->kid[k];
      if (in->field != TF_INTRO) continue;
      if (b->nb == MAXB) tla_fail(e, qb, "too many bound variables");
      uint32_t g = b->nb++;
      b->set[g] = s;
      b->pat[g] = in;
      b->idx[g] = 0;
      b->start[g] = 0;
      b->first[g] = b->ncell;
      b->count[g] = 0;
      if (s->n == 0) nonempty = false;
      if (in->kind == TK_identifier) {
        b->cell[b->ncell++] = (tla_env){.name = in->text, .kind = ENV_VAL};
        b->count[g] = 1;
      } else {
        for (uint32_t j = 0; j < in->n; j++) {
          if (b->ncell == MAXB * 4) tla_fail(e, qb, "too many bound variables");
          b->cell[b->ncell++] = (tla_env){.name = in->kid[j]->text, .kind = ENV_VAL};
          b->count[g]++;
        }
      }
    }
  }
  for (uint32_t k = 0; k < b->ncell; k++) b->cell[k].next = k + 1 < b->ncell ? &b->cell[k + 1] : env;
  if (b->ncell) b->env = &b->cell[0];
  if (!nonempty) return false;
  for (uint32_t g = 0; g < b->nb; g++) bind_value(e, b, g, b->set[g]->e[0]);
  return true;
}

/* Group g's current element (idx counts from its start, wrapping). */
static const tla_val *binder_el(const binder *b, uint32_t g) {
  uint32_t n = b->set[g]->n, i = b->start[g] + b->idx[g];
  return b->set[g]->e[i < n ? i : i - n];
}

static bool binder_next(tla_ev *e, binder *b) {
  tla_poll(e);
  uint32_t g = b->nb;
  while (g > 0) {
    g--;
    if (++b->idx[g] < b->set[g]->n) {
      bind_value(e, b, g, binder_el(b, g));
      for (uint32_t h = g + 1; h < b->nb; h++) b->idx[h] = 0, bind_value(e, b, h, binder_el(b, h));
      return true;
    }
  }
  return false;
}

/* The current binding as one value (a tuple when there are several). */
static const tla_val *binder_tuple(binder *b) {
  if (b->nb == 1) return binder_el(b, 0);
  const tla_val *t[MAXB];
  for (uint32_t g = 0; g < b->nb; g++) t[g] = binder_el(b, g);
  return tv_tuple(t, b->nb);
}

/* A replay's hints (tla_hint): each hinted group starts at its hinted
 * element (sets are sorted: binary search), the others as before. Only
 * for an action's \E, where the order changes nothing but the time. */
static void binder_hint(tla_ev *e, binder *b) {
  for (uint32_t g = 0; g < b->nb; g++)
    for (size_t h = 0; h < e->nhints; h++) {
      if (e->hints[h].intro != b->pat[g]) continue;
      const tla_val *s = b->set[g];
      uint32_t lo = 0, hi = s->n;
      while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (tv_cmp(s->e[mid], e->hints[h].val) < 0) lo = mid + 1;
        else hi = mid;
      }
      if (lo < s->n && s->e[lo] == e->hints[h].val) {
        b->start[g] = lo;
        bind_value(e, b, g, s->e[lo]);
        break;
      }
    }
}

static uint32_t bounds_of(tla_node *n, tla_field f, tla_node **out) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < n->n; i++)
    if (n->kid[i]->kind == TK_quantifier_bound && (f == TF_NONE || n->kid[i]->field == f) && k < MAXB)
      out[k++] = n->kid[i];
  return k;
}

/* ---- operator application ---- */
/* The argument expressions of F(a, b) into args (at most 32; a bare name
 * F has none). */
static uint32_t op_args(const tla_node *app, tla_node **args) {
  uint32_t na = 0;
  if (app->kind == TK_bound_op)
    for (uint32_t i = 0; i < app->n; i++)
      if (app->kid[i]->field == TF_PARAMETER && na < 32) args[na++] = app->kid[i];
  return na;
}

static const char *sym_name(tla_kind k) {
  static const char *names[TK_COUNT];   /* interned strings live for the process */
  if (!names[k]) names[k] = tla_intern(tla_kind_name(k), strlen(tla_kind_name(k)));
  return names[k];
}

/* A user definition of the operator symbol node sym (its kind). */
static tla_def *symbol_def(tla_ev *e, tla_node *sym, tla_ctx *c, tla_env *env) {
  if (!tla_core(e->m)->user_symbols) return NULL;
  res r = resolve_at(e, sym, sym_name(sym->kind), c, env);
  if (r.kind == R_DEF) return r.def;
  if (r.kind == R_ENV && r.en->kind == ENV_DEF) return r.en->def;
  return NULL;
}

static const tla_val *eval_def_body(tla_ev *e, tla_def *d, tla_env *env, const tla_node *at);

/* Binds d's parameters to argument nodes (evaluated in c, env) and
 * evaluates (or, with k, enumerates) the body. */
/* The caller's room for the bound parameters (and LAMBDA arguments'
 * definitions): on its stack, alive while the body is evaluated. */
typedef struct {
  tla_env cell[32];
  tla_def lambda[4];
  uint32_t nlambda;
} arg_cells;

static tla_env *bind_args(tla_ev *e, tla_def *d, tla_node **args, uint32_t nargs, tla_ctx *c, tla_env *env,
                          arg_cells *room, const tla_node *at) {
  tla_env *cells = room->cell;
  room->nlambda = 0;
  if (nargs > 32) tla_fail(e, at, "too many arguments");
  if (nargs != d->nparams) tla_fail(e, at, "%s expects %u arguments, got %u", d->name, d->nparams, nargs);
  tla_env *out = d->closure;
  for (uint32_t i = 0; i < nargs; i++) {
    tla_node *p = d->params[i], *a = args[i];
    tla_env *cell = &cells[i];
    *cell = (tla_env){.name = p->kind == TK_operator_declaration ? tla_field_kid(p, TF_NAME)->text : p->text};
    if (p->kind == TK_operator_declaration) {
      /* an operator argument: a name or a LAMBDA */
      tla_node *an = a;
      while (an->kind == TK_parentheses && an->n == 1) an = an->kid[0];
      if (an->kind == TK_identifier_ref) {
        res r = resolve(e, an->text, c, env);
        if (r.kind == R_DEF) cell->def = r.def;
        else if (r.kind == R_ENV && r.en->kind == ENV_DEF) cell->def = r.en->def;
        else tla_fail(e, a, "expected an operator as argument");
      } else if (an->kind == TK_lambda) {
        if (room->nlambda == 4) tla_fail(e, a, "more than 4 LAMBDA arguments");
        tla_def *ld = &room->lambda[room->nlambda++];
        memset(ld, 0, sizeof *ld);
        ld->name = "LAMBDA";
        ld->kind = DEF_OP;
        ld->nparams = an->n - 1;
        ld->params = an->kid;
        ld->body = an->kid[an->n - 1];
        ld->ctx = c;
        ld->closure = env;
        ld->level = 2;
        cell->def = ld;
      } else if ((an->kind == TK_infix_op_symbol || an->kind == TK_prefix_op_symbol) && an->n == 1) {
        /* Sum(+, 1, 2): the operator symbol, applied where F(x, y) is */
        if (room->nlambda == 4) tla_fail(e, a, "more than 4 operator arguments");
        tla_def *ld = &room->lambda[room->nlambda++];
        memset(ld, 0, sizeof *ld);
        ld->name = tla_kind_name(an->kid[0]->kind);
        ld->kind = DEF_OP;
        ld->nparams = an->kind == TK_infix_op_symbol ? 2 : 1;
        ld->symbol = an->kid[0];
        ld->ctx = c;
        ld->level = 2;
        cell->def = ld;
      } else {
        tla_fail(e, a, "expected an operator as argument");
      }
      cell->kind = ENV_DEF;
    } else if (has_prime(a) || node_level(e, a, c) == 2) {
      cell->kind = ENV_THUNK;
      cell->thunk = a;
      cell->thunk_ctx = c;
      cell->thunk_env = env;
    } else {
      /* the value, and the expression for uses under a prime (Lose(q) ==
       * ... q' = ... called as Lose(msgQ) means msgQ') */
      cell->kind = ENV_VAL;
      cell->val = tla_eval(e, a, c, env);
      cell->thunk = a;
      cell->thunk_ctx = c;
      cell->thunk_env = env;
    }
    cell->next = out;
    out = cell;
  }
  return out;
}

static const tla_val *fun_def_value(tla_ev *e, tla_def *d, const tla_node *at);

/* A module's definition without parameters that reads the state's
 * variables (not primed ones) has one value per state: its slot in the
 * memo when it is evaluated in a hash-consed state (e->state), else NULL.
 * MultiPaxos_MC_small's invariants evaluate reqsMade and acksRecv (sets of
 * sets over the observed events) three times a state: a fifth of the
 * explicit run's evaluation steps. Not LET definitions (their closure), nor
 * inside EXCEPT (@); the entries hold values of the value table, freed with
 * the model. */
#define STATE_MEMO 1024
static tla_state_memo *state_memo(tla_ev *e, tla_def *d) {
  if (!e->state || e->primed || e->at || d->closure || def_level(e, d) != 1) return NULL;
  if (!e->smemo) e->smemo = xcalloc(STATE_MEMO, sizeof *e->smemo);
  size_t h = (((uintptr_t)d >> 4) * 0x9e3779b97f4a7c15ull + ((uintptr_t)e->state >> 4)) >> 20;
  return &e->smemo[h & (STATE_MEMO - 1)];
}

/* The memo's value, its evaluation steps counted as if it were evaluated:
 * whether an entry is still there depends on the addresses (a collision in
 * the table), and the work budgets (tick_limit) must not; the limits are
 * checked where the steps pass a multiple of 4096, as tla_poll does. */
static const tla_val *state_memo_hit(tla_ev *e, const tla_state_memo *sm) {
  uint64_t before = e->tick;
  e->tick += sm->ticks;
  if ((before >> 12) != (e->tick >> 12)) tla_poll_slow(e);
  return sm->val;
}

static const tla_val *call_def(tla_ev *e, tla_def *d, tla_node **args, uint32_t nargs, tla_ctx *c, tla_env *env,
                               const tla_node *at) {
  if (d->kind == DEF_FUN) {
    if (nargs) tla_fail(e, at, "%s is a function: apply it with [ ]", d->name);
    return fun_def_value(e, d, at);
  }
  if (d->kind == DEF_INSTANCE) tla_fail(e, at, "%s is a module instance", d->name);
  if (d->symbol) {
    /* a built-in operator symbol: apply it to the argument expressions */
    if (nargs != d->nparams) tla_fail(e, at, "%s expects %u arguments", d->name, d->nparams);
    tla_node sym = *d->symbol, a0 = *args[0], a1 = nargs > 1 ? *args[1] : *args[0];
    sym.field = TF_SYMBOL;
    a0.field = nargs > 1 ? TF_LHS : TF_RHS;
    a1.field = TF_RHS;
    tla_node *kids[3] = {&a0, &sym, &a1};
    tla_node app = {.kind = nargs > 1 ? TK_bound_infix_op : TK_bound_prefix_op, .n = nargs > 1 ? 3 : 2,
                    .line = at->line, .col = at->col, .file = at->file, .kid = kids};
    if (nargs == 1) kids[0] = &sym, kids[1] = &a0;
    return tla_eval(e, &app, c, env);
  }
  if (nargs == 0 && d->nparams == 0) {
    if (d->memo) return d->memo;
    tla_state_memo *sm = state_memo(e, d);
    if (sm && sm->d == d && sm->state == e->state) return state_memo_hit(e, sm);
    uint64_t t0 = e->tick;
    const tla_val *v = eval_def_body(e, d, d->closure, at);
    if (sm) *sm = (tla_state_memo){d, e->state, v, e->tick - t0};
    else if (!d->closure && !e->primed && def_level(e, d) == 0) d->memo = v;
    return v;
  }
  arg_cells room;
  tla_env *ne = bind_args(e, d, args, nargs, c, env, &room, at);
  return eval_def_body(e, d, ne, at);
}

/* Entering one more level of evaluation: at most 4000 (TLC, too, stops
 * unbounded recursion) and 6 MB of stack (the 8 MB default; sanitizers'
 * frames are larger), else an error at `at`. */
static void too_deep(tla_ev *e, const tla_node *at) {
  char here;
  if (++e->depth > 4000 || (e->stack_base && e->stack_base - &here > (ptrdiff_t)6 << 20))
    tla_fail(e, at, "evaluation too deep (recursion?)");
}

static const tla_val *eval_def_body(tla_ev *e, tla_def *d, tla_env *env, const tla_node *at) {
  tla_poll(e);
  too_deep(e, at);
  const tla_val *v = tla_eval(e, d->body, d->ctx, env);
  e->depth--;
  return v;
}

const tla_val *tla_apply_def(tla_ev *e, tla_def *d, const tla_val **args, uint32_t n, const tla_node *at) {
  if (n != d->nparams) tla_fail(e, at, "%s expects %u arguments, got %u", d->name, d->nparams, n);
  if (n == 0) return call_def(e, d, NULL, 0, d->ctx, NULL, at);
  tla_env cells[32];
  if (n > 32) tla_fail(e, at, "too many arguments");
  tla_env *out = d->closure;
  for (uint32_t i = 0; i < n; i++) {
    tla_node *p = d->params[i];
    if (p->kind == TK_operator_declaration) tla_fail(e, at, "operator parameters need operator arguments");
    cells[i] = (tla_env){.name = p->text, .kind = ENV_VAL, .val = args[i], .next = out};
    out = &cells[i];
  }
  return eval_def_body(e, d, out, at);
}

/* f[x \in S] == body: a function value (memoised when constant). */
static const tla_val *fun_def_value(tla_ev *e, tla_def *d, const tla_node *at) {
  if (d->memo) return d->memo;
  if (d->building) tla_fail(e, at, "the recursive function %s is used as a value while it is being defined", d->name);
  d->building = true;
  binder b;
  vbuf *dom = vb_take(), *val = vb_take();
  if (binder_init(e, &b, d->params, d->nparams, d->ctx, d->closure)) {
    do {
      vb_push(dom, binder_tuple(&b));
      vb_push(val, tla_eval(e, d->body, d->ctx, b.env));
    } while (binder_next(e, &b));
  }
  const tla_val *f = tv_fun(dom->a, val->a, dom->n);
  vb_give(val);
  vb_give(dom);
  d->building = false;
  if (!d->closure && !e->primed && def_level(e, d) == 0) d->memo = f;
  return f;
}

/* f[args] for a function definition f[x \in S] == body without building f
 * (recursive definitions; definitions that depend on the state). */
static const tla_val *fun_def_apply(tla_ev *e, tla_def *d, const tla_val *x, const tla_val **args, uint32_t nargs,
                                    const tla_node *at) {
  tla_env cells[MAXB * 2];
  uint32_t nc = 0;
  tla_env *env = d->closure;
  /* the bound names, in order */
  tla_node *intro[MAXB], *bound[MAXB];
  uint32_t ni = 0;
  for (uint32_t i = 0; i < d->nparams; i++)
    for (uint32_t k = 0; k < d->params[i]->n; k++)
      if (d->params[i]->kid[k]->field == TF_INTRO && ni < MAXB) bound[ni] = d->params[i], intro[ni++] = d->params[i]->kid[k];
  const tla_val *one[1] = {x};
  if (ni != nargs) {
    if (ni == 1) args = one, nargs = 1;
    else if (tv_is_seq(x) && x->n == ni) args = x->v, nargs = ni;
    else tla_fail(e, at, "%s: wrong number of arguments", d->name);
  }
  for (uint32_t i = 0; i < ni; i++) {
    /* TLC applies f[x \in S] only within its domain (FcnLambdaValue.apply) */
    tla_node *setn = tla_field_kid(bound[i], TF_SET);
    if (setn && !member(e, args[i], tla_eval(e, setn, d->ctx, d->closure), at)) {
      char *a = tv_to_string(args[i]);
      char buf[300];
      snprintf(buf, sizeof buf, "%.200s is not in the domain of %s", a, d->name);
      free(a);
      tla_fail(e, at, "%s", buf);
    }
    tla_node *in = intro[i];
    if (in->kind == TK_identifier) {
      cells[nc] = (tla_env){.name = in->text, .kind = ENV_VAL, .val = args[i], .next = env};
      env = &cells[nc++];
    } else {
      if (!tv_is_seq(args[i]) || args[i]->n != in->n) tla_fail(e, at, "the argument does not match the tuple pattern");
      for (uint32_t k = 0; k < in->n && nc < MAXB * 2; k++) {
        cells[nc] = (tla_env){.name = in->kid[k]->text, .kind = ENV_VAL, .val = args[i]->v[k], .next = env};
        env = &cells[nc++];
      }
    }
  }
  too_deep(e, at);
  const tla_val *v = tla_eval(e, d->body, d->ctx, env);
  e->depth--;
  return v;
}

/* ---- built-in operators of the standard modules ---- */
static const tla_val *builtin(tla_ev *e, const char *name, tla_node **args, uint32_t n, tla_ctx *c, tla_env *env,
                              const tla_node *at, bool *found) {
  *found = true;
  const tla_val *a[4] = {0};
#define NAMED(s) (strcmp(name, s) == 0)
#define ARGS(k)                                                                        \
  do {                                                                                 \
    if (n != (k)) tla_fail(e, at, "%s expects %d argument(s)", name, (int)(k));        \
    for (uint32_t i_ = 0; i_ < n; i_++) a[i_] = tla_eval(e, args[i_], c, env);         \
  } while (0)
  if (NAMED("Cardinality")) {
    ARGS(1);
    return tv_int(tla_enumerate(e, a[0], at)->n);
  }
  if (NAMED("IsFiniteSet")) {
    ARGS(1);
    return tv_bool(a[0]->kind == TV_SET || a[0]->kind == TV_SUBSET || a[0]->kind == TV_FUNSET || a[0]->kind == TV_RECSET);
  }
  if (NAMED("Len")) {
    ARGS(1);
    if (a[0]->kind == TV_STR) return tv_int((int64_t)strlen(a[0]->s));
    if (!tv_is_seq(a[0])) tla_fail(e, at, "Len: expected a sequence");
    return tv_int(a[0]->n);
  }
  if (NAMED("Head")) {
    ARGS(1);
    if (!tv_is_seq(a[0]) || a[0]->n == 0) tla_fail(e, at, "Head of an empty sequence or a non-sequence");
    return a[0]->v[0];
  }
  if (NAMED("Tail")) {
    ARGS(1);
    if (!tv_is_seq(a[0]) || a[0]->n == 0) tla_fail(e, at, "Tail of an empty sequence or a non-sequence");
    return seq_of(a[0]->v + 1, a[0]->n - 1);
  }
  if (NAMED("Append")) {
    ARGS(2);
    if (!tv_is_seq(a[0])) tla_fail(e, at, "Append: expected a sequence");
    return joined(a[0]->v, a[0]->n, &a[1], 1, true);
  }
  if (NAMED("SubSeq")) {
    ARGS(3);
    int64_t m = as_int(e, a[1], at), k = as_int(e, a[2], at);
    if (!tv_is_seq(a[0])) tla_fail(e, at, "SubSeq: expected a sequence");
    if (k < m) return seq_of(NULL, 0);
    if (m < 1 || k > (int64_t)a[0]->n) tla_fail(e, at, "SubSeq: index out of range");
    return seq_of(a[0]->v + m - 1, (uint32_t)(k - m + 1));
  }
  if (NAMED("Seq")) {
    ARGS(1);
    return tv_lazy(TV_SEQSET, a, 1);
  }
  if (NAMED("SelectSeq") || NAMED("SortSeq")) {
    if (n != 2) tla_fail(e, at, "%s expects 2 arguments", name);
    a[0] = tla_eval(e, args[0], c, env);
    if (!tv_is_seq(a[0])) tla_fail(e, at, "%s: expected a sequence", name);
    tla_node *opn = args[1];
    res r = resolve(e, opn->text, c, env);
    tla_def *d = r.kind == R_DEF ? r.def : r.kind == R_ENV && r.en->kind == ENV_DEF ? r.en->def : NULL;
    tla_def lam = {0};
    if (!d && opn->kind == TK_lambda) {
      lam.name = "LAMBDA", lam.kind = DEF_OP, lam.nparams = opn->n - 1, lam.params = opn->kid;
      lam.body = opn->kid[opn->n - 1], lam.ctx = c, lam.closure = env, lam.level = 2;
      d = &lam;
    }
    if (!d) tla_fail(e, at, "%s: expected an operator", name);
    vbuf *o = vb_take();
    for (uint32_t k = 0; k < a[0]->n; k++) vb_push(o, a[0]->v[k]);
    if (NAMED("SelectSeq")) {
      uint32_t m = 0;
      for (uint32_t k = 0; k < o->n; k++)
        if (as_bool(e, tla_apply_def(e, d, &o->a[k], 1, at), at)) o->a[m++] = o->a[k];
      o->n = m;
    } else {
      /* insertion sort with the user's order (stable) */
      for (uint32_t k = 1; k < o->n; k++)
        for (uint32_t j = k; j > 0; j--) {
          const tla_val *pr[2] = {o->a[j], o->a[j - 1]};
          if (!as_bool(e, tla_apply_def(e, d, pr, 2, at), at)) break;
          const tla_val *t = o->a[j];
          o->a[j] = o->a[j - 1];
          o->a[j - 1] = t;
        }
    }
    const tla_val *rv = seq_of(o->a, o->n);
    vb_give(o);
    return rv;
  }
  if (NAMED("Print")) {
    ARGS(2);
    return a[1];
  }
  if (NAMED("PrintT")) {
    ARGS(1);
    return tv_bool(true);
  }
  if (NAMED("Assert")) {
    ARGS(2);
    if (!as_bool(e, a[0], at)) {
      char *s = tv_to_string(a[1]);
      char buf[300];
      snprintf(buf, sizeof buf, "%s", s);
      free(s);
      tla_fail(e, at, "Assert failed: %s", buf);
    }
    return tv_bool(true);
  }
  if (NAMED("ToString")) {
    ARGS(1);
    char *s = tv_to_string(a[0]);
    const tla_val *r = tv_str(tla_intern(s, strlen(s)));
    free(s);
    return r;
  }
  if (NAMED("RandomElement")) {
    ARGS(1);
    const tla_val *s = tla_enumerate(e, a[0], at);
    if (!s->n) tla_fail(e, at, "RandomElement of the empty set");
    return s->e[0];
  }
  if (NAMED("Permutations")) {
    ARGS(1);
    const tla_val *s = tla_enumerate(e, a[0], at);
    if (s->n > 8) tla_fail(e, at, "Permutations of more than 8 elements");
    vbuf *o = vb_take();
    uint32_t nn = s->n, perm[8];
    for (uint32_t k = 0; k < nn; k++) perm[k] = k;
    for (;;) {
      const tla_val *dom[8], *val[8];
      for (uint32_t k = 0; k < nn; k++) dom[k] = s->e[k], val[k] = s->e[perm[k]];
      vb_push(o, tv_fun(dom, val, nn));
      /* next permutation (lexicographic) */
      int i = (int)nn - 2;
      while (i >= 0 && perm[i] > perm[i + 1]) i--;
      if (i < 0) break;
      int j = (int)nn - 1;
      while (perm[j] < perm[i]) j--;
      uint32_t t = perm[i];
      perm[i] = perm[j], perm[j] = t;
      for (int l = i + 1, r2 = (int)nn - 1; l < r2; l++, r2--) t = perm[l], perm[l] = perm[r2], perm[r2] = t;
    }
    const tla_val *r = tv_set(o->a, o->n);
    vb_give(o);
    return r;
  }
  if (NAMED("TLCGet") || NAMED("TLCSet") || NAMED("JavaTime") || NAMED("TLCEval")) {
    if (NAMED("TLCEval")) {
      ARGS(1);
      return a[0];
    }
    tla_fail(e, at, "%s is not supported", name);
  }
  if (NAMED("Any")) {
    ARGS(0);
    tla_fail(e, at, "Any is not supported");
  }
  *found = false;
  return NULL;
#undef ARGS
#undef NAMED
}

/* ---- EXCEPT ---- */
static const tla_val *except_at(tla_ev *e, const tla_val *f, tla_node **path, uint32_t np, tla_node *newv, tla_ctx *c,
                                tla_env *env) {
  if (np == 0) {
    const tla_val *saved = e->at;
    e->at = f;
    const tla_val *r = tla_eval(e, newv, c, env);
    e->at = saved;
    return r;
  }
  tla_node *p = path[0];
  const tla_val *key;
  if (p->kind == TK_except_update_record_field) {
    key = tv_str(p->kid[0]->text);
  } else {
    if (p->n == 1) key = tla_eval(e, p->kid[0], c, env);
    else {
      const tla_val *t[MAXB];
      if (p->n > MAXB) tla_fail(e, p, "too many indices");
      for (uint32_t k = 0; k < p->n; k++) t[k] = tla_eval(e, p->kid[k], c, env);
      key = tv_tuple(t, p->n);
    }
  }
  as_fun(e, f, p);
  int64_t k = tv_domain_index(f, key);
  if (k < 0) return f;   /* TLC: updating outside the domain leaves f unchanged */
  const tla_val *nv = except_at(e, f->v[k], path + 1, np - 1, newv, c, env);
  if (nv == f->v[k]) return f;
  vbuf *val = vb_take();
  for (uint32_t j = 0; j < f->n; j++) vb_push(val, f->v[j]);
  val->a[k] = nv;
  const tla_val *r = tv_fun_sorted(f->e, val->a, f->n);   /* f's own domain (interning copies it) */
  vb_give(val);
  return r;
}

/* ---- evaluation ---- */
static const tla_val *eval_ident(tla_ev *e, tla_node *n, const char *name, tla_node **args, uint32_t nargs,
                                 tla_ctx *c, tla_env *env) {
  res r = resolve_at(e, n, name, c, env);
  struct tla_model_core *mc = tla_core(e->m);
  switch (r.kind) {
    case R_ENV:
      if (r.en->kind == ENV_VAL) {
        if (nargs) tla_fail(e, n, "%s is not an operator", name);
        if (e->primed && r.en->thunk) return tla_eval(e, r.en->thunk, r.en->thunk_ctx, r.en->thunk_env);
        return r.en->val;
      }
      if (r.en->kind == ENV_THUNK) {
        if (nargs) tla_fail(e, n, "%s is not an operator", name);
        return tla_eval(e, r.en->thunk, r.en->thunk_ctx, r.en->thunk_env);
      }
      return call_def(e, r.en->def, args, nargs, c, env, n);
    case R_DEF: return call_def(e, r.def, args, nargs, c, env, n);
    case R_VAR: {
      if (nargs) tla_fail(e, n, "%s is a variable", name);
      const tla_val *v = e->primed ? (e->nxt ? e->nxt[r.idx] : NULL) : (e->cur ? e->cur[r.idx] : NULL);
      if (!v) {
        if (e->primed && !e->nxt) tla_fail(e, n, "%s' cannot be evaluated here", name);
        tla_fail(e, n, "variable %s%s is not assigned yet", name, e->primed ? "'" : "");
      }
      return v;
    }
    case R_CONST:
      if (mc->csubst[r.idx]) return call_def(e, mc->csubst[r.idx], args, nargs, c, env, n);
      if (!mc->cvals[r.idx]) tla_fail(e, n, "constant %s has no value in the model configuration", name);
      if (nargs) tla_fail(e, n, "constant %s is not an operator", name);
      return mc->cvals[r.idx];
    case R_SUBST:
      if (nargs) {
        /* an operator constant substituted by an operator name */
        tla_node *s = r.subst;
        while (s->kind == TK_parentheses && s->n == 1) s = s->kid[0];
        if (s->kind == TK_identifier_ref) {
          /* the operator is found there, the arguments are evaluated here */
          res r2 = resolve(e, s->text, r.ctx, NULL);
          while (r2.kind == R_SUBST && r2.subst->kind == TK_identifier_ref) r2 = resolve(e, r2.subst->text, r2.ctx, NULL);
          tla_def *d2 = r2.kind == R_DEF ? r2.def : r2.kind == R_CONST ? mc->csubst[r2.idx] : NULL;
          if (d2) return call_def(e, d2, args, nargs, c, env, n);
          if (r2.kind == R_NONE) {
            bool found2;
            const tla_val *v2 = builtin(e, s->text, args, nargs, c, env, n, &found2);
            if (found2) return v2;
          }
        }
        tla_fail(e, n, "cannot apply the substitution of %s", name);
      }
      return tla_eval(e, r.subst, r.ctx, NULL);
    case R_NONE: break;
  }
  if (mc->overrides) {
    tla_def *od = tla_ctx_find(mc->overrides, name);
    if (od) return call_def(e, od, args, nargs, c, env, n);
  }
  bool found;
  const tla_val *v = builtin(e, name, args, nargs, c, env, n, &found);
  if (found) return v;
  if (mc->cfg_mode && nargs == 0) return tv_model(name);
  tla_fail(e, n, "unknown operator %s", name);
}

static const tla_val *eval_quant(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env) {
  tla_node *q = tla_field_kid(n, TF_QUANTIFIER), *body = tla_field_kid(n, TF_EXPRESSION);
  bool exists = q && q->kind == TK_exists;
  tla_node *bs[MAXB];
  uint32_t nb = bounds_of(n, TF_BOUND, bs);
  binder b;
  if (!binder_init(e, &b, bs, nb, c, env)) return tv_bool(!exists);
  do {
    bool v = as_bool(e, tla_eval(e, body, c, b.env), body);
    if (v == exists) return tv_bool(exists);
  } while (binder_next(e, &b));
  return tv_bool(!exists);
}

static const tla_val *eval_choose(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env) {
  tla_node *intro = tla_field_kid(n, TF_INTRO), *setn = tla_field_kid(n, TF_SET), *body = tla_field_kid(n, TF_EXPRESSION);
  if (!setn) tla_fail(e, n, "unbounded CHOOSE cannot be evaluated");
  /* a binder over one pseudo bound */
  tla_node fake = {.kind = TK_quantifier_bound, .n = 2};
  tla_node *kids[2] = {intro, setn};
  fake.kid = kids;
  intro->field = TF_INTRO;
  setn->field = TF_SET;
  tla_node *fb = &fake;
  binder b;
  if (binder_init(e, &b, &fb, 1, c, env)) {
    do {
      if (as_bool(e, tla_eval(e, body, c, b.env), body)) return binder_tuple(&b);
    } while (binder_next(e, &b));
  }
  tla_fail(e, n, "CHOOSE: no element satisfies the condition");
}

static const tla_val *eval_infix(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env) {
  tla_node *l = tla_field_kid(n, TF_LHS), *r = tla_field_kid(n, TF_RHS), *sym = tla_field_kid(n, TF_SYMBOL);
  tla_kind op = sym->kind;
  tla_def *ud = symbol_def(e, sym, c, env);
  if (ud) {
    tla_node *args[2] = {l, r};
    return call_def(e, ud, args, 2, c, env, n);
  }
  /* short-circuit operators */
  switch (op) {
    case TK_land: return tv_bool(as_bool(e, tla_eval(e, l, c, env), l) && as_bool(e, tla_eval(e, r, c, env), r));
    case TK_lor: return tv_bool(as_bool(e, tla_eval(e, l, c, env), l) || as_bool(e, tla_eval(e, r, c, env), r));
    case TK_implies: return tv_bool(!as_bool(e, tla_eval(e, l, c, env), l) || as_bool(e, tla_eval(e, r, c, env), r));
    case TK_times: {
      /* A \X B \X C: one set of triples */
      tla_node *parts[MAXB];
      uint32_t np = 0;
      tla_node *cur = n;
      while (cur->kind == TK_bound_infix_op && tla_field_kid(cur, TF_SYMBOL)->kind == TK_times && np < MAXB - 1) {
        parts[np++] = tla_field_kid(cur, TF_RHS);
        cur = tla_field_kid(cur, TF_LHS);
      }
      parts[np++] = cur;
      const tla_val *sets[MAXB];
      double total = 1;
      for (uint32_t k = 0; k < np; k++) {
        sets[k] = tla_enumerate(e, tla_eval(e, parts[np - 1 - k], c, env), n);
        total *= sets[k]->n;
      }
      if (total > 1e7) tla_fail(e, n, "a Cartesian product of %.0f elements is too large", total);
      vbuf *o = vb_take();
      if (total > 0) {
        uint32_t idx[MAXB] = {0};
        for (;;) {
          const tla_val *t[MAXB];
          for (uint32_t k = 0; k < np; k++) t[k] = sets[k]->e[idx[k]];
          vb_push(o, tv_tuple(t, np));
          int k = (int)np - 1;
          while (k >= 0 && ++idx[k] == sets[k]->n) idx[k--] = 0;
          if (k < 0) break;
        }
      }
      const tla_val *res_ = tv_set(o->a, o->n);
      vb_give(o);
      return res_;
    }
    default: break;
  }
  if (op == TK_in || op == TK_notin) {
    /* x \in lo..hi without building the interval */
    tla_node *rr = r;
    while (rr->kind == TK_parentheses && rr->n == 1) rr = rr->kid[0];
    if (rr->kind == TK_bound_infix_op && tla_field_kid(rr, TF_SYMBOL)->kind == TK_dots_2 &&
        !symbol_def(e, tla_field_kid(rr, TF_SYMBOL), c, env)) {
      const tla_val *xv = tla_eval(e, l, c, env);
      int64_t lo = as_int(e, tla_eval(e, tla_field_kid(rr, TF_LHS), c, env), rr);
      int64_t hi = as_int(e, tla_eval(e, tla_field_kid(rr, TF_RHS), c, env), rr);
      bool in = xv->kind == TV_INT && xv->i >= lo && xv->i <= hi;
      return tv_bool(in == (op == TK_in));
    }
  }
  const tla_val *a = tla_eval(e, l, c, env), *b = tla_eval(e, r, c, env);
  int64_t x, y, z;
  switch (op) {
    case TK_eq: return tv_bool(equal(e, a, b, n));
    case TK_neq: return tv_bool(!equal(e, a, b, n));
    case TK_equiv:
    case TK_iff: return tv_bool(as_bool(e, a, l) == as_bool(e, b, r));
    case TK_in: return tv_bool(member(e, a, b, n));
    case TK_notin: return tv_bool(!member(e, a, b, n));
    case TK_plus:
    case TK_minus:
    case TK_mul:
    case TK_div:
    case TK_mod:
    case TK_pow:
    case TK_lt:
    case TK_gt:
    case TK_leq:
    case TK_geq:
    case TK_dots_2:
      x = as_int(e, a, l), y = as_int(e, b, r);
      switch (op) {
        case TK_plus:
          if (__builtin_add_overflow(x, y, &z)) tla_fail(e, n, "integer overflow");
          return tv_int(z);
        case TK_minus:
          if (__builtin_sub_overflow(x, y, &z)) tla_fail(e, n, "integer overflow");
          return tv_int(z);
        case TK_mul:
          if (__builtin_mul_overflow(x, y, &z)) tla_fail(e, n, "integer overflow");
          return tv_int(z);
        case TK_div:
          if (y == 0) tla_fail(e, n, "division by zero");
          z = x / y;
          if ((x % y != 0) && ((x < 0) != (y < 0))) z--;
          return tv_int(z);
        case TK_mod:
          if (y <= 0) tla_fail(e, n, "%% by a non-positive number");
          z = x % y;
          if (z < 0) z += y;
          return tv_int(z);
        case TK_pow: {
          if (y < 0) tla_fail(e, n, "negative exponent");
          int64_t p = 1;
          for (int64_t k = 0; k < y; k++)
            if (__builtin_mul_overflow(p, x, &p)) tla_fail(e, n, "integer overflow");
          return tv_int(p);
        }
        case TK_lt: return tv_bool(x < y);
        case TK_gt: return tv_bool(x > y);
        case TK_leq: return tv_bool(x <= y);
        case TK_geq: return tv_bool(x >= y);
        default: return range_set(x, y, e, n);
      }
    case TK_cup:
      if (infinite(a) || infinite(b)) {
        const tla_val *ops[2] = {a, b};
        return tv_lazy(TV_CUP, ops, 2);
      }
      a = tla_enumerate(e, a, l), b = tla_enumerate(e, b, r);
      return joined(a->e, a->n, b->e, b->n, false);
    case TK_cap:
    case TK_setminus: {
      if (op == TK_setminus && infinite(a)) {
        const tla_val *ops[2] = {a, b};
        return tv_lazy(TV_DIFF, ops, 2);
      }
      const tla_val *sa = tla_enumerate(e, a, l);
      vbuf *o = vb_take();
      for (uint32_t k = 0; k < sa->n; k++)
        if (member(e, sa->e[k], b, r) == (op == TK_cap)) vb_push(o, sa->e[k]);
      const tla_val *res_ = tv_set(o->a, o->n);
      vb_give(o);
      return res_;
    }
    case TK_subseteq:
    case TK_subset:
    case TK_supseteq:
    case TK_supset: {
      if (op == TK_supseteq || op == TK_supset) {
        const tla_val *t = a;
        a = b, b = t;
      }
      const tla_val *sa = tla_enumerate(e, a, l);
      for (uint32_t k = 0; k < sa->n; k++)
        if (!member(e, sa->e[k], b, r)) return tv_bool(false);
      if (op == TK_subset || op == TK_supset) return tv_bool(!equal(e, a, b, n));
      return tv_bool(true);
    }
    case TK_circ: return concat(e, a, b, n);
    case TK_map_to: return tv_fun(&a, &b, 1);
    case TK_compose: {
      as_fun(e, a, l), as_fun(e, b, r);
      vbuf *d = vb_take(), *v = vb_take();
      for (uint32_t k = 0; k < a->n; k++) vb_push(d, a->e[k]), vb_push(v, a->v[k]);
      for (uint32_t k = 0; k < b->n; k++)
        if (tv_domain_index(a, b->e[k]) < 0) vb_push(d, b->e[k]), vb_push(v, b->v[k]);
      const tla_val *res_ = tv_fun(d->a, v->a, d->n);
      vb_give(v);
      vb_give(d);
      return res_;
    }
    default: tla_fail(e, n, "the operator %s is not supported", tla_kind_name(op));
  }
}

static bool found_one(tla_ev *e, const tla_cont *k) {
  (void)e;
  *(bool *)k->data = true;
  return false;
}

/* ENABLED A: does A allow some next state from the current one? */
static bool enabled(tla_ev *e, tla_node *a, tla_ctx *c, tla_env *env) {
  size_t nv = tla_core(e->m)->nvars;
  const tla_val *buf[256];
  if (nv > 256) tla_fail(e, a, "ENABLED with more than 256 variables");
  if (e->primed || e->init_mode) tla_fail(e, a, "ENABLED inside a primed expression");
  for (size_t i = 0; i < nv; i++) buf[i] = NULL;
  const tla_val **saved = e->nxt;
  e->nxt = buf;
  bool found = false;
  tla_cont k = {.fn = found_one, .data = &found};
  tla_enum(e, a, c, env, &k);
  e->nxt = saved;
  return found;
}

static const tla_val *eval_prefix(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env) {
  tla_node *sym = tla_field_kid(n, TF_SYMBOL), *r = tla_field_kid(n, TF_RHS);
  tla_def *ud = symbol_def(e, sym, c, env);
  if (ud) return call_def(e, ud, &r, 1, c, env, n);
  if (sym->kind == TK_enabled) return tv_bool(enabled(e, r, c, env));
  if (sym->kind == TK_unchanged) {
    /* UNCHANGED e as a condition: e' = e */
    bool saved = e->primed;
    e->primed = true;
    const tla_val *after = tla_eval(e, r, c, env);
    e->primed = saved;
    return tv_bool(equal(e, after, tla_eval(e, r, c, env), n));
  }
  const tla_val *a = tla_eval(e, r, c, env);
  switch (sym->kind) {
    case TK_lnot: return tv_bool(!as_bool(e, a, r));
    case TK_negative: {
      int64_t z;
      if (__builtin_sub_overflow((int64_t)0, as_int(e, a, r), &z)) tla_fail(e, n, "integer overflow");
      return tv_int(z);
    }
    case TK_domain: {
      as_fun(e, a, r);
      vbuf *o = vb_take();
      for (uint32_t k = 0; k < a->n; k++) vb_push(o, a->e[k]);
      const tla_val *res_ = tv_set(o->a, o->n);
      vb_give(o);
      return res_;
    }
    case TK_powerset: return tv_lazy(TV_SUBSET, &a, 1);
    case TK_union: {
      const tla_val *s = tla_enumerate(e, a, r);
      if (s->n == 1) return s->e[0];   /* UNION {S} = S, also for lazy S */
      vbuf *o = vb_take();
      for (uint32_t k = 0; k < s->n; k++) {
        const tla_val *t = tla_enumerate(e, s->e[k], r);
        for (uint32_t j = 0; j < t->n; j++) vb_push(o, t->e[j]);
      }
      const tla_val *res_ = tv_set(o->a, o->n);
      vb_give(o);
      return res_;
    }
    default: tla_fail(e, n, "the operator %s is not supported here", tla_kind_name(sym->kind));
  }
}

bool tla_eval_bool(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env) { return as_bool(e, tla_eval(e, n, c, env), n); }

/* LET's definitions bound in order, each seeing the previous ones (on the
 * caller's stack: at most 32 definitions of at most 16 parameters). */
static tla_env *let_bind(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env, tla_def *defs, tla_env *cells,
                         tla_node *(*pbuf)[16]) {
  tla_env *ne = env;
  uint32_t kk = 0;
  for (uint32_t i = 0; i < n->n; i++) {
    tla_node *dn = n->kid[i];
    if (dn->field != TF_DEFINITIONS) continue;
    if (kk == 32) tla_fail(e, n, "too many LET definitions");
    tla_def *d = &defs[kk];
    memset(d, 0, sizeof *d);
    tla_node *nm = tla_field_kid(dn, TF_NAME);
    d->name = nm->kind == TK_identifier ? nm->text : sym_name(nm->n ? nm->kid[0]->kind : nm->kind);
    if (nm->kind != TK_identifier) tla_core(e->m)->user_symbols = true;
    d->ctx = c;
    d->level = -1;
    d->body = tla_field_kid(dn, TF_DEFINITION);
    d->params = pbuf[kk];
    if (dn->kind == TK_function_definition) {
      d->kind = DEF_FUN;
      d->nparams = bounds_of(dn, TF_NONE, pbuf[kk]);
    } else if (dn->kind == TK_operator_definition) {
      d->kind = DEF_OP;
      for (uint32_t j = 0; j < dn->n; j++)
        if (dn->kid[j]->field == TF_PARAMETER) {
          if (d->nparams == 16) tla_fail(e, dn, "too many parameters");
          pbuf[kk][d->nparams++] = dn->kid[j];
        }
    } else {
      tla_fail(e, dn, "this kind of LET definition is not supported");
    }
    cells[kk] = (tla_env){.name = d->name, .kind = ENV_DEF, .def = d, .next = ne};
    ne = &cells[kk];
    d->closure = ne;   /* itself included: recursive definitions */
    kk++;
  }
  return ne;
}

/* The instance a prefixed name (I!J!Op) refers to, and the operator node. */
static tla_ctx *prefix_ctx(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env) {
  tla_node *pre = tla_field_kid(n, TF_PREFIX);
  for (uint32_t i = 0; pre && i < pre->n; i++) {
    tla_node *comp = pre->kid[i];
    tla_node *id = comp->kind == TK_subexpr_component && comp->n ? comp->kid[0] : comp;
    if (id->kind == TK_bound_op) tla_fail(e, comp, "parameterised instances are not supported");
    res r = resolve(e, id->text, c, env);
    if (r.kind != R_DEF || r.def->kind != DEF_INSTANCE) tla_fail(e, comp, "%s is not a module instance", id->text);
    c = r.def->inst;
    env = NULL;
  }
  return c;
}

const tla_val *tla_eval(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env) {
  tla_poll(e);   /* every node: the ticks measure work evenly (factorization's i * j) */
  switch (n->kind) {
    case TK_nat_number: return tv_int(strtoll(n->text, NULL, 10));
    case TK_hex_number: return tv_int(strtoll(n->text + 2, NULL, 16));
    case TK_binary_number: return tv_int(strtoll(n->text + 2, NULL, 2));
    case TK_octal_number: return tv_int(strtoll(n->text + 2, NULL, 8));
    case TK_string: return tv_str(n->text);
    case TK_boolean: return tv_bool(n->text[0] == 'T');
    case TK_boolean_set: {
      const tla_val *b[2] = {tv_bool(false), tv_bool(true)};
      return tv_set(b, 2);
    }
    case TK_nat_number_set:
    case TK_int_number_set:
    case TK_string_set: {
      /* Nat <- NatOverride in the cfg */
      struct tla_model_core *mc = tla_core(e->m);
      if (mc->overrides) {
        tla_def *od = tla_ctx_find(mc->overrides, n->text);
        if (od) return call_def(e, od, NULL, 0, c, env, n);
      }
      return tv_lazy(n->kind == TK_nat_number_set ? TV_NAT : n->kind == TK_int_number_set ? TV_INTS : TV_STRING, NULL, 0);
    }
    case TK_parentheses:
    case TK_label: return tla_eval(e, n->kind == TK_label ? tla_field_kid(n, TF_EXPRESSION) : n->kid[0], c, env);
    case TK_identifier_ref: return eval_ident(e, n, n->text, NULL, 0, c, env);
    case TK_bound_op: {
      tla_node *name = tla_field_kid(n, TF_NAME);
      tla_node *args[32];
      uint32_t na = op_args(n, args);
      return eval_ident(e, n, name->text, args, na, c, env);
    }
    case TK_prefixed_op: {
      tla_ctx *ic = prefix_ctx(e, n, c, env);
      tla_node *op = tla_field_kid(n, TF_OP);
      if (op->kind == TK_identifier_ref) return eval_ident(e, n, op->text, NULL, 0, ic, NULL);
      if (op->kind == TK_bound_op) {
        /* the arguments are evaluated here, the operator there */
        tla_node *name = tla_field_kid(op, TF_NAME);
        res r = resolve(e, name->text, ic, NULL);
        if (r.kind != R_DEF) tla_fail(e, op, "%s is not defined in the instance", name->text);
        tla_node *args[32];
        uint32_t na = op_args(op, args);
        return call_def(e, r.def, args, na, c, env, n);
      }
      tla_fail(e, n, "unsupported instance reference");
    }
    case TK_bound_infix_op: return eval_infix(e, n, c, env);
    case TK_bound_prefix_op: return eval_prefix(e, n, c, env);
    case TK_bound_postfix_op: {
      tla_node *sym = tla_field_kid(n, TF_SYMBOL), *l = tla_field_kid(n, TF_LHS);
      if (sym->kind != TK_prime) tla_fail(e, n, "the operator %s is not supported", tla_kind_name(sym->kind));
      if (e->primed) tla_fail(e, n, "double prime");
      e->primed = true;
      const tla_val *v = tla_eval(e, l, c, env);
      e->primed = false;
      return v;
    }
    case TK_conj_list:
    case TK_disj_list: {
      bool conj = n->kind == TK_conj_list;
      for (uint32_t i = 0; i < n->n; i++) {
        tla_node *it = n->kid[i]->n ? n->kid[i]->kid[n->kid[i]->n - 1] : n->kid[i];
        if (as_bool(e, tla_eval(e, it, c, env), it) != conj) return tv_bool(!conj);
      }
      return tv_bool(conj);
    }
    case TK_conj_item:
    case TK_disj_item: return tla_eval(e, n->kid[n->n - 1], c, env);
    case TK_if_then_else:
      return tla_eval_bool(e, tla_field_kid(n, TF_IF), c, env) ? tla_eval(e, tla_field_kid(n, TF_THEN), c, env)
                                                                  : tla_eval(e, tla_field_kid(n, TF_ELSE), c, env);
    case TK_case: {
      for (uint32_t i = 0; i < n->n; i++) {
        tla_node *arm = n->kid[i];
        if (arm->kind == TK_case_arm && tla_eval_bool(e, arm->kid[0], c, env)) return tla_eval(e, arm->kid[1], c, env);
      }
      for (uint32_t i = 0; i < n->n; i++)
        if (n->kid[i]->kind == TK_other_arm) return tla_eval(e, n->kid[i]->kid[0], c, env);
      tla_fail(e, n, "CASE: no arm applies");
    }
    case TK_let_in: {
      tla_def defs[32];
      tla_env cells[32];
      tla_node *pbuf[32][16];
      tla_env *ne = let_bind(e, n, c, env, defs, cells, pbuf);
      return tla_eval(e, tla_field_kid(n, TF_EXPRESSION), c, ne);
    }
    case TK_bounded_quantification: return eval_quant(e, n, c, env);
    case TK_unbounded_quantification: tla_fail(e, n, "unbounded quantifiers cannot be evaluated");
    case TK_choose: return eval_choose(e, n, c, env);
    case TK_finite_set_literal:
    case TK_tuple_literal: {
      vbuf *o = vb_take();
      for (uint32_t i = 0; i < n->n; i++) vb_push(o, tla_eval(e, n->kid[i], c, env));
      const tla_val *r = n->kind == TK_tuple_literal ? tv_tuple(o->a, o->n) : tv_set(o->a, o->n);
      vb_give(o);
      return r;
    }
    case TK_set_filter: {
      tla_node *g = tla_field_kid(n, TF_GENERATOR), *f = tla_field_kid(n, TF_FILTER);
      tla_node *gs = tla_field_kid(g, TF_SET), *gi = tla_field_kid(g, TF_INTRO);
      if (gs && gi && gi->kind == TK_identifier && g->n == 2) {
        const tla_val *base = tla_eval(e, gs, c, env);
        if (base->kind == TV_NAT || base->kind == TV_INTS || base->kind == TV_STRING || base->kind == TV_SEQSET ||
            base->kind == TV_FILTER)
          return tv_filter(base, capture_env(env), n, c);
      }
      binder b;
      vbuf *o = vb_take();
      if (binder_init(e, &b, &g, 1, c, env)) {
        do {
          if (tla_eval_bool(e, f, c, b.env)) vb_push(o, binder_tuple(&b));
        } while (binder_next(e, &b));
      }
      const tla_val *r = tv_set(o->a, o->n);
      vb_give(o);
      return r;
    }
    case TK_set_map: {
      tla_node *bs[MAXB], *mp = tla_field_kid(n, TF_MAP);
      uint32_t nb = bounds_of(n, TF_GENERATOR, bs);
      binder b;
      vbuf *o = vb_take();
      if (binder_init(e, &b, bs, nb, c, env)) {
        do vb_push(o, tla_eval(e, mp, c, b.env));
        while (binder_next(e, &b));
      }
      const tla_val *r = tv_set(o->a, o->n);
      vb_give(o);
      return r;
    }
    case TK_function_literal: {
      tla_node *bs[MAXB], *body = n->kid[n->n - 1];
      uint32_t nb = bounds_of(n, TF_NONE, bs);
      binder b;
      vbuf *d = vb_take(), *v = vb_take();
      if (binder_init(e, &b, bs, nb, c, env)) {
        do {
          vb_push(d, binder_tuple(&b));
          vb_push(v, tla_eval(e, body, c, b.env));
        } while (binder_next(e, &b));
      }
      const tla_val *r = tv_fun(d->a, v->a, d->n);
      vb_give(v);
      vb_give(d);
      return r;
    }
    case TK_set_of_functions: {
      const tla_val *ops[2] = {tla_eval(e, n->kid[0], c, env), tla_eval(e, n->kid[1], c, env)};
      return tv_lazy(TV_FUNSET, ops, 2);
    }
    case TK_record_literal:
    case TK_set_of_records: {
      uint32_t nf = n->n / 2;
      /* pool buffers: an evaluation error below (a longjmp) leaks nothing */
      vbuf *db = vb_take(), *vb = vb_take();
      for (uint32_t k = 0; k < nf; k++) {
        vb_push(db, tv_str(n->kid[2 * k]->text));
        vb_push(vb, tla_eval(e, n->kid[2 * k + 1], c, env));
      }
      const tla_val *none = NULL, **dom = nf ? db->a : &none, **val = nf ? vb->a : &none;
      const tla_val *r;
      if (n->kind == TK_record_literal) {
        r = tv_fun(dom, val, nf);
      } else {
        /* fields sorted by name, then (name, set) pairs */
        const tla_val *f = tv_fun(dom, val, nf);
        const tla_val **ops = xmalloc((2 * nf + 1) * sizeof *ops);
        for (uint32_t k = 0; k < f->n; k++) ops[2 * k] = f->e[k], ops[2 * k + 1] = f->v[k];
        r = tv_lazy(TV_RECSET, ops, 2 * f->n);
        free(ops);
      }
      vb_give(vb);
      vb_give(db);
      return r;
    }
    case TK_function_evaluation: {
      const tla_val *f = NULL, *x;
      tla_def *fd = NULL;
      if (n->kid[0]->kind == TK_identifier_ref) {
        res r = resolve_at(e, n->kid[0], n->kid[0]->text, c, env);
        if (r.kind == R_DEF) fd = r.def;
        else if (r.kind == R_ENV && r.en->kind == ENV_DEF) fd = r.en->def;
        if (fd && fd->kind != DEF_FUN) fd = NULL;
        if (fd && !fd->memo && (fd->building || fd->closure || def_level(e, fd) > 0)) {
          const tla_val *t[MAXB];
          if (n->n - 1 > MAXB) tla_fail(e, n, "too many arguments");
          for (uint32_t i = 1; i < n->n; i++) t[i - 1] = tla_eval(e, n->kid[i], c, env);
          x = n->n == 2 ? t[0] : tv_tuple(t, n->n - 1);
          return fun_def_apply(e, fd, x, t, n->n - 1, n);
        }
      }
      f = tla_eval(e, n->kid[0], c, env);
      if (n->n == 2) {
        x = tla_eval(e, n->kid[1], c, env);
      } else {
        const tla_val *t[MAXB];
        if (n->n - 1 > MAXB) tla_fail(e, n, "too many arguments");
        for (uint32_t i = 1; i < n->n; i++) t[i - 1] = tla_eval(e, n->kid[i], c, env);
        x = tv_tuple(t, n->n - 1);
      }
      if (f->kind == TV_STR && x->kind == TV_INT) tla_fail(e, n, "indexing strings is not supported");
      as_fun(e, f, n->kid[0]);
      const tla_val *v = tv_apply(f, x);
      if (!v) {
        char *s = tv_to_string(x), *fs = tv_to_string(f);
        char buf[600];
        snprintf(buf, sizeof buf, "%.200s is not in the domain of %.300s", s, fs);
        free(s);
        free(fs);
        tla_fail(e, n, "%s", buf);
      }
      return v;
    }
    case TK_record_value: {
      const tla_val *f = as_fun(e, tla_eval(e, n->kid[0], c, env), n->kid[0]);
      const tla_val *v = tv_apply(f, tv_str(n->kid[1]->text));
      if (!v) tla_fail(e, n, "the record has no field %s", n->kid[1]->text);
      return v;
    }
    case TK_except: {
      const tla_val *f = tla_eval(e, tla_field_kid(n, TF_EXPR_TO_UPDATE), c, env);
      for (uint32_t i = 0; i < n->n; i++) {
        tla_node *u = n->kid[i];
        if (u->kind != TK_except_update) continue;
        tla_node *spec = tla_field_kid(u, TF_UPDATE_SPECIFIER), *nv = tla_field_kid(u, TF_NEW_VAL);
        f = except_at(e, f, spec->kid, spec->n, nv, c, env);
      }
      return f;
    }
    case TK_prev_func_val:
      if (!e->at) tla_fail(e, n, "@ outside EXCEPT");
      return e->at;
    case TK_step_expr_or_stutter: {
      /* [A]_v as a condition */
      if (tla_eval_bool(e, n->kid[0], c, env)) return tv_bool(true);
      bool saved = e->primed;
      e->primed = true;
      const tla_val *after = tla_eval(e, n->kid[1], c, env);
      e->primed = saved;
      return tv_bool(equal(e, after, tla_eval(e, n->kid[1], c, env), n));
    }
    case TK_lambda: tla_fail(e, n, "LAMBDA outside an operator argument");
    default: tla_fail(e, n, "%s expressions are not supported", tla_kind_name(n->kind));
  }
}

/* ---- actions: enumeration of the assignments ---- */
static bool conj_step(tla_ev *e, const tla_cont *k) {
  if (k->i == k->n) return k->next->fn(e, k->next);
  tla_cont k2 = *k;
  k2.i = k->i + 1;
  tla_node *it = k->items[k->i];
  return tla_enum(e, it, k->ctx, k->env, &k2);
}

static bool enum_conj(tla_ev *e, tla_node **items, uint32_t n, tla_ctx *c, tla_env *env, const tla_cont *k) {
  tla_cont k2 = {.fn = conj_step, .next = k, .items = items, .i = 0, .n = n, .ctx = c, .env = env};
  return conj_step(e, &k2);
}

/* The variable an assignment target names (x' in actions, x in Init), or -1. */
static int target_var(tla_ev *e, tla_node *lhs, tla_ctx *c, tla_env *env) {
  while (lhs->kind == TK_parentheses && lhs->n == 1) lhs = lhs->kid[0];
  if (lhs->kind == TK_identifier_ref) {
    /* an operator parameter standing for x' (Send(p, d, mem, mem')) */
    res r = resolve_at(e, lhs, lhs->text, c, env);
    if (r.kind == R_ENV && r.en->thunk) return target_var(e, r.en->thunk, r.en->thunk_ctx, r.en->thunk_env);
  }
  if (!e->init_mode) {
    if (lhs->kind != TK_bound_postfix_op || tla_field_kid(lhs, TF_SYMBOL)->kind != TK_prime) return -1;
    lhs = tla_field_kid(lhs, TF_LHS);
    while (lhs->kind == TK_parentheses && lhs->n == 1) lhs = lhs->kid[0];
  }
  if (lhs->kind != TK_identifier_ref) return -1;
  for (;;) {
    res r = resolve_at(e, lhs, lhs->text, c, env);
    if (r.kind == R_VAR) {
      const tla_val **slot = e->init_mode ? e->cur : e->nxt;
      return slot[r.idx] ? -1 : r.idx;
    }
    if (r.kind == R_ENV && r.en->thunk) {
      /* q' where the parameter q stands for a variable */
      tla_node *s = r.en->thunk;
      while (s->kind == TK_parentheses && s->n == 1) s = s->kid[0];
      if (s->kind != TK_identifier_ref) return -1;
      lhs = s;
      c = r.en->thunk_ctx;
      env = r.en->thunk_env;
      continue;
    }
    if (r.kind == R_SUBST) {
      tla_node *s = r.subst;
      while (s->kind == TK_parentheses && s->n == 1) s = s->kid[0];
      if (s->kind != TK_identifier_ref) return -1;
      lhs = s;
      c = r.ctx;
      env = NULL;
      continue;
    }
    return -1;
  }
}

static bool assign(tla_ev *e, int var, const tla_val *v, const tla_cont *k) {
  const tla_val **slot = e->init_mode ? e->cur : e->nxt;
  slot[var] = v;
  bool go = k->fn(e, k);
  slot[var] = NULL;
  return go;
}

static bool enum_unchanged(tla_ev *e, tla_node *x, tla_ctx *c, tla_env *env, const tla_cont *k);

static bool unch_step(tla_ev *e, const tla_cont *k) {
  if (k->i == k->n) return k->next->fn(e, k->next);
  tla_cont k2 = *k;
  k2.i = k->i + 1;
  return enum_unchanged(e, k->items[k->i], k->ctx, k->env, &k2);
}

/* UNCHANGED over a tuple, a variable or a definition naming them. */
static bool enum_unchanged(tla_ev *e, tla_node *x, tla_ctx *c, tla_env *env, const tla_cont *k) {
  while (x->kind == TK_parentheses && x->n == 1) x = x->kid[0];
  if (x->kind == TK_tuple_literal) {
    tla_cont k2 = {.fn = unch_step, .next = k, .items = x->kid, .i = 0, .n = x->n, .ctx = c, .env = env};
    return unch_step(e, &k2);
  }
  if (x->kind == TK_identifier_ref) {
    res r = resolve_at(e, x, x->text, c, env);
    if (r.kind == R_VAR) {
      if (!e->nxt[r.idx]) return assign(e, r.idx, e->cur[r.idx], k);
      return e->nxt[r.idx] == e->cur[r.idx] ? k->fn(e, k) : true;
    }
    if (r.kind == R_DEF && r.def->kind == DEF_OP && r.def->nparams == 0)
      return enum_unchanged(e, r.def->body, r.def->ctx, r.def->closure, k);
    if (r.kind == R_SUBST) return enum_unchanged(e, r.subst, r.ctx, NULL, k);
  }
  /* general: e' = e as a condition */
  bool saved = e->primed;
  e->primed = true;
  const tla_val *after = tla_eval(e, x, c, env);
  e->primed = saved;
  return equal(e, after, tla_eval(e, x, c, env), x) ? k->fn(e, k) : true;
}

/* d's first conjunct, when it is V[p] = "s" (V a state variable, p a
 * parameter, s a string): d->guard and its fields. */
static void guard_of(tla_ev *e, tla_def *d) {
  d->guard = 1;
  tla_node *b = d->body;
  if (d->kind != DEF_OP || d->closure || !b || b->kind != TK_conj_list || !b->n) return;
  tla_node *g = b->kid[0]->kid[b->kid[0]->n - 1];
  if (g->kind != TK_bound_infix_op || tla_field_kid(g, TF_SYMBOL)->kind != TK_eq ||
      symbol_def(e, tla_field_kid(g, TF_SYMBOL), d->ctx, NULL))
    return;
  tla_node *l = tla_field_kid(g, TF_LHS), *s = tla_field_kid(g, TF_RHS);
  if (l->kind != TK_function_evaluation || l->n != 2 || l->kid[0]->kind != TK_identifier_ref ||
      l->kid[1]->kind != TK_identifier_ref || s->kind != TK_string)
    return;
  uint32_t p = UINT32_MAX;
  for (uint32_t i = 0; i < d->nparams; i++) {
    if (d->params[i]->kind != TK_identifier) return;   /* no operator parameters */
    if (!strcmp(d->params[i]->text, l->kid[0]->text)) return;   /* V is a parameter */
    if (!strcmp(d->params[i]->text, l->kid[1]->text)) p = i;
  }
  res r = resolve(e, l->kid[0]->text, d->ctx, NULL);
  if (p == UINT32_MAX || r.kind != R_VAR) return;
  d->guard = 2, d->guard_var = (uint32_t)r.idx, d->guard_param = p, d->guard_str = s->text;
}

/* The call d(args) enables nothing: d's first conjunct is V[p] = "s"
 * (guard_of) and V's value at p's argument is another string. Decided
 * before the arguments are bound (PlusCal's `pc[self] = "L"`, one per
 * action: SlushSmall calls 27 actions a state and 20 of them stop
 * there), only where the call would get there without an error: every
 * argument a name bound to a value (binding it cannot fail), V's value a
 * function with the argument in its domain, a string at it (`=` on two
 * strings cannot fail). false: undecided, the call is made. */
static bool guard_false(tla_ev *e, tla_def *d, tla_node **args, uint32_t na, tla_ctx *c, tla_env *env) {
  if (!d->guard) guard_of(e, d);
  if (d->guard != 2 || na != d->nparams || e->init_mode || e->primed || !e->cur) return false;
  const tla_val *x = NULL;
  for (uint32_t i = 0; i < na; i++) {
    if (args[i]->kind != TK_identifier_ref) return false;
    res r = resolve_at(e, args[i], args[i]->text, c, env);
    if (r.kind != R_ENV || r.en->kind != ENV_VAL) return false;
    if (i == d->guard_param) x = r.en->val;
  }
  const tla_val *f = e->cur[d->guard_var], *v = f && f->kind == TV_FUN ? tv_apply(f, x) : NULL;
  return v && v->kind == TV_STR && v != tv_str(d->guard_str);
}

bool tla_enum(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env, const tla_cont *k) {
  tla_poll(e);
  too_deep(e, n);
  bool r = true;
  switch (n->kind) {
    case TK_parentheses: r = tla_enum(e, n->kid[0], c, env, k); break;
    case TK_label: r = tla_enum(e, tla_field_kid(n, TF_EXPRESSION), c, env, k); break;
    case TK_conj_list: {
      tla_node *items[256];
      if (n->n > 256) tla_fail(e, n, "too many conjuncts");
      for (uint32_t i = 0; i < n->n; i++) items[i] = n->kid[i]->kid[n->kid[i]->n - 1];
      r = enum_conj(e, items, n->n, c, env, k);
      break;
    }
    case TK_disj_list:
      for (uint32_t i = 0; i < n->n && r; i++) r = tla_enum(e, n->kid[i]->kid[n->kid[i]->n - 1], c, env, k);
      break;
    case TK_bound_infix_op: {
      tla_node *l = tla_field_kid(n, TF_LHS), *rh = tla_field_kid(n, TF_RHS);
      tla_kind op = tla_field_kid(n, TF_SYMBOL)->kind;
      tla_def *ud = symbol_def(e, tla_field_kid(n, TF_SYMBOL), c, env);
      if (ud) goto condition;
      if (op == TK_land) {
        tla_node *items[2] = {l, rh};
        r = enum_conj(e, items, 2, c, env, k);
      } else if (op == TK_lor) {
        r = tla_enum(e, l, c, env, k) && tla_enum(e, rh, c, env, k);
      } else if (op == TK_eq || op == TK_in) {
        int var = target_var(e, l, c, env);
        if (var < 0) goto condition;
        const tla_val *v = tla_eval(e, rh, c, env);
        if (op == TK_eq) {
          r = assign(e, var, v, k);
        } else {
          const tla_val *s = tla_enumerate(e, v, rh);
          for (uint32_t i = 0; i < s->n && r; i++) r = assign(e, var, s->e[i], k);
        }
      } else if (op == TK_implies) {
        if (!tla_eval_bool(e, l, c, env)) r = k->fn(e, k);
        else r = tla_enum(e, rh, c, env, k);
      } else {
        goto condition;
      }
      break;
    }
    case TK_bound_prefix_op: {
      tla_node *sym = tla_field_kid(n, TF_SYMBOL);
      if (sym->kind == TK_unchanged && !symbol_def(e, sym, c, env)) {
        if (e->init_mode) tla_fail(e, n, "UNCHANGED in an initial predicate");
        r = enum_unchanged(e, tla_field_kid(n, TF_RHS), c, env, k);
        break;
      }
      goto condition;
    }
    case TK_bounded_quantification: {
      tla_node *q = tla_field_kid(n, TF_QUANTIFIER);
      if (!q || q->kind != TK_exists) goto condition;
      tla_node *bs[MAXB], *body = tla_field_kid(n, TF_EXPRESSION);
      uint32_t nb = bounds_of(n, TF_BOUND, bs);
      binder b;
      if (binder_init(e, &b, bs, nb, c, env)) {
        if (e->nhints) binder_hint(e, &b);
        do r = tla_enum(e, body, c, b.env, k);
        while (r && binder_next(e, &b));
      }
      break;
    }
    case TK_if_then_else:
      r = tla_enum(e, tla_eval_bool(e, tla_field_kid(n, TF_IF), c, env) ? tla_field_kid(n, TF_THEN) : tla_field_kid(n, TF_ELSE),
                   c, env, k);
      break;
    case TK_case: {
      tla_node *arm = NULL;
      for (uint32_t i = 0; i < n->n && !arm; i++)
        if (n->kid[i]->kind == TK_case_arm && tla_eval_bool(e, n->kid[i]->kid[0], c, env)) arm = n->kid[i]->kid[1];
      for (uint32_t i = 0; i < n->n && !arm; i++)
        if (n->kid[i]->kind == TK_other_arm) arm = n->kid[i]->kid[0];
      if (!arm) tla_fail(e, n, "CASE: no arm applies");
      r = tla_enum(e, arm, c, env, k);
      break;
    }
    case TK_let_in: {
      tla_def defs[32];
      tla_env cells[32];
      tla_node *pbuf[32][16];
      tla_env *ne = let_bind(e, n, c, env, defs, cells, pbuf);
      r = tla_enum(e, tla_field_kid(n, TF_EXPRESSION), c, ne, k);
      break;
    }
    case TK_identifier_ref:
    case TK_bound_op: {
      /* a defined action: expand it */
      tla_node *name = n->kind == TK_bound_op ? tla_field_kid(n, TF_NAME) : n;
      res rs = resolve_at(e, name, name->text, c, env);
      tla_def *d = rs.kind == R_DEF ? rs.def : rs.kind == R_ENV && rs.en->kind == ENV_DEF ? rs.en->def : NULL;
      if (rs.kind == R_CONST) d = tla_core(e->m)->csubst[rs.idx];
      if (rs.kind == R_SUBST) {
        /* an instance's operator constant replaced by an operator name */
        tla_node *sn = rs.subst;
        while (sn->kind == TK_parentheses && sn->n == 1) sn = sn->kid[0];
        if (sn->kind == TK_identifier_ref) {
          res r2 = resolve(e, sn->text, rs.ctx, NULL);
          if (r2.kind == R_DEF) d = r2.def;
          else if (r2.kind == R_CONST) d = tla_core(e->m)->csubst[r2.idx];
        }
      }
      if (rs.kind == R_ENV && rs.en->kind == ENV_THUNK && n->kind == TK_identifier_ref) {
        r = tla_enum(e, rs.en->thunk, rs.en->thunk_ctx, rs.en->thunk_env, k);
        break;
      }
      if (!d || d->kind != DEF_OP || (d->nparams == 0 && def_level(e, d) < 1)) goto condition;
      tla_node *args[32];
      uint32_t na = op_args(n, args);
      if (guard_false(e, d, args, na, c, env)) break;
      arg_cells room;
      tla_env *ne = bind_args(e, d, args, na, c, env, &room, n);
      r = tla_enum(e, d->body, d->ctx, ne, k);
      break;
    }
    case TK_prefixed_op: {
      tla_ctx *ic = prefix_ctx(e, n, c, env);
      tla_node *op = tla_field_kid(n, TF_OP);
      tla_node *name = op->kind == TK_bound_op ? tla_field_kid(op, TF_NAME) : op;
      res rs = resolve(e, name->text, ic, NULL);
      if (rs.kind != R_DEF || rs.def->kind != DEF_OP) goto condition;
      tla_node *args[32];
      uint32_t na = op_args(op, args);
      arg_cells room;
      tla_env *ne = bind_args(e, rs.def, args, na, c, env, &room, n);
      r = tla_enum(e, rs.def->body, rs.def->ctx, ne, k);
      break;
    }
    case TK_step_expr_or_stutter: {
      r = tla_enum(e, n->kid[0], c, env, k);
      if (r) r = enum_unchanged(e, n->kid[1], c, env, k);
      break;
    }
    default:
    condition:
      if (tla_eval_bool(e, n, c, env)) r = k->fn(e, k);
      break;
  }
  e->depth--;
  return r;
}

void tla_eval_reset_after_error(void) { pool_reset(); }
