/* Solidity contracts as constrained Horn clauses (the SolCMC encoding).
 *
 * Per deployable contract (a root): the deployment summary Init, one
 * summary S_f(s, sender, value, args, s', rets, err) per function (err 0 =
 * success, k = assertion k failed; a revert has no clause: the transaction
 * has no effect), predicates at loop heads and at joins that cannot be
 * merged, internal calls through the callee's summary (non-linear clauses),
 * the contract predicate C(s) of reachable states, and Err(k) for a failed
 * assertion. One query per assertion k: false <- Err(e) & e = k.
 * Values are scalarised: an integer is an Int with its type's range, a
 * struct its fields' leaves, a mapping or array one SMT array per leaf of
 * its element type (plus the length). */
#ifndef ZETA_LANG_SOL_LOWER_H
#define ZETA_LANG_SOL_LOWER_H
#include <stdbool.h>
#include "ir/chc.h"
#include "lang/sol/sol_ast.h"

/* Clause lines: a query's line is its assertion's number k (1-based); a
 * transaction clause (deploy or call, into C or Err) is SOL_TX_TAG + its
 * index in sol_chc.tx. */
#define SOL_TX_TAG 0x40000000u
/* The clause by which unknown code calls public function (transaction) i
 * back: N(s0, s2, e) <- N(s0, s1, 0) & S_i(s1, ..) carries SOL_CB_TAG + i;
 * its header variables are named cbI.sender, cbI.value, cbI.<param> (as
 * txI.* for the transaction). */
#define SOL_CB_TAG 0x50000000u
#define SOL_CB_NONE (SOL_CB_TAG - 1)   /* N(s, s, 0): unknown code calls nothing back */

typedef struct {
  uint32_t root;           /* index into roots */
  char *name;              /* "constructor" or the function's name */
  uint32_t nargs;
  char **argnames;
  term_t *args;            /* the clause's variables for the arguments: a scalar, or an array's contents */
  term_t *arglen;          /* an array argument's length (of value-type elements), else NULL_TERM */
  term_t sender, value;
  uint32_t nenv;           /* the block.* / tx.* values the file reads */
  const char **envnames;   /* "block.number", ... (static) */
  term_t *env;
  bool payable;            /* msg.value may be nonzero */
  term_t balance, self;    /* the contract's balance when the call starts, its
                            * address (deployment): the clause's variables, or NULL_TERM */
  term_t others;           /* other addresses' balances when it starts (an array), or NULL_TERM */
} sol_tx;

typedef struct {
  char *name;
  uint32_t C;              /* predicate of reachable states */
  uint32_t nleaves;
  char **leaf_names;       /* state variables' leaves: "x", "s.f", "m" */
} sol_root;

/* Houdini's lowering (sol_cands.guarded): the bounds of one variable and
 * direction at one loop head form a ladder, each rung implied by the
 * stronger ones (x <= 0, x <= 1, x <= 9, ...). ladder: 1 + the index of its
 * first candidate (0: none, a Boolean); bound, upper: the rung. */
typedef struct { uint32_t ladder; long bound; bool upper; } sol_rung;

/* What an assertion k checks (modular mode: each annotation at each place;
 * chc mode: SITE_ASSERT only). */
typedef enum {
  SITE_ASSERT, SITE_INV_END, SITE_POST_END, SITE_INV_EXT, SITE_LOOP_ENTRY, SITE_LOOP_FIRST, SITE_LOOP_KEEP,
  SITE_OVERFLOW, SITE_MODIFIES, SITE_INV_INIT, SITE_BOUNDS, SITE_OVERFLOW_CALL, SITE_ENUM, SITE_INV_CALL, SITE_PRE_CALL,
  SITE_EV_PRE, SITE_EV_POST, SITE_EV_NOCHANGE, SITE_EV_END, SITE_EV_CALL, SITE_SPEC_OVERFLOW
} sol_site_kind;

typedef struct {
  sol_site_kind kind;
  int annot;               /* index into the annotations, or -1 */
  unsigned line, col;      /* the node it is reported at */
  const char *name;        /* SITE_MODIFIES: the state variable; SITE_EV_*: the event;
                            * a loop site without annotation: its invariant's text */
  bool after_cut;          /* checked after a loop was cut by its invariants
                            * (and the inferred bounds, sol_cands): where
                            * solc-verify's Boogie may infer more
                            * (sol_chc.cut_opaque) a failure here is not
                            * reported as ERROR */
  bool approx;             /* checked after a value zeta over-approximates
                            * (solc-verify's model is exact there: a string's
                            * length): a failure here is not an ERROR */
  uint32_t cand;           /* 1 + the index of the inferred bound this site
                            * checks (on loop entry or kept), else 0: never an
                            * ERROR, a failure drops the bound (sol_cands) */
} sol_site;

