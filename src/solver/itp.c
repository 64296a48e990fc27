/* Interpolation front door: shared symbols, strategy order, fallback, and
 * the validity check that every returned interpolant passes. */
#include <stdlib.h>
#include <string.h>
#include "core/limits.h"
#include "solver/idmap.h"
#include "solver/itp_internal.h"
#include "solver/z3_conv.h"
#include "solver/z3_watchdog.h"

bool itp_strategy_parse(const char *s, itp_strategy *out) {
  if (!strcmp(s, "auto")) *out = ITP_AUTO;
  else if (!strcmp(s, "spacer")) *out = ITP_SPACER;
  else if (!strcmp(s, "mbp")) *out = ITP_MBP;
  else return false;
  return true;
}

/* ---------------- shared symbols ---------------- */

void itp_shared_free(uint32_t n, term_vec *shared) {
  if (!shared) return;
  for (uint32_t c = 0; c + 1 < n; c++) term_vec_free(&shared[c]);
  free(shared);
}

term_vec *itp_shared_symbols(uint32_t n, const term_t *f) {
  term_vec *shared = calloc(n, sizeof *shared);
  idmap last;     /* symbol -> last formula index containing it */
  idmap_init(&last);
  term_vec order = {0};
  if (!shared) return NULL;
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++) {
    term_t *vs;
    uint32_t k = term_free_vars_n(1, &f[i], true, &vs);
    for (uint32_t j = 0; j < k && ok; j++) {
      if (!idmap_get(&last, (uint32_t)vs[j], NULL)) term_vec_push(&order, vs[j]);
      ok = idmap_put(&last, (uint32_t)vs[j], i);
    }
    free(vs);
  }
  /* first occurrence: recompute cheaply by scanning in order */
  idmap first;
  idmap_init(&first);
  for (uint32_t i = 0; i < n && ok; i++) {
    term_t *vs;
    uint32_t k = term_free_vars_n(1, &f[i], true, &vs);
    for (uint32_t j = 0; j < k && ok; j++)
      if (!idmap_get(&first, (uint32_t)vs[j], NULL)) ok = idmap_put(&first, (uint32_t)vs[j], i);
    free(vs);
  }
  for (uint32_t j = 0; j < order.size && ok; j++) {
    uintptr_t a, b;
    idmap_get(&first, (uint32_t)order.data[j], &a);
    idmap_get(&last, (uint32_t)order.data[j], &b);
    for (uintptr_t c = a; c < b; c++) term_vec_push(&shared[c], order.data[j]);
  }
  idmap_free(&first); idmap_free(&last);
  term_vec_free(&order);
  if (!ok) { itp_shared_free(n, shared); return NULL; }
  return shared;
}

/* ---------------- check ---------------- */

static bool itp_symbols_ok(term_t itp, const term_vec *shared) {
  term_t *vs;
  uint32_t k = term_free_vars_n(1, &itp, true, &vs);
  bool ok = true;
  for (uint32_t i = 0; i < k && ok; i++) {
    bool found = false;
    for (uint32_t j = 0; j < shared->size && !found; j++) found = shared->data[j] == vs[i];
    ok = found;
  }
  free(vs);
  return ok;
}

/* a ∧ b unsat, in the checking solver. */
static bool itp_unsat(z3conv *conv, Z3_solver s, term_t a, term_t b, uint32_t timeout_ms) {
  Z3_context z = z3conv_context(conv);
  Z3_ast az = a == NULL_TERM ? NULL : z3conv_to_z3(conv, a);
  Z3_ast bz = az && b != NULL_TERM ? z3conv_to_z3(conv, b) : NULL;
  if (!bz) return false;
  Z3_solver_push(z, s);
  Z3_solver_assert(z, s, az);
  Z3_solver_assert(z, s, bz);
  bool ok = z3_watchdog_check(z, s, timeout_ms, 0, NULL, NULL) == Z3_L_FALSE;
  Z3_solver_pop(z, s, 1);
  return ok;
}

