/* A recursive C program (c_program.recursive: functions lowered as
 * procedures into one cfa) as a program with procedures (ir/cfa_proc.h),
 * and its interprocedural counterexamples read back in C terms. */
#ifndef ZETA_LANG_C_PROC_H
#define ZETA_LANG_C_PROC_H
#include "ir/cfa_proc_trace.h"
#include "lang/c/c_replay.h"

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
#endif