/* modular, exact mode: a loop head predicate, where its loop is, and the
 * variable each of its arguments holds (NULL: none with a name) */
typedef struct { uint32_t pred; unsigned line, col; char **names; uint32_t n; } sol_head;

typedef struct {
  chc_system sys;
  sol_site *sites;         /* [1..nasserts] */
  uint32_t nasserts;
  unsigned *assert_line;   /* [1..nasserts] */
  sol_root *roots;
  uint32_t nroots;
  sol_tx *tx;
  uint32_t ntx;
  char *unsupported;       /* set: the lowering gave up (message "unsupported: X at file:line") */
  char *overapprox;        /* set: some values are over-approximated (what and
                            * where): a counterexample counts only when the
                            * contract's execution confirms it */
  bool may_alias;          /* modular: the checked function has memory parameters that may alias */
  uint32_t ncands;         /* modular: inferred bound candidates generated (sol_cands) */
  sol_rung *rungs;         /* cands->guarded: per candidate generated, its ladder */
  uint32_t caprungs;
  sol_head *heads;         /* modular, exact: the loop heads */
  uint32_t nheads;
  bool cut_opaque;         /* modular: some loop cut is not one whose interval
                            * invariants the candidates cover (a loop in a
                            * callee, a call that may loop, a local entering
                            * a loop with a computed value) */
} sol_chc;

/* Lowers the contracts of a (all deployable ones, or only `contract`);
 * assertions with excluded[k] get no query (excluded may be NULL).
 * Returns false with out->unsupported set when a construct is not handled
 * (or with *err for an input error, e.g. an unknown --contract).
 * trusted: external calls into code the file implements are not modelled
 * as unknown code (they are reported unsupported for now). */
bool sol_lower(const sol_ast *a, const char *contract, bool trusted, const bool *excluded, sol_chc *out, char **err);
void sol_chc_free(sol_chc *c);
/* f and g (functions or modifiers) have the same name, kind and parameter
 * types (data locations aside): one overrides the other. */
bool sol_same_signature(const cJSON *f, const cJSON *g);
/* Virtual dispatch: the most derived implemented function or modifier with
 * fn's signature among the contracts lin[0..nlin) (most derived first),
 * only those after contract `after` when after >= 0 (super); NULL if none. */
const cJSON *sol_most_derived(const sol_ast *a, const int *lin, int nlin, const cJSON *fn, int after);

/* Modular verification (solc-verify's semantics, see sol_annot.h for the
 * annotations): one public function `fn` of contract `contract` (node ids
 * in a; fn = SOL_FN_DEPLOY: the contract's deployment, SOL_FN_RECEIVE:
 * ether arriving without a call) checked on its own: arbitrary state with
 * the type ranges, contract invariants and preconditions assumed; each
 * invariant, postcondition, modifies frame at the exit, each assert, loop
 * invariant (on entry and kept), invariant before an external call (the
 * state is havocked after it) is one assertion k with out->sites[k]. The
 * Horn system has no loops (loops are cut by their invariants); internal
 * calls go through exact summaries. exact: loops stay loops instead (their
 * invariants checked at every visit of the head): a failure found there is
 * a failure of the cut encoding too, whatever invariants one infers.
 * Two memory parameters of fn of one flat reference type may alias in
 * solc-verify's model (fn may be called internally): the lowering sets
 * out->may_alias, and aliased lowers the case where they are one object
 * (the other case is the default). */
/* Interval bounds at loop heads, as Boogie's abstract interpretation
 * infers them for solc-verify: per local integer (or bool) variable a loop
 * writes, candidates `v >= b` / `v <= b` with b from the thresholds
 * (the function's literals +-1, the entry value); each is checked on loop
 * entry and kept by an iteration (sites with .cand), assumed at the head
 * unless dropped[i] (i < n). NULL: no candidates. */
typedef struct {
  bool *dropped; uint32_t n;
  bool guarded;   /* Houdini's lowering: each bound assumed under its guard,
                   * sol_cand_guard(i) -> bound (sol_modular.c) */
} sol_cands;
/* Houdini's guard of candidate i: a Boolean that every clause instance
 * shares (SOL_GLOBAL_PREFIX, sol_vc.h). */
term_t sol_cand_guard(uint32_t i);
/* SOL_ARITH_BV: results as SOL_ARITH_MOD (wrap-around), the encoding differs
 * only where solc-verify's does (the sum's underflow assumption) */
enum { SOL_ARITH_CHECKED, SOL_ARITH_INT, SOL_ARITH_MOD, SOL_ARITH_MOD_OVF, SOL_ARITH_BV };
#define SOL_FN_DEPLOY (-1)
#define SOL_FN_RECEIVE (-2)
bool sol_lower_modular(const sol_ast *a, int contract, int fn, int arith, bool exact, bool aliased, const bool *excluded,
                       const sol_cands *cands, sol_chc *out);
#endif
