/* Edge frames (cfa_frame.h). */
#include "ir/cfa_frame.h"
#include <stdlib.h>
#include "core/alloc.h"

static bool reads(term_t t, term_t v) { return term_has_free_var(t, v); }

/* Bijections in x, every other variable fixed: x itself; a negation or
 * bvnot / bvneg of one; a sum, difference or xor (bit-vector or Boolean)
 * with exactly one argument bijective in x and the others not reading v
 * (modular: adding a constant is invertible); a store into an array
 * bijective in x at an index not reading v, of a value bijective in the
 * element there (the element is replaced by a bijection of itself, the
 * others kept). Anything else: not recognized (false), never wrongly
 * true. */
bool cfa_bijective_in(term_t e, term_t x, term_t v) {
  if (e == x) return true;
  if (term_is_negated(e)) return cfa_bijective_in(term_unsigned(e), x, v);
  uint32_t n = term_nargs(e);
  switch (term_op_of(e)) {
  case OP_BVNOT:
  case OP_BVNEG: return n == 1 && cfa_bijective_in(term_arg(e, 0), x, v);
  case OP_BVADD:
  case OP_BVSUB:
  case OP_BVXOR:
  case OP_XOR: {
    uint32_t bij = 0;
    for (uint32_t i = 0; i < n; i++) {
      term_t a = term_arg(e, i);
      if (!reads(a, v)) continue;
      if (bij++ > 0 || !cfa_bijective_in(a, x, v)) return false;
    }
    return bij == 1;
  }
  case OP_STORE: {
    term_t a = term_arg(e, 0), i = term_arg(e, 1), u = term_arg(e, 2);
    return !reads(i, v) && cfa_bijective_in(a, x, v) && cfa_bijective_in(u, term_select(a, i), v);
  }
  default: return false;
  }
}

static void add_write(cfa_frame *fr, term_t v) {
  for (uint32_t i = 0; i < fr->nwrites; i++)
    if (fr->writes[i] == v) return;
  fr->writes = xrealloc(fr->writes, (fr->nwrites + 1) * sizeof *fr->writes);
  fr->writes[fr->nwrites++] = v;
}

void cfa_edge_frame(const cfa_edge *ed, cfa_frame *out) {
  *out = (cfa_frame){!ed->call, !ed->call, NULL, 0};
  for (uint32_t i = 0; i < ed->nstmts; i++) {
    const cfa_stmt *s = &ed->stmts[i];
    if (s->kind == CFA_ASSIGN || s->kind == CFA_HAVOC) {
      add_write(out, s->var);
      if (s->kind == CFA_ASSIGN && !cfa_bijective_in(s->expr, s->var, s->var)) out->onto = false;
    } else {
      out->total = out->onto = false;
    }
  }
}

void cfa_frame_free(cfa_frame *fr) {
  free(fr->writes);
  fr->writes = NULL, fr->nwrites = 0;
}
