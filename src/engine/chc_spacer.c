/* Z3's Spacer on a chc_system, in-process through Z3_fixedpoint.
 *
 * Every predicate becomes a registered relation, queries derive a nullary
 * relation Err that is then queried. Z3's own slicing and inlining are off
 * so that every relation keeps an interpretation (our normalization already
 * did that work). sat: the cover of each relation at level -1 is its
 * inductive interpretation. unsat: the hyper-resolution proof gives ground
 * atoms; each is matched to a clause of ours, and the derivation is checked
 * later by replay. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/alloc.h"
#include "core/term_map.h"
#include "engine/chc_engine.h"
#include "solver/solver.h"
#include "solver/z3_conv.h"

void chc_result_free(chc_result *r) {
  free(r->interp);
  chc_derivation_free(&r->deriv);
  r->interp = NULL;
  r->replayed = false;
}

/* ---- watchdog: interrupts Z3 at the deadline or on a stop request ---- */
typedef struct {
  pthread_t th;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool done, fired;
  Z3_context ctx;
  const zeta_limits *lim;
} watchdog;

static void *watchdog_run(void *arg) {
  watchdog *w = arg;
  pthread_mutex_lock(&w->mu);
  while (!w->done) {
    if (limits_expired(w->lim)) { w->fired = true; Z3_interrupt(w->ctx); break; }
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 50 * 1000000L;
    if (ts.tv_nsec >= 1000000000L) { ts.tv_sec++; ts.tv_nsec -= 1000000000L; }
    pthread_cond_timedwait(&w->cv, &w->mu, &ts);
  }
  pthread_mutex_unlock(&w->mu);
  return NULL;
}

static void watchdog_start(watchdog *w, Z3_context z, const zeta_limits *lim) {
  memset(w, 0, sizeof *w);
  pthread_mutex_init(&w->mu, NULL);
  pthread_cond_init(&w->cv, NULL);
  w->ctx = z;
  w->lim = lim;
  pthread_create(&w->th, NULL, watchdog_run, w);
}

static bool watchdog_stop(watchdog *w) {
  pthread_mutex_lock(&w->mu);
  w->done = true;
  pthread_cond_signal(&w->cv);
  pthread_mutex_unlock(&w->mu);
  pthread_join(w->th, NULL);
  pthread_mutex_destroy(&w->mu);
  pthread_cond_destroy(&w->cv);
  return w->fired;
}

typedef struct {
  Z3_context z;
  z3conv *conv;
  Z3_fixedpoint fp;
  Z3_func_decl *rel;      /* per predicate; then Err at index npreds */
  const chc_system *s;
  uint32_t *nullary;      /* proof_to_derivation: nullary_rules(s) */
  uint32_t *fact;         /* per predicate: a clause without body for it, or CHC_FALSE */
  term_map done;          /* proof node (Z3 ast id) -> derivation node: proofs are DAGs */
} sp_ctx;

static Z3_ast sp_app(sp_ctx *c, uint32_t p, const term_t *args) {
  uint32_t n = p == c->s->npreds ? 0 : c->s->preds[p].arity;
  Z3_ast *za = xmalloc((n ? n : 1) * sizeof *za);
  for (uint32_t i = 0; i < n; i++) {
    za[i] = z3conv_to_z3(c->conv, args[i]);
    if (!za[i]) { free(za); return NULL; }
  }
  Z3_ast a = Z3_mk_app(c->z, c->rel[p], n, za);
  free(za);
  if (a) Z3_inc_ref(c->z, a);   /* the caller dec_refs */
  return a;
}

