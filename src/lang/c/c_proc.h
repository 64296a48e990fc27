/* A recursive C program (c_program.recursive: functions lowered as
 * procedures into one cfa) as a program with procedures (ir/cfa_proc.h),
 * and its interprocedural counterexamples read back in C terms. */
#ifndef ZETA_LANG_C_PROC_H
#define ZETA_LANG_C_PROC_H
#include "core/limits.h"
#include "ir/cfa_proc_trace.h"
#include "lang/c/c_replay.h"
#include "lang/proc_run.h"

typedef struct {
  uint32_t **edge;   /* per procedure, per body edge: the edge of c_program.cfa */
  uint32_t nprocs;
} c_proc_map;

/* One procedure per function (main first), each with its own error location. */
void c_proc_build(const c_program *p, cfa_prog *out, c_proc_map *m);
void c_proc_map_free(c_proc_map *m);
/* The trace as a replay result: the edges of c_program.cfa in execution
 * order, the nondet values in call order, and how it ends (reach_error or
 * undefined behaviour). */
void c_proc_trace(const c_program *p, const cfa_prog *prog, const c_proc_map *m, const cfa_trace *t,
                  c_replay_result *out);
/* Runs a program without nondeterminism from main's init: one enabled
 * edge at every step, no havoc, no read of a variable without value (main's
 * variables at the start, a callee's locals); the trace (variables without
 * value hold themselves) when it reaches an error location or main's end
 * within max_steps, else C_RUN_GAVE_UP (no trace). */
typedef enum { C_RUN_GAVE_UP, C_RUN_ERROR, C_RUN_END } c_run_end;
c_run_end c_proc_run(const cfa_prog *p, uint32_t max_steps, const zeta_limits *lim, cfa_trace *t);
/* Variables without value get 0 (for the replay). */
void c_proc_run_concretize(const cfa_prog *p, cfa_trace *t);
/* A run that ended (C_RUN_END) is the program's only one: its states, per
 * predicate of the procedure-summary clauses (variables without value
 * free), are a Horn model; SAFE when it passes proc_run's check, else -1. */
int c_proc_safe_by_run(cfa_prog *p, const cfa_trace *t, const zeta_options *o, const proc_run_hooks *h, report *r);
#endif
