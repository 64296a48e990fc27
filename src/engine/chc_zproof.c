/* Z3's hyper-resolution proofs as derivations over our clauses.
 *
 * A proof step concludes a ground atom from ground premises by one of the
 * rules Z3 solved. Its clause of ours is found by matching predicates and
 * checking the clause's constraint with the ground values (a solver).
 * Z3's preprocessing folds facts and nullary atoms into rules and inlines
 * predicates: a predicate that no step concludes was inlined, so a body
 * atom of it is unfolded with its defining clauses (each a choice under a
 * selector; the solver's model picks one and gives the missing values).
 * Unfolding first shares one copy of each inlined predicate per step (its
 * arguments and its choice: the size of the system, as bounded model
 * checking over a DAG; a system Z3 inlined whole, LIA-227, 235), then, when
 * that has no model (a predicate needed twice with other values), one
 * copy per occurrence (a tree: exponential in the nesting). */
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"
#include "engine/chc_zproof.h"
#include "solver/solver.h"

/* unfolding bounds: the clause instances of one step's query, all
 * instances tried in the whole proof (failed choices included: a system
 * Z3 inlined whole is given up quickly), and the depth of inlined chains;
 * an inlined predicate occurs once on a chain (Z3 inlines what is not
 * recursive, recursion goes through concluded predicates) */
#define UNF_MAX_INST 1024
#define UNF_MAX_WORK 8192
#define UNF_MAX_DEPTH 256

/* A proof read out of Z3 (chc_zproof_read): its nodes in the order a walk
 * from the root first meets them, so that the mapping needs no Z3 context
 * (the child that ran Z3 on the file deletes it first: the mapping's own
 * solver then makes its context in memory the proof's freed, instead of
 * ~17 MB of fresh pages, 8-60 ms of page faults after fork). */
enum { ZP_FAIL, ZP_MP, ZP_HYPER };
typedef struct {
  uint8_t kind;      /* ZP_MP: its one argument (arg[0]) is the proof; ZP_HYPER: a step */
  uint32_t na;       /* the step's Z3 arguments (premises, then the conclusion) */
  uint32_t *arg;     /* ZP_MP: arg[0]; ZP_HYPER: premises arg[0..na-3], the nodes of Z3's args 1..na-2 */
  uint32_t head;     /* ZP_HYPER: the conclusion's relation (rel_index), CHC_FALSE when not ours */
  term_t *vals;      /* its arguments (the head predicate's arity, npreds: none), NULL_TERM where not a value */
} zp_node;

struct chc_zproof {
  zp_node *v;
  uint32_t n, root;
  size_t cap;
};

typedef struct {
  const chc_zproof *p;
  const chc_system *s;
  uint32_t *nullary;      /* nullary_rules(s) */
  uint32_t *fact;         /* per predicate: a clause without body for it, or CHC_FALSE */
  bool *inlined;          /* per predicate: no proof step concludes it */
  bool *onpath;           /* per predicate: being unfolded on the current chain */
  uint32_t *done;         /* proof node -> derivation node + 1 (0: not yet, UINT32_MAX: none): proofs are DAGs */
  solver *slv;
  const zeta_limits *lim;
  uint32_t work;          /* instances tried so far */
  bool unfold;            /* this pass unfolds inlined predicates */
  bool share;             /* ... one copy of each per step */
  bool any_inlined;
  bool shared_twice;      /* a shared copy stood for two occurrences (else copies per occurrence add nothing) */
  chc_zproof_cost cost;
} zp_ctx;

typedef struct {
  Z3_context z;
  z3conv *conv;
  const Z3_func_decl *rel;
  const chc_system *s;
  const zeta_limits *lim;
  term_map seen;          /* Z3 ast id -> node index */
  chc_zproof *p;
  bool failed;            /* out of time */
} zp_reader;

static uint32_t rel_index(zp_reader *c, Z3_func_decl d) {
  if (!c->rel) {   /* the input file's relations: by name */
    const char *name = Z3_get_symbol_string(c->z, Z3_get_decl_name(c->z, d));
    for (uint32_t p = 0; p < c->s->npreds; p++)
      if (strcmp(c->s->preds[p].name, name) == 0 && Z3_get_domain_size(c->z, d) == c->s->preds[p].arity) return p;
    return CHC_FALSE;
  }
  for (uint32_t p = 0; p <= c->s->npreds; p++)
    if (Z3_is_eq_func_decl(c->z, c->rel[p], d)) return p;
  return CHC_FALSE;
}

/* The node of proof pr (read once: proofs are DAGs). Not an application,
 * neither modus ponens nor a hyper-resolution step with a conclusion, or
 * deeper than the walk goes: ZP_FAIL. */