static bool sp_rule(sp_ctx *c, uint32_t idx) {
  const chc_clause *cl = &c->s->clauses[idx];
  Z3_context z = c->z;
  Z3_ast *parts = xcalloc(cl->nbody + 1, sizeof *parts);
  bool ok = true;
  parts[0] = z3conv_to_z3(c->conv, cl->constraint);
  ok = parts[0] != NULL;
  for (uint32_t j = 0; j < cl->nbody && ok; j++) ok = (parts[j + 1] = sp_app(c, cl->body[j].pred, cl->body[j].args)) != NULL;
  Z3_ast head = ok ? (cl->head.pred == CHC_FALSE ? sp_app(c, c->s->npreds, NULL) : sp_app(c, cl->head.pred, cl->head.args)) : NULL;
  if (ok && head) {
    Z3_ast body = Z3_mk_and(z, cl->nbody + 1, parts);
    Z3_inc_ref(z, body);
    Z3_ast imp = Z3_mk_implies(z, body, head);
    Z3_inc_ref(z, imp);
    /* universally close over the clause's variables */
    term_vec all = {0};
    term_vec_push(&all, cl->constraint);
    for (uint32_t j = 0; j < cl->nbody; j++)
      for (uint32_t k = 0; k < c->s->preds[cl->body[j].pred].arity; k++) term_vec_push(&all, cl->body[j].args[k]);
    if (cl->head.pred != CHC_FALSE)
      for (uint32_t k = 0; k < c->s->preds[cl->head.pred].arity; k++) term_vec_push(&all, cl->head.args[k]);
    term_t *vs;
    uint32_t nv = term_free_vars_n(all.size, all.data, false, &vs);
    Z3_app *apps = xmalloc((nv ? nv : 1) * sizeof *apps);
    for (uint32_t i = 0; i < nv && ok; i++) {
      Z3_ast a = z3conv_to_z3(c->conv, vs[i]);
      ok = a != NULL;
      if (ok) apps[i] = Z3_to_app(z, a);
    }
    if (ok) {
      char name[32];
      snprintf(name, sizeof name, "r%u", idx);
      ok = z3conv_add_rule(z, c->fp, nv, apps, imp, name);
    }
    free(apps); free(vs);
    term_vec_free(&all);
    Z3_dec_ref(z, imp);
    Z3_dec_ref(z, body);
  } else {
    ok = false;
  }
  for (uint32_t j = 1; j <= cl->nbody; j++) if (parts[j]) Z3_dec_ref(z, parts[j]);
  if (head) Z3_dec_ref(z, head);
  free(parts);
  return ok;
}

