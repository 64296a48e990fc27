#include "engine/cegar.h"
#include <stdlib.h>
#include <string.h>
#include "analysis/expl_domain.h"
#include "core/alloc.h"
#include "ir/cfa_path.h"

bool cegar_parse_domain(const char *s, cegar_domain *out) {
  static const char *const n[] = {"EXPL", "PRED_BOOL", "PRED_CART", "PRED_SPLIT"};
  for (int i = 0; i < 4; i++)
    if (strcmp(s, n[i]) == 0) { *out = (cegar_domain)i; return true; }
  return false;
}

bool cegar_parse_refinement(const char *s, cegar_refinement *out) {
  static const char *const n[] = {"SEQ_ITP", "FW_BIN_ITP", "BW_BIN_ITP", "MULTI_SEQ", "UNSAT_CORE", "MIN_PRUNE", "MAX_PRUNE"};
  for (int i = 0; i < 7; i++)
    if (strcmp(s, n[i]) == 0) { *out = (cegar_refinement)i; return true; }
  return false;
}

bool cegar_parse_search(const char *s, search_order *out) {
  static const char *const n[] = {"BFS", "DFS", "ERR", "ERR_DFS", "DFS_ERR"};
  for (int i = 0; i < 5; i++)
    if (strcmp(s, n[i]) == 0) { *out = (search_order)i; return true; }
  return false;
}

typedef struct {
  cfa *c;
  const cegar_config *cfg;
  cegar_result *r;
  domain *d;
  solver *s;
  precision prec;
  arg a;
  waitlist w;
  uint32_t *dist;
  uint32_t **by_loc;   /* nodes per location */
  uint32_t *nby_loc;
  size_t *cap_loc;
} engine;

static uint32_t timeout_ms(engine *e) { return e->cfg->lim ? limits_remaining_ms(e->cfg->lim) : 0; }
static bool expired(engine *e) { return e->cfg->lim && limits_expired(e->cfg->lim); }

static uint32_t add_node(engine *e, uint32_t parent, uint32_t edge, uint32_t loc, void *st) {
  uint32_t n = arg_add(&e->a, parent, edge, loc, st);
  XGROW(e->by_loc[loc], e->cap_loc[loc], e->nby_loc[loc] + 1);
  e->by_loc[loc][e->nby_loc[loc]++] = n;
  return n;
}

static void push(engine *e, uint32_t n) {
  const arg_node *x = &e->a.nodes[n];
  waitlist_push(&e->w, n, e->dist[x->loc], x->depth);
}

/* ---- abstraction ---- */
static bool try_cover(engine *e, uint32_t n) {
  arg_node *x = &e->a.nodes[n];
  for (uint32_t i = 0; i < e->nby_loc[x->loc]; i++) {
    uint32_t m = e->by_loc[x->loc][i];
    arg_node *y = &e->a.nodes[m];
    if (m == n || y->deleted || y->covered_by != ARG_NONE) continue;
    if (e->d->ops->leq(e->d, x->state, y->state)) {
      e->a.nodes[n].covered_by = m;
      return true;
    }
  }
  return false;
}

/* Expands the waitlist; error nodes go to *errs (all of them when multi,
 * else the first). Returns false on timeout. */
static bool abstraction(engine *e, bool multi, uint32_t **errs, uint32_t *nerrs) {
  size_t cap = 0;
  uint32_t n;
  while (waitlist_pop(&e->w, &n)) {
    if (expired(e)) return false;
    arg_node *x = &e->a.nodes[n];
    if (x->deleted || x->expanded || x->covered_by != ARG_NONE) continue;
    if (x->loc == e->c->error) {
      XGROW(*errs, cap, *nerrs + 1);
      (*errs)[(*nerrs)++] = n;
      if (!multi) return true;
      continue;
    }
    if (try_cover(e, n)) continue;
    const cfa_loc *l = &e->c->locs[x->loc];
    for (uint32_t i = 0; i < l->nout; i++) {
      uint32_t ed = l->out[i], dst = e->c->edges[ed].dst;
      state_vec succ = {0};
      e->d->ops->post(e->d, e->a.nodes[n].state, ed, precision_at(&e->prec, dst), &succ);
      for (uint32_t k = 0; k < succ.size; k++) push(e, add_node(e, n, ed, dst, succ.data[k]));
      state_vec_free(&succ);
    }
    e->a.nodes[n].expanded = true;
  }
  return true;
}

