/* The reach proof (see tla_reach.h). Why it is sound, whatever the
 * enumeration got wrong: with R the disjunction of the cubes (a cube: each
 * variable's layout leaves equal to one state's value, and no error),
 *  - Init /\ ~(the initial cubes) is unsatisfiable: Init => R;
 *  - per state j, cube_j /\ (~Prop \/ (Trans /\ ~(j's successors' cubes)'))
 *    is unsatisfiable, and every successor cube is one of R's: so every
 *    state of R satisfies Prop and R /\ Trans => R'. Trans is the
 *    encoding's own (no step out of a state outside the CONSTRAINT, an
 *    evaluation error steps to the error flag, which no cube admits);
 *  - with TLC's deadlock check, per state j: cube_j /\ Trans satisfiable,
 *    or cube_j outside the CONSTRAINT (not expanded, as TLC).
 * So R is an inductive invariant implying Prop (and deadlock freedom): a
 * dropped state or successor makes one query satisfiable, an unknown or
 * timed-out query fails the proof. Only the solver is trusted, as for IC3,
 * and the term builder's folding of constants (which every query passes
 * through): most states' queries are decided by substitution alone
 * (steps_covered, step_evident), each step that decides one implied by
 * what the query asserts. */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_inc.h"
#include "core/term_map.h"
#include "lang/tla/tla_reach.h"
#include "solver/solver.h"

static solver_result check_scoped(solver *sv, term_t f) {
  solver_push(sv);
  solver_assert(sv, f);
  solver_result r = solver_check(sv);
  solver_pop(sv, 1);
  return r;
}

/* The leaf values c fixes by a top-level conjunct (leaf = constant, a
 * Boolean leaf or its negation), appended to from/to; the other top-level
 * conjuncts appended to rest (c is the conjunction of both). A proxy of
 * inc (a held conjunction of the folded Trans, term_inc_new_held) is its
 * conjunction. */
static void cube_values(const term_inc *inc, term_t c, term_vec *from, term_vec *to, term_vec *rest) {
  term_op op = term_op_of(c);
  uint32_t n;
  const term_t *held;
  if (op == OP_VAR && (held = term_inc_held_args(inc, c, &n)) != NULL) {
    for (uint32_t i = 0; i < n; i++) cube_values(inc, held[i], from, to, rest);
  } else if (op == OP_VAR) {
    term_vec_push(from, term_unsigned(c)), term_vec_push(to, term_is_negated(c) ? term_false() : term_true());
  } else if (!term_is_negated(c) && op == OP_AND) {
    for (uint32_t i = 0; i < term_nargs(c); i++) cube_values(inc, term_arg(c, i), from, to, rest);
  } else {
    term_t a = NULL_TERM, b = NULL_TERM;
    if (!term_is_negated(c) && op == OP_EQ && term_nargs(c) == 2) {
      a = term_arg(c, 0), b = term_arg(c, 1);
      if (term_is_var(b) && term_is_const(a)) a = b, b = term_arg(c, 0);
    }
    if (a != NULL_TERM && term_is_var(a) && term_is_const(b)) term_vec_push(from, a), term_vec_push(to, b);
    else term_vec_push(rest, c);
  }
}

/* One round's substitution, per top-level conjunct and memoized across
 * the proof's states: a conjunct is rewritten only where it reads a leaf
 * the round fixed, and a conjunct with the same new values for its leaves
 * as before gets the term it got then (terms are hash-consed, the result
 * is a function of both). Disruptor_MPMC: 4.5 cases a state, each
 * substituting its ~50 values into ~60 conjuncts that read one leaf each
 * (`len' < k`, the positions past a sequence's length): term_subst_many's
 * rewriter over them was a third of the run. The memo is emptied when it
 * holds SUBST_MEMO_MAX entries (memory). */
#define SUBST_MEMO_MAX (1u << 20)
typedef struct {
  /* per node id (grown together, ids): */
  uint32_t *reads_at;   /* the node as a conjunct: 1 + where its leaves are in vpool (0: not yet) */
  uint32_t *stamp, gen; /* conj_reads' walk: the walk that saw the node */
  uint32_t *fresh_gen;  /* the node as a leaf: fixed by round fresh_round to fresh_val */
  term_t *fresh_val;
  term_t *primed;       /* the node as a leaf: primed (0: not yet; primed_leaf) */
  uint32_t *case_gen;   /* the node as a next-state leaf: fixed by case case_round to case_val */
  term_t *case_val;
  uint32_t fresh_round, case_round;
  size_t ids;
  term_vec vpool;       /* a conjunct's leaves: vpool[off] (count), vpool[off + 1 ..] */
  uint64_t *hash;       /* the memo: open addressing, hash 0 = empty */
  term_t *conj, *res;
  uint32_t *key;        /* the new values (NULL_TERM: not fixed) at kpool[key ..+ its leaves' count] */
  term_vec kpool, from, to;
  size_t cap, n;
  term_vec stack;
  term_vec rest, next;  /* propagate's scratch (it is not re-entered) */
  const term_inc *inc;  /* the folded Trans's proxies (cube_values) */
} subst_memo;

static void memo_free(subst_memo *m) {
  free(m->reads_at), free(m->stamp), free(m->fresh_gen), free(m->fresh_val), free(m->primed);
  free(m->case_gen), free(m->case_val);
  term_vec_free(&m->vpool), term_vec_free(&m->kpool), term_vec_free(&m->from), term_vec_free(&m->to);
  free(m->hash), free(m->conj), free(m->res), free(m->key);
  term_vec_free(&m->stack), term_vec_free(&m->rest), term_vec_free(&m->next);
}

/* The per-id arrays cover id (zeroed past the old end). Look-ups by node
 * id, not hash maps: a round's values and a conjunct's leaves are looked
 * up 22 million times in Disruptor_MPMC's proof. */
static void memo_ids_grow(subst_memo *m, uint32_t id) {
  size_t n = 2 * (size_t)id + 1024, old = m->ids;
  m->reads_at = xrealloc(m->reads_at, n * sizeof *m->reads_at);
  m->stamp = xrealloc(m->stamp, n * sizeof *m->stamp);
  m->fresh_gen = xrealloc(m->fresh_gen, n * sizeof *m->fresh_gen);
  m->fresh_val = xrealloc(m->fresh_val, n * sizeof *m->fresh_val);
  m->primed = xrealloc(m->primed, n * sizeof *m->primed);
  m->case_gen = xrealloc(m->case_gen, n * sizeof *m->case_gen);
  m->case_val = xrealloc(m->case_val, n * sizeof *m->case_val);
  memset(m->reads_at + old, 0, (n - old) * sizeof *m->reads_at);
  memset(m->stamp + old, 0, (n - old) * sizeof *m->stamp);
  memset(m->fresh_gen + old, 0, (n - old) * sizeof *m->fresh_gen);
  memset(m->primed + old, 0, (n - old) * sizeof *m->primed);
  memset(m->case_gen + old, 0, (n - old) * sizeof *m->case_gen);
  m->ids = n;
}

static inline void memo_ids(subst_memo *m, uint32_t id) {
  if (id >= m->ids) memo_ids_grow(m, id);
}

/* A case's next-state values (from[i] := to[i] for i >= first where
 * from[i] is primed, the last one of a leaf given twice, as substitution
 * takes them), for covers' look-ups by node id (a hash map cleared and
 * filled per case before). from[0 .. first) are a cube's values (current-
 * state leaves only: a cube is a state predicate), skipped (their
 * term_var_index look-ups were 1.7 % of MultiPaxos_MC_small's run). */
static void case_values(subst_memo *m, const term_vec *from, const term_vec *to, uint32_t first) {
  if (++m->case_round == 0) memset(m->case_gen, 0, m->ids * sizeof *m->case_gen), m->case_round = 1;
  for (uint32_t i = first; i < from->size; i++)
    if (term_var_index(from->data[i]) == 1) {
      uint32_t id = term_id(from->data[i]);
      memo_ids(m, id);
      m->case_gen[id] = m->case_round, m->case_val[id] = to->data[i];
    }
}

static term_t case_value(const subst_memo *m, term_t v) {
  uint32_t id = term_id(v);
  return id < m->ids && m->case_gen[id] == m->case_round ? m->case_val[id] : NULL_TERM;
}