static uint32_t rel_index(sp_ctx *c, Z3_func_decl d) {
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

/* The fact clause fc (no body) applied to args, its variables renamed
 * apart: its constraint and its head arguments equal to args. */
static term_t fact_instance(const chc_system *s, uint32_t fc, const term_t *args) {
  const chc_clause *f = &s->clauses[fc];
  uint32_t ar = s->preds[f->head.pred].arity;
  term_vec v = {0};
  term_vec_push(&v, f->constraint);
  for (uint32_t a = 0; a < ar; a++) term_vec_push(&v, f->head.args[a]);
  term_t *vs;
  uint32_t nv = term_free_vars_n(v.size, v.data, false, &vs);
  term_t *fresh = xmalloc((nv ? nv : 1) * sizeof *fresh);
  for (uint32_t i = 0; i < nv; i++) fresh[i] = term_fresh_var(term_var_name(vs[i]), term_type(vs[i]));
  term_subst_many(v.size, v.data, nv, vs, fresh);
  for (uint32_t a = 0; a < ar; a++) v.data[a + 1] = term_eq(v.data[a + 1], args[a]);
  term_t r = term_and(v.size, v.data);
  free(vs); free(fresh);
  term_vec_free(&v);
  return r;
}

/* A node for fact clause fc with the values of args in slv's model. */
static uint32_t fact_node(const chc_system *s, solver *slv, uint32_t fc, const term_t *args, chc_derivation *d) {
  uint32_t ar = s->preds[s->clauses[fc].head.pred].arity;
  term_t *hv = xmalloc(ar * sizeof *hv);
  bool ok = true;
  for (uint32_t a = 0; a < ar && ok; a++) ok = (hv[a] = solver_value(slv, args[a])) != NULL_TERM && term_is_value(hv[a]);
  uint32_t r = CHC_FALSE;
  if (ok) {
    r = chc_derivation_add(d, s, fc);
    memcpy(d->nodes[r].head_vals, hv, ar * sizeof *hv);
  }
  free(hv);
  return r;
}

/* Builds derivation nodes from a hyper-resolution proof. Returns the node
 * index of the conclusion or CHC_FALSE. The clause of each node is the
 * first of ours whose head and body predicates match the premises and whose
 * constraint is satisfiable with the ground values (checked with slv). */
static uint32_t proof_node_new(sp_ctx *c, Z3_ast pr, chc_derivation *d, solver *slv, int depth);

static uint32_t proof_node(sp_ctx *c, Z3_ast pr, chc_derivation *d, solver *slv, int depth) {
  int32_t id = (int32_t)(Z3_get_ast_id(c->z, pr) & 0x7fffffff);
  int32_t seen = term_map_get(&c->done, id);
  if (seen != NULL_TERM) return seen == -2 ? CHC_FALSE : (uint32_t)seen;
  uint32_t r = proof_node_new(c, pr, d, slv, depth);
  term_map_put(&c->done, id, r == CHC_FALSE ? -2 : (int32_t)r);
  return r;
}

static uint32_t proof_node_new(sp_ctx *c, Z3_ast pr, chc_derivation *d, solver *slv, int depth) {
  Z3_context z = c->z;
  if (depth > 100000 || Z3_get_ast_kind(z, pr) != Z3_APP_AST) return CHC_FALSE;
  Z3_app app = Z3_to_app(z, pr);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  unsigned na = Z3_get_app_num_args(z, app);
  if (k == Z3_OP_PR_MODUS_PONENS && na >= 1) return proof_node(c, Z3_get_app_arg(z, app, 0), d, slv, depth + 1);
  if (k != Z3_OP_PR_HYPER_RESOLVE || na < 2) return CHC_FALSE;
  Z3_ast concl = Z3_get_app_arg(z, app, na - 1);
  if (Z3_get_ast_kind(z, concl) != Z3_APP_AST) return CHC_FALSE;
  Z3_app capp = Z3_to_app(z, concl);
  uint32_t head = rel_index(c, Z3_get_app_decl(z, capp));
  /* Z3's own query!N: around Err (our rules), look through it; else (the
   * input file's rules) it stands for a query clause of ours, matched
   * below with the premises */
  if (head == CHC_FALSE && na == 3) {
    uint32_t k = proof_node(c, Z3_get_app_arg(z, app, 1), d, slv, depth + 1);
    if (k != CHC_FALSE && c->s->clauses[d->nodes[k].clause].head.pred == CHC_FALSE) return k;
  }
  /* premises: args 1..na-2 */
  uint32_t np = na >= 2 ? na - 2 : 0;
  uint32_t *kids = xcalloc(np + 1, sizeof *kids);
  uint32_t *kpred = xcalloc(np + 1, sizeof *kpred);
  bool ok = true;
  for (uint32_t i = 0; i < np && ok; i++) {
    kids[i] = proof_node(c, Z3_get_app_arg(z, app, i + 1), d, slv, depth + 1);
    ok = kids[i] != CHC_FALSE;
    if (ok) kpred[i] = c->s->clauses[d->nodes[kids[i]].clause].head.pred;
  }
  uint32_t result = CHC_FALSE;
  if (ok) {
    /* head values */
    uint32_t ar = head == CHC_FALSE || head == c->s->npreds ? 0 : c->s->preds[head].arity;
    term_t *hv = xcalloc(ar + 1, sizeof *hv);
    for (uint32_t i = 0; i < ar && ok; i++) {
      hv[i] = z3conv_from_z3(c->conv, Z3_get_app_arg(z, capp, i));
      ok = hv[i] != NULL_TERM && term_is_value(hv[i]);
    }
    uint32_t want_head = head == c->s->npreds || head == CHC_FALSE ? CHC_FALSE : head;
    for (uint32_t ci = 0; ci < c->s->nclauses && ok && result == CHC_FALSE; ci++) {
      const chc_clause *cl = &c->s->clauses[ci];
      if (cl->head.pred != want_head || cl->nbody < np) continue;
      /* child[j]: the node for body atom j: a premise with its predicate,
       * or (CHC_FALSE until derived below) a nullary atom Z3 derived
       * propositionally or an atom of a fact Z3 folded into the clause,
       * both dropped from its proof */
      uint32_t *child = xcalloc(cl->nbody + 1, sizeof *child);
      bool match = true;
      for (uint32_t j = 0; j < cl->nbody && match; j++) {
        child[j] = CHC_FALSE;
        bool any = false;
        for (uint32_t i = 0; i < np && !any; i++) any = kpred[i] == cl->body[j].pred;
        match = any || c->s->preds[cl->body[j].pred].arity == 0 || c->fact[cl->body[j].pred] != CHC_FALSE;
      }
      /* every premise must be some atom's */
      for (uint32_t i = 0; i < np && match; i++) {
        bool any = false;
        for (uint32_t j = 0; j < cl->nbody && !any; j++) any = kpred[i] == cl->body[j].pred;
        match = any;
      }
      if (!match) { free(child); continue; }
      term_vec f = {0};
      term_vec_push(&f, cl->constraint);
      /* atom j equals one of the premises with its predicate (Z3 may list
       * them in another order than the clause's body): a disjunction, the
       * model picks; atoms without premises are derived below */
      term_t *pick = xcalloc((size_t)cl->nbody * (np + 1) + 1, sizeof *pick);
      for (uint32_t j = 0; j < cl->nbody; j++) {
        uint32_t q = cl->body[j].pred, qa = c->s->preds[q].arity;
        term_vec alts = {0};
        for (uint32_t i = 0; i < np; i++) {
          pick[j * (np + 1) + i] = NULL_TERM;
          if (kpred[i] != q) continue;
          term_vec eq = {0};
          for (uint32_t a2 = 0; a2 < qa; a2++) term_vec_push(&eq, term_eq(cl->body[j].args[a2], d->nodes[kids[i]].head_vals[a2]));
          pick[j * (np + 1) + i] = term_and(eq.size, eq.data);
          term_vec_push(&alts, pick[j * (np + 1) + i]);
          term_vec_free(&eq);
        }
        if (alts.size) term_vec_push(&f, term_or(alts.size, alts.data));
        else if (qa > 0) term_vec_push(&f, fact_instance(c->s, c->fact[q], cl->body[j].args));
        term_vec_free(&alts);
      }
      for (uint32_t a = 0; a < ar; a++) term_vec_push(&f, term_eq(cl->head.args[a], hv[a]));
      solver_push(slv);
      solver_assert(slv, term_and(f.size, f.data));
      solver_result r = solver_check(slv);
      for (uint32_t j = 0; j < cl->nbody && r == SOLVER_SAT; j++) {
        uint32_t q = cl->body[j].pred;
        for (uint32_t i = 0; i < np && child[j] == CHC_FALSE; i++)
          if (pick[j * (np + 1) + i] != NULL_TERM && solver_value(slv, pick[j * (np + 1) + i]) == term_true()) child[j] = kids[i];
        if (child[j] == CHC_FALSE && c->s->preds[q].arity > 0 &&
            (child[j] = fact_node(c->s, slv, c->fact[q], cl->body[j].args, d)) == CHC_FALSE)
          r = SOLVER_UNKNOWN;
      }
      solver_pop(slv, 1);
      free(pick);
      term_vec_free(&f);
      for (uint32_t j = 0; j < cl->nbody && r == SOLVER_SAT; j++)
        if (child[j] == CHC_FALSE && (child[j] = nullary_node(c->s, c->nullary, d, cl->body[j].pred)) == CHC_FALSE) r = SOLVER_UNKNOWN;
      if (r == SOLVER_SAT) {
        result = chc_derivation_add(d, c->s, ci);
        for (uint32_t a = 0; a < ar; a++) d->nodes[result].head_vals[a] = hv[a];
        for (uint32_t j = 0; j < cl->nbody; j++) d->nodes[result].children[j] = child[j];
      }
      free(child);
    }
    free(hv);
  }
  free(kids); free(kpred);
  return result;
}

static void proof_to_derivation(sp_ctx *c, Z3_ast pr, chc_derivation *out) {
  chc_derivation d = {0};
  solver *slv = solver_new_z3();
  solver_set_timeout(slv, 5000);
  c->nullary = nullary_rules(c->s);
  c->fact = xmalloc((c->s->npreds + 1) * sizeof *c->fact);
  for (uint32_t q = 0; q < c->s->npreds; q++) c->fact[q] = CHC_FALSE;
  for (uint32_t i = c->s->nclauses; i-- > 0;)
    if (c->s->clauses[i].nbody == 0 && c->s->clauses[i].head.pred != CHC_FALSE) c->fact[c->s->clauses[i].head.pred] = i;
  term_map_init(&c->done);
  uint32_t root = proof_node(c, pr, &d, slv, 0);
  term_map_free(&c->done);
  free(c->nullary); free(c->fact);
  c->nullary = NULL; c->fact = NULL;
  solver_free(slv);
  if (root == CHC_FALSE || c->s->clauses[d.nodes[root].clause].head.pred != CHC_FALSE) {
    chc_derivation_free(&d);
    return;
  }
  /* nodes were added bottom-up: reverse the order so the root comes first
   * and every child has a larger index than its parent */
  uint32_t n = d.n;
  chc_derivation r = {0};
  for (uint32_t i = n; i-- > 0;) {
    (void)chc_derivation_add(&r, c->s, d.nodes[i].clause);
    chc_dnode *dst = &r.nodes[r.n - 1];
    const chc_clause *cl = &c->s->clauses[d.nodes[i].clause];
    if (cl->head.pred != CHC_FALSE)
      memcpy(dst->head_vals, d.nodes[i].head_vals, c->s->preds[cl->head.pred].arity * sizeof(term_t));
    for (uint32_t j = 0; j < cl->nbody; j++) dst->children[j] = n - 1 - d.nodes[i].children[j];
  }
  chc_derivation_free(&d);
  if (root != n - 1) { chc_derivation_free(&r); return; }  /* the root was not last: unused nodes */
  *out = r;
}

/* A Z3 formula over de Bruijn variables (variable i = argument i), as Spacer
 * covers and HORN-model definitions are, as a term over pr's params;
 * NULL_TERM when it cannot be translated. */
static term_t over_params(z3conv *conv, Z3_ast body, const chc_pred *pr) {
  Z3_context z = z3conv_context(conv);
  Z3_ast *to = xmalloc((pr->arity + 1) * sizeof *to);
  bool ok = true;
  for (uint32_t a = 0; a < pr->arity && ok; a++) ok = (to[a] = z3conv_to_z3(conv, pr->params[a])) != NULL;
  Z3_ast inst = ok ? Z3_substitute_vars(z, body, pr->arity, to) : NULL;
  free(to);
  if (!inst) return NULL_TERM;
  Z3_inc_ref(z, inst);
  term_t r = z3conv_from_z3(conv, inst);
  Z3_dec_ref(z, inst);
  return r;
}

void chc_spacer_solve(const chc_system *s, const zeta_limits *lim, bool want_derivation, chc_result *out) {
  memset(out, 0, sizeof *out);
  out->answer = CHC_UNKNOWN;
  out->engine = "spacer (Z3)";
  out->reason = "spacer: out of memory";
  sp_ctx c = {0};
  c.s = s;
  if (!(c.z = z3conv_mk_context())) return;
  Z3_context z = c.z;
  c.conv = z3conv_new(z);
  c.rel = xcalloc(s->npreds + 1, sizeof *c.rel);
  c.fp = Z3_mk_fixedpoint(z);
  Z3_fixedpoint_inc_ref(z, c.fp);
  Z3_params p = Z3_mk_params(z);
  Z3_params_inc_ref(z, p);
  Z3_params_set_symbol(z, p, Z3_mk_string_symbol(z, "engine"), Z3_mk_string_symbol(z, "spacer"));
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "xform.slice"), false);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "xform.inline_linear"), false);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "xform.inline_eager"), false);
  if (want_derivation) Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "generate_proof_trace"), true);
  Z3_fixedpoint_set_params(z, c.fp, p);
  Z3_params_dec_ref(z, p);
  out->reason = "spacer: translation failed";
  bool ok = !z3conv_failed(z, NULL);
  for (uint32_t i = 0; i <= s->npreds && ok; i++) {
    uint32_t n = i < s->npreds ? s->preds[i].arity : 0;
    Z3_sort *dom = xmalloc((n ? n : 1) * sizeof *dom);
    for (uint32_t k = 0; k < n && ok; k++) ok = (dom[k] = z3conv_sort(c.conv, term_type(s->preds[i].params[k]))) != NULL;
    if (ok) {
      char name[40];
      snprintf(name, sizeof name, i < s->npreds ? "P%u" : "Err", i);
      c.rel[i] = Z3_mk_func_decl(z, Z3_mk_string_symbol(z, name), n, dom, Z3_mk_bool_sort(z));
      Z3_inc_ref(z, Z3_func_decl_to_ast(z, c.rel[i]));
      Z3_fixedpoint_register_relation(z, c.fp, c.rel[i]);
    }
    free(dom);
  }
  for (uint32_t i = 0; i < s->nclauses && ok; i++) ok = sp_rule(&c, i);
  if (ok && !limits_expired(lim)) {
    watchdog w;
    watchdog_start(&w, z, lim);
    Z3_lbool r = Z3_fixedpoint_query_relations(z, c.fp, 1, &c.rel[s->npreds]);
    bool fired = watchdog_stop(&w);
    if (r == Z3_L_FALSE) {
      out->answer = CHC_SAT;
      out->interp = xcalloc(s->npreds + 1, sizeof(term_t));
      for (uint32_t i = 0; i < s->npreds; i++) out->interp[i] = NULL_TERM;
      for (uint32_t i = 0; i < s->npreds && out->answer == CHC_SAT; i++) {
        Z3_ast cover = Z3_fixedpoint_get_cover_delta(z, c.fp, -1, c.rel[i]);
        if (!cover || z3conv_failed(z, NULL)) { out->interp[i] = term_true(); continue; }
        Z3_inc_ref(z, cover);
        out->interp[i] = over_params(c.conv, cover, &s->preds[i]);
        Z3_dec_ref(z, cover);
        if (out->interp[i] == NULL_TERM) {
          out->answer = CHC_UNKNOWN;
          out->reason = "spacer: model not translated";
          free(out->interp);
          out->interp = NULL;
        }
      }
    } else if (r == Z3_L_TRUE) {
      out->answer = CHC_UNSAT;
      if (want_derivation) {
        Z3_ast pr = Z3_fixedpoint_get_answer(z, c.fp);
        if (pr) { Z3_inc_ref(z, pr); proof_to_derivation(&c, pr, &out->deriv); Z3_dec_ref(z, pr); }
      }
    } else {
      out->reason = fired ? "timeout" : "spacer: unknown";
    }
  } else if (ok) {
    out->reason = "timeout";
  }
  for (uint32_t i = 0; i <= s->npreds; i++)
    if (c.rel[i]) Z3_dec_ref(z, Z3_func_decl_to_ast(z, c.rel[i]));
  free(c.rel);
  Z3_fixedpoint_dec_ref(z, c.fp);
  z3conv_free(c.conv);
  Z3_del_context(z);
}

