/* Incremental substitution (term_inc.h): the roots' DAG in an array,
 * children first, and per variable the bit set of the nodes that read it
 * (the variable below them); a valuation's changed variables' sets are
 * or'ed into the nodes' dirty bits, and the roots are made clean on
 * demand: a dirty node is rebuilt from its arguments' results (through
 * the smart constructors, as term_subst_many does), computing only the
 * arguments its result needs (a junction's absorbing argument, an
 * if-then-else's branch); the others stay dirty until a later valuation
 * needs them (MultiPaxos_MC_small: the update equations x' = f(x) of the
 * actions whose guard is false were rebuilt per state before). */
#include "core/term_inc.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"

/* The bit sets at most (64 MB): a DAG of 10^5 nodes over 5000 variables
 * would take 63 MB */
#define INC_MAX_WORDS ((size_t)1 << 23)

typedef struct {
  uint32_t i, e, phase;      /* demand's frame: node i, its next argument e (an index into arg or pend), a phase */
  uint32_t lo, hi;           /* its dirty arguments (indices into arg) in pend[lo .. hi) */
} term_inc_frame;

struct term_inc {
  uint32_t nroots, n, words, nvars;
  term_t *root;
  term_t *node;              /* unsigned, children first */
  uint32_t *first;           /* node i's arguments: arg[first[i] .. first[i + 1]) */
  term_t *arg;               /* as the node has them (signed) */
  uint32_t *argnode;         /* their nodes' indices */
  uint32_t nwords;           /* words of a set of nodes */
  uint64_t *readers;         /* variable bit b's nodes: readers[b * nwords ..+ nwords) */
  uint64_t *dirty;           /* per node: its result is not its variables' values now (demand) */
  term_inc_frame *stack;     /* demand's, one frame per node at most */
  uint32_t *pend, psp;       /* demand's pending stack: its frames' dirty arguments, psp its top */
  term_map index;            /* node -> its index */
  term_t *var, *value;       /* per variable bit: the variable, its value now (NULL_TERM: itself) */
  term_t *res;               /* per node: its substituted term */
  uint32_t *watch;           /* per junction: the argument (index into arg) last found absorbing */
  uint32_t *bit_of;          /* variable's term id -> its bit (UINT32_MAX: none), ids < nbit_of */
  uint32_t nbit_of;
  term_t *next;              /* scratch: per variable bit, the valuation's value (NULL_TERM: none) */
  /* held conjunctions (term_inc_new_held): */
  uint32_t *held;            /* per node: its index among them (UINT32_MAX: not held) */
  uint32_t nheld;
  term_t *proxy;             /* per held: its proxy variable */
  uint32_t *hnode;           /* per held: its node */
  uint32_t *hfirst, *hn;     /* per held: its arguments' results now, hargs[hfirst ..+ hn] */
  term_t *hargs;
  uint32_t *held_of;         /* by term id - proxy_lo: a proxy's held index (UINT32_MAX: none) */
  uint32_t proxy_lo, proxy_hi; /* the proxies' term ids: [proxy_lo, proxy_hi) */
  bool nested;               /* a held node below another */
  bool ok;                   /* no quantifier */
  uint64_t rebuilt;          /* nodes rebuilt from their arguments (term_inc_rebuilt) */
};

static void visit(term_inc *in, term_t t, term_vec *order) {
  t = term_unsigned(t);
  if (term_map_has(&in->index, t)) return;
  term_op op = term_op_of(t);
  if (op == OP_FORALL || op == OP_EXISTS) in->ok = false;
  for (uint32_t i = 0; i < term_nargs(t); i++) visit(in, term_arg(t, i), order);
  term_map_put(&in->index, t, (int32_t)order->size);
  term_vec_push(order, t);
}

