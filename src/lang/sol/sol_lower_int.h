/* The lowering's internal state, shared by sol_lower.c (the Solidity I
 * encoding) and sol_lower_modular.c (the checks of modular mode, which
 * hook into the same lowering where L->mod is set). Not for other modules. */
#ifndef ZETA_LANG_SOL_LOWER_INT_H
#define ZETA_LANG_SOL_LOWER_INT_H
#include <setjmp.h>
#include <string.h>
#include "core/term_intops.h"
#include "lang/sol/sol_lower.h"

#define SUM_MAX 8    /* summed state variables */
#define EVD_MAX 8    /* state variables tracked by events */
#define EV_MAX 16    /* events with specifications */
#define FOREIGN_MAX 32   /* state variables of other contracts (maps from their address) */
/* synthetic declaration ids from nids on: this, this.balance, the overflow
 * flag, the sums, then per tracked variable its value at the last event
 * and whether that was saved, then other contracts' state variables, then
 * the balances of other addresses */
#define GHOST_EV (3 + SUM_MAX)
#define GHOST_FOREIGN (GHOST_EV + 2 * EVD_MAX)
#define GHOST_BALANCES (GHOST_FOREIGN + FOREIGN_MAX)
#define GHOSTS (GHOST_BALANCES + 1)
#define ALIAS_MAX 6  /* index steps of a storage pointer */

/* ---------- types ---------- */

typedef enum { T_INT, T_BOOL, T_STRUCT, T_MAP, T_ARRAY } tkind;

typedef struct ty {
  tkind k;
  int bits;            /* T_INT: 8..256; 0 = a literal (no range) */
  bool sign;
  long emax;           /* enum: largest value; else -1 */
  struct ty *elem;     /* map value / array element */
  long len;            /* array: fixed length or -1 */
  int nf;              /* struct / tuple fields */
  struct ty **f;
  const char **fname;
  uint32_t nl;         /* leaves */
  bool opaque;         /* modular mode: a string or bytes value */
  bool cut;            /* a recursive struct below the unfolding depth: no
                        * leaves; reaching into it is unsupported */
  int fb;              /* modular mode: bytesN (N), an unsigned integer of N bytes; else 0 */
} ty;

struct lval;
/* a value: its type and leaves; place: a storage reference returned by a
 * function (what it points to), else NULL */
typedef struct { ty *t; term_t *v; const struct lval *place; } val;

/* ---------- contexts: one open path of the function being lowered ---------- */

typedef struct {
  bool dead;
  term_t *cons; uint32_t ncons, capcons;
  chc_app *apps; uint32_t napps;
  term_t *cur;          /* frame leaves */
} ctx;

typedef struct { ctx *v; uint32_t n, cap; } ctxlist;

/* an lvalue: a slot and a path of field / index steps; a storage pointer
 * that may point to several places is a decision list: this place where
 * guard holds (NULL_TERM: always), else alt */
typedef struct lval {
  int slot;
  uint32_t n;
  struct { bool index; int field; term_t idx; } st[16];
  term_t guard;
  const struct lval *alt;
} lval;

/* Storage pointers: the places (shapes: a state variable and a path, the
 * index terms left out) each pointer declaration of a root may point to,
 * gathered over the lowering. A pointer's value is a selector among them
 * and the index terms. A place found after the pointer was read (a loop
 * that rebinds it, a callee lowered before its caller's new argument)
 * makes sol_lower start again with the places known from the start. */
#define PTR_SHAPES 8
typedef struct { int root, decl; uint32_t n; bool used; lval sh[PTR_SHAPES]; } ptr_shapes;

/* What one attempt at lowering learnt for the next. */
typedef struct {
  int unfold;              /* levels of recursive structs */
  ptr_shapes *ptr; uint32_t nptr, capptr;
  int *first; uint32_t nfirst;   /* (root, function id) pairs lowered before the transactions */
  bool can_retry, retry;
} lower_hints;

