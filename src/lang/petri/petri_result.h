/* What a Petri-net reachability engine returns: whether a marking
 * satisfying the target predicate is reachable, with a firing sequence when
 * it is, and the reason when the engine could not decide. */
#ifndef ZETA_ENGINE_PETRI_RESULT_H
#define ZETA_ENGINE_PETRI_RESULT_H
#include "lang/petri/petri.h"

typedef enum { PETRI_UNKNOWN, PETRI_REACHABLE, PETRI_UNREACHABLE } petri_answer;

typedef struct {
  double deadline;      /* petri_now() value after which to give up; 0 = none */
  size_t max_bytes;     /* memory for the engine's own tables; 0 = default */
  uint64_t max_states;  /* 0 = no limit */
} petri_limits;

typedef struct {
  petri_answer answer;
  uint32_t *trace;      /* REACHABLE: firing sequence from m0 */
  size_t ntrace;
  uint64_t states;      /* statistics: markings / ILPs / nodes, engine-specific */
  char technique[64];   /* e.g. "EXPLICIT STUBBORN_SETS" */
  char reason[128];     /* UNKNOWN: why */
} petri_result;

void petri_result_init(petri_result *r);
void petri_result_free(petri_result *r);
bool petri_limits_expired(const petri_limits *l);
#endif