term_inc *term_inc_new(uint32_t n, const term_t *roots) {
  term_inc *in = xcalloc(1, sizeof *in);
  in->ok = true;
  in->nroots = n;
  in->root = xmalloc((n + 1) * sizeof *in->root);
  memcpy(in->root, roots, n * sizeof *roots);
  term_map_init(&in->index);
  term_vec order = {0};
  for (uint32_t r = 0; r < n; r++) visit(in, roots[r], &order);
  in->n = order.size, in->node = order.data;
  uint32_t nargs = 0;
  for (uint32_t i = 0; i < in->n; i++) in->nvars += term_is_var(in->node[i]), nargs += term_nargs(in->node[i]);
  in->words = in->nvars / 64 + 1, in->nwords = in->n / 64 + 1;
  if ((size_t)in->n * in->words > INC_MAX_WORDS || (size_t)in->nvars * in->nwords > INC_MAX_WORDS) {
    in->ok = false;   /* the bit sets would not pay: term_subst_many */
    return in;
  }
  in->first = xmalloc((in->n + 1) * sizeof *in->first);
  uint64_t *reads = xcalloc((size_t)in->n * in->words, sizeof *reads);   /* node i's variables: reads[i * words ..) */
  in->var = xmalloc((in->nvars + 1) * sizeof *in->var), in->value = xmalloc((in->nvars + 1) * sizeof *in->value);
  in->res = xmalloc((in->n + 1) * sizeof *in->res);
  in->watch = xmalloc((in->n + 1) * sizeof *in->watch);
  in->next = xmalloc((in->nvars + 1) * sizeof *in->next);
  in->arg = xmalloc((nargs + 1) * sizeof *in->arg), in->argnode = xmalloc((nargs + 1) * sizeof *in->argnode);
  nargs = 0;
  for (uint32_t i = 0, bit = 0; i < in->n; i++) {
    term_t t = in->node[i];
    uint64_t *r = reads + (size_t)i * in->words;
    in->first[i] = nargs;
    if (term_is_var(t)) {
      in->var[bit] = t, in->value[bit] = NULL_TERM;
      r[bit / 64] |= 1ull << (bit % 64);
      bit++;
    }
    for (uint32_t k = 0; k < term_nargs(t); k++, nargs++) {
      in->arg[nargs] = term_arg(t, k);
      in->argnode[nargs] = (uint32_t)term_map_get(&in->index, term_unsigned(term_arg(t, k)));
      const uint64_t *c = reads + (size_t)in->argnode[nargs] * in->words;
      for (uint32_t w = 0; w < in->words; w++) r[w] |= c[w];
    }
  }
  in->first[in->n] = nargs;
  for (uint32_t i = 0; i < in->n; i++) in->watch[i] = in->first[i];
  /* transposed: a state's valuation changes few variables (Disruptor_MPMC:
   * 1.8 of 170 a state, 7 % of the 1249 nodes to rebuild), and scanning
   * every node's set was a tenth of its reach proof */
  in->readers = xcalloc((size_t)in->nvars * in->nwords + 1, sizeof *in->readers);
  in->dirty = xmalloc(in->nwords * sizeof *in->dirty);   /* every node: no valuation before */
  memset(in->dirty, 0xff, in->nwords * sizeof *in->dirty);
  in->stack = xmalloc((in->n + 1) * sizeof *in->stack);
  in->pend = xmalloc((nargs + 1) * sizeof *in->pend);   /* a node's arguments once at most (a DAG) */
  for (uint32_t i = 0; i < in->n; i++)
    for (uint32_t b = 0; b < in->nvars; b++)
      if (reads[(size_t)i * in->words + b / 64] >> (b % 64) & 1)
        in->readers[(size_t)b * in->nwords + i / 64] |= 1ull << (i % 64);
  free(reads);
  /* the valuation's variables to their bits by term id (a hash map's
   * look-ups per variable and state were a twentieth of Disruptor_MPMC's
   * reach proof) */
  for (uint32_t b = 0; b < in->nvars; b++)
    if (term_id(in->var[b]) >= in->nbit_of) in->nbit_of = term_id(in->var[b]) + 1;
  in->bit_of = xmalloc((in->nbit_of + 1) * sizeof *in->bit_of);
  memset(in->bit_of, 0xff, (in->nbit_of + 1) * sizeof *in->bit_of);
  for (uint32_t b = 0; b < in->nvars; b++) in->bit_of[term_id(in->var[b])] = b;
  return in;
}

/* Held: the conjunctions of at least TERM_INC_HOLD_MIN arguments below
 * roots[0..nhold), below no other root and no root themselves, that are a
 * positive argument of a disjunction (Trans's actions) or whose every use
 * is a positive argument of a conjunction or disjunction or a positive
 * branch of an if-then-else: where the roots' results keep them among
 * their top-level conjuncts and disjuncts (the reach proof's cube_values
 * and case splits read them there; MultiPaxos's actions are conjunctions
 * of ~160 arguments in the branches of an IF, built per state before). */