/* ---- counterexample check ---- */
typedef struct {
  uint32_t m;          /* number of edges */
  uint32_t *nodes;     /* m + 1 */
  uint32_t *edges;     /* m */
  term_t *f;           /* step formulas */
} apath;

static void path_of(engine *e, uint32_t err, apath *p) {
  uint32_t len = arg_path(&e->a, err, &p->nodes);
  p->m = len - 1;
  p->edges = xmalloc((p->m + 1) * sizeof *p->edges);
  for (uint32_t k = 1; k < len; k++) p->edges[k - 1] = e->a.nodes[p->nodes[k]].edge;
  p->f = xmalloc((p->m + 1) * sizeof *p->f);
  cfa_path_formulas(e->c, p->m, p->edges, p->f);
}

static void path_free(apath *p) {
  free(p->nodes);
  free(p->edges);
  free(p->f);
}

static term_t state_at(engine *e, const apath *p, uint32_t k) {
  return term_shift(e->d->ops->formula(e->d, e->a.nodes[p->nodes[k]].state), (int32_t)k);
}

bool cegar_replay(cfa *c, const char *backend, uint32_t len, const uint32_t *edges, const term_t *vals) {
  solver *s = solver_new(backend ? backend : "z3", NULL);
  if (!s) return false;
  uint32_t nv = c->vars.size;
  bool ok = true;
  solver_assert(s, cfa_path_formula(c, len, edges));
  for (uint32_t k = 0; k <= len; k++)
    for (uint32_t i = 0; i < nv; i++) {
      ok &= vals[k * nv + i] != NULL_TERM;  /* every value concrete */
      if (vals[k * nv + i] != NULL_TERM)
        solver_assert(s, term_eq(term_shift(c->vars.data[i], (int32_t)k), vals[k * nv + i]));
    }
  ok = ok && solver_check(s) == SOLVER_SAT;
  solver_free(s);
  return ok;
}

/* SOLVER_SAT: the path is real and r->cex_* are filled (replayed). */
static solver_result check_path(engine *e, const apath *p) {
  solver_push(e->s);
  for (uint32_t k = 0; k < p->m; k++) solver_assert(e->s, p->f[k]);
  solver_set_timeout(e->s, timeout_ms(e));
  solver_result res = solver_check(e->s);
  if (res == SOLVER_SAT) {
    uint32_t nv = e->c->vars.size;
    cegar_result *r = e->r;
    r->cex_len = p->m;
    r->cex_locs = xmalloc((p->m + 1) * sizeof *r->cex_locs);
    r->cex_edges = xmalloc((p->m + 1) * sizeof *r->cex_edges);
    r->cex_vals = xmalloc(((p->m + 1) * nv + 1) * sizeof *r->cex_vals);
    r->cex_nodes = xmalloc((p->m + 1) * sizeof *r->cex_nodes);
    for (uint32_t k = 0; k <= p->m; k++) {
      r->cex_nodes[k] = p->nodes[k];
      r->cex_locs[k] = e->a.nodes[p->nodes[k]].loc;
      if (k < p->m) r->cex_edges[k] = p->edges[k];
      for (uint32_t i = 0; i < nv; i++) {
        /* NULL_TERM when the model has no literal for it: the replay
         * rejects such a trace (a bug to report, never printed) */
        r->cex_vals[k * nv + i] = solver_value(e->s, term_shift(e->c->vars.data[i], (int32_t)k));
      }
    }
  }
  solver_pop(e->s, 1);
  return res;
}

