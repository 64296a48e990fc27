/* Affine hulls of points (Karr's domain) and the Horn-clause engine built
 * on them (chc_affine.c): abstract interpretation bottom-up over the
 * clauses, each predicate's set of derivable argument tuples
 * over-approximated by the affine hull of points the solver finds, then
 * strengthened by bounds and congruences (Houdini). For non-linear systems
 * whose invariants are equalities between arguments (e.g. the
 * SyGuS-unrealizability grammars of CHC-COMP's LIA track). */
#ifndef ZETA_ENGINE_CHC_AFFINE_H
#define ZETA_ENGINE_CHC_AFFINE_H
#include <gmp.h>
#include "engine/chc_engine.h"

/* The affine hull of the points added so far, in Q^n: empty until the
 * first point. Kept as affinely independent points (at most n + 1). */
typedef struct {
  uint32_t n;        /* dimension of the space */
  uint32_t npts;     /* affinely independent points, npts <= n + 1 */
  mpq_t *pts;        /* npts rows of n (allocated at the first point) */
  mpq_t *ech;        /* the rows [p, 1] of the points in reduced row echelon
                        form, npts rows of n + 1 (kept from point to point:
                        a point costs one reduction, not an elimination over
                        all of them) */
  uint32_t *piv;     /* per row of ech its pivot column, increasing */
  mpz_t *eq;         /* its equalities (aff_equalities), kept since the last point */
  uint32_t neq;
} aff_hull;

void aff_init(aff_hull *h, uint32_t n);
void aff_free(aff_hull *h);
/* Is pt (n values) in the hull? Never for the empty hull. */
bool aff_contains(const aff_hull *h, const mpq_t *pt);
/* Adds pt when it is outside the hull (the dimension grows by one);
 * false when it was inside (nothing changes). */
bool aff_add(aff_hull *h, const mpq_t *pt);
/* The hull as equalities a . x = c with integer coefficients, coprime,
 * (n + 1 integers a[0..n), c per row, rows malloc'd, initialized; free
 * with aff_rows_free): the hull is exactly their solution set. The
 * empty hull has none (callers treat it as false). */
uint32_t aff_equalities(const aff_hull *h, mpz_t **rows);
void aff_rows_free(mpz_t *rows, uint32_t nrows, uint32_t n);

/* The engine (`--algorithm affine`): sat with the hulls' equalities (and
 * the bounds and congruences that survive Houdini) when they block every
 * query, else unknown; never unsat. Declines at once systems with
 * arguments or variables other than Int and Bool (arrays, datatypes). */
void chc_affine_solve(const chc_system *s, const zeta_limits *lim, chc_result *out);
/* The same in parts (own's schedule): a run that ran out of time is
 * resumed by the next with the points found so far (kept as numbers, not
 * terms: the term table may be rolled back between runs). */
typedef struct chc_affine chc_affine;
chc_affine *chc_affine_new(const chc_system *s);
void chc_affine_run(chc_affine *a, const zeta_limits *lim, chc_result *out);
/* Did the last run stop for time (so that another may go on)? */
bool chc_affine_resumable(const chc_affine *a);
void chc_affine_free(chc_affine *a);   /* NULL ok */
#endif