/* The value this round fixed for leaf v (NULL_TERM: none). */
static term_t fresh_value(const subst_memo *m, term_t v) {
  uint32_t id = term_id(v);
  return id < m->ids && m->fresh_gen[id] == m->fresh_round ? m->fresh_val[id] : NULL_TERM;
}

/* A new round's values from[i] := to[i] (the last one of a leaf given
 * twice, as term_subst_many). */
static void fresh_round(subst_memo *m, uint32_t n, const term_t *from, const term_t *to) {
  if (++m->fresh_round == 0) memset(m->fresh_gen, 0, m->ids * sizeof *m->fresh_gen), m->fresh_round = 1;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t id = term_id(from[i]);
    memo_ids(m, id);
    m->fresh_gen[id] = m->fresh_round, m->fresh_val[id] = to[i];
  }
}

/* c's leaves (cached): vpool[off] their count, then the leaves. Every
 * variable below c (bound ones too: substituting them is the rewriter's
 * business, which respects binders; the key only grows), found by a walk
 * that marks nodes with a stamp per node id and takes a node's leaves
 * from the cache where it has them (a state's folded Trans is a new
 * disjunction of ~600 nodes, made of conjuncts seen before: walking it
 * to its leaves, or term_free_vars' hash set per call, was a tenth of
 * Disruptor_MPMC's run). */
static uint32_t conj_reads(subst_memo *m, term_t c) {
  uint32_t cid = term_id(c);
  memo_ids(m, cid);
  if (m->reads_at[cid]) return m->reads_at[cid] - 1;
  if (m->vpool.size >= 8 * SUBST_MEMO_MAX) {   /* memory: start over, the memo too */
    /* a memo key is the values in the order of the conjunct's cached
     * leaves, and a conjunct's leaves found again (from other parts'
     * cached leaves) may come in another order: the old keys would match
     * permuted values */
    memset(m->reads_at, 0, m->ids * sizeof *m->reads_at), m->vpool.size = 0;
    if (m->cap) memset(m->hash, 0, m->cap * sizeof *m->hash);
    m->n = 0, m->kpool.size = 0;
  }
  uint32_t at = m->vpool.size;
  term_vec_push(&m->vpool, 0);
  if (++m->gen == 0) memset(m->stamp, 0, m->ids * sizeof *m->stamp), m->gen = 1;
  m->stack.size = 0;
  term_vec_push(&m->stack, term_unsigned(c));
  while (m->stack.size) {
    term_t t = m->stack.data[--m->stack.size];
    uint32_t id = term_id(t);
    memo_ids(m, id);
    if (m->stamp[id] == m->gen) continue;
    m->stamp[id] = m->gen;
    if (term_is_var(t)) term_vec_push(&m->vpool, t);
    else if (m->reads_at[id]) {   /* a node whose leaves are known (not c: it has none yet) */
      uint32_t off = m->reads_at[id] - 1, n = (uint32_t)m->vpool.data[off];
      for (uint32_t i = 0; i < n; i++) term_vec_push(&m->stack, m->vpool.data[off + 1 + i]);
    } else
      for (uint32_t i = 0; i < term_nargs(t); i++) term_vec_push(&m->stack, term_unsigned(term_arg(t, i)));
  }
  m->vpool.data[at] = (term_t)(m->vpool.size - at - 1);
  m->reads_at[cid] = at + 1;
  return at;
}

static void memo_grow(subst_memo *m) {
  size_t cap = m->cap ? 2 * m->cap : 4096;
  uint64_t *hash = xcalloc(cap, sizeof *hash);
  term_t *conj = xmalloc(cap * sizeof *conj), *res = xmalloc(cap * sizeof *res);
  uint32_t *key = xmalloc(cap * sizeof *key);
  for (size_t h = 0; h < m->cap; h++) {
    if (!m->hash[h]) continue;
    size_t k = m->hash[h] & (cap - 1);
    while (hash[k]) k = (k + 1) & (cap - 1);
    hash[k] = m->hash[h], conj[k] = m->conj[h], res[k] = m->res[h], key[k] = m->key[h];
  }
  free(m->hash), free(m->conj), free(m->res), free(m->key);
  m->hash = hash, m->conj = conj, m->res = res, m->key = key, m->cap = cap;
}

/* Inline, not memcmp's call: most keys are one or two values. */
static inline bool same_key(const term_t *a, const term_t *b, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (a[i] != b[i]) return false;
  return true;
}

/* c with the round's values (fresh_round) substituted. */
static term_t subst_conj(subst_memo *m, term_t c) {
  uint32_t off = conj_reads(m, c), n = (uint32_t)m->vpool.data[off];
  const term_t *leaf = m->vpool.data + off + 1;
  uint32_t k0 = m->kpool.size;
  uint64_t h = 0x9e3779b97f4a7c15ull * ((uint64_t)(uint32_t)c + 1);
  bool any = false;
  for (uint32_t i = 0; i < n; i++) {
    term_t v = fresh_value(m, leaf[i]);
    any |= v != NULL_TERM;
    term_vec_push(&m->kpool, v);
    h = (h ^ (uint32_t)v) * 0x100000001b3ull;
  }
  if (!any) {
    m->kpool.size = k0;
    return c;
  }
  h |= 1;   /* 0 marks an empty slot */
  if (m->n >= SUBST_MEMO_MAX || k0 >= 16 * SUBST_MEMO_MAX) {   /* memory: start over */
    memset(m->hash, 0, m->cap * sizeof *m->hash);
    m->n = 0;
    memmove(m->kpool.data, m->kpool.data + k0, n * sizeof *m->kpool.data);
    m->kpool.size = n, k0 = 0;
  }
  if (2 * (m->n + 1) > m->cap) memo_grow(m);
  size_t s = h & (m->cap - 1);
  for (; m->hash[s]; s = (s + 1) & (m->cap - 1))
    if (m->hash[s] == h && m->conj[s] == c && same_key(m->kpool.data + m->key[s], m->kpool.data + k0, n)) {
      m->kpool.size = k0;
      return m->res[s];
    }
  m->from.size = m->to.size = 0;
  for (uint32_t i = 0; i < n; i++)
    if (m->kpool.data[k0 + i] != NULL_TERM) term_vec_push(&m->from, leaf[i]), term_vec_push(&m->to, m->kpool.data[k0 + i]);
  term_t r = c;
  term_subst_many(1, &r, m->from.size, m->from.data, m->to.data);
  m->hash[s] = h, m->conj[s] = c, m->res[s] = r, m->key[s] = k0, m->n++;
  return r;
}

/* Appends the values t fixes to from/to: its top-level conjuncts'
 * (cube_values), then those the other conjuncts with them substituted fix,
 * and so on (a sequence's positions are guarded by its length: `len >= 1
 * => s[0] = 3`); each implied by t. Returns the other conjuncts with them
 * substituted (true: t is the conjunction of its values; false: t is
 * unsatisfiable). The values' own conjuncts are not substituted into (they
 * fold to true; with two values for one leaf t is unsatisfiable, and
 * implies anything). from[pending ..) on entry: values found before and
 * not yet substituted into t (substituted in the first round).
 *
 * *unsubst: where the values not substituted into the result start
 * (from->size: none). With defer, a t that is its values and one
 * disjunction returns the disjunction as it is (*unsubst = pending): the
 * caller splits on it and substitutes them into each case (steps_covered:
 * a state's folded Trans is the error flag and a new disjunction of its
 * actions, ~600 nodes, whose leaves the memo would walk for each state;
 * its cases' conjuncts are known). */
static term_t propagate(subst_memo *m, term_t t, term_vec *from, term_vec *to, uint32_t pending, bool defer,
                        uint32_t *unsubst) {
  /* the conjuncts left, kept as a vector between the rounds (one
   * conjunction built at the end, not one a round) */
  term_vec *rest = &m->rest, *next = &m->next;
  rest->size = 0;
  term_vec_push(rest, t);
  for (uint32_t round = 0; round < 8; round++) {
    uint32_t had = round == 0 ? pending : from->size;   /* the values this round substitutes: from[had ..) */
    next->size = 0;
    for (uint32_t i = 0; i < rest->size; i++) cube_values(m->inc, rest->data[i], from, to, next);
    if (defer && round == 0 && next->size == 1 && !term_is_negated(next->data[0]) &&
        term_op_of(next->data[0]) == OP_OR) {
      *unsubst = pending;
      return next->data[0];
    }
    term_vec *swap = rest;
    rest = next, next = swap;
    /* nothing new, or nothing left to substitute into (a cube that is its
     * values: no round's marks needed) */
    if (from->size == had || rest->size == 0) break;
    fresh_round(m, from->size - had, from->data + had, to->data + had);
    uint32_t k = 0;
    for (uint32_t i = 0; i < rest->size; i++) {
      term_t c = subst_conj(m, rest->data[i]);
      if (term_is_false(c)) {
        *unsubst = from->size;
        return c;
      }
      if (!term_is_true(c)) rest->data[k++] = c;
    }
    rest->size = k;
  }
  *unsubst = from->size;
  return term_and(rest->size, rest->data);
}