typedef struct {
  uint32_t n;             /* leaves */
  uint32_t hdr;           /* header leaves: pre-state, sender, value, params-in */
  uint32_t sender, value, env, pin, npin;
  uint32_t nslots, capslots;
  uint32_t *off; ty **sty; lval **alias;
  unsigned char *mem_param;  /* a memory reference parameter of a callee: MEM_IN, MEM_INOUT (else 0) */
  uint32_t *io_slots, nio;   /* the MEM_INOUT ones, returned by the summary */
  int *alias_idx;         /* storage pointers: their selector slot, then the index slots (-1) */
  int *ptr_decl;          /* storage pointers: their declaration */
  int *slot_of;           /* by declaration id */
  uint32_t *ret_slots, nret;
  uint32_t summary;       /* predicate of this frame's summary (summary mode) */
  int txi;                /* transaction mode: index into sol_chc.tx, else -1 */
  uint32_t C, E;          /* transaction mode: reachable states, failed assertions */
  const char *name;
  int contract;           /* contract id of the code being lowered (for super) */
  bool unchecked;
  /* a modifier used several times: each use has its own slots for the
   * modifier's variables, (use, declaration, slot) */
  struct { int inv, id, slot; } *modmap;
  uint32_t nmodmap, capmodmap;
  int cur_inv;            /* the modifier use being lowered (-1) */
  bool no_mem_writes;     /* the code never writes into a memory reference:
                           * aliasing one is then the same as copying it */
  ctxlist *ret_target, *brk, *cont;
  /* memory locals rebound at the body's top level (mem_rebinds): their
   * slot follows the reference; slots at the body's start, statements and
   * the own slot of a fresh object (-1: the right side's object) */
  int *mr_id, *mr_slot; uint32_t nmr;
  const cJSON **mr_at; int *mr_new; uint32_t nmrat;
  const cJSON *fn;        /* the function (or root constructor) lowered, or NULL */
} frame;