static uint32_t zp_read(zp_reader *c, Z3_ast pr, int depth) {
  Z3_context z = c->z;
  int32_t id = (int32_t)(Z3_get_ast_id(z, pr) & 0x7fffffff);
  int32_t seen = term_map_get(&c->seen, id);
  if (seen != NULL_TERM) return (uint32_t)seen;
  chc_zproof *p = c->p;
  xgrow((void **)&p->v, sizeof *p->v, &p->cap, p->n + 1);
  uint32_t me = p->n++;
  memset(&p->v[me], 0, sizeof p->v[me]);
  p->v[me].kind = ZP_FAIL;
  term_map_put(&c->seen, id, (int32_t)me);
  if ((me & 1023) == 1023 && limits_expired(c->lim)) c->failed = true;
  if (c->failed || depth > 100000 || Z3_get_ast_kind(z, pr) != Z3_APP_AST) return me;
  Z3_app app = Z3_to_app(z, pr);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  unsigned na = Z3_get_app_num_args(z, app);
  if (k == Z3_OP_PR_MODUS_PONENS && na >= 1) {
    uint32_t a = zp_read(c, Z3_get_app_arg(z, app, 0), depth + 1);
    p->v[me].kind = ZP_MP;
    p->v[me].arg = xmalloc(sizeof *p->v[me].arg);
    p->v[me].arg[0] = a;
    return me;
  }
  if (k != Z3_OP_PR_HYPER_RESOLVE || na < 2) return me;
  Z3_ast concl = Z3_get_app_arg(z, app, na - 1);
  if (Z3_get_ast_kind(z, concl) != Z3_APP_AST) return me;
  Z3_app capp = Z3_to_app(z, concl);
  uint32_t head = rel_index(c, Z3_get_app_decl(z, capp));
  uint32_t ar = head < c->s->npreds ? c->s->preds[head].arity : 0;
  term_t *vals = xcalloc(ar + 1, sizeof *vals);
  for (uint32_t i = 0; i < ar; i++) {
    term_t t = z3conv_from_z3(c->conv, Z3_get_app_arg(z, capp, i));
    vals[i] = t != NULL_TERM && term_is_value(t) ? t : NULL_TERM;
  }
  uint32_t *arg = xcalloc(na - 2 + 1, sizeof *arg);
  for (uint32_t i = 0; i + 2 < na; i++) arg[i] = zp_read(c, Z3_get_app_arg(z, app, i + 1), depth + 1);
  zp_node *nd = &p->v[me];   /* p->v may have moved */
  nd->kind = ZP_HYPER;
  nd->na = na;
  nd->arg = arg;
  nd->head = head;
  nd->vals = vals;
  return me;
}

chc_zproof *chc_zproof_read(z3conv *conv, const Z3_func_decl *rel, const chc_system *s, Z3_ast pr,
                            const zeta_limits *lim) {
  zp_reader c = {.z = z3conv_context(conv), .conv = conv, .rel = rel, .s = s, .lim = lim};
  c.p = xcalloc(1, sizeof *c.p);
  term_map_init(&c.seen);
  c.p->root = zp_read(&c, pr, 0);
  term_map_free(&c.seen);
  if (c.failed) {
    chc_zproof_free(c.p);
    return NULL;
  }
  return c.p;
}

void chc_zproof_free(chc_zproof *p) {
  if (!p) return;
  for (uint32_t i = 0; i < p->n; i++) { free(p->v[i].arg); free(p->v[i].vals); }
  free(p->v);
  free(p);
}

/* The nullary predicates derivable by clauses with constraint true over
 * nullary atoms only (Z3 simplifies such propositional facts away from its
 * proofs): how[q] is a clause deriving q from predicates that got theirs
 * before (a well-founded choice, so derivations are finite and short),
 * CHC_FALSE when there is none. */
static uint32_t *nullary_rules(const chc_system *s) {
  uint32_t *how = xmalloc((s->npreds + 1) * sizeof *how);
  for (uint32_t q = 0; q < s->npreds; q++) how[q] = CHC_FALSE;
  for (bool grew = true; grew;) {
    grew = false;
    for (uint32_t ci = 0; ci < s->nclauses; ci++) {
      const chc_clause *cl = &s->clauses[ci];
      uint32_t q = cl->head.pred;
      if (q == CHC_FALSE || s->preds[q].arity != 0 || how[q] != CHC_FALSE || !term_is_true(cl->constraint)) continue;
      bool ok = true;
      for (uint32_t j = 0; j < cl->nbody && ok; j++) ok = how[cl->body[j].pred] != CHC_FALSE;
      if (ok) how[q] = ci, grew = true;
    }
  }
  return how;
}

/* A derivation of the nullary predicate q by nullary_rules; the node
 * index or CHC_FALSE. */
static uint32_t nullary_node(const chc_system *s, const uint32_t *how, chc_derivation *d, uint32_t q) {
  if (how[q] == CHC_FALSE) return CHC_FALSE;
  const chc_clause *cl = &s->clauses[how[q]];
  uint32_t *kids = xcalloc(cl->nbody + 1, sizeof *kids);
  for (uint32_t j = 0; j < cl->nbody; j++) kids[j] = nullary_node(s, how, d, cl->body[j].pred);
  uint32_t r = chc_derivation_add(d, s, how[q]);
  for (uint32_t j = 0; j < cl->nbody; j++) d->nodes[r].children[j] = kids[j];
  free(kids);
  return r;
}