/* Leaf v primed, once per leaf (term_var_at interns a variable node: 10
 * million look-ups for Disruptor_MPMC's 120,781 cubes of 85 leaves). */
static term_t primed_leaf(subst_memo *m, term_t v) {
  uint32_t id = term_id(v);
  memo_ids(m, id);
  if (!m->primed[id]) m->primed[id] = term_var_at(v, 1);
  return m->primed[id];
}

/* Per state, once (a state is the successor of several): the values its
 * cube fixes (propagate), their leaves primed (as a successor's), and
 * whether the cube is their conjunction (propagate folds it to true: the
 * values imply the cube); its cube primed when asked. And the scratch of a
 * state's queries: the values found so far (from/to).
 * A state's values are a row of the table rows: one column per state
 * variable of the system (col_leaf), NULL_TERM where the cube fixes none;
 * state_order sorts the rows as they are. Two vectors of leaves and values
 * for all states (39 million pairs for MultiPaxos_MC_small, grown by
 * doubling: 2 x 268 MB, and the rows again for the sort) were a tenth of its
 * run in page faults. A state whose values do not fit a row (a leaf that is
 * no column, or fixed twice: the order of its values then matters) and the
 * hints keep theirs in var/value (and a state's row holds them for the
 * sort). A row holds codes, not terms: per column, code k > 0 is the
 * column's k-th distinct value (dict), 0 none; 16 bits where a term is 32
 * (MCLamportMutex: 922,956 rows of 67 columns, 247 MB of page faults and
 * of the sort's compares as terms). A value past a column's CODES_MAX
 * codes does not fit a row (code 0 there, for the sort only). */
#define IN_ROW (UINT32_MAX - 1)   /* vfirst: the values are the cube's row */
typedef uint16_t row_code;
#define CODES_MAX UINT16_MAX
typedef struct {
  const tla_sym_reach_set *R;
  term_t *primed;               /* NULL_TERM until asked */
  uint32_t *vfirst, *vcount;    /* UINT32_MAX: not computed; IN_ROW: in rows */
  bool *pure;
  term_vec var, value;          /* the cubes' values not in rows: leaf, value (the leaf primed: memo.primed, by its id) */
  uint32_t L;                   /* columns: the state variables */
  term_t *col_leaf;             /* per column its leaf (primed: memo.primed, by its id) */
  uint32_t *col_of, ncol_of;    /* by leaf id (< ncol_of): its column (UINT32_MAX: none) */
  row_code *rows;               /* per state (< R->n) its L values' codes, 0: none */
  term_vec *dict;               /* per column: code -> value (dict[l].data[0]: NULL_TERM) */
  uint64_t *ckey;               /* the codes by (column, value): open addressing, 0 empty */
  row_code *ccode;
  size_t ccap, cn;
  term_t *rowbuf;               /* a row's values (cube_info, cube_vals) */
  term_t *lastval;              /* per column the last value coded and its code (code_of: */
  row_code *lastcode;           /* consecutive states share most values) */
  term_vec sv, sl;              /* cube_info's scratch: the values found */
  term_vec flat;                /* and a flat cube's arguments (tla_and_merged) */
  term_vec from, to;
  /* a nested cube's parts' values (parts_fit): part -> its index k in
   * part_at (where they start in pleaf/pval), part_n (their count),
   * part_pure (whether the part is their conjunction, alone) */
  term_map part_index;
  term_vec part_at, part_n, pleaf, pval;
  bool *part_pure;
  size_t npart_pure;
  size_t by_parts;   /* the states whose values came from their parts' */
  subst_memo memo;
  uint32_t cube_n;   /* folded_holds: from[0 .. cube_n) are the state's cube's values */
  /* steps_covered notes (in evident) a case that is a step from every
   * state of the cube (step_evident's test) when want_evident */
  bool want_evident, evident;
} reach_ctx;

static void ctx_init(reach_ctx *c, const tla_sym_reach_set *R, const ts *sys) {
  memset(c, 0, sizeof *c);
  c->R = R;
  term_map_init(&c->part_index);
  size_t n = R->n + R->nhint;   /* every cube an edge may point at: the states and the hints (SYMMETRY) */
  c->primed = xmalloc((n + 1) * sizeof *c->primed);
  c->vfirst = xmalloc((n + 1) * sizeof *c->vfirst), c->vcount = xmalloc((n + 1) * sizeof *c->vcount);
  c->pure = xmalloc((n + 1) * sizeof *c->pure);
  for (size_t j = 0; j < n; j++) c->primed[j] = NULL_TERM, c->vfirst[j] = UINT32_MAX;
  c->L = sys->vars.size;
  c->col_leaf = xmalloc((c->L + 1) * sizeof *c->col_leaf);
  for (uint32_t l = 0; l < c->L; l++) {
    c->col_leaf[l] = sys->vars.data[l];
    if (term_id(c->col_leaf[l]) >= c->ncol_of) c->ncol_of = term_id(c->col_leaf[l]) + 1;
  }
  c->col_of = xmalloc((c->ncol_of + 1) * sizeof *c->col_of);
  memset(c->col_of, 0xff, (c->ncol_of + 1) * sizeof *c->col_of);
  for (uint32_t l = 0; l < c->L; l++) {
    term_t v = c->col_leaf[l];
    if (term_is_var(v) && !term_is_negated(v) && term_var_index(v) == 0) c->col_of[term_id(v)] = l;
    primed_leaf(&c->memo, v);
  }
  c->rows = xmalloc(((size_t)R->n * c->L + 1) * sizeof *c->rows);   /* filled by cube_info */
  c->dict = xcalloc(c->L + 1, sizeof *c->dict);
  for (uint32_t l = 0; l < c->L; l++) term_vec_push(&c->dict[l], NULL_TERM);
  c->rowbuf = xmalloc((c->L + 1) * sizeof *c->rowbuf);
  c->lastval = xmalloc((c->L + 1) * sizeof *c->lastval), c->lastcode = xcalloc(c->L + 1, sizeof *c->lastcode);
  for (uint32_t l = 0; l < c->L; l++) c->lastval[l] = NULL_TERM;
}

static void parts_free(reach_ctx *c) {
  term_map_free(&c->part_index), term_vec_free(&c->part_at), term_vec_free(&c->part_n), free(c->part_pure);
  term_vec_free(&c->pleaf), term_vec_free(&c->pval);
  c->part_pure = NULL, c->npart_pure = 0;
  term_map_init(&c->part_index);
}

static void ctx_free(reach_ctx *c) {
  free(c->primed), free(c->vfirst), free(c->vcount), free(c->pure);
  term_vec_free(&c->var), term_vec_free(&c->value);
  free(c->col_leaf), free(c->col_of), free(c->rows), free(c->rowbuf);
  for (uint32_t l = 0; l < c->L; l++) term_vec_free(&c->dict[l]);
  free(c->dict), free(c->ckey), free(c->ccode), free(c->lastval), free(c->lastcode);
  term_vec_free(&c->sv), term_vec_free(&c->sl), term_vec_free(&c->flat);
  term_vec_free(&c->from), term_vec_free(&c->to);
  parts_free(c), term_map_free(&c->part_index);
  memo_free(&c->memo);
}

/* Leaf v's column (UINT32_MAX: v is no state variable of the system). */
static uint32_t column_of(const reach_ctx *c, term_t v) {
  uint32_t id = term_id(v), l = id < c->ncol_of ? c->col_of[id] : UINT32_MAX;
  return l != UINT32_MAX && c->col_leaf[l] == v ? l : UINT32_MAX;
}

static size_t code_slot(const reach_ctx *c, uint64_t key) {
  size_t h = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (c->ccap - 1);
  while (c->ckey[h] && c->ckey[h] != key) h = (h + 1) & (c->ccap - 1);
  return h;
}

