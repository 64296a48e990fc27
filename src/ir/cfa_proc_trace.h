/* Interprocedural traces of programs with procedures (cfa_proc.h) and
 * their concrete replay.
 *
 * A trace is the run from main's init location to an error location, one
 * step per state: the procedure and location, the values of the globals
 * and of the current frame's variables, the call depth, and how the step
 * was reached from the previous one:
 *   TRACE_INIT    the first state (main at init; the arbitrary start values)
 *   TRACE_EDGE    a plain edge of the current procedure
 *   TRACE_CALL    a call edge of the caller: the callee's init state (its
 *                 parameters = the arguments, other locals arbitrary)
 *   TRACE_RETURN  the callee reached its final location: back at the call
 *                 edge's target with the result assigned
 * cfa_trace_replay executes the trace on the program with the concrete
 * values (a stack of frames, term_eval for every statement): every assume
 * must hold, every assignment must give the recorded value, a havoc takes
 * the recorded value of its variable (so a variable havocked and then
 * assigned again inside one edge does not replay: reported, never
 * accepted), and the last location must be an error location.
 */
#ifndef ZETA_IR_CFA_PROC_TRACE_H
#define ZETA_IR_CFA_PROC_TRACE_H
#include "ir/cfa_proc.h"

typedef enum { TRACE_INIT, TRACE_EDGE, TRACE_CALL, TRACE_RETURN } cfa_trace_kind;

typedef struct {
  cfa_trace_kind kind;
  uint32_t proc, loc;
  uint32_t edge;      /* EDGE: the edge of proc; CALL / RETURN: the call edge in the caller */
  uint32_t depth;     /* 0 in main */
  term_t *vals;       /* globals, then proc's body.vars (owned) */
} cfa_trace_step;

typedef struct {
  cfa_trace_step *steps;
  uint32_t n, cap;
} cfa_trace;

void cfa_trace_free(cfa_trace *t);
/* Appends a step; vals (globals + proc's vars) are copied. */
void cfa_trace_push(cfa_trace *t, const cfa_prog *p, cfa_trace_kind kind, uint32_t proc, uint32_t loc,
                    uint32_t edge, uint32_t depth, const term_t *vals);
/* True when t is a run of p ending in an error location; otherwise false
 * with the step and reason in why. */
bool cfa_trace_replay(const cfa_prog *p, const cfa_trace *t, char *why, size_t len);
#endif
