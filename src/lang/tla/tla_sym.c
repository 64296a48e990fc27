/* The symbolic encoding of a TLA+ model (see tla_sym.h). Subexpressions
 * that mention no state variable and no symbolically bound name are
 * evaluated by the explicit engine's evaluator (constants, sets of the
 * configuration, ranges); the rest is translated here into terms. A
 * symbolic value is a scalar term, a set as a list of cells (a guard and
 * an element: membership, union, filter and map need no universe), or a
 * function over a concrete domain (one value per element). */
#include "lang/tla/tla_sym.h"
#include <gmp.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"
#include "lang/tla/tla_eval.h"
#include "solver/solver.h"

/* SV_NONE: the value of an expression on a path where TLC stops with an
 * error (flagged) or that is never taken; every operation accepts it. */
/* SV_UNION: a value of one of several kinds (a variable holding a record
 * or a model value): alternatives el[i] of different classes, g[i] says
 * which one it is (exactly one holds). */
typedef enum { SV_BOOL, SV_INT, SV_ATOM, SV_SET, SV_FUN, SV_LAZY, SV_NONE, SV_UNION } svk;

typedef struct sv sv;
struct sv {
  svk k;
  term_t t;              /* BOOL, INT, ATOM */
  uint32_t n;
  term_t *g;             /* SET: guards */
  sv **el;               /* SET: elements; FUN: values */
  const tla_val **key;   /* FUN: the keys (a superset of the domain) */
  term_t *dg;            /* FUN: key i is in the domain (NULL: every key is) */
  term_t len;            /* FUN: a sequence's length (keys 1..n, dg[i] = i+1 <= len); else NULL_TERM */
  term_t arr;            /* SET of scalars (step mode): an SMT array element -> Bool, g[i] = arr[el[i]]; else NULL_TERM */
  bool open;             /* SET: elements beyond the cells may exist (only arr knows them) */
  const tla_val *cv;     /* the concrete value when known (always for LAZY) */
};

/* The layout of a state variable. */
typedef struct vshape vshape;
struct vshape {
  svk k;
  uint32_t n;
  const tla_val **key;   /* SET: universe; FUN: domain */
  vshape **sub;          /* FUN: per domain element; UNION: per class (NULL: absent) */
  bool seq;              /* FUN: a sequence of at most n elements (keys 1..n): a length leaf first */
  bool vdom;             /* FUN: a domain that varies within the keys: a Boolean leaf per key before its value's */
};

/* Bound names: concrete (a tla_env cell the evaluator sees), symbolic, a
 * thunk (action-level argument) or a definition (LET, operator argument). */
typedef struct senv senv;
struct senv {
  const char *name;
  sv *val;               /* symbolic (NULL: concrete or definition) */
  tla_node *thunk;       /* re-translated under a prime, or always for action-level arguments */
  tla_ctx *tctx;
  senv *tenv;
  tla_def *def;          /* LET / operator argument */
  senv *denv;            /* the definition's environment */
  tla_env cell;          /* concrete values and definitions, for the evaluator */
  tla_env *chain;        /* the evaluator's environment here */
  senv *next;
};


struct tla_sym {
  tla_model *m;
  tla_model_view mv;
  tla_ev *ev;
  ts sys;
  size_t nv;
  vshape **shape;
  uint32_t *first, *count;   /* leaves per state variable */
  term_t err;                /* the error flag */
  term_t enabled;            /* some successor exists (a quantified formula, for deadlock checks) */
  term_t constraint;         /* CONSTRAINT over the current state */
  sv **cur, **nxt;
  bool primed, init_mode;
  term_t *asg;               /* per variable: is it assigned here (x' in actions, x in Init)? */
  term_t pc;                 /* the path condition (TLC evaluates left to right) */
  term_vec errs;             /* conditions under which TLC stops with an error */
  sv *at;                    /* @ in EXCEPT */
  const tla_val **atoms;     /* strings and model values, coded by index */
  size_t natoms, capatoms, atoms_told;
  void **mem;                /* everything allocated (the arena's chunks), freed with the encoding */
  size_t nmem, capmem;
  char *arena;               /* salloc's current chunk: small blocks are bumped from it */
  size_t arena_left;
  size_t nalloc;             /* blocks salloc handed out */
  unsigned depth;
  int64_t int_lo, int_hi;    /* the integers seen in the sampled states (window of symbolic ranges) */
  const tla_val **reach;      /* every reachable state, when the sample enumerated them all (= sample) */
  const tla_val **sample;     /* the states the sample reached (owned), breadth-first */
  size_t nsample;
  tla_sample_caps caps;       /* the sample's caps (sample_budgeted) */
  double caps_cpu0;           /* limits_cpu_now() when the sample started (tla_sample_plan_rest counts from there) */
  sample_cut sample_cut;      /* why the sample stopped */
  size_t nreach, reach_init;  /* the first reach_init are the initial states */
  uint32_t *reach_edge;       /* state i's successors: reach_edge[reach_first[i] .. reach_first[i + 1]) */
  size_t *reach_first;
  term_t reach_inv, *reach_cube;
  const tla_val **reach_hint; /* SYMMETRY: successors in a known orbit, not its representative (successor cubes only) */
  size_t nhint;
  bool by_symmetry;           /* reach holds the orbits' representatives (sample_symmetric) */
  bool has_prev;              /* action invariants: the state has a copy of the previous one */
  bool has_first;             /* trace invariants: the state has a copy of the initial one */
  bool in_next;               /* layouts: translating Next (x' are the primed leaves) */
  bool in_state_pred;         /* layouts: an invariant or constraint (ENABLED's x' the primed leaves too) */
  bool ints_seen;
  /* step mode (BMC, Apalache's way): no layouts; an assignment binds the
   * variable's value on the path, branches that assign are told apart by
   * choice variables, and each new state is materialized into fresh terms */
  bool step;
  sv **val;                  /* per variable: its value on this path (x' in actions, x in Init) */
  term_vec choices;          /* the choice variables of the step being translated */
  /* CHOOSE among records/functions (no order a formula can follow): any
   * qualifying element, an over-approximation (replay decides UNSAFE);
   * only in Init/Next, where its choice is existential at the top, and
   * universal in the step's ENABLED (the deadlock query negates it) */
  bool approx;
  term_vec achoices, aconstr;
  term_vec en_choices;       /* the last step's choices (tla_step.en_choices) */
  uint32_t napprox;          /* such picks made (paths may exist only through them) */
  /* the witnesses of \E in step mode, per state they lead to: hints for the
   * replay (tla_hint), decoded from the model when taken */
  struct {
    uint32_t state;
    const tla_node *intro;
    sv *w;
    term_t when;
  } *wit;
  size_t nwit, capwit;
  unsigned in_enabled;       /* inside ENABLED: its witnesses are quantified, no hints */
  term_vec defs;             /* definitions of the materialized state */
  int pol;                   /* +1 asserted, -1 refuted, 0 both: where \E (\A) may pick a witness */
  sv ***states;              /* the materialized states 0..nstates-1 */
  uint32_t narrays;          /* set values materialized as SMT arrays */
  uint32_t nstates, capstates;
  const tla_node *unbounded;  /* a constant translated, not evaluated (its value exceeds 64 bits) */
  /* step mode: the finitely many constants a scalar term can take (range
   * index per term, -2 unknown), so that sets of compound values merge
   * their cells per value (tla_sym.c `canonical_set`) */
  term_map ranges;
  struct range { uint32_t n; term_t *v; } *rg;
  size_t nrg, caprg;
  term_t escape;              /* a merged set lost an element (a wrong range: UNKNOWN, never a verdict) */
  bool window;                /* merge with the sampled integers only (tla_steps_new) */
  uint32_t nmerged;
};

/* memcpy of n bytes that accepts empty (NULL) sources */
static void copy_vals(void *dst, const void *src, size_t n) {
  if (n) memcpy(dst, src, n);
}

static void *salloc_keep(tla_sym *s, void *p) {
  if (s->nmem == s->capmem) {
    s->capmem = s->capmem ? 2 * s->capmem : 256;
    s->mem = xrealloc(s->mem, s->capmem * sizeof *s->mem);
  }
  s->mem[s->nmem++] = p;
  return p;
}

/* Zeroed memory that lives as long as the encoding. Nothing salloc hands
 * out is freed or grown alone, so small blocks come from 1 MB chunks
 * (one malloc per chunk, no header per block: a block a malloc, kept in
 * s->mem and freed one by one, was a tenth of MultiPaxos_MC_small's run). */
enum { SALLOC_CHUNK = 1 << 20, SALLOC_BIG = 4096 };
static void *salloc(tla_sym *s, size_t n) {
  s->nalloc++;
  n = n ? (n + 15) & ~(size_t)15 : 16;
  if (n > SALLOC_BIG) return salloc_keep(s, xcalloc(1, n));
  if (s->arena_left < n) {
    s->arena = salloc_keep(s, xcalloc(1, SALLOC_CHUNK));
    s->arena_left = SALLOC_CHUNK;
  }
  void *p = s->arena;
  s->arena += n, s->arena_left -= n;
  return p;
}

/* TLC assigns x' at its first x' = e / x' \in S on a path; which branch
 * is taken is symbolic, so "assigned" is a condition per variable. */
static term_t *asg_copy(tla_sym *s) {
  term_t *a = salloc(s, (s->nv + 1) * sizeof *a);
  copy_vals(a, s->asg, s->nv * sizeof *a);
  return a;
}
static void asg_set(tla_sym *s, const term_t *a) { copy_vals(s->asg, a, s->nv * sizeof *a); }
static term_t *asg_all(tla_sym *s, term_t v) {
  term_t *a = salloc(s, (s->nv + 1) * sizeof *a);
  for (size_t i = 0; i < s->nv; i++) a[i] = v;
  return a;
}
/* Branches of a disjunction each produce their successors: a variable is
 * assigned after it if every true branch assigns it. */
static void asg_branch(tla_sym *s, term_t *acc, term_t f, const term_t *a) {
  for (size_t i = 0; i < s->nv; i++) acc[i] = term_and2(acc[i], term_implies(f, a[i]));
}

/* The path state: which variables are assigned, and (step mode) to what. */
typedef struct {
  term_t *asg;
  sv **val;
} pst;

static pst pst_save(tla_sym *s) {
  pst p = {asg_copy(s), NULL};
  if (s->step) {
    p.val = salloc(s, (s->nv + 1) * sizeof *p.val);
    copy_vals(p.val, s->val, s->nv * sizeof *p.val);
  }
  return p;
}
static void pst_load(tla_sym *s, pst p) {
  asg_set(s, p.asg);
  if (s->step) copy_vals(s->val, p.val, s->nv * sizeof *p.val);
}
static bool pst_same(const tla_sym *s, pst a, pst b) {
  for (size_t i = 0; i < s->nv; i++)
    if (a.asg[i] != b.asg[i] || (s->step && a.val[i] != b.val[i])) return false;
  return true;
}
static sv *sv_ite(tla_sym *s, term_t c, sv *a, sv *b, const tla_node *at);
/* The path state ite(c, a, b) (IF, CASE, and the branches of a choice). */
static pst pst_ite(tla_sym *s, term_t c, pst a, pst b, const tla_node *at) {
  pst r = {salloc(s, (s->nv + 1) * sizeof *r.asg), NULL};
  if (s->step) r.val = salloc(s, (s->nv + 1) * sizeof *r.val);
  for (size_t i = 0; i < s->nv; i++) {
    r.asg[i] = term_ite(c, a.asg[i], b.asg[i]);
    if (!s->step) continue;
    sv *x = a.val[i], *y = b.val[i];
    /* a branch that leaves the variable unassigned takes the other's value:
     * its flag says it is unassigned there */
    r.val[i] = !x ? y : !y || x == y || term_is_false(b.asg[i]) ? x : term_is_false(a.asg[i]) ? y : sv_ite(s, c, x, y, at);
  }
  return r;
}

_Noreturn static void unsupported(tla_sym *s, const tla_node *at, const char *what) {
  if (at)
    snprintf(s->ev->msg, sizeof s->ev->msg, "unsupported: %s at %s:%u:%u", what, at->file ? at->file : "?", at->line,
             at->col);
  else
    snprintf(s->ev->msg, sizeof s->ev->msg, "unsupported: %s", what);
  longjmp(*s->ev->jb, 1);
}

/* ---- ranges of scalar terms (step mode) ---- */
enum { RANGE_MAX = 64 };

static int32_t range_put(tla_sym *s, term_t t, const term_t *v, uint32_t n) {
  if (s->nrg == s->caprg) {
    s->caprg = s->caprg ? 2 * s->caprg : 64;
    s->rg = xrealloc(s->rg, s->caprg * sizeof *s->rg);
  }
  term_t *c = salloc(s, (n + 1) * sizeof *c);
  copy_vals(c, v, n * sizeof *c);
  s->rg[s->nrg] = (struct range){n, c};
  term_map_put(&s->ranges, t, (int32_t)s->nrg);
  return (int32_t)s->nrg++;
}

static int32_t range_of(tla_sym *s, term_t t, unsigned depth);

/* a + b (a floor + 1): the sums of their ranges' constants */
static int32_t range_sum(tla_sym *s, term_t t, unsigned depth) {
  int32_t a = range_of(s, term_arg(t, 0), depth + 1), b = a < 0 ? -2 : range_of(s, term_arg(t, 1), depth + 1);
  term_t u[RANGE_MAX];
  uint32_t n = 0;
  for (uint32_t i = 0; b >= 0 && i < s->rg[a].n; i++)
    for (uint32_t j = 0; b >= 0 && j < s->rg[b].n; j++) {
      term_t x = term_add2(s->rg[a].v[i], s->rg[b].v[j]);
      uint32_t k = 0;
      while (k < n && u[k] != x) k++;
      if (k < n) continue;
      if (n == RANGE_MAX || !term_is_const(x)) b = -2;
      else u[n++] = x;
    }
  if (b < 0) {
    term_map_put(&s->ranges, t, -2);
    return -2;
  }
  return range_put(s, t, u, n);
}

/* The index of t's range (every value t takes under the definitions), or
 * -2: constants, registered variables (atoms, choices from constant sets,
 * materialized values) and ite over them. */
static int32_t range_of(tla_sym *s, term_t t, unsigned depth) {
  int32_t r = term_map_get(&s->ranges, t);
  if (r != -1) return r;
  if (term_is_const(t)) return range_put(s, t, &t, 1);
  if (depth > 64 || term_is_negated(t)) return -2;
  if (term_op_of(t) == OP_ADD && term_nargs(t) == 2) return range_sum(s, t, depth);
  if (term_op_of(t) != OP_ITE) return -2;
  int32_t a = range_of(s, term_arg(t, 1), depth + 1), b = a < 0 ? -2 : range_of(s, term_arg(t, 2), depth + 1);
  if (a < 0 || b < 0) {
    term_map_put(&s->ranges, t, -2);
    return -2;
  }
  term_t u[2 * RANGE_MAX];
  uint32_t n = 0;
  for (int side = 0; side < 2; side++) {
    const struct range *g = &s->rg[side ? b : a];   /* re-read: range_put may move rg */
    for (uint32_t i = 0; i < g->n; i++) {
      uint32_t j = 0;
      while (j < n && u[j] != g->v[i]) j++;
      if (j == n) u[n++] = g->v[i];
    }
  }
  if (n > RANGE_MAX) {
    term_map_put(&s->ranges, t, -2);
    return -2;
  }
  return range_put(s, t, u, n);
}

/* ---- values ---- */
/* Strings and model values: integer codes in the fixed layouts (the TS
 * engines); in step mode constants of an uninterpreted sort, pairwise
 * distinct (tla_steps_axioms), which the solver handles by congruence
 * rather than arithmetic. */
static term_t atom_term(const tla_sym *s, size_t i) {
  if (!s->step) return term_int((long)i);
  char nm[32];
  snprintf(nm, sizeof nm, "tla_atom#%zu", i);
  return term_var(nm, type_sort("TlaAtom"));
}

static term_t atom_code(tla_sym *s, const tla_val *v) {
  for (size_t i = 0; i < s->natoms; i++)
    if (s->atoms[i] == v) return atom_term(s, i);
  if (s->natoms == s->capatoms) {
    s->capatoms = s->capatoms ? 2 * s->capatoms : 32;
    s->atoms = xrealloc(s->atoms, s->capatoms * sizeof *s->atoms);
  }
  s->atoms[s->natoms] = v;
  term_t t = atom_term(s, s->natoms++);
  if (s->step) range_put(s, t, &t, 1);
  return t;
}

static sv *sv_new(tla_sym *s, svk k, uint32_t n) {
  sv *v = salloc(s, sizeof *v);
  v->k = k;
  v->n = n;
  if (k == SV_SET || k == SV_UNION) v->g = salloc(s, n * sizeof *v->g);
  if (k == SV_SET || k == SV_FUN || k == SV_UNION) v->el = salloc(s, n * sizeof *v->el);
  if (k == SV_FUN) v->key = salloc(s, n * sizeof *v->key);
  v->len = v->arr = NULL_TERM;
  return v;
}

static sv *sv_scalar(tla_sym *s, svk k, term_t t) {
  sv *v = sv_new(s, k, 0);
  v->t = t;
  return v;
}

static sv *sv_const(tla_sym *s, const tla_val *c, const tla_node *at) {
  sv *v;
  switch (c->kind) {
    case TV_BOOL: v = sv_scalar(s, SV_BOOL, term_bool(c->i != 0)); break;
    case TV_INT: v = sv_scalar(s, SV_INT, term_int((long)c->i)); break;
    case TV_STR:
    case TV_MODEL: v = sv_scalar(s, SV_ATOM, atom_code(s, c)); break;
    case TV_SET:
      if (c->n > 100000) unsupported(s, at, "a set of more than 100000 elements");
      v = sv_new(s, SV_SET, c->n);
      for (uint32_t i = 0; i < c->n; i++) v->g[i] = term_true(), v->el[i] = sv_const(s, c->e[i], at);
      break;
    case TV_FUN:
      v = sv_new(s, SV_FUN, c->n);
      for (uint32_t i = 0; i < c->n; i++) v->key[i] = c->e[i], v->el[i] = sv_const(s, c->v[i], at);
      break;
    default: v = sv_new(s, SV_LAZY, 0); break;
  }
  v->cv = c;
  return v;
}

static int key_index(const sv *f, const tla_val *k) {
  for (uint32_t i = 0; i < f->n; i++)
    if (f->key[i] == k) return (int)i;
  return -1;
}

static bool same_domain(const sv *a, const sv *b) {
  if (a->n != b->n || a->dg || b->dg) return false;
  for (uint32_t i = 0; i < a->n; i++)
    if (key_index(b, a->key[i]) < 0) return false;
  return true;
}

static term_t dom_g(const sv *f, uint32_t i) { return f->dg ? f->dg[i] : term_true(); }

/* Are the keys 1..n in order (whatever the domain guards)? */
static bool seq_keys_plain(const sv *f) {
  for (uint32_t i = 0; i < f->n; i++)
    if (f->key[i]->kind != TV_INT || f->key[i]->i != (int64_t)i + 1) return false;
  return true;
}

/* Are the keys 1..n in order (a sequence, of length n or len)? */
static bool seq_keys(const sv *f) {
  if (f->k != SV_FUN) return false;
  for (uint32_t i = 0; i < f->n; i++)
    if (f->key[i]->kind != TV_INT || f->key[i]->i != (int64_t)i + 1) return false;
  return !f->dg || f->len != NULL_TERM;
}

/* A sequence of at most cap elements (el filled by the caller) and length
 * len; a literal length gives a plain tuple. */
static sv *seq_new(tla_sym *s, uint32_t cap, term_t len) {
  if (len == NULL_TERM) len = term_int((long)cap);
  if (term_is_const(len)) {
    mpq_t q;
    mpq_init(q);
    term_rat_value(len, q);
    long k = mpz_get_si(mpq_numref(q));
    mpq_clear(q);
    if (k >= 0 && (uint64_t)k <= cap) cap = (uint32_t)k, len = NULL_TERM;
  }
  sv *r = sv_new(s, SV_FUN, cap);
  for (uint32_t i = 0; i < cap; i++) r->key[i] = tv_int((int64_t)i + 1);
  if (len != NULL_TERM) {
    r->len = len;
    r->dg = salloc(s, (cap + 1) * sizeof *r->dg);
    for (uint32_t i = 0; i < cap; i++) r->dg[i] = term_le(term_int((long)i + 1), len);
  }
  return r;
}

static term_t seq_len_of(const sv *f) { return f->len != NULL_TERM ? f->len : term_int((long)f->n); }

static term_t sv_eq(tla_sym *s, const sv *a, const sv *b, const tla_node *at);

static void add_error(tla_sym *s, term_t cond) {
  term_t c = term_and2(s->pc, cond);
  if (!term_is_false(c)) term_vec_push(&s->errs, c);
}

/* ---- values of several kinds (SV_UNION) ---- */
enum { K_BOOL, K_INT, K_ATOM, K_SET, K_FUN, NK };
static int klass(const sv *v) {
  switch (v->k) {
    case SV_BOOL: return K_BOOL;
    case SV_INT: return K_INT;
    case SV_ATOM: return K_ATOM;
    case SV_SET:
    case SV_LAZY: return K_SET;
    case SV_FUN: return K_FUN;
    default: return -1;
  }
}

/* v as (guard, value) per class (a plain value: one class, guard true). */
static void alts_of(const sv *v, term_t g[NK], sv *a[NK]) {
  for (int k = 0; k < NK; k++) g[k] = term_false(), a[k] = NULL;
  if (v->k == SV_UNION) {
    for (uint32_t i = 0; i < v->n; i++) g[klass(v->el[i])] = v->g[i], a[klass(v->el[i])] = v->el[i];
  } else if (klass(v) >= 0) {
    g[klass(v)] = term_true(), a[klass(v)] = (sv *)v;
  }
}

static sv *sv_none(tla_sym *s);
static sv *union_make(tla_sym *s, const term_t g[NK], sv *const a[NK]) {
  uint32_t n = 0;
  for (int k = 0; k < NK; k++) n += a[k] && !term_is_false(g[k]);
  if (n == 0) return sv_none(s);
  sv *r = sv_new(s, SV_UNION, n);
  n = 0;
  for (int k = 0; k < NK; k++)
    if (a[k] && !term_is_false(g[k])) r->g[n] = g[k], r->el[n++] = a[k];
  return n == 1 ? r->el[0] : r;
}

/* The alternative of class k (TLC's error where v is of another kind). */
static sv *proj(tla_sym *s, sv *v, int k) {
  if (v->k == SV_NONE || klass(v) == k) return v;
  if (v->k != SV_UNION) {
    /* a value of another kind: TLC's error on this path */
    add_error(s, term_true());
    return sv_none(s);
  }
  term_t g[NK];
  sv *a[NK];
  alts_of(v, g, a);
  add_error(s, term_not(g[k]));
  return a[k] ? a[k] : sv_none(s);
}

static term_t sv_eq(tla_sym *s, const sv *a, const sv *b, const tla_node *at);
/* a = b across kinds: the same class and equal there; comparing values of
 * different kinds is TLC's error unless one is a string or model value. */
static term_t union_eq(tla_sym *s, const sv *a, const sv *b, const tla_node *at) {
  term_t ga[NK], gb[NK];
  sv *va[NK], *vb[NK];
  alts_of(a, ga, va), alts_of(b, gb, vb);
  term_t r = term_false();
  for (int k = 0; k < NK; k++)
    if (va[k] && vb[k]) r = term_or2(r, term_and2(term_and2(ga[k], gb[k]), sv_eq(s, va[k], vb[k], at)));
  for (int k = 0; k < NK; k++)
    for (int l = 0; l < NK; l++)
      if (k != l && k != K_ATOM && l != K_ATOM && va[k] && vb[l]) add_error(s, term_and2(ga[k], gb[l]));
  return r;
}

static sv *union_ite(tla_sym *s, term_t c, sv *a, sv *b, const tla_node *at) {
  term_t ga[NK], gb[NK], g[NK];
  sv *va[NK], *vb[NK], *v[NK];
  alts_of(a, ga, va), alts_of(b, gb, vb);
  for (int k = 0; k < NK; k++) {
    v[k] = va[k] && vb[k] ? sv_ite(s, c, va[k], vb[k], at) : va[k] ? va[k] : vb[k];
    g[k] = term_ite(c, ga[k], gb[k]);
  }
  return union_make(s, g, v);
}

static bool is_scalar(svk k);
static type_t sort_of(const tla_sym *s, svk k);
/* ---- sets as SMT arrays (the arrays encoding): element -> Bool ---- */
static svk arr_kind(const tla_sym *s, term_t arr) {
  type_t i = type_array_index(term_type(arr));
  return i == type_bool() ? SV_BOOL : i == type_int() ? SV_INT : i == sort_of(s, SV_ATOM) ? SV_ATOM : SV_LAZY;
}

/* The array of a set of scalars of kind k given by its cells: O(n) stores. */
static term_t cells_array(tla_sym *s, const sv *set, svk k) {
  if (set->arr != NULL_TERM) return set->arr;
  term_t a = term_const_array(type_array(sort_of(s, k), type_bool()), term_false());
  for (uint32_t i = 0; i < set->n; i++)
    if (!term_is_false(set->g[i])) a = term_store(a, set->el[i]->t, term_or2(term_select(a, set->el[i]->t), set->g[i]));
  return a;
}

/* The kind of the scalars a set holds (SV_LAZY: mixed, compound or none). */
static svk elem_kind(const tla_sym *s, const sv *set) {
  if (set->arr != NULL_TERM) return arr_kind(s, set->arr);
  svk k = SV_LAZY;
  for (uint32_t i = 0; i < set->n; i++) {
    if (!is_scalar(set->el[i]->k) || (k != SV_LAZY && set->el[i]->k != k)) return SV_LAZY;
    k = set->el[i]->k;
  }
  return k;
}

static void enumerable(tla_sym *s, const sv *set, const tla_node *at) {
  if (set->open) unsupported(s, at, "enumerating a set known only as an SMT array (a subset of an infinite set)");
}

static term_t sv_mem(tla_sym *s, const sv *x, const sv *set, const tla_node *at) {
  if (set->arr != NULL_TERM && is_scalar(x->k)) {
    /* O(1): the array's entry */
    return x->k == arr_kind(s, set->arr) ? term_select(set->arr, x->t) : term_false();
  }
  if (set->open) unsupported(s, at, "membership of a compound value in a set known only as an SMT array");
  term_t *d = salloc(s, (set->n + 1) * sizeof *d);
  for (uint32_t i = 0; i < set->n; i++) d[i] = term_and2(set->g[i], sv_eq(s, set->el[i], x, at));
  return term_or(set->n, d);
}

static bool is_scalar(svk k) { return k == SV_BOOL || k == SV_INT || k == SV_ATOM; }

/* The number of elements of a lazy set built from finite sets (SUBSET,
 * [S -> T], [a : S], ...) without enumerating it; -1 if it is infinite or
 * not known, or above 2^40. */
static double lazy_card(const tla_val *t) {
  double a, b;
  switch (t->kind) {
    case TV_SET: return t->n;
    case TV_SUBSET:
      a = lazy_card(t->e[0]);
      return a < 0 || a > 40 ? -1 : ldexp(1, (int)a);
    case TV_FUNSET:
      a = lazy_card(t->e[0]), b = lazy_card(t->e[1]);
      if (a < 0 || b < 0) return -1;
      if (b <= 1 || a == 0) return b == 0 && a > 0 ? 0 : 1;
      return a * log2(b) > 40 ? -1 : pow(b, a);
    case TV_RECSET:
      a = 1;
      for (uint32_t i = 0; i + 1 < t->n; i += 2) {
        b = lazy_card(t->e[i + 1]);
        if (b < 0) return -1;
        a *= b;
        if (a > 1099511627776.0) return -1;
      }
      return a;
    default: return -1;
  }
}

/* A lazy set's elements when it is finite with at most `cap` of them
 * (without evaluating anything otherwise); NULL if not. */
#define LAZY_COMPARED 10000
#define SUBSET_UNIVERSE 1024   /* a set layout's leaves from a lazy type */
static const tla_val *enumerate_small(tla_sym *s, const tla_val *t, double cap, const tla_node *at) {
  double n = lazy_card(t);
  return n < 0 || n > cap ? NULL : tla_enumerate(s->ev, t, at);
}

static term_t sv_eq(tla_sym *s, const sv *a, const sv *b, const tla_node *at) {
  if (a->cv && b->cv) return term_bool(a->cv == b->cv);
  if (a->k == SV_NONE || b->k == SV_NONE) return term_false();
  if (a->k == SV_UNION || b->k == SV_UNION || klass(a) != klass(b)) return union_eq(s, a, b, at);
  if (a->k == SV_LAZY || b->k == SV_LAZY) {
    /* a finite set written lazily (Slush's `message = [type : {T}, pid : P]`) is compared by its elements */
    const tla_val *e = enumerate_small(s, (a->k == SV_LAZY ? a : b)->cv, LAZY_COMPARED, at);
    if (!e) unsupported(s, at, "comparison with an infinite set (or one of more than 10000 elements)");
    sv *c = sv_const(s, e, at);
    return a->k == SV_LAZY ? sv_eq(s, c, b, at) : sv_eq(s, a, c, at);
  }
  if (is_scalar(a->k)) return term_eq(a->t, b->t);
  if (a->k == SV_SET && b->k == SV_SET && (a->arr != NULL_TERM || b->arr != NULL_TERM)) {
    /* extensional equality of the arrays (both false outside their elements) */
    svk k = elem_kind(s, a->arr != NULL_TERM ? a : b), ka = elem_kind(s, a), kb = elem_kind(s, b);
    if ((a->n || a->arr != NULL_TERM) && ka != k) unsupported(s, at, "comparing a set of scalars with a set of other values");
    if ((b->n || b->arr != NULL_TERM) && kb != k) unsupported(s, at, "comparing a set of scalars with a set of other values");
    return term_eq(cells_array(s, a, k), cells_array(s, b, k));
  }
  if (a->k == SV_SET && b->k == SV_SET) {
    term_t *c = salloc(s, (a->n + b->n + 1) * sizeof *c);
    for (uint32_t i = 0; i < a->n; i++) c[i] = term_implies(a->g[i], sv_mem(s, a->el[i], b, at));
    for (uint32_t j = 0; j < b->n; j++) c[a->n + j] = term_implies(b->g[j], sv_mem(s, b->el[j], a, at));
    return term_and(a->n + b->n, c);
  }
  if (a->k == SV_FUN && b->k == SV_FUN) {
    /* the same domain, and the same value at each of its keys */
    term_t *c = salloc(s, (a->n + b->n + 1) * sizeof *c);
    uint32_t n = 0;
    for (uint32_t i = 0; i < a->n; i++) {
      int j = key_index(b, a->key[i]);
      term_t da = dom_g(a, i), db = j < 0 ? term_false() : dom_g(b, (uint32_t)j);
      c[n++] = term_iff(da, db);
      if (j >= 0 && !term_is_false(da)) c[n++] = term_implies(da, sv_eq(s, a->el[i], b->el[j], at));
    }
    for (uint32_t j = 0; j < b->n; j++)
      if (key_index(a, b->key[j]) < 0) c[n++] = term_not(dom_g(b, j));
    /* the guards alone give <<>> only len <= 0 and a sequence at the
     * layout's capacity only len >= cap: such a length decodes as no value */
    if ((a->len != NULL_TERM || b->len != NULL_TERM) && seq_keys(a) && seq_keys(b))
      c[n++] = term_eq(seq_len_of(a), seq_len_of(b));
    return term_and(n, c);
  }
  unsupported(s, at, "this comparison");
}

/* A cell's element as a key: its concrete value, else the value itself. */
static const void *cell_key(const sv *e) { return e->cv ? (const void *)e->cv : (const void *)e; }
/* Two cells of a set hold the same element (a cell each, merged). */
static inline bool same_cell(const sv *a, const sv *b) { return cell_key(a) == cell_key(b); }
/* A cell's first slot in an open-addressing table of cap (a power of 2) slots. */
static inline uint32_t cell_slot(const sv *e, uint32_t cap) {
  return (uint32_t)(((uintptr_t)cell_key(e) >> 4) * 2654435761u) & (cap - 1);
}

/* if c then a else b, two sets given by cells: a cell of each with the
 * same element (the same symbolic value or the same concrete one) is one
 * cell guarded by if c then ga else gb, which is ga when both branches
 * kept the cell (x' = x \cup {m} in every disjunct: the old cells stay
 * as they are instead of a copy per branch, each guarded by its branch,
 * Paxos's `messages` gained 128 cells per choice). Exact: the element
 * is in the result iff it is in the chosen branch's set. */
static sv *set_ite(tla_sym *s, term_t c, const sv *a, const sv *b) {
  sv *r = sv_new(s, SV_SET, a->n + b->n);
  uint32_t cap = 16;
  while (cap < 2 * b->n + 2) cap *= 2;
  uint32_t *slot = xcalloc(cap, sizeof *slot);   /* b's cell index + 1 per slot, 0 empty */
  bool *used = xcalloc(b->n + 1, sizeof *used);
  for (uint32_t j = 0; j < b->n; j++) {
    uint32_t h = cell_slot(b->el[j], cap);
    while (slot[h]) h = (h + 1) & (cap - 1);
    slot[h] = j + 1;
  }
  uint32_t n = 0;
  for (uint32_t i = 0; i < a->n; i++) {
    uint32_t h = cell_slot(a->el[i], cap);
    int match = -1;
    for (; slot[h]; h = (h + 1) & (cap - 1)) {
      uint32_t j = slot[h] - 1;
      if (!used[j] && same_cell(b->el[j], a->el[i])) {
        match = (int)j;
        break;
      }
    }
    if (match >= 0) {
      used[match] = true;
      r->g[n] = term_ite(c, a->g[i], b->g[match]);
    } else {
      r->g[n] = term_and2(c, a->g[i]);
    }
    r->el[n++] = a->el[i];
  }
  for (uint32_t j = 0; j < b->n; j++)
    if (!used[j]) r->g[n] = term_and2(term_not(c), b->g[j]), r->el[n++] = b->el[j];
  r->n = n;
  free(slot);
  free(used);
  return r;
}

static sv *sv_ite(tla_sym *s, term_t c, sv *a, sv *b, const tla_node *at) {
  if (term_is_true(c) || b->k == SV_NONE) return a;
  if (term_is_false(c) || a->k == SV_NONE) return b;
  if (a->cv && a->cv == b->cv) return a;
  if (a->k == SV_UNION || b->k == SV_UNION || klass(a) != klass(b)) return union_ite(s, c, a, b, at);
  if (is_scalar(a->k)) return sv_scalar(s, a->k, term_ite(c, a->t, b->t));
  if (a->k == SV_SET && b->k == SV_SET && (a->arr != NULL_TERM || b->arr != NULL_TERM)) {
    svk k = elem_kind(s, a->arr != NULL_TERM ? a : b);
    if ((a->n && elem_kind(s, a) != k) || (b->n && elem_kind(s, b) != k))
      unsupported(s, at, "a choice between a set of scalars and a set of other values");
    sv *r = sv_new(s, SV_SET, a->n + b->n);
    for (uint32_t i = 0; i < a->n; i++) r->g[i] = term_and2(c, a->g[i]), r->el[i] = a->el[i];
    for (uint32_t j = 0; j < b->n; j++) r->g[a->n + j] = term_and2(term_not(c), b->g[j]), r->el[a->n + j] = b->el[j];
    r->arr = term_ite(c, cells_array(s, a, k), cells_array(s, b, k));
    r->open = a->open || b->open;
    return r;
  }
  if (a->k == SV_SET && b->k == SV_SET) return set_ite(s, c, a, b);
  if (a->k == SV_FUN && b->k == SV_FUN && same_domain(a, b)) {
    sv *r = sv_new(s, SV_FUN, a->n);
    for (uint32_t i = 0; i < a->n; i++)
      r->key[i] = a->key[i], r->el[i] = sv_ite(s, c, a->el[i], b->el[key_index(b, a->key[i])], at);
    return r;
  }
  if (a->k == SV_FUN && b->k == SV_FUN && seq_keys(a) && seq_keys(b)) {
    /* sequences of different lengths */
    sv *r = seq_new(s, a->n > b->n ? a->n : b->n, term_ite(c, seq_len_of(a), seq_len_of(b)));
    for (uint32_t i = 0; i < r->n; i++)
      r->el[i] = i >= a->n ? b->el[i] : i >= b->n ? a->el[i] : sv_ite(s, c, a->el[i], b->el[i], at);
    return r;
  }
  if (a->k == SV_FUN && b->k == SV_FUN) {
    /* functions with different domains: the keys of both, each in the domain of the one chosen */
    sv *r = sv_new(s, SV_FUN, a->n + b->n);
    r->dg = salloc(s, (a->n + b->n + 1) * sizeof *r->dg);
    uint32_t n = 0;
    for (uint32_t i = 0; i < a->n; i++) {
      int j = key_index(b, a->key[i]);
      r->key[n] = a->key[i];
      r->dg[n] = term_ite(c, dom_g(a, i), j < 0 ? term_false() : dom_g(b, (uint32_t)j));
      r->el[n++] = j < 0 ? a->el[i] : sv_ite(s, c, a->el[i], b->el[j], at);
    }
    for (uint32_t j = 0; j < b->n; j++)
      if (key_index(a, b->key[j]) < 0) r->key[n] = b->key[j], r->dg[n] = term_and2(term_not(c), dom_g(b, j)), r->el[n++] = b->el[j];
    r->n = n;
    return r;
  }
  unsupported(s, at, "a choice between functions with different domains or between a set and a function");
}

static term_t as_bool(tla_sym *s, const sv *v, const tla_node *at) {
  v = proj(s, (sv *)v, K_BOOL);
  if (v->k == SV_NONE) return term_false();
  if (v->k != SV_BOOL) unsupported(s, at, "a non-Boolean where a Boolean is expected");
  return v->t;
}
static term_t as_int(tla_sym *s, const sv *v, const tla_node *at) {
  v = proj(s, (sv *)v, K_INT);
  if (v->k == SV_NONE) return term_int(0);
  if (v->k != SV_INT) unsupported(s, at, "a non-integer where an integer is expected");
  return v->t;
}