bool itp_check(z3conv *conv, uint32_t n, const term_t *f, const term_vec *shared, const term_t *itp,
               uint32_t timeout_ms) {
  Z3_context z = z3conv_context(conv);
  Z3_solver s = z3conv_mk_solver(z, false);
  if (!s) return false;
  bool ok = true;
  for (uint32_t c = 0; c + 1 < n && ok; c++) {
    ok = itp[c] != NULL_TERM && itp_symbols_ok(itp[c], &shared[c]);
    /* I(c-1) ∧ F(c) ⇒ I(c), with I(-1) = true */
    term_t pre = c ? term_and2(itp[c - 1], f[c]) : f[c];
    ok = ok && itp_unsat(conv, s, pre, term_not(itp[c]), timeout_ms);
  }
  ok = ok && itp_unsat(conv, s, itp[n - 2], f[n - 1], timeout_ms);
  Z3_solver_dec_ref(z, s);
  return ok;
}

/* ---------------- dispatch ---------------- */

/* A call's budget as limits (limits_from_timeout; no deadline for 0), so
 * that the steps after the first (the check, the other strategy) get what
 * is left of it (limits_remaining_ms), not all of it again: a run's
 * --timeout bounds the whole interpolation. */
static zeta_limits itp_budget(uint32_t timeout_ms) { return limits_from_timeout(timeout_ms / 1000.0); }

static uint64_t strategy_runs;
uint64_t itp_strategy_runs(void) { return strategy_runs; }

static solver_result itp_run(itp_strategy st, uint32_t n, const term_t *f, const term_vec *shared,
                             term_t *out, uint32_t timeout_ms, const char **why) {
  strategy_runs++;
  /* One context for reading the child's answer and for checking it. */
  Z3_context z = z3conv_mk_context();
  z3conv *conv = z ? z3conv_new(z) : NULL;
  *why = "out of memory";
  solver_result r = SOLVER_UNKNOWN;
  if (conv) {
    zeta_limits budget = itp_budget(timeout_ms);
    r = itp_isolated(conv, st == ITP_SPACER ? itp_spacer : itp_mbp, n, f, shared, out, timeout_ms, why);
    if (r == SOLVER_UNSAT && !itp_check(conv, n, f, shared, out, limits_remaining_ms(&budget))) {
      *why = "interpolant failed the check";
      r = SOLVER_UNKNOWN;
    }
  }
  /* the reading and checking context goes back as the process's spare
   * (the next interpolation takes it: ~20-30 ms of page faults a context
   * on a VM); the checks interrupt only their solver */
  z3conv_free_release(conv, z, conv != NULL);
  return r;
}

void itp_tree_cut(uint32_t m, const term_t *node, const uint32_t *parent, const term_t *itp, uint32_t k, term_t f[2]) {
  term_vec av = {0}, bv = {0};
  term_vec_push(&av, node[k]);
  for (uint32_t u = 0; u < m; u++) {
    if (u < k) term_vec_push(&bv, node[u]);
    else if (u > k && parent[u] == k) term_vec_push(&av, itp[u]);
    else if (u > k && parent[u] < k) term_vec_push(&bv, itp[u]);
  }
  f[0] = term_and(av.size, av.data);
  f[1] = term_and(bv.size, bv.data);
  term_vec_free(&av);
  term_vec_free(&bv);
}

/* Each cut's interpolant out[k] checked as itp_run checks a sequence's. */
static bool itp_tree_check(z3conv *conv, uint32_t m, const term_t *node, const uint32_t *parent, const term_t *out,
                           uint32_t timeout_ms) {
  bool ok = true;
  for (uint32_t k = m; k-- > 1 && ok;) {
    term_t f[2];
    itp_tree_cut(m, node, parent, out, k, f);
    term_vec *shared = itp_shared_symbols(2, f);
    ok = shared && itp_check(conv, 2, f, shared, &out[k], timeout_ms);
    itp_shared_free(2, shared);
  }
  return ok;
}

