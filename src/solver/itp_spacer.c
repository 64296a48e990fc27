/* Sequence interpolation by Horn-clause solving with Z3's Spacer.
 *
 * The chain F1..Fn becomes the linear CHC system
 *   F1 ⇒ P1(s1),  Pk(sk) ∧ Fk+1 ⇒ Pk+1(sk+1),  Pn-1(sn-1) ∧ Fn ⇒ Err
 * over the shared symbols sk of each cut. If Err is unreachable, the
 * interpretation Spacer found for Pk is an interpolant for cut k. The
 * transformations that would inline or slice the predicates are disabled,
 * so every Pk keeps its own interpretation. */
#include <stdlib.h>
#include <string.h>
#include "solver/itp_internal.h"
#include "solver/z3_conv.h"
#include "solver/z3_watchdog.h"

typedef struct {
  Z3_context ctx;
  z3conv *conv;
  Z3_fixedpoint fp;
  Z3_func_decl *preds;   /* n-1 cut predicates, then Err */
  Z3_ast *heads;         /* Pk(sk) applications, then Err */
} itp_sp;

static void itp_sp_param(Z3_context z, Z3_params p, const char *k, bool v) {
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, k), v);
}

/* Rule body ⇒ head, universally closed over the free constants. */
static bool itp_sp_rule(itp_sp *sp, term_t body, Z3_ast bz, Z3_ast head, const term_vec *s1,
                        const term_vec *s2, uint32_t k) {
  Z3_context z = sp->ctx;
  term_vec all = {0};
  term_t *vs;
  uint32_t nv = term_free_vars_n(1, &body, false, &vs);
  for (uint32_t i = 0; i < nv; i++) term_vec_push(&all, vs[i]);
  free(vs);
  for (uint32_t i = 0; s1 && i < s1->size; i++) term_vec_push(&all, s1->data[i]);
  for (uint32_t i = 0; s2 && i < s2->size; i++) term_vec_push(&all, s2->data[i]);
  Z3_app *apps = malloc((all.size ? all.size : 1) * sizeof *apps);
  bool ok = apps != NULL;
  /* duplicates are harmless for forall_const, but keep the list short */
  uint32_t m = 0;
  for (uint32_t i = 0; i < all.size && ok; i++) {
    Z3_ast a = z3conv_to_z3(sp->conv, all.data[i]);
    if (!a) { ok = false; break; }
    bool dup = false;
    for (uint32_t j = 0; j < m && !dup; j++) dup = apps[j] == Z3_to_app(z, a);
    if (!dup) apps[m++] = Z3_to_app(z, a);
  }
  if (ok) {
    Z3_ast imp = Z3_mk_implies(z, bz, head);
    Z3_inc_ref(z, imp);
    char name[32];
    snprintf(name, sizeof name, "itp!r%u", k);
    ok = z3conv_add_rule(z, sp->fp, m, apps, imp, name);
    Z3_dec_ref(z, imp);
  }
  free(apps);
  term_vec_free(&all);
  return ok;
}

