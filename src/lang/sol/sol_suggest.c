/* Suggested loop invariants (issue 16, beyond the anchor): a loop head's
 * interpretation in a checked model of the exact encoding, printed in
 * Solidity syntax over the variables it names. Only a suggestion: the
 * verdict does not use it. */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/sol/sol_suggest.h"

/* t in Solidity syntax; false when it needs something without a name */
static bool put(FILE *o, term_t t, const term_t *params, char *const *names, uint32_t n, int depth) {
  if (depth > 40) return false;
  bool neg = t != term_unsigned(t);
  term_t u = term_unsigned(t);
  term_op op = term_op_of(u);
  if (op == OP_TRUE) { fputs(neg ? "false" : "true", o); return true; }
  if (neg && (term_op_of(u) == OP_LE || term_op_of(u) == OP_LT)) {   /* !(a <= b): b < a */
    fputc('(', o);
    bool ok = put(o, term_arg(u, 1), params, names, n, depth + 1);
    fputs(term_op_of(u) == OP_LE ? " < " : " <= ", o);
    ok = ok && put(o, term_arg(u, 0), params, names, n, depth + 1);
    fputc(')', o);
    return ok;
  }
  if (neg) {
    fputs("!(", o);
    bool ok = put(o, u, params, names, n, depth + 1);
    fputc(')', o);
    return ok;
  }
  uint32_t na = term_nargs(u);
  const char *inf = NULL;
  switch (op) {
  case OP_VAR:
    for (uint32_t i = 0; i < n; i++)
      if (params[i] == u) {
        if (!names[i]) return false;
        fputs(names[i], o);
        return true;
      }
    return false;
  case OP_RAT: {
    if (!term_rat_is_int(u)) return false;
    mpq_t q;
    mpq_init(q);
    term_rat_value(u, q);
    gmp_fprintf(o, "%Zd", mpq_numref(q));
    mpq_clear(q);
    return true;
  }
  case OP_AND: inf = " && "; break;
  case OP_OR: inf = " || "; break;
  case OP_ADD: inf = " + "; break;
  case OP_MUL: inf = " * "; break;
  case OP_SUB: inf = " - "; break;
  case OP_EQ: inf = " == "; break;
  case OP_LE: inf = " <= "; break;
  case OP_LT: inf = " < "; break;
  case OP_IDIV: inf = " / "; break;
  case OP_MOD: inf = " % "; break;
  case OP_NEG:
    fputs("-(", o);
    if (!put(o, term_arg(u, 0), params, names, n, depth + 1)) return false;
    fputc(')', o);
    return true;
  default: return false;
  }
  if (na < 2) return false;
  fputc('(', o);
  for (uint32_t i = 0; i < na; i++) {
    term_t x = term_arg(u, i);
    /* a + (-1 * b): a - b */
    if (i && op == OP_ADD && term_op_of(x) == OP_MUL && term_nargs(x) == 2 && term_op_of(term_arg(x, 0)) == OP_RAT &&
        term_is_true(term_eq(term_arg(x, 0), term_int(-1)))) {
      fputs(" - ", o);
      x = term_arg(x, 1);
    } else if (i) fputs(inf, o);
    if (!put(o, x, params, names, n, depth + 1)) return false;
  }
  fputc(')', o);
  return true;
}

void sol_suggest(FILE *out, const char *file, const chc_system *sys, const term_t *interp, const sol_head *heads, uint32_t nheads) {
  for (uint32_t h = 0; h < nheads; h++) {
    const sol_head *hd = &heads[h];
    if (hd->pred >= sys->npreds || interp[hd->pred] == NULL_TERM || term_is_true(interp[hd->pred])) continue;
    const chc_pred *p = &sys->preds[hd->pred];
    char *s = NULL;
    size_t ns = 0;
    FILE *o = open_memstream(&s, &ns);
    /* a conjunction: its conjuncts over named variables, the others left out
     * (what is left is weaker, still an invariant) */
    term_t t = interp[hd->pred];
    uint32_t nc = term_op_of(t) == OP_AND && t == term_unsigned(t) ? term_nargs(t) : 1;
    bool any = false;
    for (uint32_t i = 0; i < nc; i++) {
      term_t c = nc > 1 ? term_arg(t, i) : t;
      char *cs = NULL;
      size_t ncs = 0;
      FILE *co = open_memstream(&cs, &ncs);
      bool ok = put(co, c, p->params, hd->names, hd->n < p->arity ? hd->n : p->arity, 0);
      fclose(co);
      if (ok) fprintf(o, "%s%s", any ? " && " : "", cs), any = true;
      free(cs);
    }
    fclose(o);
    if (any) fprintf(out, "note: %s:%u:%u: suggested loop invariant (found by the Horn engines): /// @notice invariant %s\n", file, hd->line,
                     hd->col, s);
    free(s);
  }
}