static sv *sv_none(tla_sym *s) { return sv_new(s, SV_NONE, 0); }

/* A finite set's cells (concrete sets enumerated). */
static sv *as_set(tla_sym *s, sv *v, const tla_node *at) {
  v = proj(s, v, K_SET);
  if (v->k == SV_SET) return v;
  if (v->k == SV_NONE) return sv_new(s, SV_SET, 0);
  if (v->k == SV_LAZY && v->cv && v->cv->kind != TV_SET) {
    const tla_val *e = tla_enumerate(s->ev, v->cv, at);
    if (e->n > 100000) unsupported(s, at, "a set of more than 100000 elements");
    return sv_const(s, e, at);
  }
  unsupported(s, at, "a non-set where a set is expected");
}


/* Only the keys k[0..n) (stride apart in k) are in f's domain (those are known to be keys of f). */
static term_t dom_exactly(tla_sym *s, const sv *f, const tla_val **k, uint32_t n, uint32_t stride) {
  term_t *c = salloc(s, (f->n + 1) * sizeof *c);
  uint32_t m = 0;
  for (uint32_t i = 0; i < f->n; i++) {
    bool in = false;
    for (uint32_t j = 0; j < n && !in; j++) in = k[j * stride] == f->key[i];
    if (!in) c[m++] = term_not(dom_g(f, i));
  }
  return term_and(m, c);
}

/* x is a sequence: a function whose domain is 1..k for some k. Keys 1..n
 * in order with a length (or all in the domain): yes; else per key, in the
 * domain only if it is a positive integer whose predecessors are keys in
 * the domain too (a function whose domain varies, or a fixed domain of
 * other keys). */
static term_t seq_domain(tla_sym *s, const sv *x) {
  if (x->k != SV_FUN) return term_false();
  if (seq_keys(x)) return term_true();
  term_t *c = salloc(s, (x->n + 1) * sizeof *c);
  for (uint32_t i = 0; i < x->n; i++) {
    const tla_val *k = x->key[i];
    term_t ok = term_bool(k->kind == TV_INT && k->i >= 1 && k->i <= (int64_t)x->n);
    for (int64_t j = 1; !term_is_false(ok) && j < k->i; j++) {
      int at = -1;
      for (uint32_t l = 0; l < x->n && at < 0; l++)
        if (x->key[l]->kind == TV_INT && x->key[l]->i == j) at = (int)l;
      ok = at < 0 ? term_false() : term_and2(ok, dom_g(x, (uint32_t)at));
    }
    c[i] = term_implies(dom_g(x, i), ok);
  }
  return term_and(x->n, c);
}

/* x \in a concrete set that may be infinite or lazy. */
static term_t mem_concrete(tla_sym *s, sv *x, const tla_val *set, const tla_node *at) {
  if (x->k == SV_UNION) {
    term_t r = term_false();
    for (uint32_t i = 0; i < x->n; i++) r = term_or2(r, term_and2(x->g[i], mem_concrete(s, x->el[i], set, at)));
    return r;
  }
  switch (set->kind) {
    case TV_NAT: return x->k == SV_INT ? term_ge(x->t, term_int(0)) : term_false();
    case TV_INTS: return term_bool(x->k == SV_INT);
    case TV_SUBSET: {
      if (x->k != SV_SET) return term_false();
      if (x->open) {
        if (set->e[0]->kind == TV_INTS && arr_kind(s, x->arr) == SV_INT) return term_true();
        unsupported(s, at, "membership of a set known only as an SMT array in this SUBSET");
      }
      term_t *c = salloc(s, (x->n + 1) * sizeof *c);
      for (uint32_t i = 0; i < x->n; i++) c[i] = term_implies(x->g[i], mem_concrete(s, x->el[i], set->e[0], at));
      return term_and(x->n, c);
    }
    case TV_FUNSET: {
      if (x->k != SV_FUN) return term_false();
      const tla_val *d = tla_enumerate(s->ev, set->e[0], at);
      term_t *c = salloc(s, (d->n + x->n + 1) * sizeof *c);
      for (uint32_t i = 0; i < d->n; i++) {
        int k = key_index(x, d->e[i]);
        if (k < 0) return term_false();
        c[i] = term_and2(dom_g(x, (uint32_t)k), mem_concrete(s, x->el[k], set->e[1], at));
      }
      return term_and2(term_and(d->n, c), dom_exactly(s, x, d->e, d->n, 1));
    }
    case TV_RECSET: {
      if (x->k != SV_FUN) return term_false();
      term_t *c = salloc(s, (set->n / 2 + 1) * sizeof *c);
      const tla_val **fields = salloc(s, (set->n / 2 + 1) * sizeof *fields);
      for (uint32_t i = 0; i < set->n / 2; i++) {
        int k = key_index(x, fields[i] = set->e[2 * i]);
        if (k < 0) return term_false();
        c[i] = term_and2(dom_g(x, (uint32_t)k), mem_concrete(s, x->el[k], set->e[2 * i + 1], at));
      }
      return term_and2(term_and(set->n / 2, c), dom_exactly(s, x, fields, set->n / 2, 1));
    }
    case TV_CUP: return term_or2(mem_concrete(s, x, set->e[0], at), mem_concrete(s, x, set->e[1], at));
    case TV_DIFF: return term_and2(mem_concrete(s, x, set->e[0], at), term_not(mem_concrete(s, x, set->e[1], at)));
    case TV_STRING: {
      /* one of the strings known here (x's terms can hold no other) */
      if (x->k != SV_ATOM) return term_false();
      term_t r = term_false();
      for (size_t i = 0; i < s->natoms; i++)
        if (s->atoms[i]->kind == TV_STR) r = term_or2(r, term_eq(x->t, atom_term(s, i)));
      return r;
    }
    case TV_SEQSET: {
      /* a sequence whose elements are in S */
      if (x->k != SV_FUN) return term_false();
      term_t *c = salloc(s, (x->n + 2) * sizeof *c);
      for (uint32_t i = 0; i < x->n; i++) c[i] = term_implies(dom_g(x, i), mem_concrete(s, x->el[i], set->e[0], at));
      c[x->n] = seq_keys(x) ? term_ge(seq_len_of(x), term_int(0)) : seq_domain(s, x);   /* a length leaf is an integer */
      return term_and(x->n + 1, c);
    }
    case TV_SET: {
      term_t *d = salloc(s, (set->n + 1) * sizeof *d);
      bool ints = x->k == SV_INT;
      for (uint32_t i = 0; i < set->n && ints; i++) ints = set->e[i]->kind == TV_INT;
      if (ints) {
        /* runs of consecutive integers as intervals (many disequalities are
         * hard for the arithmetic solver: x \in 0..100 took Z3 4 s) */
        uint32_t n = 0;
        for (uint32_t i = 0; i < set->n;) {
          uint32_t j = i;
          while (j + 1 < set->n && set->e[j]->i < INT64_MAX && set->e[j + 1]->i == set->e[j]->i + 1) j++;
          term_t lo = term_int((long)set->e[i]->i), hi = term_int((long)set->e[j]->i);
          d[n++] = i == j ? term_eq(x->t, lo) : term_and2(term_le(lo, x->t), term_le(x->t, hi));
          i = j + 1;
        }
        return term_or(n, d);
      }
      for (uint32_t i = 0; i < set->n; i++) d[i] = sv_eq(s, x, sv_const(s, set->e[i], at), at);
      return term_or(set->n, d);
    }
    default: unsupported(s, at, "membership in this kind of infinite set");
  }
}

static term_t sv_in(tla_sym *s, sv *x, sv *set, const tla_node *at) {
  if (set->cv) return mem_concrete(s, x, set->cv, at);
  return sv_mem(s, x, as_set(s, set, at), at);
}

/* ---- step mode: choices ---- */
static term_t choice_var(tla_sym *s, type_t ty) {
  term_t v = term_fresh_var("tla_ch", ty);
  term_vec_push(&s->choices, v);
  return v;
}

static type_t sort_of(const tla_sym *s, svk k) {
  return k == SV_BOOL ? type_bool() : k == SV_ATOM && s->step ? type_sort("TlaAtom") : type_int();
}

/* One of n values: an oracle (a choice) picks it; cond says the pick is
 * one whose guard holds. */
static sv *choose_oracle(tla_sym *s, uint32_t n, sv **el, const term_t *g, term_t *cond, const tla_node *at) {
  if (g) {
    /* a cell whose guard is false is never picked: left out, so that the
     * pick's value is no choice among elements it cannot be (a witness of
     * `\E m \in {m \in msgs : m.type = "P1a"}` was a record with every
     * kind's fields, each field access an error to refute) */
    uint32_t live = 0;
    for (uint32_t i = 0; i < n; i++) live += !term_is_false(g[i]);
    if (live == 0) {
      *cond = term_false();
      return n ? el[0] : sv_none(s);
    }
    if (live < n) {
      sv **e2 = salloc(s, (live + 1) * sizeof *e2);
      term_t *g2 = salloc(s, (live + 1) * sizeof *g2);
      uint32_t m = 0;
      for (uint32_t i = 0; i < n; i++)
        if (!term_is_false(g[i])) e2[m] = el[i], g2[m++] = g[i];
      el = e2, g = g2, n = live;
    }
  }
  if (n == 1) {
    *cond = g ? g[0] : term_true();
    return el[0];
  }
  term_t o = choice_var(s, type_int());
  term_t *parts = salloc(s, (n + 1) * sizeof *parts);
  sv *r = el[n - 1];
  for (uint32_t i = n; i-- > 0;) {
    term_t hit = term_eq(o, term_int((long)i));
    parts[i] = g ? term_and2(hit, g[i]) : hit;
    if (i + 1 < n) r = sv_ite(s, hit, el[i], r, at);
  }
  *cond = term_or(n, parts);
  return r;
}

/* The kind all elements share when they are scalars (else SV_LAZY). */
static svk scalar_kind(const sv *set) {
  svk k = SV_LAZY;
  for (uint32_t i = 0; i < set->n; i++) {
    if (!is_scalar(set->el[i]->k) || (k != SV_LAZY && set->el[i]->k != k)) return SV_LAZY;
    k = set->el[i]->k;
  }
  return k;
}

static sv *choose_concrete(tla_sym *s, const tla_val *t, term_t *cond, const tla_node *at, unsigned depth);

/* A choice v among the scalars el (when it holds): their ranges joined. */
static void range_choice(tla_sym *s, term_t v, uint32_t n, sv **el) {
  term_t u[RANGE_MAX];
  uint32_t m = 0;
  for (uint32_t i = 0; i < n; i++) {
    int32_t r = range_of(s, el[i]->t, 0);
    if (r < 0) return;
    for (uint32_t j = 0; j < s->rg[r].n; j++) {
      uint32_t l = 0;
      while (l < m && u[l] != s->rg[r].v[j]) l++;
      if (l < m) continue;
      if (m == RANGE_MAX) return;
      u[m++] = s->rg[r].v[j];
    }
  }
  range_put(s, v, u, m);
}

/* A fresh element of a symbolic set (its cells). */
static sv *choose_cells(tla_sym *s, sv *set, term_t *cond, const tla_node *at) {
  if (set->arr != NULL_TERM) {
    /* a fresh scalar whose array entry holds */
    svk k = arr_kind(s, set->arr);
    term_t v = choice_var(s, sort_of(s, k));
    *cond = term_select(set->arr, v);
    return sv_scalar(s, k, v);
  }
  if (!set->n) {
    *cond = term_false();
    return sv_none(s);
  }
  svk k = scalar_kind(set);
  if (k == SV_LAZY) return choose_oracle(s, set->n, set->el, set->g, cond, at);
  term_t v = choice_var(s, sort_of(s, k));
  term_t *parts = salloc(s, (set->n + 1) * sizeof *parts);
  for (uint32_t i = 0; i < set->n; i++) parts[i] = term_and2(set->g[i], term_eq(v, set->el[i]->t));
  *cond = term_or(set->n, parts);
  if (s->step && k != SV_BOOL) range_choice(s, v, set->n, set->el);
  return sv_scalar(s, k, v);
}

/* A fresh element of the concrete set t: scalars as one choice variable,
 * SUBSET/[D -> R]/records structurally, other sets by an oracle. */
static sv *choose_concrete(tla_sym *s, const tla_val *t, term_t *cond, const tla_node *at, unsigned depth) {
  if (depth > 8) unsupported(s, at, "a choice from deeply nested sets");
  switch (t->kind) {
    case TV_NAT:
    case TV_INTS: {
      term_t v = choice_var(s, type_int());
      *cond = t->kind == TV_NAT ? term_ge(v, term_int(0)) : term_true();
      return sv_scalar(s, SV_INT, v);
    }
    case TV_SUBSET: {
      if (t->e[0]->kind == TV_INTS && s->step) {
        /* a subset of Int: a fresh array Int -> Bool, no cells (the arrays encoding) */
        sv *r = sv_new(s, SV_SET, 0);
        r->arr = choice_var(s, type_array(type_int(), type_bool()));
        r->open = true;
        *cond = term_true();
        return r;
      }
      const tla_val *u = tla_enumerate(s->ev, t->e[0], at);
      if (u->n > 4096) unsupported(s, at, "a subset of a set of more than 4096 elements");
      sv *r = sv_new(s, SV_SET, u->n);
      for (uint32_t i = 0; i < u->n; i++) r->g[i] = choice_var(s, type_bool()), r->el[i] = sv_const(s, u->e[i], at);
      *cond = term_true();
      return r;
    }
    case TV_FUNSET: {
      const tla_val *d = tla_enumerate(s->ev, t->e[0], at);
      sv *r = sv_new(s, SV_FUN, d->n);
      term_t *c = salloc(s, (d->n + 1) * sizeof *c);
      for (uint32_t i = 0; i < d->n; i++) r->key[i] = d->e[i], r->el[i] = choose_concrete(s, t->e[1], &c[i], at, depth + 1);
      *cond = term_and(d->n, c);
      return r;
    }
    case TV_RECSET: {
      sv *r = sv_new(s, SV_FUN, t->n / 2);
      term_t *c = salloc(s, (t->n / 2 + 1) * sizeof *c);
      for (uint32_t i = 0; i < t->n / 2; i++)
        r->key[i] = t->e[2 * i], r->el[i] = choose_concrete(s, t->e[2 * i + 1], &c[i], at, depth + 1);
      *cond = term_and(t->n / 2, c);
      return r;
    }
    case TV_SET: break;
    default: t = tla_enumerate(s->ev, t, at); break;
  }
  if (t->n > 100000) unsupported(s, at, "a choice from a set of more than 100000 elements");
  if (t->n <= 1) {
    *cond = term_bool(t->n == 1);
    return t->n ? sv_const(s, t->e[0], at) : sv_none(s);
  }
  bool ints = true, atoms = true, bools = true;
  for (uint32_t i = 0; i < t->n; i++) {
    uint8_t k = t->e[i]->kind;
    ints &= k == TV_INT, atoms &= k == TV_STR || k == TV_MODEL, bools &= k == TV_BOOL;
  }
  if (ints && t->e[t->n - 1]->i - t->e[0]->i == (int64_t)t->n - 1) {
    /* a range (sets are sorted) */
    term_t v = choice_var(s, type_int());
    *cond = term_and2(term_le(term_int((long)t->e[0]->i), v), term_le(v, term_int((long)t->e[t->n - 1]->i)));
    if (s->step && t->n <= RANGE_MAX) {
      term_t c[RANGE_MAX];
      for (uint32_t i = 0; i < t->n; i++) c[i] = term_int((long)t->e[i]->i);
      range_put(s, v, c, t->n);
    }
    return sv_scalar(s, SV_INT, v);
  }
  sv *set = sv_const(s, t, at);
  if (ints || atoms || bools) return choose_cells(s, set, cond, at);
  return choose_oracle(s, set->n, set->el, NULL, cond, at);
}

static sv *choose_from(tla_sym *s, sv *set, term_t *cond, const tla_node *at) {
  if (set->cv) return choose_concrete(s, set->cv, cond, at, 0);
  return choose_cells(s, as_set(s, set, at), cond, at);
}

/* ---- which subexpressions the evaluator can compute ---- */
static senv *lookup(senv *env, const char *name) {
  for (senv *p = env; p; p = p->next)
    if (p->name == name) return p;
  return NULL;
}

static bool is_const(tla_sym *s, tla_node *n, tla_ctx *c, senv *env, unsigned depth);

static bool name_const(tla_sym *s, const char *name, tla_ctx *c, senv *env, unsigned depth) {
  senv *b = lookup(env, name);
  if (b) {
    if (b->val || b->thunk) return false;
    if (b->def) return b->def->body ? is_const(s, b->def->body, b->def->ctx, b->denv, depth + 1) : false;
    return true;
  }
  tla_res r = tla_resolve(s->ev, name, c, NULL);
  switch (r.kind) {
    case TLA_R_VAR: return false;
    case TLA_R_DEF: return r.def->kind != DEF_INSTANCE && tla_def_level(s->ev, r.def) == 0;
    case TLA_R_CONST: {
      tla_def *d = tla_core(s->m)->csubst[r.idx];
      return !d || tla_def_level(s->ev, d) == 0;
    }
    case TLA_R_SUBST: return is_const(s, r.subst, r.ctx, NULL, depth + 1);
    default: return true;
  }
}

/* I!Op(args): a constant operator of the instance with constant arguments. */
static bool prefixed_const(tla_sym *s, tla_node *n, tla_ctx *c, senv *env, unsigned depth) {
  tla_node *pre = tla_field_kid(n, TF_PREFIX), *op = tla_field_kid(n, TF_OP);
  tla_ctx *ic = c;
  for (uint32_t i = 0; pre && i < pre->n; i++) {
    tla_node *comp = pre->kid[i];
    tla_node *id = comp->kind == TK_subexpr_component && comp->n ? comp->kid[0] : comp;
    if (id->kind != TK_identifier_ref && id->kind != TK_identifier) return false;
    tla_res r = tla_resolve(s->ev, id->text, ic, NULL);
    if (r.kind != TLA_R_DEF || r.def->kind != DEF_INSTANCE) return false;
    ic = r.def->inst;
  }
  if (!op) return false;
  tla_node *name = op->kind == TK_identifier_ref ? op : op->kind == TK_bound_op ? tla_field_kid(op, TF_NAME) : NULL;
  if (!name) return false;
  tla_res r = tla_resolve(s->ev, name->text, ic, NULL);
  if (r.kind != TLA_R_DEF || r.def->kind == DEF_INSTANCE || tla_def_level(s->ev, r.def) != 0) return false;
  for (uint32_t i = 0; i < op->n; i++)
    if (op->kid[i]->field == TF_PARAMETER && !is_const(s, op->kid[i], c, env, depth + 1)) return false;
  return true;
}

static bool is_const(tla_sym *s, tla_node *n, tla_ctx *c, senv *env, unsigned depth) {
  if (depth > 64) return false;
  switch (n->kind) {
    case TK_prime:
    case TK_unchanged:
    case TK_step_expr_or_stutter:
    case TK_prev_func_val:
    case TK_enabled: return false;
    case TK_prefixed_op: return prefixed_const(s, n, c, env, depth);
    case TK_identifier_ref: return name_const(s, n->text, c, env, depth);
    case TK_identifier:
      if (n->field == TF_NONE && !name_const(s, n->text, c, env, depth)) return false;
      break;
    case TK_bound_op:
      if (!name_const(s, tla_field_kid(n, TF_NAME)->text, c, env, depth)) return false;
      break;
    default: break;
  }
  for (uint32_t i = 0; i < n->n; i++) {
    /* record field names are no references (a field may be named like a variable) */
    if ((n->kind == TK_record_literal || n->kind == TK_set_of_records) && i % 2 == 0) continue;
    if ((n->kind == TK_record_value && i == 1) || n->kind == TK_except_update_record_field) continue;
    if (!is_const(s, n->kid[i], c, env, depth)) return false;
  }
  return true;
}

static tla_env *chain_of(senv *env) { return env ? env->chain : NULL; }

static senv *bind(tla_sym *s, senv *env, const char *name) {
  senv *b = salloc(s, sizeof *b);
  b->name = name;
  b->next = env;
  b->chain = chain_of(env);
  return b;
}
static senv *bind_concrete(tla_sym *s, senv *env, const char *name, const tla_val *v) {
  senv *b = bind(s, env, name);
  b->cell = (tla_env){.name = name, .kind = ENV_VAL, .val = v, .next = chain_of(env)};
  b->chain = &b->cell;
  return b;
}
static senv *bind_value(tla_sym *s, senv *env, const char *name, sv *v) {
  if (v->cv) return bind_concrete(s, env, name, v->cv);
  senv *b = bind(s, env, name);
  b->val = v;
  return b;
}

/* ---- translation ---- */
static sv *tr(tla_sym *s, tla_node *n, tla_ctx *c, senv *env);
static term_t assign_eq(tla_sym *s, int x, sv *v, const tla_node *at);
static term_t assign_in(tla_sym *s, int x, sv *set, const tla_node *at);

static term_t tr_bool(tla_sym *s, tla_node *n, tla_ctx *c, senv *env) { return as_bool(s, tr(s, n, c, env), n); }

/* The state variable n names (through parameters and INSTANCE
 * substitutions), or -1. */
static int var_of(tla_sym *s, tla_node *n, tla_ctx *c, senv *env) {
  for (unsigned depth = 0; depth < 32; depth++) {
    while (n->kind == TK_parentheses && n->n == 1) n = n->kid[0];
    if (n->kind != TK_identifier_ref) return -1;
    senv *b = lookup(env, n->text);
    if (b) {
      if (!b->thunk) return -1;
      n = b->thunk, c = b->tctx, env = b->tenv;
      continue;
    }
    tla_res r = tla_resolve(s->ev, n->text, c, NULL);
    if (r.kind == TLA_R_VAR) return r.idx;
    if (r.kind != TLA_R_SUBST) return -1;
    n = r.subst, c = r.ctx, env = NULL;
  }
  return -1;
}

/* The variable an assignment x' = e / x' \in S (x = e in Init) targets. */
static int target(tla_sym *s, tla_node *lhs, tla_ctx *c, senv *env) {
  for (unsigned depth = 0; depth < 32; depth++) {
    while (lhs->kind == TK_parentheses && lhs->n == 1) lhs = lhs->kid[0];
    senv *b = lhs->kind == TK_identifier_ref ? lookup(env, lhs->text) : NULL;
    if (!b || !b->thunk) break;
    /* a parameter standing for x' (Send(p, d, memInt, memInt')) */
    lhs = b->thunk, c = b->tctx, env = b->tenv;
  }
  if (s->init_mode) return var_of(s, lhs, c, env);
  if (s->primed || lhs->kind != TK_bound_postfix_op || tla_field_kid(lhs, TF_SYMBOL)->kind != TK_prime) return -1;
  return var_of(s, tla_field_kid(lhs, TF_LHS), c, env);
}

static sv *read_var(tla_sym *s, int i, const tla_node *at) {
  if (s->init_mode || (s->primed && s->nxt)) {
    if (term_is_false(s->asg[i]))
      unsupported(s, at, s->init_mode ? "a variable read before Init assigns it"
                                      : "a primed variable read before it is assigned");
    if (s->step && !s->val[i])
      unsupported(s, at, s->init_mode ? "a variable read before Init assigns it"
                                      : "a primed variable read before it is assigned");
    add_error(s, term_not(s->asg[i]));   /* TLC: not assigned yet on this path */
    if (s->step) return s->val[i];
    return s->init_mode ? s->cur[i] : s->nxt[i];
  }
  if (s->primed) unsupported(s, at, "a primed variable outside an action");
  return s->cur[i];
}

/* Binds a definition's parameters to argument expressions. */
static senv *bind_args(tla_sym *s, tla_def *d, tla_node **args, uint32_t na, tla_ctx *c, senv *env, senv *out,
                       const tla_node *at) {
  if (na != d->nparams) unsupported(s, at, "an operator applied to the wrong number of arguments");
  for (uint32_t i = 0; i < na; i++) {
    tla_node *p = d->params[i], *a = args[i];
    if (p->kind == TK_operator_declaration) {
      /* an operator argument: a definition (global or LET), a LAMBDA or a built-in symbol */
      tla_node *an = a;
      while (an->kind == TK_parentheses && an->n == 1) an = an->kid[0];
      tla_def *od = NULL;
      senv *odenv = NULL;
      if (an->kind == TK_identifier_ref) {
        senv *lb = lookup(env, an->text);
        if (lb && lb->def) od = lb->def, odenv = lb->denv;
        if (!lb) {
          tla_res r = tla_resolve(s->ev, an->text, c, NULL);
          if (r.kind == TLA_R_DEF) od = r.def;
        }
      } else if (an->kind == TK_lambda || ((an->kind == TK_infix_op_symbol || an->kind == TK_prefix_op_symbol) && an->n == 1)) {
        od = salloc(s, sizeof *od);
        od->kind = DEF_OP;
        od->ctx = c;
        od->level = 2;
        if (an->kind == TK_lambda) {
          od->name = "LAMBDA";
          od->nparams = an->n - 1, od->params = an->kid, od->body = an->kid[an->n - 1];
          od->closure = chain_of(env);
          odenv = env;
        } else {
          od->name = tla_kind_name(an->kid[0]->kind);
          od->nparams = an->kind == TK_infix_op_symbol ? 2 : 1;
          od->symbol = an->kid[0];
        }
      }
      if (!od) unsupported(s, a, "this operator argument");
      senv *b = bind(s, out, tla_field_kid(p, TF_NAME)->text);
      b->def = od;
      b->denv = odenv;
      b->cell = (tla_env){.name = b->name, .kind = ENV_DEF, .def = od, .next = chain_of(out)};
      b->chain = &b->cell;
      out = b;
      continue;
    }
    senv *b;
    if (is_const(s, a, c, env, 0)) {
      b = bind_concrete(s, out, p->text, tla_eval(s->ev, a, c, chain_of(env)));
    } else {
      /* translated where it is used: under a prime, or where it assigns, it
       * means what it means there (Lose(q) == ... q' = ... as Lose(msgQ)) */
      b = bind(s, out, p->text);
      b->thunk = a, b->tctx = c, b->tenv = env;
    }
    out = b;
  }
  return out;
}

static sv *call_def(tla_sym *s, tla_def *d, senv *denv, tla_node **args, uint32_t na, tla_ctx *c, senv *env,
                    const tla_node *at) {
  if (d->kind == DEF_OP && d->symbol && na == d->nparams && na >= 1 && na <= 2) {
    /* a built-in operator passed as an argument: applied to the argument expressions */
    tla_node sym = *d->symbol, a0 = *args[0], a1 = *args[na - 1];
    sym.field = TF_SYMBOL;
    a0.field = na > 1 ? TF_LHS : TF_RHS;
    a1.field = TF_RHS;
    tla_node *kids[3] = {&a0, &sym, &a1};
    if (na == 1) kids[0] = &sym, kids[1] = &a0;
    tla_node app = {.kind = na > 1 ? TK_bound_infix_op : TK_bound_prefix_op, .n = na > 1 ? 3 : 2, .line = at->line,
                    .col = at->col, .file = at->file, .kid = kids};
    return tr(s, &app, c, env);
  }
  if (d->kind != DEF_OP || d->symbol || !d->body) unsupported(s, at, "this kind of definition");
  if (++s->depth > 200) unsupported(s, at, "recursion");
  senv *ne = bind_args(s, d, args, na, c, env, denv, at);
  sv *v = tr(s, d->body, d->ctx, ne);
  s->depth--;
  return v;
}

/* ---- sequences: at most n elements and a length (seq_new) ---- */
static sv *as_seq(tla_sym *s, sv *v, const tla_node *at) {
  v = proj(s, v, K_FUN);
  if (v->k == SV_NONE) return sv_new(s, SV_FUN, 0);
  if (!seq_keys(v)) unsupported(s, at, "a non-sequence where a sequence is expected");
  return v;
}

static long int_value(term_t t) {
  mpq_t q;
  mpq_init(q);
  term_rat_value(t, q);
  long k = mpz_get_si(mpq_numref(q));
  mpq_clear(q);
  return k;
}

/* q[i] for a 1-based index term within 1..n (the caller flags the rest). */
static sv *seq_at(tla_sym *s, const sv *q, term_t i, const tla_node *at) {
  if (term_is_const(i)) {
    long k = int_value(i);
    return q->el[k >= 1 && k <= (long)q->n ? k - 1 : q->n - 1];
  }
  sv *r = q->el[q->n - 1];
  for (uint32_t j = q->n - 1; j-- > 0;) r = sv_ite(s, term_eq(i, term_int((long)j + 1)), q->el[j], r, at);
  return r;
}

static sv *seq_concat(tla_sym *s, sv *a, sv *b, const tla_node *at) {
  a = as_seq(s, a, at), b = as_seq(s, b, at);
  term_t la = seq_len_of(a);
  sv *r = seq_new(s, a->n + b->n, term_add2(la, seq_len_of(b)));
  for (uint32_t j = 0; j < r->n; j++) {
    if (a->len == NULL_TERM) {
      r->el[j] = j < a->n ? a->el[j] : b->el[j - a->n];
      continue;
    }
    /* position j+1 is a's when j < len(a), else b's (j+1 - len(a)) */
    sv *fromb = b->n ? seq_at(s, b, term_sub(term_int((long)j + 1), la), at) : NULL;
    if (j >= a->n) r->el[j] = fromb;
    else r->el[j] = fromb ? sv_ite(s, term_lt(term_int((long)j), la), a->el[j], fromb, at) : a->el[j];
  }
  return r;
}

/* An operator argument (a name or LAMBDA) applied to one value. */
static term_t apply_pred(tla_sym *s, tla_node *opn, sv *x, tla_ctx *c, senv *env, const tla_node *at) {
  while (opn->kind == TK_parentheses && opn->n == 1) opn = opn->kid[0];
  if (opn->kind == TK_lambda) {
    if (opn->n != 2 || opn->kid[0]->kind != TK_identifier) unsupported(s, at, "this LAMBDA");
    return tr_bool(s, opn->kid[1], c, bind_value(s, env, opn->kid[0]->text, x));
  }
  tla_def *d = NULL;
  senv *denv = NULL;
  if (opn->kind == TK_identifier_ref) {
    senv *b = lookup(env, opn->text);
    if (b && b->def) d = b->def, denv = b->denv;
    if (!b) {
      tla_res r = tla_resolve(s->ev, opn->text, c, NULL);
      if (r.kind == TLA_R_DEF) d = r.def;
    }
  }
  if (!d || d->kind != DEF_OP || d->nparams != 1 || d->params[0]->kind != TK_identifier || !d->body)
    unsupported(s, at, "this operator argument");
  return tr_bool(s, d->body, d->ctx, bind_value(s, denv, d->params[0]->text, x));
}

/* The operators of the Sequences module over state; NULL for other names. */
static sv *seq_builtin(tla_sym *s, tla_node *n, const char *name, tla_node **args, uint32_t na, tla_ctx *c, senv *env) {
  bool len = strcmp(name, "Len") == 0, head = strcmp(name, "Head") == 0, tail = strcmp(name, "Tail") == 0;
  bool append = strcmp(name, "Append") == 0, sub = strcmp(name, "SubSeq") == 0, sel = strcmp(name, "SelectSeq") == 0;
  if (!(len || head || tail || append || sub || sel)) return NULL;
  if (na != (append || sel ? 2u : sub ? 3u : 1u)) unsupported(s, n, "a sequence operator with the wrong number of arguments");
  sv *q = as_seq(s, tr(s, args[0], c, env), n);
  term_t l = seq_len_of(q);
  if (len) return sv_scalar(s, SV_INT, l);
  if (head || tail) {
    add_error(s, term_le(l, term_int(0)));   /* TLC: Head/Tail of <<>> */
    if (!q->n) return head ? sv_none(s) : q;
    if (head) return q->el[0];
    sv *r = seq_new(s, q->n - 1, q->len == NULL_TERM ? term_int((long)q->n - 1) : term_sub(l, term_int(1)));
    for (uint32_t j = 0; j < r->n; j++) r->el[j] = q->el[j + 1];
    return r;
  }
  if (append) {
    sv *e = tr(s, args[1], c, env);
    sv *r = seq_new(s, q->n + 1, term_add2(l, term_int(1)));
    for (uint32_t j = 0; j < q->n; j++) r->el[j] = q->len == NULL_TERM ? q->el[j] : sv_ite(s, term_eq(l, term_int((long)j)), e, q->el[j], n);
    r->el[q->n] = e;
    return r;
  }
  if (sub) {
    term_t m = as_int(s, tr(s, args[1], c, env), n), k = as_int(s, tr(s, args[2], c, env), n);
    add_error(s, term_and2(term_ge(k, m), term_or2(term_lt(m, term_int(1)), term_gt(k, l))));
    sv *r = seq_new(s, q->n, term_ite(term_lt(k, m), term_int(0), term_add2(term_sub(k, m), term_int(1))));
    for (uint32_t j = 0; j < r->n; j++) r->el[j] = seq_at(s, q, term_add2(m, term_int((long)j)), n);
    return r;
  }
  /* SelectSeq: the j-th kept element is the one where the count of kept ones reaches j */
  term_t *keep = salloc(s, (q->n + 1) * sizeof *keep), *cnt = salloc(s, (q->n + 1) * sizeof *cnt);
  term_t run = term_int(0), saved_pc = s->pc;
  for (uint32_t i = 0; i < q->n; i++) {
    s->pc = term_and2(saved_pc, dom_g(q, i));
    keep[i] = term_and2(dom_g(q, i), apply_pred(s, args[1], q->el[i], c, env, n));
    cnt[i] = run = term_add2(run, term_ite(keep[i], term_int(1), term_int(0)));
  }
  s->pc = saved_pc;
  sv *r = seq_new(s, q->n, run);
  for (uint32_t j = 0; j < r->n; j++) {
    sv *e = q->el[q->n - 1];
    for (uint32_t i = q->n - 1; i-- > j;) e = sv_ite(s, term_and2(keep[i], term_eq(cnt[i], term_int((long)j + 1))), q->el[i], e, n);
    r->el[j] = e;
  }
  return r;
}

static sv *tr_ident(tla_sym *s, tla_node *n, const char *name, tla_node **args, uint32_t na, tla_ctx *c,
                    senv *env) {
  senv *b = lookup(env, name);
  if (b) {
    if (b->def) return call_def(s, b->def, b->denv, args, na, c, env, n);
    if (na) unsupported(s, n, "a bound name applied as an operator");
    if (b->thunk) return tr(s, b->thunk, b->tctx, b->tenv);
    if (b->val) return b->val;
    return sv_const(s, b->cell.val, n);
  }
  tla_res r = tla_resolve(s->ev, name, c, NULL);
  switch (r.kind) {
    case TLA_R_VAR:
      if (na) unsupported(s, n, "a variable applied as an operator");
      return read_var(s, r.idx, n);
    case TLA_R_DEF:
      if (r.def->kind == DEF_FUN) unsupported(s, n, "a recursive function definition over state");
      return call_def(s, r.def, NULL, args, na, c, env, n);
    case TLA_R_CONST: {
      tla_def *d = tla_core(s->m)->csubst[r.idx];
      if (d) return call_def(s, d, NULL, args, na, c, env, n);
      break;
    }
    case TLA_R_SUBST:
      if (na) unsupported(s, n, "an operator substituted by INSTANCE");
      return tr(s, r.subst, r.ctx, NULL);
    default: break;
  }
  sv *seq = seq_builtin(s, n, name, args, na, c, env);
  if (seq) return seq;
  if (strcmp(name, "Cardinality") == 0 && na == 1) {
    sv *set = as_set(s, tr(s, args[0], c, env), n);
    enumerable(s, set, n);
    term_t *parts = salloc(s, (set->n + 1) * sizeof *parts);
    for (uint32_t i = 0; i < set->n; i++) {
      /* counted at its first guarded occurrence */
      term_t first = set->g[i];
      for (uint32_t j = 0; j < i; j++)
        first = term_and2(first, term_not(term_and2(set->g[j], sv_eq(s, set->el[j], set->el[i], n))));
      parts[i] = term_ite(first, term_int(1), term_int(0));
    }
    return sv_scalar(s, SV_INT, set->n ? term_add(set->n, parts) : term_int(0));
  }
  char what[200];
  snprintf(what, sizeof what, "the operator %s over state", name);
  unsupported(s, n, what);
}

/* Does n mention primes (through definitions and arguments)? */
static bool primed_node(tla_sym *s, tla_node *n, tla_ctx *c, senv *env, unsigned depth) {
  if (depth > 64) return true;
  if (n->kind == TK_prime || n->kind == TK_unchanged || n->kind == TK_step_expr_or_stutter) return true;
  /* ENABLED A is state-level (tla_eval.c node_primed) */
  if (n->kind == TK_bound_prefix_op && tla_field_kid(n, TF_SYMBOL)->kind == TK_enabled) return false;
  const char *name = n->kind == TK_identifier_ref || (n->kind == TK_identifier && n->field == TF_NONE) ? n->text
                     : n->kind == TK_bound_op                                                        ? tla_field_kid(n, TF_NAME)->text
                                                                                                     : NULL;
  if (name) {
    senv *b = lookup(env, name);
    if (b && b->thunk && primed_node(s, b->thunk, b->tctx, b->tenv, depth + 1)) return true;
    if (b && b->def && b->def->body && primed_node(s, b->def->body, b->def->ctx, b->denv, depth + 1)) return true;
    if (!b) {
      tla_res r = tla_resolve(s->ev, name, c, NULL);
      if (r.kind == TLA_R_DEF && tla_def_primed(s->ev, r.def)) return true;
      if (r.kind == TLA_R_CONST && tla_core(s->m)->csubst[r.idx] && tla_def_primed(s->ev, tla_core(s->m)->csubst[r.idx]))
        return true;
      if (r.kind == TLA_R_SUBST && primed_node(s, r.subst, r.ctx, NULL, depth + 1)) return true;
    }
  }
  for (uint32_t i = 0; i < n->n; i++)
    if (primed_node(s, n->kid[i], c, env, depth + 1)) return true;
  return false;
}