typedef struct {
  const sol_ast *a;
  sol_chc *out;
  jmp_buf fail;
  char msg[512];
  void **arena; size_t narena, caparena;
  ty **struct_ty;         /* by id (types without recursion) */
  int *struct_open;       /* by id: how often the struct is being built (recursion) */
  uint32_t rec_hits;      /* re-entries of a struct under construction so far */
  int unfold;             /* levels of a recursive struct represented */
  bool cut_hit;           /* the lowering gave up at a value below them */
  /* the root being lowered */
  int *lin; int nlin;     /* linearized bases, most derived first */
  int *state_ids; uint32_t nstate_vars; ty **state_ty;
  uint32_t nstate;        /* state leaves */
  type_t *state_sorts;
  int *fn_pred;           /* summary predicate by function id (-1) */
  int *worklist; uint32_t nwork, capwork;
  int *assert_k;          /* assertion number by node id (0) */
  frame *F;
  uint32_t npredname;
  /* the environment of a transaction (block.*, tx.*) used by the file:
   * header leaves; `this` and the contract's balance: hidden state */
  int env_pos[16];
  uint32_t nenv;
  int this_id, balance_id;   /* synthetic declaration ids, or -1 */
  int others_id;             /* other addresses' balances (a mapping; hidden state, havocked
                              * where other code may run), or -1 */
  /* untrusted external calls: N(s, s', e) relates the state before a call
   * into unknown code to the state after it (e != 0: an assertion failed
   * in a callback), closed under calls of the public functions
   * (CHC_FALSE: no such call) */
  uint32_t N;
  bool trusted;
  lower_hints *hints;
  lower_hints own_hints;     /* when the caller gives none */
  const char *root_name;
  /* modular mode (sol_lower_modular) */
  bool mod;
  int arith;                 /* SOL_ARITH_* */
  const cJSON **inv; int *inv_ann; uint32_t ninv;   /* contract invariants (expressions) */
  term_t *old_cur;           /* the checked function's entry values (__verifier_old_*) */
  /* __verifier_sum_*(m[__verifier_idx_*].f.g): a ghost state variable (id
   * nids + 3 + j) per summed state variable sum_var[j] and member path
   * sum_path[j] (field indices, sum_plen[j] of them), updated at every write
   * of an element */
  int sum_var[SUM_MAX], sum_path[SUM_MAX][8], sum_plen[SUM_MAX];
  uint32_t nsum;
  /* outside int mode the ghost has the sum function's type (uint256 or
   * int256: sum_ty[j]) and wraps as solc-verify's shadow variable; NULL
   * there when the summed elements are not of that width and sign */
  ty *sum_ty[SUM_MAX];
  bool sum_sign[SUM_MAX];    /* __verifier_sum_int */
  const ty *sum_ety[SUM_MAX];   /* the summed elements' type */
  bool sum_done;             /* the next write of a summed array is a push or pop already counted */
  /* events with specifications (solc-verify's event data tracking) */
  struct { const cJSON *def, *spec; int data[EVD_MAX], ndata; bool strict; } ev[EV_MAX];
  uint32_t nev;
  int evd[EVD_MAX];          /* tracked state variables (declaration ids); ghosts nids + 3 + SUM_MAX + 2k (+1) */
  uint32_t nevd;
  term_t *before_cur;        /* an event postcondition's state at the last event (__verifier_before_*) */
  frame *old_frame;          /* the frame old_cur belongs to */
  term_t fthis;              /* evaluating another contract's annotations: its address (else NULL_TERM) */
  int fvar[FOREIGN_MAX];     /* other contracts' state variables (declaration ids) with ghosts */
  uint32_t nfvar;
  frame *top;                /* the checked function's frame */
  bool framed;               /* some function of the root has `modifies`: all are framed */
  bool cut;                  /* a loop was cut by its invariants (later checks are sol_site.after_cut) */
  const sol_cands *cands;    /* interval candidates at loop heads (sol_lower_bounds.c), or NULL */
  uint32_t ncand;            /* candidates generated so far */
  bool exact;                /* loops kept as loops (head predicates), their invariants checked at the head */
  bool aliased;              /* the checked function's memory parameters that may alias are one object */
  bool approx;               /* a value was over-approximated (later checks are sol_site.approx) */
  bool spec;                  /* evaluating an annotation */
  const cJSON *cond_read;     /* a loop condition's assignment (cond_effect): read its target, do not assign */
  val *bound;                /* bound variables (quantified; an event's or a callee's parameters) by declaration id (.t NULL: none) */
  const cJSON **qblock;      /* the marker block of a __zeta_all/ex/eq call, by node id */
  cJSON **tmp_json;          /* argument lists made for `using for` calls */
  uint32_t ntmp_json;
} lw;

static inline cJSON *child(const cJSON *n, const char *key) { return n ? cJSON_GetObjectItemCaseSensitive(n, key) : NULL; }
static inline bool is(const cJSON *n, const char *kind) { return n && strcmp(sol_kind(n), kind) == 0; }
static inline cJSON *decl_of(lw *L, const cJSON *n) { return sol_node(L->a, sol_int(n, "referencedDeclaration")); }
static inline bool is_ref_type(const ty *t) { return t->k == T_STRUCT || t->k == T_MAP || t->k == T_ARRAY; }

/* The shared functions keep their short names in the two files; their
 * symbols carry the module prefix (libzeta exports prefixed names only). */