/* Marks the predicates some hyper-resolution step concludes (every node
 * the walk from the root reaches: all of them). */
static void mark_concluded(const chc_zproof *p, const chc_system *s, bool *concluded) {
  for (uint32_t i = 0; i < p->n; i++)
    if (p->v[i].kind == ZP_HYPER && p->v[i].head < s->npreds) concluded[p->v[i].head] = true;
}

/* ---- one proof step: a tree of clause instances ---- */

/* A clause instance, its variables renamed apart: the root (the step's
 * clause) or one choice for body atom patom of instance parent. */
typedef struct {
  uint32_t clause, parent, patom;
  term_t sel;      /* this choice is taken (the root: true) */
  term_t *head;    /* head arguments, renamed */
  term_t *body;    /* body atoms' arguments, renamed, atom j from boff[j] */
  uint32_t *boff;
  term_t *pick;    /* [j * np + i]: atom j equals premise i, or NULL_TERM */
} unf_inst;

/* parent of a shared copy's instance (patom: the predicate) */
#define UNF_SHARED (CHC_FALSE - 1)

typedef struct {
  unf_inst *v;
  uint32_t n;
  size_t cap;
  uint32_t np;              /* the step's premises */
  const uint32_t *kpred;    /* their predicates */
  const uint32_t *kids;     /* their nodes */
  chc_derivation *d;
  /* shared copies, per predicate (zp_ctx.share): arguments, "used" (one
   * of its choices holds), derivation node once built; their choices'
   * formulas, guarded by selectors, in glob */
  uint32_t np_sys;          /* the system's predicates */
  term_t **sh_args;
  term_t *sh_used;
  uint32_t *sh_node;
  term_vec glob;
  uint32_t *taken;          /* per predicate: its premises taken in order by atoms so far, or NULL (any order) */
} unf_step;

/* Drops the instances from index n on (a failed choice's subtree). */
static void unf_truncate(unf_step *st, uint32_t n) {
  while (st->n > n) {
    unf_inst *in = &st->v[--st->n];
    free(in->head); free(in->body); free(in->boff); free(in->pick);
  }
}

static void unf_step_free(unf_step *st) {
  unf_truncate(st, 0);
  free(st->v);
  if (st->sh_args)
    for (uint32_t q = 0; q < st->np_sys; q++) free(st->sh_args[q]);
  free(st->sh_args); free(st->sh_used); free(st->sh_node); free(st->taken);
  term_vec_free(&st->glob);
}

static bool premise_pred(const unf_step *st, uint32_t q) {
  for (uint32_t i = 0; i < st->np; i++) if (st->kpred[i] == q) return true;
  return false;
}

/* In order (st->taken): the premise of q an atom of q takes, the first
 * one no atom took before (Z3 lists a rule's premises in its body's
 * order); CHC_FALSE: any of q's (no order, or more atoms than premises). */
static uint32_t premise_in_order(unf_step *st, uint32_t q) {
  if (!st->taken) return CHC_FALSE;
  for (uint32_t i = 0, k = 0; i < st->np; i++)
    if (st->kpred[i] == q && k++ == st->taken[q]) {
      st->taken[q]++;
      return i;
    }
  return CHC_FALSE;
}

static term_t unf_inst_new(zp_ctx *c, unf_step *st, uint32_t ci, const term_t *want, uint32_t parent, uint32_t patom,
                           int depth, uint32_t *idx);

/* The shared copy of inlined predicate q: built once per step (each
 * defining clause a choice, in glob); false when none of its clauses can
 * be a choice, or on a cycle (onpath: no well-founded derivation). */
static bool shared_copy(zp_ctx *c, unf_step *st, uint32_t q, int depth) {
  if (st->sh_used[q] != NULL_TERM) return c->shared_twice = true;
  if (depth >= UNF_MAX_DEPTH || c->onpath[q]) return false;
  const chc_pred *pr = &c->s->preds[q];
  term_t *x = xcalloc(pr->arity + 1, sizeof *x);
  for (uint32_t a = 0; a < pr->arity; a++) x[a] = term_fresh_var(term_var_name(pr->params[a]), term_type(pr->params[a]));
  c->onpath[q] = true;
  term_vec sels = {0};
  bool ok = true;
  for (uint32_t k = 0; k < c->s->nclauses && ok; k++) {
    if (c->s->clauses[k].head.pred != q) continue;
    uint32_t sub = CHC_FALSE;
    term_t g = unf_inst_new(c, st, k, x, UNF_SHARED, q, depth + 1, &sub);
    if (g == NULL_TERM) {   /* left in place (copies it built are shared), never chosen */
      if (sub != CHC_FALSE) st->v[sub].sel = term_false();
      ok = st->n < UNF_MAX_INST && c->work < UNF_MAX_WORK && !limits_expired(c->lim);
      continue;
    }
    term_t sel = term_fresh_var("unf!sel", type_bool());
    st->v[sub].sel = sel;
    term_vec_push(&st->glob, term_implies(sel, g));
    term_vec_push(&sels, sel);
  }
  c->onpath[q] = false;
  ok = ok && sels.size > 0;
  if (ok) {
    term_t used = term_fresh_var("unf!used", type_bool());
    term_vec_push(&st->glob, term_implies(used, term_or(sels.size, sels.data)));
    st->sh_used[q] = used;
    st->sh_args[q] = x;
  } else {
    free(x);
  }
  term_vec_free(&sels);
  return ok;
}