/* The path condition of a disjunct: TLC enumerates every disjunct of an
 * action (errors there count even after a true disjunct), but evaluates
 * state-level disjunctions left to right. */
static term_t disjunct_pc(tla_sym *s, tla_node *n, tla_ctx *c, senv *env, term_t pc, term_t before) {
  if (s->nxt && !s->primed && primed_node(s, n, c, env, 0)) return pc;
  return term_and2(pc, term_not(before));
}

/* Step mode: branches f[i] of a disjunction (or \E) with their path
 * states. Where branches assign differently, a choice variable picks one:
 * every successor of every branch is the successor of one choice. */
static term_t step_disj(tla_sym *s, uint32_t n, const term_t *f, const pst *out, pst in, const tla_node *at) {
  uint32_t *live = salloc(s, (n + 1) * sizeof *live), m = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!term_is_false(f[i])) live[m++] = i;
  bool same = true;
  for (uint32_t i = 1; i < m && same; i++) same = pst_same(s, out[live[i]], out[live[0]]);
  if (!m) {
    pst_load(s, in);
    return term_false();
  }
  if (same) {
    pst_load(s, out[live[0]]);
    return term_or(n, f);
  }
  term_t *sel = salloc(s, (m + 1) * sizeof *sel), *parts = salloc(s, (m + 1) * sizeof *parts);
  if (m == 2) {
    sel[0] = choice_var(s, type_bool());
    sel[1] = term_not(sel[0]);
  } else {
    term_t o = choice_var(s, type_int());
    for (uint32_t i = 0; i < m; i++) sel[i] = term_eq(o, term_int((long)i));
  }
  pst acc = out[live[m - 1]];
  for (uint32_t i = m - 1; i-- > 0;) acc = pst_ite(s, sel[i], out[live[i]], acc, at);
  for (uint32_t i = 0; i < m; i++) parts[i] = term_and2(sel[i], f[live[i]]);
  pst_load(s, acc);
  return term_or(m, parts);
}

static sv *tr_bool_op(tla_sym *s, tla_kind op, tla_node *l, tla_node *r, tla_ctx *c, senv *env) {
  /* TLC: left to right, short-circuit; an assignment in a disjunct holds only there */
  term_t saved_pc = s->pc;
  pst in = pst_save(s);
  int pol = s->pol;
  if (op == TK_implies) s->pol = -pol;
  term_t a = tr_bool(s, l, c, env);
  s->pol = pol;
  pst after_l = pst_save(s);
  s->pc = op == TK_lor ? disjunct_pc(s, r, c, env, saved_pc, a) : term_and2(saved_pc, a);
  if (op == TK_lor) pst_load(s, in);
  term_t b = tr_bool(s, r, c, env);
  s->pc = saved_pc;
  if (op == TK_lor && s->step) {
    term_t f[2] = {a, b};
    pst out[2] = {after_l, pst_save(s)};
    return sv_scalar(s, SV_BOOL, step_disj(s, 2, f, out, in, l));
  } else if (op == TK_lor) {
    term_t *acc = asg_all(s, term_true());
    asg_branch(s, acc, a, after_l.asg);
    asg_branch(s, acc, b, s->asg);
    asg_set(s, acc);
  } else if (op == TK_implies && s->step) {
    /* a => b assigns what b assigns where a holds */
    pst_load(s, pst_ite(s, a, pst_save(s), after_l, r));
  } else if (op == TK_implies) {
    asg_set(s, in.asg);
  }
  if (op == TK_land) return sv_scalar(s, SV_BOOL, term_and2(a, b));
  if (op == TK_lor) return sv_scalar(s, SV_BOOL, term_or2(a, b));
  return sv_scalar(s, SV_BOOL, term_implies(a, b));
}

static sv *set_op(tla_sym *s, tla_kind op, sv *a, sv *b, const tla_node *at) {
  a = as_set(s, a, at), b = as_set(s, b, at);
  if (op == TK_cup) {
    sv *r = sv_new(s, SV_SET, a->n + b->n);
    for (uint32_t i = 0; i < a->n; i++) r->g[i] = a->g[i], r->el[i] = a->el[i];
    for (uint32_t j = 0; j < b->n; j++) r->g[a->n + j] = b->g[j], r->el[a->n + j] = b->el[j];
    if (a->arr != NULL_TERM || b->arr != NULL_TERM) {
      /* the larger array updated with the other's cells (O(1) per cell) */
      if (a->open && b->open) unsupported(s, at, "the union of two sets known only as SMT arrays");
      sv *big = b->arr != NULL_TERM && (b->open || b->n > a->n) ? b : a, *small = big == a ? b : a;
      svk k = elem_kind(s, big);
      if (small->n && elem_kind(s, small) != k) unsupported(s, at, "a union of a set of scalars with other values");
      term_t arr = cells_array(s, big, k);
      for (uint32_t i = 0; i < small->n; i++)
        arr = term_store(arr, small->el[i]->t, term_or2(term_select(arr, small->el[i]->t), small->g[i]));
      r->arr = arr;
      r->open = big->open;
    }
    return r;
  }
  if (a->open) {
    /* a \ b, a \cap b with a known only as an array: the array updated */
    if (op == TK_cap && !b->open) {
      sv *r = sv_new(s, SV_SET, b->n);
      for (uint32_t j = 0; j < b->n; j++) r->g[j] = term_and2(b->g[j], sv_mem(s, b->el[j], a, at)), r->el[j] = b->el[j];
      return r;
    }
    if (op != TK_setminus || b->open) unsupported(s, at, "this operation on a set known only as an SMT array");
    sv *r = sv_new(s, SV_SET, 0);
    term_t arr = a->arr;
    for (uint32_t j = 0; j < b->n; j++) {
      if (!is_scalar(b->el[j]->k) || b->el[j]->k != arr_kind(s, arr)) continue;
      arr = term_store(arr, b->el[j]->t, term_and2(term_select(arr, b->el[j]->t), term_not(b->g[j])));
    }
    r->arr = arr;
    r->open = true;
    return r;
  }
  sv *r = sv_new(s, SV_SET, a->n);
  for (uint32_t i = 0; i < a->n; i++) {
    term_t in = sv_mem(s, a->el[i], b, at);
    r->g[i] = term_and2(a->g[i], op == TK_cap ? in : term_not(in));
    r->el[i] = a->el[i];
  }
  return r;
}

static term_t subseteq(tla_sym *s, sv *a, sv *b, const tla_node *at) {
  a = as_set(s, a, at);
  if (a->open) {
    /* only S \subseteq Int for a set of integers known as an array */
    if (b->cv && b->cv->kind == TV_INTS && arr_kind(s, a->arr) == SV_INT) return term_true();
    unsupported(s, at, "a subset test of a set known only as an SMT array");
  }
  term_t *c = salloc(s, (a->n + 1) * sizeof *c);
  for (uint32_t i = 0; i < a->n; i++) c[i] = term_implies(a->g[i], sv_in(s, a->el[i], b, at));
  return term_and(a->n, c);
}

/* lo..hi with bounds over state: cells over a window of integers (those
 * of the sampled states, and 0 and 1, widened by one); a nonempty range
 * reaching outside the window is an error, never a lost element. */
static sv *sym_range(tla_sym *s, term_t lo, term_t hi, const tla_node *at) {
  int64_t wlo = s->ints_seen && s->int_lo < 0 ? s->int_lo : 0, whi = s->ints_seen && s->int_hi > 1 ? s->int_hi : 1;
  wlo--, whi++;
  if (whi - wlo > 4096) unsupported(s, at, "an integer range over state with a window of more than 4096 integers");
  sv *r = sv_new(s, SV_SET, (uint32_t)(whi - wlo + 1));
  for (int64_t i = wlo; i <= whi; i++) {
    term_t ti = term_int((long)i);
    r->g[i - wlo] = term_and2(term_le(lo, ti), term_le(ti, hi));
    r->el[i - wlo] = sv_const(s, tv_int(i), at);
  }
  add_error(s, term_and2(term_le(lo, hi), term_or2(term_lt(lo, term_int((long)wlo)), term_gt(hi, term_int((long)whi)))));
  return r;
}

/* x \in S without building S where S is lo..hi (bounds) or [D -> R]
 * (x's domain is D, each value in R); else S's cells. */
/* Sets given by syntax the symbolic encoding handles without building
 * them: lo..hi, [D -> R], [a : S], SUBSET S, {x \in S : P}. */
static bool structural(tla_node *set) {
  switch (set->kind) {
    case TK_bound_infix_op: return tla_field_kid(set, TF_SYMBOL)->kind == TK_dots_2;
    case TK_bound_prefix_op: return tla_field_kid(set, TF_SYMBOL)->kind == TK_powerset;
    case TK_set_of_functions: return set->n == 2;
    case TK_set_of_records: return true;
    case TK_set_filter: {
      tla_node *g = tla_field_kid(set, TF_GENERATOR);
      return g && tla_field_kid(g, TF_SET) && tla_field_kid(g, TF_INTRO) &&
             tla_field_kid(g, TF_INTRO)->kind == TK_identifier;
    }
    default: return false;
  }
}

/* Seq(S), for membership only (in_node; the Sequences module's operator
 * where the name resolves to no definition: checked there). */
static bool seq_set(tla_node *set) {
  return set->kind == TK_bound_op && set->n == 2 && strcmp(tla_field_kid(set, TF_NAME)->text, "Seq") == 0;
}

static term_t in_node(tla_sym *s, sv *x, tla_node *set, tla_ctx *c, senv *env, unsigned depth) {
  while (set->kind == TK_parentheses && set->n == 1) set = set->kid[0];
  if (x->k == SV_UNION) {
    term_t r = term_false();
    for (uint32_t i = 0; i < x->n; i++) r = term_or2(r, term_and2(x->g[i], in_node(s, x->el[i], set, c, env, depth + 1)));
    return r;
  }
  if (depth < 8 && !tla_core(s->m)->user_symbols && (structural(set) || seq_set(set)) &&
      !(set->kind == TK_bound_prefix_op && is_const(s, set, c, env, 0))) {
    /* from the set's syntax, without building it (constant or not) */
    if (set->kind == TK_set_filter) {
      /* x \in {y \in S : P} is x \in S /\ P(x) */
      tla_node *g = tla_field_kid(set, TF_GENERATOR);
      term_t in = in_node(s, x, tla_field_kid(g, TF_SET), c, env, depth + 1), saved_pc = s->pc;
      s->pc = term_and2(saved_pc, in);
      term_t p = tr_bool(s, tla_field_kid(set, TF_FILTER), c, bind_value(s, env, tla_field_kid(g, TF_INTRO)->text, x));
      s->pc = saved_pc;
      return term_and2(in, p);
    }
    if (set->kind == TK_bound_prefix_op)
      return x->k == SV_SET ? subseteq(s, x, tr(s, tla_field_kid(set, TF_RHS), c, env), set) : term_false();
    if (set->kind == TK_bound_infix_op && tla_field_kid(set, TF_SYMBOL)->kind == TK_dots_2) {
      term_t lo = as_int(s, tr(s, tla_field_kid(set, TF_LHS), c, env), set);
      term_t hi = as_int(s, tr(s, tla_field_kid(set, TF_RHS), c, env), set);
      if (x->k != SV_INT) return term_false();
      term_t v = x->t;
      return term_and2(term_le(lo, v), term_le(v, hi));
    }
    if (set->kind == TK_set_of_functions && set->n == 2) {
      sv *d = tr(s, set->kid[0], c, env);
      if (!d->cv) unsupported(s, set, "a function set with a domain over state");
      const tla_val *dom = tla_enumerate(s->ev, d->cv, set);
      if (x->k != SV_FUN) return term_false();
      term_t *parts = salloc(s, (dom->n + 1) * sizeof *parts);
      for (uint32_t i = 0; i < dom->n; i++) {
        int k = key_index(x, dom->e[i]);
        if (k < 0) return term_false();
        parts[i] = term_and2(dom_g(x, (uint32_t)k), in_node(s, x->el[k], set->kid[1], c, env, depth + 1));
      }
      return term_and2(term_and(dom->n, parts), dom_exactly(s, x, dom->e, dom->n, 1));
    }
    if (set->kind == TK_bound_op && set->n == 2 && strcmp(tla_field_kid(set, TF_NAME)->text, "Seq") == 0 &&
        tla_resolve(s->ev, tla_field_kid(set, TF_NAME)->text, c, NULL).kind == TLA_R_NONE) {
      /* x \in Seq(S): a sequence of elements of S (S's syntax kept: a
       * set of records whose field names are variables' names is not
       * constant, LamportMutex's Message) */
      if (x->k != SV_FUN) return term_false();
      term_t *parts = salloc(s, (x->n + 2) * sizeof *parts);
      for (uint32_t i = 0; i < x->n; i++)
        parts[i] = term_implies(dom_g(x, i), in_node(s, x->el[i], set->kid[set->n - 1], c, env, depth + 1));
      parts[x->n] = seq_keys(x) ? term_ge(seq_len_of(x), term_int(0)) : seq_domain(s, x);
      return term_and(x->n + 1, parts);
    }
    if (set->kind == TK_set_of_records) {
      if (x->k != SV_FUN) return term_false();
      uint32_t nf = set->n / 2;
      term_t *parts = salloc(s, (nf + 1) * sizeof *parts);
      const tla_val **fields = salloc(s, (nf + 1) * sizeof *fields);
      for (uint32_t i = 0; i < nf; i++) {
        int k = key_index(x, fields[i] = tv_str(set->kid[2 * i]->text));
        if (k < 0) return term_false();
        parts[i] = term_and2(dom_g(x, (uint32_t)k), in_node(s, x->el[k], set->kid[2 * i + 1], c, env, depth + 1));
      }
      return term_and2(term_and(nf, parts), dom_exactly(s, x, fields, nf, 1));
    }
  }
  return sv_in(s, x, tr(s, set, c, env), set);
}

static const tla_val *eval_value(tla_sym *s, tla_node *n, tla_ctx *c, senv *env);
/* Step mode: a fresh element of the set `set` denotes, from its syntax
 * where that avoids building the set (lo..hi, [D -> R], [a : S], SUBSET S). */
static sv *choose_node(tla_sym *s, tla_node *set, tla_ctx *c, senv *env, term_t *cond, unsigned depth) {
  while (set->kind == TK_parentheses && set->n == 1) set = set->kid[0];
  bool syn = depth < 8 && !tla_core(s->m)->user_symbols && structural(set) &&
             !(set->kind == TK_bound_prefix_op && is_const(s, set, c, env, 0));   /* SUBSET of a constant: lazily */
  if (!syn && is_const(s, set, c, env, 0)) {
    const tla_val *v = eval_value(s, set, c, env);
    if (v) return choose_concrete(s, v, cond, set, 0);
    *cond = term_false();   /* an evaluation error, flagged */
    return sv_none(s);
  }
  if (syn && set->kind == TK_set_filter) {
    /* a fresh element of S satisfying P */
    tla_node *g = tla_field_kid(set, TF_GENERATOR);
    term_t in, saved_pc = s->pc;
    sv *w = choose_node(s, tla_field_kid(g, TF_SET), c, env, &in, depth + 1);
    s->pc = term_and2(saved_pc, in);
    term_t p = tr_bool(s, tla_field_kid(set, TF_FILTER), c, bind_value(s, env, tla_field_kid(g, TF_INTRO)->text, w));
    s->pc = saved_pc;
    *cond = term_and2(in, p);
    return w;
  }
  if (syn) {
    if (set->kind == TK_bound_infix_op && tla_field_kid(set, TF_SYMBOL)->kind == TK_dots_2) {
      term_t lo = as_int(s, tr(s, tla_field_kid(set, TF_LHS), c, env), set);
      term_t hi = as_int(s, tr(s, tla_field_kid(set, TF_RHS), c, env), set);
      term_t v = choice_var(s, type_int());
      *cond = term_and2(term_le(lo, v), term_le(v, hi));
      return sv_scalar(s, SV_INT, v);
    }
    if (set->kind == TK_set_of_functions && set->n == 2) {
      sv *d = tr(s, set->kid[0], c, env);
      if (!d->cv) unsupported(s, set, "a function set with a domain over state");
      const tla_val *dom = tla_enumerate(s->ev, d->cv, set);
      sv *r = sv_new(s, SV_FUN, dom->n);
      term_t *parts = salloc(s, (dom->n + 1) * sizeof *parts);
      for (uint32_t i = 0; i < dom->n; i++)
        r->key[i] = dom->e[i], r->el[i] = choose_node(s, set->kid[1], c, env, &parts[i], depth + 1);
      *cond = term_and(dom->n, parts);
      return r;
    }
    if (set->kind == TK_set_of_records) {
      sv *r = sv_new(s, SV_FUN, set->n / 2);
      term_t *parts = salloc(s, (set->n / 2 + 1) * sizeof *parts);
      for (uint32_t i = 0; i < set->n / 2; i++) {
        r->key[i] = tv_str(set->kid[2 * i]->text);
        r->el[i] = choose_node(s, set->kid[2 * i + 1], c, env, &parts[i], depth + 1);
      }
      *cond = term_and(set->n / 2, parts);
      return r;
    }
    if (set->kind == TK_bound_prefix_op && tla_field_kid(set, TF_SYMBOL)->kind == TK_powerset) {
      sv *base = as_set(s, tr(s, tla_field_kid(set, TF_RHS), c, env), set);
      sv *r = sv_new(s, SV_SET, base->n);
      for (uint32_t i = 0; i < base->n; i++) r->g[i] = term_and2(choice_var(s, type_bool()), base->g[i]), r->el[i] = base->el[i];
      *cond = term_true();
      return r;
    }
  }
  return choose_from(s, tr(s, set, c, env), cond, set);
}

/* Step mode: x (x' in actions) = v on this path: binds x where it is
 * unassigned, compares where it is assigned. */
static term_t step_assign(tla_sym *s, int x, sv *v, const tla_node *at) {
  term_t a = s->asg[x];
  s->asg[x] = term_true();
  if (term_is_false(a) || !s->val[x]) {
    s->val[x] = v;
    return term_true();
  }
  term_t eq = sv_eq(s, s->val[x], v, at);
  if (term_is_true(a)) return eq;
  s->val[x] = sv_ite(s, a, s->val[x], v, at);
  return term_implies(a, eq);
}

/* Step mode: x \in S binds x to a fresh element of S where x is unassigned. */
static term_t step_assign_in(tla_sym *s, int x, tla_node *setn, tla_ctx *c, senv *env, const tla_node *at) {
  term_t a = s->asg[x];
  if (term_is_true(a) && s->val[x]) return in_node(s, s->val[x], setn, c, env, 0);
  term_t cond;
  sv *e = choose_node(s, setn, c, env, &cond, 0);
  s->asg[x] = term_true();
  if (term_is_false(a) || !s->val[x]) {
    s->val[x] = e;
    return cond;
  }
  term_t in = in_node(s, s->val[x], setn, c, env, 0);
  s->val[x] = sv_ite(s, a, s->val[x], e, at);
  return term_ite(a, in, cond);
}

static sv *tr_infix(tla_sym *s, tla_node *n, tla_ctx *c, senv *env) {
  tla_node *l = tla_field_kid(n, TF_LHS), *r = tla_field_kid(n, TF_RHS);
  tla_kind op = tla_field_kid(n, TF_SYMBOL)->kind;
  if (tla_core(s->m)->user_symbols) unsupported(s, n, "user-defined infix operators");
  if (op == TK_land || op == TK_lor || op == TK_implies) return tr_bool_op(s, op, l, r, c, env);
  if (op == TK_in || op == TK_notin) {
    /* x \in lo..hi with bounds over state: lo <= x <= hi */
    tla_node *rr = r;
    while (rr->kind == TK_parentheses && rr->n == 1) rr = rr->kid[0];
    if (rr->kind == TK_bound_infix_op && tla_field_kid(rr, TF_SYMBOL)->kind == TK_dots_2 &&
        !tla_core(s->m)->user_symbols) {
      int x = op == TK_in ? target(s, l, c, env) : -1;
      if (s->step && x >= 0 && !term_is_true(s->asg[x])) return sv_scalar(s, SV_BOOL, step_assign_in(s, x, r, c, env, n));
      term_t lo = as_int(s, tr(s, tla_field_kid(rr, TF_LHS), c, env), rr);
      term_t hi = as_int(s, tr(s, tla_field_kid(rr, TF_RHS), c, env), rr);
      sv *xv;
      if (x >= 0 && !term_is_true(s->asg[x])) {
        if (s->shape[x]->k != SV_INT) unsupported(s, n, "an integer range for a non-integer variable");
        s->asg[x] = term_true();
        xv = s->init_mode ? s->cur[x] : s->nxt[x];
      } else {
        xv = tr(s, l, c, env);
      }
      term_t xi = as_int(s, xv, l);   /* (a value of several kinds: its integer part) */
      term_t in = term_and2(term_le(lo, xi), term_le(xi, hi));
      return sv_scalar(s, SV_BOOL, op == TK_in ? in : term_not(in));
    }
  }
  if (op == TK_eq || op == TK_in) {
    int x = target(s, l, c, env);
    if (x >= 0 && !term_is_true(s->asg[x]) && s->step)
      return sv_scalar(s, SV_BOOL, op == TK_in ? step_assign_in(s, x, r, c, env, n) : step_assign(s, x, tr(s, r, c, env), n));
    if (x >= 0 && !term_is_true(s->asg[x])) {
      /* an assignment (or, where x' may be assigned already, a condition:
       * the same equation): the right side first, then x' is set */
      sv *rhs = tr(s, r, c, env);
      s->asg[x] = term_true();
      return sv_scalar(s, SV_BOOL, op == TK_eq ? assign_eq(s, x, rhs, n) : assign_in(s, x, rhs, n));
    }
  }
  if (op == TK_in || op == TK_notin) {
    term_t in = in_node(s, tr(s, l, c, env), r, c, env, 0);
    return sv_scalar(s, SV_BOOL, op == TK_in ? in : term_not(in));
  }
  sv *a = tr(s, l, c, env), *b = tr(s, r, c, env);
  switch (op) {
    case TK_eq: return sv_scalar(s, SV_BOOL, sv_eq(s, a, b, n));
    case TK_neq: return sv_scalar(s, SV_BOOL, term_not(sv_eq(s, a, b, n)));
    case TK_equiv:
    case TK_iff: return sv_scalar(s, SV_BOOL, term_iff(as_bool(s, a, l), as_bool(s, b, r)));
    case TK_in: return sv_scalar(s, SV_BOOL, sv_in(s, a, b, n));
    case TK_notin: return sv_scalar(s, SV_BOOL, term_not(sv_in(s, a, b, n)));
    case TK_plus: return sv_scalar(s, SV_INT, term_add2(as_int(s, a, l), as_int(s, b, r)));
    case TK_minus: return sv_scalar(s, SV_INT, term_sub(as_int(s, a, l), as_int(s, b, r)));
    case TK_mul: return sv_scalar(s, SV_INT, term_mul2(as_int(s, a, l), as_int(s, b, r)));
    case TK_div:
    case TK_mod: {
      /* SMT's div/mod are TLA+'s for a positive divisor; \\div floors for a
       * negative one (as the evaluator); 0 (and % by a negative) is TLC's error */
      bool pos = b->cv && b->cv->kind == TV_INT && b->cv->i > 0;
      if (!pos && !s->step) unsupported(s, n, "\\div or % by a non-constant");
      term_t x = as_int(s, a, l), y = as_int(s, b, r);
      if (pos) return sv_scalar(s, SV_INT, op == TK_div ? term_idiv(x, y) : term_mod(x, y));
      if (op == TK_mod) {
        add_error(s, term_le(y, term_int(0)));
        return sv_scalar(s, SV_INT, term_mod(x, y));
      }
      add_error(s, term_eq(y, term_int(0)));
      return sv_scalar(s, SV_INT, term_ite(term_gt(y, term_int(0)), term_idiv(x, y), term_idiv(term_neg(x), term_neg(y))));
    }
    case TK_pow: {
      /* a constant base folds exactly (rational terms): big powers too */
      int64_t most = a->cv ? 4096 : 64;
      if (!b->cv || b->cv->kind != TV_INT || b->cv->i < 0 || b->cv->i > most) unsupported(s, n, "^ with an exponent over state");
      term_t x = as_int(s, a, l), p = term_int(1);
      for (int64_t k = 0; k < b->cv->i; k++) p = term_mul2(p, x);
      return sv_scalar(s, SV_INT, p);
    }
    case TK_lt: return sv_scalar(s, SV_BOOL, term_lt(as_int(s, a, l), as_int(s, b, r)));
    case TK_gt: return sv_scalar(s, SV_BOOL, term_gt(as_int(s, a, l), as_int(s, b, r)));
    case TK_leq: return sv_scalar(s, SV_BOOL, term_le(as_int(s, a, l), as_int(s, b, r)));
    case TK_geq: return sv_scalar(s, SV_BOOL, term_ge(as_int(s, a, l), as_int(s, b, r)));
    case TK_cup:
    case TK_cap:
    case TK_setminus: return set_op(s, op, a, b, n);
    case TK_subseteq: return sv_scalar(s, SV_BOOL, subseteq(s, a, b, n));
    case TK_dots_2: return sym_range(s, as_int(s, a, l), as_int(s, b, r), n);
    case TK_circ: return seq_concat(s, a, b, n);
    case TK_supseteq: return sv_scalar(s, SV_BOOL, subseteq(s, b, a, n));
    default: {
      char what[120];
      snprintf(what, sizeof what, "the operator %s over state", tla_kind_name(op));
      unsupported(s, n, what);
    }
  }
}

/* Marks the variables of UNCHANGED e (a variable, a tuple of them, or a
 * definition of such) assigned. */
static void unchanged_vars(tla_sym *s, tla_node *n, tla_ctx *c, senv *env, unsigned depth) {
  while (n->kind == TK_parentheses && n->n == 1) n = n->kid[0];
  if (depth > 32) unsupported(s, n, "UNCHANGED of this expression");
  int x = var_of(s, n, c, env);
  if (x >= 0) {
    s->asg[x] = term_true();
    return;
  }
  if (n->kind == TK_tuple_literal) {
    for (uint32_t i = 0; i < n->n; i++) unchanged_vars(s, n->kid[i], c, env, depth + 1);
    return;
  }
  if (n->kind == TK_identifier_ref && !lookup(env, n->text)) {
    tla_res r = tla_resolve(s->ev, n->text, c, NULL);
    if (r.kind == TLA_R_DEF && r.def->kind == DEF_OP && !r.def->nparams && r.def->body) {
      unchanged_vars(s, r.def->body, r.def->ctx, NULL, depth + 1);
      return;
    }
  }
  if (is_const(s, n, c, env, 0)) return;
  unsupported(s, n, "UNCHANGED of this expression");
}

/* Step mode: UNCHANGED e binds each variable of e to its current value. */
static term_t unchanged_step(tla_sym *s, tla_node *n, tla_ctx *c, senv *env, unsigned depth) {
  while (n->kind == TK_parentheses && n->n == 1) n = n->kid[0];
  if (depth > 32) unsupported(s, n, "UNCHANGED of this expression");
  int x = var_of(s, n, c, env);
  if (x >= 0) return step_assign(s, x, s->cur[x], n);
  if (n->kind == TK_tuple_literal) {
    term_t r = term_true();
    for (uint32_t i = 0; i < n->n; i++) r = term_and2(r, unchanged_step(s, n->kid[i], c, env, depth + 1));
    return r;
  }
  if (n->kind == TK_identifier_ref && !lookup(env, n->text)) {
    tla_res r = tla_resolve(s->ev, n->text, c, NULL);
    if (r.kind == TLA_R_DEF && r.def->kind == DEF_OP && !r.def->nparams && r.def->body)
      return unchanged_step(s, r.def->body, r.def->ctx, NULL, depth + 1);
  }
  if (is_const(s, n, c, env, 0)) return term_true();
  unsupported(s, n, "UNCHANGED of this expression");
}

static sv *tr_unchanged(tla_sym *s, tla_node *e, tla_ctx *c, senv *env, const tla_node *at) {
  if (s->primed || !s->nxt) unsupported(s, at, "UNCHANGED here");
  if (s->step) return sv_scalar(s, SV_BOOL, unchanged_step(s, e, c, env, 0));
  unchanged_vars(s, e, c, env, 0);
  s->primed = true;
  sv *after = tr(s, e, c, env);
  s->primed = false;
  return sv_scalar(s, SV_BOOL, sv_eq(s, after, tr(s, e, c, env), at));
}

/* ---- ENABLED in the layouts: the next state's leaves quantified ---- */

/* q marks the variables still quantified (1) and those eliminated (0).
 * Does t mention one still quantified? */
static bool mentions(term_t t, const term_map *q) {
  term_t *fv = NULL;
  uint32_t n = term_free_vars(t, &fv);
  bool r = false;
  for (uint32_t i = 0; i < n && !r; i++) r = term_map_get(q, fv[i]) > 0;
  free(fv);
  return r;
}

/* Does the disjunction c have a literal v = t with t free of v? Then
 * \E v : c holds (v := t). */
static bool has_eq_literal(term_t c, term_t v) {
  term_t u = term_unsigned(c);
  if (term_is_negated(c) || term_op_of(u) != OP_OR) return false;
  for (uint32_t i = 0; i < term_nargs(u); i++) {
    term_t a = term_arg(u, i);
    if (term_is_negated(a) || term_op_of(a) != OP_EQ || term_nargs(a) != 2) continue;
    for (uint32_t j = 0; j < 2; j++)
      if (term_arg(a, j) == v && !term_has_free_var(term_arg(a, 1 - j), v)) return true;
  }
  return false;
}

static term_t exists_vars(tla_sym *s, term_t f, const term_t *vars, uint32_t nvars, unsigned depth);

/* The variables of q (still quantified) that c mentions, when none of them
 * occurs in the other conjuncts c[0..n); else 0. */
static uint32_t own_vars(tla_sym *s, term_t c, const term_t *other, uint32_t n, const term_map *q, term_t **out) {
  term_t *fv = NULL;
  uint32_t nf = term_free_vars(c, &fv), k = 0;
  *out = salloc(s, (nf + 1) * sizeof **out);
  for (uint32_t j = 0; j < nf; j++) {
    if (term_map_get(q, fv[j]) != 1) continue;
    for (uint32_t i = 0; i < n; i++)
      if (term_has_free_var(other[i], fv[j])) k = nf + 1;
    if (k > nf) break;
    (*out)[k++] = fv[j];
  }
  free(fv);
  return k > nf ? 0 : k;
}

/* A conjunction f under \E q, after the one-point rule: each variable v of
 * q left, with C its conjuncts that mention it, is eliminated exactly where
 * that is cheap: C mentions no other variable of q and v is Boolean
 * (\E v : C(v) is C(TRUE) \/ C(FALSE)), or C is one disjunction with a
 * literal v = t (always satisfiable: TRUE). Others stay in q. */
static term_t eliminate_rest(tla_sym *s, term_t f, term_map *q, const term_t *vars, uint32_t nvars) {
  term_t u = term_unsigned(f);
  bool conj = !term_is_negated(f) && term_op_of(u) == OP_AND;
  uint32_t n = conj ? term_nargs(u) : 1;
  term_t *c = salloc(s, (n + 2) * sizeof *c), *mine = salloc(s, (n + 1) * sizeof *mine);
  for (uint32_t i = 0; i < n; i++) c[i] = conj ? term_arg(u, i) : f;
  for (uint32_t k = 0; k < nvars; k++) {
    term_t v = vars[k];
    if (term_map_get(q, v) != 1) continue;
    uint32_t m = 0, keep = 0;
    bool alone = true;
    for (uint32_t i = 0; i < n; i++) {
      if (!term_has_free_var(c[i], v)) {
        c[keep++] = c[i];
        continue;
      }
      mine[m++] = c[i];
      term_map_put(q, v, 0);
      alone = alone && !mentions(c[i], q);
      term_map_put(q, v, 1);
    }
    if (!m) continue;   /* not mentioned: dropped below */
    term_t r;
    if (alone && term_is_bool(v)) {
      term_t cv = term_and(m, mine), t = term_true(), fl = term_false();
      r = term_or2(term_subst(cv, 1, &v, &t), term_subst(cv, 1, &v, &fl));
    } else if (m == 1 && has_eq_literal(mine[0], v)) r = term_true();
    else if (m == 1 && !term_is_negated(mine[0]) && term_op_of(mine[0]) == OP_OR) {
      /* a disjunction whose variables occur nowhere else: \E per disjunct */
      term_t *own;
      uint32_t no = own_vars(s, mine[0], c, keep, q, &own);
      if (!no) {
        c[keep++] = mine[0];
        continue;
      }
      r = exists_vars(s, mine[0], own, no, 0);
      for (uint32_t j = 0; j < no; j++) term_map_put(q, own[j], 0);
    } else {
      for (uint32_t i = 0; i < m; i++) c[keep++] = mine[i];   /* left quantified */
      continue;
    }
    term_map_put(q, v, 0);
    c[keep++] = r;
    n = keep;
  }
  return term_and(n, c);
}

/* A conjunction d with a disjunction (at most 8 disjuncts) that mentions a
 * variable of q: d with that disjunction distributed over the others (its
 * disjuncts can then be eliminated one by one: x' \in {a, b} /\ x' <= 3);
 * NULL_TERM if none. */
static term_t distribute(tla_sym *s, term_t d, const term_map *q) {
  term_t u = term_unsigned(d);
  if (term_is_negated(d) || term_op_of(u) != OP_AND) return NULL_TERM;
  uint32_t n = term_nargs(u);
  for (uint32_t i = 0; i < n; i++) {
    term_t o = term_arg(u, i);
    if (term_is_negated(o) || term_op_of(o) != OP_OR || term_nargs(o) > 8 || !mentions(o, q)) continue;
    term_t *rest = salloc(s, (n + 1) * sizeof *rest), *alt = salloc(s, (term_nargs(o) + 1) * sizeof *alt);
    for (uint32_t j = 0; j < n; j++) rest[j] = j == i ? term_true() : term_arg(u, j);
    term_t others = term_and(n, rest);
    for (uint32_t j = 0; j < term_nargs(o); j++) alt[j] = term_and2(term_arg(o, j), others);
    return term_or(term_nargs(o), alt);
  }
  return NULL_TERM;
}

/* \E vars : f, exactly: per disjunct, the one-point rule and
 * eliminate_rest; where variables are left, a disjunction among the
 * conjuncts distributed (depth at most 3: 8^3 disjuncts); the variables
 * still mentioned renamed to fresh ones under an existential quantifier. */
static term_t exists_vars(tla_sym *s, term_t f, const term_t *vars, uint32_t nvars, unsigned depth) {
  term_t fu = term_unsigned(f);
  bool disj = !term_is_negated(f) && term_op_of(fu) == OP_OR;
  uint32_t n = disj ? term_nargs(fu) : 1;
  term_t *parts = salloc(s, (n + 1) * sizeof *parts);
  term_map q;
  term_map_init(&q);
  for (uint32_t i = 0; i < n; i++) {
    /* the one-point rule first (\E v : v = t /\ P(v) is P(t)) */
    term_t d, *left = salloc(s, (nvars + 1) * sizeof *left);
    memcpy(left, vars, nvars * sizeof *left);
    uint32_t nleft = term_one_point(disj ? term_arg(fu, i) : f, left, nvars, &d);
    for (uint32_t j = 0; j < nvars; j++) term_map_put(&q, vars[j], 0);
    for (uint32_t j = 0; j < nleft; j++) term_map_put(&q, left[j], 1);
    d = eliminate_rest(s, d, &q, vars, nvars);
    term_t *fv = NULL;
    uint32_t nf = term_free_vars(d, &fv), k = 0;
    term_t *to = salloc(s, (nf + 1) * sizeof *to);
    for (uint32_t j = 0; j < nf; j++)
      if (term_map_get(&q, fv[j]) == 1) fv[k++] = fv[j];
    term_t spread = k && depth < 3 ? distribute(s, d, &q) : NULL_TERM;
    if (spread != NULL_TERM) {
      parts[i] = exists_vars(s, spread, fv, k, depth + 1);
    } else {
      for (uint32_t j = 0; j < k; j++) to[j] = term_fresh_var("tla_en", term_type(fv[j]));
      parts[i] = k ? term_exists(k, to, term_subst(d, k, fv, to)) : d;
    }
    free(fv);
  }
  term_map_free(&q);
  return term_or(n, parts);
}

/* \E over the next state's leaves (the primed variables of the layouts). */
static term_t exists_next(tla_sym *s, term_t f) {
  uint32_t nl = s->nv ? s->first[s->nv - 1] + s->count[s->nv - 1] : 0;
  term_t *leaves = salloc(s, (nl + 1) * sizeof *leaves);
  for (uint32_t j = 0; j < nl; j++) leaves[j] = term_prime(s->sys.vars.data[j]);
  return exists_vars(s, f, leaves, nl, 0);
}

/* Layouts: ENABLED A holds iff some next state satisfies A. A is translated
 * as an action (no variable assigned yet) over the primed leaves, which are
 * then quantified. A successor outside the layouts is an error of A (as in
 * Next); A's errors, quantified the same way (some path of A errs: at
 * least TLC's), are errors of the enclosing action where it reaches A (its
 * path condition: over its own x', which are not A's). The same in a state
 * predicate (an invariant or constraint: no x' of its own; A's errors
 * are the predicate's). */
static sv *tr_enabled_layout(tla_sym *s, tla_node *e, tla_ctx *c, senv *env, const tla_node *at) {
  if (!(s->in_next || s->in_state_pred) || s->primed || s->init_mode) unsupported(s, at, "ENABLED here");
  term_t *asg = asg_copy(s), pc = s->pc;
  size_t nerr = s->errs.size;
  for (size_t i = 0; i < s->nv; i++) s->asg[i] = term_false();
  s->pc = term_true();
  term_t f = tr_bool(s, e, c, env);
  asg_set(s, asg);
  s->pc = pc;
  term_t err = term_or((uint32_t)(s->errs.size - nerr), s->errs.data + nerr);
  s->errs.size = nerr;
  if (!term_is_false(err)) add_error(s, exists_next(s, err));
  return sv_scalar(s, SV_BOOL, exists_next(s, f));
}