#define aralloc(...) sol_lw_aralloc(__VA_ARGS__)
#define unsup(...) sol_lw_unsup(__VA_ARGS__)
#define nid(...) sol_lw_nid(__VA_ARGS__)
#define need_first(...) sol_lw_need_first(__VA_ARGS__)
#define slot_of(...) sol_lw_slot_of(__VA_ARGS__)
#define add_state_var(...) sol_lw_add_state_var(__VA_ARGS__)
#define mod_bound(...) sol_lw_mod_bound(__VA_ARGS__)
#define mod_bind(...) sol_lw_mod_bind(__VA_ARGS__)
#define ty_of_decl(...) sol_lw_ty_of_decl(__VA_ARGS__)
#define mod_ghosts(...) sol_lw_mod_ghosts(__VA_ARGS__)
#define first(...) sol_lw_first(__VA_ARGS__)
#define pow2(k) term_pow2((uint32_t)(k))   /* core/term_intops.h */
#define in_range(...) sol_lw_in_range(__VA_ARGS__)
#define wrap(...) sol_lw_wrap(__VA_ARGS__)
#define int_ty(...) sol_lw_int_ty(__VA_ARGS__)
#define bool_ty(...) sol_lw_bool_ty(__VA_ARGS__)
#define lit_ty(...) sol_lw_lit_ty(__VA_ARGS__)
#define mkval(...) sol_lw_mkval(__VA_ARGS__)
#define scalar(...) sol_lw_scalar(__VA_ARGS__)
#define fresh_val(...) sol_lw_fresh_val(__VA_ARGS__)
#define tuple_val(...) sol_lw_tuple_val(__VA_ARGS__)
#define add_cons(...) sol_lw_add_cons(__VA_ARGS__)
#define ctx_copy(...) sol_lw_ctx_copy(__VA_ARGS__)
#define list_push(...) sol_lw_list_push(__VA_ARGS__)
#define merge(...) sol_lw_merge(__VA_ARGS__)
#define split(...) sol_lw_split(__VA_ARGS__)
#define emit_error(...) sol_lw_emit_error(__VA_ARGS__)
#define add_slot(...) sol_lw_add_slot(__VA_ARGS__)
#define slot_val(...) sol_lw_slot_val(__VA_ARGS__)
#define set_slot(...) sol_lw_set_slot(__VA_ARGS__)
#define this_slot(...) sol_lw_this_slot(__VA_ARGS__)
#define balance_slot(...) sol_lw_balance_slot(__VA_ARGS__)
#define field_off(...) sol_lw_field_off(__VA_ARGS__)
#define mod_write(...) sol_lw_mod_write(__VA_ARGS__)
#define mod_emit(...) sol_lw_mod_emit(__VA_ARGS__)
#define fail_unless(...) sol_lw_fail_unless(__VA_ARGS__)
#define mod_coerce(...) sol_lw_mod_coerce(__VA_ARGS__)
#define mod_length(...) sol_lw_mod_length(__VA_ARGS__)
#define mod_string(...) sol_lw_mod_string(__VA_ARGS__)
#define mod_byte(...) sol_lw_mod_byte(__VA_ARGS__)
#define mod_builtin(...) sol_lw_mod_builtin(__VA_ARGS__)
#define opaque_ty(...) sol_lw_opaque_ty(__VA_ARGS__)
#define mod_new(...) sol_lw_mod_new(__VA_ARGS__)
#define ty_of_typename(...) sol_lw_ty_of_typename(__VA_ARGS__)
#define default_val(...) sol_lw_default_val(__VA_ARGS__)
#define marker_arg(...) sol_lw_marker_arg(__VA_ARGS__)
#define fn_markers(...) sol_lw_fn_markers(__VA_ARGS__)
#define next_marker(...) sol_lw_next_marker(__VA_ARGS__)
#define mod_loop_head(...) sol_lw_mod_loop_head(__VA_ARGS__)
#define bounds_entry(...) sol_lw_bounds_entry(__VA_ARGS__)
#define bounds_assume(...) sol_lw_bounds_assume(__VA_ARGS__)
#define bounds_keep(...) sol_lw_bounds_keep(__VA_ARGS__)
#define ev_setup(...) sol_lw_ev_setup(__VA_ARGS__)
#define ev_entry(...) sol_lw_ev_entry(__VA_ARGS__)
#define ev_exit(...) sol_lw_ev_exit(__VA_ARGS__)
#define ev_loop(...) sol_lw_ev_loop(__VA_ARGS__)
#define ev_written(...) sol_lw_ev_written(__VA_ARGS__)
#define ev_write(...) sol_lw_ev_write(__VA_ARGS__)
#define mod_balance_of(...) sol_lw_mod_balance_of(__VA_ARGS__)
#define mod_credit(...) sol_lw_mod_credit(__VA_ARGS__)
#define balances_slot(...) sol_lw_balances_slot(__VA_ARGS__)
#define ev_exit_assume(...) sol_lw_ev_exit_assume(__VA_ARGS__)
#define assume_frame(...) sol_lw_assume_frame(__VA_ARGS__)
#define calls_setup(...) sol_lw_calls_setup(__VA_ARGS__)
#define mod_foreign(...) sol_lw_mod_foreign(__VA_ARGS__)
#define mod_by_spec(...) sol_lw_mod_by_spec(__VA_ARGS__)
#define mod_spec_call(...) sol_lw_mod_spec_call(__VA_ARGS__)
#define mod_getter(...) sol_lw_mod_getter(__VA_ARGS__)
#define mod_is_this(...) sol_lw_mod_is_this(__VA_ARGS__)
#define same_param_types(...) sol_lw_same_param_types(__VA_ARGS__)
#define assume_expr(...) sol_lw_assume_expr(__VA_ARGS__)
#define mod_sum_push_pop(...) sol_lw_mod_sum_push_pop(__VA_ARGS__)
#define expr(...) sol_lw_expr(__VA_ARGS__)
#define stmt(...) sol_lw_stmt(__VA_ARGS__)
#define lvalue(...) sol_lw_lvalue(__VA_ARGS__)
#define lval_read(...) sol_lw_lval_read(__VA_ARGS__)
#define upd(...) sol_lw_upd(__VA_ARGS__)
#define assume_ranges(...) sol_lw_assume_ranges(__VA_ARGS__)
#define new_site(...) sol_lw_new_site(__VA_ARGS__)
#define cond_of(...) sol_lw_cond_of(__VA_ARGS__)
#define has_calls(...) sol_lw_has_calls(__VA_ARGS__)
#define loop_body(...) sol_lw_loop_body(__VA_ARGS__)
#define root_setup(...) sol_lw_root_setup(__VA_ARGS__)
#define err_pred(...) sol_lw_err_pred(__VA_ARGS__)
#define add_queries(...) sol_lw_add_queries(__VA_ARGS__)
#define lw_new(...) sol_lw_lw_new(__VA_ARGS__)
#define lw_free(...) sol_lw_lw_free(__VA_ARGS__)
#define add_tx(...) sol_lw_add_tx(__VA_ARGS__)
#define lower_deploy(...) sol_lw_lower_deploy(__VA_ARGS__)
#define lower_function(...) sol_lw_lower_function(__VA_ARGS__)
#define frame_init(...) sol_lw_frame_init(__VA_ARGS__)
#define frame_header(...) sol_lw_frame_header(__VA_ARGS__)
#define entry(...) sol_lw_entry(__VA_ARGS__)
#define frame_free(...) sol_lw_frame_free(__VA_ARGS__)
#define may_loop(...) sol_lw_may_loop(__VA_ARGS__)
#define known_code(...) sol_lw_known_code(__VA_ARGS__)
#define library_fn(...) sol_lw_library_fn(__VA_ARGS__)
#define low_level_call(...) sol_lw_low_level_call(__VA_ARGS__)
#define check_at(...) sol_lw_check_at(__VA_ARGS__)
#define check_overflow_before(...) sol_lw_check_overflow_before(__VA_ARGS__)
#define check_overflow(...) sol_lw_check_overflow(__VA_ARGS__)
#define check_invs(...) sol_lw_check_invs(__VA_ARGS__)
#define assume_invs(...) sol_lw_assume_invs(__VA_ARGS__)
#define havoc_state(...) sol_lw_havoc_state(__VA_ARGS__)
#define loop_invs(...) sol_lw_loop_invs(__VA_ARGS__)
#define side_effects(...) sol_lw_side_effects(__VA_ARGS__)
#define fresh_object(...) sol_lw_fresh_object(__VA_ARGS__)
#define loop_modular(...) sol_lw_loop_modular(__VA_ARGS__)
#define cond_effect(...) sol_lw_cond_effect(__VA_ARGS__)
#define cond_value(...) sol_lw_cond_value(__VA_ARGS__)
#define add_overflow_flag(...) sol_lw_add_overflow_flag(__VA_ARGS__)
#define mod_fn_entry(...) sol_lw_mod_fn_entry(__VA_ARGS__)
#define mod_exit(...) sol_lw_mod_exit(__VA_ARGS__)
#define mod_deploy_exit(...) sol_lw_mod_deploy_exit(__VA_ARGS__)
#define mod_call_out(...) sol_lw_mod_call_out(__VA_ARGS__)
#define mod_verifier_call(...) sol_lw_mod_verifier_call(__VA_ARGS__)

