/* And-inverter graphs with latches (the AIGER 1.9 model).
 *
 * Literals as in AIGER: 2*var + sign; var 0 is the constant (literal 0 =
 * false, 1 = true). The and-gates are stored in topological order (every
 * gate after the gates it reads), whatever order the file used. A latch's
 * reset is 0, 1 or its own literal (uninitialized). */
#ifndef ZETA_MODEL_AIG_H
#define ZETA_MODEL_AIG_H
#include <stdbool.h>
#include <stdint.h>

typedef struct { uint32_t lit, next, reset; } aig_latch;
typedef struct { uint32_t lhs, rhs0, rhs1; } aig_and;

typedef struct aig {
  uint32_t maxvar;
  uint32_t ninputs, nlatches, noutputs, nands, nbad, nconstraints;
  uint32_t *inputs;        /* input literals (even) */
  aig_latch *latches;
  uint32_t *outputs;
  aig_and *ands;           /* topologically ordered */
  uint32_t *bad;
  uint32_t *constraints;
  char **input_names, **latch_names;  /* from the symbol table; entries may be NULL */
} aig;

static inline uint32_t aig_var(uint32_t lit) { return lit >> 1; }
static inline bool aig_sign(uint32_t lit) { return lit & 1; }

void aig_init(aig *g);
void aig_free(aig *g);

/* The bad-state literals to check: the B section, or the outputs when the
 * file has no B entries (AIGER 1.0 convention). */
uint32_t aig_nproperties(const aig *g);
uint32_t aig_property(const aig *g, uint32_t i);

/* One step of simulation: vals[var] (maxvar+1 entries) must hold the
 * values of the inputs and latches; fills in every and-gate. */
void aig_eval_step(const aig *g, uint8_t *vals);
static inline uint8_t aig_lit_value(const uint8_t *vals, uint32_t lit) {
  return (uint8_t)(vals[lit >> 1] ^ (lit & 1));
}

/* Simulates the circuit from its reset state; latches with no reset take
 * init[j] (init may be NULL: they start at 0). inputs holds nsteps rows of
 * ninputs values. Returns the first step k at which bad property `prop` is
 * 1 while every invariant constraint held at steps 0..k, or -1 if there is
 * none (or a constraint failed first). */
int64_t aig_simulate(const aig *g, uint32_t prop, const uint8_t *init,
                     const uint8_t *inputs, uint32_t nsteps);
#endif