static solver_result itp_spacer_chc(z3conv *conv, uint32_t n, const term_t *f, const term_vec *shared,
                                    term_t *out, uint32_t timeout_ms, const char **why) {
  for (uint32_t c = 0; c + 1 < n; c++)
    for (uint32_t i = 0; i < shared[c].size; i++)
      if (type_kind_of(term_type(shared[c].data[i])) == TYPE_FUN) {
        *why = "spacer: shared function symbols";
        return SOLVER_UNKNOWN;
      }
  itp_sp sp = {0};
  solver_result res = SOLVER_UNKNOWN;
  *why = "spacer: out of memory";
  sp.conv = conv;
  Z3_context z = sp.ctx = z3conv_context(conv);
  sp.preds = calloc(n, sizeof *sp.preds);
  sp.heads = calloc(n, sizeof *sp.heads);
  if (!sp.conv || !sp.preds || !sp.heads) goto out;
  sp.fp = Z3_mk_fixedpoint(z);
  Z3_fixedpoint_inc_ref(z, sp.fp);
  Z3_params p = Z3_mk_params(z);
  Z3_params_inc_ref(z, p);
  Z3_params_set_symbol(z, p, Z3_mk_string_symbol(z, "engine"), Z3_mk_string_symbol(z, "spacer"));
  itp_sp_param(z, p, "xform.slice", false);
  itp_sp_param(z, p, "xform.inline_linear", false);
  itp_sp_param(z, p, "xform.inline_eager", false);
  /* These transformations lack model conversion (or drop predicates whose
   * rules are unsat), leaving wrong interpretations for the cut predicates. */
  itp_sp_param(z, p, "xform.subsumption_checker", false);
  itp_sp_param(z, p, "xform.coi", false);
  itp_sp_param(z, p, "xform.compress_unbound", false);
  /* The system is not recursive: Err is derivable at depth n or never.
   * Starting there skips n rounds over the lower levels (10x on paths). */
  Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "spacer.min_level"), n);
  Z3_fixedpoint_set_params(z, sp.fp, p);
  Z3_params_dec_ref(z, p);
  *why = "spacer: translation failed";
  if (z3conv_failed(z, why)) goto out;

  /* predicates and their head applications */
  for (uint32_t c = 0; c < n; c++) {
    uint32_t k = c + 1 < n ? shared[c].size : 0;
    Z3_sort *dom = malloc((k ? k : 1) * sizeof *dom);
    Z3_ast *args = malloc((k ? k : 1) * sizeof *args);
    bool ok = dom && args;
    for (uint32_t i = 0; i < k && ok; i++) {
      args[i] = z3conv_to_z3(sp.conv, shared[c].data[i]);
      ok = args[i] != NULL;
      if (ok) dom[i] = Z3_get_sort(z, args[i]);
    }
    if (ok) {
      char name[32];
      snprintf(name, sizeof name, c + 1 < n ? "itp!P%u" : "itp!Err", c + 1);
      sp.preds[c] = Z3_mk_func_decl(z, Z3_mk_string_symbol(z, name), k, dom, Z3_mk_bool_sort(z));
      Z3_inc_ref(z, Z3_func_decl_to_ast(z, sp.preds[c]));
      Z3_fixedpoint_register_relation(z, sp.fp, sp.preds[c]);
      sp.heads[c] = Z3_mk_app(z, sp.preds[c], k, args);
      Z3_inc_ref(z, sp.heads[c]);
    }
    free(dom); free(args);
    if (!ok || z3conv_failed(z, NULL)) goto out;
  }
  /* rules */
  for (uint32_t c = 0; c < n; c++) {
    Z3_ast fz = z3conv_to_z3(sp.conv, f[c]);
    if (!fz) goto out;
    Z3_ast body = fz;
    if (c) {
      Z3_ast two[2] = {sp.heads[c - 1], fz};
      body = Z3_mk_and(z, 2, two);
    }
    Z3_inc_ref(z, body);
    bool ok = itp_sp_rule(&sp, f[c], body, sp.heads[c], c ? &shared[c - 1] : NULL,
                          c + 1 < n ? &shared[c] : NULL, c);
    Z3_dec_ref(z, body);
    if (!ok) goto out;
  }
  uint64_t w = z3_watchdog_arm(z, NULL, timeout_ms);
  Z3_lbool r = Z3_fixedpoint_query_relations(z, sp.fp, 1, &sp.preds[n - 1]);
  bool fired = z3_watchdog_disarm(w);
  if (r == Z3_L_TRUE) { res = SOLVER_SAT; goto out; }
  if (r != Z3_L_FALSE) {
    *why = fired ? "spacer: timeout" : "spacer: unknown";
    goto out;
  }
  /* Interpretations use de Bruijn variables: Var(i) is argument i. */
  *why = "spacer: interpretation not translated";
  for (uint32_t c = 0; c + 1 < n; c++) {
    Z3_ast cover = Z3_fixedpoint_get_cover_delta(z, sp.fp, -1, sp.preds[c]);
    if (!cover || z3conv_failed(z, NULL)) goto out;
    Z3_inc_ref(z, cover);
    uint32_t k = shared[c].size;
    Z3_ast *to = malloc((k ? k : 1) * sizeof *to);
    Z3_ast inst = NULL;
    if (to) {
      for (uint32_t i = 0; i < k; i++) to[i] = z3conv_to_z3(sp.conv, shared[c].data[i]);
      inst = Z3_substitute_vars(z, cover, k, to);
      if (inst) Z3_inc_ref(z, inst);
    }
    free(to);
    Z3_dec_ref(z, cover);
    if (!inst) goto out;
    out[c] = z3conv_from_z3(sp.conv, inst);
    Z3_dec_ref(z, inst);
    if (out[c] == NULL_TERM) goto out;
  }
  res = SOLVER_UNSAT;