/* Step mode: ENABLED A, A translated as an action from the current state
 * (its assignments are witnesses); its choices are quantified unless the
 * context asserts it (then they stay choices of the step). */
static sv *tr_enabled(tla_sym *s, tla_node *e, tla_ctx *c, senv *env, const tla_node *at) {
  if (!s->step) return tr_enabled_layout(s, e, c, env, at);
  if (s->primed || s->init_mode) unsupported(s, at, "ENABLED here");
  sv **val = s->val, **nxt = s->nxt;
  term_t *asg = asg_copy(s);
  size_t nch = s->choices.size;
  int pol = s->pol;
  bool approx = s->approx;
  if (pol <= 0) s->approx = false;   /* its choice would be quantified under a negation */
  s->in_enabled++;
  s->val = s->nxt = salloc(s, (s->nv + 1) * sizeof *s->val);
  for (size_t i = 0; i < s->nv; i++) s->asg[i] = term_false();
  term_t f = tr_bool(s, e, c, env);
  s->in_enabled--;
  s->approx = approx;
  s->val = val, s->nxt = nxt;
  asg_set(s, asg);
  if (pol > 0) return sv_scalar(s, SV_BOOL, f);
  f = term_exists((uint32_t)(s->choices.size - nch), s->choices.data + nch, f);
  s->choices.size = nch;
  return sv_scalar(s, SV_BOOL, f);
}

/* SUBSET S over state: one cell per subset of S's cells (at most 2^12).
 * With S's elements concrete each subset is a concrete set (its cell
 * guarded by its elements' guards), so a function over SUBSET S is a
 * table with concrete keys (fun_def_apply: a recursive Max[T \in SUBSET S]
 * unfolds per subset instead of without end over the symbolic S). */
static sv *powerset_sym(tla_sym *s, sv *base, const tla_node *at) {
  enumerable(s, base, at);
  /* S's distinct elements, guards merged */
  sv **el = salloc(s, (base->n + 1) * sizeof *el);
  term_t *g = salloc(s, (base->n + 1) * sizeof *g);
  uint32_t m = 0;
  bool concrete = true;
  for (uint32_t i = 0; i < base->n; i++) {
    if (term_is_false(base->g[i])) continue;
    uint32_t j = 0;
    while (j < m && !same_cell(el[j], base->el[i])) j++;
    if (j == m) el[m] = base->el[i], g[m++] = base->g[i], concrete &= base->el[i]->cv != NULL;
    else g[j] = term_or2(g[j], base->g[i]);
  }
  if (m > 12) unsupported(s, at, "SUBSET of a set over state with more than 12 elements");
  sv *r = sv_new(s, SV_SET, 1u << m);
  const tla_val **cv = concrete ? salloc(s, (m + 1) * sizeof *cv) : NULL;
  for (uint32_t mask = 0; mask < (1u << m); mask++) {
    sv *t = concrete ? NULL : sv_new(s, SV_SET, (uint32_t)__builtin_popcount(mask));
    term_t in = term_true();
    uint32_t k = 0;
    for (uint32_t j = 0; j < m; j++)
      if (mask & (1u << j)) {
        if (concrete) cv[k++] = el[j]->cv;
        else t->g[k] = term_true(), t->el[k++] = el[j];
        in = term_and2(in, g[j]);
      }
    r->g[mask] = in, r->el[mask] = concrete ? sv_const(s, tv_set(cv, k), at) : t;
  }
  return r;
}

static sv *tr_prefix(tla_sym *s, tla_node *n, tla_ctx *c, senv *env) {
  tla_node *sym = tla_field_kid(n, TF_SYMBOL), *r = tla_field_kid(n, TF_RHS);
  if (tla_core(s->m)->user_symbols) unsupported(s, n, "user-defined prefix operators");
  if (sym->kind == TK_unchanged) return tr_unchanged(s, r, c, env, n);
  if (sym->kind == TK_enabled) return tr_enabled(s, r, c, env, n);
  if (sym->kind == TK_lnot) s->pol = -s->pol;
  sv *a = tr(s, r, c, env);
  if (sym->kind == TK_lnot) s->pol = -s->pol;
  switch (sym->kind) {
    case TK_lnot: return sv_scalar(s, SV_BOOL, term_not(as_bool(s, a, r)));
    case TK_negative: return sv_scalar(s, SV_INT, term_neg(as_int(s, a, r)));
    case TK_domain: {
      a = proj(s, a, K_FUN);
      if (a->k == SV_NONE) return as_set(s, a, n);
      if (a->k != SV_FUN) unsupported(s, n, "DOMAIN of a non-function");
      if (a->dg) {
        sv *r = sv_new(s, SV_SET, a->n);
        for (uint32_t i = 0; i < a->n; i++) r->g[i] = a->dg[i], r->el[i] = sv_const(s, a->key[i], n);
        return r;
      }
      const tla_val **k = salloc(s, (a->n + 1) * sizeof *k);
      copy_vals(k, a->key, a->n * sizeof *k);
      return sv_const(s, tv_set(k, a->n), n);
    }
    case TK_powerset: return powerset_sym(s, as_set(s, a, r), n);
    default: {
      char what[120];
      snprintf(what, sizeof what, "the operator %s over state", tla_kind_name(sym->kind));
      unsupported(s, n, what);
    }
  }
}

/* Quantifier bounds: one name (no tuple patterns over symbolic sets). */
typedef struct {
  tla_node *intro[16];
  sv *set[16];           /* NULL: one witness from setn (step mode) */
  tla_node *setn[16];
  sv *wset[16];          /* the witness's set when it is translated already */
  uint32_t n;
} bounds;

static bool skolem_set(tla_sym *s, tla_node *set, tla_ctx *c, senv *env);

/* witness: the quantifier may pick one element of a set too large to
 * expand (an asserted \E, a refuted \A). */
static void get_bounds(tla_sym *s, tla_node *n, tla_field f, tla_ctx *c, senv *env, bounds *b, bool witness) {
  b->n = 0;
  for (uint32_t i = 0; i < n->n; i++) {
    tla_node *qb = n->kid[i];
    if (qb->kind != TK_quantifier_bound || (f != TF_NONE && qb->field != f)) continue;
    tla_node *setn = tla_field_kid(qb, TF_SET);
    if (!setn) unsupported(s, qb, "unbounded quantifier");
    if (witness && skolem_set(s, setn, c, env)) {
      for (uint32_t k = 0; k < qb->n; k++) {
        tla_node *in = qb->kid[k];
        if (in->field != TF_INTRO) continue;
        if (b->n == 16) unsupported(s, qb, "more than 16 bound names");
        b->intro[b->n] = in, b->set[b->n] = NULL, b->wset[b->n] = NULL, b->setn[b->n++] = setn;
      }
      continue;
    }
    sv *set = tr(s, setn, c, env);
    bool symbolic = false;
    if (witness && set->k == SV_SET && set->n > 1)
      for (uint32_t k = 0; k < set->n && !symbolic; k++) symbolic = !set->el[k]->cv;
    if (symbolic) {
      /* symbolic elements: one witness, not one branch per cell (each
       * branch would add its own cells to the sets it builds) */
      for (uint32_t k = 0; k < qb->n; k++) {
        tla_node *in = qb->kid[k];
        if (in->field != TF_INTRO) continue;
        if (b->n == 16) unsupported(s, qb, "more than 16 bound names");
        b->intro[b->n] = in, b->set[b->n] = NULL, b->wset[b->n] = set, b->setn[b->n++] = setn;
      }
      continue;
    }
    for (uint32_t k = 0; k < qb->n; k++) {
      tla_node *in = qb->kid[k];
      if (in->field != TF_INTRO) continue;
      if (b->n == 16) unsupported(s, qb, "more than 16 bound names");
      if (in->kind != TK_identifier && !set->cv) unsupported(s, in, "a tuple pattern over a symbolic set");
      b->intro[b->n] = in;
      b->set[b->n] = as_set(s, set, setn);
      enumerable(s, b->set[b->n], setn);
      b->n++;
    }
  }
}

static senv *bind_pattern(tla_sym *s, senv *env, tla_node *in, sv *el, const tla_node *at) {
  if (in->kind == TK_identifier) return bind_value(s, env, in->text, el);
  if (!el->cv || !tv_is_seq(el->cv) || el->cv->n != in->n) unsupported(s, at, "a tuple pattern that does not match");
  for (uint32_t j = 0; j < in->n; j++) env = bind_concrete(s, env, in->kid[j]->text, el->cv->v[j]);
  return env;
}

/* \E / \A over bounds [i..n): expanded over the sets' cells. */
static term_t quant(tla_sym *s, bool exists, bounds *b, uint32_t i, tla_node *body, tla_ctx *c, senv *env) {
  if (i == b->n) return tr_bool(s, body, c, env);
  sv *set = b->set[i];
  if (!set) {
    /* one witness, a choice of the step */
    term_t cond, saved_pc = s->pc;
    sv *w = b->wset[i] ? choose_cells(s, b->wset[i], &cond, body) : choose_node(s, b->setn[i], c, env, &cond, 0);
    if (s->step && !s->in_enabled) {
      if (s->nwit == s->capwit) {
        s->capwit = s->capwit ? 2 * s->capwit : 16;
        s->wit = xrealloc(s->wit, s->capwit * sizeof *s->wit);
      }
      s->wit[s->nwit].state = s->nstates;   /* the state this step (or Init) produces */
      s->wit[s->nwit].intro = b->intro[i];
      s->wit[s->nwit].w = w;
      s->wit[s->nwit++].when = term_and2(saved_pc, cond);
    }
    s->pc = term_and2(saved_pc, cond);
    term_t v = quant(s, exists, b, i + 1, body, c, bind_pattern(s, env, b->intro[i], w, body));
    s->pc = saved_pc;
    return exists ? term_and2(cond, v) : term_implies(cond, v);
  }
  term_t *parts = salloc(s, (set->n + 1) * sizeof *parts);
  term_t saved_pc = s->pc;
  if (s->step) {
    /* \E: one branch per cell; \A: a conjunction, in order */
    pst in = pst_save(s), *outs = salloc(s, (set->n + 1) * sizeof *outs);
    for (uint32_t k = 0; k < set->n; k++) {
      if (exists) pst_load(s, in);
      pst before = pst_save(s);
      s->pc = term_and2(saved_pc, set->g[k]);
      term_t v = quant(s, exists, b, i + 1, body, c, bind_pattern(s, env, b->intro[i], set->el[k], body));
      parts[k] = exists ? term_and2(set->g[k], v) : term_implies(set->g[k], v);
      outs[k] = pst_save(s);
      if (!exists && !pst_same(s, outs[k], before)) pst_load(s, pst_ite(s, set->g[k], outs[k], before, body));
    }
    s->pc = saved_pc;
    return exists ? step_disj(s, set->n, parts, outs, in, body) : term_and(set->n, parts);
  }
  term_t *in = asg_copy(s), *out = asg_all(s, term_true());
  for (uint32_t k = 0; k < set->n; k++) {
    asg_set(s, in);
    s->pc = term_and2(saved_pc, set->g[k]);
    term_t v = quant(s, exists, b, i + 1, body, c, bind_pattern(s, env, b->intro[i], set->el[k], body));
    parts[k] = exists ? term_and2(set->g[k], v) : term_implies(set->g[k], v);
    asg_branch(s, out, parts[k], s->asg);   /* a branch never taken assigns vacuously */
  }
  s->pc = saved_pc;
  asg_set(s, exists ? out : in);
  return exists ? term_or(set->n, parts) : term_and(set->n, parts);
}

static sv *fun_apply(tla_sym *s, sv *f, sv *x, const tla_node *at) {
  f = proj(s, f, K_FUN);
  if (f->k == SV_NONE || x->k == SV_NONE) return f;
  if (f->k != SV_FUN) unsupported(s, at, "application of a non-function");
  if (x->cv) {
    int k = key_index(f, x->cv);
    if (k >= 0) {
      add_error(s, term_not(dom_g(f, (uint32_t)k)));
      return f->el[k];
    }
    add_error(s, term_true());
    return sv_none(s);
  }
  if (!f->n) {
    add_error(s, term_true());
    return sv_none(s);
  }
  sv *r = f->el[f->n - 1];
  term_t *in = salloc(s, (f->n + 1) * sizeof *in);
  for (uint32_t i = f->n; i-- > 0;) {
    term_t hit = sv_eq(s, x, sv_const(s, f->key[i], at), at);
    in[i] = term_and2(hit, dom_g(f, i));
    if (i + 1 < f->n) r = sv_ite(s, hit, f->el[i], r, at);
  }
  add_error(s, term_not(term_or(f->n, in)));
  return r;
}

static sv *except_at(tla_sym *s, sv *f, tla_node **path, uint32_t np, tla_node *nv, tla_ctx *c, senv *env) {
  if (np == 0) {
    sv *saved = s->at;
    s->at = f;
    sv *r = tr(s, nv, c, env);
    s->at = saved;
    return r;
  }
  tla_node *p = path[0];
  f = proj(s, f, K_FUN);
  if (f->k == SV_NONE) return f;
  if (f->k != SV_FUN) unsupported(s, p, "EXCEPT on a non-function");
  sv *key;
  if (p->kind == TK_except_update_record_field) key = sv_const(s, tv_str(p->kid[0]->text), p);
  else if (p->n == 1) key = tr(s, p->kid[0], c, env);
  else unsupported(s, p, "EXCEPT with a tuple index");
  sv *r = sv_new(s, SV_FUN, f->n);
  r->dg = f->dg, r->len = f->len;
  for (uint32_t i = 0; i < f->n; i++) {
    r->key[i] = f->key[i];
    term_t hit = key->cv ? term_bool(key->cv == f->key[i]) : sv_eq(s, key, sv_const(s, f->key[i], p), p);
    hit = term_and2(hit, dom_g(f, i));
    if (term_is_false(hit)) {
      r->el[i] = f->el[i];
      continue;
    }
    term_t saved_pc = s->pc;
    s->pc = term_and2(saved_pc, hit);
    sv *upd = except_at(s, f->el[i], path + 1, np - 1, nv, c, env);
    s->pc = saved_pc;
    r->el[i] = sv_ite(s, hit, upd, f->el[i], p);
  }
  return r;   /* outside the domain: f unchanged, as TLC */
}

static tla_ctx *prefix_ctx_of(tla_sym *s, tla_node *n, tla_ctx *c) {
  tla_node *pre = tla_field_kid(n, TF_PREFIX);
  for (uint32_t i = 0; pre && i < pre->n; i++) {
    tla_node *comp = pre->kid[i];
    tla_node *id = comp->kind == TK_subexpr_component && comp->n ? comp->kid[0] : comp;
    if (id->kind == TK_bound_op) unsupported(s, comp, "parameterised instances");
    tla_res r = tla_resolve(s->ev, id->text, c, NULL);
    if (r.kind != TLA_R_DEF || r.def->kind != DEF_INSTANCE) unsupported(s, comp, "this instance reference");
    c = r.def->inst;
  }
  return c;
}

/* f[args] for a function definition f[x \in S, ...] == body (recursive
 * ones unfold while the arguments decide the recursion): the body with
 * the bound names bound; an argument outside its bound set is TLC's error. */
static sv *fun_def_apply(tla_sym *s, tla_def *d, senv *denv, sv **args, uint32_t na, const tla_node *at) {
  tla_node *intro[16], *set[16];
  uint32_t ni = 0;
  for (uint32_t i = 0; i < d->nparams; i++)
    for (uint32_t k = 0; k < d->params[i]->n; k++)
      if (d->params[i]->kid[k]->field == TF_INTRO) {
        if (ni == 16) unsupported(s, at, "a function of more than 16 arguments");
        intro[ni] = d->params[i]->kid[k], set[ni++] = tla_field_kid(d->params[i], TF_SET);
      }
  sv *tuple[16];
  if (ni != na) {
    /* f[<<a, b>>] for f[x \in S, y \in T] */
    sv *t = na == 1 ? proj(s, args[0], K_FUN) : NULL;
    if (!t || t->k != SV_FUN || !seq_keys(t) || t->n != ni || t->len != NULL_TERM)
      unsupported(s, at, "a function applied to the wrong number of arguments");
    for (uint32_t i = 0; i < ni; i++) tuple[i] = t->el[i];
    args = tuple, na = ni;
  }
  if (ni == 1 && !args[0]->cv && args[0]->k != SV_NONE && set[0]) {
    /* a symbolic argument: the function as a table over its bound set's
     * (concrete) elements, each entry unfolded with a concrete argument */
    sv *dom = as_set(s, tr(s, set[0], d->ctx, denv), at);
    bool concrete = dom->n <= 4096;
    for (uint32_t i = 0; i < dom->n && concrete; i++) concrete = dom->el[i]->cv != NULL;
    if (concrete) {
      sv *tab = sv_new(s, SV_FUN, dom->n);
      tab->dg = salloc(s, (dom->n + 1) * sizeof *tab->dg);
      term_t saved_pc = s->pc;
      uint32_t k = 0;
      for (uint32_t i = 0; i < dom->n; i++) {
        if (term_is_false(dom->g[i])) continue;
        int dup = key_index(tab, dom->el[i]->cv);
        if (dup >= 0) {
          /* the same element in another cell: in the domain by either guard */
          tab->dg[dup] = term_or2(tab->dg[dup], dom->g[i]);
          continue;
        }
        s->pc = term_and2(saved_pc, sv_eq(s, args[0], dom->el[i], at));
        sv *one = dom->el[i];
        tab->key[k] = one->cv, tab->dg[k] = dom->g[i];
        tab->el[k] = fun_def_apply(s, d, denv, &one, 1, at);
        tab->n = ++k;
      }
      s->pc = saved_pc;
      return fun_apply(s, tab, args[0], at);
    }
  }
  for (uint32_t i = 0; i < na; i++)
    if (args[i]->k == SV_NONE) return args[i];
  if (++s->depth > 200) unsupported(s, at, "recursion over state that the arguments do not bound");
  senv *ne = denv;
  for (uint32_t i = 0; i < ni; i++) {
    if (!set[i]) unsupported(s, at, "a function definition without bounds");
    add_error(s, term_not(in_node(s, args[i], set[i], d->ctx, denv, 0)));
    ne = bind_pattern(s, ne, intro[i], args[i], at);
  }
  sv *r = tr(s, d->body, d->ctx, ne);
  s->depth--;
  return r;
}

static sv *tr_let(tla_sym *s, tla_node *n, tla_ctx *c, senv *env) {
  senv *ne = env;
  for (uint32_t i = 0; i < n->n; i++) {
    tla_node *dn = n->kid[i];
    if (dn->field != TF_DEFINITIONS) continue;
    bool fun = dn->kind == TK_function_definition;
    if (dn->kind != TK_operator_definition && !fun) unsupported(s, dn, "this kind of LET definition");
    tla_node *nm = tla_field_kid(dn, TF_NAME);
    if (nm->kind != TK_identifier) unsupported(s, dn, "a LET operator symbol");
    tla_def *d = salloc(s, sizeof *d);
    d->name = nm->text;
    d->kind = fun ? DEF_FUN : DEF_OP;
    d->ctx = c;
    d->level = -1;
    d->body = tla_field_kid(dn, TF_DEFINITION);
    /* operators: the parameters; functions f[x \in S] == ...: the bounds */
    uint32_t np = 0;
    for (uint32_t j = 0; j < dn->n; j++)
      if (fun ? dn->kid[j]->kind == TK_quantifier_bound : dn->kid[j]->field == TF_PARAMETER) np++;
    d->params = salloc(s, (np + 1) * sizeof *d->params);
    for (uint32_t j = 0; j < dn->n; j++)
      if (fun ? dn->kid[j]->kind == TK_quantifier_bound : dn->kid[j]->field == TF_PARAMETER) d->params[d->nparams++] = dn->kid[j];
    senv *b = bind(s, ne, d->name);
    b->def = d;
    b->denv = fun ? b : ne;   /* a function may refer to itself */
    b->cell = (tla_env){.name = d->name, .kind = ENV_DEF, .def = d, .next = chain_of(ne)};
    b->chain = &b->cell;
    d->closure = fun ? &b->cell : chain_of(ne);
    ne = b;
  }
  return tr(s, tla_field_kid(n, TF_EXPRESSION), c, ne);
}

/* The layouts' work budget for one constant (evaluator steps, 35-90
 * million a second; a failed one makes the layouts fail early, with its
 * position): the largest of the shared models' is 102,013
 * (CoffeeCan100Beans' Init filter). CoffeeCan1000Beans' filter over 10^6
 * records took 10 million steps and 2 s CPU (the records' enumeration, a
 * step each, then their sort) before its 500,500 elements were rejected as
 * a set of more than 100000; it is also a TypeOK-like hint (find_types),
 * evaluated once more. At 500,000 both stop within the enumeration. */
#define LAYOUT_CONST_TICKS 500000ull
/* The layouts' constants within the budget (not the step-wise BMC's, which
 * has no sample budget of its own to keep, nor the sample's): true if set. */
static bool const_budget_start(tla_sym *s) {
  if (s->step || s->ev->tick_limit) return false;
  s->ev->tick_limit = s->ev->tick + LAYOUT_CONST_TICKS;
  return true;
}
static void const_budget_end(tla_sym *s, bool set) {
  if (set) s->ev->tick_limit = 0;
}

/* A subexpression without state, by the evaluator. An evaluation error
 * (TLC stops there if the path gets there) is an error under the path
 * condition; the value is then FALSE, and only paths with the error flag
 * set see it. */
/* The evaluator's value of n; NULL on an evaluation error, which is
 * flagged unless it is an overflow of its 64-bit integers and *overflow
 * is given (set then: the caller translates n into unbounded terms). */
static const tla_val *eval_value2(tla_sym *s, tla_node *n, tla_ctx *c, senv *env, bool *overflow) {
  jmp_buf jb, *saved = s->ev->jb;
  unsigned depth = s->ev->depth;
  bool primed = s->ev->primed;
  s->ev->jb = &jb;
  const tla_val *volatile v = NULL;
  volatile bool budget = const_budget_start(s);
  if (!setjmp(jb)) {
    v = tla_eval(s->ev, n, c, chain_of(env));
    const_budget_end(s, budget);
  } else {
    const_budget_end(s, budget);
    if (budget && strstr(s->ev->msg, "work budget")) {
      s->ev->jb = saved;
      tla_eval_reset_after_error();
      unsupported(s, n, "a constant whose evaluation exceeds the layouts' work budget");
    }
    if (strstr(s->ev->msg, "timeout")) {
      s->ev->jb = saved;
      longjmp(*saved, 1);
    }
    tla_eval_reset_after_error();
    s->ev->depth = depth;
    s->ev->primed = primed;
  }
  s->ev->jb = saved;
  if (!v && overflow && strstr(s->ev->msg, "integer overflow")) *overflow = true;
  else if (!v) add_error(s, term_true());
  return v;
}

static const tla_val *eval_value(tla_sym *s, tla_node *n, tla_ctx *c, senv *env) {
  return eval_value2(s, n, c, env, NULL);
}

/* Integers are unbounded in TLA+ (and in the terms): a constant
 * arithmetic expression beyond the evaluator's 64 bits (SafeMath's 2^256)
 * is translated, not evaluated. */
static bool arith_node(const tla_node *n) {
  switch (n->kind) {
    case TK_parentheses:
    case TK_identifier_ref:
    case TK_bound_op:
    case TK_prefixed_op: return true;
    case TK_bound_prefix_op: return tla_field_kid(n, TF_SYMBOL)->kind == TK_negative;
    case TK_bound_infix_op:
      switch (tla_field_kid(n, TF_SYMBOL)->kind) {
        case TK_plus:
        case TK_minus:
        case TK_mul:
        case TK_pow:
        case TK_div:
        case TK_mod: return true;
        default: return false;
      }
    default: return false;
  }
}

static sv *tr_node(tla_sym *s, tla_node *n, tla_ctx *c, senv *env);
static sv *eval_const(tla_sym *s, tla_node *n, tla_ctx *c, senv *env) {
  bool overflow = false;
  const tla_val *v = eval_value2(s, n, c, env, arith_node(n) ? &overflow : NULL);
  if (v) return sv_const(s, v, n);
  if (!overflow) return sv_none(s);
  const tla_node *saved = s->unbounded;
  s->unbounded = n;
  sv *r = tr_node(s, n, c, env);
  s->unbounded = saved;
  return r;
}

static int cmp_cells(const void *a, const void *b) {
  return tv_cmp((*(sv *const *)a)->cv, (*(sv *const *)b)->cv);
}

/* CHOOSE x \in S : P as the explicit evaluator picks: the first element in
 * the order of values that satisfies P (none: an evaluation error). */
/* The position of a scalar in the evaluator's order of values (tv_cmp):
 * integers by value, strings and model values by their rank among the
 * known ones (a term of this step can hold no other). */
static term_t order_key(tla_sym *s, const sv *v, const tla_node *at) {
  if (v->k == SV_INT) return v->t;
  if (v->k == SV_BOOL) return term_ite(v->t, term_int(1), term_int(0));
  if (v->k != SV_ATOM) unsupported(s, at, "CHOOSE among symbolic elements that are not integers, strings or model values");
  term_t r = term_int(-1);
  for (size_t i = 0; i < s->natoms; i++) {
    long rank = 0;
    for (size_t j = 0; j < s->natoms; j++) rank += tv_cmp(s->atoms[j], s->atoms[i]) < 0;
    r = term_ite(term_eq(v->t, atom_term(s, i)), term_int(rank), r);
  }
  return r;
}

/* Does the subtree mention the name (as any identifier)? */
static bool node_mentions(const tla_node *n, const char *name) {
  if (n->text && (n->kind == TK_identifier || n->kind == TK_identifier_ref) && strcmp(n->text, name) == 0) return true;
  for (uint32_t i = 0; i < n->n; i++)
    if (node_mentions(n->kid[i], name)) return true;
  return false;
}

/* CHOOSE m \in S : \A n \in S : e(n) <= e(m) (or >=, either side): an
 * element of S with the greatest (least) integer key e. Some element
 * qualifies whenever S is not empty (the key of a guarded cell that no
 * other guarded cell exceeds), so TLC's error "none qualifies" is exactly
 * "S is empty". Said so, instead of the conjunction over the cells that
 * the solver had to refute by ordering the keys (Paxos's ForcedValue: the
 * step's errors took 7 s of the depth-6 path query's 8). Checked on the
 * translation, not the text alone: the quantifier's set has S's cells,
 * and e with n bound to each cell is the same term as e with m bound to
 * it (a translation that makes a fresh choice never matches). */
static bool choose_extremum(tla_sym *s, sv *set, tla_node *intro, tla_node *body, tla_ctx *c, senv *env) {
  while (body->kind == TK_parentheses && body->n == 1) body = body->kid[0];
  if (body->kind != TK_bounded_quantification) return false;
  tla_node *q = tla_field_kid(body, TF_QUANTIFIER), *qb = NULL;
  if (!q || q->kind != TK_forall) return false;
  for (uint32_t i = 0; i < body->n; i++)
    if (body->kid[i]->kind == TK_quantifier_bound) {
      if (qb) return false;
      qb = body->kid[i];
    }
  if (!qb) return false;
  tla_node *in = NULL, *tn = tla_field_kid(qb, TF_SET);
  for (uint32_t k = 0; k < qb->n; k++)
    if (qb->kid[k]->field == TF_INTRO) {
      if (in) return false;
      in = qb->kid[k];
    }
  if (!in || !tn || in->kind != TK_identifier || !in->text || !intro->text || strcmp(in->text, intro->text) == 0) return false;
  tla_node *e = tla_field_kid(body, TF_EXPRESSION);
  if (!e) return false;
  while (e->kind == TK_parentheses && e->n == 1) e = e->kid[0];
  if (e->kind != TK_bound_infix_op) return false;
  tla_node *op = tla_field_kid(e, TF_SYMBOL), *l = tla_field_kid(e, TF_LHS), *r = tla_field_kid(e, TF_RHS);
  if (!op || !l || !r || (op->kind != TK_leq && op->kind != TK_geq)) return false;
  const char *m = intro->text, *nn = in->text;
  if (node_mentions(tn, m) || node_mentions(tn, nn)) return false;
  /* the side over n and the side over m */
  tla_node *ln = NULL, *lm = NULL;
  if (node_mentions(l, nn) && !node_mentions(l, m) && node_mentions(r, m) && !node_mentions(r, nn)) ln = l, lm = r;
  else if (node_mentions(r, nn) && !node_mentions(r, m) && node_mentions(l, m) && !node_mentions(l, nn)) ln = r, lm = l;
  else return false;
  if (primed_node(s, body, c, env, 0)) return false;
  /* translated aside: nothing it records stays */
  size_t nerrs = s->errs.size, nch = s->choices.size, nach = s->achoices.size, nac = s->aconstr.size, nwit = s->nwit;
  uint32_t napprox = s->napprox;
  term_t saved_pc = s->pc;
  bool ok = true;
  sv *t = as_set(s, tr(s, tn, c, env), tn);
  ok = t->n == set->n;
  for (uint32_t i = 0; ok && i < set->n; i++) ok = t->g[i] == set->g[i] && same_cell(t->el[i], set->el[i]);
  for (uint32_t i = 0; ok && i < set->n; i++) {
    if (term_is_false(set->g[i])) continue;
    s->pc = term_and2(saved_pc, set->g[i]);
    sv *kn = tr(s, ln, c, bind_value(s, env, nn, set->el[i]));
    sv *km = tr(s, lm, c, bind_value(s, env, m, set->el[i]));
    ok = kn->k == SV_INT && km->k == SV_INT && kn->t == km->t;
  }
  s->pc = saved_pc;
  s->errs.size = nerrs, s->choices.size = nch, s->achoices.size = nach, s->aconstr.size = nac, s->nwit = nwit;
  s->napprox = napprox;
  return ok;
}

/* "No cell of the set is in it" (CHOOSE's error when its body is an extremum). */
static term_t set_empty(const sv *set) {
  term_t r = term_true();
  for (uint32_t i = 0; i < set->n; i++) r = term_and2(r, term_not(set->g[i]));
  return r;
}

/* CHOOSE x \in S : P among symbolic scalars, as the evaluator: the least
 * element (its order) satisfying P; none is TLC's error. */
static sv *choose_any(tla_sym *s, sv *set, tla_node *intro, tla_node *body, tla_ctx *c, senv *env, const tla_node *at);
static sv *choose_min(tla_sym *s, sv *set, tla_node *intro, tla_node *body, tla_ctx *c, senv *env, const tla_node *at) {
  svk k = scalar_kind(set);
  if (k == SV_LAZY && s->approx) return choose_any(s, set, intro, body, c, env, at);
  if (k == SV_LAZY) unsupported(s, at, "CHOOSE among symbolic elements of different kinds or that are not scalars");
  term_t saved_pc = s->pc, none = term_true();
  term_t *hit = salloc(s, (set->n + 1) * sizeof *hit), *key = salloc(s, (set->n + 1) * sizeof *key);
  for (uint32_t i = 0; i < set->n; i++) {
    s->pc = term_and2(saved_pc, set->g[i]);
    hit[i] = term_and2(set->g[i], tr_bool(s, body, c, bind_value(s, env, intro->text, set->el[i])));
    none = term_and2(none, term_not(hit[i]));
    key[i] = order_key(s, set->el[i], at);
  }
  s->pc = saved_pc;
  if (choose_extremum(s, set, intro, body, c, env)) none = set_empty(set);
  add_error(s, none);
  sv *r = set->el[set->n - 1];
  for (uint32_t i = set->n - 1; i-- > 0;) {
    term_t least = hit[i];
    for (uint32_t j = 0; j < set->n; j++)
      if (j != i) least = term_and2(least, term_implies(hit[j], term_le(key[i], key[j])));
    r = sv_ite(s, least, set->el[i], r, at);
  }
  return r;
}

/* CHOOSE among records/functions: an oracle o picks any qualifying cell.
 * Its constraint (none qualifies, or cell o does) holds for some o in every
 * state, so it never cuts a path; the evaluator's pick is one of them, so
 * the step over-approximates TLC's (SAFE stays sound, UNSAFE is replayed). */
static sv *choose_any(tla_sym *s, sv *set, tla_node *intro, tla_node *body, tla_ctx *c, senv *env, const tla_node *at) {
  term_t saved_pc = s->pc, none = term_true();
  term_t o = term_fresh_var("tla_chs", type_int());
  term_vec_push(&s->achoices, o);
  s->napprox++;
  term_t *pick = salloc(s, (set->n + 1) * sizeof *pick);
  sv *r = set->el[set->n - 1];
  for (uint32_t i = 0; i < set->n; i++) {
    s->pc = term_and2(saved_pc, set->g[i]);
    term_t hit = term_and2(set->g[i], tr_bool(s, body, c, bind_value(s, env, intro->text, set->el[i])));
    none = term_and2(none, term_not(hit));
    pick[i] = term_and2(term_eq(o, term_int((long)i)), hit);
  }
  s->pc = saved_pc;
  if (choose_extremum(s, set, intro, body, c, env)) none = set_empty(set);
  add_error(s, none);
  for (uint32_t i = set->n - 1; i-- > 0;) r = sv_ite(s, term_eq(o, term_int((long)i)), set->el[i], r, at);
  term_vec_push(&s->aconstr, term_or2(none, term_or(set->n, pick)));
  return r;
}

static sv *tr_choose(tla_sym *s, tla_node *n, tla_ctx *c, senv *env) {
  tla_node *intro = tla_field_kid(n, TF_INTRO), *setn = tla_field_kid(n, TF_SET), *body = tla_field_kid(n, TF_EXPRESSION);
  if (!setn || !intro || intro->kind != TK_identifier) unsupported(s, n, "this CHOOSE");
  sv *set = as_set(s, tr(s, setn, c, env), setn);
  enumerable(s, set, setn);
  if (!set->n) {
    add_error(s, term_true());   /* TLC: nothing to choose */
    return sv_none(s);
  }
  bool symbolic = false;
  for (uint32_t i = 0; i < set->n; i++) symbolic |= !set->el[i]->cv;
  if (symbolic) return choose_min(s, set, intro, body, c, env, n);
  /* cells with their guards, in the order of their (concrete) elements */
  sv **cells = salloc(s, set->n * sizeof *cells);
  for (uint32_t i = 0; i < set->n; i++) {
    cells[i] = sv_new(s, SV_SET, 1);
    cells[i]->g[0] = set->g[i];
    cells[i]->el[0] = set->el[i];
    cells[i]->cv = set->el[i]->cv;
  }
  qsort(cells, set->n, sizeof *cells, cmp_cells);
  term_t saved_pc = s->pc, none = term_true();
  term_t *hit = salloc(s, set->n * sizeof *hit);
  for (uint32_t i = 0; i < set->n; i++) {
    s->pc = term_and2(saved_pc, cells[i]->g[0]);
    hit[i] = term_and2(cells[i]->g[0], tr_bool(s, body, c, bind_concrete(s, env, intro->text, cells[i]->cv)));
    none = term_and2(none, term_not(hit[i]));
  }
  s->pc = saved_pc;
  add_error(s, none);
  sv *r = cells[set->n - 1]->el[0];
  for (uint32_t i = set->n - 1; i-- > 0;) r = sv_ite(s, hit[i], cells[i]->el[0], r, n);
  return r;
}

/* {x \in S : P} (filter: the guards strengthened) and {e : x \in S} (map:
 * the elements replaced), cell by cell. */
static sv *comprehension(tla_sym *s, sv *base, tla_node *intro, tla_node *body, bool filter, tla_ctx *c, senv *env,
                         const tla_node *at) {
  enumerable(s, base, at);
  sv *r = sv_new(s, SV_SET, base->n);
  term_t saved_pc = s->pc;
  uint32_t n = 0;
  for (uint32_t i = 0; i < base->n; i++) {
    /* a cell no state has (its guard false) is left out: the quantifiers
     * and CHOOSEs over the result would translate their bodies for it
     * (Paxos's {m \in p1bMessages : m.ballot = b /\ m.acceptor \in q}
     * keeps 12 of messages' 128 cells per b and q) */
    if (term_is_false(base->g[i])) continue;
    s->pc = term_and2(saved_pc, base->g[i]);
    senv *e = bind_pattern(s, env, intro, base->el[i], at);
    r->g[n] = filter ? term_and2(base->g[i], tr_bool(s, body, c, e)) : base->g[i];
    if (term_is_false(r->g[n])) continue;
    r->el[n++] = filter ? base->el[i] : tr(s, body, c, e);
  }
  r->n = n;
  s->pc = saved_pc;
  return r;
}

/* Does n pass its polarity on to its operands (connectives, quantifier
 * bodies, definitions, IF/CASE arms)? Elsewhere it is 0. */
static bool pol_keeps(tla_node *n) {
  switch (n->kind) {
    case TK_parentheses:
    case TK_label:
    case TK_identifier_ref:
    case TK_bound_op:
    case TK_prefixed_op:
    case TK_conj_list:
    case TK_disj_list:
    case TK_conj_item:
    case TK_disj_item:
    case TK_let_in:
    case TK_if_then_else:
    case TK_case:
    case TK_bounded_quantification:
    case TK_step_expr_or_stutter: return true;
    case TK_bound_prefix_op: return tla_field_kid(n, TF_SYMBOL)->kind == TK_lnot;
    case TK_bound_infix_op: {
      tla_kind op = tla_field_kid(n, TF_SYMBOL)->kind;
      return op == TK_land || op == TK_lor || op == TK_implies;
    }
    default: return false;
  }
}

static sv *tr_node(tla_sym *s, tla_node *n, tla_ctx *c, senv *env);
static sv *tr(tla_sym *s, tla_node *n, tla_ctx *c, senv *env) {
  int pol = s->pol;
  if (pol && !pol_keeps(n)) s->pol = 0;
  sv *r = tr_node(s, n, c, env);
  s->pol = pol;
  return r;
}

/* Step mode: may \E x \in S (asserted) or \A x \in S (refuted) pick one
 * witness x instead of expanding S (S infinite or a set of sets or
 * functions)? */
