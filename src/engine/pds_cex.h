/* Counterexamples of the abstract pushdown system (engine/pds_post.h) and
 * their refinement.
 *
 * The DAG: from the first increment at an error location, the witness
 * graph is followed backwards through every contribution. A node is one
 * increment (its abstract set, over A0) in one frame; one start (main's
 * init) and one error node. An evaluation contributes two parents, the
 * pivot (in the caller's frame, pushed at the call sites m1) and the
 * effect: the end of the callee's frame, a sub-DAG per pivot node whose
 * entry hangs from that pivot's call sites (a returning call: not from
 * the pushes the increment first came from). A push-only call (the error
 * inside a callee that never returns) stays in the error's own frame:
 * caller, push, callee.
 *
 * Spuriousness (pds_dag_forward): top-down strongest interpolants I, the
 * concrete images along the DAG intersected with the nodes' abstract sets
 * (gamma); at an evaluation, the image of the pivot's and the effect's sets
 * joined on the callee's inputs. The DAG is real iff I at the error node is
 * not empty; then pds_dag_trace picks concrete states backwards and gives
 * the interprocedural run.
 *
 * Refinement (pds_dag_refine): bottom-up, per node, an interpolant P(n)
 * between lo = I(n) and hi = the universal pre-image of the children's
 * P (the states whose every step along the DAG stays in the children's
 * P, within their abstract sets); P(error) = false. At an evaluation (m2,
 * joining pivot v and effect e): hi(v) = the pivots whose every effect in
 * I(e) evaluates into P(m2), then hi(e) = the effects that evaluate into
 * P(m2) with every pivot of P(v). Any such choice is forward-closed along
 * the DAG, so every abstract run along the DAG of the refined abstraction
 * keeps P true at each node and cannot reach the error: the tracking
 * property holds by construction (pds_dag_excluded re-checks it by running
 * the DAG on the refined abstraction). The heuristics choose in the
 * interval:
 *   strongest    P = lo
 *   weakest      P = hi
 *   both         both (two predicates per node)
 *   conciliated  a predicate that agrees along the DAG: the child's P (or one
 *                the symbol already has) when it fits, else the smallest of
 *                hi, lo and their projections onto single variables that fit
 *   skip         assuming skip: the child's P kept across a step (or, at a
 *                call's source, the P after the whole call) when it fits; at
 *                an evaluation, the effect's P = true (the callee ignored)
 *                when the pivot alone still tracks; otherwise weakest
 *   skip-conciliated  skip, then conciliated's choice where a new predicate
 *                is needed
 */
#ifndef ZETA_ENGINE_PDS_CEX_H
#define ZETA_ENGINE_PDS_CEX_H
#include "engine/pds_post.h"
#include "ir/cfa_proc_trace.h"

typedef enum { PDS_CONCRETE, PDS_STRONGEST, PDS_WEAKEST, PDS_BOTH, PDS_CONCILIATED, PDS_SKIP, PDS_SKIP_CONCILIATED } pds_refine_mode;

/* A child link: node `node`'s contribution `k` has this node as parent `role`. */
typedef struct {
  uint32_t node, k, role;
} pds_dchild;

typedef struct {
  uint32_t sym, w, ctx;     /* ctx: the pivot node a returning frame hangs from, or CFA_NONE */
  pds_contrib *c;           /* contributions with DAG node parents */
  uint32_t nc;
  pds_dchild *child;
  uint32_t nchild, pick;    /* pick: the contribution a trace takes */
  bool joined;              /* a returning frame's entry: hangs from the pivot's call sites */
  BDD A;                    /* the abstract set (over A0), referenced */
  pds_set gA, I, P, val;    /* concrete, referenced (val: the trace's state) */
} pds_dnode;

typedef struct {
  pds_abs *A;
  const pds_post *W;
  pds_dnode *n;
  uint32_t nn, cap, err;
  uint32_t *hkey_w, *hkey_ctx, *hval;   /* (witness, ctx) -> node */
  uint32_t hcap;
} pds_dag;

#define PDS_DAG_MAX_NODES 500000

bool pds_dag_build(pds_dag *D, pds_abs *A, const pds_post *W, char *why, size_t len);
void pds_dag_free(pds_dag *D);
/* I top-down; *real: I at the error node is not empty. */
bool pds_dag_forward(pds_dag *D, bool *real, char *why, size_t len);
/* The run of a real DAG. */
bool pds_dag_trace(pds_dag *D, cfa_trace *t, char *why, size_t len);
/* Interpolants per node and mode, added as predicates of the nodes'
 * symbols; *added: how many (false when a symbol is full). */
bool pds_dag_refine(pds_dag *D, pds_refine_mode mode, uint32_t *added, char *why, size_t len);
/* Whether no abstract run of the current abstraction follows the DAG to
 * its error node. */
bool pds_dag_excluded(pds_dag *D, bool *excluded, char *why, size_t len);
#endif
