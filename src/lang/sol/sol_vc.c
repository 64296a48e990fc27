/* Unfolding a non-recursive Horn system; see sol_vc.h. */
#include "lang/sol/sol_vc.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"

#define VC_DEPTH 64

#define OFF UINT32_MAX   /* not on a site's own path: variables from the global counter */

/* sol_vc_unfold_at's sharing. The instances on the path of the site's own
 * number k (their arguments mention k: the Err clause, the callee whose
 * check it is, ...) are named by their place in the unfolding tree (the
 * same place in two sites' formulas: the same variables; in one formula
 * each place once); an application off that path (its arguments do not
 * mention k: the code before the callee) is unfolded once with fresh
 * variables and then shared by every formula that has it (once per
 * formula: a second instance in one formula is unfolded afresh). */
struct sol_vc_memo {
  term_t k;           /* the current site's number */
  term_map done;      /* application p(args) -> its unfolding */
  term_map used;      /* the applications taken from done in the current formula */
  uint64_t *keys;     /* places: (parent place, body position or clause) -> id */
  uint32_t *ids, cap, n;
  term_t **vars;      /* [id]: the variables of the clause instance at a place */
  uint32_t capvars;
};

static uint32_t place(struct sol_vc_memo *m, uint32_t parent, uint32_t what) {
  uint64_t key = ((uint64_t)parent << 32) | what;
  if (2 * (m->n + 1) > m->cap) {
    uint32_t oc = m->cap, nc = oc ? 2 * oc : 1024;
    uint64_t *ok = m->keys;
    uint32_t *oi = m->ids;
    m->keys = xmalloc(nc * sizeof(uint64_t));
    m->ids = xcalloc(nc, sizeof(uint32_t));
    m->cap = nc;
    for (uint32_t i = 0; i < oc; i++)
      if (oi[i]) {
        uint32_t j = (uint32_t)((ok[i] * 0x9E3779B97F4A7C15ull) >> 40) & (nc - 1);
        while (m->ids[j]) j = (j + 1) & (nc - 1);
        m->keys[j] = ok[i], m->ids[j] = oi[i];
      }
    free(ok);
    free(oi);
  }
  uint32_t j = (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 40) & (m->cap - 1);
  while (m->ids[j] && m->keys[j] != key) j = (j + 1) & (m->cap - 1);
  if (!m->ids[j]) m->keys[j] = key, m->ids[j] = ++m->n;
  return m->ids[j];
}

static term_t place_var(struct sol_vc_memo *m, uint32_t id, uint32_t i, uint32_t nv, term_t v) {
  if (id >= m->capvars) {
    uint32_t nc = 2 * id + 64;
    m->vars = xrealloc(m->vars, nc * sizeof(term_t *));
    memset(m->vars + m->capvars, 0, (nc - m->capvars) * sizeof(term_t *));
    m->capvars = nc;
  }
  if (!m->vars[id]) {
    m->vars[id] = xmalloc((nv + 1) * sizeof(term_t));
    for (uint32_t j = 0; j <= nv; j++) m->vars[id][j] = NULL_TERM;
  }
  if (m->vars[id][i] == NULL_TERM) m->vars[id][i] = term_fresh_var(term_var_name(v), term_type(v));
  return m->vars[id][i];
}

static term_t unfold(const chc_system *s, uint32_t p, const term_t *args, sol_vc *vc, uint32_t depth, uint32_t *stack, term_t only,
                     uint32_t at);

/* p(args) off the site's path: shared with an earlier formula unless this
 * one already has it */
static term_t unfold_shared(const chc_system *s, uint32_t p, const term_t *args, sol_vc *vc, uint32_t depth, uint32_t *stack) {
  struct sol_vc_memo *m = vc->memo;
  if (!m) return unfold(s, p, args, vc, depth, stack, NULL_TERM, OFF);
  uint32_t ar = s->preds[p].arity;
  term_t key = ar ? term_apply(s->preds[p].sym, ar, args) : s->preds[p].sym;
  if (key == NULL_TERM || term_map_has(&m->used, key)) return unfold(s, p, args, vc, depth, stack, NULL_TERM, OFF);
  term_map_put(&m->used, key, 1);
  if (term_map_has(&m->done, key)) return (term_t)term_map_get(&m->done, key);
  term_t f = unfold(s, p, args, vc, depth, stack, NULL_TERM, OFF);
  if (f != NULL_TERM) term_map_put(&m->done, key, f);
  return f;
}