static bool skolem_set(tla_sym *s, tla_node *set, tla_ctx *c, senv *env) {
  while (set->kind == TK_parentheses && set->n == 1) set = set->kid[0];
  if (is_const(s, set, c, env, 0)) {
    const tla_val *v = eval_value(s, set, c, env);
    return v && ((v->kind >= TV_NAT && v->kind <= TV_RECSET) || (v->kind == TV_SET && v->n > 64));
  }
  if (set->kind == TK_bound_prefix_op) return tla_field_kid(set, TF_SYMBOL)->kind == TK_powerset;
  if (set->kind == TK_bound_infix_op) return tla_field_kid(set, TF_SYMBOL)->kind == TK_dots_2;
  return set->kind == TK_set_of_functions || set->kind == TK_set_of_records;
}

static sv *tr_node(tla_sym *s, tla_node *n, tla_ctx *c, senv *env) {
  tla_poll(s->ev);
  if (n->kind != TK_prev_func_val && n != s->unbounded && is_const(s, n, c, env, 0)) return eval_const(s, n, c, env);
  switch (n->kind) {
    case TK_parentheses: return tr(s, n->kid[0], c, env);
    case TK_label: return tr(s, tla_field_kid(n, TF_EXPRESSION), c, env);
    case TK_identifier_ref: return tr_ident(s, n, n->text, NULL, 0, c, env);
    case TK_bound_op: {
      tla_node *args[32];
      uint32_t na = 0;
      for (uint32_t i = 0; i < n->n; i++)
        if (n->kid[i]->field == TF_PARAMETER && na < 32) args[na++] = n->kid[i];
      return tr_ident(s, n, tla_field_kid(n, TF_NAME)->text, args, na, c, env);
    }
    case TK_prefixed_op: {
      tla_ctx *ic = prefix_ctx_of(s, n, c);
      tla_node *op = tla_field_kid(n, TF_OP);
      if (op->kind == TK_identifier_ref) return tr_ident(s, n, op->text, NULL, 0, ic, NULL);
      if (op->kind == TK_bound_op) {
        tla_res r = tla_resolve(s->ev, tla_field_kid(op, TF_NAME)->text, ic, NULL);
        if (r.kind != TLA_R_DEF) unsupported(s, op, "this instance reference");
        tla_node *args[32];
        uint32_t na = 0;
        for (uint32_t i = 0; i < op->n; i++)
          if (op->kid[i]->field == TF_PARAMETER && na < 32) args[na++] = op->kid[i];
        return call_def(s, r.def, NULL, args, na, c, env, n);
      }
      unsupported(s, n, "this instance reference");
    }
    case TK_bound_infix_op: return tr_infix(s, n, c, env);
    case TK_bound_prefix_op: return tr_prefix(s, n, c, env);
    case TK_bound_postfix_op: {
      tla_node *sym = tla_field_kid(n, TF_SYMBOL);
      if (sym->kind != TK_prime || s->primed || !s->nxt) unsupported(s, n, "this postfix operator");
      s->primed = true;
      sv *v = tr(s, tla_field_kid(n, TF_LHS), c, env);
      s->primed = false;
      return v;
    }
    case TK_conj_list:
    case TK_disj_list: {
      bool conj = n->kind == TK_conj_list;
      term_t saved_pc = s->pc, acc = term_bool(conj);
      pst in = pst_save(s), *outs = salloc(s, (n->n + 1) * sizeof *outs);
      term_t *out = asg_all(s, term_true()), *fs = salloc(s, (n->n + 1) * sizeof *fs);
      for (uint32_t i = 0; i < n->n; i++) {
        tla_node *it = n->kid[i]->n ? n->kid[i]->kid[n->kid[i]->n - 1] : n->kid[i];
        if (!conj) pst_load(s, in), s->pc = disjunct_pc(s, it, c, env, saved_pc, acc);
        term_t v = fs[i] = tr_bool(s, it, c, env);
        if (!conj) asg_branch(s, out, v, s->asg), outs[i] = pst_save(s);
        acc = conj ? term_and2(acc, v) : term_or2(acc, v);
        if (conj) s->pc = term_and2(saved_pc, acc);
        if (conj && term_is_false(acc)) break;   /* TLC stops at a false conjunct */
      }
      s->pc = saved_pc;
      if (!conj && s->step) return sv_scalar(s, SV_BOOL, step_disj(s, n->n, fs, outs, in, n));
      if (!conj) asg_set(s, out);
      return sv_scalar(s, SV_BOOL, acc);
    }
    case TK_conj_item:
    case TK_disj_item: return tr(s, n->kid[n->n - 1], c, env);
    case TK_if_then_else: {
      int pol = s->pol;
      s->pol = 0;
      term_t cond = tr_bool(s, tla_field_kid(n, TF_IF), c, env);
      s->pol = pol;
      /* a decided condition: TLC evaluates only that arm */
      if (term_is_true(cond)) return tr(s, tla_field_kid(n, TF_THEN), c, env);
      if (term_is_false(cond)) return tr(s, tla_field_kid(n, TF_ELSE), c, env);
      term_t saved_pc = s->pc;
      pst in = pst_save(s);
      s->pc = term_and2(saved_pc, cond);
      sv *a = tr(s, tla_field_kid(n, TF_THEN), c, env);
      pst ma = pst_save(s);
      pst_load(s, in);
      s->pc = term_and2(saved_pc, term_not(cond));
      sv *b = tr(s, tla_field_kid(n, TF_ELSE), c, env);
      pst_load(s, pst_ite(s, cond, ma, pst_save(s), n));
      s->pc = saved_pc;
      return sv_ite(s, cond, a, b, n);
    }
    case TK_case: {
      /* arms in order (TLC takes the first true one); no arm and no OTHER: an error */
      term_t saved_pc = s->pc, none = term_true();
      pst in = pst_save(s), arm_asg[64], other_asg = in;
      sv *vals[64];
      term_t conds[64];
      uint32_t k = 0;
      sv *other = NULL;
      int pol = s->pol;
      for (uint32_t i = 0; i < n->n; i++) {
        tla_node *arm = n->kid[i];
        if (arm->kind != TK_case_arm) continue;
        if (k == 64) unsupported(s, n, "CASE with more than 64 arms");
        s->pc = term_and2(saved_pc, none);
        pst_load(s, in);
        s->pol = 0;
        term_t cnd = tr_bool(s, arm->kid[0], c, env);
        s->pol = pol;
        s->pc = term_and2(s->pc, cnd);
        vals[k] = tr(s, arm->kid[1], c, env);
        arm_asg[k] = pst_save(s);
        conds[k++] = term_and2(none, cnd);
        none = term_and2(none, term_not(cnd));
      }
      s->pc = term_and2(saved_pc, none);
      for (uint32_t i = 0; i < n->n; i++)
        if (n->kid[i]->kind == TK_other_arm) {
          pst_load(s, in);
          other = tr(s, n->kid[i]->kid[0], c, env);
          other_asg = pst_save(s);
        }
      if (!other) {
        /* no arm: an error; the path state is then irrelevant */
        add_error(s, term_true());
        if (!k) unsupported(s, n, "CASE without arms");
        other = vals[k - 1];
        other_asg = arm_asg[k - 1];
      }
      s->pc = saved_pc;
      pst acc = other_asg;
      for (uint32_t i = k; i-- > 0;) acc = pst_ite(s, conds[i], arm_asg[i], acc, n);
      pst_load(s, acc);
      sv *r = other;
      for (uint32_t i = k; i-- > 0;) r = sv_ite(s, conds[i], vals[i], r, n);
      return r;
    }
    case TK_let_in: return tr_let(s, n, c, env);
    case TK_bounded_quantification: {
      tla_node *q = tla_field_kid(n, TF_QUANTIFIER);
      bool exists = q && q->kind == TK_exists;
      bounds b;
      get_bounds(s, n, TF_BOUND, c, env, &b, s->step && s->pol == (exists ? 1 : -1));
      return sv_scalar(s, SV_BOOL, quant(s, exists, &b, 0, tla_field_kid(n, TF_EXPRESSION), c, env));
    }
    case TK_finite_set_literal: {
      sv *r = sv_new(s, SV_SET, n->n);
      for (uint32_t i = 0; i < n->n; i++) r->g[i] = term_true(), r->el[i] = tr(s, n->kid[i], c, env);
      return r;
    }
    case TK_tuple_literal: {
      sv *r = sv_new(s, SV_FUN, n->n);
      for (uint32_t i = 0; i < n->n; i++) r->key[i] = tv_int(i + 1), r->el[i] = tr(s, n->kid[i], c, env);
      return r;
    }
    case TK_record_literal: {
      sv *r = sv_new(s, SV_FUN, n->n / 2);
      for (uint32_t i = 0; i < n->n / 2; i++) {
        r->key[i] = tv_str(n->kid[2 * i]->text);
        if (key_index(r, r->key[i]) < (int)i) unsupported(s, n, "a record with a repeated field");
        r->el[i] = tr(s, n->kid[2 * i + 1], c, env);
      }
      return r;
    }
    case TK_set_filter: {
      tla_node *g = tla_field_kid(n, TF_GENERATOR);
      tla_node *gs = tla_field_kid(g, TF_SET), *gi = tla_field_kid(g, TF_INTRO);
      if (!gs || !gi) unsupported(s, n, "this set filter");
      return comprehension(s, as_set(s, tr(s, gs, c, env), gs), gi, tla_field_kid(n, TF_FILTER), true, c, env, n);
    }
    case TK_set_map: {
      bounds b;
      get_bounds(s, n, TF_GENERATOR, c, env, &b, false);
      if (b.n != 1) unsupported(s, n, "a set map over several bounds");
      return comprehension(s, b.set[0], b.intro[0], tla_field_kid(n, TF_MAP), false, c, env, n);
    }
    case TK_function_literal: {
      bounds b;
      get_bounds(s, n, TF_NONE, c, env, &b, false);
      if (b.n != 1 || b.intro[0]->kind != TK_identifier) unsupported(s, n, "a function over several bounds");
      /* keys: the cells' (concrete) elements; in the domain where the cell's guard holds */
      sv *dom = b.set[0];
      sv *r = sv_new(s, SV_FUN, dom->n);
      r->dg = salloc(s, (dom->n + 1) * sizeof *r->dg);
      bool all = true;
      uint32_t k = 0;
      term_t saved_pc = s->pc;
      for (uint32_t i = 0; i < dom->n; i++) {
        if (term_is_false(dom->g[i])) continue;
        if (!dom->el[i]->cv) unsupported(s, n, "a function with a symbolic domain");
        int dup = key_index(r, dom->el[i]->cv);
        if (dup >= 0) {
          /* the same key again: the same value, in the domain if either cell is */
          r->dg[dup] = term_or2(r->dg[dup], dom->g[i]);
          all &= term_is_true(r->dg[dup]);
          continue;
        }
        r->key[k] = dom->el[i]->cv;
        all &= term_is_true(r->dg[k] = dom->g[i]);
        s->pc = term_and2(saved_pc, dom->g[i]);
        r->el[k] = tr(s, n->kid[n->n - 1], c, bind_concrete(s, env, b.intro[0]->text, dom->el[i]->cv));
        r->n = ++k;
      }
      s->pc = saved_pc;
      if (all) r->dg = NULL;
      tla_node *dn = NULL;
      for (uint32_t i = 0; i < n->n && !dn; i++)
        if (n->kid[i]->kind == TK_quantifier_bound) dn = tla_field_kid(n->kid[i], TF_SET);
      while (dn && dn->kind == TK_parentheses && dn->n == 1) dn = dn->kid[0];
      if (r->dg && dn && dn->kind == TK_bound_infix_op && tla_field_kid(dn, TF_SYMBOL)->kind == TK_dots_2) {
        /* [i \in 1..e |-> ...]: a sequence of length e */
        sv *lo = tr(s, tla_field_kid(dn, TF_LHS), c, env);
        r->n = k;
        if (lo->cv && lo->cv->kind == TV_INT && lo->cv->i == 1 && seq_keys_plain(r)) {
          sv *q = seq_new(s, r->n, as_int(s, tr(s, tla_field_kid(dn, TF_RHS), c, env), dn));
          copy_vals(q->el, r->el, q->n * sizeof *q->el);
          return q;
        }
      }
      return r;
    }
    case TK_choose: return tr_choose(s, n, c, env);
    case TK_function_evaluation: {
      tla_def *fd = NULL;
      senv *fenv = NULL;
      if (n->kid[0]->kind == TK_identifier_ref) {
        senv *b = lookup(env, n->kid[0]->text);
        if (b && b->def && b->def->kind == DEF_FUN) fd = b->def, fenv = b->denv;
        if (!b) {
          tla_res r = tla_resolve(s->ev, n->kid[0]->text, c, NULL);
          /* a constant function is computed whole and applied (below) */
          if (r.kind == TLA_R_DEF && r.def->kind == DEF_FUN && tla_def_level(s->ev, r.def) > 0) fd = r.def;
        }
      }
      if (fd) {
        sv *args[16];
        if (n->n - 1 > 16) unsupported(s, n, "a function applied to more than 16 arguments");
        for (uint32_t i = 1; i < n->n; i++) args[i - 1] = tr(s, n->kid[i], c, env);
        return fun_def_apply(s, fd, fenv, args, n->n - 1, n);
      }
      if (n->n > 2) {
        /* f[a, b] = f[<<a, b>>] */
        sv *f = tr(s, n->kid[0], c, env);
        sv *x = sv_new(s, SV_FUN, n->n - 1);
        for (uint32_t i = 1; i < n->n; i++) x->key[i - 1] = tv_int(i), x->el[i - 1] = tr(s, n->kid[i], c, env);
        return fun_apply(s, f, x, n);
      }
      sv *f = tr(s, n->kid[0], c, env);
      return fun_apply(s, f, tr(s, n->kid[1], c, env), n);
    }
    case TK_record_value: {
      sv *f = tr(s, n->kid[0], c, env);
      return fun_apply(s, f, sv_const(s, tv_str(n->kid[1]->text), n), n);
    }
    case TK_except: {
      sv *f = tr(s, tla_field_kid(n, TF_EXPR_TO_UPDATE), c, env);
      for (uint32_t i = 0; i < n->n; i++) {
        tla_node *u = n->kid[i];
        if (u->kind != TK_except_update) continue;
        tla_node *spec = tla_field_kid(u, TF_UPDATE_SPECIFIER), *nv = tla_field_kid(u, TF_NEW_VAL);
        f = except_at(s, f, spec->kid, spec->n, nv, c, env);
      }
      return f;
    }
    case TK_prev_func_val:
      if (!s->at) unsupported(s, n, "@ outside EXCEPT");
      return s->at;
    case TK_step_expr_or_stutter: {
      term_t saved_pc = s->pc;
      pst in = pst_save(s);
      term_t a = tr_bool(s, n->kid[0], c, env);
      pst ma = pst_save(s);
      term_t *acc = asg_all(s, term_true());
      pst_load(s, in);
      s->pc = term_and2(saved_pc, term_not(a));
      term_t b = as_bool(s, tr_unchanged(s, n->kid[1], c, env, n), n);
      s->pc = saved_pc;
      if (s->step) {
        term_t f[2] = {a, b};
        pst out[2] = {ma, pst_save(s)};
        return sv_scalar(s, SV_BOOL, step_disj(s, 2, f, out, in, n));
      }
      asg_branch(s, acc, a, ma.asg);
      asg_branch(s, acc, b, s->asg);
      asg_set(s, acc);
      return sv_scalar(s, SV_BOOL, term_or2(a, b));
    }
    default: {
      char what[120];
      snprintf(what, sizeof what, "%s over state", tla_kind_name(n->kind));
      unsupported(s, n, what);
    }
  }
}

/* ---- layouts of the state variables ---- */
static vshape *shape_new(tla_sym *s, svk k, uint32_t n) {
  vshape *v = salloc(s, sizeof *v);
  v->k = k;
  v->n = n;
  v->key = salloc(s, (n + 1) * sizeof *v->key);
  if (k == SV_FUN || k == SV_UNION) v->sub = salloc(s, (n + 1) * sizeof *v->sub);
  return v;
}

/* The class (K_*) of a concrete value and of a layout; -1 if none. */
static int val_class(const tla_val *v) {
  switch (v->kind) {
    case TV_BOOL: return K_BOOL;
    case TV_INT: return K_INT;
    case TV_STR:
    case TV_MODEL: return K_ATOM;
    case TV_SET: return K_SET;
    case TV_FUN: return K_FUN;
    default: return -1;
  }
}

static int shape_class(const vshape *v) {
  switch (v->k) {
    case SV_BOOL: return K_BOOL;
    case SV_INT: return K_INT;
    case SV_ATOM: return K_ATOM;
    case SV_SET: return K_SET;
    case SV_FUN: return K_FUN;
    default: return -1;
  }
}

/* The layout the values of a type set (TypeOK's x \in T) need; NULL if none. */
static vshape *shape_of_type(tla_sym *s, const tla_val *t, unsigned depth) {
  if (depth > 8) return NULL;
  switch (t->kind) {
    case TV_NAT:
    case TV_INTS: return shape_new(s, SV_INT, 0);
    case TV_STRING: return shape_new(s, SV_ATOM, 0);
    case TV_SUBSET: {
      /* a finite universe written lazily (Fix365's SUBSET [src : Proc, r : Rounds]) enumerated */
      const tla_val *u = t->e[0]->kind == TV_SET ? t->e[0] : enumerate_small(s, t->e[0], SUBSET_UNIVERSE, NULL);
      if (!u) return NULL;
      vshape *v = shape_new(s, SV_SET, u->n);
      copy_vals(v->key, u->e, u->n * sizeof *v->key);
      return v;
    }
    case TV_FUNSET: {
      if (t->e[0]->kind != TV_SET) return NULL;
      vshape *v = shape_new(s, SV_FUN, t->e[0]->n), *r = shape_of_type(s, t->e[1], depth + 1);
      if (!r) return NULL;
      for (uint32_t i = 0; i < v->n; i++) v->key[i] = t->e[0]->e[i], v->sub[i] = r;
      return v;
    }
    case TV_RECSET: {
      vshape *v = shape_new(s, SV_FUN, t->n / 2);
      for (uint32_t i = 0; i < v->n; i++) {
        v->key[i] = t->e[2 * i];
        if (!(v->sub[i] = shape_of_type(s, t->e[2 * i + 1], depth + 1))) return NULL;
      }
      return v;
    }
    case TV_SET: {
      if (!t->n) return NULL;
      uint8_t k0 = t->e[0]->kind;
      for (uint32_t i = 0; i < t->n; i++) {
        uint8_t k = t->e[i]->kind;
        bool atom0 = k0 == TV_STR || k0 == TV_MODEL, atom = k == TV_STR || k == TV_MODEL;
        if (k != k0 && !(atom0 && atom)) return NULL;
      }
      if (k0 == TV_INT) return shape_new(s, SV_INT, 0);
      if (k0 == TV_BOOL) return shape_new(s, SV_BOOL, 0);
      if (k0 == TV_STR || k0 == TV_MODEL) return shape_new(s, SV_ATOM, 0);
      return NULL;   /* sets of sets or functions: from the sample value */
    }
    default: return NULL;
  }
}

static vshape *shape_of_value(tla_sym *s, const tla_val *v) {
  switch (v->kind) {
    case TV_BOOL: return shape_new(s, SV_BOOL, 0);
    case TV_INT: return shape_new(s, SV_INT, 0);
    case TV_STR:
    case TV_MODEL: return shape_new(s, SV_ATOM, 0);
    case TV_SET: {
      vshape *r = shape_new(s, SV_SET, v->n);
      copy_vals(r->key, v->e, v->n * sizeof *r->key);
      return r;
    }
    case TV_FUN: {
      vshape *r = shape_new(s, SV_FUN, v->n);
      for (uint32_t i = 0; i < v->n; i++) {
        r->key[i] = v->e[i];
        if (!(r->sub[i] = shape_of_value(s, v->v[i]))) return NULL;
      }
      return r;
    }
    default: return NULL;
  }
}

/* A set layout over the union of two universes. */
static vshape *universe_union(tla_sym *s, const tla_val *const *a, uint32_t na, const tla_val *const *b, uint32_t nb) {
  const tla_val **u = salloc(s, (na + nb + 1) * sizeof *u);
  copy_vals(u, a, na * sizeof *u);
  copy_vals(u + na, b, nb * sizeof *u);
  const tla_val *set = tv_set(u, na + nb);
  vshape *r = shape_new(s, SV_SET, set->n);
  copy_vals(r->key, set->e, set->n * sizeof *r->key);
  return r;
}

static bool shape_seq_keys(const vshape *d) {
  for (uint32_t i = 0; i < d->n; i++)
    if (d->key[i]->kind != TV_INT || d->key[i]->i != (int64_t)i + 1) return false;
  return true;
}

static bool tv_seq_keys(const tla_val *v) {
  for (uint32_t i = 0; i < v->n; i++)
    if (v->e[i]->kind != TV_INT || v->e[i]->i != (int64_t)i + 1) return false;
  return true;
}

static vshape *widen(tla_sym *s, vshape *d, const tla_val *v);

/* Sequences of varying length (keys 1..n): a length leaf and one layout
 * per position up to the longest length seen. d itself when it is such a
 * layout already and takes v in unchanged (no copy: a new layout per
 * sequence value was most of MCLamportMutex's see_state, its arena's
 * page faults included). */
static vshape *widen_seq(tla_sym *s, vshape *d, const tla_val *v) {
  uint32_t n = d->n > v->n ? d->n : v->n;
  vshape *r = NULL;
  for (uint32_t i = 0; i < n; i++) {
    vshape *old = i < d->n ? d->sub[i] : NULL, *w = i < v->n ? widen(s, old, v->v[i]) : old;
    if (!w) return d;
    if (!r && (w != old || !d->seq || n != d->n)) {   /* a new layout: positions 0 .. i - 1 are d's */
      r = shape_new(s, SV_FUN, n);
      r->seq = true;
      for (uint32_t j = 0; j < i; j++) r->key[j] = tv_int((int64_t)j + 1), r->sub[j] = d->sub[j];
    }
    if (r) r->key[i] = tv_int((int64_t)i + 1), r->sub[i] = w;
  }
  return r ? r : d;
}

/* Functions and records whose domain varies (TLC's records of several
 * shapes): the union of the domains seen, a domain leaf per key. */
static vshape *widen_dom(tla_sym *s, vshape *d, const tla_val *v) {
  vshape *r = shape_new(s, SV_FUN, d->n + v->n);
  r->vdom = true;
  uint32_t n = 0;
  for (uint32_t i = 0; i < d->n; i++) {
    int64_t k = tv_domain_index(v, d->key[i]);
    r->key[n] = d->key[i];
    if (!(r->sub[n++] = k < 0 ? d->sub[i] : widen(s, d->sub[i], v->v[k]))) return d;
  }
  for (uint32_t j = 0; j < v->n; j++) {
    uint32_t i = 0;
    while (i < d->n && d->key[i] != v->e[j]) i++;
    if (i < d->n) continue;
    r->key[n] = v->e[j];
    if (!(r->sub[n++] = shape_of_value(s, v->v[j]))) return d;
  }
  r->n = n;
  return r;
}

/* Widens layout d (from an earlier value) to hold v too: sets' universes
 * grow; sequences of another length become a sequence layout; another
 * function whose domain changes keeps the first domain (values outside the
 * layout are flagged as errors, never lost). */
static vshape *widen(tla_sym *s, vshape *d, const tla_val *v) {
  if (!d) return shape_of_value(s, v);
  /* values of several kinds (a record or a model value): one layout per
   * class and a guard leaf per class */
  int cv = val_class(v);
  if (cv >= 0 && (d->k == SV_UNION || shape_class(d) != cv)) {
    vshape *w = widen(s, d->k == SV_UNION ? d->sub[cv] : NULL, v);
    if (!w || (d->k == SV_UNION && w == d->sub[cv])) return d;
    vshape *r = shape_new(s, SV_UNION, NK);
    if (d->k == SV_UNION) copy_vals(r->sub, d->sub, NK * sizeof *r->sub);
    else if (shape_class(d) >= 0) r->sub[shape_class(d)] = d;
    r->sub[cv] = w;
    return r;
  }
  if (d->k == SV_SET && v->kind == TV_SET) {
    uint32_t extra = 0;
    for (uint32_t i = 0; i < v->n; i++) {
      uint32_t j = 0;
      while (j < d->n && d->key[j] != v->e[i]) j++;
      if (j == d->n) extra++;
    }
    return extra ? universe_union(s, d->key, d->n, v->e, v->n) : d;
  }
  if (d->k == SV_FUN && v->kind == TV_FUN && (d->seq || v->n != d->n) && shape_seq_keys(d) && tv_seq_keys(v))
    return widen_seq(s, d, v);
  if (d->k == SV_FUN && v->kind == TV_FUN && !d->seq) {
    bool same = !d->vdom && v->n == d->n;
    for (uint32_t i = 0; same && i < d->n; i++) same = tv_domain_index(v, d->key[i]) >= 0;
    if (!same) return widen_dom(s, d, v);
    vshape *r = NULL;
    for (uint32_t i = 0; i < d->n; i++) {
      int64_t k = tv_domain_index(v, d->key[i]);
      if (k < 0) return d;
      vshape *w = widen(s, d->sub[i], v->v[k]);
      if (w != d->sub[i] && !r) {
        r = shape_new(s, SV_FUN, d->n);
        copy_vals(r->key, d->key, d->n * sizeof *r->key);
        copy_vals(r->sub, d->sub, d->n * sizeof *r->sub);
      }
      if (r) r->sub[i] = w;
    }
    return r ? r : d;
  }
  return d;
}

/* The type's layout joined with the observed one where they agree. */
static vshape *join(tla_sym *s, vshape *t, vshape *d) {
  if (!t || !d || t->k != d->k) return d;
  if (t->k == SV_SET) return universe_union(s, t->key, t->n, d->key, d->n);
  if (t->k == SV_FUN) {
    if (t->n != d->n || t->seq || d->seq || t->vdom || d->vdom) return d;
    vshape *r = shape_new(s, SV_FUN, d->n);
    for (uint32_t i = 0; i < d->n; i++) {
      uint32_t j = 0;
      while (j < t->n && t->key[j] != d->key[i]) j++;
      if (j == t->n) return d;
      r->key[i] = d->key[i];
      r->sub[i] = join(s, t->sub[j], d->sub[i]);
    }
    return r;
  }
  return d;
}

/* TypeOK-like conjuncts x \in T / x \subseteq T with a constant T. */
static void find_types(tla_sym *s, tla_node *n, tla_ctx *c, const tla_val **types, unsigned depth) {
  if (depth > 16) return;
  while (n->kind == TK_parentheses && n->n == 1) n = n->kid[0];
  if (n->kind == TK_conj_list || n->kind == TK_conj_item) {
    for (uint32_t i = 0; i < n->n; i++) find_types(s, n->kid[i], c, types, depth + 1);
    return;
  }
  if (n->kind == TK_identifier_ref) {
    tla_res r = tla_resolve(s->ev, n->text, c, NULL);
    if (r.kind == TLA_R_DEF && r.def->kind == DEF_OP && !r.def->nparams && r.def->body)
      find_types(s, r.def->body, r.def->ctx, types, depth + 1);
    return;
  }
  if (n->kind != TK_bound_infix_op) return;
  tla_kind op = tla_field_kid(n, TF_SYMBOL)->kind;
  if (op == TK_land) {
    find_types(s, tla_field_kid(n, TF_LHS), c, types, depth + 1);
    find_types(s, tla_field_kid(n, TF_RHS), c, types, depth + 1);
    return;
  }
  if (op != TK_in && op != TK_subseteq) return;
  int x = var_of(s, tla_field_kid(n, TF_LHS), c, NULL);
  tla_node *rhs = tla_field_kid(n, TF_RHS);
  if (x < 0 || types[x] || !is_const(s, rhs, c, NULL, 0)) return;
  /* a type set that does not evaluate (within the budget) is no hint */
  jmp_buf jb, *saved = s->ev->jb;
  s->ev->jb = &jb;
  volatile bool budget = const_budget_start(s);
  if (!setjmp(jb)) {
    const tla_val *t = tla_eval(s->ev, rhs, c, NULL);
    types[x] = op == TK_in ? t : tv_lazy(TV_SUBSET, &t, 1);
  } else {
    tla_eval_reset_after_error();
  }
  const_budget_end(s, budget);
  s->ev->jb = saved;
}

static uint32_t shape_leaves(const vshape *v) {
  if (v->k == SV_SET) return v->n;
  if (v->k == SV_UNION) {
    uint32_t n = 0;
    for (int k = 0; k < NK; k++) n += v->sub[k] ? 1 + shape_leaves(v->sub[k]) : 0;
    return n;
  }
  if (v->k != SV_FUN) return 1;
  uint32_t n = v->seq + (v->vdom ? v->n : 0);
  for (uint32_t i = 0; i < v->n; i++) n += shape_leaves(v->sub[i]);
  return n;
}

/* The symbolic value of a variable laid out by v over leaves[*pos...]. */
static sv *sv_of_shape(tla_sym *s, const vshape *v, const term_t *leaves, uint32_t *pos) {
  if (v->k == SV_SET) {
    sv *r = sv_new(s, SV_SET, v->n);
    for (uint32_t i = 0; i < v->n; i++) r->g[i] = leaves[(*pos)++], r->el[i] = sv_const(s, v->key[i], NULL);
    return r;
  }
  if (v->k == SV_UNION) {
    /* the first class whose leaf is set: the guards exclusive whatever the
     * leaves (UNCHANGED's union_eq relies on it; a state with two leaves
     * set came from `x' = x` before) */
    term_t g[NK], none = term_true();
    sv *a[NK];
    for (int k = 0; k < NK; k++) {
      g[k] = term_false(), a[k] = NULL;
      if (!v->sub[k]) continue;
      term_t leaf = leaves[(*pos)++];
      g[k] = term_and2(none, leaf), none = term_and2(none, term_not(leaf));
      a[k] = sv_of_shape(s, v->sub[k], leaves, pos);
    }
    return union_make(s, g, a);
  }
  if (v->k == SV_FUN && v->seq) {
    term_t len = leaves[(*pos)++];
    sv *r = seq_new(s, v->n, len);
    for (uint32_t i = 0; i < v->n; i++) r->el[i] = sv_of_shape(s, v->sub[i], leaves, pos);
    return r;
  }
  if (v->k == SV_FUN) {
    sv *r = sv_new(s, SV_FUN, v->n);
    if (v->vdom) r->dg = salloc(s, (v->n + 1) * sizeof *r->dg);
    for (uint32_t i = 0; i < v->n; i++) {
      if (v->vdom) r->dg[i] = leaves[(*pos)++];
      r->key[i] = v->key[i], r->el[i] = sv_of_shape(s, v->sub[i], leaves, pos);
    }
    return r;
  }
  return sv_scalar(s, v->k, leaves[(*pos)++]);
}

static void make_leaves(tla_sym *s, const vshape *v, const char *name, uint32_t *k) {
  if (v->k == SV_UNION) {
    for (int c = 0; c < NK; c++) {
      if (!v->sub[c]) continue;
      char nm[256];
      snprintf(nm, sizeof nm, "%s#is%d", name, c);
      term_vec_push(&s->sys.vars, term_var(nm, type_bool()));
      (*k)++;
      snprintf(nm, sizeof nm, "%s#k%d", name, c);
      make_leaves(s, v->sub[c], nm, k);
    }
    return;
  }
  if (v->k == SV_FUN && v->seq) {
    char nm[256];
    snprintf(nm, sizeof nm, "%s#len", name);
    term_vec_push(&s->sys.vars, term_var(nm, type_int()));
    (*k)++;
  }
  if (v->k == SV_SET || v->k == SV_FUN) {
    for (uint32_t i = 0; i < v->n; i++) {
      if (v->k == SV_SET) {
        char nm[256];
        snprintf(nm, sizeof nm, "%s#%u", name, i);
        term_vec_push(&s->sys.vars, term_var(nm, type_bool()));
        (*k)++;
      } else {
        char nm[256];
        if (v->vdom) {
          snprintf(nm, sizeof nm, "%s#in%u", name, i);
          term_vec_push(&s->sys.vars, term_var(nm, type_bool()));
          (*k)++;
        }
        snprintf(nm, sizeof nm, "%s[%u]", name, i);
        make_leaves(s, v->sub[i], nm, k);
      }
    }
    return;
  }
  char nm[256];
  snprintf(nm, sizeof nm, "%s", name);
  term_vec_push(&s->sys.vars, term_var(nm, v->k == SV_BOOL ? type_bool() : type_int()));
  (*k)++;
}

static term_t fits(tla_sym *s, const vshape *sh, const sv *v, const term_t *leaves, uint32_t *pos, term_t *eq,
                   const tla_node *at);

/* A sequence in a sequence layout: its length at most the layout's, its
 * elements in the positions below the length (the leaves above it are
 * free: they are never read, every read is guarded by the length). */
static term_t fits_seq(tla_sym *s, const vshape *sh, const sv *v, const term_t *leaves, uint32_t *pos, term_t *eq,
                       const tla_node *at) {
  if (v->k != SV_FUN || !seq_keys(v)) unsupported(s, at, "a variable that holds sequences and other values");
  term_t len = seq_len_of(v);
  term_t *c = salloc(s, (sh->n + 2) * sizeof *c), *ok = salloc(s, (sh->n + 2) * sizeof *ok);
  uint32_t nc = 0, nok = 0;
  ok[nok++] = term_le(len, term_int((long)sh->n));
  if (leaves) c[nc++] = term_eq(leaves[*pos], len);
  (*pos)++;
  for (uint32_t i = 0; i < sh->n; i++) {
    if (i >= v->n) {
      *pos += shape_leaves(sh->sub[i]);
      continue;
    }
    term_t in = term_le(term_int((long)i + 1), len), e = term_true();
    term_t o = fits(s, sh->sub[i], v->el[i], leaves, pos, &e, at);
    ok[nok++] = term_implies(in, o);
    if (leaves) c[nc++] = term_implies(in, e);
  }
  *eq = term_and(nc, c);
  return term_and(nok, ok);
}

/* The function v's keys outside the layout sh are not in its domain. */
static term_t outside_keys_absent(const vshape *sh, const sv *v) {
  term_t r = term_true();
  for (uint32_t j = 0; j < v->n; j++) {
    uint32_t i = 0;
    while (i < sh->n && sh->key[i] != v->key[j]) i++;
    if (i == sh->n) r = term_and2(r, term_not(dom_g(v, j)));
  }
  return r;
}

/* A function in a layout with a varying domain: each key's leaf says
 * whether it is in the domain, its value fits where it is; a key outside
 * the layout's does not fit. */
static term_t fits_dom(tla_sym *s, const vshape *sh, const sv *v, const term_t *leaves, uint32_t *pos, term_t *eq,
                       const tla_node *at) {
  if (v->k != SV_FUN) {
    *pos += shape_leaves(sh);
    *eq = term_false();
    return term_false();
  }
  term_t ok = outside_keys_absent(sh, v), e = term_true();
  for (uint32_t i = 0; i < sh->n; i++) {
    int j = key_index(v, sh->key[i]);
    term_t in = j < 0 ? term_false() : dom_g(v, (uint32_t)j);
    if (leaves) e = term_and2(e, term_iff(leaves[*pos], in));
    (*pos)++;
    if (j < 0) {
      *pos += shape_leaves(sh->sub[i]);
      continue;
    }
    term_t ek = term_true(), ok_i = fits(s, sh->sub[i], v->el[j], leaves, pos, &ek, at);
    ok = term_and2(ok, term_implies(in, ok_i));
    if (leaves) e = term_and2(e, term_implies(in, ek));
  }
  *eq = e;
  return ok;
}

/* A function whose domain varies (a sequence of varying length) in a
 * fixed layout (every sampled value had the layout's domain): it fits when
 * exactly the layout's keys are in its domain (dom_exactly), and then its
 * values fit; any other domain does not fit (an error, never lost). */
static term_t fits_fixed(tla_sym *s, const vshape *sh, const sv *v, const term_t *leaves, uint32_t *pos, term_t *eq,
                         const tla_node *at) {
  term_t exactly = outside_keys_absent(sh, v);
  for (uint32_t i = 0; i < sh->n; i++) {
    int j = key_index(v, sh->key[i]);
    if (j < 0) {
      *pos += shape_leaves(sh);
      *eq = term_false();
      return term_false();
    }
    exactly = term_and2(exactly, dom_g(v, (uint32_t)j));
  }
  term_t ok = exactly, e = exactly;
  for (uint32_t i = 0; i < sh->n; i++) {
    term_t ek = term_true(), ok_i = fits(s, sh->sub[i], v->el[key_index(v, sh->key[i])], leaves, pos, &ek, at);
    ok = term_and2(ok, term_implies(exactly, ok_i));
    if (leaves) e = term_and2(e, ek);
  }
  *eq = e;
  return ok;
}

/* Values of several kinds and/or a layout of several classes: per class
 * of the layout its guard leaf and (where the value is of that class) its
 * leaves; a value of a class the layout lacks does not fit. */
static term_t fits_union(tla_sym *s, const vshape *sh, const sv *v, const term_t *leaves, uint32_t *pos, term_t *eq,
                         const tla_node *at) {
  term_t g[NK];
  sv *a[NK];
  alts_of(v, g, a);
  const vshape *sub[NK] = {0};
  if (sh->k == SV_UNION) copy_vals(sub, sh->sub, NK * sizeof *sub);
  else if (shape_class(sh) >= 0) sub[shape_class(sh)] = sh;
  term_t ok = term_true(), e = term_true();
  for (int k = 0; k < NK; k++) {
    if (!sub[k]) {
      if (a[k]) ok = term_and2(ok, term_not(g[k]));
      continue;
    }
    if (sh->k == SV_UNION) {
      if (leaves) e = term_and2(e, term_iff(leaves[*pos], a[k] ? g[k] : term_false()));
      (*pos)++;
    }
    if (!a[k]) {
      *pos += shape_leaves(sub[k]);
      continue;
    }
    term_t ek = term_true(), ok_k = fits(s, sub[k], a[k], leaves, pos, &ek, at);
    ok = term_and2(ok, term_implies(g[k], ok_k));
    if (leaves) e = term_and2(e, term_implies(g[k], ek));
  }
  *eq = e;
  return ok;
}