static void codes_grow(reach_ctx *c) {
  uint64_t *key = c->ckey;
  row_code *code = c->ccode;
  size_t cap = c->ccap;
  c->ccap = cap ? 2 * cap : 4096;
  c->ckey = xcalloc(c->ccap, sizeof *c->ckey), c->ccode = xmalloc(c->ccap * sizeof *c->ccode);
  for (size_t h = 0; h < cap; h++)
    if (key[h]) {
      size_t k = code_slot(c, key[h]);
      c->ckey[k] = key[h], c->ccode[k] = code[h];
    }
  free(key), free(code);
}

/* Value v's code in column l (0 for NULL_TERM); false: the column has
 * CODES_MAX codes already. Only before state_order permutes the columns
 * (the keys hold the column): it takes every state's row. */
static bool code_of(reach_ctx *c, uint32_t l, term_t v, row_code *code) {
  *code = 0;
  if (v == NULL_TERM) return true;
  if (c->lastval[l] == v) return *code = c->lastcode[l], true;
  if (2 * (c->cn + 1) > c->ccap) codes_grow(c);
  uint64_t key = ((uint64_t)l << 32 | (uint32_t)v) + 1;
  size_t h = code_slot(c, key);
  if (!c->ckey[h]) {
    if (c->dict[l].size > CODES_MAX) return false;
    c->ckey[h] = key, c->ccode[h] = (row_code)c->dict[l].size, c->cn++;
    term_vec_push(&c->dict[l], v);
  }
  *code = c->ccode[h];
  c->lastval[l] = v, c->lastcode[l] = *code;
  return true;
}

/* Column l's value in state j's row (NULL_TERM: none). */
static inline term_t row_value(const reach_ctx *c, size_t j, uint32_t l) {
  return c->dict[l].data[c->rows[j * c->L + l]];
}

/* Cube t's values into c->sl/sv (propagate) and whether they fit a row
 * (every leaf a column, none fixed twice; a row's values are rowbuf's);
 * pure: the cube is their conjunction. */
static bool cube_values_fit(reach_ctx *c, term_t t, uint32_t j, bool *pure) {
  uint32_t unsubst;
  c->sv.size = c->sl.size = 0;
  *pure = term_is_true(propagate(&c->memo, t, &c->sl, &c->sv, 0, false, &unsubst));
  bool fits = j < c->R->n;
  term_t *row = c->rowbuf;
  for (uint32_t l = 0; l < c->L; l++) row[l] = NULL_TERM;
  for (uint32_t i = 0; fits && i < c->sl.size; i++) {
    uint32_t l = column_of(c, c->sl.data[i]);
    if (l == UINT32_MAX || row[l] != NULL_TERM) fits = false;
    else row[l] = c->sv.data[i];
  }
  return fits;
}

/* t is a conjunction with a conjunction among its arguments. */
static bool nested(term_t t) {
  if (term_is_negated(t) || term_op_of(t) != OP_AND) return false;
  for (uint32_t i = 0; i < term_nargs(t); i++)
    if (!term_is_negated(term_arg(t, i)) && term_op_of(term_arg(t, i)) == OP_AND) return true;
  return false;
}

/* Part p's values (propagate on p alone, memoized by p's term id: a part
 * is one variable's value, shared by the many states that hold it) into
 * leaf and val; its count; *pure: p is their conjunction. */
static uint32_t part_values(reach_ctx *c, term_t p, const term_t **leaf, const term_t **val, bool *pure) {
  int32_t k = term_map_get(&c->part_index, p);
  if (k < 0) {
    uint32_t unsubst;
    c->sv.size = c->sl.size = 0;
    bool pp = term_is_true(propagate(&c->memo, p, &c->sl, &c->sv, 0, false, &unsubst));
    k = (int32_t)c->part_at.size;
    term_map_put(&c->part_index, p, k);
    term_vec_push(&c->part_at, (term_t)c->pleaf.size), term_vec_push(&c->part_n, (term_t)c->sl.size);
    if ((size_t)k >= c->npart_pure) {
      c->npart_pure = 2 * (size_t)k + 64;
      c->part_pure = xrealloc(c->part_pure, c->npart_pure * sizeof *c->part_pure);
    }
    c->part_pure[k] = pp;
    for (uint32_t i = 0; i < c->sl.size; i++) term_vec_push(&c->pleaf, c->sl.data[i]), term_vec_push(&c->pval, c->sv.data[i]);
  }
  uint32_t at = (uint32_t)c->part_at.data[k];
  *leaf = c->pleaf.data + at, *val = c->pval.data + at, *pure = c->part_pure[k];
  return (uint32_t)c->part_n.data[k];
}

/* A nested cube's values from its parts' (part_values) into c->sl/sv, as
 * a row (rowbuf): true when every part is pure alone (its conjunction of
 * values: the sound term builder folded the rest to true with them) and
 * their values fit a row (every leaf a column, none fixed by two parts).
 * Then the cube is the conjunction of their union (pure), which is what
 * propagate over the whole cube finds as values. A part that is not a
 * positive conjunction (one literal: the error flag's) is taken alone
 * each time. false: the whole cube's propagate decides, as before. */
static bool parts_fit(reach_ctx *c, term_t cube, uint32_t j) {
  if (j >= c->R->n || !nested(cube)) return false;
  term_t *row = c->rowbuf;
  for (uint32_t l = 0; l < c->L; l++) row[l] = NULL_TERM;
  uint32_t n = term_nargs(cube);
  for (uint32_t k = 0; k < n; k++) {
    term_t p = term_arg(cube, k);
    const term_t *leaf, *val;
    bool pure;
    uint32_t m;
    if (!term_is_negated(p) && term_op_of(p) == OP_AND) {
      m = part_values(c, p, &leaf, &val, &pure);
    } else {
      uint32_t unsubst;
      c->sv.size = c->sl.size = 0;
      pure = term_is_true(propagate(&c->memo, p, &c->sl, &c->sv, 0, false, &unsubst));
      m = c->sl.size, leaf = c->sl.data, val = c->sv.data;
    }
    if (!pure) return false;
    for (uint32_t i = 0; i < m; i++) {
      uint32_t l = column_of(c, leaf[i]);
      if (l == UINT32_MAX || row[l] != NULL_TERM) return false;
      row[l] = val[i];
    }
  }
  c->sv.size = c->sl.size = 0;
  for (uint32_t l = 0; l < c->L; l++)
    if (row[l] != NULL_TERM) term_vec_push(&c->sl, c->col_leaf[l]), term_vec_push(&c->sv, row[l]);
  return true;
}

/* State j's values (computed once): its row when they fit one (every leaf
 * a column, none fixed twice), else var/value[vfirst[j] ..+ vcount[j]),
 * their leaves primed (primed_leaf) for covers (a vector of them per state
 * was a ninth of SlushSmall's memory); a state's row holds the last value
 * of each column either way (for the sort).
 * A state's cube may be its variables' parts unflattened (tla_sym.c
 * reach_cubes: term_and_nested): its values then come part by part, where
 * the flat cube's (term_and of the parts, as tests and hints give them)
 * come in its sorted order. The same values either way where they fit a
 * row and the cube is their conjunction (pure); else they come from the
 * flat cube, as they always did: a cube that fixes a leaf twice, or one
 * that is no column, keeps its values in order (substitution takes a
 * leaf's last), and term_and folds a cube whose parts hold a literal and
 * its negation to false (no values: an empty row), which the nested one's
 * propagate leaves impure (the pair is a leaf fixed twice, or one of it
 * folds to false with the other's value, or both stay in its rest). */
static void cube_info(reach_ctx *c, uint32_t j) {
  if (c->vfirst[j] != UINT32_MAX) return;
  term_t cube = c->R->cube[j];
  bool fits = parts_fit(c, cube, j);
  if (fits) c->pure[j] = true, c->by_parts++;
  else fits = cube_values_fit(c, cube, j, &c->pure[j]);
  if ((!fits || !c->pure[j]) && nested(cube))
    fits = cube_values_fit(c, tla_and_merged(term_nargs(cube), term_args(cube), &c->flat), j, &c->pure[j]);
  if (j < c->R->n) {
    term_t *row = c->rowbuf;
    for (uint32_t l = 0; l < c->L; l++) row[l] = NULL_TERM;
    for (uint32_t i = 0; i < c->sl.size; i++) {
      uint32_t l = column_of(c, c->sl.data[i]);
      if (l != UINT32_MAX) row[l] = c->sv.data[i];
    }
    row_code *codes = c->rows + (size_t)j * c->L;
    for (uint32_t l = 0; l < c->L; l++)
      if (!code_of(c, l, row[l], &codes[l])) fits = false;
  }
  if (fits) {
    c->vfirst[j] = IN_ROW;
    return;
  }
  c->vfirst[j] = c->var.size, c->vcount[j] = c->sl.size;
  for (uint32_t i = 0; i < c->sl.size; i++) {
    primed_leaf(&c->memo, c->sl.data[i]);
    term_vec_push(&c->var, c->sl.data[i]), term_vec_push(&c->value, c->sv.data[i]);
  }
}