/* ---- Z3 on the input file itself ---- */

typedef struct { const char *name; uint32_t pred; } pred_name;
static int pred_name_cmp(const void *a, const void *b) {
  return strcmp(((const pred_name *)a)->name, ((const pred_name *)b)->name);
}

/* One definition of a HORN-solver model: the value of a nullary predicate,
 * or the else value of a function interpretation without entries. */
static term_t file_definition(z3conv *conv, Z3_model m, Z3_func_decl d, const chc_pred *pr) {
  Z3_context z = z3conv_context(conv);
  if (pr->arity == 0) {
    Z3_ast v = Z3_model_get_const_interp(z, m, d);
    return v ? z3conv_from_z3(conv, v) : NULL_TERM;
  }
  Z3_func_interp fi = Z3_model_get_func_interp(z, m, d);
  if (!fi) return NULL_TERM;
  Z3_func_interp_inc_ref(z, fi);
  Z3_ast els = Z3_func_interp_get_num_entries(z, fi) == 0 ? Z3_func_interp_get_else(z, fi) : NULL;
  term_t r = els ? over_params(conv, els, pr) : NULL_TERM;
  Z3_func_interp_dec_ref(z, fi);
  return r;
}

/* interp[p] for every predicate of s from the model, matched by name in one
 * pass over the model (predicates it does not mention are false); false
 * when a definition cannot be translated. */
