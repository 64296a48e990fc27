/* Unfolding a non-recursive Horn system; see sol_vc.h. */
#include "lang/sol/sol_vc.h"
#include <stdlib.h>
#include "core/alloc.h"
#include "core/term_map.h"

#define VC_DEPTH 64

static term_t unfold(const chc_system *s, uint32_t p, const term_t *args, sol_vc *vc, uint32_t depth, uint32_t *stack) {
  for (uint32_t i = 0; i < depth; i++)
    if (stack[i] == p) return NULL_TERM;   /* recursive: not a loop-free system */
  if (depth == VC_DEPTH) return NULL_TERM;
  stack[depth] = p;
  uint32_t n = 0, cap = 4;
  term_t *alts = xmalloc(cap * sizeof(term_t));
  bool ok = true;
  for (uint32_t ci = 0; ci < s->nclauses && ok; ci++) {
    const chc_clause *c = &s->clauses[ci];
    if (c->head.pred != p) continue;
    if (vc->budget == 0) { ok = false; break; }
    vc->budget--;
    term_t *vars;
    uint32_t nv = chc_clause_vars(c, &vars);
    term_t *fresh = xmalloc((nv + 1) * sizeof(term_t));
    uint32_t arity = s->preds[p].arity, nc = 0;
    bool *bound = xcalloc(arity + 1, sizeof(bool));
    for (uint32_t i = 0; i < nv; i++) {
      /* a head variable takes the caller's argument when that is a
       * constant or a variable: no equality, and the smart constructors
       * fold the constants through the body (BitPreciseArith's constant
       * calls of private functions become constants before Z3) */
      fresh[i] = NULL_TERM;
      for (uint32_t j = 0; j < arity && fresh[i] == NULL_TERM; j++)
        if (!bound[j] && c->head.args[j] == vars[i] && (term_is_const(args[j]) || term_is_var(args[j])) &&
            term_type(args[j]) == term_type(vars[i]))
          fresh[i] = args[j], bound[j] = true;
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
    for (uint32_t b = 0; b < c->nbody && ok; b++) {
      const chc_app *a = &c->body[b];
      uint32_t ar = s->preds[a->pred].arity;
      term_t *ba = xmalloc((ar + 1) * sizeof(term_t));
      for (uint32_t i = 0; i < ar; i++) ba[i] = term_subst(a->args[i], nv, vars, fresh);
      term_t f = unfold(s, a->pred, ba, vc, depth + 1, stack);
      free(ba);
      if (f == NULL_TERM) ok = false;
      else conj[nc++] = f;
    }
    if (ok) {
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

term_t sol_vc_unfold(const chc_system *s, uint32_t p, const term_t *args, sol_vc *vc) {
  uint32_t stack[VC_DEPTH];
  return unfold(s, p, args, vc, 0, stack);
}

void sol_vc_free(sol_vc *vc) {
  free(vc->seen);
  vc->seen = NULL;
  vc->nseen = vc->capseen = 0;
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