solver_result itp_tree_mbp(uint32_t m, const term_t *node, const uint32_t *parent, term_t *out,
                           uint32_t timeout_ms, const char **why) {
  const char *dummy;
  if (!why) why = &dummy;
  *why = "bad arguments";
  if (m < 2) return SOLVER_UNKNOWN;
  for (uint32_t k = 0; k < m; k++) if (node[k] == NULL_TERM || (k && parent[k] >= k)) return SOLVER_UNKNOWN;
  term_vec syms = {0};
  syms.size = syms.cap = term_free_vars_n(m, node, true, &syms.data);
  Z3_context z = z3conv_mk_context();
  z3conv *conv = z ? z3conv_new(z) : NULL;
  *why = "out of memory";
  solver_result r = SOLVER_UNKNOWN;
  if (conv) {
    zeta_limits budget = itp_budget(timeout_ms);
    r = itp_isolated_tree(conv, m, node, parent, &syms, out, timeout_ms, why);
    if (r == SOLVER_UNSAT && !itp_tree_check(conv, m, node, parent, out, limits_remaining_ms(&budget))) {
      *why = "interpolant failed the check";
      r = SOLVER_UNKNOWN;
    }
  }
  /* as itp_run's */
  z3conv_free_release(conv, z, conv != NULL);
  free(syms.data);
  return r;
}

solver_result itp_sequence_only(itp_strategy st, uint32_t n, const term_t *f, term_t *out,
                                uint32_t timeout_ms, const char **why) {
  const char *dummy;
  if (!why) why = &dummy;
  *why = "bad arguments";
  if (n < 2 || st == ITP_AUTO) return SOLVER_UNKNOWN;
  for (uint32_t i = 0; i < n; i++) if (f[i] == NULL_TERM) return SOLVER_UNKNOWN;
  term_vec *shared = itp_shared_symbols(n, f);
  *why = "out of memory";
  if (!shared) return SOLVER_UNKNOWN;
  solver_result r = itp_run(st, n, f, shared, out, timeout_ms, why);
  itp_shared_free(n, shared);
  return r;
}

/* Order for ITP_AUTO, from bench/itp_bench: on arithmetic, Spacer is
 * about as fast as MBP up to 50 steps and its Farkas interpolants are
 * relational, so it goes first there; MBP is 3x faster on longer paths, and
 * on bit-vectors Spacer takes tens of seconds (and Z3 4.8.12 aborts in it)
 * where MBP takes a fraction of a second. */
static bool itp_has_bv(uint32_t n, const term_vec *shared) {
  for (uint32_t c = 0; c + 1 < n; c++)
    for (uint32_t i = 0; i < shared[c].size; i++)
      if (type_kind_of(term_type(shared[c].data[i])) == TYPE_BV) return true;
  return false;
}

solver_result itp_sequence(itp_strategy st, uint32_t n, const term_t *f, term_t *out, uint32_t timeout_ms) {
  if (n < 2) return SOLVER_UNKNOWN;
  for (uint32_t i = 0; i < n; i++) if (f[i] == NULL_TERM) return SOLVER_UNKNOWN;
  term_vec *shared = itp_shared_symbols(n, f);
  if (!shared) return SOLVER_UNKNOWN;
  itp_strategy order[2] = {ITP_MBP, ITP_SPACER};
  uint32_t tries = 2;
  if (st == ITP_AUTO && n < 50 && !itp_has_bv(n, shared)) { order[0] = ITP_SPACER; order[1] = ITP_MBP; }
  if (st != ITP_AUTO) { order[0] = st; order[1] = st == ITP_MBP ? ITP_SPACER : ITP_MBP; }
  solver_result r = SOLVER_UNKNOWN;
  const char *why;
  zeta_limits budget = itp_budget(timeout_ms);
  for (uint32_t i = 0; i < tries && r == SOLVER_UNKNOWN; i++) {
    if (i > 0 && limits_expired(&budget)) break;   /* the first strategy used the whole budget */
    r = itp_run(order[i], n, f, shared, out, limits_remaining_ms(&budget), &why);
  }
  itp_shared_free(n, shared);
  return r;
}

solver_result itp_binary(itp_strategy st, term_t a, term_t b, term_t *out, uint32_t timeout_ms) {
  term_t f[2] = {a, b};
  return itp_sequence(st, 2, f, out, timeout_ms);
}