static bool file_model(z3conv *conv, Z3_model m, const chc_system *s, term_t *interp) {
  Z3_context z = z3conv_context(conv);
  pred_name *names = xmalloc((s->npreds + 1) * sizeof *names);
  for (uint32_t p = 0; p < s->npreds; p++) {
    names[p] = (pred_name){s->preds[p].name, p};
    interp[p] = term_false();
  }
  qsort(names, s->npreds, sizeof *names, pred_name_cmp);
  unsigned nc = Z3_model_get_num_consts(z, m), nf = Z3_model_get_num_funcs(z, m);
  bool ok = true;
  for (unsigned i = 0; i < nc + nf && ok; i++) {
    Z3_func_decl d = i < nc ? Z3_model_get_const_decl(z, m, i) : Z3_model_get_func_decl(z, m, i - nc);
    pred_name key = {Z3_get_symbol_string(z, Z3_get_decl_name(z, d)), 0};
    const pred_name *hit = bsearch(&key, names, s->npreds, sizeof *names, pred_name_cmp);
    if (!hit || Z3_get_domain_size(z, d) != s->preds[hit->pred].arity) continue;
    ok = (interp[hit->pred] = file_definition(conv, m, d, &s->preds[hit->pred])) != NULL_TERM;
  }
  free(names);
  return ok;
}