/* only != NULL_TERM: at depth 0, the clauses whose first head argument is
 * another constant are left out (they cannot derive p(only, ..)). at: the
 * place of this application on the site's path (sol_vc_memo), or OFF. */
static term_t unfold(const chc_system *s, uint32_t p, const term_t *args, sol_vc *vc, uint32_t depth, uint32_t *stack, term_t only,
                     uint32_t at) {
  struct sol_vc_memo *m = at != OFF ? vc->memo : NULL;
  for (uint32_t i = 0; i < depth; i++)
    if (stack[i] == p) return NULL_TERM;   /* recursive: not a loop-free system */
  if (depth == VC_DEPTH) return NULL_TERM;
  stack[depth] = p;
  uint32_t n = 0, cap = 4;
  term_t *alts = xmalloc(cap * sizeof(term_t));
  bool ok = true;
  for (uint32_t hi = vc->hstart[p]; hi < vc->hstart[p + 1] && ok; hi++) {
    const chc_clause *c = &s->clauses[vc->hlist[hi]];
    if (depth == 0 && only != NULL_TERM && term_is_false(term_eq(c->head.args[0], only))) continue;
    if (vc->budget == 0) { ok = false; break; }
    vc->budget--;
    term_t *vars;
    uint32_t nv = chc_clause_vars(c, &vars);
    uint32_t inst = m ? place(m, at, 2 * vc->hlist[hi] + 1) : OFF;
    term_t *fresh = xmalloc((nv + 1) * sizeof(term_t));
    uint32_t arity = s->preds[p].arity, nc = 0;
    bool *bound = xcalloc(arity + 1, sizeof(bool));
    for (uint32_t i = 0; i < nv; i++) {
      /* a head variable takes the caller's argument when that is a
       * constant or a variable: no equality, and the smart constructors
       * fold the constants through the body (BitPreciseArith's constant
       * calls of private functions become constants before Z3) */
      /* a global of the whole formula (Houdini's guards): never renamed */
      fresh[i] = strncmp(term_var_name(vars[i]), SOL_GLOBAL_PREFIX, strlen(SOL_GLOBAL_PREFIX)) == 0 ? vars[i] : NULL_TERM;
      for (uint32_t j = 0; j < arity && fresh[i] == NULL_TERM; j++)
        if (!bound[j] && c->head.args[j] == vars[i] && (term_is_const(args[j]) || term_is_var(args[j])) &&
            term_type(args[j]) == term_type(vars[i]))
          fresh[i] = args[j], bound[j] = true;
      if (fresh[i] == NULL_TERM && m) fresh[i] = place_var(m, inst, i, nv, vars[i]);
      if (fresh[i] == NULL_TERM) fresh[i] = term_fresh_var(term_var_name(vars[i]), term_type(vars[i]));
      if (vc->nseen == vc->capseen) {
        vc->capseen = vc->capseen ? 2 * vc->capseen : 64;
        vc->seen = xrealloc(vc->seen, 2 * vc->capseen * sizeof(term_t));
      }
      vc->seen[2 * vc->nseen] = vars[i];
      vc->seen[2 * vc->nseen++ + 1] = fresh[i];
    }
    term_t *conj = xmalloc((arity + c->nbody + 2) * sizeof(term_t));
    conj[nc++] = term_subst(c->constraint, nv, vars, fresh);
    for (uint32_t i = 0; i < arity; i++)
      if (!bound[i]) conj[nc++] = term_eq(term_subst(c->head.args[i], nv, vars, fresh), args[i]);
    free(bound);
    /* a clause instance whose constraint folds to false (another check's
     * number, sol_vc_unfold_at) derives nothing: its body is not unfolded */
    bool dead = false;
    for (uint32_t i = 0; i < nc; i++) dead |= term_is_false(conj[i]);
    for (uint32_t b = 0; b < c->nbody && ok && !dead; b++) {
      const chc_app *a = &c->body[b];
      uint32_t ar = s->preds[a->pred].arity;
      term_t *ba = xmalloc((ar + 1) * sizeof(term_t));
      for (uint32_t i = 0; i < ar; i++) ba[i] = term_subst(a->args[i], nv, vars, fresh);
      bool mine = false;   /* on the site's path */
      for (uint32_t i = 0; m && i < ar; i++) mine |= ba[i] == m->k;
      term_t f = mine ? unfold(s, a->pred, ba, vc, depth + 1, stack, NULL_TERM, place(m, inst, 2 * b))
                      : unfold_shared(s, a->pred, ba, vc, depth + 1, stack);
      free(ba);
      if (f == NULL_TERM) ok = false;
      else conj[nc++] = f, dead |= term_is_false(f);
    }
    if (ok && !dead) {
      if (n == cap) alts = xrealloc(alts, (cap *= 2) * sizeof(term_t));
      alts[n++] = term_and(nc, conj);
    }
    free(conj);
    free(fresh);
    free(vars);
  }
  term_t r = ok ? term_or(n, alts) : NULL_TERM;
  free(alts);
  return r;
}

