/* The concrete semantics of a program with procedures (ir/cfa_proc.h) over
 * BDDs, for the pushdown engine (engine/pds.h): every variable bit-blasted
 * (engine/bv_bdd.h) in five interleaved copies, and the images and
 * pre-images of the program's steps between the state spaces of the
 * pushdown system's symbols:
 *   PT(f, l)  control point l of f: f's frame now (CUR: the globals and
 *             f's variables) and f's input copies (ENT: the globals and
 *             parameters at f's entry; none for main)
 *   EN(f)     f's entry: its inputs (AUX: the globals and f's parameters)
 *   PV(c)     the pivot of call edge c (g calls f): what g keeps across the
 *             call (CUR of g's own variables, ENT of g) and the callee's
 *             inputs (AUX)
 *   EF(f)     f's effect: its inputs (AUX) and outputs (OUT: the globals
 *             and f's result)
 * Steps: an edge PT(f,l) -> PT(f,l'); a call c at PT(g,m1) pushes EN(f)
 * and PV(c); entering PT(f,init) from EN(f) (parameters = inputs, other
 * locals arbitrary, ENT = inputs); leaving PT(f,final) gives EF(f); the
 * evaluation step at the pivot joins PV(c) and EF(f) on the inputs into
 * PT(g,m2) (g's variables from the pivot, the globals from the effect,
 * the result assigned).
 *
 * Two representations of concrete sets (pds_set): BDDs over the bits
 * (every variable a Boolean, bit-vector or array with a small index), or,
 * when `smt` is set (other types, e.g. integers), quantifier-free terms
 * over indexed copies of the program's variables (engine/pds_smt.h), with
 * Z3's quantifier elimination for the images and the SMT solver for
 * emptiness. BDD sets may also mention the abstract variables (the first
 * abs_top BDD variables, and more after the concrete ones: engine/pds_abs.h): images and pre-images only
 * quantify and rename concrete copies, so an image of a relation between
 * abstract and concrete variables is the relation's image. BDD results are
 * kept in the bb arena (bb_keep) until pds_enc_release; whatever must live
 * longer is referenced (pds_s_ref) by its holder. A set operation the
 * solver cannot decide sets `failed` (with the reason) and answers
 * conservatively (not empty, not contained); the caller gives up.
 */
#ifndef ZETA_ENGINE_PDS_ENC_H
#define ZETA_ENGINE_PDS_ENC_H
#include "core/limits.h"
#include "engine/bv_bdd.h"
#include "ir/cfa_proc.h"

enum { PC_CUR, PC_NXT, PC_ENT, PC_AUX, PC_OUT, PC_NCOPY };

/* slot lists per procedure */
enum { SL_FRAME, SL_ENTRY, SL_ENT, SL_LOCALS, SL_NONRET, SL_NONENTRY, SL_GLOBALS, SL_NKIND };

typedef struct {
  term_t var;
  uint32_t width, base;   /* base: index of its first bit */
} pds_slot;

typedef struct {
  uint32_t proc, edge, callee;   /* call edge `edge` of `proc` calling `callee` */
} pds_call;

/* An edge's frame (ir/cfa_frame.h) over BDDs, built on demand: w, the
 * CUR varset of the written slots (referenced), when total. */
typedef enum { PDS_FR_UNBUILT, PDS_FR_NONE, PDS_FR_TOTAL, PDS_FR_ONTO } pds_fr_kind;
typedef struct {
  pds_fr_kind kind;
  BDD w;
} pds_eframe;

/* An edge as a substitution over BDDs, built on demand (pds_pre_sub,
 * pds_img_sub): after the edge, each written CUR bit is a function (wval)
 * of the CUR bits before it and of the havoc values (the AUX copies of
 * the havocked slots, varset aux; each slot havocked at most once), where
 * cond holds. */
