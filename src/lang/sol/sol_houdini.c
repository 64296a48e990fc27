/* Houdini over per-site formulas; see sol_houdini.h. */
#include "lang/sol/sol_houdini.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/limits.h"
#include "lang/sol/sol_lower.h"
#include "lang/sol/sol_split.h"
#include "lang/sol/sol_vc.h"
#include "solver/solver.h"

#define NEVER UINT32_MAX
#define MIN_SHARE 0.3   /* seconds (wall) per check at least */
#define GUARD_PREFIX SOL_GLOBAL_PREFIX "cand"

typedef struct {
  const uint32_t *cand;
  uint32_t ncands;
  bool *dropped;
  uint32_t serial;        /* drops so far */
  uint32_t *drop_at;      /* [ncands]: serial of the candidate's drop */
  uint32_t *proven_at;    /* [nsites + 1]: serial when last proven, or NEVER */
  term_t **cone;          /* [nsites + 1]: the guards occurring in f[k] */
  uint32_t **cone_idx;    /* their candidates */
  bool **off;             /* the stronger rungs of the site's own ladder: false at its check */
  const sol_rung *rungs;
  uint32_t nrungs;
  uint32_t *ncone;
} houdini;

/* j is a stronger rung of c's ladder */
static bool stronger(const houdini *h, uint32_t c, uint32_t j) {
  if (!h->rungs || c >= h->nrungs || j >= h->nrungs || j == c) return false;
  const sol_rung *a = &h->rungs[c], *b = &h->rungs[j];
  return a->ladder && b->ladder == a->ladder && b->upper == a->upper && (a->upper ? b->bound < a->bound : b->bound > a->bound);
}

static void cone_of(houdini *h, const term_t *f, uint32_t k) {
  term_t *vs;
  uint32_t nv = term_free_vars(f[k], &vs), n = 0;
  h->cone[k] = xmalloc((nv + 1) * sizeof(term_t));
  h->cone_idx[k] = xmalloc((nv + 1) * sizeof(uint32_t));
  h->off[k] = xmalloc((nv + 1) * sizeof(bool));
  for (uint32_t i = 0; i < nv; i++) {
    const char *nm = term_var_name(vs[i]);
    char *end;
    if (strncmp(nm, GUARD_PREFIX, strlen(GUARD_PREFIX)) != 0) continue;
    unsigned long j = strtoul(nm + strlen(GUARD_PREFIX), &end, 10);
    if (*end != '\0' || j >= h->ncands) continue;   /* (another guard: left free, which only weakens the assumptions) */
    h->cone[k][n] = vs[i];
    h->off[k][n] = stronger(h, h->cand[k] - 1, (uint32_t)j);
    h->cone_idx[k][n++] = (uint32_t)j;
  }
  h->ncone[k] = n;
  free(vs);
}

/* site k's last proof still holds: no candidate of its cone dropped since */
static bool current(const houdini *h, uint32_t k) {
  if (h->proven_at[k] == NEVER) return false;
  for (uint32_t i = 0; i < h->ncone[k]; i++) {
    uint32_t j = h->cone_idx[k][i];
    if (!h->off[k][i] && h->dropped[j] && h->drop_at[j] > h->proven_at[k]) return false;
  }
  return true;
}

static bool live(const houdini *h, uint32_t k) { return h->cand[k] && !h->dropped[h->cand[k] - 1]; }

static void drop(houdini *h, uint32_t c) {
  h->dropped[c] = true;
  h->drop_at[c] = ++h->serial;
}

/* f[k] with its guards set: true for the candidates left, false for the
 * dropped and the stronger rungs of its own ladder */
static term_t guarded(const houdini *h, const term_t *f, uint32_t k) {
  uint32_t n = h->ncone[k];
  term_t *val = xmalloc((n + 1) * sizeof(term_t));
  for (uint32_t i = 0; i < n; i++) val[i] = h->off[k][i] || h->dropped[h->cone_idx[k][i]] ? term_false() : term_true();
  term_t r = term_subst(f[k], n, h->cone[k], val);
  free(val);
  return r;
}