/* Instance of clause ci with its head equal to want (the head's arity):
 * adds it to st (index *idx) and returns its formula: the constraint, the
 * head equalities, each body atom equal to one of the premises with its
 * predicate, or unfolded (each defining clause a choice under a selector:
 * sel implies its formula, one sel holds), or nullary (derived later).
 * NULL_TERM when an atom can be none of these or the bounds are hit. */
static term_t unf_inst_new(zp_ctx *c, unf_step *st, uint32_t ci, const term_t *want, uint32_t parent, uint32_t patom,
                           int depth, uint32_t *idx) {
  const chc_system *s = c->s;
  const chc_clause *cl = &s->clauses[ci];
  if (st->n >= UNF_MAX_INST || c->work >= UNF_MAX_WORK || limits_expired(c->lim)) return NULL_TERM;
  if (c->unfold) c->work++;   /* only unfolding counts: a long proof of direct steps is no search */
  uint32_t ar = cl->head.pred == CHC_FALSE ? 0 : s->preds[cl->head.pred].arity;
  term_vec v = {0};
  term_vec_push(&v, cl->constraint);
  for (uint32_t a = 0; a < ar; a++) term_vec_push(&v, cl->head.args[a]);
  uint32_t *boff = xcalloc(cl->nbody + 1, sizeof *boff);
  for (uint32_t j = 0; j < cl->nbody; j++) {
    boff[j] = v.size - 1 - ar;
    for (uint32_t a = 0; a < s->preds[cl->body[j].pred].arity; a++) term_vec_push(&v, cl->body[j].args[a]);
  }
  term_t *vs;
  uint32_t nv = term_free_vars_n(v.size, v.data, false, &vs);
  /* a head argument that is a variable becomes want's term (no renamed
   * copy and no equality: the formula of a wide system is half the size) */
  term_t *fresh = xmalloc((nv ? nv : 1) * sizeof *fresh);
  bool *bound = xcalloc(ar + 1, sizeof *bound);
  for (uint32_t i = 0; i < nv; i++) {
    fresh[i] = NULL_TERM;
    for (uint32_t a = 0; a < ar && fresh[i] == NULL_TERM; a++)
      if (cl->head.args[a] == vs[i]) fresh[i] = want[a], bound[a] = true;
    if (fresh[i] == NULL_TERM) fresh[i] = term_fresh_var(term_var_name(vs[i]), term_type(vs[i]));
  }
  term_subst_many(v.size, v.data, nv, vs, fresh);
  free(vs); free(fresh);
  size_t cap = st->cap;
  xgrow((void **)&st->v, sizeof *st->v, &cap, st->n + 1);
  st->cap = cap;
  uint32_t me = *idx = st->n++;
  unf_inst *in = &st->v[me];
  in->clause = ci; in->parent = parent; in->patom = patom; in->sel = term_true();
  in->head = xcalloc(ar + 1, sizeof *in->head);
  memcpy(in->head, v.data + 1, ar * sizeof *in->head);
  in->body = xcalloc(v.size - 1 - ar + 1, sizeof *in->body);
  memcpy(in->body, v.data + 1 + ar, (v.size - 1 - ar) * sizeof *in->body);
  in->boff = boff;
  in->pick = xcalloc((size_t)cl->nbody * st->np + 1, sizeof *in->pick);
  term_vec f = {0};
  term_vec_push(&f, v.data[0]);
  for (uint32_t a = 0; a < ar; a++)
    if (!bound[a]) term_vec_push(&f, term_eq(v.data[1 + a], want[a]));
  free(bound);
  term_vec_free(&v);
  bool ok = true;
  for (uint32_t j = 0; j < cl->nbody && ok; j++) {
    uint32_t q = cl->body[j].pred, qa = s->preds[q].arity;
    const term_t *args = st->v[me].body + st->v[me].boff[j];
    if (premise_pred(st, q)) {   /* Z3 may list premises in another order than the body */
      uint32_t only = premise_in_order(st, q);
      term_vec alts = {0};
      for (uint32_t i = 0; i < st->np; i++) {
        if (st->kpred[i] != q || (only != CHC_FALSE && i != only)) { st->v[me].pick[j * st->np + i] = NULL_TERM; continue; }
        term_vec eq = {0};
        for (uint32_t a = 0; a < qa; a++) term_vec_push(&eq, term_eq(args[a], st->d->nodes[st->kids[i]].head_vals[a]));
        term_t pk = term_and(eq.size, eq.data);
        st->v[me].pick[j * st->np + i] = pk;
        term_vec_push(&alts, pk);
        term_vec_free(&eq);
      }
      term_vec_push(&f, term_or(alts.size, alts.data));
      term_vec_free(&alts);
      continue;
    }
    for (uint32_t i = 0; i < st->np; i++) st->v[me].pick[j * st->np + i] = NULL_TERM;
    bool inl = c->unfold && c->inlined[q], unfold = inl || (qa > 0 && c->fact[q] != CHC_FALSE);
    if (inl && c->share) {   /* the atom is the shared copy, which is used */
      if (!(ok = shared_copy(c, st, q, depth))) break;
      for (uint32_t a = 0; a < qa; a++) term_vec_push(&f, term_eq(args[a], st->sh_args[q][a]));
      term_vec_push(&f, st->sh_used[q]);
      continue;
    }
    if (!unfold) { ok = qa == 0; continue; }   /* nullary: derived after the check */
    if (depth >= UNF_MAX_DEPTH || c->onpath[q]) { ok = false; break; }
    c->onpath[q] = true;
    term_vec sels = {0};
    for (uint32_t k = 0; k < s->nclauses && ok; k++) {
      if (s->clauses[k].head.pred != q || (!inl && k != c->fact[q])) continue;
      uint32_t sub, mark = st->n;   /* args stay put when st->v grows: body is its own array */
      term_t g = unf_inst_new(c, st, k, args, me, j, depth + 1, &sub);
      if (g == NULL_TERM) {
        ok = st->n < UNF_MAX_INST && c->work < UNF_MAX_WORK && !limits_expired(c->lim);
        unf_truncate(st, mark);
        continue;
      }
      term_t sel = term_fresh_var("unf!sel", type_bool());
      st->v[sub].sel = sel;
      term_vec_push(&f, term_implies(sel, g));
      term_vec_push(&sels, sel);
    }
    c->onpath[q] = false;
    ok = ok && sels.size > 0;
    if (ok) term_vec_push(&f, term_or(sels.size, sels.data));
    term_vec_free(&sels);
  }
  term_t r = ok ? term_and(f.size, f.data) : NULL_TERM;
  term_vec_free(&f);
  return r;
}