/* ---- sol_lower.c ---- */
void *aralloc(lw *L, size_t n);
/* gives up on the construct at n: "unsupported: ... at file:line" (longjmp) */
_Noreturn void unsup(lw *L, const cJSON *n, const char *fmt, ...);
int nid(lw *L, const cJSON *n);
const cJSON *first(const cJSON *n, const char *key);
/* ... which the construct needs (else unsupported) */
const cJSON *need_first(lw *L, const cJSON *n, const char *key);
/* the slot of declaration d */
int slot_of(lw *L, const cJSON *d);
void add_state_var(lw *L, int id, ty *t);
ty *ty_of_decl(lw *L, const cJSON *d);
/* the type of type name tn (nesting depth: a bound on recursion) */
ty *ty_of_typename(lw *L, const cJSON *tn, int depth);
val default_val(lw *L, ty *t);
/* modular mode: the type of strings and dynamic bytes (opaque values) */
ty *opaque_ty(lw *L);
/* the first leaf of struct (or tuple) field j of t */
uint32_t field_off(const ty *t, int j);
term_t in_range(const ty *t, term_t x);
/* x modulo the type's range (two's complement for signed types) */
term_t wrap(const ty *t, term_t x);
ty *int_ty(lw *L, int bits, bool sign);
ty *bool_ty(lw *L);
ty *lit_ty(lw *L);
val mkval(lw *L, ty *t);
val scalar(lw *L, ty *t, term_t x);
val fresh_val(lw *L, ty *t, const char *name);
val tuple_val(lw *L, int n, val *vs);
void lower_first_summaries(lw *L, uint32_t ri);
void add_cons(lw *L, ctx *c, term_t t);
ctx ctx_copy(lw *L, const ctx *c);
void list_push(lw *L, ctxlist *l, const ctx *c);
ctx merge(lw *L, ctxlist *l, const char *what);
void split(lw *L, const ctx *c, term_t cond, ctx *t, ctx *f);
void emit_error(lw *L, const ctx *c, term_t err);
/* where ok fails the path ends with error err; it goes on where ok holds */
void fail_unless(lw *L, ctx *c, term_t ok, term_t err);
int add_slot(lw *L, int id, ty *t);
val slot_val(lw *L, const ctx *c, int s);
void set_slot(lw *L, ctx *c, int s, val v);
int this_slot(lw *L);
int balance_slot(lw *L);
val expr(lw *L, ctx *c, const cJSON *e);
void stmt(lw *L, ctx *c, const cJSON *s);
lval lvalue(lw *L, ctx *c, const cJSON *e);
val lval_read(lw *L, ctx *c, const lval *lv);
void upd(lw *L, val base, const lval *lv, uint32_t k, val nv);
void assume_ranges(lw *L, ctx *c, const ty *t, const term_t *v);
uint32_t new_site(lw *L, sol_site_kind kind, int annot, const cJSON *at, const char *name);
term_t cond_of(lw *L, val v, const cJSON *e);
bool has_calls(const cJSON *e);
ctx loop_body(lw *L, ctx *in, const cJSON *body, ctxlist *brk, ctxlist *cont);
uint32_t root_setup(lw *L, const cJSON *ct);
uint32_t err_pred(sol_chc *out);
void add_queries(sol_chc *out, uint32_t E, const bool *excluded);
lw *lw_new(const sol_ast *a, sol_chc *out);
void lw_free(lw *L);
void add_tx(lw *L, sol_tx t);
void lower_deploy(lw *L, sol_tx *tx, uint32_t C, uint32_t E);
void lower_function(lw *L, const cJSON *fn, sol_tx *tx, int txi, uint32_t C, uint32_t E);
frame *frame_init(lw *L, const char *name, int contract);
void frame_header(lw *L, const cJSON *params);
ctx entry(lw *L, const cJSON *params, bool pre_default, sol_tx *tx);
void frame_free(lw *L);

