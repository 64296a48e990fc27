/* A concrete interpreter of Solidity 0.8 over solc's AST (sol_ast.h), used
 * to confirm UNSAFE answers in Solidity's own semantics: it deploys a
 * contract and runs a transaction sequence (constructor arguments, then
 * each call with msg.sender, msg.value, arguments and block/tx values)
 * with checked arithmetic (revert on overflow), unchecked blocks,
 * mappings, arrays, structs, internal calls with virtual dispatch and
 * super, modifiers and require/revert; a reverting transaction leaves the
 * state as it was. Calls into unknown code do what the sequence says
 * (sol_exec_chain: the public functions it calls back). What it does not
 * run (values returned by unknown code, balances of other addresses,
 * strings, hashes, assembly, ...) stops it with a reason instead of a
 * guess. */
#ifndef ZETA_LANG_SOL_EXEC_H
#define ZETA_LANG_SOL_EXEC_H
#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>
#include "lang/sol/sol_ast.h"

typedef struct sol_exec_chain sol_exec_chain;

typedef struct {
  const char *fn;          /* function name; NULL: the deployment */
  mpz_t sender, value;
  uint32_t nargs;          /* the function's (deployment: the root constructor's) value-type parameters */
  const char **argnames;   /* matched to parameters by name ("arg" for an unnamed one) */
  mpz_t *args;
  const int64_t *arglen;   /* NULL, or per argument: -1 (a value, args[i]) or an array's length ... */
  mpz_t *const *argel;     /* ... and its elements argel[i][0..arglen[i]) */
  uint32_t nenv;           /* block.* / tx.* values ("block.number", ...); others 0 */
  const char **envnames;
  mpz_t *env;
  /* a transaction's calls into unknown code, in the order they run (a
   * callback's own ones follow it): what each does, in turn */
  uint32_t nchains;
  const sol_exec_chain *chains;
  /* the contract's balance when the call starts (msg.value included), and
   * (the deployment only) the contract's address: when has_*, else
   * reading them is unsupported */
  bool has_balance, has_self;
  mpz_t balance, self;
  /* other addresses' balances when the call starts (when has_others):
   * others_at[i] holds others_val[i], every other address others_rest */
  bool has_others;
  uint32_t nothers;
  mpz_t *others_at, *others_val, others_rest;
} sol_exec_tx;

/* What unknown code does when called: call public functions of the
 * contract back, in order (calls[i].fn, sender, value, arguments). */
struct sol_exec_chain {
  uint32_t ncalls;
  const sol_exec_tx *calls;
};

typedef enum {
  SOL_EXEC_OK,             /* every transaction ran (some may have reverted), no assertion failed */
  SOL_EXEC_ASSERT,         /* an assertion failed in transaction `at` (line `line`) */
  SOL_EXEC_UNSUPPORTED     /* stopped at a construct it does not run (why) */
} sol_exec_status;

typedef struct {
  sol_exec_status status;
  uint32_t at;             /* the transaction (0 = deployment) */
  unsigned line;           /* ASSERT: the failing assertion's line */
  int32_t reverted;        /* the first transaction that reverted, or -1 */
  char why[300];           /* UNSUPPORTED: construct and place */
} sol_exec_result;

/* Deploys contract `root` (a ContractDefinition's id) and runs tx[0..n)
 * (tx[0] the deployment); stops at the first failed assertion. A reverting
 * transaction is recorded (result->reverted) and the sequence goes on from the unchanged state. */
void sol_exec_run(const sol_ast *a, int root, const sol_exec_tx *tx, uint32_t n, sol_exec_result *result);

/* The id of the deployable contract named name, or -1. */
int sol_exec_contract(const sol_ast *a, const char *name);
#endif