/* Cube j's values (cube_info): leaf[i] := val[i] for i < the count
 * returned, skipping a NULL_TERM val (a column the cube fixes no value of). */
static uint32_t cube_vals(reach_ctx *c, uint32_t j, const term_t **leaf, const term_t **val) {
  cube_info(c, j);
  if (c->vfirst[j] == IN_ROW) {
    for (uint32_t l = 0; l < c->L; l++) c->rowbuf[l] = row_value(c, j, l);
    *leaf = c->col_leaf, *val = c->rowbuf;
    return c->L;
  }
  *leaf = c->var.data + c->vfirst[j], *val = c->value.data + c->vfirst[j];
  return c->vcount[j];
}

static term_t primed_cube(reach_ctx *c, uint32_t j) {
  if (c->primed[j] == NULL_TERM) c->primed[j] = term_prime(c->R->cube[j]);
  return c->primed[j];
}

/* State j's successors (indices into R) in succ; their count. */
static uint32_t successors(const tla_sym_reach_set *R, size_t j, uint32_t *succ) {
  uint32_t k = 0;
  for (size_t e = R->first[j]; e < R->first[j + 1]; e++) succ[k++] = R->edge[e];
  return k;
}

/* The primed cubes of succ[0..k) in out: their disjunction. */
static term_t successors_or(reach_ctx *c, const uint32_t *succ, uint32_t k, term_t *out) {
  for (uint32_t i = 0; i < k; i++) out[i] = primed_cube(c, succ[i]);
  return term_or(k, out);
}

/* A state's cube fixing every leaf (after propagate: a sequence's
 * positions within its length too; not a union layout's other kinds, nor
 * positions past the length): its values substituted into Trans and Prop,
 * the term builder folds the branches not enabled in it away, and Z3 sees
 * a small query (SpanTree 1.9 -> 0.6 s CPU). Sound since the cube stays in
 * the query and implies each substituted equation (for any subset of the
 * leaves: "every leaf" is only where it pays). false: not fixed. Leaves
 * the cube's values in c->from/to. */
typedef struct {
  term_t trans, bad;   /* Trans and ~Prop folded */
  uint32_t nsucc;      /* the successors (indices into R) in succ */
} folded;
static bool fixed_query(const ts *sys, term_inc *inc, reach_ctx *c, uint32_t j, uint32_t *succ, folded *f) {
  const term_t *leaf, *val;
  uint32_t n = cube_vals(c, j, &leaf, &val);
  c->from.size = c->to.size = 0;
  for (uint32_t i = 0; i < n; i++)
    if (val[i] != NULL_TERM) term_vec_push(&c->from, leaf[i]), term_vec_push(&c->to, val[i]);
  if (c->from.size == 0) return false;
  term_t tp[2] = {sys->trans, term_not(sys->prop)};
  if (!term_inc_apply(inc, c->from.size, c->from.data, c->to.data, tp))
    term_subst_many(2, tp, c->from.size, c->from.data, c->to.data);
  f->trans = tp[0], f->bad = tp[1], f->nsucc = successors(c->R, j, succ);
  return true;
}

/* The folded query for the solver: cube /\ (~Prop \/ (Trans /\ ~succ')),
 * Trans's held conjunctions built. */
static term_t folded_query(reach_ctx *c, term_t cube, const folded *f, const uint32_t *succ, term_t *scratch) {
  term_t trans = term_inc_expand(c->memo.inc, f->trans);
  return term_and2(cube, term_or2(f->bad, term_and2(trans, term_not(successors_or(c, succ, f->nsucc, scratch)))));
}

static bool folds_true(term_t t, const term_vec *from, const term_vec *to) {
  if (from->size == 0) return term_is_true(t);   /* nothing to substitute: no walk over t */
  term_subst_many(1, &t, from->size, from->data, to->data);
  return term_is_true(t);
}

/* Substituting c->from/to (each implied by the case being decided) into
 * successor s's primed cube folds it to true. Decided by look-ups in
 * case_values (c->from/to's last value per leaf, as substitution takes it)
 * where it can: where the case leaves a value of the cube's free, or fixes
 * it otherwise, no (the substituted cube, still implying that value, is
 * not true whatever that leaf is); where the case fixes every value of a
 * cube that is their conjunction, yes. */
static bool covers(reach_ctx *c, uint32_t s) {
  cube_info(c, s);
  if (c->vfirst[s] == IN_ROW) {   /* the row's codes read in place: most cubes differ early */
    for (uint32_t l = 0; l < c->L; l++) {
      term_t v = row_value(c, s, l);
      if (v != NULL_TERM && case_value(&c->memo, c->memo.primed[term_id(c->col_leaf[l])]) != v) return false;
    }
  } else {
    const term_t *leaf, *val;
    uint32_t n = cube_vals(c, s, &leaf, &val);
    for (uint32_t i = 0; i < n; i++)
      if (val[i] != NULL_TERM && case_value(&c->memo, c->memo.primed[term_id(leaf[i])]) != val[i]) return false;
  }
  return c->pure[s] || folds_true(primed_cube(c, s), &c->from, &c->to);
}

/* A disjunction among t's top-level conjuncts (t itself if it is one);
 * NULL_TERM if none. */
static term_t a_disjunction(term_t t) {
  if (term_is_negated(t)) return NULL_TERM;
  if (term_op_of(t) == OP_OR) return t;
  if (term_op_of(t) != OP_AND) return NULL_TERM;
  for (uint32_t i = 0; i < term_nargs(t); i++) {
    term_t c = term_arg(t, i);
    if (!term_is_negated(c) && term_op_of(c) == OP_OR) return c;
  }
  return NULL_TERM;
}

/* t with its conjunct d (a_disjunction) replaced by d's disjunct i. */
static term_t with_disjunct(term_t t, term_t d, uint32_t i) {
  if (d == t) return term_arg(d, i);
  uint32_t n = term_nargs(t);
  term_t *c = xmalloc(n * sizeof *c);
  for (uint32_t k = 0; k < n; k++) c[k] = term_arg(t, k) == d ? term_arg(d, i) : term_arg(t, k);
  term_t r = term_and(n, c);
  free(c);
  return r;
}

/* Case splits per state at most: past them the solver decides. */
#define SPLITS 64

/* Decided without the solver (Disruptor_SPMC: 2.7 ms of Z3 a state on
 * queries that substitution decides): every step t (a folded Trans) allows
 * leads into one of the successors' cubes succ[0..k). The values t fixes
 * (propagate) substituted into some successor's cube fold it to true
 * (covers), or t folds to false; else t is split on one of its
 * disjunctions, each case decided the same way. Sound: each substituted
 * equation is implied by t (so t implies that cube), and t implies the
 * disjunction of its cases. false: undecided, the solver asks. c->from/to
 * keep their size; c->from[pending ..) are values not yet substituted into
 * t (propagate). */
static bool next_values_agree(subst_memo *m, const term_vec *from, const term_vec *to, uint32_t base);
static bool steps_covered(reach_ctx *c, term_t t, const uint32_t *succ, uint32_t k, uint32_t pending,
                          uint32_t *splits) {
  uint32_t had = c->from.size, unsubst;
  term_t whole = t;
  t = propagate(&c->memo, t, &c->from, &c->to, pending, true, &unsubst);
  if (unsubst < c->from.size && term_nargs(t) > *splits) {   /* no split: the values substituted after all */
    c->from.size = c->to.size = had;
    t = propagate(&c->memo, whole, &c->from, &c->to, pending, false, &unsubst);
  }
  bool ok = term_is_false(t);
  /* a case that is its values, the next-state ones an assignment, is a
   * step from every state of the cube (step_evident's test; it then need
   * not split Trans again: 3.8 % of MultiPaxos_MC_small's run) */
  if (!ok && term_is_true(t) && c->want_evident && !c->evident)
    c->evident = next_values_agree(&c->memo, &c->from, &c->to, c->cube_n);
  if (!ok) case_values(&c->memo, &c->from, &c->to, c->cube_n);   /* covers looks up next-state leaves only */
  for (uint32_t s = 0; !ok && s < k; s++) ok = covers(c, succ[s]);
  term_t d = ok ? NULL_TERM : a_disjunction(t);
  if (d != NULL_TERM && *splits >= term_nargs(d)) {
    *splits -= term_nargs(d);
    ok = true;
    for (uint32_t i = 0; ok && i < term_nargs(d); i++)
      ok = steps_covered(c, with_disjunct(t, d, i), succ, k, unsubst, splits);
  }
  c->from.size = c->to.size = had;
  return ok;
}