/* ---- refinement: formulas per node, I[k] over index k (NULL_TERM = none) ---- */
static bool seq_itp(engine *e, const apath *p, term_t *I) {
  if (p->m < 2) return false;
  term_t *out = xmalloc(p->m * sizeof *out);
  solver_result r = itp_sequence(e->cfg->itp, p->m, p->f, out, timeout_ms(e));
  if (r == SOLVER_UNSAT)
    for (uint32_t k = 1; k < p->m; k++) I[k] = out[k - 1];
  free(out);
  return r == SOLVER_UNSAT;
}

/* Binary interpolation as Theta's ExprTraceFwBinItpChecker /
 * ExprTraceBwBinItpChecker: grow the trace one step at a time, abstract
 * states included, until it becomes unsatisfiable; A is the longest
 * satisfiable part, B the one step (action and abstract state) that makes
 * it unsatisfiable, and the interpolant of A goes to the node where they
 * meet.
 *   forward:  A = s0 a0 s1 ... a_{p-1} s_p,  B = a_p s_{p+1},  at node p;
 *   backward: A = s_j a_j ... a_{m-1} s_m,   B = s_{j-1} a_{j-1}, at node j.
 * Returns the node index (0 = none: feasible, unknown or at an end). */
static uint32_t bin_itp(engine *e, const apath *p, bool forward, term_t *I) {
  uint32_t m = p->m, cut = 0, npush = 0;
  term_t a = forward ? state_at(e, p, 0) : state_at(e, p, m), b = NULL_TERM;
  solver_push(e->s);
  npush++;
  solver_assert(e->s, a);
  for (uint32_t i = 1; i <= m; i++) {
    uint32_t k = forward ? i : m - i;  /* the state added in this round */
    term_t step = forward ? term_and2(p->f[i - 1], state_at(e, p, i)) : term_and2(state_at(e, p, k), p->f[k]);
    solver_push(e->s);
    npush++;
    solver_assert(e->s, step);
    solver_set_timeout(e->s, timeout_ms(e));
    solver_result r = solver_check(e->s);
    if (r == SOLVER_SAT) {
      a = term_and2(a, step);
      continue;
    }
    if (r == SOLVER_UNSAT) {
      b = step;
      cut = forward ? i - 1 : k + 1;
    }
    break;
  }
  solver_pop(e->s, npush);
  if (b == NULL_TERM || cut == 0 || cut >= m) return 0;
  term_t it;
  if (itp_binary(e->cfg->itp, a, b, &it, timeout_ms(e)) != SOLVER_UNSAT) return 0;
  I[cut] = it;
  return cut;
}

/* The assumptions (and, unless assumes_only, the assignments as
 * equalities) of statements, inside choices too. */
static void stmt_atoms(const cfa_stmt *stmts, uint32_t n, bool assumes_only, term_vec *out) {
  for (uint32_t s = 0; s < n; s++) {
    const cfa_stmt *st = &stmts[s];
    if (st->kind == CFA_ASSUME) term_vec_push(out, st->expr);
    else if (st->kind == CFA_CHOICE)
      for (uint32_t j = 0; j < st->nalts; j++) stmt_atoms(st->alts[j].stmts, st->alts[j].n, assumes_only, out);
    else if (assumes_only || st->kind != CFA_ASSIGN) continue;
    else if (term_is_bool(st->var)) term_vec_push(out, st->var);
    else term_vec_push(out, term_eq(st->var, st->expr));
  }
}

/* Unsat core over the steps: the items of every step in the core, at every
 * node of the path. */
static bool core_items(engine *e, const apath *p, term_t *I) {
  term_t *lab = xmalloc((p->m + 1) * sizeof *lab);
  solver_push(e->s);
  for (uint32_t k = 0; k < p->m; k++) {
    lab[k] = term_fresh_var("core!", type_bool());
    solver_assert(e->s, term_implies(lab[k], p->f[k]));
  }
  solver_set_timeout(e->s, timeout_ms(e));
  solver_result r = solver_check_assuming(e->s, p->m, lab);
  term_vec atoms = {0};
  if (r == SOLVER_UNSAT) {
    term_t *core;
    uint32_t nc = solver_unsat_core(e->s, &core);
    for (uint32_t k = 0; k < p->m; k++) {
      bool in = false;
      for (uint32_t j = 0; j < nc; j++) in |= core[j] == lab[k];
      if (!in) continue;
      const cfa_edge *ed = &e->c->edges[p->edges[k]];
      stmt_atoms(ed->stmts, ed->nstmts, false, &atoms);
    }
    free(core);
  }
  solver_pop(e->s, 1);
  free(lab);
  if (r != SOLVER_UNSAT || atoms.size == 0) {
    term_vec_free(&atoms);
    return false;
  }
  term_t all = term_and(atoms.size, atoms.data);
  /* the same formula (over index 0) at every inner node */
  for (uint32_t k = 1; k < p->m; k++) I[k] = term_shift(all, (int32_t)k);
  term_vec_free(&atoms);
  return true;
}