/* the clauses of s by head predicate, in order (queries left out) */
static void index_heads(const chc_system *s, sol_vc *vc) {
  if (vc->hstart) return;
  vc->hstart = xcalloc(s->npreds + 2, sizeof(uint32_t));
  vc->hlist = xmalloc((s->nclauses + 1) * sizeof(uint32_t));
  for (uint32_t ci = 0; ci < s->nclauses; ci++)
    if (s->clauses[ci].head.pred < s->npreds) vc->hstart[s->clauses[ci].head.pred + 1]++;
  for (uint32_t p = 0; p < s->npreds; p++) vc->hstart[p + 1] += vc->hstart[p];
  uint32_t *fill = xmalloc((s->npreds + 1) * sizeof(uint32_t));
  memcpy(fill, vc->hstart, (s->npreds + 1) * sizeof(uint32_t));
  for (uint32_t ci = 0; ci < s->nclauses; ci++)
    if (s->clauses[ci].head.pred < s->npreds) vc->hlist[fill[s->clauses[ci].head.pred]++] = ci;
  free(fill);
}

term_t sol_vc_unfold(const chc_system *s, uint32_t p, const term_t *args, sol_vc *vc) {
  index_heads(s, vc);
  uint32_t stack[VC_DEPTH];
  return unfold(s, p, args, vc, 0, stack, NULL_TERM, OFF);
}

term_t sol_vc_unfold_at(const chc_system *s, uint32_t p, term_t k, sol_vc *vc) {
  index_heads(s, vc);
  if (!vc->memo) {
    vc->memo = xcalloc(1, sizeof *vc->memo);
    term_map_init(&vc->memo->done);
    term_map_init(&vc->memo->used);
  }
  term_map_clear(&vc->memo->used);
  vc->memo->k = k;
  uint32_t stack[VC_DEPTH];
  return unfold(s, p, &k, vc, 0, stack, k, 0);
}

void sol_vc_free(sol_vc *vc) {
  free(vc->seen);
  free(vc->hstart);
  free(vc->hlist);
  if (vc->memo) {
    term_map_free(&vc->memo->done);
    term_map_free(&vc->memo->used);
    for (uint32_t i = 0; i < vc->memo->capvars; i++) free(vc->memo->vars[i]);
    free(vc->memo->vars);
    free(vc->memo->keys);
    free(vc->memo->ids);
    free(vc->memo);
    vc->memo = NULL;
  }
  vc->seen = NULL;
  vc->hstart = vc->hlist = NULL;
  vc->nseen = vc->capseen = 0;
}

