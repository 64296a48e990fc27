/* The evaluator's inside, shared by tla_model.c and tla_eval.c: modules
 * as contexts (definitions plus the substitutions of an INSTANCE),
 * environments of bound names, and evaluation with TLC's semantics,
 * including the enumeration of the states an action allows. */
#ifndef ZETA_LANG_TLA_EVAL_H
#define ZETA_LANG_TLA_EVAL_H
#include <setjmp.h>
#include "core/limits.h"
#include "lang/tla/tla_ast.h"
#include "lang/tla/tla_model.h"

typedef struct tla_ctx tla_ctx;
typedef struct tla_env tla_env;

typedef enum { DEF_OP, DEF_FUN, DEF_INSTANCE } tla_def_kind;

typedef struct tla_def {
  const char *name;
  tla_def_kind kind;
  tla_node *body;             /* operator body / function body; NULL for instances */
  tla_node **params;          /* operator: identifier or operator_declaration; function: quantifier_bound */
  uint32_t nparams;
  tla_ctx *ctx;               /* where the body is evaluated */
  tla_env *closure;           /* LET definitions: the environment of the LET */
  tla_ctx *inst;              /* DEF_INSTANCE: the instance */
  tla_node *symbol;           /* a built-in operator passed as an argument (+, \\union, ...) */
  bool local;
  int level;                  /* -1 unknown, 0 constant, 1 state, 2 action; 3 while computing */
  const tla_val *memo;        /* constant-level, parameterless: the value */
  bool building;              /* DEF_FUN: its value is being computed (recursion) */
  int8_t primed;              /* mentions primed variables: 0 unknown, 1 no, 2 yes, 3 computing */
  int8_t temporal;            /* mentions temporal operators: 0 unknown, 1 no, 2 yes, 3 computing */
  int8_t guard;               /* an action's first conjunct V[p] = "s" (tla_eval.c guard_false): 0 unknown, 1 no, 2 yes */
  uint32_t guard_var, guard_param;   /* V's index, p's position */
  const char *guard_str;      /* s */
} tla_def;

/* A module as seen from one place: its definitions (own, extended and of
 * unnamed instances) and, for an instance, the substitutions of its
 * constants and variables (the rest are taken from the parent by name). */
struct tla_ctx {
  tla_def **defs;
  size_t ndefs, capdefs, *hash, caphash;
  const char **decls;          /* constants and variables declared here (and in extended modules) */
  size_t ndecls, capdecls;
  const char **sub_name;
  tla_node **sub_expr;
  size_t nsubs, capsubs;
  tla_ctx *parent;             /* NULL: the root module */
  const char **included;       /* modules already extended into this context */
  size_t nincluded, capincluded;
};

typedef enum { ENV_VAL, ENV_DEF, ENV_THUNK } tla_env_kind;
struct tla_env {
  const char *name;
  tla_env_kind kind;
  const tla_val *val;
  tla_def *def;
  tla_node *thunk;
  tla_ctx *thunk_ctx;
  tla_env *thunk_env;
  tla_env *next;
};

/* The evaluation state. */
typedef struct tla_ev {
  tla_model *m;
  const tla_val **cur;         /* current state's variables (entries NULL while Init assigns them) */
  const tla_val **nxt;         /* next state's (NULL entries: unassigned); NULL outside actions */
  bool primed;
  bool init_mode;              /* Init: unprimed variables are assigned */
  const tla_val *at;           /* @ in EXCEPT */
  jmp_buf *jb;
  char msg[1024];
  unsigned depth;
  char *stack_base;            /* the stack where the outermost evaluation started */
  const zeta_limits *lim;      /* polled during long evaluations */
  uint64_t tick;               /* evaluation steps so far: a measure of work the load does not change */
  uint64_t tick_limit;         /* fail once tick reaches it (0 = none): budgets that are reproducible */
  const tla_hint *hints;       /* replay of a symbolic trace (else NULL): tla_set_hints */
  size_t nhints;
  const tla_val *state;        /* the hash-consed state whose values cur holds (NULL: none, as in Init) */
  struct tla_state_memo *smemo;   /* state-level definitions' values per state (tla_eval.c call_def) */
} tla_ev;
/* An entry of tla_ev.smemo: d's value in state, and the evaluation steps
 * it took (counted again at each use: the work budgets stay reproducible). */