/* Adds the items of I to the precision; returns the first node index that
 * got a new item (or 0 when none). */
static uint32_t apply_itps(engine *e, const apath *p, const term_t *I, bool dry) {
  uint32_t first = 0;
  for (uint32_t k = 1; k < p->m; k++) {
    if (I[k] == NULL_TERM) continue;
    term_vec items = {0};
    e->d->ops->items(e->d, term_shift(I[k], -(int32_t)k), &items);
    uint32_t loc = e->a.nodes[p->nodes[k]].loc;
    for (uint32_t i = 0; i < items.size; i++) {
      bool added = dry ? !precision_has(&e->prec, loc, items.data[i]) : precision_add(&e->prec, loc, items.data[i]);
      if (added && !first) first = k;
    }
    term_vec_free(&items);
  }
  return first;
}

/* First node k-1 (returned as k >= 1) whose successor along the path
 * changes under the current precision; 0 = no change (no progress). */
static uint32_t changed_at(engine *e, const apath *p) {
  for (uint32_t k = 1; k <= p->m; k++) {
    const arg_node *prev = &e->a.nodes[p->nodes[k - 1]], *cur = &e->a.nodes[p->nodes[k]];
    state_vec succ = {0};
    e->d->ops->post(e->d, prev->state, p->edges[k - 1], precision_at(&e->prec, cur->loc), &succ);
    bool same = false;
    for (uint32_t i = 0; i < succ.size; i++) {
      if (!same && e->d->ops->leq(e->d, succ.data[i], cur->state) && e->d->ops->leq(e->d, cur->state, succ.data[i]))
        same = true;
      e->d->ops->free_state(e->d, succ.data[i]);
    }
    state_vec_free(&succ);
    if (!same) return k;
  }
  return 0;
}

static void prune_at(engine *e, uint32_t node) {
  uint32_t *unc, nunc;
  arg_prune_below(&e->a, node, &unc, &nunc);
  push(e, node);
  for (uint32_t i = 0; i < nunc; i++) push(e, unc[i]);
  free(unc);
}

static void prune_full(engine *e) { prune_at(e, 0); }

/* Interpolants for one path by the configured strategy (not MULTI_SEQ). */
static bool interpolate(engine *e, const apath *p, cegar_refinement how, term_t *I) {
  for (uint32_t k = 0; k <= p->m; k++) I[k] = NULL_TERM;
  switch (how) {
  case REF_SEQ_ITP:
  case REF_MULTI_SEQ: return seq_itp(e, p, I);
  case REF_FW_BIN_ITP: return bin_itp(e, p, true, I) != 0;
  case REF_BW_BIN_ITP: return bin_itp(e, p, false, I) != 0;
  case REF_UNSAT_CORE: return core_items(e, p, I);
  case REF_MIN_PRUNE:
  case REF_MAX_PRUNE: {
    term_t *J = xmalloc((p->m + 1) * sizeof *J);
    for (uint32_t k = 0; k <= p->m; k++) J[k] = NULL_TERM;
    /* the cut closest to the root (MIN) or to the error (MAX) */
    uint32_t wf = bin_itp(e, p, true, I), wb = bin_itp(e, p, false, J);
    bool take_b = wb && (!wf || (how == REF_MIN_PRUNE ? wb < wf : wb > wf));
    if (take_b) {
      for (uint32_t k = 0; k <= p->m; k++) I[k] = NULL_TERM;
      I[wb] = J[wb];
    }
    free(J);
    return wf || wb;
  }
  }
  return false;
}