/* Leaves of value v in layout sh (false when v does not fit: outside the
 * universe of a set or another domain). */
static term_t fits(tla_sym *s, const vshape *sh, const sv *v, const term_t *leaves, uint32_t *pos, term_t *eq,
                   const tla_node *at) {
  if (v->k == SV_NONE) {
    /* on an error path: any value */
    *pos += shape_leaves(sh);
    *eq = term_true();
    return term_true();
  }
  if (sh->k == SV_UNION || v->k == SV_UNION) return fits_union(s, sh, v, leaves, pos, eq, at);
  if (sh->k == SV_SET) {
    sv *set = as_set(s, (sv *)v, at);
    term_t *c = salloc(s, (sh->n + set->n + 1) * sizeof *c);
    if (leaves) {
      for (uint32_t i = 0; i < sh->n; i++)
        c[i] = term_iff(leaves[(*pos)++], sv_mem(s, sv_const(s, sh->key[i], at), set, at));
      *eq = term_and(sh->n, c);
    }
    /* every element inside the universe */
    term_t *inside = salloc(s, (set->n + 1) * sizeof *inside);
    for (uint32_t j = 0; j < set->n; j++) {
      term_t *d = salloc(s, (sh->n + 1) * sizeof *d);
      for (uint32_t i = 0; i < sh->n; i++) d[i] = sv_eq(s, set->el[j], sv_const(s, sh->key[i], at), at);
      inside[j] = term_implies(set->g[j], term_or(sh->n, d));
    }
    return term_and(set->n, inside);
  }
  if (sh->k == SV_FUN && sh->seq) return fits_seq(s, sh, v, leaves, pos, eq, at);
  if (sh->k == SV_FUN && sh->vdom) return fits_dom(s, sh, v, leaves, pos, eq, at);
  if (sh->k == SV_FUN) {
    if (v->k != SV_FUN) unsupported(s, at, "a variable that holds functions and other values");
    if (v->dg) return fits_fixed(s, sh, v, leaves, pos, eq, at);
    bool same = v->n == sh->n;
    for (uint32_t i = 0; same && i < sh->n; i++) same = key_index(v, sh->key[i]) >= 0;
    if (!same) {
      *pos += shape_leaves(sh);
      *eq = term_false();
      return term_false();
    }
    term_t *c = salloc(s, (sh->n + 1) * sizeof *c), *ok = salloc(s, (sh->n + 1) * sizeof *ok);
    for (uint32_t i = 0; i < sh->n; i++) ok[i] = fits(s, sh->sub[i], v->el[key_index(v, sh->key[i])], leaves, pos, &c[i], at);
    *eq = term_and(sh->n, c);
    return term_and(sh->n, ok);
  }
  if (v->k != sh->k) {
    /* another kind than every sampled value: outside the layout */
    *pos += shape_leaves(sh);
    *eq = term_false();
    return term_false();
  }
  if (leaves) *eq = term_eq(leaves[(*pos)++], v->t);
  return term_true();
}

/* Does every value of the concrete set t fit layout sh? */
static bool value_fits(const vshape *sh, const tla_val *v) {
  switch (sh->k) {
    case SV_UNION: return val_class(v) >= 0 && sh->sub[val_class(v)] && value_fits(sh->sub[val_class(v)], v);
    case SV_BOOL: return v->kind == TV_BOOL;
    case SV_INT: return v->kind == TV_INT;
    case SV_ATOM: return v->kind == TV_STR || v->kind == TV_MODEL;
    case SV_SET:
      if (v->kind != TV_SET) return false;
      for (uint32_t i = 0; i < v->n; i++) {
        uint32_t j = 0;
        while (j < sh->n && sh->key[j] != v->e[i]) j++;
        if (j == sh->n) return false;
      }
      return true;
    case SV_FUN:
      if (sh->seq) {
        if (v->kind != TV_FUN || v->n > sh->n || !tv_seq_keys(v)) return false;
        for (uint32_t i = 0; i < v->n; i++)
          if (!value_fits(sh->sub[i], v->v[i])) return false;
        return true;
      }
      if (sh->vdom) {
        if (v->kind != TV_FUN) return false;
        for (uint32_t j = 0; j < v->n; j++) {
          uint32_t i = 0;
          while (i < sh->n && sh->key[i] != v->e[j]) i++;
          if (i == sh->n || !value_fits(sh->sub[i], v->v[j])) return false;
        }
        return true;
      }
      if (v->kind != TV_FUN || v->n != sh->n) return false;
      for (uint32_t i = 0; i < sh->n; i++) {
        int64_t k = tv_domain_index(v, sh->key[i]);
        if (k < 0 || !value_fits(sh->sub[i], v->v[k])) return false;
      }
      return true;
    default: return false;
  }
}

static bool set_fits(tla_sym *s, const vshape *sh, const tla_val *t, const tla_node *at) {
  if (sh->k == SV_UNION && t->kind != TV_SET) {
    /* a set given by syntax: all of its elements are of one class */
    int k = t->kind == TV_NAT || t->kind == TV_INTS ? K_INT : t->kind == TV_STRING ? K_ATOM
          : t->kind == TV_SUBSET ? K_SET : t->kind == TV_FUNSET || t->kind == TV_RECSET ? K_FUN : -1;
    return k >= 0 && sh->sub[k] && set_fits(s, sh->sub[k], t, at);
  }
  switch (t->kind) {
    case TV_SET:
      for (uint32_t i = 0; i < t->n; i++)
        if (!value_fits(sh, t->e[i])) return false;
      return true;
    case TV_NAT:
    case TV_INTS: return sh->k == SV_INT;
    case TV_STRING: return sh->k == SV_ATOM;
    case TV_SUBSET: {
      if (sh->k != SV_SET) return false;
      const tla_val *u = tla_enumerate(s->ev, t->e[0], at);
      for (uint32_t i = 0; i < u->n; i++) {
        uint32_t j = 0;
        while (j < sh->n && sh->key[j] != u->e[i]) j++;
        if (j == sh->n) return false;
      }
      return true;
    }
    case TV_FUNSET: {
      if (sh->k != SV_FUN || sh->seq || sh->vdom) return false;
      const tla_val *d = tla_enumerate(s->ev, t->e[0], at);
      if (d->n != sh->n) return false;
      for (uint32_t i = 0; i < sh->n; i++)
        if (tv_domain_index(tv_fun(d->e, d->e, d->n), sh->key[i]) < 0 || !set_fits(s, sh->sub[i], t->e[1], at))
          return false;
      return true;
    }
    case TV_RECSET:
      if (sh->k != SV_FUN || sh->seq || (sh->vdom ? sh->n < t->n / 2 : sh->n != t->n / 2)) return false;
      for (uint32_t i = 0; i < t->n / 2; i++) {
        uint32_t j = 0;
        while (j < sh->n && sh->key[j] != t->e[2 * i]) j++;
        if (j == sh->n || !set_fits(s, sh->sub[j], t->e[2 * i + 1], at)) return false;
      }
      return true;
    default: return false;
  }
}

/* x = e (x' = e) assigning variable x: the leaves equal e's layout; e
 * outside the layout is an error (the step is not lost silently). */
static term_t assign_eq(tla_sym *s, int x, sv *v, const tla_node *at) {
  const term_t *leaves = s->sys.vars.data + s->first[x];
  term_t *p = salloc(s, (s->count[x] + 1) * sizeof *p);
  for (uint32_t i = 0; i < s->count[x]; i++) p[i] = s->init_mode ? leaves[i] : term_prime(leaves[i]);
  uint32_t pos = 0;
  term_t eq;
  term_t ok = fits(s, s->shape[x], v, p, &pos, &eq, at);
  add_error(s, term_not(ok));
  return eq;
}

/* x \in S assigning x: every element of S must fit x's layout. */
static term_t assign_in(tla_sym *s, int x, sv *set, const tla_node *at) {
  sv *lhs = s->init_mode ? s->cur[x] : s->nxt[x];
  if (set->cv) {
    if (!set_fits(s, s->shape[x], set->cv, at)) unsupported(s, at, "a choice from a set whose elements do not fit the variable's layout");
    return mem_concrete(s, lhs, set->cv, at);
  }
  set = as_set(s, set, at);
  for (uint32_t j = 0; j < set->n; j++) {
    uint32_t pos = 0;
    term_t eq;
    add_error(s, term_and2(set->g[j], term_not(fits(s, s->shape[x], set->el[j], NULL, &pos, &eq, at))));
  }
  return sv_mem(s, lhs, set, at);
}

/* ---- building ---- */

/* Layouts from the values of the first states (a short breadth-first
 * search): a heuristic only, since values outside a layout are errors.
 * The search is cut by states and by evaluation steps (ticks), never by
 * the clock, so that its result (layouts, candidate facts, reach) is the
 * same under any load: under load 10 a wall-clock cut left dijkstra-mutex
 * a smaller sample and no proof in 2 of 3 runs. */
#define SAMPLE_STATES 30000   /* ReadersWriters/MC 21527, nbacg_guer01 24922 states */
/* 0.3-0.7 s CPU (35-90 million ticks a second): dijkstra-mutex's 30000
 * states take 11 million, nbacg_guer01's 24922 (all) 8.5, APbosco's 30000
 * 47, Paxos's 17688 113. With 64 million the run's time cut APbosco's
 * sample under load at 5 s (the safety net below): 2 of 2 runs lost */
#define SAMPLE_TICKS 24000000ull
/* One state's successors at most (a quarter of the base budget, also when
 * it grows): factorization's single state with \E i, j \in 2..1000000
 * must not take the whole budget. */
#define SAMPLE_STATE_TICKS (SAMPLE_TICKS / 4)
/* The grown cap's bound: memory, in bytes (not states: a state's bytes
 * differ tenfold between models). The grown sample stops where its own
 * bytes (the values it interned, its arrays) and those of the reach proof
 * it would feed (REACH_BYTES_PER_LEAF a state and layout leaf: the cubes,
 * their primed copies, term_inc's results, state_order's rows; measured
 * on whole runs, session 29: SlushSmall 274,678 states of 59 leaves, 600
 * MB peak of which 51 MB the sample's values; Disruptor_MPMC 120,781 of
 * 85, 392 MB, 23 MB; both ~33 bytes a leaf past a ~40 MB base) pass
 * SAMPLE_BYTES_MAX: 3 GiB, so that two such runs at once (two jobs on a
 * 24 GiB machine) stay under a third of it with Z3's and the engines' own
 * memory. Checked every SAMPLE_BYTES_EVERY states. The cap of states is
 * the time's (tla_sample_caps_for); SAMPLE_STATE_BYTES_MIN (a state's
 * bytes in the sampler's arrays alone) bounds it for huge times. */
#define SAMPLE_BYTES_MAX ((size_t)3 << 30)
#define REACH_BYTES_PER_LEAF 40
#define SAMPLE_BYTES_EVERY 1024
#define SAMPLE_STATE_BYTES_MIN 64

/* Grown for the reach proof (tla_sym_build_reach): as many states as it
 * checks in the run's share of the time at its lowest rate
 * (TLA_REACH_RUN_SHARE at TLA_REACH_PROOF_SECONDS_PER_STATE; 2,187,500 at
 * 20 s), lowered where the base caps' sample ends by the CPU time its
 * states took (base_snapshot), and its memory bound (SAMPLE_BYTES_MAX,
 * checked as the sample grows). Consensus_epr's and Disruptor_MPMC's
 * complete samples took 61-72 million ticks (550-650 a state; the base
 * budget allows 800), 1-2 s CPU, where the base caps cut them. A grown
 * sample that is cut all the same is put back to the base caps'
 * (base_restore): it costs its own time only. */
tla_sample_caps tla_sample_caps_for(double seconds_left) {
  tla_sample_caps c = {SAMPLE_STATES, SAMPLE_TICKS, 0, 0, 0};
  double n = seconds_left * TLA_REACH_RUN_SHARE / TLA_REACH_PROOF_SECONDS_PER_STATE;
  const double most = (double)(SAMPLE_BYTES_MAX / SAMPLE_STATE_BYTES_MIN);
  if (seconds_left <= 0 || n <= SAMPLE_STATES) return c;
  c.states = n >= most ? (size_t)most : (size_t)n;
  c.ticks = SAMPLE_TICKS / SAMPLE_STATES * c.states;
  c.grown_cpu = seconds_left * TLA_SAMPLE_GROWN_SHARE;
  c.bytes = SAMPLE_BYTES_MAX;
  c.seconds = seconds_left;
  return c;
}

/* The reach proof's planned CPU time for n states, ninit of them initial. */
static double reach_plan(size_t n, size_t ninit) {
  return (double)n * TLA_REACH_PROOF_SECONDS_PER_STATE + (double)ninit * TLA_REACH_SECONDS_PER_INIT;
}

double tla_sample_plan_rest(const tla_sample_caps *c, size_t found, size_t ninit) {
  return c->seconds * TLA_REACH_RUN_SHARE - reach_plan(found, ninit);
}

/* The cap of states for a sample whose first n states took cpu seconds
 * (the base caps' part): as many as it enumerates at that rate and proves
 * at the proof's (reach_plan) within the run's share of the time left, at
 * most the caps' (from above). Session 42: MCLamportMutex's base part
 * 0.0088 ms a state (0.0107 the grown part's) plus the proof's 0.008 ms:
 * ~1.04 M at 20 s for its 922,956 states (the whole-run 0.03 ms, constant,
 * capped it at 500,000); PaxosCommit's 0.017-0.029 ms: ~470,000-700,000 of
 * its 1.3 M; MultiPaxos_MC_small's orbits 0.023 ms: ~560,000 of 343,796. */
size_t tla_sample_cap_measured(const tla_sample_caps *c, size_t n, double cpu) {
  if (!n || c->seconds <= 0) return c->states;
  double rate = cpu / (double)n + TLA_REACH_PROOF_SECONDS_PER_STATE;
  double m = c->seconds * TLA_REACH_RUN_SHARE / rate;
  return m >= (double)c->states ? c->states : m <= (double)n ? n : (size_t)m;
}
typedef struct {
  tla_sym *s;
  const tla_val **seen;   /* open addressing on the hash-consed pointers */
  size_t cap, n, max;   /* max: the cap of states (tla_sym.caps) */
  const tla_val **queue;
  size_t nq, capq;        /* queue and first hold capq (grown as the sample grows) */
  size_t *first;          /* state i's successors: edge[first[i] .. first[i + 1]) */
  size_t values0;         /* tla_values_bytes() at the start */
  size_t caphint;
  uint32_t *idx;          /* seen[h]'s position in queue */
  uint32_t *edge;         /* the successors' positions, per state in queue order */
  size_t nedge, capedge;
  /* SYMMETRY (sample_symmetric): seen holds each orbit's canonical state
   * and queue the orbit's first member met (its representative); another
   * member met as a successor is a hint (a successor cube only), edged as
   * HINT_EDGE | its position in hint */
  bool sym, init, hints_full;
  const tla_val **hseen, **hint;
  uint32_t *hidx;
  size_t nhint;
  /* a grown cap (max > SAMPLE_STATES): the sample as the base caps would
   * have cut it, put back when the grown one is cut too (base_n > 0) */
  size_t base_n;
  uint64_t start, end;   /* the sample's first tick, its work cap */
  double cpu_start, cpu_end;   /* limits_cpu_now(): the sample's start, the grown part's cap (0: none) */
  size_t grown_head;           /* the grown part's first expanded state (0: not yet) */
  double grown_cpu;            /* limits_cpu_now() then */
  size_t checked_edges, checked_head;   /* nedge and head at grown_hopeless's last reading of the clock */
  size_t ninit;                /* the initial states (tla_sample_plan_rest) */
  size_t level_end;            /* the breadth-first level expanded now ends at queue[level_end] */
  size_t level[TLA_LEVELS_KEPT];   /* the last levels' sizes, the newest last */
  unsigned nlevels, same;      /* levels seen; the last ones of one size */
  sample_cut base_cut;
  vshape **base_shape;
  int64_t base_lo, base_hi;
  bool base_ints;
  const tla_val **seen_val;    /* see_state's values taken in, per variable */
} sampler;
#define HINT_EDGE 0x80000000u
/* the first sample, while sample_symmetric tries a second */
typedef struct {
  const tla_val **sample;
  size_t nsample;
  sample_cut cut;
  int64_t int_lo, int_hi;
  bool ints_seen;
} sampler_keep;

static void see_ints(tla_sym *s, const tla_val *v, unsigned depth) {
  if (v->kind == TV_INT) {
    if (!s->ints_seen || v->i < s->int_lo) s->int_lo = v->i;
    if (!s->ints_seen || v->i > s->int_hi) s->int_hi = v->i;
    s->ints_seen = true;
  } else if ((v->kind == TV_SET || v->kind == TV_FUN) && depth < 8) {
    for (uint32_t i = 0; i < v->n; i++) see_ints(s, v->e[i], depth + 1);
    if (v->kind == TV_FUN)
      for (uint32_t i = 0; i < v->n; i++) see_ints(s, v->v[i], depth + 1);
  }
}

/* widen takes in all of v: no part of v is a value without a layout
 * (shape_of_value's NULL: widen then keeps the old layout or part of v, and
 * the same v widened again into a wider layout could take in more) */
static bool widen_total(const tla_val *v) {
  if (v->kind == TV_FUN) {
    for (uint32_t i = 0; i < v->n; i++)
      if (!widen_total(v->v[i])) return false;
    return true;
  }
  return val_class(v) >= 0;
}

/* The layouts and the integers' window take in state's values. A value
 * that a variable's layout took in before adds nothing (widen only grows
 * a layout, and one that took v in takes it in again unchanged, the same
 * structure; see_ints keeps extremes; both checked on every state of the
 * TLA+ bench's samples): seen[] remembers such values per variable,
 * direct-mapped (SEEN_SLOTS each; a miss widens again). Their widening
 * (a new sequence layout each time) and integer walk were 6 % of
 * MultiPaxos_MC_small's run, its states sharing most of their values. */
#define SEEN_SLOTS 4096
static void see_state(tla_sym *s, const tla_val **seen, const tla_val *state) {
  for (size_t i = 0; i < s->nv; i++) {
    const tla_val *v = state->v[i];
    const tla_val **slot = &seen[i * SEEN_SLOTS + ((((uintptr_t)v >> 4) * 0x9e3779b97f4a7c15ull) >> 52)];
    if (*slot == v) continue;
    s->shape[i] = widen(s, s->shape[i], v);
    see_ints(s, v, 0);
    if (widen_total(v)) *slot = v;
  }
}

/* key's slot in an open-addressing table of cap (a power of two) on the
 * hash-consed pointers: its own, or the empty one where it goes */
static size_t table_slot(const tla_val *const *tab, size_t cap, const tla_val *key) {
  size_t h = ((uintptr_t)key >> 4) & (cap - 1);
  while (tab[h] && tab[h] != key) h = (h + 1) & (cap - 1);
  return h;
}

/* With a grown cap, the point where the base caps would have cut the
 * sample by their cap of states: its layouts and integer window kept, and
 * the work cap grown in proportion to the states, twice the work a state
 * took so far at most (a sample cut by the base work cap stays cut there,
 * as before; Counter's states have up to 10^5 successors each, whose
 * values filled the interning tables: no answer in 60 s where the base
 * sample's run takes 0.3 s). */
static void base_snapshot(sampler *sp, sample_cut cut) {
  tla_sym *s = sp->s;
  if (sp->max <= SAMPLE_STATES || sp->base_n) return;
  double now = limits_cpu_now();
  sp->max = tla_sample_cap_measured(&s->caps, sp->n, now - sp->cpu_start);
  uint64_t used = s->ev->tick - sp->start, grown = 2 * used / sp->n * sp->max;
  sp->end = sp->start + (grown < s->caps.ticks ? grown : s->caps.ticks);
  s->ev->tick_limit = sp->end;
  /* and its CPU time likewise (twice the base part's a state): Counter's
   * successors cost few ticks but their values' interning most of the
   * time (1.8 s CPU more than the base sample at 20 s, against none in 60 s
   * without this cap); Consensus_epr's rest took more than once its base
   * part's a state (cut with that cap); and a tenth of the time left at
   * most (TLA_SAMPLE_GROWN_SHARE): a sample it then cuts costs no more */
  double rate = 2 * (now - sp->cpu_start) * (double)sp->max / (double)sp->n;
  sp->cpu_end = now + (rate < s->caps.grown_cpu ? rate : s->caps.grown_cpu);
  sp->base_n = sp->n, sp->base_cut = cut;
  sp->base_shape = xmalloc((s->nv + 1) * sizeof *sp->base_shape);
  memcpy(sp->base_shape, s->shape, s->nv * sizeof *s->shape);
  sp->base_lo = s->int_lo, sp->base_hi = s->int_hi, sp->base_ints = s->ints_seen;
}

/* A sample cut by its caps is tried again over the orbits (sample_symmetric). */
static bool symmetric_next(tla_sym *s) {
  return !s->step && tla_has_symmetry(s->m) && !tla_has_constraints(s->m);
}

/* With a grown cap, a base sample cut by the base work cap (SAMPLE_TICKS)
 * while expanding queue[head] (its successors so far kept, as the base
 * caps would have left them): the snapshot there (base_snapshot, its work
 * and CPU caps from the work a state took so far), and queue[head]'s
 * expansion starts again (its successors met so far are known states
 * now). Not the plain sample where the one over the orbits comes next
 * (sample_symmetric: SimplifiedFastPaxos/Paxos's 1207 orbits, 3 s wall,
 * against its 48,514 states grown, 19 s); that one grows. true: expand
 * queue[head] again. */
static bool base_work_cut(sampler *sp, size_t head) {
  tla_sym *s = sp->s;
  if (sp->max <= SAMPLE_STATES || sp->base_n || !sp->n || !strstr(tla_error(s->m), "work budget")) return false;
  if (!sp->sym && symmetric_next(s)) return false;
  sp->nedge = sp->first[head];
  base_snapshot(sp, SAMPLE_CUT_WORK);
  tla_clear_error(s->m);
  return true;
}

/* The grown sample cut too: no reach proof from it, and its wider
 * layouts would only slow the engines (APReplicatedLog 5.8 -> 9.9 s in
 * session 24), so the base caps' sample comes back (its first base_n
 * states). The grown sample's cut is no error of the run. */
static void base_restore(sampler *sp) {
  tla_sym *s = sp->s;
  memcpy(s->shape, sp->base_shape, s->nv * sizeof *s->shape);
  s->int_lo = sp->base_lo, s->int_hi = sp->base_hi, s->ints_seen = sp->base_ints;
  s->nsample = sp->base_n, s->sample_cut = sp->base_cut;
  tla_clear_error(s->m);
}

/* The grown part cannot end within its CPU cap: the cap is reached, or
 * the states found and not yet expanded (each needs its expansion before
 * the sample is complete) at the grown part's CPU time a state would end
 * past it. So a grown sample that would be cut all the same stops early
 * (APbcastFolklore, Counter-len0: whole 2 s caps spent, then put back),
 * while one that completes keeps going (Consensus_epr: its frontier
 * shrinks). The rate from 256 expansions or 50 ms of CPU time (Counter's
 * states have up to 10^5 successors each). */
#define GROWN_CHECK_EDGES 256
#define GROWN_CHECK_STATES 64
/* The grown part's CPU cap (limits_cpu_now()): its own (cpu_end), or the
 * time the planned reach proof of the states found so far leaves
 * (tla_sample_plan_rest, from the sample's start), whichever is later.
 * MultiPaxos_MC_small at 20 s: its proof planned at 10.3 s of the 15 s
 * share (the whole-run rate until session 42; 2.8 s of the 17.5 now); its
 * sample over the orbits took 4.7-5.6 s CPU, 5 s its own cap (4 of 5 runs
 * cut at load 0.7, session 36). MCLamportMutex's 922,956 states: 7.4 s of
 * the 17.5, its sample ~8-10 s. The rest shrinks as the sample grows (none
 * at the cap of states), so a sample cut all the same costs its own cap at
 * most where the levels and the frontier (below: at the rate measured on
 * the grown part) do not stop it earlier. */
static double grown_end(const sampler *sp) {
  const tla_sym *s = sp->s;
  double rest = s->caps_cpu0 + tla_sample_plan_rest(&s->caps, sp->n, sp->ninit);
  return rest > sp->cpu_end ? rest : sp->cpu_end;
}

static bool grown_hopeless(sampler *sp, size_t head) {
  if (!sp->cpu_end) return false;
  /* the CPU clock (two system calls) read every GROWN_CHECK_EDGES
   * successors or GROWN_CHECK_STATES expansions, whichever comes first:
   * read per state it was 3 % of SlushSmall's run (274,678 states, 6
   * successors each); Counter's states, 10^5 successors each, read it per
   * state as before */
  if (sp->grown_head && sp->nedge - sp->checked_edges < GROWN_CHECK_EDGES &&
      head - sp->checked_head < GROWN_CHECK_STATES)
    return false;
  sp->checked_edges = sp->nedge, sp->checked_head = head;
  double now = limits_cpu_now(), end = grown_end(sp);
  if (!sp->grown_head) {
    sp->grown_head = head, sp->grown_cpu = now;
    return now > end;
  }
  size_t done = head - sp->grown_head;
  double per_state = done >= 256 || (done && now - sp->grown_cpu >= 0.05) ? (now - sp->grown_cpu) / (double)done : 0;
  return now > end || now + per_state * (double)(sp->nq - head) > end;
}

/* The grown part's breadth-first search will not end within its cap of
 * states (max; found so far), as its levels show (each when it is
 * complete, grown part only):
 * - growing by a tenth or more a level: the next LEVELS_AHEAD levels
 *   projected with the logarithm of their growth falling by the fastest
 *   fall of the last three levels (none when it speeds up; a finite
 *   search's falls speed up towards its widest level: optimistic) add up
 *   past LEVELS_MARGIN times the cap (APCRDT, MCKVSSafetySmall,
 *   MCLamportMutex: stopped at 32,000-70,000 of the 150,000-300,000
 *   states that cut them at 20 s; Consensus_epr's, dijkstra-mutex's
 *   projections stay under: both complete, 110,464 and 90,882 states).
 *   No farther: MCLamportMutex's levels rise twice (to 32,154, a plateau,
 *   again to 54,003; 922,956 states), and projected to their end they
 *   passed a long run's cap of millions: stopped at 69,899 or 337,747
 *   states, never proved; a sample with more levels to go is left to its
 *   CPU rate (grown_hopeless);
 * - or its last LEVELS_CHAIN levels of one size: a chain (a counter)
 *   whose end the levels do not show (NatCounter, ActionInv: 1-2 states a
 *   level, 2 s of CPU time for their grown part before).
 * Disruptor_MPMC's levels grow by 2 % a level (linearly, to 120,781
 * states): neither. */
#define LEVELS_MARGIN 1.5
#define LEVELS_CHAIN 16
#define LEVELS_AHEAD 8
bool tla_sample_levels_hopeless(const size_t level[TLA_LEVELS_KEPT], unsigned nlevels, unsigned same, size_t found,
                                size_t max) {
  if (same >= LEVELS_CHAIN) return true;
  if (nlevels < TLA_LEVELS_KEPT) return false;
  double g[TLA_LEVELS_KEPT - 1], fall = 0;   /* the levels' growth (logarithm) */
  for (unsigned i = 0; i + 1 < TLA_LEVELS_KEPT; i++) g[i] = log((double)level[i + 1] / (double)level[i]);
  double growth = g[TLA_LEVELS_KEPT - 2];
  if (growth < log(1.1)) return false;
  for (unsigned i = 1; i + 1 < TLA_LEVELS_KEPT; i++) fall = i == 1 || g[i] - g[i - 1] < fall ? g[i] - g[i - 1] : fall;
  if (fall > 0) fall = 0;
  double cap = LEVELS_MARGIN * (double)max, total = (double)found, size = (double)level[TLA_LEVELS_KEPT - 1];
  for (unsigned k = 0; k < LEVELS_AHEAD && size >= 1 && total <= cap; k++) growth += fall, size *= exp(growth), total += size;
  return total > cap;
}

/* Level bookkeeping at queue[head]: where a level ends, the next one
 * (queue[head .. nq)) is complete. true: the grown part stops
 * (tla_sample_levels_hopeless). */
static bool level_done(sampler *sp, size_t head) {
  if (head != sp->level_end) return false;
  size_t size = sp->nq - head;
  sp->level_end = sp->nq;
  sp->same = sp->nlevels && size == sp->level[TLA_LEVELS_KEPT - 1] ? sp->same + 1 : 1;
  memmove(sp->level, sp->level + 1, (TLA_LEVELS_KEPT - 1) * sizeof *sp->level);
  sp->level[TLA_LEVELS_KEPT - 1] = size;
  sp->nlevels++;
  return sp->base_n && size && tla_sample_levels_hopeless(sp->level, sp->nlevels, sp->same, sp->nq, sp->max);
}

/* A successor in a known orbit other than its representative: a hint
 * (each distinct one once; at most max of them). */
static bool sample_hint(sampler *sp, const tla_val *state) {
  size_t h = table_slot(sp->hseen, sp->cap, state);
  if (!sp->hseen[h]) {
    if (sp->nhint >= sp->max) {
      sp->hints_full = true;
      return false;
    }
    if (sp->nhint == sp->caphint) {
      sp->caphint = 2 * sp->caphint + 1024;
      sp->hint = xrealloc(sp->hint, (sp->caphint + 1) * sizeof *sp->hint);
    }
    sp->hseen[h] = state;
    sp->hidx[h] = (uint32_t)sp->nhint;
    sp->hint[sp->nhint++] = state;
    see_state(sp->s, sp->seen_val, state);   /* a successor cube: it must fit the layouts */
  }
  sp->edge[sp->nedge++] = HINT_EDGE | sp->hidx[h];
  return true;
}

/* The sampler's tables twice as large (a quarter full at most): they
 * grow with the sample, whose cap of states may be large (memory decides
 * where it ends). */
static void rehash(const tla_val **tab, uint32_t *idx, size_t cap, const tla_val ***ntab, uint32_t **nidx) {
  *ntab = xcalloc(2 * cap, sizeof **ntab), *nidx = xcalloc(2 * cap, sizeof **nidx);
  for (size_t h = 0; h < cap; h++)
    if (tab[h]) {
      size_t k = table_slot(*ntab, 2 * cap, tab[h]);
      (*ntab)[k] = tab[h], (*nidx)[k] = idx[h];
    }
}

static void tables_grow(sampler *sp) {
  const tla_val **seen, **hseen;
  uint32_t *idx, *hidx;
  rehash(sp->seen, sp->idx, sp->cap, &seen, &idx);
  free(sp->seen), free(sp->idx);
  sp->seen = seen, sp->idx = idx;
  if (sp->sym) {
    rehash(sp->hseen, sp->hidx, sp->cap, &hseen, &hidx);
    free(sp->hseen), free(sp->hidx);
    sp->hseen = hseen, sp->hidx = hidx;
  }
  sp->cap *= 2;
}

/* The sample's bytes and the reach proof's it would feed (SAMPLE_BYTES_MAX
 * says what is counted): the layouts' leaves as they are now. */
static size_t sample_bytes(const sampler *sp) {
  size_t leaves = 0, tables = sp->sym ? 2 : 1;
  for (size_t i = 0; i < sp->s->nv; i++) leaves += shape_leaves(sp->s->shape[i]);
  return tla_values_bytes() - sp->values0 + sp->capq * (sizeof *sp->queue + sizeof *sp->first) +
         tables * sp->cap * (sizeof *sp->seen + sizeof *sp->idx) + sp->capedge * sizeof *sp->edge +
         sp->caphint * sizeof *sp->hint + (sp->n + sp->nhint) * leaves * REACH_BYTES_PER_LEAF;
}

static bool sample_state(void *data, const tla_val *state) {
  sampler *sp = data;
  if (sp->n >= sp->max) return false;
  if (sp->nedge == sp->capedge) {
    sp->capedge = sp->capedge ? 2 * sp->capedge : 1024;
    sp->edge = xrealloc(sp->edge, sp->capedge * sizeof *sp->edge);
  }
  if (4 * (sp->n + 1) > sp->cap || 4 * (sp->nhint + 1) > sp->cap) tables_grow(sp);
  if (sp->nq == sp->capq) {
    sp->capq = 2 * sp->capq;
    sp->queue = xrealloc(sp->queue, (sp->capq + 1) * sizeof *sp->queue);
    sp->first = xrealloc(sp->first, (sp->capq + 2) * sizeof *sp->first);
  }
  const tla_val *key = sp->sym ? tla_canonical(sp->s->m, state) : state;
  size_t h = table_slot(sp->seen, sp->cap, key);
  if (sp->seen[h] && sp->queue[sp->idx[h]] == state) {
    sp->edge[sp->nedge++] = sp->idx[h];
    return true;
  }
  /* another member of a known orbit; an initial one is a representative
   * of its own (Init need not be symmetric), not entered in seen */
  if (sp->seen[h] && !sp->init) return sample_hint(sp, state);
  sp->edge[sp->nedge++] = (uint32_t)sp->nq;
  if (!sp->seen[h]) {
    sp->seen[h] = key;
    sp->idx[h] = (uint32_t)sp->nq;
  }
  sp->n++;
  sp->queue[sp->nq++] = state;
  see_state(sp->s, sp->seen_val, state);
  if (sp->n == SAMPLE_STATES) base_snapshot(sp, SAMPLE_CUT_STATES);
  /* the memory bound: the cap of states is where it is passed */
  if (sp->s->caps.bytes && sp->n > SAMPLE_STATES && sp->n % SAMPLE_BYTES_EVERY == 0 &&
      sample_bytes(sp) > sp->s->caps.bytes)
    sp->max = sp->n;
  return true;
}

/* sym: the orbits' representatives and the hints (sample_symmetric). */
static size_t sample_layouts(tla_sym *s, bool sym) {
  sampler sp = {.s = s, .cap = 1024, .max = s->caps.states, .sym = sym, .init = true};
  size_t start = sp.max < SAMPLE_STATES ? sp.max : SAMPLE_STATES;   /* the arrays grow past the base caps */
  while (sp.cap < 4 * start) sp.cap *= 2;   /* a power of two, a quarter full at most (tables_grow) */
  sp.seen = xcalloc(sp.cap, sizeof *sp.seen);
  sp.idx = xcalloc(sp.cap, sizeof *sp.idx);
  if (sym) {
    sp.hseen = xcalloc(sp.cap, sizeof *sp.hseen);
    sp.hidx = xcalloc(sp.cap, sizeof *sp.hidx);
  }
  sp.capq = start + 1;
  sp.first = xcalloc(sp.capq + 2, sizeof *sp.first);
  sp.queue = xcalloc(sp.capq + 1, sizeof *sp.queue);
  sp.values0 = tla_values_bytes();
  sp.seen_val = xcalloc(s->nv * SEEN_SLOTS + 1, sizeof *sp.seen_val);
  tla_ev *ev = s->ev;
  /* the limit is checked every 4096 ticks: counted from a multiple of
   * 4096, the cut does not depend on the work done before the sample */
  ev->tick = (ev->tick + 4095) & ~(uint64_t)4095;
  sp.start = ev->tick, sp.end = ev->tick + SAMPLE_TICKS;   /* the base work cap until base_snapshot */
  sp.cpu_start = limits_cpu_now();
  ev->tick_limit = sp.end;
  bool all = tla_initial_states(s->m, sample_state, &sp);
  size_t ninit = sp.nq, head = 0;
  sp.ninit = ninit;
  sp.nedge = 0, sp.init = false;
  bool cpu_out = false;   /* the grown part stopped (its CPU time, its levels): cut by work */
  sp.level_end = 0;   /* level 0: the initial states */
  for (; all && head < sp.nq && sp.n < sp.max; head++) {
    if ((level_done(&sp, head) || grown_hopeless(&sp, head)) && (cpu_out = true)) break;
    sp.first[head] = sp.nedge;
    ev->tick_limit = ev->tick + SAMPLE_STATE_TICKS < sp.end ? ev->tick + SAMPLE_STATE_TICKS : sp.end;
    bool at_end = ev->tick_limit == sp.end;   /* the sample's work cap, not the state's, may cut it */
    /* like the encoding: no transitions out of unconstrained states */
    int c = tla_constraints_hold(s->m, sp.queue[head]);
    if (c < 0) all = false;
    if (c != 1) continue;
    if (!tla_successors(s->m, sp.queue[head], sample_state, &sp)) {
      if (at_end && base_work_cut(&sp, head)) {
        head--;   /* again (unsigned: wraps to head + 1 - 1) */
        continue;
      }
      all = false;
    }
  }
  sp.first[head] = sp.nedge;
  const char *err = tla_error(s->m);
  s->sample_cut = sp.n >= sp.max || sp.hints_full ? SAMPLE_CUT_STATES
                  : cpu_out || strstr(err, "work budget") ? SAMPLE_CUT_WORK
                  : strcmp(err, "timeout") == 0    ? SAMPLE_CUT_TIME
                  : err[0] || !all || head < sp.nq ? SAMPLE_CUT_ERROR
                                                   : SAMPLE_ALL;
  ev->tick_limit = 0;
  /* the budget is the sample's, not the run's: its "timeout" must not be
   * read later as the run's (an empty sample keeps it: no initial state) */
  if (s->sample_cut == SAMPLE_CUT_WORK && sp.n) tla_clear_error(s->m);
  free(sp.seen), free(sp.idx), free(sp.hseen), free(sp.hidx), free(sp.seen_val);
  free(s->sample), free(s->reach_edge), free(s->reach_first), free(s->reach_hint);
  s->reach = NULL, s->reach_edge = NULL, s->reach_first = NULL, s->nreach = 0;
  s->reach_hint = NULL, s->nhint = 0;
  s->sample = sp.queue, s->nsample = sp.nq;
  if (sp.base_n && s->sample_cut != SAMPLE_ALL) base_restore(&sp);
  free(sp.base_shape);
  if (s->sample_cut == SAMPLE_ALL && !tla_error(s->m)[0]) {
    /* the hints after the representatives */
    for (size_t e = 0; e < sp.nedge; e++)
      if (sp.edge[e] & HINT_EDGE) sp.edge[e] = (uint32_t)(sp.nq + (sp.edge[e] & ~HINT_EDGE));
    s->reach = sp.queue, s->nreach = sp.n, s->reach_init = ninit;
    s->reach_edge = sp.edge, s->reach_first = sp.first;
    s->reach_hint = sp.hint, s->nhint = sp.nhint;
  } else {
    free(sp.edge), free(sp.first), free(sp.hint);
  }
  return s->nsample;
}