typedef struct tla_state_memo {
  const struct tla_def *d;
  const tla_val *state, *val;
  uint64_t ticks;
} tla_state_memo;

/* What an action's enumeration calls for each complete assignment;
 * returns false to stop. */
typedef struct tla_cont tla_cont;
struct tla_cont {
  bool (*fn)(tla_ev *e, const tla_cont *k);
  const tla_cont *next;
  void *data;
  tla_node **items;
  uint32_t i, n;
  tla_ctx *ctx;
  tla_env *env;
};

struct tla_model_core {
  tla_ctx *root;
  const char **vars;
  size_t nvars;
  const char **cnames;         /* constants with their values */
  const tla_val **cvals;
  tla_def **csubst;            /* `<-`: the definition replacing the constant (or NULL) */
  size_t nconsts;
  tla_ctx *overrides;          /* cfg replacements of built-in operators (or NULL) */
  bool user_symbols;           /* some definition names an operator symbol (a \\prec b == ...) */
  bool cfg_mode;               /* unknown identifiers are model values (the cfg's values) */
};

/* Counts a step of evaluation; fails with "timeout" once the limits
 * expire or the steps reach tick_limit (checked every 4096 steps). */
void tla_poll_slow(tla_ev *e);
static inline void tla_poll(tla_ev *e) {
  if ((++e->tick & 4095) == 0) tla_poll_slow(e);
}
_Noreturn void tla_fail(tla_ev *e, const tla_node *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
struct tla_model_core *tla_core(tla_model *m);

tla_def *tla_ctx_find(const tla_ctx *c, const char *name);
void tla_ctx_add(tla_ctx *c, tla_def *d);
/* Bumped whenever a context, a definition, a declaration or a
 * substitution is added (any model's): the evaluator's cached resolutions
 * of names (per node) hold only for the generation they were made in. */
extern uint32_t tla_ctx_generation;

const tla_val *tla_eval(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env);
bool tla_eval_bool(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env);
/* Enumerates the assignments n allows; false if a continuation stopped. */
bool tla_enum(tla_ev *e, tla_node *n, tla_ctx *c, tla_env *env, const tla_cont *k);
/* Applies a definition to values (no parameters: n = 0). */
const tla_val *tla_apply_def(tla_ev *e, tla_def *d, const tla_val **args, uint32_t n, const tla_node *at);
/* A set's elements (lazy sets enumerated; error if infinite). */
const tla_val *tla_enumerate(tla_ev *e, const tla_val *s, const tla_node *at);
void tla_eval_free_scratch(void);
/* After an error (longjmp out of evaluations): the scratch pool is free again. */
void tla_eval_reset_after_error(void);
/* Does d mention a primed variable or UNCHANGED (through the definitions it uses)? */
bool tla_def_primed(tla_ev *e, tla_def *d);

/* Name resolution and levels, for the symbolic encoding (tla_sym.c). */
typedef enum { TLA_R_NONE, TLA_R_ENV, TLA_R_DEF, TLA_R_VAR, TLA_R_CONST, TLA_R_SUBST } tla_rkind;
typedef struct {
  tla_rkind kind;
  tla_env *en;
  tla_def *def;
  int idx;
  tla_node *subst;
  tla_ctx *ctx;
} tla_res;
tla_res tla_resolve(tla_ev *e, const char *name, tla_ctx *c, tla_env *env);
/* 0 constant, 1 mentions variables, 2 primes (or operator arguments). */
int tla_def_level(tla_ev *e, tla_def *d);

/* The parts of a loaded model the symbolic encoding reads. */
typedef struct {
  tla_node *node;
  tla_ctx *ctx;
} tla_part;
typedef struct {
  tla_ev *ev;
  const tla_part *init;
  size_t ninit;
  tla_part next;
  tla_def **inv;
  const bool *inv_action, *inv_trace;
  size_t ninv;
  tla_def **cons;
  size_t ncons;
} tla_model_view;
void tla_model_view_get(tla_model *m, tla_model_view *v);
/* Runs fn(data) with evaluation errors (tla_fail) caught: false then, with
 * the message in tla_error(m). */
bool tla_protect(tla_model *m, void (*fn)(void *data), void *data);
#endif