out:
  if (sp.heads) for (uint32_t c = 0; c < n; c++) if (sp.heads[c]) Z3_dec_ref(z, sp.heads[c]);
  if (sp.preds) for (uint32_t c = 0; c < n; c++) if (sp.preds[c]) Z3_dec_ref(z, Z3_func_decl_to_ast(z, sp.preds[c]));
  free(sp.heads); free(sp.preds);
  if (sp.fp) Z3_fixedpoint_dec_ref(z, sp.fp);
  return res;
}

/* Spacer answers "safe" at level 0 with every cut predicate true when a
 * prefix is unsat by itself, which is no interpolant. So the shortest unsat
 * prefix F1..Fk is found first (this also answers SAT cheaply): the cuts
 * from k on get false, the earlier ones come from the CHC system of F1..Fk,
 * whose shared symbols are a subset of the original ones. */
solver_result itp_spacer(uint32_t n, const term_t *f, const term_vec *shared, term_t *out,
                         uint32_t timeout_ms, const char **why) {
  (void)shared;
  *why = "spacer: out of memory";
  Z3_context z = z3conv_mk_context();
  z3conv *conv = z ? z3conv_new(z) : NULL;
  Z3_solver s = conv ? z3conv_mk_solver(z, false) : NULL;
  if (!s) { z3conv_free(conv); if (z) Z3_del_context(z); return SOLVER_UNKNOWN; }
  uint32_t k = n;
  solver_result r = SOLVER_SAT;
  for (uint32_t c = 0; c < n && r == SOLVER_SAT; c++) {
    Z3_ast fz = z3conv_to_z3(conv, f[c]);
    if (!fz) { r = SOLVER_UNKNOWN; break; }
    Z3_solver_assert(z, s, fz);
    Z3_lbool l = z3_watchdog_check(z, s, timeout_ms, 0, NULL, NULL);
    r = l == Z3_L_TRUE ? SOLVER_SAT : l == Z3_L_FALSE ? SOLVER_UNSAT : SOLVER_UNKNOWN;
    if (r == SOLVER_UNSAT) k = c;
  }
  Z3_solver_dec_ref(z, s);
  if (r != SOLVER_UNSAT) {
    if (r == SOLVER_UNKNOWN) *why = "spacer: prefix check unknown";
    z3conv_free(conv);
    Z3_del_context(z);
    return r;
  }
  for (uint32_t c = k; c + 1 < n; c++) out[c] = term_false();
  term_vec *sh = k ? itp_shared_symbols(k + 1, f) : NULL;
  if (k && sh) r = itp_spacer_chc(conv, k + 1, f, sh, out, timeout_ms, why);
  else if (k) r = SOLVER_UNKNOWN;
  if (sh) itp_shared_free(k + 1, sh);
  z3conv_free(conv);
  Z3_del_context(z);
  return r == SOLVER_SAT ? SOLVER_UNKNOWN : r;
}