#define TERM_INC_HOLD_MIN 16
static bool *not_holdable(const term_inc *in, uint32_t n, const term_t *roots, uint32_t nhold) {
  bool *no = xcalloc(in->n + 1, sizeof *no), *other = xcalloc(in->n + 1, sizeof *other);
  bool *odd = xcalloc(in->n + 1, sizeof *odd), *in_or = xcalloc(in->n + 1, sizeof *in_or);
  for (uint32_t r = 0; r < n; r++) {
    uint32_t i = (uint32_t)term_map_get(&in->index, term_unsigned(roots[r]));
    no[i] = true, other[i] |= r >= nhold;
  }
  for (uint32_t i = in->n; i-- > 0;) {   /* parents come after their children */
    term_op op = term_op_of(in->node[i]);
    for (uint32_t e = in->first[i]; e < in->first[i + 1]; e++) {
      uint32_t a = in->argnode[e];
      bool junction = op == OP_AND || op == OP_OR || (op == OP_ITE && e > in->first[i]);
      other[a] |= other[i];
      odd[a] |= term_is_negated(in->arg[e]) || !junction;
      in_or[a] |= op == OP_OR && !term_is_negated(in->arg[e]);
    }
  }
  for (uint32_t i = 0; i < in->n; i++)
    no[i] |= other[i] || (odd[i] && !in_or[i]) || term_op_of(in->node[i]) != OP_AND ||
             in->first[i + 1] - in->first[i] < TERM_INC_HOLD_MIN;
  free(other), free(odd), free(in_or);
  return no;
}

term_inc *term_inc_new_held(uint32_t n, const term_t *roots, uint32_t nhold) {
  term_inc *in = term_inc_new(n, roots);
  if (!in->ok || nhold == 0) return in;
  bool *no = not_holdable(in, n, roots, nhold);
  in->held = xmalloc((in->n + 1) * sizeof *in->held);
  memset(in->held, 0xff, (in->n + 1) * sizeof *in->held);
  uint32_t nargs = 0;
  for (uint32_t i = 0; i < in->n; i++)
    if (!no[i]) in->held[i] = in->nheld++, nargs += in->first[i + 1] - in->first[i];
  free(no);
  /* a held node below another (term_inc_expand expands the inner first) */
  bool *below = xcalloc(in->n + 1, sizeof *below);   /* a held node below node i */
  for (uint32_t i = 0; i < in->n; i++)
    for (uint32_t e = in->first[i]; e < in->first[i + 1]; e++) {
      uint32_t a = in->argnode[e];
      below[i] |= below[a] || in->held[a] != UINT32_MAX;
    }
  for (uint32_t i = 0; i < in->n; i++) in->nested |= below[i] && in->held[i] != UINT32_MAX;
  free(below);
  in->proxy = xmalloc((in->nheld + 1) * sizeof *in->proxy), in->hnode = xmalloc((in->nheld + 1) * sizeof *in->hnode);
  in->hfirst = xmalloc((in->nheld + 1) * sizeof *in->hfirst), in->hn = xcalloc(in->nheld + 1, sizeof *in->hn);
  in->hargs = xmalloc((nargs + 1) * sizeof *in->hargs);
  nargs = 0;
  for (uint32_t i = 0; i < in->n; i++) {
    uint32_t h = in->held[i];
    if (h == UINT32_MAX) continue;
    in->proxy[h] = term_fresh_var("term_inc_held", type_bool()), in->hnode[h] = i, in->hfirst[h] = nargs;
    nargs += in->first[i + 1] - in->first[i];
  }
  /* a proxy's held index by term id (the proxies are fresh: their ids
   * are a range, next to each other; a hash map's look-up per Boolean
   * leaf was 2 % of SlushSmall's run, in the reach proof's cube_values) */
  in->proxy_lo = UINT32_MAX;
  for (uint32_t h = 0; h < in->nheld; h++) {
    uint32_t id = term_id(in->proxy[h]);
    if (id < in->proxy_lo) in->proxy_lo = id;
    if (id + 1 > in->proxy_hi) in->proxy_hi = id + 1;
  }
  if (in->nheld) {
    in->held_of = xmalloc((in->proxy_hi - in->proxy_lo) * sizeof *in->held_of);
    memset(in->held_of, 0xff, (in->proxy_hi - in->proxy_lo) * sizeof *in->held_of);
    for (uint32_t h = 0; h < in->nheld; h++) in->held_of[term_id(in->proxy[h]) - in->proxy_lo] = h;
  }
  return in;
}