void sol_houdini(const term_t *f, const uint32_t *cand, uint32_t nsites, uint32_t ncands, const sol_rung *rungs, uint32_t nrungs,
                 double until, bool *dropped, bool *refuted, sol_houdini_stats *st) {
  sol_houdini_stats local;
  if (!st) st = &local;
  memset(st, 0, sizeof *st);
  bool trace = getenv("ZETA_SOL_HOUDINI_TRACE") && getenv("ZETA_SOL_HOUDINI_TRACE")[0] == '2';
  houdini h = {cand, ncands, dropped, 0, xcalloc(ncands + 1, sizeof(uint32_t)), xmalloc((nsites + 1) * sizeof(uint32_t)),
               xcalloc(nsites + 1, sizeof(term_t *)), xcalloc(nsites + 1, sizeof(uint32_t *)), xcalloc(nsites + 1, sizeof(bool *)),
               rungs, nrungs, xcalloc(nsites + 1, sizeof(uint32_t))};
  uint32_t *order = xmalloc((nsites + 1) * sizeof(uint32_t)), norder = 0;
  for (uint32_t k = 0; k <= nsites; k++) h.proven_at[k] = NEVER;
  for (uint32_t k = 1; k <= nsites; k++)
    if (live(&h, k)) cone_of(&h, f, k), order[norder++] = k;
  /* upstream first: checked before the sites behind it, a site's drop is
   * seen by them (behind a loop whose too strong bounds are still assumed
   * a site is often unreachable: proven, but checked again after their
   * drop) */
  for (uint32_t i = 1; i < norder; i++)   /* stable insertion sort by cone size */
    for (uint32_t j = i; j > 0 && h.ncone[order[j - 1]] > h.ncone[order[j]]; j--) {
      uint32_t t = order[j];
      order[j] = order[j - 1], order[j - 1] = t;
    }
  /* in order; after a drop back to the first site it makes stale, so a
   * site is checked only when everything upstream of it is settled (the
   * sites of one loop and the entry sites of the next have cones of one
   * size: Loops' seven inlined loops took 15 passes without) */
  bool out_of_time = false;
  solver *z = NULL;
  bool pending = false;   /* a drop in the current group */
  st->passes = 1;
  for (uint32_t o = 0; o < norder;) {
    uint32_t k = order[o];
    if (live(&h, k) && !current(&h, k)) {
      double left = until - limits_now();
      if (left <= 0) { out_of_time = true; break; }
      uint32_t todo = 0;
      for (uint32_t p = o; p < norder; p++) todo += live(&h, order[p]) && !current(&h, order[p]);
      /* at least MIN_SHARE: an unknown drops its candidate as a SAT does,
       * but not as a refutation (sol_houdini.h), and under load an equal
       * share of the time is below what many checks need */
      double share = left / (todo ? todo : 1), t0 = limits_now();
      if (share < MIN_SHARE) share = left < MIN_SHARE ? left : MIN_SHARE;
      term_t fk = guarded(&h, f, k);
      solver_result r = SOLVER_UNSAT;
      uint32_t ms = (uint32_t)(share * 1000) + 1;
      if (!term_is_false(fk) && sol_nonlinear(fk)) {   /* a fresh Z3 preprocesses (BecToken's products) */
        r = solver_check_formula(fk, ms);
      } else if (!term_is_false(fk)) {   /* one solver for the rest: no Z3 context per check, the shared prefixes converted once */
        if (!z) z = solver_new_z3();
        solver_set_timeout(z, ms);
        solver_push(z);
        solver_assert(z, fk);
        r = solver_check(z);
        solver_pop(z, 1);
      }
      st->checks++;
      if (trace)
        fprintf(stderr, "  pass %u site %u cand %u cone %u: %s %.3f s (share %.3f)\n", st->passes, k, cand[k] - 1, h.ncone[k],
                r == SOLVER_UNSAT ? "unsat" : r == SOLVER_SAT ? "sat" : "unknown", limits_now() - t0, share);
      if (r == SOLVER_UNSAT) {
        h.proven_at[k] = h.serial;
      } else {
        st->timeouts += r != SOLVER_SAT;
        st->drops++;
        if (refuted && r == SOLVER_SAT && st->timeouts == 0) refuted[cand[k] - 1] = true;
        drop(&h, cand[k] - 1);
        pending = true;
      }
    }
    o++;
    /* at the end of a group of sites whose cones have one size, after a
     * drop in it: back to the first site the drops made stale */
    if (!pending || (o < norder && h.ncone[order[o]] == h.ncone[k])) continue;
    pending = false;
    uint32_t back = 0;
    while (back < o && (!live(&h, order[back]) || current(&h, order[back]))) back++;
    if (back < o) st->passes++;
    o = back;
  }
  solver_free(z);
  st->out_of_time = out_of_time;
  /* out of time: drop every candidate with a site not proven with the
   * current guards, until none is left (no solver needed: the proofs
   * still current stay valid) */
  for (bool more = out_of_time; more;) {
    more = false;
    for (uint32_t k = 1; k <= nsites; k++)
      if (live(&h, k) && !current(&h, k)) drop(&h, cand[k] - 1), more = true, st->drops++;
  }
  for (uint32_t k = 0; k <= nsites; k++) free(h.cone[k]), free(h.cone_idx[k]), free(h.off[k]);
  free(h.off);
  free(h.cone);
  free(h.cone_idx);
  free(h.ncone);
  free(h.proven_at);
  free(h.drop_at);
  free(order);
}