/* whether node u (unsigned) contains e, memoized in dep */
static bool contains_e(sol_vc_family *fam, term_t u) {
  if (term_map_has(&fam->dep, u)) return term_map_get(&fam->dep, u) != 0;
  bool has = u == fam->e;
  for (uint32_t i = 0; i < term_nargs(u) && !has; i++) has = contains_e(fam, term_unsigned(term_arg(u, i)));
  term_map_put(&fam->dep, u, has);
  return has;
}

void sol_vc_family_init(sol_vc_family *fam, term_t t, term_t e) {
  fam->t = t, fam->e = e;
  term_map_init(&fam->dep);
  term_map_init(&fam->memo);
  contains_e(fam, term_unsigned(t));
}

static term_t family_at(sol_vc_family *fam, term_t t, term_t k) {
  term_t u = term_unsigned(t);
  if (!contains_e(fam, u)) return t;
  if (u == fam->e) return k;
  term_t r = term_map_get(&fam->memo, u);
  if (r == NULL_TERM) {
    uint32_t n = term_nargs(u);
    term_t *a = xmalloc((n + 1) * sizeof(term_t));
    for (uint32_t i = 0; i < n; i++) a[i] = family_at(fam, term_arg(u, i), k);
    r = term_with_args(u, a);
    free(a);
    term_map_put(&fam->memo, u, r);
  }
  return r ^ (t & 1);
}

term_t sol_vc_family_at(sol_vc_family *fam, term_t k) {
  term_map_clear(&fam->memo);
  return family_at(fam, fam->t, k);
}

void sol_vc_family_free(sol_vc_family *fam) {
  term_map_free(&fam->dep);
  term_map_free(&fam->memo);
}

/* t under polarity pos (true: as stated), memoized per polarity */
static term_t skolem(term_t t, bool pos, term_map *memo) {
  bool neg = term_is_negated(t);
  term_t u = term_unsigned(t);
  bool p = neg ? !pos : pos;
  term_t r = term_map_get(&memo[p], u);
  if (r == NULL_TERM) {
    term_op op = term_op_of(u);
    uint32_t n = term_nargs(u);
    if (op == OP_AND || op == OP_OR) {
      term_t *a = xmalloc((n + 1) * sizeof(term_t));
      for (uint32_t i = 0; i < n; i++) a[i] = skolem(term_arg(u, i), p, memo);
      r = op == OP_AND ? term_and(n, a) : term_or(n, a);
      free(a);
    } else if ((op == OP_EXISTS && p) || (op == OP_FORALL && !p)) {
      term_t *k = xmalloc(n * sizeof(term_t));
      for (uint32_t i = 0; i + 1 < n; i++) k[i] = term_fresh_var(term_var_name(term_arg(u, i)), term_type(term_arg(u, i)));
      r = skolem(term_subst(term_arg(u, n - 1), n - 1, term_args(u), k), p, memo);
      free(k);
    } else r = u;
    term_map_put(&memo[p], u, r);
  }
  return neg ? term_not(r) : r;
}

term_t sol_vc_skolemize(term_t t) {
  term_map memo[2];
  term_map_init(&memo[0]);
  term_map_init(&memo[1]);
  term_t r = skolem(t, true, memo);
  term_map_free(&memo[0]);
  term_map_free(&memo[1]);
  return r;
}

static bool has_quantifier(term_t t, term_map *seen) {
  t = term_unsigned(t);
  if (term_map_has(seen, t)) return false;
  term_map_put(seen, t, 1);
  term_op op = term_op_of(t);
  if (op == OP_FORALL || op == OP_EXISTS || op == OP_APPLY) return true;
  for (uint32_t i = 0; i < term_nargs(t); i++)
    if (has_quantifier(term_arg(t, i), seen)) return true;
  return false;
}

bool sol_vc_quantified(const chc_system *s) {
  term_map seen;
  term_map_init(&seen);
  bool q = false;
  for (uint32_t i = 0; i < s->nclauses && !q; i++) q = has_quantifier(s->clauses[i].constraint, &seen);
  term_map_free(&seen);
  return q;
}