static uint32_t unf_node(zp_ctx *c, unf_step *st, uint32_t ii);

/* After a sat check: the node of q's shared copy (its chosen instance),
 * built once: a DAG where q occurs several times. */
static uint32_t shared_node(zp_ctx *c, unf_step *st, uint32_t q) {
  if (st->sh_node[q] != CHC_FALSE) return st->sh_node[q];
  for (uint32_t k = 0; k < st->n; k++)
    if (st->v[k].parent == UNF_SHARED && st->v[k].patom == q && solver_value(c->slv, st->v[k].sel) == term_true())
      return st->sh_node[q] = unf_node(c, st, k);
  return CHC_FALSE;
}

/* After a sat check: the derivation node of instance ii (children
 * first), or CHC_FALSE. */
static uint32_t unf_node(zp_ctx *c, unf_step *st, uint32_t ii) {
  const chc_system *s = c->s;
  const chc_clause *cl = &s->clauses[st->v[ii].clause];
  uint32_t ar = cl->head.pred == CHC_FALSE ? 0 : s->preds[cl->head.pred].arity;
  uint32_t *child = xcalloc(cl->nbody + 1, sizeof *child);
  bool ok = true;
  for (uint32_t j = 0; j < cl->nbody && ok; j++) {
    child[j] = CHC_FALSE;
    for (uint32_t i = 0; i < st->np && child[j] == CHC_FALSE; i++) {
      term_t pk = st->v[ii].pick[j * st->np + i];
      if (pk != NULL_TERM && solver_value(c->slv, pk) == term_true()) child[j] = st->kids[i];
    }
    for (uint32_t k = ii + 1; k < st->n && child[j] == CHC_FALSE; k++)
      if (st->v[k].parent == ii && st->v[k].patom == j && solver_value(c->slv, st->v[k].sel) == term_true())
        child[j] = unf_node(c, st, k);
    if (child[j] == CHC_FALSE && st->sh_used && st->sh_used[cl->body[j].pred] != NULL_TERM)
      child[j] = shared_node(c, st, cl->body[j].pred);
    if (child[j] == CHC_FALSE && s->preds[cl->body[j].pred].arity == 0)
      child[j] = nullary_node(s, c->nullary, st->d, cl->body[j].pred);
    ok = child[j] != CHC_FALSE;
  }
  term_t *hv = xcalloc(ar + 1, sizeof *hv);
  for (uint32_t a = 0; a < ar && ok; a++) ok = (hv[a] = solver_value(c->slv, st->v[ii].head[a])) != NULL_TERM && term_is_value(hv[a]);
  uint32_t r = CHC_FALSE;
  if (ok) {
    r = chc_derivation_add(st->d, s, st->v[ii].clause);
    if (ar) memcpy(st->d->nodes[r].head_vals, hv, ar * sizeof *hv);   /* a query's is NULL */
    memcpy(st->d->nodes[r].children, child, cl->nbody * sizeof *child);
  }
  free(hv); free(child);
  return r;
}