/* When the sample was cut and the model declares a SYMMETRY, a second
 * sample over the orbits (TLC's reduction: Paxos's 1207 orbits of 48514
 * states), kept only when it reaches every orbit, so that the reach proof
 * can check it (tla_sym_reach: the representatives closed up to the
 * symmetry); else the first sample stays as it was (its layouts too).
 * Not with CONSTRAINTs (whose symmetry the proof would trust as well),
 * nor for the step-wise encoding. n: the first sample's states. */
static size_t sample_symmetric(tla_sym *s, size_t n) {
  if (!symmetric_next(s) || (s->sample_cut != SAMPLE_CUT_STATES && s->sample_cut != SAMPLE_CUT_WORK))
    return n;
  vshape **shape = xmalloc((s->nv + 1) * sizeof *shape);
  memcpy(shape, s->shape, s->nv * sizeof *shape);
  sampler_keep keep = {s->sample, s->nsample, s->sample_cut, s->int_lo, s->int_hi, s->ints_seen};
  s->sample = NULL;
  size_t m = sample_layouts(s, true);
  if (s->sample_cut == SAMPLE_ALL && s->reach) {
    s->by_symmetry = true;
    free(keep.sample), free(shape);
    return m;
  }
  /* back to the first sample (the second's cut is no error of the run) */
  tla_clear_error(s->m);
  free(s->sample);
  memcpy(s->shape, shape, s->nv * sizeof *shape);
  free(shape);
  s->sample = keep.sample, s->nsample = keep.nsample, s->sample_cut = keep.cut;
  s->int_lo = keep.int_lo, s->int_hi = keep.int_hi, s->ints_seen = keep.ints_seen;
  return n;
}

/* The sample within its caps (tla_sample_caps_for: grown with the time
 * left for the reach proof) and, as a safety net only (short runs, heavy
 * load), half of the run's time left: a smaller sample costs no exactness
 * (a value outside a layout or window is an error, never lost). */
static size_t sample_budgeted(tla_sym *s, const tla_sample_caps *caps) {
  const zeta_limits *outer = s->ev->lim;
  zeta_limits sub = {0};
  s->caps = *caps;
  s->caps_cpu0 = limits_cpu_now();
  if (outer) {
    sub = *outer;
    if (outer->deadline) sub.deadline = limits_now() + (outer->deadline - limits_now()) / 2;
  }
  s->ev->lim = &sub;
  size_t n = sample_layouts(s, false);
  n = sample_symmetric(s, n);
  s->ev->lim = outer;
  return n;
}

static term_t errors_of(tla_sym *s) {
  term_t e = term_or(s->errs.size, s->errs.data);
  s->errs.size = 0;
  return e;
}

/* Every variable assigned when f holds: TLC stops with an error on a
 * branch that completes without assigning one (never assigned anywhere:
 * unsupported). */
static void check_assigned(tla_sym *s, term_t f, const tla_node *at, const char *what) {
  s->pc = term_true();
  for (size_t i = 0; i < s->nv && !term_is_false(f); i++) {
    if (s->step && !s->val[i]) {
      /* TLC's error wherever f holds; the value is never used */
      s->val[i] = s->init_mode ? sv_scalar(s, SV_BOOL, term_false()) : s->cur[i];
      s->asg[i] = term_false();
    }
    if (term_is_false(s->asg[i]) && !s->step) {
      char w[200];
      snprintf(w, sizeof w, "%s does not assign %s", what, tla_var_name(s->m, i));
      unsupported(s, at, w);
    }
    add_error(s, term_and2(f, term_not(s->asg[i])));
  }
}

/* Init or Next: each successor has every variable assigned. */
static term_t tr_action(tla_sym *s, tla_node *n, tla_ctx *c, const char *what) {
  asg_set(s, asg_all(s, term_false()));
  s->pc = term_true();
  s->in_next = true;
  term_t f = tr_bool(s, n, c, NULL);
  s->in_next = false;
  check_assigned(s, f, n, what);
  return f;
}

/* A state as the record a trace invariant's history holds (a field per variable). */
static sv *state_record(tla_sym *s, sv **vals) {
  sv *rec = sv_new(s, SV_FUN, (uint32_t)s->nv);
  for (size_t x = 0; x < s->nv; x++) {
    const char *nm = tla_var_name(s->m, x);
    rec->key[x] = tv_str(tla_intern(nm, strlen(nm)));
    rec->el[x] = vals[x];
  }
  return rec;
}

static bool is_ref_to(const tla_node *n, const char *name) {
  while (n->kind == TK_parentheses && n->n == 1) n = n->kid[0];
  return n->kind == TK_identifier_ref && strcmp(n->text, name) == 0;
}

/* The first use of history h other than h[1] and h[Len(h)] in n (NULL if
 * none; syntactic, so a name bound again inside counts too: stricter), or
 * a binding of h or Len inside (Len must be the built-in one). */
static const tla_node *history_misuse(const tla_node *n, const char *h) {
  if (n->kind == TK_identifier && (strcmp(n->text, h) == 0 || strcmp(n->text, "Len") == 0)) return n;
  if (n->kind == TK_function_evaluation && n->n == 2 && is_ref_to(n->kid[0], h)) {
    const tla_node *a = n->kid[1];
    while (a->kind == TK_parentheses && a->n == 1) a = a->kid[0];
    if (a->kind == TK_nat_number && strcmp(a->text, "1") == 0) return NULL;
    if (a->kind == TK_bound_op && strcmp(tla_field_kid((tla_node *)a, TF_NAME)->text, "Len") == 0) {
      const tla_node *arg = NULL;
      uint32_t na = 0;
      for (uint32_t i = 0; i < a->n; i++)
        if (a->kid[i]->field == TF_PARAMETER) arg = a->kid[i], na++;
      if (na == 1 && is_ref_to(arg, h)) return NULL;
    }
    return n;
  }
  if (is_ref_to(n, h)) return n;
  for (uint32_t i = 0; i < n->n; i++) {
    const tla_node *r = history_misuse(n->kid[i], h);
    if (r) return r;
  }
  return NULL;
}

/* A trace invariant Inv(hist) whose history is used only as hist[1] and
 * hist[Len(hist)]: the history is then <<the initial state, the current
 * one>>, exact for every length (of one state too, where the copy of the
 * initial state, leaves first_at.., equals the current one). Any other use
 * needs the whole history: unsupported, with its position. */
static term_t trace_invariant(tla_sym *s, tla_def *d, uint32_t first_at) {
  if (d->nparams != 1 || d->params[0]->kind != TK_identifier) unsupported(s, d->body, "this trace invariant");
  const char *h = d->params[0]->text;
  const tla_node *bad = history_misuse(d->body, h);
  if (!bad && tla_resolve(s->ev, tla_intern("Len", 3), d->ctx, NULL).kind != TLA_R_NONE) bad = d->body;   /* a Len of its own */
  if (bad) unsupported(s, bad, "a trace invariant's history used other than as hist[1] and hist[Len(hist)]");
  sv **first = salloc(s, (s->nv + 1) * sizeof *first);
  for (size_t i = 0; i < s->nv; i++) {
    uint32_t pos = 0;
    first[i] = sv_of_shape(s, s->shape[i], s->sys.vars.data + first_at + s->first[i], &pos);
  }
  sv *hist = seq_new(s, 2, NULL_TERM);
  hist->el[0] = state_record(s, first);
  hist->el[1] = state_record(s, s->cur);
  return tr_bool(s, d->body, d->ctx, bind_value(s, NULL, h, hist));
}

/* Symbolic values are compared with the variables' layouts: x = e above is
 * sv_eq on the variable's own value; here each variable's value is also
 * checked to fit its layout (assignments outside it are errors). */
static void build(void *data) {
  tla_sym *s = data;
  tla_model *m = s->m;
  bool any_action = false, any_trace = false;
  for (size_t i = 0; i < s->mv.ninv; i++) {
    any_trace |= s->mv.inv_trace[i];
    any_action |= s->mv.inv_action[i];
  }
  if (!s->mv.next.node) unsupported(s, NULL, "a specification without a next-state relation");
  /* layouts: TypeOK-like constraints of the invariants and Init, and one initial state */
  const tla_val **types = salloc(s, (s->nv + 1) * sizeof *types);
  for (size_t i = 0; i < s->mv.ninit; i++) find_types(s, s->mv.init[i].node, s->mv.init[i].ctx, types, 0);
  for (size_t i = 0; i < s->mv.ninv; i++)
    if (s->mv.inv[i]->body) find_types(s, s->mv.inv[i]->body, s->mv.inv[i]->ctx, types, 0);
  s->first = salloc(s, (s->nv + 1) * sizeof *s->first);
  s->count = salloc(s, (s->nv + 1) * sizeof *s->count);
  s->cur = salloc(s, (s->nv + 1) * sizeof *s->cur);
  s->nxt = salloc(s, (s->nv + 1) * sizeof *s->nxt);
  s->asg = salloc(s, (s->nv + 1) * sizeof *s->asg);
  uint32_t k = 0;
  for (size_t i = 0; i < s->nv; i++) {
    vshape *t = types[i] ? shape_of_type(s, types[i], 0) : NULL;
    s->shape[i] = join(s, t, s->shape[i]);
    if (!s->shape[i]) unsupported(s, NULL, "a variable whose initial value has no finite layout");
    s->first[i] = k;
    make_leaves(s, s->shape[i], tla_var_name(m, i), &k);
    s->count[i] = k - s->first[i];
  }
  /* action invariants: a copy of the previous state (and whether there is one) */
  uint32_t nleaves = k;
  term_t has_prev = NULL_TERM;
  if (any_action) {
    for (uint32_t j = 0; j < nleaves; j++) {
      char nm[300];
      snprintf(nm, sizeof nm, "prev:%s", term_var_name(s->sys.vars.data[j]));
      term_vec_push(&s->sys.vars, term_var(nm, term_type(s->sys.vars.data[j])));
    }
    has_prev = term_var("tla_has_prev", type_bool());
    s->has_prev = true;
    term_vec_push(&s->sys.vars, has_prev);
  }
  /* trace invariants: a copy of the initial state (trace_invariant) */
  uint32_t first_at = s->sys.vars.size;
  if (any_trace) {
    for (uint32_t j = 0; j < nleaves; j++) {
      char nm[300];
      snprintf(nm, sizeof nm, "first:%s", term_var_name(s->sys.vars.data[j]));
      term_vec_push(&s->sys.vars, term_var(nm, term_type(s->sys.vars.data[j])));
    }
    s->has_first = true;
  }
  s->err = term_var("tla_error", type_bool());
  term_vec_push(&s->sys.vars, s->err);
  for (size_t i = 0; i < s->nv; i++) {
    uint32_t pos = 0;
    s->cur[i] = sv_of_shape(s, s->shape[i], s->sys.vars.data + s->first[i], &pos);
    term_t *p = salloc(s, (s->count[i] + 1) * sizeof *p);
    for (uint32_t j = 0; j < s->count[i]; j++) p[j] = term_prime(s->sys.vars.data[s->first[i] + j]);
    pos = 0;
    s->nxt[i] = sv_of_shape(s, s->shape[i], p, &pos);
  }
  /* Init: the variables are the assigned ones */
  s->init_mode = true;
  term_t *parts = salloc(s, (s->mv.ninit + 1) * sizeof *parts);
  asg_set(s, asg_all(s, term_false()));
  s->pc = term_true();
  for (size_t i = 0; i < s->mv.ninit; i++) parts[i] = tr_bool(s, s->mv.init[i].node, s->mv.init[i].ctx, NULL);
  term_t init = term_and(s->mv.ninit, parts);
  check_assigned(s, init, s->mv.ninit ? s->mv.init[0].node : NULL, "Init");
  term_t init_err = errors_of(s);
  s->init_mode = false;
  /* Next */
  term_t next = tr_action(s, s->mv.next.node, s->mv.next.ctx, "Next");
  term_t next_err = errors_of(s);
  /* invariants and constraints over the current state */
  s->pc = term_true();
  term_t *inv = salloc(s, (s->mv.ninv + 1) * sizeof *inv);
  s->in_state_pred = true;
  for (size_t i = 0; i < s->mv.ninv; i++)
    inv[i] = s->mv.inv_action[i]  ? term_true()
             : s->mv.inv_trace[i] ? trace_invariant(s, s->mv.inv[i], first_at)
                                  : tr_bool(s, s->mv.inv[i]->body, s->mv.inv[i]->ctx, NULL);
  s->in_state_pred = false;
  term_t act = term_true(), monitor = term_true();
  if (any_action) {
    /* x is the previous state's copy, x' the current state: checked on every step */
    sv **cur = s->cur, **nxt = s->nxt;
    s->cur = salloc(s, (s->nv + 1) * sizeof *s->cur);
    s->nxt = cur;
    for (size_t i = 0; i < s->nv; i++) {
      uint32_t pos = 0;
      s->cur[i] = sv_of_shape(s, s->shape[i], s->sys.vars.data + nleaves + s->first[i], &pos);
    }
    asg_set(s, asg_all(s, term_true()));
    for (size_t i = 0; i < s->mv.ninv; i++)
      if (s->mv.inv_action[i]) act = term_and2(act, tr_bool(s, s->mv.inv[i]->body, s->mv.inv[i]->ctx, NULL));
    s->cur = cur, s->nxt = nxt;
    act = term_implies(has_prev, act);
    term_t *same = salloc(s, (nleaves + 1) * sizeof *same);
    for (uint32_t j = 0; j < nleaves; j++)
      same[j] = term_eq(term_prime(s->sys.vars.data[nleaves + j]), s->sys.vars.data[j]);
    monitor = term_and2(term_prime(has_prev), term_and(nleaves, same));
  }
  term_t *cons = salloc(s, (s->mv.ncons + 1) * sizeof *cons);
  s->in_state_pred = true;
  for (size_t i = 0; i < s->mv.ncons; i++) cons[i] = tr_bool(s, s->mv.cons[i]->body, s->mv.cons[i]->ctx, NULL);
  s->in_state_pred = false;
  term_t prop_err = errors_of(s);
  term_t constraint = term_and(s->mv.ncons, cons);
  s->constraint = constraint;
  /* ENABLED Next: a successor or an evaluation error (not a deadlock) */
  uint32_t nl = s->sys.vars.size - 1;
  term_t *from = salloc(s, (nl + 1) * sizeof *from), *to = salloc(s, (nl + 1) * sizeof *to);
  for (uint32_t i = 0; i < nl; i++) {
    from[i] = term_prime(s->sys.vars.data[i]);
    to[i] = term_fresh_var("tla_succ", term_type(s->sys.vars.data[i]));
  }
  s->enabled = term_exists(nl, to, term_subst(term_or2(next, next_err), nl, from, to));
  term_t errp = term_prime(s->err);
  s->sys.init = term_or2(term_and2(term_and2(init, term_not(init_err)), term_not(s->err)),
                         term_and2(init_err, s->err));
  if (any_action) s->sys.init = term_and2(s->sys.init, term_not(has_prev));
  /* states outside the constraints are not expanded (TLC) */
  s->sys.trans = term_and2(term_not(s->err),
                           term_and2(constraint, term_or2(term_and2(term_and2(next, term_not(next_err)), term_not(errp)),
                                                          term_and2(next_err, errp))));
  s->sys.trans = term_and2(s->sys.trans, monitor);
  if (any_trace) {
    /* the initial state's copy: set by Init, kept by every step */
    term_t *set = salloc(s, (nleaves + 1) * sizeof *set), *kept = salloc(s, (nleaves + 1) * sizeof *kept);
    for (uint32_t j = 0; j < nleaves; j++) {
      term_t copy = s->sys.vars.data[first_at + j];
      set[j] = term_eq(copy, s->sys.vars.data[j]);
      kept[j] = term_eq(term_prime(copy), copy);
    }
    s->sys.init = term_and2(s->sys.init, term_and(nleaves, set));
    s->sys.trans = term_and2(s->sys.trans, term_and(nleaves, kept));
  }
  s->sys.prop = term_and2(term_and2(term_not(s->err), act),
                          term_and2(term_not(prop_err), term_implies(constraint, term_and(s->mv.ninv, inv))));
}

static tla_sym *build_layouts(tla_model *m, const tla_sample_caps *caps, char *why, size_t nwhy) {
  tla_sym *s = xcalloc(1, sizeof *s);
  s->m = m;
  tla_model_view_get(m, &s->mv);
  s->ev = s->mv.ev;
  s->nv = tla_nvars(m);
  ts_init(&s->sys);
  s->errs = (term_vec){0};
  s->sys.name = xstrdup("tla");
  s->shape = xcalloc(s->nv + 1, sizeof *s->shape);
  if (!sample_budgeted(s, caps) && tla_error(m)[0]) {
    snprintf(why, nwhy, "%s", tla_error(m)[0] ? tla_error(m) : "no initial state");
    tla_sym_free(s);
    return NULL;
  }
  if (!tla_protect(m, build, s)) {
    snprintf(why, nwhy, "%s", tla_error(m));
    tla_sym_free(s);
    return NULL;
  }
  return s;
}

tla_sym *tla_sym_build(tla_model *m, char *why, size_t nwhy) {
  tla_sample_caps base = tla_sample_caps_for(0);
  return build_layouts(m, &base, why, nwhy);
}

bool tla_sym_sample_grown(const tla_sym *s) { return s->reach && s->nreach > SAMPLE_STATES; }

tla_sym *tla_sym_build_reach(tla_model *m, double seconds_left, char *why, size_t nwhy) {
  tla_sample_caps caps = tla_sample_caps_for(seconds_left);
  return build_layouts(m, &caps, why, nwhy);
}

tla_sym *tla_sym_build_caps(tla_model *m, const tla_sample_caps *caps, char *why, size_t nwhy) {
  return build_layouts(m, caps, why, nwhy);
}

/* A layout's equation with a value, per (layout, value): the states share
 * most of their variables' values and of their values' parts (hash-consed,
 * so the pointer is the value); building each anew was a seventh of
 * Consensus_epr's run, and a variable's whole value new in most states
 * (MultiPaxos_MC_small) a sixth of its run: so a function's equation is
 * built from its keys' equations, memoized per key layout too. */
typedef struct {
  const tla_val **val;
  const sv **lay;
  term_t *eq;
  size_t cap, n;
  term_t *buf;   /* set_eq_cells' parts (malloc: freed by the caller, as the memo) */
  size_t capbuf;
} eq_memo;

static size_t eq_slot(const eq_memo *q, const sv *lay, const tla_val *v) {
  size_t h = (((uintptr_t)v >> 4) * 0x9e3779b97f4a7c15ull + ((uintptr_t)lay >> 4) * 0xff51afd7ed558ccdull) & (q->cap - 1);
  while (q->val[h] && (q->val[h] != v || q->lay[h] != lay)) h = (h + 1) & (q->cap - 1);
  return h;
}

static void eq_memo_grow(eq_memo *q) {
  eq_memo old = *q;
  q->cap = old.cap ? 2 * old.cap : 4096, q->n = 0;
  q->val = xcalloc(q->cap, sizeof *q->val), q->lay = xmalloc(q->cap * sizeof *q->lay);
  q->eq = xmalloc(q->cap * sizeof *q->eq);
  for (size_t h = 0; h < old.cap; h++)
    if (old.val[h]) {
      size_t k = eq_slot(q, old.lay[h], old.val[h]);
      q->val[k] = old.val[h], q->lay[k] = old.lay[h], q->eq[k] = old.eq[h], q->n++;
    }
  free(old.val), free(old.lay), free(old.eq);
}

/* a = c for a set layout a whose cells hold constant elements (a
 * variable's layout: one cell per element of its universe) and a set c
 * whose every element is some cell's: the term sv_eq(a, sv_const(c))
 * builds, without the a x c element equations through sv_mem (each an
 * arena array, kept until the encoding is freed) nor c's symbolic copy.
 * There cell i's part is g_i => (el_i \in c), a constant member, and
 * element j's is \/ {g_i : el_i = c_j}; the junctions are canonical
 * (flattened, sorted, without repeats), so the term is the same. NULL_TERM
 * when a or c is not such (sv_eq then). */
static term_t set_eq_cells(eq_memo *q, const sv *a, const tla_val *c) {
  if (a->k != SV_SET || c->kind != TV_SET || a->arr != NULL_TERM || a->open || c->n > 100000) return NULL_TERM;
  for (uint32_t i = 0; i < a->n; i++)
    if (!a->el[i]->cv) return NULL_TERM;
  size_t need = (size_t)a->n + 2 * (size_t)c->n + 1;
  if (need > q->capbuf) {
    q->capbuf = 2 * need;
    q->buf = xrealloc(q->buf, q->capbuf * sizeof *q->buf);
  }
  term_t *parts = q->buf, *of = q->buf + a->n + c->n;   /* of[j]: c_j's cells' guards, or-ed */
  for (uint32_t j = 0; j < c->n; j++) of[j] = NULL_TERM;
  for (uint32_t i = 0; i < a->n; i++) {
    int64_t j = tv_domain_index(c, a->el[i]->cv);
    parts[i] = term_implies(a->g[i], term_bool(j >= 0));
    if (j >= 0) of[j] = of[j] == NULL_TERM ? a->g[i] : term_or2(of[j], a->g[i]);
  }
  for (uint32_t j = 0; j < c->n; j++) {
    if (of[j] == NULL_TERM) return NULL_TERM;   /* no cell holds c_j: sv_eq (false; its atoms told) */
    parts[a->n + j] = of[j];
  }
  return term_and(a->n + c->n, parts);
}

/* a = c for layout a and value c, as sv_eq(a, sv_const(c)) builds it: a
 * function (not a union layout, whose class leaves mean the first one set,
 * so the leaves of one value are not unique; nor a lazy value) key by key,
 * each key's equation memoized; anything else through sv_eq. */
static term_t lay_eq(tla_sym *s, eq_memo *q, const sv *a, const tla_val *c) {
  if (2 * (q->n + 1) > q->cap) eq_memo_grow(q);
  size_t h = eq_slot(q, a, c);
  if (q->val[h]) return q->eq[h];
  term_t eq;
  if (a->cv) eq = term_bool(a->cv == c);
  else if (a->k == SV_FUN && c->kind == TV_FUN) {
    /* from the arena, not malloc: sv_eq below may jump out (tla_protect) */
    term_t *parts = salloc(s, (a->n + c->n + 2) * sizeof *parts);
    uint32_t n = 0;
    for (uint32_t i = 0; i < a->n; i++) {
      int64_t j = tv_domain_index(c, a->key[i]);
      term_t da = dom_g(a, i);
      parts[n++] = term_iff(da, j < 0 ? term_false() : term_true());
      if (j >= 0 && !term_is_false(da)) parts[n++] = term_implies(da, lay_eq(s, q, a->el[i], c->v[j]));
    }
    for (uint32_t k = 0; k < c->n; k++)
      if (key_index(a, c->e[k]) < 0) parts[n++] = term_false();
    if (a->len != NULL_TERM && seq_keys(a) && tv_is_seq(c)) parts[n++] = term_eq(a->len, term_int((long)c->n));
    eq = term_and(n, parts);
  } else if ((eq = set_eq_cells(q, a, c)) == NULL_TERM)
    eq = sv_eq(s, a, sv_const(s, c, NULL), NULL);
  if (2 * (q->n + 1) > q->cap) eq_memo_grow(q);
  h = eq_slot(q, a, c);   /* the memo may have grown below */
  q->val[h] = c, q->lay[h] = a, q->eq[h] = eq, q->n++;
  return eq;
}

typedef struct {
  tla_sym *s;
  eq_memo q;   /* freed by the caller: tla_protect may jump out */
  term_vec merged;   /* tla_and_merged's scratch, the hints' cubes (freed by the caller too) */
} cubes_data;

/* term_and(n, parts), with the arguments given to it in term_and's own
 * order: a part that is a conjunction holds its arguments sorted by id
 * (term_and built it; any other order is only slower: term_and sorts), so the
 * parts' arguments are merged (the least head of the parts in turn; a
 * part that is no conjunction is one argument) instead of sorted. The
 * result is term_and's (which flattens, sorts and keeps one of each: the
 * same multiset in any order gives the same term); only its sort finds
 * nothing to do. A cube is ~100 arguments from ~6 parts, one cube per
 * state: sorting them was a fifth of the cubes' time (MCLamportMutex,
 * 922,956 states). out: scratch. */
#define MERGE_PARTS 64
term_t tla_and_merged(uint32_t n, const term_t *parts, term_vec *out) {
  if (n > MERGE_PARTS) return term_and(n, parts);
  const term_t *arg[MERGE_PARTS];
  uint32_t left[MERGE_PARTS], k = 0;
  for (uint32_t i = 0; i < n; i++) {
    term_t p = parts[i];
    if (p == NULL_TERM || term_is_false(p)) return term_and(n, parts);   /* its error or false, as term_and */
    if (!term_is_negated(p) && term_op_of(p) == OP_AND) arg[k] = term_args(p), left[k++] = term_nargs(p);
    else arg[k] = parts + i, left[k++] = 1;
  }
  out->size = 0;
  for (;;) {
    uint32_t best = UINT32_MAX;
    for (uint32_t i = 0; i < k; i++)
      if (left[i] && (best == UINT32_MAX || *arg[i] < *arg[best])) best = i;
    if (best == UINT32_MAX) break;
    term_vec_push(out, *arg[best]++);
    left[best]--;
  }
  return term_and(out->size, out->data);
}

/* The states the sample reached, each a cube over the layout's leaves (a
 * candidate inductive invariant: exact when the sample enumerated every
 * reachable state; the caller checks it, nothing here is trusted). */
static void reach_cubes(void *data) {
  cubes_data *d = data;
  tla_sym *s = d->s;
  size_t n = s->nreach + s->nhint;
  term_t *cubes = salloc(s, (n + 1) * sizeof *cubes), *parts = salloc(s, (s->nv + 2) * sizeof *parts);
  for (size_t j = 0; j < n; j++) {
    const tla_val *state = j < s->nreach ? s->reach[j] : s->reach_hint[j - s->nreach];
    for (size_t i = 0; i < s->nv; i++) parts[i] = lay_eq(s, &d->q, s->cur[i], state->v[i]);
    parts[s->nv] = term_not(s->err);   /* one conjunction (and2 of the and sorted its ~85 arguments again) */
    /* a state's over its parts as they are (tla_reach.c's cube_info takes
     * them apart, term_and flattens it where a query takes it in): a
     * flat one, ~100 sorted arguments interned per state, was 1.4-2.2 s
     * CPU and ~400 MB of MCLamportMutex's run (922,956 states); a hint's
     * flat (its values' order matters: cube_info) */
    cubes[j] = j < s->nreach ? term_and_nested((uint32_t)s->nv + 1, parts)
                             : tla_and_merged((uint32_t)s->nv + 1, parts, &d->merged);
  }
  s->reach_cube = cubes;
  /* up to the symmetry, the representatives are no invariant of the
   * encoding (their orbits' union is, which has no term here) */
  s->reach_inv = s->by_symmetry ? NULL_TERM : term_or(s->nreach, cubes);
}

size_t tla_sym_reach_count(const tla_sym *s) { return s->reach && !s->has_prev && !s->has_first ? s->nreach : 0; }
double tla_sym_reach_cost(const tla_sym *s) {
  size_t n = tla_sym_reach_count(s);
  return n ? reach_plan(n, s->reach_init) : 0;
}
bool tla_sym_reach_fits(const tla_sym *s, double stretch, double left) {
  return tla_sym_reach_cost(s) * stretch <= left;
}
bool tla_sym_reach_by_symmetry(const tla_sym *s) { return s->by_symmetry; }

bool tla_sym_reach(tla_sym *s, tla_sym_reach_set *r) {
  memset(r, 0, sizeof *r);
  /* action (trace) invariants: the previous (initial) state too */
  if (!s->reach || s->has_prev || s->has_first) return false;
  cubes_data d = {s, {0}, {0}};
  bool ok = tla_protect(s->m, reach_cubes, &d);
  free(d.q.val), free(d.q.lay), free(d.q.eq), free(d.q.buf), term_vec_free(&d.merged);
  if (!ok) return false;
  r->n = s->nreach, r->ninit = s->reach_init, r->nhint = s->nhint;
  r->cube = s->reach_cube, r->edge = s->reach_edge, r->first = s->reach_first;
  r->all = s->reach_inv;
  return true;
}

typedef struct {
  tla_sym *s;
  const char *name;
  term_t out;
} pred_data;

static void predicate(void *data) {
  pred_data *pd = data;
  tla_sym *s = pd->s;
  tla_res r = tla_resolve(s->ev, tla_intern(pd->name, strlen(pd->name)), s->mv.next.ctx, NULL);
  if (r.kind != TLA_R_DEF || r.def->kind != DEF_OP || r.def->nparams || !r.def->body)
    unsupported(s, NULL, "the inductive invariant is not an operator without parameters");
  s->init_mode = false;
  s->primed = false;
  s->pc = term_true();
  s->errs.size = 0;
  s->in_state_pred = true;
  term_t f = tr_bool(s, r.def->body, r.def->ctx, NULL);
  s->in_state_pred = false;
  pd->out = term_and2(f, term_not(errors_of(s)));
}

term_t tla_sym_predicate(tla_sym *s, const char *name, char *why, size_t nwhy) {
  pred_data pd = {s, name, NULL_TERM};
  if (!tla_protect(s->m, predicate, &pd)) {
    snprintf(why, nwhy, "%s", tla_error(s->m));
    return NULL_TERM;
  }
  return term_and2(pd.out, term_not(s->err));
}

const ts *tla_sym_ts(const tla_sym *s) { return &s->sys; }
term_t tla_sym_enabled(const tla_sym *s) { return s->enabled; }
term_t tla_sym_constraint(const tla_sym *s) { return s->constraint; }
term_t tla_sym_error(const tla_sym *s) { return s->err; }

void tla_sym_leaves(const tla_sym *s, size_t i, uint32_t *first, uint32_t *count) {
  *first = s->first[i];
  *count = s->count[i];
}

static const tla_val *leaf_value(const tla_sym *s, svk k, term_t t);
static const tla_val *decode(const tla_sym *s, const vshape *v, const term_t *vals, uint32_t *pos) {
  if (v->k == SV_UNION) {
    const tla_val *r = NULL;
    for (int k = 0; k < NK; k++) {
      if (!v->sub[k]) continue;
      bool is = term_is_true(vals[(*pos)++]);
      const tla_val *x = decode(s, v->sub[k], vals, pos);
      if (is && !r) r = x;   /* the first class set (sv_of_shape) */
    }
    return r;
  }
  if (v->k == SV_SET) {
    const tla_val **e = xmalloc((v->n + 1) * sizeof *e);
    uint32_t n = 0;
    for (uint32_t i = 0; i < v->n; i++)
      if (term_is_true(vals[(*pos)++])) e[n++] = v->key[i];
    const tla_val *r = tv_set(e, n);
    free(e);
    return r;
  }
  if (v->k == SV_FUN) {
    const tla_val **d = xmalloc((v->n + 1) * sizeof *d), **x = xmalloc((v->n + 1) * sizeof *x);
    const tla_val *r = NULL, *len = v->seq ? leaf_value(s, SV_INT, vals[(*pos)++]) : NULL;
    bool ok = !v->seq || (len && len->i >= 0 && len->i <= (int64_t)v->n);
    uint32_t n = v->seq && ok ? (uint32_t)len->i : v->n;
    uint32_t m = 0;
    for (uint32_t i = 0; i < v->n; i++) {
      bool in = !v->vdom || term_is_true(vals[(*pos)++]);
      d[m] = v->key[i];
      if (!(x[m] = decode(s, v->sub[i], vals, pos)) && i < n && in) ok = false;
      m += in;
    }
    if (ok) r = tv_fun(d, x, v->seq ? n : m);
    free(d), free(x);
    return r;
  }
  return leaf_value(s, v->k, vals[(*pos)++]);
}

/* The TLA+ value of a literal term of kind k (NULL if it is none). */
static const tla_val *leaf_value(const tla_sym *s, svk k, term_t t) {
  if (k == SV_BOOL) return term_is_const(t) ? tv_bool(term_is_true(t)) : NULL;
  if (!term_is_const(t)) return NULL;
  mpq_t q;
  mpq_init(q);
  term_rat_value(t, q);
  const tla_val *r = NULL;
  if (mpz_cmp_ui(mpq_denref(q), 1) == 0 && mpz_fits_slong_p(mpq_numref(q))) {
    long i = mpz_get_si(mpq_numref(q));
    if (k == SV_INT) r = tv_int(i);
    else if (i >= 0 && (size_t)i < s->natoms) r = s->atoms[i];
  }
  mpq_clear(q);
  return r;
}

const tla_val *tla_sym_state(const tla_sym *s, const ts_trace *t, uint32_t k) {
  const term_t *row = t->values + (size_t)k * t->width;
  if (term_is_true(row[s->sys.vars.size - 1])) return NULL;   /* the error flag */
  const tla_val **v = xmalloc((s->nv + 1) * sizeof *v);
  const tla_val *r = NULL;
  bool ok = true;
  for (size_t i = 0; i < s->nv && ok; i++) {
    uint32_t pos = 0;
    ok = (v[i] = decode(s, s->shape[i], row + s->first[i], &pos)) != NULL;
  }
  if (ok) r = tv_tuple(v, (uint32_t)s->nv);
  free(v);
  return r;
}

void tla_sym_free(tla_sym *s) {
  if (!s) return;
  ts_free(&s->sys);
  term_vec_free(&s->errs);
  term_vec_free(&s->choices);
  term_vec_free(&s->achoices);
  term_vec_free(&s->en_choices);
  free(s->wit);
  term_vec_free(&s->aconstr);
  term_vec_free(&s->defs);
  free(s->states);
  free(s->sample), free(s->reach_edge), free(s->reach_first), free(s->reach_hint);
  if (s->step) free(s->asg);
  for (size_t i = 0; i < s->nmem; i++) free(s->mem[i]);
  free(s->shape);
  free(s->mem);
  free(s->atoms);
  if (s->step) term_map_free(&s->ranges);
  free(s->rg);
  free(s);
}

/* ---- step mode (BMC): states as symbolic values ---- */

/* Materialized values by the value they come from (one step). */
typedef struct {
  const sv **key;
  sv **val;
  size_t cap;
} svmap;

static sv **svmap_slot(svmap *m, const sv *k) {
  size_t h = ((uintptr_t)k >> 4) & (m->cap - 1);
  while (m->key[h] && m->key[h] != k) h = (h + 1) & (m->cap - 1);
  m->key[h] = k;
  return &m->val[h];
}

static term_t mat_term(tla_sym *s, term_t t, type_t ty, const char *name) {
  if (term_is_const(t) || term_is_var(term_unsigned(t))) return t;
  term_t x = term_fresh_var(name, ty);
  term_vec_push(&s->defs, term_eq(x, t));
  int32_t r = ty == type_bool() ? -2 : range_of(s, t, 0);
  if (r >= 0) term_map_put(&s->ranges, x, r);
  return x;
}

/* ---- sets of compound values merged per value (step mode) ---- */
enum { CAND_MAX = 256, CAND_NONE = UINT32_MAX };

static const tla_val *scalar_value(const tla_sym *s, svk k, term_t t) {
  if (k != SV_ATOM) return leaf_value(s, k, t);
  for (size_t i = 0; i < s->natoms; i++)
    if (atom_term(s, i) == t) return s->atoms[i];
  return NULL;
}

static uint32_t cand_index(const tla_val **u, uint32_t n, const tla_val *x) {
  uint32_t j = 0;
  while (j < n && u[j] != x) j++;
  return j;
}

/* The values v can take (by its scalars' ranges), at most cap of them, or
 * CAND_NONE: records and functions of scalars with a fixed domain. */
static uint32_t candidates(tla_sym *s, const sv *v, const tla_val **out, uint32_t cap, unsigned depth) {
  if (v->cv) return cap ? (out[0] = v->cv, 1) : CAND_NONE;
  if (depth > 4) return CAND_NONE;
  if (v->k == SV_BOOL) return cap < 2 ? CAND_NONE : (out[0] = tv_bool(false), out[1] = tv_bool(true), 2);
  if (v->k == SV_INT || v->k == SV_ATOM) {
    int32_t r = range_of(s, v->t, 0);
    if (r < 0) return CAND_NONE;
    /* integers outside the sampled states' window left out: only an
     * element there would be lost, and that is the escape */
    uint32_t m = 0;
    for (uint32_t j = 0; j < s->rg[r].n; j++) {
      const tla_val *x = scalar_value(s, v->k, s->rg[r].v[j]);
      if (!x) return CAND_NONE;
      if (x->kind == TV_INT && s->window && s->ints_seen && (x->i < s->int_lo || x->i > s->int_hi)) continue;
      if (m == cap) return CAND_NONE;
      out[m++] = x;
    }
    return m;
  }
  if (v->k == SV_NONE) return 0;
  if (v->k == SV_UNION) {
    /* the alternatives' values joined */
    uint32_t m = 0;
    const tla_val *a[CAND_MAX];
    for (uint32_t i = 0; i < v->n; i++) {
      if (term_is_false(v->g[i])) continue;
      uint32_t n = candidates(s, v->el[i], a, cap, depth + 1);
      if (n == CAND_NONE) return CAND_NONE;
      for (uint32_t k = 0; k < n; k++) {
        if (cand_index(out, m, a[k]) < m) continue;
        if (m == cap) return CAND_NONE;
        out[m++] = a[k];
      }
    }
    return m;
  }
  enum { FIELDS = 8 };
  if (v->k != SV_FUN || v->dg || v->len != NULL_TERM || !v->n || v->n > FIELDS) return CAND_NONE;
  const tla_val *f[FIELDS][CAND_MAX], *dom[FIELDS], *val[FIELDS];
  uint32_t nf[FIELDS], idx[FIELDS] = {0}, total = 1;
  for (uint32_t i = 0; i < v->n; i++) {
    nf[i] = candidates(s, v->el[i], f[i], cap, depth + 1);
    if (nf[i] == CAND_NONE || (total *= nf[i]) > cap) return CAND_NONE;
  }
  for (uint32_t m = 0; m < total; m++) {
    for (uint32_t i = 0; i < v->n; i++) dom[i] = v->key[i], val[i] = f[i][idx[i]];
    out[m] = tv_fun(dom, val, v->n);
    for (uint32_t i = v->n; i-- > 0 && ++idx[i] == nf[i];) idx[i] = 0;   /* the next tuple */
  }
  return total;
}