void term_inc_free(term_inc *in) {
  if (!in) return;
  free(in->root), free(in->node), free(in->first), free(in->arg), free(in->argnode), free(in->readers);
  free(in->dirty), free(in->stack), free(in->pend), free(in->var), free(in->value), free(in->res), free(in->watch), free(in->bit_of), free(in->next);
  free(in->held), free(in->proxy), free(in->hnode), free(in->hfirst), free(in->hn), free(in->hargs);
  term_map_free(&in->index);
  free(in->held_of);
  free(in);
}

static inline bool is_dirty(const term_inc *in, uint32_t i) { return in->dirty[i / 64] >> (i % 64) & 1; }

uint64_t term_inc_rebuilt(const term_inc *in) { return in->rebuilt; }

const term_t *term_inc_held_args(const term_inc *in, term_t t, uint32_t *n) {
  if (!in || in->nheld == 0 || term_is_negated(t) || term_op_of(t) != OP_VAR) return NULL;
  uint32_t id = term_id(t);
  if (id < in->proxy_lo || id >= in->proxy_hi) return NULL;
  uint32_t h = in->held_of[id - in->proxy_lo];
  if (h == UINT32_MAX) return NULL;
  *n = in->hn[h];
  return in->hargs + in->hfirst[h];
}

term_t term_inc_subst(const term_inc *in, term_t t, uint32_t n, const term_t *from, const term_t *to) {
  if (!in || in->nheld == 0) {
    if (n) term_subst_many(1, &t, n, from, to);
    return t;
  }
  term_vec f = {0}, v = {0}, a = {0};   /* from/to, then each live proxy := its conjunction substituted */
  for (uint32_t i = 0; i < n; i++) term_vec_push(&f, from[i]), term_vec_push(&v, to[i]);
  if (!in->nested) {
    /* no proxy in another's arguments: every live one's arguments
     * substituted by one term_subst_many (their subterms shared; one per
     * proxy was SlushSmall's step_witnessed's cost), then each built */
    term_vec live = {0};
    for (uint32_t h = 0; h < in->nheld; h++) {
      if (is_dirty(in, in->hnode[h]) || in->res[in->hnode[h]] != in->proxy[h]) continue;
      term_vec_push(&live, (term_t)h);
      for (uint32_t k = 0; k < in->hn[h]; k++) term_vec_push(&a, in->hargs[in->hfirst[h] + k]);
    }
    if (n && a.size) term_subst_many(a.size, a.data, n, from, to);
    for (uint32_t l = 0, at = 0; l < live.size; l++) {
      uint32_t h = (uint32_t)live.data[l];
      term_vec_push(&f, in->proxy[h]), term_vec_push(&v, term_and(in->hn[h], a.data + at));
      at += in->hn[h];
    }
    term_vec_free(&live);
  } else {
    for (uint32_t h = 0; h < in->nheld; h++) {   /* children first: an inner proxy's conjunction is before */
      if (is_dirty(in, in->hnode[h]) || in->res[in->hnode[h]] != in->proxy[h]) continue;
      a.size = 0;
      for (uint32_t k = 0; k < in->hn[h]; k++) term_vec_push(&a, in->hargs[in->hfirst[h] + k]);
      if (f.size) term_subst_many(a.size, a.data, f.size, f.data, v.data);
      term_vec_push(&f, in->proxy[h]), term_vec_push(&v, term_and(a.size, a.data));
    }
  }
  if (f.size) term_subst_many(1, &t, f.size, f.data, v.data);
  term_vec_free(&f), term_vec_free(&v), term_vec_free(&a);
  return t;
}

term_t term_inc_expand(const term_inc *in, term_t t) { return term_inc_subst(in, t, 0, NULL, NULL); }

static bool false_without(const term_inc *in, term_t t, uint32_t *budget) {
  if (*budget == 0 || term_is_negated(t)) return false;
  --*budget;
  term_op op = term_op_of(t);
  uint32_t n;
  if (op == OP_VAR) return term_inc_held_args(in, t, &n) != NULL;
  if (op != OP_AND && op != OP_OR) return false;
  /* a conjunction: some argument is; a disjunction: every one is */
  for (uint32_t i = 0; i < term_nargs(t); i++)
    if (false_without(in, term_arg(t, i), budget) == (op == OP_AND)) return op == OP_AND;
  return op == OP_OR;
}

bool term_inc_false_without_proxies(const term_inc *in, term_t t, uint32_t budget) {
  return false_without(in, t, &budget);
}