/* Drops the nodes from index n on (a failed step's). */
static void derivation_truncate(chc_derivation *d, uint32_t n) {
  while (d->n > n) { d->n--; free(d->nodes[d->n].head_vals); free(d->nodes[d->n].children); }
}

/* The common step without a solver: each body atom of clause ci that can
 * be one premise only (its predicate's) takes that premise's values, the
 * head takes hv, and the constraint is evaluated. False: the clause does
 * not fit (step_clause's query implies this, so it has no model; most
 * candidate clauses of a step, unfolding or not). True with every atom
 * such a premise and no unfolding: the query's one model, the node (most
 * steps of a proof Z3 did not inline). One Z3 check per step was 90 % of
 * the mapping. 1: the node is *out, 0: no fit, -1: undecided. */
static int step_eval(zp_ctx *c, uint32_t ci, const term_t *hv, uint32_t np, const uint32_t *kpred,
                     const uint32_t *kids, chc_derivation *d, uint32_t *out) {
  const chc_system *s = c->s;
  const chc_clause *cl = &s->clauses[ci];
  uint32_t ar = cl->head.pred == CHC_FALSE ? 0 : s->preds[cl->head.pred].arity;
  uint32_t *pick = xcalloc(cl->nbody + 1, sizeof *pick);
  term_vec vars = {0}, vals = {0}, conds = {0};
  bool whole = !c->unfold;   /* every atom a premise's */
  for (uint32_t j = 0; j < cl->nbody; j++) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < np; i++)
      if (kpred[i] == cl->body[j].pred) pick[j] = i, n++;
    if (n != 1) pick[j] = CHC_FALSE, whole = false;
  }
  /* the atoms' arguments against their values: a variable is bound by its
   * first occurrence, anything else is a condition */
  for (uint32_t j = 0; j <= cl->nbody; j++) {
    if (j < cl->nbody && pick[j] == CHC_FALSE) continue;
    const chc_app *at = j < cl->nbody ? &cl->body[j] : &cl->head;
    uint32_t n = j < cl->nbody ? s->preds[at->pred].arity : ar;
    const term_t *v = j < cl->nbody ? d->nodes[kids[pick[j]]].head_vals : hv;
    for (uint32_t a = 0; a < n; a++) {
      term_t x = at->args[a];
      bool bound = !term_is_var(x);
      for (uint32_t k = 0; k < vars.size && !bound; k++) bound = vars.data[k] == x;
      if (bound) { term_vec_push(&conds, term_eq(x, v[a])); continue; }
      term_vec_push(&vars, x);
      term_vec_push(&vals, v[a]);
    }
  }
  term_vec_push(&conds, cl->constraint);
  term_t e = term_eval(term_and(conds.size, conds.data), vars.size, vars.data, vals.data);
  int r = e == term_false() ? 0 : e == term_true() && whole ? 1 : -1;
  if (r > 0) {
    *out = chc_derivation_add(d, s, ci);
    if (ar) memcpy(d->nodes[*out].head_vals, hv, ar * sizeof *hv);
    for (uint32_t j = 0; j < cl->nbody; j++) d->nodes[*out].children[j] = kids[pick[j]];
  }
  free(pick);
  term_vec_free(&vars); term_vec_free(&vals); term_vec_free(&conds);
  return r;
}

/* step_clause's query for clause ci, with a solver: its node or
 * CHC_FALSE; in_order: each atom of a premise's predicate takes that
 * predicate's premises in Z3's order (premise_in_order), no search over
 * their matchings. */