/* The case's values from[base ..) (those past the cube's own) are all
 * next-state ones and fix each leaf to one value: an assignment of some
 * next-state leaves, which every state of the cube can take. */
static bool next_values_agree(subst_memo *m, const term_vec *from, const term_vec *to, uint32_t base) {
  for (uint32_t i = base; i < from->size; i++)
    if (term_var_index(from->data[i]) != 1) return false;
  case_values(m, from, to, base);   /* the last value of each leaf (from[base ..) are all primed) */
  for (uint32_t i = base; i < from->size; i++)
    if (case_value(m, from->data[i]) != to->data[i]) return false;
  return true;
}

/* Decided without the solver, for TLC's deadlock check: a step from every
 * state of the cube. Some case of trans (split as in steps_covered) fixes
 * next-state values that make trans (folded with the cube's values) true
 * whatever the other leaves are: stronger than the solver's "some state of
 * the cube has a step". Per case, first the case itself: its conjuncts
 * left after propagate, with its values substituted, are true and its
 * values agree (the case, which implies trans, holds under them: no walk
 * over trans); then its cases; trans substituted with the case's values
 * last (SlushSmall: a quarter of the run, tried before the cases, where a
 * case decides every state); a proxy of trans (a held conjunction) is
 * left free there: trans folding to true then holds for any value of it,
 * so for its conjunction too; not tried where it cannot fold to true
 * (fold false). false: undecided. from/to keep
 * their size; from[base ..) are the values the cases found,
 * from[pending ..) as steps_covered's. */
static bool step_evident(subst_memo *m, term_t trans, bool fold, term_t t, term_vec *from, term_vec *to,
                         uint32_t base, uint32_t pending, uint32_t *splits) {
  uint32_t had = from->size, unsubst;
  t = propagate(m, t, from, to, pending, true, &unsubst);
  if (term_is_false(t)) {
    from->size = to->size = had;
    return false;
  }
  bool ok = term_is_true(t) && next_values_agree(m, from, to, base);
  term_t d = ok ? NULL_TERM : a_disjunction(t);
  for (uint32_t i = 0; d != NULL_TERM && !ok && i < term_nargs(d) && *splits > 0; i++) {
    --*splits;
    ok = step_evident(m, trans, fold, with_disjunct(t, d, i), from, to, base, unsubst, splits);
  }
  if (!ok && fold) {
    term_vec nf = {0}, nt = {0};
    for (uint32_t i = 0; i < from->size; i++)
      if (term_var_index(from->data[i]) == 1) term_vec_push(&nf, from->data[i]), term_vec_push(&nt, to->data[i]);
    ok = folds_true(trans, &nf, &nt);
    term_vec_free(&nf), term_vec_free(&nt);
  }
  from->size = to->size = had;
  return ok;
}

/* Decided without the solver, for TLC's deadlock check, where
 * step_evident's cases do not fix a step (MultiPaxos_MC_small: 3.6 % of
 * its 343,796 states, ~5 ms of Z3 each, half of the proof): one of the
 * state's successors as the witness. Its cube's values (next-state
 * leaves, each given one value: an assignment that exists) substituted
 * into trans (folded with the state's values, each implied by its cube;
 * its held conjunctions expanded, term_inc_subst) fold it to true: every
 * state of the cube steps to any state with those values. The first
 * WITNESSES successors are tried. */
#define WITNESSES 8
/* The value (1 true, 0 false, -1 neither) of t with the round's values
 * (fresh_round) substituted, through its and/or/not skeleton, a held
 * conjunction's proxy as its arguments (term_inc_held_args: a proxy in
 * the folded Trans is live), the other parts each through the memoized
 * substitution (subst_conj: term_subst_many's result on that part), each
 * junction stopping at an absorbing argument. Sound: each part's constant
 * is the sound term builder's, combined by the three-valued junctions;
 * where it says true, substituting into all of t (the held conjunctions
 * built) folds to true as well: the builder's junction of true arguments
 * is true, one with a true disjunct is. */
#define WITNESS_DEPTH 64
static int witness_value(subst_memo *m, term_t t, unsigned depth) {
  term_t u = term_unsigned(t);
  uint32_t n;
  const term_t *held = term_inc_held_args(m->inc, u, &n);
  term_op op = term_op_of(u);
  int v;
  if (held || ((op == OP_AND || op == OP_OR) && depth < WITNESS_DEPTH)) {
    bool conj = held || op == OP_AND;
    if (!held) n = term_nargs(u);
    v = conj;
    for (uint32_t k = 0; k < n; k++) {
      int a = witness_value(m, held ? held[k] : term_arg(u, k), depth + 1);
      if (a == !conj) {
        v = a;
        break;
      }
      if (a < 0) v = -1;
    }
  } else {
    term_t r = subst_conj(m, u);
    v = term_is_true(r) ? 1 : term_is_false(r) ? 0 : -1;
  }
  return term_is_negated(t) && v >= 0 ? !v : v;
}

/* trans with next-state values nf := nt substituted folds to true: by
 * witness_value, else (neither) by term_inc_subst as before, which
 * substitutes into every live held conjunction at once with a new
 * rewriter each time (MultiPaxos_MC_small's 14,500 witnesses: 5 % of its
 * run that way; its folded Trans is the error flag's branch and
 * `~(P1 \/ P2) /\ (Q1 \/ Q2)` over held conjunctions). */
static bool witness_folds(subst_memo *m, term_t trans, const term_vec *nf, const term_vec *nt, size_t *whole) {
  fresh_round(m, nf->size, nf->data, nt->data);
  int v = witness_value(m, trans, 0);
  if (v >= 0) return v == 1;
  ++*whole;
  return term_is_true(term_inc_subst(m->inc, trans, nf->size, nf->data, nt->data));
}

static bool step_witnessed(reach_ctx *c, term_t trans, const uint32_t *succ, uint32_t k, size_t *whole) {
  if (!k) return false;
  term_vec nf = {0}, nt = {0};
  bool ok = false;
  for (uint32_t q = 0; !ok && q < k && q < WITNESSES; q++) {
    const term_t *leaf, *val;
    uint32_t n = cube_vals(c, succ[q], &leaf, &val);
    nf.size = nt.size = 0;
    for (uint32_t i = 0; i < n; i++)
      if (val[i] != NULL_TERM) term_vec_push(&nf, c->memo.primed[term_id(leaf[i])]), term_vec_push(&nt, val[i]);
    ok = next_values_agree(&c->memo, &nf, &nt, 0) && witness_folds(&c->memo, trans, &nf, &nt, whole);
  }
  term_vec_free(&nf), term_vec_free(&nt);
  return ok;
}

/* with TLC's deadlock check: a step from state j, or j outside the
 * CONSTRAINT (not expanded, as TLC) */
static bool has_step(solver *sv, tla_sym *sym, term_t cube, term_t trans) {
  solver_result r = check_scoped(sv, term_and2(cube, trans));
  if (r == SOLVER_SAT) return true;
  return r == SOLVER_UNSAT && check_scoped(sv, term_and2(cube, tla_sym_constraint(sym))) == SOLVER_UNSAT;
}

/* term_inc_false_without_proxies' nodes at most per state */
#define PROXY_WALK 4096

/* A state's queries, folded: decided by substitution where it can
 * (steps_covered, step_evident), else by the solver `one`. */
/* For TLC's deadlock check, decided without the solver: the state is
 * outside the CONSTRAINT (not expanded, as TLC: has_step's second query),
 * the constraint folding to false with the cube's values (c->from/to,
 * each implied by the cube) substituted. MCLamportMutex: its 198,682
 * states outside took has_step's two queries each, 45 % of its run. */