/* Node i's argument e's result. */
static inline term_t arg_result(const term_inc *in, uint32_t e) { return in->res[in->argnode[e]] ^ (in->arg[e] & 1); }

static inline void set_clean(term_inc *in, uint32_t i) { in->dirty[i / 64] &= ~(1ull << (i % 64)); }

/* Held node i, its arguments clean and none false: true with every one
 * true, else its proxy, its other arguments' results kept for
 * term_inc_held_args. */
static term_t hold_node(term_inc *in, uint32_t i) {
  uint32_t h = in->held[i], k = 0;
  term_t *a = in->hargs + in->hfirst[h];
  for (uint32_t e = in->first[i]; e < in->first[i + 1]; e++) {
    term_t r = arg_result(in, e);
    if (!term_is_true(r)) a[k++] = r;
  }
  in->hn[h] = k;
  return k ? in->proxy[h] : term_true();
}

/* Node i (not a variable, its arguments clean) rebuilt from its
 * arguments' results. */
static term_t rebuild_node(term_inc *in, uint32_t i) {
  uint32_t n = in->first[i + 1] - in->first[i];
  if (n == 0) return in->node[i];
  term_t small[16], *a = n <= 16 ? small : xmalloc(n * sizeof *a);
  bool diff = false;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t e = in->first[i] + k;
    a[k] = arg_result(in, e);
    diff |= a[k] != in->arg[e];
  }
  term_t r = diff ? term_with_args(in->node[i], a) : in->node[i];
  if (a != small) free(a);
  return r;
}

/* Node a made clean if that takes no frame of its own (a variable: its
 * value; a node without arguments: itself); false: a is dirty and needs
 * one (demand's stack). */
static bool ready_slow(term_inc *in, uint32_t a) {
  term_t t = in->node[a];
  if (term_is_var(t)) {
    term_t v = in->value[in->bit_of[term_id(t)]];
    in->res[a] = v != NULL_TERM ? v : t;
  } else if (in->first[a + 1] == in->first[a]) {
    in->res[a] = t;
  } else {
    /* a junction whose watched argument is clean and absorbing (a
     * disabled action's false guard, its other arguments changed) */
    term_op op = term_op_of(t);
    if (op != OP_AND && op != OP_OR) return false;
    uint32_t e = in->watch[a];
    term_t absorbing = op == OP_AND ? term_false() : term_true();
    if (is_dirty(in, in->argnode[e]) || arg_result(in, e) != absorbing) return false;
    in->res[a] = absorbing;
  }
  set_clean(in, a);
  return true;
}
static inline bool ready(term_inc *in, uint32_t a) { return !is_dirty(in, a) || ready_slow(in, a); }

/* demand's frames: node i, the next argument to look at (e), a phase */
enum { PH_WATCH, PH_CLEAN, PH_SCAN, PH_BRANCH, PH_ALL };

/* Node i's result (its frame f), or NULL_TERM with *child set to a dirty
 * argument to compute first (f records where to go on), or NULL_TERM with
 * *child unset: a node that did not rebuild. A junction (and/or, held or
 * not) whose watched argument, then one of its clean arguments, then one
 * of its other arguments computed in turn, is absorbing is that constant,
 * as term_and / term_or would find after flattening and sorting every
 * argument (most of Trans's actions are disabled in a state, one false
 * guard each): the arguments after it are left dirty. An if-then-else
 * whose condition's result is a constant is its branch's result when that
 * has the node's sort (as term_ite gives it): the other branch is left
 * dirty. */