/* ---- sol_lower_modular.c ---- */
/* Whether n may run a loop (seen: definitions already walked). */
bool may_loop(lw *L, const cJSON *n, bool *seen);
/* Whether some contract of the file implements a function named name. */
bool known_code(lw *L, const char *name);
/* The callee is an internal function of a library. */
bool library_fn(lw *L, const cJSON *callee);
val low_level_call(lw *L, ctx *c, const cJSON *e, const cJSON *member, const cJSON *opts);
void check_at(lw *L, const ctx *c, const cJSON *e, term_t ok, uint32_t k);
/* annotation expression e assumed on path c */
void assume_expr(lw *L, ctx *c, const cJSON *e);
void check_overflow_before(lw *L, const ctx *c, const cJSON *at);
void check_overflow(lw *L, const ctx *c, const cJSON *at);
void check_invs(lw *L, const ctx *c, sol_site_kind kind, const cJSON *at);
void assume_invs(lw *L, ctx *c);
void havoc_state(lw *L, ctx *c);
int loop_invs(lw *L, const cJSON *s, const cJSON *body, const cJSON **inv, int *ann);
bool side_effects(const cJSON *e);
/* memory variable d of the checked function (a local or a return value)
 * only ever holds objects made for it: distinct from any other's */
bool fresh_object(lw *L, const cJSON *d);
void loop_modular(lw *L, ctx *c, const cJSON *s, const cJSON *cond, const cJSON *fx, const cJSON *body, const cJSON *next, bool do_while);
const cJSON *cond_effect(const cJSON *e);
val cond_value(lw *L, ctx *c, const cJSON *cond, const cJSON *fx);
void add_overflow_flag(lw *L);
/* After a function's entry (params bound): the checked function (top)
 * assumes the invariants and preconditions, an inlined callee checks its
 * preconditions. */