/* Theta's prune index: the first node with a non-trivial interpolant. */
static uint32_t first_itp(const apath *p, const term_t *I) {
  for (uint32_t k = 1; k < p->m; k++)
    if (I[k] != NULL_TERM && !term_is_true(I[k])) return k;
  return 0;
}

/* Where to prune after a refinement of p with I: LAZY as in Theta, below
 * the parent of the first node with a non-trivial interpolant (its
 * ancestors keep their states). When the refinement added nothing new,
 * states computed under an older precision may be what lets the path
 * through: prune at the first node whose state changes under the current
 * precision. 0 = no change at all (no progress). */
static uint32_t prune_index(engine *e, const apath *p, const term_t *I, bool added) {
  uint32_t k = added ? first_itp(p, I) : 0;
  return k ? k : changed_at(e, p);
}

/* Refines along one path; returns the ARG node to prune below, ARG_NONE
 * when the refinement made no progress. */
static uint32_t refine_path(engine *e, const apath *p) {
  term_t *I = xmalloc((p->m + 1) * sizeof *I);
  cegar_refinement how = e->cfg->refinement;
  uint32_t k = 0;
  for (int attempt = 0; attempt < 2 && !k; attempt++) {
    /* binary and core strategies fall back to sequence interpolation when
     * their formula changes nothing on this path */
    if (attempt == 1) {
      if (how == REF_SEQ_ITP || how == REF_MULTI_SEQ) break;
      how = REF_SEQ_ITP;
    }
    if (!interpolate(e, p, how, I)) continue;
    bool added = apply_itps(e, p, I, false) != 0;
    k = prune_index(e, p, I, added);
  }
  free(I);
  return k ? p->nodes[k - 1] : ARG_NONE;
}

static bool is_ancestor(const arg *a, uint32_t anc, uint32_t n) {
  for (n = a->nodes[n].parent; n != ARG_NONE; n = a->nodes[n].parent)
    if (n == anc) return true;
  return false;
}

/* ---- initial precision ---- */
static void init_precision(engine *e) {
  const cegar_config *cfg = e->cfg;
  if (cfg->initprec == INITPREC_EMPTY) return;
  term_vec items = {0};
  if (cfg->initprec == INITPREC_ALLVARS) {
    if (cfg->domain == CEGAR_EXPL)
      for (uint32_t i = 0; i < e->c->vars.size; i++) term_vec_push(&items, e->c->vars.data[i]);
  } else {
    term_vec as = {0};
    for (uint32_t ed = 0; ed < e->c->nedges; ed++) stmt_atoms(e->c->edges[ed].stmts, e->c->edges[ed].nstmts, true, &as);
    for (uint32_t i = 0; i < as.size; i++) e->d->ops->items(e->d, as.data[i], &items);
    term_vec_free(&as);
  }
  for (uint32_t l = 0; l < e->c->nlocs; l++)
    for (uint32_t i = 0; i < items.size; i++) precision_add(&e->prec, l, items.data[i]);
  term_vec_free(&items);
}

static void set_unknown(cegar_result *r, const char *why) {
  r->verdict = ZETA_UNKNOWN;
  snprintf(r->reason, sizeof r->reason, "%s", why);
}

static void build_invariant(engine *e) {
  cfa *c = e->c;
  e->r->invariant = xmalloc((c->nlocs + 1) * sizeof(term_t));
  for (uint32_t l = 0; l < c->nlocs; l++) {
    term_vec dis = {0};
    for (uint32_t i = 0; i < e->nby_loc[l]; i++) {
      const arg_node *x = &e->a.nodes[e->by_loc[l][i]];
      if (x->deleted || x->covered_by != ARG_NONE) continue;
      term_vec_push(&dis, e->d->ops->formula(e->d, x->state));
    }
    e->r->invariant[l] = term_or(dis.size, dis.data);
    term_vec_free(&dis);
  }
}