static term_t step(term_inc *in, term_inc_frame *f, uint32_t *child) {
  uint32_t i = f->i, first = in->first[i], end = in->first[i + 1];
  term_t t = in->node[i];
  term_op op = term_op_of(t);
  term_t absorbing = op == OP_AND ? term_false() : op == OP_OR ? term_true() : NULL_TERM;
  if (f->phase == PH_WATCH) {
    if (absorbing != NULL_TERM) {
      uint32_t e = in->watch[i];
      if (!ready(in, in->argnode[e])) return *child = in->argnode[e], NULL_TERM;
      if (arg_result(in, e) == absorbing) return absorbing;
      f->phase = PH_CLEAN;
    } else if (op == OP_ITE && end - first == 3) {
      if (!ready(in, in->argnode[first])) return *child = in->argnode[first], NULL_TERM;
      term_t c = arg_result(in, first);
      if (term_is_true(c) || term_is_false(c)) f->phase = PH_BRANCH, f->e = first + (term_is_true(c) ? 1 : 2);
      else f->phase = PH_ALL, f->e = first;
    } else {
      f->phase = PH_ALL, f->e = first;
    }
  }
  if (f->phase == PH_BRANCH) {
    if (!ready(in, in->argnode[f->e])) return *child = in->argnode[f->e], NULL_TERM;
    term_t r = arg_result(in, f->e);
    if (term_type(r) == term_type(t)) return r;
    f->phase = PH_ALL, f->e = first;   /* coerced to Real: term_ite builds it */
  }
  if (f->phase == PH_CLEAN) {   /* the clean arguments (and the variables) first: no work */
    uint32_t *p = in->pend + f->lo, k = 0;   /* the dirty ones, on the pending stack (f->lo is its top) */
    for (uint32_t e = first; e < end; e++)
      if (!ready(in, in->argnode[e])) p[k++] = e;
      else if (arg_result(in, e) == absorbing) return in->watch[i] = e, absorbing;
    f->phase = PH_SCAN, f->e = f->lo, in->psp = f->hi = f->lo + k;
  }
  if (f->phase == PH_SCAN) {   /* the dirty ones computed in turn */
    for (; f->e < f->hi; f->e++) {
      uint32_t e = in->pend[f->e];
      if (!ready(in, in->argnode[e])) return *child = in->argnode[e], NULL_TERM;
      if (arg_result(in, e) == absorbing) return in->watch[i] = e, absorbing;
    }
  } else {   /* PH_ALL: every argument */
    for (; f->e < end; f->e++)
      if (!ready(in, in->argnode[f->e])) return *child = in->argnode[f->e], NULL_TERM;
  }
  in->rebuilt++;
  return in->held && in->held[i] != UINT32_MAX ? hold_node(in, i) : rebuild_node(in, i);
}

/* Node r made clean: its dirty arguments that its result needs made clean
 * first, by an explicit stack (the DAG may be deep); false: a node that
 * did not rebuild (it and the nodes above it on the stack stay dirty). */
static bool demand(term_inc *in, uint32_t r) {
  if (ready(in, r)) return true;
  uint32_t sp = 0;
  in->psp = 0;
  in->stack[sp++] = (term_inc_frame){r, 0, PH_WATCH, 0, 0};
  while (sp) {
    term_inc_frame *f = &in->stack[sp - 1];
    uint32_t child = UINT32_MAX;
    term_t res = step(in, f, &child);
    if (child != UINT32_MAX) {   /* a node on the stack is dirty: no node is on it twice (a DAG) */
      in->stack[sp++] = (term_inc_frame){child, 0, PH_WATCH, in->psp, in->psp};
      continue;
    }
    if (res == NULL_TERM) return false;
    in->res[f->i] = res;
    set_clean(in, f->i);
    in->psp = f->lo;   /* its dirty arguments off the pending stack */
    sp--;
  }
  return true;
}

bool term_inc_apply(term_inc *in, uint32_t n, const term_t *from, const term_t *to, term_t *out) {
  if (!in->ok) return false;
  for (uint32_t b = 0; b < in->nvars; b++) in->next[b] = NULL_TERM;
  for (uint32_t i = 0; i < n; i++) {   /* the last value of a variable given twice */
    uint32_t id = term_id(from[i]);
    if (id < in->nbit_of && in->bit_of[id] != UINT32_MAX && in->var[in->bit_of[id]] == from[i])
      in->next[in->bit_of[id]] = to[i];
  }
  /* the readers of a changed variable are dirty until a later valuation
   * needs them (demand): a node's result is its arguments' whenever it is
   * clean, since every node that reads a variable is marked with it */
  for (uint32_t b = 0; b < in->nvars; b++) {
    term_t v = in->next[b];
    if (v == in->value[b]) continue;
    in->value[b] = v;
    const uint64_t *r = in->readers + (size_t)b * in->nwords;
    for (uint32_t w = 0; w < in->nwords; w++) in->dirty[w] |= r[w];
  }
  for (uint32_t r = 0; r < in->nroots; r++)
    if (!demand(in, (uint32_t)term_map_get(&in->index, term_unsigned(in->root[r])))) return false;
  for (uint32_t r = 0; r < in->nroots; r++)
    out[r] = in->res[term_map_get(&in->index, term_unsigned(in->root[r]))] ^ (in->root[r] & 1);
  return true;
}