typedef enum { PDS_SUB_UNBUILT, PDS_SUB_NONE, PDS_SUB_OK } pds_sub_kind;
typedef struct {
  pds_sub_kind kind;
  bddPair *pr;     /* CUR_w <-> NXT_w, made on first use (pds_enc.c sub_pair) */
  BDD cond, aux;   /* referenced */
  /* the written bits (CUR variables, varset w) and their values after
   * the edge (referenced); rel_w = cond /\ AND (NXT bit <-> value), the
   * relation of the written bits alone, and wn, the NXT_w and aux
   * varset, built on first use */
  uint32_t nw;
  int *wvar;
  BDD *wval, w, rel_w, wn;
} pds_esub;

/* A concrete set: a BDD, or a term (smt). */
typedef int32_t pds_set;

/* The variables of a symbol's space: slot[i] in copy[i] (malloc'd). */
typedef struct {
  uint32_t n, *slot;
  int *copy;
} pds_space;

struct pds_smt;

typedef struct pds_enc {
  const cfa_prog *p;
  pds_slot *slots;
  uint32_t nslots, nbits;
  uint32_t *first;        /* first[f]: f's first slot; first[nprocs] = nslots */
  uint32_t nabs;          /* abstract BDD variables made so far */
  uint32_t abs_top;       /* of which the first, before the concrete ones */
  bb_ctx bb;
  const zeta_limits *lim;
  BDD **rel;              /* rel[f][e]: plain edge relation over CUR, NXT (or PDS_UNBUILT) */
  pds_eframe **frame;     /* frame[f][e]: pds_edge_frame's cache */
  pds_esub **sub;         /* sub[f][e]: pds_pre_sub's and pds_img_sub's cache */
  bool no_sub;            /* images and pre-images from the relations only (tests) */
  pds_call *calls;        /* every call edge of the program */
  uint32_t ncalls;
  uint32_t **call_of;     /* call_of[f][e]: index into calls or CFA_NONE */
  BDD *bind;              /* per call: CUR (caller) -> AUX (callee's inputs), or PDS_UNBUILT */
  uint32_t **sl[SL_NKIND];  /* sl[k][f]: slot list, nsl[k][f] entries */
  uint32_t *nsl[SL_NKIND];
  BDD *vs[SL_NKIND][PC_NCOPY];   /* vs[k][copy][f]: the varset (referenced) */
  BDD *vslot[PC_NCOPY];   /* vslot[copy][s]: slot s's varset (referenced) or PDS_UNBUILT */
  bool smt;               /* sets as terms (engine/pds_smt.h) */
  struct pds_smt *S;      /* smt: its state */
  bool failed;            /* smt: the solver left something undecided */
  char fail_why[160];
  uint64_t *pair_key;     /* the renaming pairs made so far (pds_pair) */
  bddPair **pair;
  uint32_t npair, cap_pair;
} pds_enc;

#define PDS_UNBUILT (-1)

/* Whether every variable of p has a BDD encoding. */
bool pds_enc_bdd_able(const cfa_prog *p);
/* The bits of one copy of all of p's variables (UINT32_MAX: some
 * variable has no BDD encoding). */
uint32_t pds_enc_bits(const cfa_prog *p);
/* Lays out p's variables (false with a reason for unsupported types or too
 * many bits) and opens BuDDy with nabs abstract variables first; smt: no
 * concrete bits, sets as terms. */
bool pds_enc_open(pds_enc *E, const cfa_prog *p, uint32_t nabs, bool smt, const zeta_limits *lim, char *why,
                  size_t len);
void pds_enc_close(pds_enc *E);
/* Drops the arena's references (every intermediate BDD). */
void pds_enc_release(pds_enc *E);
BDD pds_keep(pds_enc *E, BDD b);

int pds_var(const pds_enc *E, uint32_t bit, int copy);
uint32_t pds_slot_of(const pds_enc *E, term_t v);
/* bit j (least significant first) of slot s among all bits */
uint32_t pds_pos(const pds_enc *E, uint32_t s, uint32_t j);
/* The varset of slot list k of f in copy. */
BDD pds_vs(pds_enc *E, int k, uint32_t f, int copy);
BDD pds_vs_slot(pds_enc *E, uint32_t s, int copy);
/* The renaming pair with key `key` (any 64-bit name the caller chooses
 * for what it renames): made once and kept until pds_enc_close; *fresh
 * when new (the caller fills it). */