/* Z3 on the file. FILE_PROOF: the context makes proofs (as fast as without
 * them on the unsat tasks of the three CHC-COMP'24 tracks: 23.3 s against
 * 22.7 s in all) and an unsat answer comes with a derivation over s when the
 * proof maps onto the input's clauses (Z3 may have inlined some);
 * FILE_DERIVE: Z3's inlining and slicing off as well, so that it does (2.3x
 * slower on the same tasks). */
enum { FILE_PLAIN, FILE_PROOF, FILE_DERIVE };
static void file_run(const char *path, const chc_system *s, const zeta_limits *lim, int mode, chc_result *out) {
  bool want_derivation = mode != FILE_PLAIN;
  memset(out, 0, sizeof *out);
  out->answer = CHC_UNKNOWN;
  out->engine = "spacer (Z3 on the input file)";
  out->reason = "spacer: out of memory";
  Z3_context z = z3conv_mk_context_proofs(want_derivation);
  if (!z) return;
  z3conv *conv = z3conv_new(z);
  Z3_solver slv = Z3_mk_solver_for_logic(z, Z3_mk_string_symbol(z, "HORN"));
  Z3_solver_inc_ref(z, slv);
  if (mode == FILE_DERIVE) {   /* keep the file's rules as they are: the proof must map onto them */
    Z3_params p = Z3_mk_params(z);
    Z3_params_inc_ref(z, p);
    const char *off[] = {"fp.xform.inline_eager", "fp.xform.inline_linear", "fp.xform.slice"};
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, off[i]), false);
    Z3_solver_set_params(z, slv, p);
    Z3_params_dec_ref(z, p);
  }
  Z3_solver_from_file(z, slv, path);
  out->reason = "spacer: Z3 did not read the file";
  if (conv && !z3conv_failed(z, NULL) && !limits_expired(lim)) {
    watchdog w;
    watchdog_start(&w, z, lim);
    Z3_lbool r = Z3_solver_check(z, slv);
    bool fired = watchdog_stop(&w);
    out->reason = fired ? "timeout" : "spacer: unknown";
    if (r == Z3_L_FALSE) {
      out->answer = CHC_UNSAT;   /* without proofs no derivation: the caller finds one */
      Z3_ast pr = want_derivation ? Z3_solver_get_proof(z, slv) : NULL;
      if (pr && !z3conv_failed(z, NULL)) {
        Z3_inc_ref(z, pr);
        sp_ctx c = {.z = z, .conv = conv, .s = s};
        proof_to_derivation(&c, pr, &out->deriv);
        out->complete = out->deriv.n > 0;
        if (out->complete && mode == FILE_PROOF) out->engine = "spacer (Z3 on the input file, its own proof)";
        Z3_dec_ref(z, pr);
      }
    } else if (r == Z3_L_TRUE) {
      Z3_model m = Z3_solver_get_model(z, slv);
      if (m) {
        Z3_model_inc_ref(z, m);
        out->interp = xcalloc(s->npreds + 1, sizeof(term_t));
        if (file_model(conv, m, s, out->interp)) {
          out->answer = CHC_SAT;
          out->complete = true;
        } else {
          out->reason = "spacer: model not translated";
          free(out->interp);
          out->interp = NULL;
        }
        Z3_model_dec_ref(z, m);
      }
    }
  }
  Z3_solver_dec_ref(z, slv);
  if (conv) z3conv_free(conv);
  Z3_del_context(z);
}

void chc_spacer_solve_file(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out) {
  file_run(path, s, lim, FILE_PLAIN, out);
}

void chc_spacer_solve_file_proof(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out) {
  file_run(path, s, lim, FILE_PROOF, out);
}

void chc_spacer_derive_file(const char *path, const chc_system *s, const zeta_limits *lim, chc_result *out) {
  file_run(path, s, lim, FILE_DERIVE, out);
}