/* A set whose symbolic elements range over few values, as one cell per
 * value (guard: some cell holds it), so that cell lists stop growing with
 * the depth (a set of records gains a cell per step otherwise). An element
 * outside its range would be lost: that is s->escape (an error of the
 * step, UNKNOWN), so a wrong range never makes a verdict. */
static sv *canonical_set(tla_sym *s, sv *v) {
  const tla_val *u[CAND_MAX], *c[CAND_MAX];
  uint32_t nu = 0;
  bool sym = false;
  for (uint32_t i = 0; i < v->n; i++) {
    if (term_is_false(v->g[i])) continue;
    sym |= !v->el[i]->cv;
    uint32_t n = candidates(s, v->el[i], c, CAND_MAX, 0);
    if (n == CAND_NONE) return v;
    for (uint32_t k = 0; k < n; k++) {
      if (cand_index(u, nu, c[k]) < nu) continue;
      if (nu == CAND_MAX) return v;
      u[nu++] = c[k];
    }
  }
  if (!sym) return v;
  sv *r = sv_new(s, SV_SET, nu);
  for (uint32_t j = 0; j < nu; j++) r->el[j] = sv_const(s, u[j], NULL), r->g[j] = term_false();
  term_t esc = term_false();
  /* comparing a union with a value of another class is TLC's error in a
   * spec, not here (it is false): those errors are dropped */
  size_t nerrs = s->errs.size;
  for (uint32_t i = 0; i < v->n; i++) {
    if (term_is_false(v->g[i])) continue;
    uint32_t n = candidates(s, v->el[i], c, CAND_MAX, 0);
    term_t in = term_false();
    for (uint32_t k = 0; k < n; k++) {
      uint32_t j = cand_index(u, nu, c[k]);
      term_t eq = sv_eq(s, v->el[i], r->el[j], NULL);
      r->g[j] = term_or2(r->g[j], term_and2(v->g[i], eq));
      in = term_or2(in, eq);
    }
    esc = term_or2(esc, term_and2(v->g[i], term_not(in)));
  }
  s->errs.size = nerrs;
  s->escape = term_or2(s->escape, esc);
  s->nmerged++;
  return r;
}

/* Sets of scalars with symbolic elements (no fixed universe) are arrays. */
static bool set_wants_array(tla_sym *s, const sv *v) {
  if (v->arr != NULL_TERM) return true;
  if (elem_kind(s, v) == SV_LAZY) return false;
  for (uint32_t i = 0; i < v->n; i++)
    if (!term_is_false(v->g[i]) && !v->el[i]->cv) return true;
  return false;
}

/* A value of the new state over fresh variables (defined in s->defs), so
 * that terms do not grow with the depth; equal elements of a set merge. */
static sv *mat(tla_sym *s, sv *v, const char *name, svmap *memo, unsigned depth) {
  if (v->cv) return v;
  if (depth > 64) unsupported(s, NULL, "a value nested too deeply");
  sv **slot = svmap_slot(memo, v);
  if (*slot) return *slot;
  sv *r = v;
  if (s->step && v->k == SV_SET && !v->open) v = canonical_set(s, v);
  if (is_scalar(v->k)) {
    term_t t = mat_term(s, v->t, sort_of(s, v->k), name);
    const tla_val *c = leaf_value(s, v->k, t);
    if (t != v->t || c) {
      r = sv_scalar(s, v->k, t);
      r->cv = c;
    }
  } else if (v->k == SV_SET && (v->open || (s->step && set_wants_array(s, v)))) {
    /* the arrays encoding: a fresh array variable A = the set's array, and
     * the cells' guards A[el] (membership and equality in O(1)) */
    svk k = elem_kind(s, v);
    r = sv_new(s, SV_SET, v->n);
    r->open = v->open;
    r->arr = term_fresh_var(name, type_array(sort_of(s, k), type_bool()));
    s->narrays++;
    term_vec_push(&s->defs, term_eq(r->arr, cells_array(s, v, k)));
    uint32_t n = 0;
    for (uint32_t i = 0; i < v->n; i++) {
      if (term_is_false(v->g[i])) continue;
      sv *e = mat(s, v->el[i], name, memo, depth + 1);
      uint32_t j = 0;
      while (j < n && !same_cell(r->el[j], e)) j++;
      if (j == n) r->el[n] = e, r->g[n++] = term_select(r->arr, e->t);
    }
    r->n = n;
  } else if (v->k == SV_SET) {
    r = sv_new(s, SV_SET, v->n);
    uint32_t n = 0;
    for (uint32_t i = 0; i < v->n; i++) {
      if (term_is_false(v->g[i])) continue;
      sv *e = mat(s, v->el[i], name, memo, depth + 1);
      uint32_t j = 0;
      while (j < n && !same_cell(r->el[j], e)) j++;
      if (j == n) r->el[n] = e, r->g[n++] = v->g[i];
      else r->g[j] = term_or2(r->g[j], v->g[i]);
    }
    r->n = n;
    for (uint32_t j = 0; j < n; j++) r->g[j] = mat_term(s, r->g[j], type_bool(), name);
  } else if (v->k == SV_UNION) {
    r = sv_new(s, SV_UNION, v->n);
    for (uint32_t i = 0; i < v->n; i++)
      r->g[i] = mat_term(s, v->g[i], type_bool(), name), r->el[i] = mat(s, v->el[i], name, memo, depth + 1);
  } else if (v->k == SV_FUN && v->len != NULL_TERM) {
    r = seq_new(s, v->n, mat_term(s, v->len, type_int(), name));
    for (uint32_t i = 0; i < r->n; i++) r->el[i] = mat(s, v->el[i], name, memo, depth + 1);
  } else if (v->k == SV_FUN) {
    r = sv_new(s, SV_FUN, v->n);
    r->dg = salloc(s, (v->n + 1) * sizeof *r->dg);
    uint32_t n = 0;
    bool all = true;
    for (uint32_t i = 0; i < v->n; i++) {
      term_t d = dom_g(v, i);
      if (term_is_false(d)) continue;
      all &= term_is_true(d);
      r->dg[n] = mat_term(s, d, type_bool(), name);
      r->key[n] = v->key[i], r->el[n++] = mat(s, v->el[i], name, memo, depth + 1);
    }
    r->n = n;
    if (all) r->dg = NULL;
  }
  *slot = r;
  return r;
}

static sv **materialize(tla_sym *s) {
  svmap memo = {NULL, NULL, 1024};
  memo.key = xcalloc(memo.cap, sizeof *memo.key);
  memo.val = xcalloc(memo.cap, sizeof *memo.val);
  sv **st = salloc(s, (s->nv + 1) * sizeof *st);
  for (size_t i = 0; i < s->nv; i++) {
    char name[200];
    snprintf(name, sizeof name, "%s@%u", tla_var_name(s->m, i), s->nstates);
    if (memo.cap < 4 * (s->nalloc + 16)) {
      /* rebuild larger (the memo only avoids duplicates) */
      free(memo.key), free(memo.val);
      memo.cap = 1;
      while (memo.cap < 8 * (s->nalloc + 16)) memo.cap *= 2;
      memo.key = xcalloc(memo.cap, sizeof *memo.key);
      memo.val = xcalloc(memo.cap, sizeof *memo.val);
    }
    /* a variable no path assigns (the step is impossible): any value */
    sv *v = s->val[i] ? s->val[i] : s->init_mode ? sv_scalar(s, SV_BOOL, term_false()) : s->cur[i];
    st[i] = mat(s, v, name, &memo, 0);
  }
  free(memo.key), free(memo.val);
  if (s->nstates == s->capstates) {
    s->capstates = s->capstates ? 2 * s->capstates : 16;
    s->states = xrealloc(s->states, s->capstates * sizeof *s->states);
  }
  s->states[s->nstates++] = st;
  return st;
}

tla_sym *tla_steps_new(tla_model *m, bool window) {
  tla_sym *s = xcalloc(1, sizeof *s);
  s->m = m;
  tla_model_view_get(m, &s->mv);
  s->ev = s->mv.ev;
  s->nv = tla_nvars(m);
  ts_init(&s->sys);
  s->step = true;
  term_map_init(&s->ranges);
  s->escape = term_false();
  s->window = window;
  s->shape = xcalloc(s->nv + 1, sizeof *s->shape);
  s->asg = xcalloc(s->nv + 1, sizeof *s->asg);
  /* the integers of the first states: the window of ranges over state
   * that are enumerated (a range reaching outside is an error, never lost) */
  tla_sample_caps base = tla_sample_caps_for(0);
  sample_budgeted(s, &base);
  return s;
}

static void step_begin(tla_sym *s, bool init) {
  s->init_mode = init;
  s->primed = false;
  s->val = salloc(s, (s->nv + 1) * sizeof *s->val);
  for (size_t i = 0; i < s->nv; i++) s->asg[i] = term_false();
  s->pc = term_true();
  s->pol = 1;
  s->choices.size = s->defs.size = s->errs.size = 0;
  s->achoices.size = s->aconstr.size = 0;
  s->approx = true;
  s->in_enabled = 0;
  s->cur = init ? s->val : s->states[s->nstates - 1];
  s->nxt = init ? NULL : s->val;
}

typedef struct {
  tla_sym *s;
  tla_step *out;
  uint32_t k;
  term_t *constraint, *bad, *err;
} step_data;

static void step_finish(tla_sym *s, term_t f, tla_step *out) {
  term_t err = errors_of(s);
  out->err = err;
  term_t any = term_and(s->aconstr.size, s->aconstr.data);
  /* ENABLED: every admissible pick enables, which implies TLC's pick does
   * (so "no state without successor" stays sound; a found one is replayed) */
  term_t en = term_or2(f, err);
  if (s->achoices.size) en = term_forall((uint32_t)s->achoices.size, s->achoices.data, term_implies(any, en));
  out->enabled = s->choices.size ? term_exists(s->choices.size, s->choices.data, en) : en;
  s->en_choices.size = 0;
  for (size_t i = 0; i < s->choices.size; i++) term_vec_push(&s->en_choices, s->choices.data[i]);
  out->en_body = s->achoices.size ? NULL_TERM : term_or2(f, err);
  out->en_choices = s->en_choices.data;
  out->en_nchoices = (uint32_t)s->en_choices.size;
  s->approx = false;
  s->defs.size = 0;
  s->escape = term_false();
  materialize(s);
  /* a merged set that lost an element (canonical_set): an error of the step */
  out->escape = term_and2(f, s->escape);
  err = term_or2(err, out->escape);
  out->err = err;
  out->ok = term_and(3, (term_t[]){f, term_not(err), any});
  out->ok = term_and2(out->ok, term_and(s->defs.size, s->defs.data));
}

static void init_step(void *data) {
  step_data *d = data;
  tla_sym *s = d->s;
  if (!s->mv.next.node) unsupported(s, NULL, "a specification without a next-state relation");
  step_begin(s, true);
  term_t *parts = salloc(s, (s->mv.ninit + 1) * sizeof *parts);
  for (size_t i = 0; i < s->mv.ninit; i++) parts[i] = tr_bool(s, s->mv.init[i].node, s->mv.init[i].ctx, NULL);
  term_t init = term_and(s->mv.ninit, parts);
  check_assigned(s, init, s->mv.ninit ? s->mv.init[0].node : NULL, "Init");
  step_finish(s, init, d->out);
  s->init_mode = false;
}

static void next_step(void *data) {
  step_data *d = data;
  tla_sym *s = d->s;
  step_begin(s, false);
  term_t f = tr_bool(s, s->mv.next.node, s->mv.next.ctx, NULL);
  check_assigned(s, f, s->mv.next.node, "Next");
  step_finish(s, f, d->out);
}

/* The properties over state k with polarity pol (-1: refuted, one witness
 * for a \A over a set of symbolic elements; 0: every quantifier expanded
 * over its set's cells): *inv the state invariants (with the trace
 * invariants), *act the action invariants on the step k-1 -> k, *cons the
 * CONSTRAINTs; the invariants' evaluation errors are left in s->errs. */
static void props_terms(tla_sym *s, uint32_t k, int pol, term_t *inv, term_t *act, term_t *cons) {
  s->init_mode = s->primed = false;
  s->cur = s->states[k];
  s->nxt = NULL;
  s->pc = term_true();
  s->errs.size = 0;
  s->pol = pol;
  *inv = term_true(), *act = term_true();
  for (size_t i = 0; i < s->mv.ninv; i++)
    if (!s->mv.inv_action[i] && !s->mv.inv_trace[i])
      *inv = term_and2(*inv, tr_bool(s, s->mv.inv[i]->body, s->mv.inv[i]->ctx, NULL));
  for (size_t i = 0; i < s->mv.ninv; i++) {
    /* trace invariants: applied to the history, a sequence of records of the states 0..k */
    tla_def *d = s->mv.inv[i];
    if (!s->mv.inv_trace[i]) continue;
    if (d->nparams != 1 || d->params[0]->kind != TK_identifier) unsupported(s, d->body, "this trace invariant");
    sv *hist = seq_new(s, k + 1, NULL_TERM);
    for (uint32_t j = 0; j < hist->n; j++) hist->el[j] = state_record(s, s->states[j]);
    *inv = term_and2(*inv, tr_bool(s, d->body, d->ctx, bind_value(s, NULL, d->params[0]->text, hist)));
  }
  if (k > 0) {
    /* action invariants on the step k-1 -> k */
    s->cur = s->states[k - 1];
    s->val = salloc(s, (s->nv + 1) * sizeof *s->val);
    copy_vals(s->val, s->states[k], s->nv * sizeof *s->val);
    s->nxt = s->val;
    for (size_t i = 0; i < s->nv; i++) s->asg[i] = term_true();
    for (size_t i = 0; i < s->mv.ninv; i++)
      if (s->mv.inv_action[i]) *act = term_and2(*act, tr_bool(s, s->mv.inv[i]->body, s->mv.inv[i]->ctx, NULL));
    s->cur = s->states[k];
    s->nxt = NULL;
  }
  s->pol = pol < 0 ? 1 : pol;
  *cons = term_true();
  for (size_t i = 0; i < s->mv.ncons; i++) *cons = term_and2(*cons, tr_bool(s, s->mv.cons[i]->body, s->mv.cons[i]->ctx, NULL));
}

static void props_step(void *data) {
  step_data *d = data;
  term_t inv, act, cons;
  props_terms(d->s, d->k, -1, &inv, &act, &cons);
  term_t err = errors_of(d->s);
  *d->constraint = cons;
  *d->bad = term_or2(term_or2(err, term_not(act)), term_and2(cons, term_not(inv)));
  if (d->err) *d->err = err;
}

/* The invariants without witnesses (their errors are props_step's), into
 * d->bad (here the term that says they hold). */
static void holds_step(void *data) {
  step_data *d = data;
  term_t inv, act, cons;
  props_terms(d->s, d->k, 0, &inv, &act, &cons);
  d->s->errs.size = 0;
  *d->constraint = cons;
  *d->bad = term_and2(act, term_implies(cons, inv));
}

static bool step_protect(tla_sym *s, void (*fn)(void *), step_data *d, char *why, size_t nwhy) {
  if (tla_protect(s->m, fn, d)) return true;
  snprintf(why, nwhy, "%s", tla_error(s->m));
  return false;
}

bool tla_steps_init(tla_sym *s, tla_step *out, char *why, size_t nwhy) {
  step_data d = {s, out, 0, NULL, NULL, NULL};
  return step_protect(s, init_step, &d, why, nwhy);
}

bool tla_steps_next(tla_sym *s, tla_step *out, char *why, size_t nwhy) {
  step_data d = {s, out, 0, NULL, NULL, NULL};
  return step_protect(s, next_step, &d, why, nwhy);
}

bool tla_steps_props(tla_sym *s, uint32_t k, term_t *constraint, term_t *bad, term_t *err, char *why, size_t nwhy) {
  step_data d = {s, NULL, k, constraint, bad, err};
  return step_protect(s, props_step, &d, why, nwhy);
}

term_t tla_steps_holds(tla_sym *s, uint32_t k) {
  term_t good = NULL_TERM, cons;
  step_data d = {s, NULL, k, &cons, &good, NULL};
  char why[256];
  return step_protect(s, holds_step, &d, why, sizeof why) ? good : NULL_TERM;
}

/* ---- candidate facts over a state's structure (tla_cand.h) ---- */
typedef struct {
  tla_sym *s;
  uint32_t k;
  const tla_lit *lits;
  size_t n;
  term_t *out;
} lits_data;

/* Literal l over structure v: "defined and holds", a function of the
 * structure alone (so a covering renames it with the leaves); NULL_TERM
 * where the structure does not say it plainly (a union, a compound value). */
static term_t lit_term(tla_sym *s, const sv *v, const tla_lit *l) {
  term_t g = term_true();
  for (uint32_t i = 0; i < l->npath; i++) {
    if (v->k != SV_FUN) return NULL_TERM;
    int j = key_index(v, l->path[i]);
    if (j < 0) return l->num ? NULL_TERM : term_false();   /* keys are a superset of the domain */
    g = term_and2(g, dom_g(v, (uint32_t)j));
    v = v->el[j];
  }
  if (l->num) {
    /* the integer at the position: only where it is always defined */
    if (v->k != SV_INT || !term_is_true(g)) return NULL_TERM;
    return v->t;
  }
  if (l->member && !l->val) {
    /* "is a set": the class's guard of a value of several kinds */
    if (v->k == SV_SET) return g;
    if (v->k != SV_UNION) return term_false();
    term_t ga[NK];
    sv *va[NK];
    alts_of(v, ga, va);
    return va[K_SET] ? term_and2(g, ga[K_SET]) : term_false();
  }
  sv *c = sv_const(s, l->val, NULL);
  if (v->k == SV_UNION) {
    /* a value of several kinds (temp[p]: a model value, a process or a set
     * of them): the literal's class and the literal there */
    term_t ga[NK];
    sv *va[NK];
    alts_of(v, ga, va);
    int k = l->member ? K_SET : klass(c);
    if (k < 0 || !va[k]) return term_false();
    if (va[k]->k == SV_UNION) return NULL_TERM;
    g = term_and2(g, ga[k]);
    v = va[k];
  }
  if (l->member) {
    /* a scalar holds no element (temp[p] = defaultInitValue in Init) */
    if (is_scalar(v->k)) return term_false();
    if (v->k != SV_SET || (v->open && !is_scalar(c->k))) return NULL_TERM;
    for (uint32_t i = 0; i < v->n; i++)
      if (v->el[i]->k == SV_UNION) return NULL_TERM;
    return term_and2(g, sv_mem(s, c, v, NULL));
  }
  if (!is_scalar(v->k) || !is_scalar(c->k)) return NULL_TERM;
  return v->k != c->k ? term_false() : term_and2(g, term_eq(v->t, c->t));
}

static void lits_step(void *data) {
  lits_data *d = data;
  tla_sym *s = d->s;
  s->pc = term_true();
  s->errs.size = 0;
  for (size_t i = 0; i < d->n; i++)
    d->out[i] = d->lits[i].elem ? NULL_TERM : lit_term(s, s->states[d->k][d->lits[i].var], &d->lits[i]);
  s->errs.size = 0;   /* a literal is a predicate of the structure: TLC's errors do not apply */
}

bool tla_steps_literals(tla_sym *s, uint32_t k, const tla_lit *lits, size_t n, term_t *out) {
  if (k >= s->nstates) return false;
  lits_data d = {s, k, lits, n, out};
  if (tla_protect(s->m, lits_step, &d)) return true;
  tla_clear_error(s->m);   /* no error of the model (the replay reads it): the candidates are left out */
  return false;
}

typedef struct {
  tla_sym *s;
  uint32_t k;
  const tla_cands *cs;
  const bool *want;
  term_t *out;
} elems_data;

/* Element fact c over collection v: per cell, its guard => the fact of
 * its element (lit_term from the element instead of the variable). */
static term_t elem_fact_term(tla_sym *s, const sv *v, const tla_cands *cs, const tla_cand *c) {
  if ((v->k != SV_SET && v->k != SV_FUN) || (v->k == SV_SET && v->open)) return NULL_TERM;
  term_t *conj = salloc(s, (v->n + 1) * sizeof *conj);
  for (uint32_t i = 0; i < v->n; i++) {
    term_t a = c->a >= 0 ? lit_term(s, v->el[i], &cs->lit[c->a]) : term_true();
    term_t b = lit_term(s, v->el[i], &cs->lit[c->b]);
    if (a == NULL_TERM || b == NULL_TERM) return NULL_TERM;
    term_t g = v->k == SV_SET ? v->g[i] : dom_g(v, i);
    conj[i] = term_implies(term_and2(g, a), c->neg ? term_not(b) : b);
  }
  return term_and(v->n, conj);
}

static void elems_step(void *data) {
  elems_data *d = data;
  tla_sym *s = d->s;
  s->pc = term_true();
  s->errs.size = 0;
  for (size_t i = 0; i < d->cs->ncand; i++) {
    const tla_cand *c = &d->cs->cand[i];
    if (c->elem && d->want[i]) d->out[i] = elem_fact_term(s, s->states[d->k][d->cs->lit[c->b].var], d->cs, c);
  }
  s->errs.size = 0;   /* predicates of the structure, as tla_steps_literals' */
}

bool tla_steps_elem_facts(tla_sym *s, uint32_t k, const tla_cands *cs, const bool *want, term_t *out) {
  if (k >= s->nstates) return false;
  elems_data d = {s, k, cs, want, out};
  if (tla_protect(s->m, elems_step, &d)) return true;
  tla_clear_error(s->m);
  return false;
}

size_t tla_steps_sample(const tla_sym *s, const tla_val *const **states) {
  *states = s->sample;
  return s->sample ? s->nsample : 0;
}

size_t tla_sym_sample_size(const tla_sym *s, sample_cut *cut) {
  *cut = s->sample_cut;
  return s->nsample;
}

const char *tla_sample_cut_name(sample_cut cut) {
  static const char *const name[] = {"every reachable state", "cut at its cap of states", "cut by its work budget",
                                     "cut by the run's time", "cut by an evaluation error"};
  return name[cut];
}

static const tla_val *sv_model(tla_sym *s, solver *slv, const sv *v) {
  if (v->cv) return v->cv;
  switch (v->k) {
    case SV_ATOM:
      for (size_t i = 0; i < s->natoms; i++)
        if (term_is_true(solver_value(slv, term_eq(v->t, atom_term(s, i))))) return s->atoms[i];
      return NULL;
    case SV_BOOL:
    case SV_INT: return leaf_value(s, v->k, solver_value(slv, v->t));
    case SV_UNION:
      for (uint32_t i = 0; i < v->n; i++)
        if (term_is_true(solver_value(slv, v->g[i]))) return sv_model(s, slv, v->el[i]);
      return NULL;
    case SV_SET: {
      if (v->open) return NULL;   /* a subset of an infinite set: no TLA+ value of the explicit engine */
      const tla_val **e = salloc(s, (v->n + 1) * sizeof *e);
      uint32_t n = 0;
      for (uint32_t i = 0; i < v->n; i++)
        if (term_is_true(solver_value(slv, v->g[i])) && !(e[n++] = sv_model(s, slv, v->el[i]))) return NULL;
      return tv_set(e, n);
    }
    case SV_FUN: {
      const tla_val **d = salloc(s, (v->n + 1) * sizeof *d), **x = salloc(s, (v->n + 1) * sizeof *x);
      uint32_t n = 0;
      for (uint32_t i = 0; i < v->n; i++)
        if (term_is_true(solver_value(slv, dom_g(v, i))) && (d[n] = v->key[i], !(x[n++] = sv_model(s, slv, v->el[i]))))
          return NULL;
      return tv_fun(d, x, n);
    }
    default: return NULL;
  }
}

const tla_val *tla_steps_state(tla_sym *s, solver *slv, uint32_t k) {
  if (k >= s->nstates) return NULL;
  const tla_val **v = salloc(s, (s->nv + 1) * sizeof *v);
  for (size_t i = 0; i < s->nv; i++)
    if (!(v[i] = sv_model(s, slv, s->states[k][i]))) return NULL;
  return tv_tuple(v, (uint32_t)s->nv);
}

uint32_t tla_steps_count(const tla_sym *s) { return s->nstates; }

term_t tla_steps_pin(tla_sym *s, solver *slv, term_t t) {
  if (type_kind_of(term_type(t)) == TYPE_SORT) {
    for (size_t i = 0; i < s->natoms; i++)
      if (term_is_true(solver_value(slv, term_eq(t, atom_term(s, i))))) return atom_term(s, i);
    return NULL_TERM;
  }
  term_t v = solver_value(slv, t);
  return v != NULL_TERM && (term_is_const(v) || type_kind_of(term_type(v)) == TYPE_ARRAY) ? v : NULL_TERM;
}

size_t tla_steps_hints(tla_sym *s, solver *slv, uint32_t k, tla_hint *out, size_t cap) {
  size_t n = 0;
  for (size_t i = 0; i < s->nwit && n < cap; i++) {
    if (s->wit[i].state != k || !term_is_true(solver_value(slv, s->wit[i].when))) continue;
    const tla_val *v = sv_model(s, slv, s->wit[i].w);
    if (v) out[n++] = (tla_hint){s->wit[i].intro, v};
  }
  return n;
}

term_t tla_steps_axioms(tla_sym *s) {
  if (s->natoms == s->atoms_told || s->natoms < 2) return term_true();
  term_t *a = salloc(s, (s->natoms + 1) * sizeof *a);
  for (size_t i = 0; i < s->natoms; i++) a[i] = atom_term(s, i);
  s->atoms_told = s->natoms;
  return term_distinct((uint32_t)s->natoms, a);
}

uint32_t tla_steps_arrays(const tla_sym *s) { return s->narrays; }
uint32_t tla_steps_approx(const tla_sym *s) { return s->napprox; }
uint32_t tla_steps_merged(const tla_sym *s) { return s->nmerged; }
size_t tla_steps_allocs(const tla_sym *s) { return s->nalloc; }

/* ---- one state's structure covering another's (BMC's inductive check) ----
 * State a covers state b when b's values are a's with a's leaf variables
 * renamed consistently to b's terms (constants and the atoms' constants
 * stay themselves): then every value b's terms take, a's leaves take too,
 * so a check over a's leaves left free holds for b's states as well. */
typedef struct {
  term_map ren;     /* a's variable -> b's term */
  term_map atoms;   /* the atoms' constants (fixed by the axioms, not leaves) */
} cover;

static bool cover_term(cover *c, term_t p, term_t t, unsigned depth) {
  if (depth > 8) return false;
  if (term_is_negated(p)) return term_is_bool(t) && cover_term(c, term_unsigned(p), term_not(t), depth + 1);
  if (term_is_const(p)) return p == t;
  if (term_type(p) != term_type(t)) return false;
  if (term_is_var(p)) {
    if (term_map_has(&c->atoms, p)) return p == t;
    int32_t m = term_map_get(&c->ren, p);
    if (m != -1) return (term_t)m == t;
    term_map_put(&c->ren, p, t);
    return true;
  }
  /* the only compound leaves: an array set's cells A[e] */
  if (term_is_negated(t) || term_op_of(p) != OP_SELECT || term_op_of(t) != OP_SELECT) return false;
  return cover_term(c, term_arg(p, 0), term_arg(t, 0), depth + 1) && cover_term(c, term_arg(p, 1), term_arg(t, 1), depth + 1);
}

static bool cover_sv(cover *c, const sv *a, const sv *b, unsigned depth) {
  if (depth > 64 || a->k != b->k) return false;
  if (is_scalar(a->k)) return cover_term(c, a->t, b->t, 0);
  if (a->cv || b->cv) return a->cv == b->cv;
  if (a->n != b->n) return false;
  switch (a->k) {
    case SV_NONE: return true;
    case SV_SET:
      if (a->open != b->open || (a->arr == NULL_TERM) != (b->arr == NULL_TERM)) return false;
      if (a->arr != NULL_TERM && !cover_term(c, a->arr, b->arr, 0)) return false;
      for (uint32_t i = 0; i < a->n; i++)
        if (!cover_term(c, a->g[i], b->g[i], 0) || !cover_sv(c, a->el[i], b->el[i], depth + 1)) return false;
      return true;
    case SV_FUN:
      if ((a->dg == NULL) != (b->dg == NULL) || (a->len == NULL_TERM) != (b->len == NULL_TERM)) return false;
      if (a->len != NULL_TERM && !cover_term(c, a->len, b->len, 0)) return false;
      for (uint32_t i = 0; i < a->n; i++)
        if (a->key[i] != b->key[i] || (a->dg && !cover_term(c, a->dg[i], b->dg[i], 0)) ||
            !cover_sv(c, a->el[i], b->el[i], depth + 1))
          return false;
      return true;
    case SV_UNION:
      for (uint32_t i = 0; i < a->n; i++)
        if (!cover_term(c, a->g[i], b->g[i], 0) || !cover_sv(c, a->el[i], b->el[i], depth + 1)) return false;
      return true;
    default: return false;
  }
}

bool tla_steps_covers(tla_sym *s, uint32_t a, uint32_t b) {
  if (a >= s->nstates || b >= s->nstates) return false;
  cover c;
  term_map_init(&c.ren);
  term_map_init(&c.atoms);
  for (size_t i = 0; i < s->natoms; i++) term_map_put(&c.atoms, atom_term(s, i), 1);
  bool ok = true;
  for (size_t i = 0; i < s->nv && ok; i++) ok = cover_sv(&c, s->states[a][i], s->states[b][i], 0);
  term_map_free(&c.ren);
  term_map_free(&c.atoms);
  return ok;
}

bool tla_steps_state_invariants_only(const tla_sym *s) {
  for (size_t i = 0; i < s->mv.ninv; i++)
    if (s->mv.inv_action[i] || s->mv.inv_trace[i]) return false;
  return true;
}

/* ---- invariants over the layout's leaves as TLA+ formulas ---- */
typedef struct {
  term_t *leaf;        /* the ts variables */
  char **expr;         /* their TLA+ meaning */
  svk *kind;
  uint32_t n;
} leaf_names;

static void name_leaves(const tla_sym *s, const vshape *v, const char *e, const term_t *vars, uint32_t *pos, leaf_names *ln) {
  if (v->k == SV_UNION || (v->k == SV_FUN && v->vdom)) {   /* no TLA+ name for "the record part of x": not printed */
    *pos += shape_leaves(v);
    return;
  }
  if (v->k == SV_SET) {
    for (uint32_t i = 0; i < v->n; i++) {
      char *k = tv_to_string(v->key[i]);
      size_t len = strlen(k) + strlen(e) + 16;
      char *x = xmalloc(len);
      snprintf(x, len, "(%s \\in %s)", k, e);
      free(k);
      ln->leaf[ln->n] = vars[(*pos)++], ln->expr[ln->n] = x, ln->kind[ln->n++] = SV_BOOL;
    }
    return;
  }
  if (v->k == SV_FUN && v->seq) {
    size_t len = strlen(e) + 8;
    char *x = xmalloc(len);
    snprintf(x, len, "Len(%s)", e);
    ln->leaf[ln->n] = vars[(*pos)++], ln->expr[ln->n] = x, ln->kind[ln->n++] = SV_INT;
    for (uint32_t i = 0; i < v->n; i++) *pos += shape_leaves(v->sub[i]);
    return;
  }
  if (v->k == SV_FUN) {
    for (uint32_t i = 0; i < v->n; i++) {
      char *k = tv_to_string(v->key[i]);
      size_t len = strlen(k) + strlen(e) + 8;
      char *x = xmalloc(len);
      snprintf(x, len, "%s[%s]", e, k);
      free(k);
      name_leaves(s, v->sub[i], x, vars, pos, ln);
      free(x);
    }
    return;
  }
  ln->leaf[ln->n] = vars[(*pos)++], ln->expr[ln->n] = xstrdup(e), ln->kind[ln->n++] = v->k;
}

typedef struct {
  char *buf;
  size_t len, cap;
  bool ok;
} sbuf;

static void sb_put(sbuf *b, const char *t) {
  size_t n = strlen(t);
  if (b->len + n + 1 > b->cap) {
    b->cap = 2 * (b->len + n + 1);
    b->buf = xrealloc(b->buf, b->cap);
  }
  memcpy(b->buf + b->len, t, n + 1);
  b->len += n;
}

static int leaf_of(const leaf_names *ln, term_t t) {
  for (uint32_t i = 0; i < ln->n; i++)
    if (ln->leaf[i] == t) return (int)i;
  return -1;
}

/* An integer literal that stands for an atom (a string or model value). */
static void put_atom(const tla_sym *s, sbuf *b, term_t t) {
  long i = int_value(t);
  if (i >= 0 && (size_t)i < s->natoms) {
    char *v = tv_to_string(s->atoms[i]);
    sb_put(b, v);
    free(v);
  } else {
    b->ok = false;
  }
}

static void put_term(const tla_sym *s, const leaf_names *ln, sbuf *b, term_t t, svk ctx);

static svk term_kind(const leaf_names *ln, term_t t) {
  int l = term_is_var(term_unsigned(t)) ? leaf_of(ln, term_unsigned(t)) : -1;
  return l >= 0 ? ln->kind[l] : SV_LAZY;
}

static void put_args(const tla_sym *s, const leaf_names *ln, sbuf *b, term_t t, const char *op, svk ctx) {
  sb_put(b, "(");
  bool first = true;
  for (uint32_t i = 0; i < term_nargs(t); i++) {
    /* ~tla_error in a conjunction says nothing about TLA+ states */
    if (term_op_of(t) == OP_AND && term_arg(t, i) == term_not(s->err) && term_nargs(t) > 1) continue;
    if (!first) sb_put(b, op);
    first = false;
    put_term(s, ln, b, term_arg(t, i), ctx);
  }
  sb_put(b, ")");
}

static void put_term(const tla_sym *s, const leaf_names *ln, sbuf *b, term_t t, svk ctx) {
  if (!b->ok) return;
  if (term_is_negated(t)) {
    sb_put(b, "~");
    put_term(s, ln, b, term_unsigned(t), SV_BOOL);
    return;
  }
  char num[64];
  switch (term_op_of(t)) {
    case OP_TRUE: sb_put(b, "TRUE"); return;
    case OP_RAT:
      if (ctx == SV_ATOM) {
        put_atom(s, b, t);
      } else {
        snprintf(num, sizeof num, "%ld", int_value(t));
        sb_put(b, num);
      }
      return;
    case OP_VAR: {
      int l = leaf_of(ln, t);
      if (l >= 0) sb_put(b, ln->expr[l]);
      else if (t == s->err) sb_put(b, "FALSE");   /* the error flag: never set in a reachable state */
      else b->ok = false;                          /* e.g. the previous state of action invariants */
      return;
    }
    case OP_AND: put_args(s, ln, b, t, " /\\ ", SV_BOOL); return;
    case OP_OR: put_args(s, ln, b, t, " \\/ ", SV_BOOL); return;
    case OP_ADD: put_args(s, ln, b, t, " + ", SV_INT); return;
    case OP_MUL: put_args(s, ln, b, t, " * ", SV_INT); return;
    case OP_SUB: put_args(s, ln, b, t, " - ", SV_INT); return;
    case OP_NEG: sb_put(b, "-"); put_term(s, ln, b, term_arg(t, 0), SV_INT); return;
    case OP_ITE:
      sb_put(b, "(IF ");
      put_term(s, ln, b, term_arg(t, 0), SV_BOOL);
      sb_put(b, " THEN ");
      put_term(s, ln, b, term_arg(t, 1), ctx);
      sb_put(b, " ELSE ");
      put_term(s, ln, b, term_arg(t, 2), ctx);
      sb_put(b, ")");
      return;
    case OP_EQ:
    case OP_LE:
    case OP_LT: {
      /* an atom leaf compared with a literal: the literal is an atom */
      term_t x = term_arg(t, 0), y = term_arg(t, 1);
      svk k = term_kind(ln, x) == SV_ATOM || term_kind(ln, y) == SV_ATOM ? SV_ATOM : SV_INT;
      if (k == SV_ATOM && term_op_of(t) != OP_EQ) {
        b->ok = false;   /* an order on codes has no TLA+ meaning */
        return;
      }
      if (term_is_bool(x)) k = SV_BOOL;
      sb_put(b, "(");
      put_term(s, ln, b, x, k);
      sb_put(b, term_op_of(t) == OP_EQ ? (k == SV_BOOL ? " <=> " : " = ") : term_op_of(t) == OP_LE ? " <= " : " < ");
      put_term(s, ln, b, y, k);
      sb_put(b, ")");
      return;
    }
    default: b->ok = false; return;
  }
}

char *tla_sym_invariant_tla(const tla_sym *s, term_t inv) {
  uint32_t total = s->sys.vars.size;
  leaf_names ln = {xcalloc(total + 1, sizeof *ln.leaf), xcalloc(total + 1, sizeof *ln.expr),
                   xcalloc(total + 1, sizeof *ln.kind), 0};
  for (size_t i = 0; i < s->nv; i++) {
    uint32_t pos = 0;
    name_leaves(s, s->shape[i], tla_var_name(s->m, i), s->sys.vars.data + s->first[i], &pos, &ln);
  }
  sbuf b = {NULL, 0, 0, true};
  sb_put(&b, "");
  put_term(s, &ln, &b, inv, SV_BOOL);
  for (uint32_t i = 0; i < ln.n; i++) free(ln.expr[i]);
  free(ln.leaf), free(ln.expr), free(ln.kind);
  if (!b.ok) {
    free(b.buf);
    return NULL;
  }
  return b.buf;
}