bddPair *pds_pair(pds_enc *E, uint64_t key, bool *fresh);
/* pair keys: what (PK_*), an index (procedure, call), two copies */
#define PDS_PAIR_KEY(what, idx, from, to) \
  (((uint64_t)(what) << 48) | ((uint64_t)(idx) << 16) | ((uint64_t)(from) << 8) | (uint64_t)(to))
enum { PK_IMG_EDGE = 1, PK_PRE_EDGE, PK_ENTER, PK_POP, PK_EVAL, PK_EVAL_BACK, PK_COMPOSE, PK_ABS, PK_ABS2 };
/* pr += slot list k of f, copy from -> to */
void pds_pair_list(pds_enc *E, bddPair *pr, int k, uint32_t f, int from, int to);
void pds_pair_slot(pds_enc *E, bddPair *pr, uint32_t s, int from, uint32_t t, int to);
/* equality of slot list k of f between two copies */
BDD pds_eq_list(pds_enc *E, int k, uint32_t f, int a, int b);

/* the concrete variables of a symbol's space */
BDD pds_vs_pt(pds_enc *E, uint32_t f);
BDD pds_vs_en(pds_enc *E, uint32_t f);
BDD pds_vs_pv(pds_enc *E, uint32_t c);
BDD pds_vs_ef(pds_enc *E, uint32_t f);

/* Images and pre-images (false with a reason in why for an unsupported
 * statement or a timeout); see the header comment for the spaces. */
bool pds_img_edge(pds_enc *E, uint32_t f, uint32_t e, pds_set S, pds_set *out, char *why, size_t len);
bool pds_pre_edge(pds_enc *E, uint32_t f, uint32_t e, pds_set S, pds_set *out, char *why, size_t len);
bool pds_img_push_en(pds_enc *E, uint32_t c, pds_set S, pds_set *out, char *why, size_t len);
bool pds_img_push_pv(pds_enc *E, uint32_t c, pds_set S, pds_set *out, char *why, size_t len);
bool pds_pre_push_en(pds_enc *E, uint32_t c, pds_set S, pds_set *out, char *why, size_t len);
bool pds_pre_push_pv(pds_enc *E, uint32_t c, pds_set S, pds_set *out, char *why, size_t len);
pds_set pds_img_enter(pds_enc *E, uint32_t f, pds_set S);
/* BDD S with f's inputs renamed from AUX to ENT */
BDD pds_aux_to_ent(pds_enc *E, uint32_t f, BDD S);
pds_set pds_pre_enter(pds_enc *E, uint32_t f, pds_set S);
pds_set pds_img_pop(pds_enc *E, uint32_t f, pds_set S);
pds_set pds_pre_pop(pds_enc *E, uint32_t f, pds_set S);
pds_set pds_img_eval(pds_enc *E, uint32_t c, pds_set Spv, pds_set Sef);
/* S (over PT(g, m2) of call c) as a relation between the pivot and the
 * effect that the evaluation step maps into S: the pivot's part over CUR
 * (g's variables but the result) and ENT, the effect's over OUT. */
pds_set pds_eval_back(pds_enc *E, uint32_t c, pds_set S);
/* exists the effect's outputs (OUT of f's globals and result) */
pds_set pds_s_exists_out(pds_enc *E, uint32_t f, pds_set S);
/* exists what caller g keeps across a call (CUR of g's variables, ENT of g) */
pds_set pds_s_exists_kept(pds_enc *E, uint32_t g, pds_set S);

/* ---- set algebra ---- */
pds_set pds_s_true(pds_enc *E);
pds_set pds_s_false(pds_enc *E);
pds_set pds_s_and(pds_enc *E, pds_set a, pds_set b);
pds_set pds_s_or(pds_enc *E, pds_set a, pds_set b);
pds_set pds_s_not(pds_enc *E, pds_set a);
pds_set pds_s_diff(pds_enc *E, pds_set a, pds_set b);
bool pds_s_empty(pds_enc *E, pds_set a);
bool pds_s_within(pds_enc *E, pds_set a, pds_set b);
void pds_s_ref(pds_enc *E, pds_set a);
void pds_s_unref(pds_enc *E, pds_set a);
uint32_t pds_s_size(pds_enc *E, pds_set a);
/* S projected onto variable i of the space: for all (forall) or some of
 * the others (those marked in among; NULL: all); PDS_UNBUILT when the
 * representation has no projections. */