static uint32_t step_query(zp_ctx *c, uint32_t ci, const term_t *hv, uint32_t np, const uint32_t *kpred,
                           const uint32_t *kids, chc_derivation *d, bool in_order) {
  unf_step st = {.np = np, .kpred = kpred, .kids = kids, .d = d, .np_sys = c->s->npreds};
  if (in_order) st.taken = xcalloc(c->s->npreds + 1, sizeof *st.taken);
  if (c->share) {
    st.sh_args = xcalloc(c->s->npreds + 1, sizeof *st.sh_args);
    st.sh_used = xmalloc((c->s->npreds + 1) * sizeof *st.sh_used);
    st.sh_node = xmalloc((c->s->npreds + 1) * sizeof *st.sh_node);
    for (uint32_t q = 0; q < c->s->npreds; q++) st.sh_used[q] = NULL_TERM, st.sh_node[q] = CHC_FALSE;
  }
  uint32_t root, mark = d->n, r = CHC_FALSE;
  term_t f = unf_inst_new(c, &st, ci, hv, CHC_FALSE, 0, 0, &root);
  if (f != NULL_TERM) {
    term_vec_push(&st.glob, f);
    f = term_and(st.glob.size, st.glob.data);
    if (!c->slv) c->slv = solver_new_z3(), c->cost.solver = true;   /* the first step evaluation did not decide */
    uint32_t ms = limits_remaining_ms(c->lim);   /* a query over arrays can take seconds */
    solver_set_timeout(c->slv, ms && ms < 5000 ? ms : 5000);
    solver_push(c->slv);
    solver_assert(c->slv, f);
    c->cost.checks++;
    c->cost.in_order += in_order;
    if (solver_check(c->slv) == SOLVER_SAT && (r = unf_node(c, &st, root)) == CHC_FALSE) derivation_truncate(d, mark);
    solver_pop(c->slv, 1);
  }
  unf_step_free(&st);
  return r;
}

/* Two premises or more of one predicate: their order in Z3's step is
 * worth a query before the one over all their matchings (LIA-005: a step
 * of four premises of one predicate, its check 2-3x faster so). */
static bool premises_repeat(uint32_t np, const uint32_t *kpred) {
  for (uint32_t i = 0; i < np; i++)
    for (uint32_t k = i + 1; k < np; k++)
      if (kpred[i] == kpred[k]) return true;
  return false;
}

/* Clause ci as the step from premises kids (predicates kpred) to the
 * head values hv: its node or CHC_FALSE. The query in order is a
 * restriction of the other: the clause chosen is the same. */
static uint32_t step_clause(zp_ctx *c, uint32_t ci, const term_t *hv, uint32_t np, const uint32_t *kpred,
                            const uint32_t *kids, chc_derivation *d) {
  uint32_t node = CHC_FALSE;
  int e = step_eval(c, ci, hv, np, kpred, kids, d, &node);
  if (e >= 0) return node;
  if (premises_repeat(np, kpred)) {
    uint32_t work = c->work;   /* the unfolding's bound counts the search, not this try */
    node = step_query(c, ci, hv, np, kpred, kids, d, true);
    c->work = work;
    if (node != CHC_FALSE) return node;
  }
  return step_query(c, ci, hv, np, kpred, kids, d, false);
}

/* Builds derivation nodes from a hyper-resolution proof. Returns the node
 * index of the conclusion or CHC_FALSE. The clause of each node is the
 * first of ours whose head predicate matches, whose body atoms can be the
 * premises (unfolding inlined predicates) and whose constraint is
 * satisfiable with the ground values. */
static uint32_t proof_node_new(zp_ctx *c, uint32_t pn, chc_derivation *d, int depth);

static uint32_t proof_node(zp_ctx *c, uint32_t pn, chc_derivation *d, int depth) {
  uint32_t seen = c->done[pn];
  if (seen) return seen == UINT32_MAX ? CHC_FALSE : seen - 1;
  uint32_t r = proof_node_new(c, pn, d, depth);
  c->done[pn] = r == CHC_FALSE ? UINT32_MAX : r + 1;
  return r;
}

/* Every premise predicate is some body atom's: Z3's rule (unless it
 * inlined into this clause) has exactly these body atoms. */
static bool premises_fit(zp_ctx *c, const chc_clause *cl, uint32_t np, const uint32_t *kpred) {
  for (uint32_t j = 0; j < cl->nbody && c->unfold; j++)
    if (c->inlined[cl->body[j].pred]) return true;
  for (uint32_t i = 0; i < np; i++) {
    bool any = false;
    for (uint32_t j = 0; j < cl->nbody && !any; j++) any = kpred[i] == cl->body[j].pred;
    if (!any) return false;
  }
  return true;
}