static bool outside_by_values(tla_sym *sym, const reach_ctx *c) {
  term_t t = tla_sym_constraint(sym);
  if (term_is_true(t) || c->from.size == 0) return term_is_false(t);
  term_subst_many(1, &t, c->from.size, c->from.data, c->to.data);
  return term_is_false(t);
}

static bool folded_holds(solver *one, tla_sym *sym, reach_ctx *c, term_t cube, const folded *f, const uint32_t *succ,
                         term_t *scratch, bool deadlock, tla_reach_stats *st) {
  c->evident = false, c->want_evident = deadlock, c->cube_n = c->from.size;
  bool subst = term_is_false(f->bad) && steps_covered(c, f->trans, succ, f->nsucc, c->from.size, &(uint32_t){SPLITS});
  if (!subst && check_scoped(one, folded_query(c, cube, f, succ, scratch)) != SOLVER_UNSAT) return false;
  if (deadlock) {
    /* step_evident's last resort (trans folding to true) cannot succeed
     * when trans is false with every proxy false (MultiPaxos_MC_small:
     * 126,674 substitutions into its folded Trans, a walk over it each, none
     * true: a tenth of the proof) */
    bool evident = c->evident;
    st->steps_in_cover += evident;
    if (!evident) {
      bool fold = !term_inc_false_without_proxies(c->memo.inc, f->trans, PROXY_WALK);
      evident = step_evident(&c->memo, f->trans, fold, f->trans, &c->from, &c->to, c->from.size, c->from.size,
                             &(uint32_t){SPLITS});
    }
    bool witnessed = !evident && step_witnessed(c, f->trans, succ, f->nsucc, &st->witness_whole);
    bool outside = !evident && !witnessed && outside_by_values(sym, c);
    if (!evident && !witnessed && !outside && !has_step(one, sym, cube, term_inc_expand(c->memo.inc, f->trans)))
      return false;
    subst = subst && (evident || witnessed || outside);
    st->by_witness += witnessed;
  }
  st->folded++, st->by_subst += subst;
  return true;
}

/* The order the states are checked in: term_inc rebuilds the nodes that
 * read a leaf whose value changed since the state before, so neighbours
 * should share most values: the states sorted by their values, the
 * leaves that change least often in the sample's (breadth-first) order
 * most significant. Disruptor_MPMC: 8.95 -> 1.83 changed leaves a state,
 * 11.3 -> 9.1 s CPU; Consensus_epr 3.3 -> 2.1, no change. Any order proves
 * the same: each state's query stands alone. */
typedef struct {
  const row_code *rows;   /* per state its L leaves' codes (0: none), most significant first */
  uint32_t L;
} row_order;

/* The rows compared by memcmp (vectorized; the compare's loop over the
 * columns was 3 % of MultiPaxos_MC_small's run): its byte order is some
 * order of the codes, column by column, so equal leading columns are
 * neighbours, which is all the order is for. */
static int cmp_rows(const void *a, const void *b, void *ctx) {
  const row_order *o = ctx;
  uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
  int r = memcmp(o->rows + (size_t)i * o->L, o->rows + (size_t)j * o->L, o->L * sizeof *o->rows);
  return r ? r : i < j ? -1 : i > j;
}

/* The sorted order made boustrophedon: column l's runs (rows equal on the
 * columns before it) are visited in turn ascending and descending
 * (flip[l] toggles after each run), so that where column l changes, the
 * columns after it start from the values the last row ended with, where
 * lexicographic order starts them from their least (a reflected Gray
 * code's order). MCLamportMutex: term_inc rebuilds the nodes reading a
 * changed leaf, and the leaves below a change all changed at once there.
 * order[lo .. hi) (equal on the columns before l, ascending) is written
 * to out in that order; a permutation of it. */
typedef struct {
  const row_code *rows;
  uint32_t L;
  const uint32_t *order;
  uint32_t *out;
  size_t nout;
  bool *flip;
} snake_ctx;

static void snake(snake_ctx *s, size_t lo, size_t hi, uint32_t l, bool down) {
  /* a column equal over the whole range is one run: its next column in
   * the direction its flip says (a loop: the frames are the splits only,
   * fewer than the states and the columns) */
  while (l < s->L && hi - lo > 1 &&
         s->rows[(size_t)s->order[lo] * s->L + l] == s->rows[(size_t)s->order[hi - 1] * s->L + l]) {
    down = s->flip[l + 1];
    s->flip[l + 1] = !down;
    l++;
  }
  if (l == s->L || hi - lo == 1) {
    for (size_t p = 0; p < hi - lo; p++) s->out[s->nout++] = s->order[down ? hi - 1 - p : lo + p];
    return;
  }
  /* the runs of column l, from the end when going down */
  size_t a = down ? hi : lo;
  while (down ? a > lo : a < hi) {
    size_t b = a;
    if (down) {
      row_code v = s->rows[(size_t)s->order[a - 1] * s->L + l];
      while (b > lo && s->rows[(size_t)s->order[b - 1] * s->L + l] == v) b--;
      snake(s, b, a, l + 1, s->flip[l + 1]);
    } else {
      row_code v = s->rows[(size_t)s->order[a] * s->L + l];
      while (b < hi && s->rows[(size_t)s->order[b] * s->L + l] == v) b++;
      snake(s, a, b, l + 1, s->flip[l + 1]);
    }
    s->flip[l + 1] = !s->flip[l + 1];
    a = b;
  }
}

static uint32_t *snake_order(const row_code *rows, uint32_t L, uint32_t *order, size_t n) {
  if (n < 2) return order;
  snake_ctx s = {rows, L, order, xmalloc(n * sizeof *s.out), 0, xcalloc(L + 2, sizeof *s.flip)};
  snake(&s, 0, n, 0, false);
  free(s.flip);
  /* every state checked once: out must be a permutation (else the
   * sorted order, checked the same way by the caller's loop) */
  bool *seen = xcalloc(n, sizeof *seen), perm = s.nout == n;
  for (size_t p = 0; p < s.nout && perm; p++) perm = s.out[p] < n && !seen[s.out[p]] && (seen[s.out[p]] = true);
  free(seen);
  if (!perm) {
    free(s.out);
    return order;
  }
  free(order);
  return s.out;
}

static uint32_t *state_order(reach_ctx *c, size_t n) {
  for (size_t j = 0; j < n; j++) cube_info(c, (uint32_t)j);   /* the rows */
  parts_free(c);   /* every state's values are known: parts_fit is done */
  uint32_t L = c->L;
  row_code *rows = c->rows;
  uint64_t *changes = xcalloc(L + 1, sizeof *changes);
  for (size_t j = 1; j < n; j++)
    for (uint32_t l = 0; l < L; l++) changes[l] += rows[j * L + l] != rows[(j - 1) * L + l];
  uint32_t *leaf = xmalloc((L + 1) * sizeof *leaf), *order = xmalloc((n + 1) * sizeof *order);
  for (uint32_t l = 0; l < L; l++) leaf[l] = l;
  for (uint32_t a = 1; a < L; a++)   /* by changes, insertion sort: a state's leaves are few */
    for (uint32_t b = a; b > 0 && changes[leaf[b - 1]] > changes[leaf[b]]; b--) {
      uint32_t t = leaf[b];
      leaf[b] = leaf[b - 1], leaf[b - 1] = t;
    }
  /* the columns in that order (the rows are the states' values: the
   * leaves move with them), compared without an indirection */
  row_code *row = xmalloc((L + 1) * sizeof *row);
  for (size_t j = 0; j < n; j++) {
    for (uint32_t l = 0; l < L; l++) row[l] = rows[j * L + leaf[l]];
    memcpy(rows + j * L, row, L * sizeof *row);
    order[j] = (uint32_t)j;
  }
  /* the columns' leaves and dictionaries with them */
  term_t *col = xmalloc((L + 1) * sizeof *col);
  term_vec *dict = xmalloc((L + 1) * sizeof *dict);
  for (uint32_t l = 0; l < L; l++) col[l] = c->col_leaf[leaf[l]], dict[l] = c->dict[leaf[l]];
  memcpy(c->col_leaf, col, L * sizeof *col), memcpy(c->dict, dict, L * sizeof *dict);
  for (uint32_t l = 0; l < L; l++)
    if (c->col_of[term_id(c->col_leaf[l])] != UINT32_MAX) c->col_of[term_id(c->col_leaf[l])] = l;
  qsort_r(order, n, sizeof *order, cmp_rows, &(row_order){rows, L});
  free(row), free(col), free(dict), free(changes), free(leaf);
  return snake_order(rows, L, order, n);
}