pds_set pds_s_project(pds_enc *E, pds_set S, const pds_space *sp, const bool *among, uint32_t i, bool forall);
/* Marks reads[i] when S reads variable i of the space (formulas: every
 * one); returns how many. */
uint32_t pds_s_reads(pds_enc *E, pds_set S, const pds_space *sp, bool *reads);
/* Whether S depends on the space's variables only. */
bool pds_s_only(pds_enc *E, pds_set S, const pds_space *sp);
/* One state of S over the space (a set with one element), or the empty set. */
pds_set pds_s_pick(pds_enc *E, pds_set S, const pds_space *sp);
/* The value of slot s in copy in a one-state set. */
term_t pds_s_value(pds_enc *E, pds_set one, uint32_t s, int copy);

/* The spaces of the symbols (pds_space_free releases one). */
void pds_space_pt(pds_enc *E, uint32_t f, pds_space *sp);
void pds_space_en(pds_enc *E, uint32_t f, pds_space *sp);
void pds_space_pv(pds_enc *E, uint32_t c, pds_space *sp);
void pds_space_ef(pds_enc *E, uint32_t f, pds_space *sp);
/* out := a followed by b */
void pds_space_cat(const pds_space *a, const pds_space *b, pds_space *out);
void pds_space_free(pds_space *sp);
/* The caller's result slot of call c (CFA_NONE: dropped) and the callee's
 * result slot (CFA_NONE: none). */
void pds_result_slots(pds_enc *E, uint32_t c, uint32_t *rs, uint32_t *ret);
/* The OUT variables of EF(f) (globals and result). */
BDD pds_vs_out(pds_enc *E, uint32_t f);

/* The relation of a plain edge (cached; false with a reason when a
 * statement is not supported). */
bool pds_edge_rel(pds_enc *E, uint32_t f, uint32_t e, char *why, size_t len);
/* Edge e of f total (every state has a successor; *w: the CUR varset of
 * what it writes, *onto: cfa_frame's onto), or false. Then, for a set S
 * not mentioning w, pre(S) = S, and img(S) = S when onto: pds_img_edge
 * and pds_pre_edge answer so without the relation. */
bool pds_edge_frame(pds_enc *E, uint32_t f, uint32_t e, BDD *w, bool *onto);
/* The pre-image of S (over f's PT space) through edge e of f without the
 * edge's relation over the frame: exists NXT_w, aux. rel_w /\ S with
 * CUR_w renamed to NXT_w (pds_esub), i.e. exists aux. cond /\ S[v := v's
 * value after the edge]; false when the edge has no such form (a choice,
 * a slot havocked twice, an unsupported term): then the relation's. */
bool pds_pre_sub(pds_enc *E, uint32_t f, uint32_t e, BDD S, BDD *out);
/* The image of S through edge e of f with the relation of the written
 * bits alone (pds_esub's rel_w: no identity for what the edge keeps):
 * exists w, aux. S /\ rel_w, NXT renamed to CUR; false as pds_pre_sub. */
bool pds_img_sub(pds_enc *E, uint32_t f, uint32_t e, BDD S, BDD *out);
/* The call binding of call c (cached). */
bool pds_bind(pds_enc *E, uint32_t c, char *why, size_t len);

/* Whether q depends on the variables of the varset vs only. */
bool pds_only_vars(BDD q, BDD vs);

/* A BDD as a term: variable v stands for atom_of[v] (NULL_TERM: not
 * allowed; *ok = false). */
term_t pds_bdd_term(BDD b, const term_t *atom_of, bool *ok);
/* S as a term: slot slots[i]'s copy copies[i] stands for params[i]; false
 * (*ok = false) when S mentions other variables. */
term_t pds_set_term(pds_enc *E, BDD S, uint32_t n, const uint32_t *slots, const int *copies, const term_t *params,
                    bool *ok);
#endif