void mod_fn_entry(lw *L, ctx *c, const cJSON *fn, const cJSON *params, bool top);
void mod_exit(lw *L, const ctx *c, const cJSON *fn, bool top);
/* The end of the deployment: it establishes the invariants. */
void mod_deploy_exit(lw *L, const ctx *c, const cJSON *rootctor);
/* A call into unknown code at e: the invariants checked, the state
 * havocked, the invariants assumed. */
void mod_call_out(lw *L, ctx *c, const cJSON *e);
/* __verifier_old_* / __verifier_sum_* call e (callee name): its value into
 * *out, true; false if e is no such call. */
bool mod_verifier_call(lw *L, ctx *c, const cJSON *e, const char *name, val *out);
/* A bound variable's value (declaration d): into *out, true. */
bool mod_bound(lw *L, const cJSON *d, val *out);
/* binds declaration d to v (v.t NULL: unbinds); returns the previous binding */
val mod_bind(lw *L, const cJSON *d, val v);
/* Before nv is written at lv: the sums over the collection in lv's slot
 * (when lv is an element or a member of one) and the data tracked by
 * events. mod_sum_push_pop: before pushing *x (popping: x NULL) onto the
 * array arr at lv. */
void mod_write(lw *L, ctx *c, const lval *lv, val nv);
void mod_sum_push_pop(lw *L, ctx *c, const lval *lv, val arr, const val *x);
/* `new T[](n)` or `new C(args)` (call e) */
val mod_new(lw *L, ctx *c, const cJSON *e);
/* the i-th argument of a marker statement (sol_annot.h) */
const cJSON *marker_arg(const cJSON *st, int i);
/* The leading annotation markers of fn's body, in turn (next_marker steps
 * over the target statement of a `modifies` or tracks-changes-in). */
const cJSON *fn_markers(const cJSON *fn);
const cJSON *next_marker(const cJSON *x);
/* the modifies frame of fn assumed at c's end (old: the state before fn) */
void assume_frame(lw *L, ctx *c, const cJSON *fn, term_t *old);
/* exact mode: the invariants of loop s (body) at a visit of its head h */
void mod_loop_head(lw *L, const ctx *h, const cJSON *s, const cJSON *body, uint32_t pred);
/* sol_lower_bounds.c: interval candidates at the head of loop s (w: the
 * slots it writes): checked on entry (c), assumed after the havoc, checked
 * at the end of an iteration */
