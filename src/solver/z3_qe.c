/* Quantifier elimination through Z3 (see z3_qe.h). */
#include "solver/z3_qe.h"
#include <stdlib.h>
#include "core/alloc.h"
#include "solver/z3_conv.h"

static bool has_quantifier(term_t t) {
  term_t u = term_unsigned(t);
  if (term_op_of(u) == OP_FORALL || term_op_of(u) == OP_EXISTS) return true;
  for (uint32_t i = 0; i < term_nargs(u); i++)
    if (has_quantifier(term_arg(u, i))) return true;
  return false;
}

struct z3_qe_session {
  Z3_context z;
  z3conv *cv;
  Z3_tactic both;   /* qe, then simplify */
};

z3_qe_session *z3_qe_open(void) {
  Z3_context z = z3conv_mk_context();
  if (!z) return NULL;
  z3_qe_session *q = xcalloc(1, sizeof *q);
  q->z = z;
  q->cv = z3conv_new(z);
  Z3_tactic qe = Z3_mk_tactic(z, "qe");
  Z3_tactic_inc_ref(z, qe);
  Z3_tactic simp = Z3_mk_tactic(z, "simplify");
  Z3_tactic_inc_ref(z, simp);
  q->both = Z3_tactic_and_then(z, qe, simp);
  Z3_tactic_inc_ref(z, q->both);
  Z3_tactic_dec_ref(z, simp);
  Z3_tactic_dec_ref(z, qe);
  return q;
}

void z3_qe_close(z3_qe_session *q) {
  if (!q) return;
  Z3_tactic_dec_ref(q->z, q->both);
  bool clean = !z3conv_declared_datatypes(q->cv);
  if (q->cv) z3conv_free(q->cv);
  z3conv_release_context(q->z, clean);
  free(q);
}

term_t z3_qe_in(z3_qe_session *q, term_t t, uint32_t timeout_ms) {
  if (!q || !q->cv) return NULL_TERM;
  Z3_context z = q->z;
  z3conv *cv = q->cv;
  term_t res = NULL_TERM;
  Z3_ast a = z3conv_to_z3(cv, t);
  if (!a) return NULL_TERM;
  Z3_goal g = Z3_mk_goal(z, false, false, false);
  Z3_goal_inc_ref(z, g);
  Z3_goal_assert(z, g, a);
  Z3_tactic run = timeout_ms ? Z3_tactic_try_for(z, q->both, timeout_ms) : q->both;
  Z3_tactic_inc_ref(z, run);
  Z3_apply_result r = Z3_tactic_apply(z, run, g);
  const char *msg;
  if (r && !z3conv_failed(z, &msg)) {
    Z3_apply_result_inc_ref(z, r);
    if (Z3_apply_result_get_num_subgoals(z, r) == 1) {
      Z3_goal sg = Z3_apply_result_get_subgoal(z, r, 0);
      Z3_goal_inc_ref(z, sg);
      uint32_t n = Z3_goal_size(z, sg);
      term_t *parts = xcalloc(n + 1, sizeof *parts);
      bool ok = true;
      for (uint32_t i = 0; i < n && ok; i++) {
        parts[i] = z3conv_from_z3(cv, Z3_goal_formula(z, sg, i));
        ok = parts[i] != NULL_TERM;
      }
      if (ok) res = term_and(n, parts);
      if (ok && has_quantifier(res)) res = NULL_TERM;
      free(parts);
      Z3_goal_dec_ref(z, sg);
    }
    Z3_apply_result_dec_ref(z, r);
  }
  Z3_tactic_dec_ref(z, run);
  Z3_goal_dec_ref(z, g);
  return res;
}

term_t z3_qe(term_t t, uint32_t timeout_ms) {
  z3_qe_session *q = z3_qe_open();
  term_t r = z3_qe_in(q, t, timeout_ms);
  z3_qe_close(q);
  return r;
}