/* The proof cannot end by stop: the time is up, or the rest of the states
 * at the rate measured on a window of them would end past it; so a proof
 * that cannot finish leaves its time to IC3 early, and one that can gets
 * most of the time (Consensus_epr's 110464 states, 0.05-0.1 ms each). The
 * window starts after the first fiftieth of the states (the first ones
 * cost more: term_inc's full pass, their successors' values computed
 * once: the first fiftieth projected 15 s for Consensus_epr's 12 s) and
 * spans another fiftieth at least, and a tenth of the proof's time (half a
 * second at least): a short window's wall-clock rate is noise under load
 * (nbacg_guer01, a 1 s proof, stopped once at load 6 on a window of 500
 * states, some 20 ms). */
typedef struct {
  double at;       /* the window's start (0: not yet) */
  size_t done;     /* states checked by then */
  double span;     /* the window's least wall-clock span */
} reach_rate;

static bool reach_hopeless(reach_rate *w, double stop, size_t done, size_t n) {
  double now = limits_now();
  if (now > stop) return true;
  if (done < n / 50 || done == 0) return false;
  if (w->at == 0) {
    w->at = now, w->done = done;
    return false;
  }
  if (done - w->done < n / 50 || done == w->done || now - w->at < w->span) return false;
  return now + (now - w->at) / (double)(done - w->done) * (double)(n - done) > stop;
}

/* A cube as the solver gets it: flat (term_and of a nested one's parts,
 * tla_sym.c reach_cubes), so that its queries are the ones the flat cubes
 * always gave (a nested cube within a disjunction, the Init query's and a
 * group's, changed Z3's later work: MissionariesAndCannibals' IC3 run
 * after its failing proof took 238 -> 409 lemmas, 4.1 -> 5.9 s CPU). A
 * conjunction with a cube flattens it anyway. */
static term_t flat_cube(term_t cube, term_vec *buf) {
  return nested(cube) ? tla_and_merged(term_nargs(cube), term_args(cube), buf) : cube;
}

/* The group's cubes (states st[0..g)) flat into out, made in the states'
 * order (as the flat cubes were: a disjunction's arguments are sorted by
 * their terms). */
static void group_cubes(const tla_sym_reach_set *R, const uint32_t *st, uint32_t g, term_t *out, term_vec *buf) {
  uint32_t pos[TLA_REACH_GROUP];
  for (uint32_t a = 0; a < g; a++) {
    uint32_t b = a;
    for (; b > 0 && st[pos[b - 1]] > st[a]; b--) pos[b] = pos[b - 1];
    pos[b] = a;
  }
  for (uint32_t a = 0; a < g; a++) out[pos[a]] = flat_cube(R->cube[st[pos[a]]], buf);
}

bool tla_reach_check(tla_sym *sym, const tla_sym_reach_set *R, bool deadlock, const ts_engine_opts *eo,
                     tla_reach_stats *st) {
  return tla_reach_check_share(sym, R, deadlock, eo, TLA_REACH_SHARE, st);
}

bool tla_reach_check_share(tla_sym *sym, const tla_sym_reach_set *R, bool deadlock, const ts_engine_opts *eo,
                           double share_of_left, tla_reach_stats *st) {
  const ts *sys = tla_sym_ts(sym);
  tla_reach_stats none;
  if (!st) st = &none;
  memset(st, 0, sizeof *st);
  for (size_t e = 0; e < R->first[R->n]; e++)
    if (R->edge[e] >= R->n + R->nhint) return false;   /* hints: successor cubes only */
  /* share_of_left of the time left at most (IC3 and k-induction get
   * the rest), and less when the rate measured on the first states says
   * the proof will not end by then (reach_hopeless); the solvers' queries
   * too (armed again before each grouped query), since one query can take
   * all of it: APTokenRing's 46656 initial states (all of its states) in
   * Init's query, no answer in 90 s */
  const zeta_limits *lim = eo->limits;
  double start = limits_now();
  double stop = lim && lim->deadline ? start + (lim->deadline - start) * share_of_left : 0;
  zeta_limits share = lim ? *lim : (zeta_limits){0};
  share.deadline = stop;
  ts_engine_opts eos = *eo;
  if (lim) eos.limits = &share;
  solver *sv = ts_engine_solver(eo);
  if (!sv) return false;
  ts_engine_arm(sv, &eos);
  size_t cap = R->first[R->n] + R->n + 1;
  uint32_t *succ = xmalloc(cap * sizeof *succ);
  term_t *scratch = xmalloc(cap * sizeof *scratch), *group = xmalloc((TLA_REACH_GROUP + 1) * sizeof *group);
  uint32_t ninit = (uint32_t)(R->ninit < R->n ? R->ninit : R->n);
  term_vec flatbuf = {0};
  for (uint32_t i = 0; i < ninit; i++) scratch[i] = flat_cube(R->cube[i], &flatbuf);
  bool ok = check_scoped(sv, term_and2(sys->init, term_not(term_or(ninit, scratch)))) == SOLVER_UNSAT;
  /* Trans and the property once, behind selectors (Z3 would take them in
   * again for every state) */
  /* the fixed states' queries in a solver of their own: Trans behind its
   * selector slowed them (CoffeeCan100Beans 2.3 -> 4.3 s CPU) */
  solver *one = ts_engine_solver(eo);
  if (!one) ok = false;
  else ts_engine_arm(one, &eos);
  reach_ctx c;
  ctx_init(&c, R, sys);
  /* Trans's actions held (steps_covered and step_evident read a case's
   * conjuncts without building it; SlushSmall, with TLC's deadlock check:
   * 10.5 -> 9.1 s CPU, 700 -> 600 MB); the solver's queries get them built */
  term_inc *inc = term_inc_new_held(2, (term_t[]){sys->trans, term_not(sys->prop)}, 1);
  c.memo.inc = inc;
  term_t step = term_fresh_var("tla_reach_step", type_bool()), fail = term_fresh_var("tla_reach_fail", type_bool());
  solver_assert(sv, term_implies(step, sys->trans));
  solver_assert(sv, term_implies(fail, term_not(sys->prop)));
  reach_rate rate = {.span = stop && (stop - start) / 10 > 0.5 ? (stop - start) / 10 : 0.5};
  uint32_t *order = state_order(&c, R->n);
  for (size_t j = 0; j < R->n; j++) st->in_rows += c.vfirst[j] == IN_ROW;
  for (size_t p = 1; p < R->n; p++)
    for (uint32_t l = 0; l < c.L; l++)
      st->leaf_changes += c.rows[(size_t)order[p] * c.L + l] != c.rows[(size_t)order[p - 1] * c.L + l];
  for (size_t j = 0; j < R->n && ok; j += TLA_REACH_GROUP) {
    st->checked = j;
    if (stop && reach_hopeless(&rate, stop, j, R->n)) {
      ok = false;
      break;
    }
    uint32_t k = 0, g = 0, gstate[TLA_REACH_GROUP];
    for (size_t p = j; ok && p < R->n && p < j + TLA_REACH_GROUP; p++) {
      size_t i = order[p];
      folded f;
      if (fixed_query(sys, inc, &c, (uint32_t)i, succ + k, &f)) {
        ok = folded_holds(one, sym, &c, R->cube[i], &f, succ + k, scratch + k, deadlock, st);
        continue;
      }
      gstate[g++] = (uint32_t)i;
      k += successors(R, i, succ + k);
    }
    if (!ok || !g) continue;
    group_cubes(R, gstate, g, group, &flatbuf);
    st->grouped += g;
    ts_engine_arm(sv, &eos);
    term_t bad = term_or2(fail, term_and2(step, term_not(successors_or(&c, succ, k, scratch))));
    ok = check_scoped(sv, term_and2(term_or(g, group), bad)) == SOLVER_UNSAT;
    for (uint32_t i = 0; ok && deadlock && i < g; i++) ok = has_step(sv, sym, group[i], step);
  }
  if (ok) st->checked = R->n;
  st->rebuilt = term_inc_rebuilt(inc), st->by_parts = c.by_parts;
  ctx_free(&c);
  free(order);
  term_inc_free(inc);
  free(succ), free(scratch), free(group), term_vec_free(&flatbuf);
  solver_free(sv);
  if (one) solver_free(one);
  return ok;
}