typedef struct { int slot; bool upper, boolean; long bound; uint32_t idx; const char *text; } bound_cand;
bound_cand *bounds_entry(lw *L, const ctx *c, const cJSON *s, const bool *w, uint32_t *n);
void bounds_assume(lw *L, ctx *c, const bound_cand *b, uint32_t n);
void bounds_keep(lw *L, const ctx *c, const cJSON *s, const bound_cand *b, uint32_t n);

/* ---- sol_lower_calls.c ---- */
/* Ghosts for the state of other contracts the root's code uses. */
void calls_setup(lw *L);
/* state variable d of another contract at address addr: into *out, true */
bool mod_foreign(lw *L, ctx *c, const cJSON *d, term_t addr, val *out);
/* whether a call of fn goes through its specification */
bool mod_by_spec(lw *L, const cJSON *fn);
/* fn called through its specification (args: the argument nodes; self:
 * the callee contract's address, NULL_TERM for the root itself) */
val mod_spec_call(lw *L, ctx *c, const cJSON *fn, const cJSON *args, const cJSON *at, term_t self, term_t sender, term_t value);
/* the parameters of a and b (functions or events) have the same types */
bool same_param_types(const cJSON *a, const cJSON *b);
/* x is `this` (or a conversion of it) */
bool mod_is_this(lw *L, const cJSON *x);
/* the getter call e of another contract's state variable, at addr */
val mod_getter(lw *L, ctx *c, const cJSON *e, term_t addr);

/* the slot of the other addresses' balances (a map; -1 if none) */
int balances_slot(lw *L);
/* the balance of the address addr (this: the contract's own) */
val mod_balance_of(lw *L, ctx *c, term_t addr);
/* amount (when ok) arrives at address to; to = this is the caller's
 * business (the contract's own balance is a slot of its own) */
void mod_credit(lw *L, ctx *c, term_t to, term_t amount, term_t ok);

/* ---- sol_lower_bytes.c ---- */
/* v converted to type t (at: the node) where a bytesN or a string is
 * involved: explicitly or implicitly */
val mod_coerce(lw *L, val v, ty *t, const cJSON *at);
/* .length of bytesN or string/bytes value v (base: its expression) */
val mod_length(lw *L, ctx *c, val v, const cJSON *base);
/* a string or hex string literal */
val mod_string(lw *L, const cJSON *e);
/* bytesN value base at index idx (checked: "Index may be out of bounds") */
val mod_byte(lw *L, ctx *c, val base, term_t idx, const cJSON *at);
/* keccak256, sha256, ripemd160, ecrecover (call e): into *out, true */
bool mod_builtin(lw *L, ctx *c, const cJSON *e, const char *name, val *out);

/* ---- sol_lower_events.c ---- */
/* The events with specifications and their data's ghosts. */
void ev_setup(lw *L);
/* emit statement s: its arguments, then the event's specification */
void mod_emit(lw *L, ctx *c, const cJSON *s);
/* The entry (top: of the checked function, else of an inlined callee,
 * where it is checked first) and exit of fn: nothing of the events it
 * emits is saved. */
void ev_entry(lw *L, ctx *c, const cJSON *fn, bool top);
void ev_exit(lw *L, const ctx *c, const cJSON *fn);
/* At loop s: the same for the current function's events, checked as a
 * site of the given kind or assumed. */
void ev_loop(lw *L, ctx *c, const cJSON *s, sol_site_kind kind, bool assume);
/* after a call of fn by its specification: nothing of its events saved */
void ev_exit_assume(lw *L, ctx *c, const cJSON *fn);
/* w[slot]: the ghosts of written tracked variables are written too */
void ev_written(lw *L, bool *w);
/* before a write at lv: the tracked variable's old value saved */
void ev_write(lw *L, ctx *c, const lval *lv);
/* Ghost state variables for the sums and the events' data. */
void mod_ghosts(lw *L);
#endif