static uint32_t proof_node_new(zp_ctx *c, uint32_t pn, chc_derivation *d, int depth) {
  const zp_node *nd = &c->p->v[pn];
  if (depth > 100000 || nd->kind == ZP_FAIL || c->work >= UNF_MAX_WORK || limits_expired(c->lim)) return CHC_FALSE;
  if (nd->kind == ZP_MP) return proof_node(c, nd->arg[0], d, depth + 1);
  uint32_t na = nd->na, head = nd->head;
  /* Z3's own query!N: around the query relation (our rules), look through
   * it; else (the input file's rules) it stands for a query clause of
   * ours, matched below with the premises */
  if (head == CHC_FALSE && na == 3) {
    uint32_t kq = proof_node(c, nd->arg[0], d, depth + 1);
    if (kq != CHC_FALSE && c->s->clauses[d->nodes[kq].clause].head.pred == CHC_FALSE) return kq;
  }
  /* premises: args 1..na-2. A relation that is not ours (Z3 sliced a
   * predicate: fewer arguments) is matched as a query, so the unfolding
   * searches a whole derivation of false from the premises (small systems:
   * LIA-Arrays-205, 163) within the bounds */
  uint32_t np = na - 2;
  uint32_t *kids = xcalloc(np + 1, sizeof *kids);
  uint32_t *kpred = xcalloc(np + 1, sizeof *kpred);
  bool ok = true;
  for (uint32_t i = 0; i < np && ok; i++) {
    kids[i] = proof_node(c, nd->arg[i], d, depth + 1);
    ok = kids[i] != CHC_FALSE;
    if (ok) kpred[i] = c->s->clauses[d->nodes[kids[i]].clause].head.pred;
  }
  uint32_t result = CHC_FALSE;
  uint32_t want_head = head == c->s->npreds || head == CHC_FALSE ? CHC_FALSE : head;
  uint32_t ar = want_head == CHC_FALSE ? 0 : c->s->preds[want_head].arity;
  term_t *hv = xcalloc(ar + 1, sizeof *hv);
  for (uint32_t i = 0; i < ar && ok; i++) ok = (hv[i] = nd->vals[i]) != NULL_TERM;
  /* first as the clauses are (the step is one of them), then unfolding
   * what Z3 inlined: one shared copy each, then a copy per occurrence */
  c->shared_twice = false;
  for (int pass = 0; pass < 3 && ok && result == CHC_FALSE; pass++) {
    if ((pass > 0 && !c->any_inlined) || (pass == 2 && !c->shared_twice)) break;
    c->unfold = pass > 0;
    c->share = pass == 1;
    for (uint32_t ci = 0; ci < c->s->nclauses && result == CHC_FALSE; ci++) {
      const chc_clause *cl = &c->s->clauses[ci];
      if (cl->head.pred == want_head && premises_fit(c, cl, np, kpred))
        result = step_clause(c, ci, hv, np, kpred, kids, d);
    }
  }
  free(hv); free(kids); free(kpred);
  return result;
}

chc_zproof_cost chc_zproof_map(const chc_zproof *p, const chc_system *s, const zeta_limits *lim, chc_derivation *out) {
  zp_ctx c = {.p = p, .s = s, .lim = lim};
  chc_derivation d = {0};
  c.nullary = nullary_rules(s);
  c.fact = xmalloc((s->npreds + 1) * sizeof *c.fact);
  c.inlined = xcalloc(s->npreds + 1, sizeof *c.inlined);
  c.onpath = xcalloc(s->npreds + 1, sizeof *c.onpath);
  for (uint32_t q = 0; q < s->npreds; q++) c.fact[q] = CHC_FALSE;
  for (uint32_t i = s->nclauses; i-- > 0;)
    if (s->clauses[i].nbody == 0 && s->clauses[i].head.pred != CHC_FALSE) c.fact[s->clauses[i].head.pred] = i;
  bool *concluded = xcalloc(s->npreds + 1, sizeof *concluded);
  mark_concluded(p, s, concluded);
  for (uint32_t q = 0; q < s->npreds; q++) c.any_inlined |= c.inlined[q] = !concluded[q];
  free(concluded);
  c.done = xcalloc(p->n + 1, sizeof *c.done);
  uint32_t root = proof_node(&c, p->root, &d, 0);
  free(c.done);
  free(c.nullary); free(c.fact); free(c.inlined); free(c.onpath);
  solver_free(c.slv);
  if (root == CHC_FALSE || s->clauses[d.nodes[root].clause].head.pred != CHC_FALSE) {
    chc_derivation_free(&d);
    return c.cost;
  }
  /* nodes were added bottom-up: reverse the order so the root comes first
   * and every child has a larger index than its parent */
  uint32_t n = d.n;
  chc_derivation r = {0};
  for (uint32_t i = n; i-- > 0;) {
    (void)chc_derivation_add(&r, s, d.nodes[i].clause);
    chc_dnode *dst = &r.nodes[r.n - 1];
    const chc_clause *cl = &s->clauses[d.nodes[i].clause];
    if (cl->head.pred != CHC_FALSE)
      memcpy(dst->head_vals, d.nodes[i].head_vals, s->preds[cl->head.pred].arity * sizeof(term_t));
    for (uint32_t j = 0; j < cl->nbody; j++) dst->children[j] = n - 1 - d.nodes[i].children[j];
  }
  chc_derivation_free(&d);
  if (root != n - 1) { chc_derivation_free(&r); return c.cost; }  /* the root was not last: unused nodes */
  *out = r;
  return c.cost;
}

chc_zproof_cost chc_zproof_derivation(z3conv *conv, const Z3_func_decl *rel, const chc_system *s, Z3_ast pr,
                                      const zeta_limits *lim, chc_derivation *out) {
  chc_zproof *p = chc_zproof_read(conv, rel, s, pr, lim);
  chc_zproof_cost cost = {0, 0, false};
  if (p) cost = chc_zproof_map(p, s, lim, out);
  chc_zproof_free(p);
  return cost;
}
