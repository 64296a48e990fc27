/* What the transition-system engines (bmc, kind, pdr, imc) share: their
 * options and their result (verdict + evidence + statistics).
 *
 * Unrolling convention (model/ts.h): the copy of the state at step k is
 * term_shift(x, k); step k of the transition relation is
 * term_shift(trans, k) over x@k, inputs@k and x@k+1. */
#ifndef ZETA_ENGINE_TS_ENGINE_H
#define ZETA_ENGINE_TS_ENGINE_H
#include "core/limits.h"
#include "ir/ts.h"
#include "solver/itp.h"
#include "zeta/zeta.h"

typedef struct {
  const char *backend;       /* solver backend for solver_new ("z3" when NULL) */
  const zeta_limits *limits; /* may be NULL */
  uint32_t bound;            /* bmc/kind: maximal depth, 0 = none */
  bool simple_path;          /* kind */
  bool refine_specific;      /* pdr: interpolate the abstract path, not the unrolling */
  itp_strategy itp;
} ts_engine_opts;

typedef struct {
  zeta_verdict verdict;
  const char *reason;        /* static string, for UNKNOWN */
  ts_trace trace;            /* UNSAFE: replayed counterexample */
  term_t invariant;          /* SAFE: invariant over vars (NULL_TERM when none) */
  uint32_t k;                /* SAFE by kind: the property is k-inductive */
  /* statistics */
  uint32_t depth;            /* deepest unrolling / frame count */
  uint32_t frames;
  uint32_t preds;
  uint32_t refinements;
  uint32_t lemmas;
  uint64_t solver_calls;
} ts_result;

void ts_result_init(ts_result *r);
void ts_result_free(ts_result *r);

void ts_engine_opts_default(ts_engine_opts *o);

/* Every engine: fills r (initialized by the engine) and returns r->verdict. */
zeta_verdict bmc_run(const ts *sys, const ts_engine_opts *o, ts_result *r);
zeta_verdict kind_run(const ts *sys, const ts_engine_opts *o, ts_result *r);
zeta_verdict pdr_run(const ts *sys, const ts_engine_opts *o, ts_result *r);
zeta_verdict imc_run(const ts *sys, const ts_engine_opts *o, ts_result *r);

/* Helpers for engines. */
solver *ts_engine_solver(const ts_engine_opts *o);      /* NULL on failure */
bool ts_engine_expired(const ts_engine_opts *o);
/* Sets the per-check timeout to what is left of the time limit. */
void ts_engine_arm(solver *s, const ts_engine_opts *o);
uint32_t ts_engine_remaining_ms(const ts_engine_opts *o);
/* The reason of a solver's unknown: "timeout" when the time is up or
 * nearly (a solver armed with the time left may stop a few milliseconds
 * before the deadline), else "solver". */
const char *ts_engine_why_unknown(const ts_engine_opts *o);

/* The BMC base case, shared by bmc and kind: one incremental solver holding
 * init@0 ∧ trans@0 ∧ … ∧ trans@(depth-1). */
typedef struct {
  solver *s;
  const ts *sys;
  uint32_t depth;
} bmc_base;
bool bmc_base_init(bmc_base *b, const ts *sys, const ts_engine_opts *o);
void bmc_base_free(bmc_base *b);
/* Is ¬prop reachable at step `depth`? On SAT the replayed trace goes to r
 * (verdict UNSAFE); a trace that does not replay gives UNKNOWN. */
solver_result bmc_base_bad(bmc_base *b, const ts_engine_opts *o, ts_result *r);
/* Adds trans@depth; returns SOLVER_UNSAT when no path has depth+1
 * transitions (the system is then completely explored). */
solver_result bmc_base_extend(bmc_base *b, const ts_engine_opts *o, ts_result *r);
#endif
