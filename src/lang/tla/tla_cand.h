/* Candidate facts about the states of a TLA+ model, for strengthening the
 * invariants of the step-wise BMC's relative checks (tla_bmc.c): literals
 * over the state's values ("x[k] = c", "e \in x[k]") and, from the states a
 * sample reached, the unit facts and implications between two literals
 * that no sampled state violates (message-implies-state facts such as
 * iState[i] = "cancelled" => [type |-> "Cancel"] \in msgs). Only guesses:
 * the caller proves each one (initially, then relative to the others and
 * the invariants, Houdini's way) before it uses it. */
#ifndef ZETA_LANG_TLA_CAND_H
#define ZETA_LANG_TLA_CAND_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lang/tla/tla_value.h"

/* State variable var, followed through function keys path[0..npath), is
 * the scalar val (member: is a set holding val; member with val NULL: is a
 * set, for positions whose values are of several kinds). A key outside a
 * domain makes the literal false. */
typedef struct {
  uint32_t var;
  const tla_val **path;
  uint32_t npath;
  bool member;
  const tla_val *val;
  bool num;     /* not a literal: the integer at the position (val NULL) */
  bool elem;    /* an element literal: path is from each element of var's value (a set's
                   elements, a function's values), not from var (tla_cand.elem) */
} tla_lit;

/* a >= 0: lit a => lit b (neg: lit a => not lit b), with a2 >= 0 lit a
 * /\ lit a2 => lit b (not lit b), with b2 >= 0 too lit a /\ lit a2 =>
 * lit b \/ lit b2 (a membership clause); a = TLA_CAND_UNIT:
 * the unit fact "lit b" (neg: "not lit b"); a = TLA_CAND_RANGE: one of the
 * literals range[b] holds (the values a position was seen with). */
enum { TLA_CAND_UNIT = -1, TLA_CAND_RANGE = -2, TLA_CAND_SUM = -3 };
typedef struct {
  int32_t a;
  uint32_t b;
  bool neg;
  int32_t a2;   /* >= 0: lit a /\ lit a2 => ... (a three-literal fact); else -1 */
  int32_t b2;   /* >= 0: ... => lit b \/ lit b2 (never with neg); else -1 */
  bool wide;    /* one of the general three-literal facts (many, proved in a tier of their own) */
  bool elem;    /* an element fact: lit a and lit b are element literals of one variable v,
                   the fact "\A e \in v : a(e) => b(e)" (neg: not b(e); a = TLA_CAND_UNIT:
                   "\A e \in v : b(e)"), over a function's values for a function v. Every
                   MultiPaxos PrepareReply in msgs has votes[s].bal = 0 or a command: no literal
                   over msgs itself says it. */
} tla_cand;

/* An integer feature of a state: the integer at a position (lit[0], a
 * num literal) or the number of the literals lit[0..n) that hold (how many
 * processes have pc[p] = "NO"). */
typedef struct {
  uint32_t *lit;
  uint32_t n;
  bool num;
} tla_feat;

/* a = TLA_CAND_SUM, b = its index: sum of c[i] * feature f[i] (c = +-1)
 * <= bound (ge: >= bound); counting facts such as nSntNo + #{p : pc[p] =
 * "NO"} <= N, which no Boolean combination of literals says. */
typedef struct {
  uint32_t f[3];
  int8_t c[3];
  uint8_t n;
  bool ge;
  int64_t bound;
} tla_sum;

typedef struct {
  tla_lit *lit;
  size_t nlit;
  tla_cand *cand;
  size_t ncand;
  uint32_t *range_lit;     /* range i: range_lit[range_at[i] .. range_at[i + 1]) */
  size_t *range_at;
  size_t nrange;
  tla_feat *feat;
  size_t nfeat;
  tla_sum *sum;
  size_t nsum;
} tla_cands;

/* The literals of the n states (tuples of nv values) and the candidates no
 * state violates, at most max_cand of them. */
void tla_cands_from_states(const tla_val *const *states, size_t n, size_t nv, size_t max_cand, tla_cands *out);
/* The integer value of feature f in state (a tuple of the variables' values);
 * INT64_MIN where the position is no integer. */
int64_t tla_feat_value(const tla_cands *c, const tla_feat *f, const tla_val *state);
/* Does candidate c hold in state? (An integer feature that is not an
 * integer there: no.) */
bool tla_cand_holds(const tla_cands *cs, const tla_cand *c, const tla_val *state);
/* Does literal l hold in state (a tuple of the variables' values)? (An
 * element literal: never; see tla_elem_lit_holds.) */
bool tla_lit_holds(const tla_lit *l, const tla_val *state);
/* Does element literal l hold of element (or function value) e? */
bool tla_elem_lit_holds(const tla_lit *l, const tla_val *e);
void tla_cands_free(tla_cands *c);
#endif