bool cegar_run(cfa *c, const cegar_config *cfg, cegar_result *r) {
  memset(r, 0, sizeof *r);
  set_unknown(r, "incomplete");
  if (c->init == CFA_NONE || c->error == CFA_NONE) {
    set_unknown(r, "the CFA needs an init and an error location");
    return false;
  }
  const char *err = NULL;
  solver *s = solver_new(cfg->backend ? cfg->backend : "z3", &err);
  if (!s) {
    snprintf(r->reason, sizeof r->reason, "cannot start the solver: %s", err ? err : "?");
    return false;
  }
  engine E = {0}, *e = &E;
  e->c = c;
  e->cfg = cfg;
  e->r = r;
  e->s = s;
  switch (cfg->domain) {
  case CEGAR_EXPL: e->d = expl_domain_new(c, s, cfg->lim, cfg->maxenum); break;
  case CEGAR_PRED_BOOL: e->d = pred_domain_new(c, s, cfg->lim, PRED_BOOL, cfg->split); break;
  case CEGAR_PRED_CART: e->d = pred_domain_new(c, s, cfg->lim, PRED_CART, cfg->split); break;
  case CEGAR_PRED_SPLIT: e->d = pred_domain_new(c, s, cfg->lim, PRED_SPLIT, cfg->split); break;
  }
  precision_init(&e->prec, cfg->granularity, c->nlocs);
  init_precision(e);
  arg_init(&e->a, e->d);
  waitlist_init(&e->w, cfg->search);
  cfa_error_distance(c, &e->dist);
  e->by_loc = xcalloc(c->nlocs + 1, sizeof *e->by_loc);
  e->nby_loc = xcalloc(c->nlocs + 1, sizeof *e->nby_loc);
  e->cap_loc = xcalloc(c->nlocs + 1, sizeof *e->cap_loc);
  push(e, add_node(e, ARG_NONE, CFA_NONE, c->init, e->d->ops->initial(e->d)));
  bool multi = cfg->refinement == REF_MULTI_SEQ;
  for (;;) {
    if (cfg->progress) cfg->progress(cfg->progress_ctx, r->iterations, e->a.live, precision_size(&e->prec));
    uint32_t *errs = NULL, nerrs = 0;
    double t0 = limits_now();
    bool done = abstraction(e, multi, &errs, &nerrs);
    r->abstraction_time += limits_now() - t0;
    r->iterations++;
    if (!done) {
      free(errs);
      set_unknown(r, "timeout");
      break;
    }
    if (nerrs == 0) {
      r->verdict = ZETA_SAFE;
      r->reason[0] = 0;
      build_invariant(e);
      break;
    }
    t0 = limits_now();
    /* check every candidate; the first real one ends the run */
    apath *paths = xcalloc(nerrs, sizeof *paths);
    bool stop = false;
    for (uint32_t i = 0; i < nerrs && !stop; i++) {
      path_of(e, errs[i], &paths[i]);
      solver_result pr = check_path(e, &paths[i]);
      if (pr == SOLVER_SAT) {
        if (cegar_replay(c, cfg->backend, r->cex_len, r->cex_edges, r->cex_vals)) {
          r->verdict = ZETA_UNSAFE;
          r->reason[0] = 0;
        } else {
          set_unknown(r, "internal: counterexample did not replay");
        }
        stop = true;
      } else if (pr == SOLVER_UNKNOWN) {
        set_unknown(r, expired(e) ? "timeout" : "solver unknown on a path");
        stop = true;
      }
    }
    if (!stop) {
      r->refinements++;
      uint32_t *prune = xmalloc(nerrs * sizeof *prune), np = 0;
      if (multi) {
        /* refine only the paths whose first refined node has no ancestor
         * among the others' (the minimal set) */
        uint32_t *first = xmalloc(nerrs * sizeof *first);
        term_t **Is = xcalloc(nerrs, sizeof *Is);
        for (uint32_t i = 0; i < nerrs; i++) {
          Is[i] = xmalloc((paths[i].m + 1) * sizeof(term_t));
          first[i] = ARG_NONE;
          if (interpolate(e, &paths[i], REF_SEQ_ITP, Is[i])) {
            uint32_t k = apply_itps(e, &paths[i], Is[i], true);
            if (k) first[i] = paths[i].nodes[k];
          }
        }
        for (uint32_t i = 0; i < nerrs; i++) {
          bool minimal = first[i] != ARG_NONE;
          for (uint32_t j = 0; j < nerrs && minimal; j++)
            if (j != i && first[j] != ARG_NONE && first[j] != first[i] && is_ancestor(&e->a, first[j], first[i])) minimal = false;
          if (minimal) apply_itps(e, &paths[i], Is[i], false);
          else first[i] = ARG_NONE;
        }
        for (uint32_t i = 0; i < nerrs; i++) {
          if (first[i] == ARG_NONE) continue;
          uint32_t k = prune_index(e, &paths[i], Is[i], true);
          if (k) prune[np++] = paths[i].nodes[k - 1];
        }
        if (np == 0)  /* fall back: each path on its own */
          for (uint32_t i = 0; i < nerrs && np == 0; i++) {
            uint32_t n = refine_path(e, &paths[i]);
            if (n != ARG_NONE) prune[np++] = n;
          }
        for (uint32_t i = 0; i < nerrs; i++) free(Is[i]);
        free(Is);
        free(first);
      } else {
        uint32_t n = refine_path(e, &paths[0]);
        if (n != ARG_NONE) prune[np++] = n;
      }
      r->refinement_time += limits_now() - t0;
      if (np == 0) {
        set_unknown(r, expired(e) ? "timeout" : "refinement made no progress");
        stop = true;
      } else if (cfg->prune_full) {
        prune_full(e);
      } else {
        for (uint32_t i = 0; i < np; i++)
          if (!e->a.nodes[prune[i]].deleted) prune_at(e, prune[i]);
      }
      /* error nodes left in the ARG are candidates again */
      for (uint32_t i = 0; i < nerrs; i++)
        if (!e->a.nodes[errs[i]].deleted) push(e, errs[i]);
      free(prune);
      if (!stop && cfg->maxiter && r->refinements >= cfg->maxiter) {
        set_unknown(r, "iteration limit");
        stop = true;
      }
      if (!stop && expired(e)) {
        set_unknown(r, "timeout");
        stop = true;
      }
    } else {
      r->refinement_time += limits_now() - t0;
    }
    for (uint32_t i = 0; i < nerrs; i++)
      if (paths[i].nodes) path_free(&paths[i]);
    free(paths);
    free(errs);
    if (stop) break;
  }
  if (r->verdict == ZETA_UNKNOWN && e->d->incomplete && strcmp(r->reason, "refinement made no progress") == 0)
    set_unknown(r, expired(e) ? "timeout" : "solver unknown");
  r->arg_nodes = e->a.live;
  r->arg_depth = arg_max_depth(&e->a);
  r->prec_size = precision_size(&e->prec);
  r->solver_calls = e->d->solver_calls;
  r->dom = e->d;
  r->graph = xmalloc(sizeof *r->graph);
  *r->graph = e->a;
  for (uint32_t l = 0; l < c->nlocs; l++) free(e->by_loc[l]);
  free(e->by_loc);
  free(e->nby_loc);
  free(e->cap_loc);
  free(e->dist);
  waitlist_free(&e->w);
  precision_free(&e->prec);
  /* the domain keeps a pointer to the solver; free it with the result */
  return true;
}

void cegar_result_free(cegar_result *r) {
  if (r->graph) {
    arg_free(r->graph);
    free(r->graph);
  }
  if (r->dom) {
    solver *s = r->dom->s;
    r->dom->ops->destroy(r->dom);
    solver_free(s);
  }
  free(r->cex_locs);
  free(r->cex_edges);
  free(r->cex_vals);
  free(r->cex_nodes);
  free(r->invariant);
  memset(r, 0, sizeof *r);
}

void cegar_write_dot(FILE *out, const cegar_result *r, const cfa *c) {
  if (!r->graph) return;
  arg_write_dot(out, r->graph, c, r->cex_nodes, r->cex_nodes ? r->cex_len + 1 : 0);
}
