/* A TLA+ specification ready to check: the root module with the modules
 * it extends and instantiates, the constants fixed by the TLC model
 * configuration, Init, Next, invariants and constraints; and what the
 * explicit engine asks of it (initial states, successors, invariants,
 * symmetry), all by evaluating the syntax tree with TLC's semantics. */
#ifndef ZETA_LANG_TLA_MODEL_H
#define ZETA_LANG_TLA_MODEL_H
#include <stdbool.h>
#include <stddef.h>
#include "core/diag.h"
#include "core/limits.h"
#include "lang/tla/tla_value.h"

typedef struct tla_model tla_model;

typedef struct {
  const char *config;      /* .cfg path or NULL (then the .cfg beside the root, if any) */
  const char *init, *next, *inv;   /* operator names replacing the cfg's (or NULL) */
  int check_deadlock;      /* -1: the cfg's (default TRUE), 0, 1 */
} tla_load_opts;

tla_model *tla_model_load(const char *path, const tla_load_opts *o, diag *d);
void tla_model_free(tla_model *m);

size_t tla_nvars(const tla_model *m);
const char *tla_var_name(const tla_model *m, size_t i);
const char *tla_invariant_name(const tla_model *m, size_t i);
bool tla_check_deadlock(const tla_model *m);
/* Are there CONSTRAINTs (states outside them are not expanded)? */
bool tla_has_constraints(const tla_model *m);
/* False when no invariant, no configuration file and no deadlock check was
 * given: then a search without errors proves nothing the user asked. */
bool tla_property_named(const tla_model *m);
/* Names of cfg entries zeta does not check (PROPERTY ...), "" if none. */
const char *tla_unchecked(const tla_model *m);

/* A state is the tuple of its variables' values (a hash-consed value). The
 * calls below return false on an evaluation error, with the message in
 * tla_error(m) ("file:line:col: ..."). Callbacks return false to stop. */
typedef bool (*tla_state_fn)(void *data, const tla_val *state);
bool tla_initial_states(tla_model *m, tla_state_fn fn, void *data);
bool tla_successors(tla_model *m, const tla_val *state, tla_state_fn fn, void *data);
/* Index of the first invariant violated in state, -1 if none, -2 on error. */
int tla_violated(tla_model *m, const tla_val *state);
/* Action invariants (invariants that mention primed variables) on the
 * step from -> to: the index of the first violated, -1, -2 on error. */
int tla_violated_step(tla_model *m, const tla_val *from, const tla_val *to);
bool tla_has_action_invariants(const tla_model *m);
/* Trace invariants (an operator of one argument, the history as a sequence
 * of records of the variables, as Apalache has them) on a path: the index
 * of the first violated, -1, -2 on error. */
int tla_violated_trace(tla_model *m, const tla_val **path, size_t n);
bool tla_has_trace_invariants(const tla_model *m);
/* State constraints (CONSTRAINT): 1 holds, 0 not, -1 error. */
int tla_constraints_hold(tla_model *m, const tla_val *state);
bool tla_has_symmetry(const tla_model *m);
/* The symmetry class representative of state (state itself without SYMMETRY). */
const tla_val *tla_canonical(tla_model *m, const tla_val *state);
const char *tla_error(const tla_model *m);
void tla_clear_error(tla_model *m);   /* after a failure the caller recovers from */
/* Evaluations stop with the error "timeout" when lim expires. */
void tla_set_limits(tla_model *m, const zeta_limits *lim);
/* Values the enumeration of an action's \E tries first (a replay of a
 * symbolic trace: the same states, found sooner); n = 0 clears them. */
struct tla_node;
typedef struct tla_hint {
  const struct tla_node *intro;   /* the bound name's node */
  const tla_val *val;
} tla_hint;
void tla_set_hints(tla_model *m, const tla_hint *h, size_t n);
#endif
