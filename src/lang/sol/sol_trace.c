/* Reading a derivation back as transactions, recovering eliminated values,
 * printing the sequence and running it (sol_trace.h). */
#include "lang/sol/sol_trace.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/chc_engine.h"
#include "ir/chc_unfold.h"
#include "lang/sol/sol_exec.h"
#include "solver/solver.h"

#define MAXTX 1024

/* A call of a public function: by a transaction, or by unknown code
 * (a callback): the function (tx), the values of its header. */
typedef struct {
  const sol_tx *tx;
  uint32_t nv;                /* sender, value, env..., args..., array lengths... */
  term_t *v;                  /* NULL_TERM: not known */
} call_vals;

/* The calls into unknown code a transaction makes, in the order they run
 * (a callback's own ones follow it): chain i is calls[first[i] ..
 * first[i + 1]) of what unknown code called back. */
typedef struct {
  uint32_t nchains, *first;   /* nchains + 1 entries */
  uint32_t ncalls;
  call_vals *calls;
} ext_calls;

/* One transaction of the sequence: its lowering (tx, index txi), the
 * derivation nodes of its entry and exit, the values of its header. */
typedef struct {
  const sol_tx *tx;
  uint32_t txi, en, ex;
  const term_t *pre, *post;   /* states before / after (derivation values), or NULL */
  uint32_t nv;                /* sender, value, env..., args..., array lengths... */
  term_t *v;                  /* NULL_TERM: not known */
  ext_calls ext;
} step;

static uint32_t tx_index(const sol_chc *sc, const chc_clause *c) {
  return c->line >= SOL_TX_TAG && c->line - SOL_TX_TAG < sc->ntx ? c->line - SOL_TX_TAG : UINT32_MAX;
}

/* The header terms of tx in step order: sender, value, env, args, array
 * lengths, then the hidden state it starts with: balance, address. */
static term_t header_term(const sol_tx *tx, uint32_t i) {
  if (i == 0) return tx->sender;
  if (i == 1) return tx->value;
  if (i < 2 + tx->nenv) return tx->env[i - 2];
  if (i < 2 + tx->nenv + tx->nargs) return tx->args[i - 2 - tx->nenv];
  if (i < 2 + tx->nenv + 2 * tx->nargs) return tx->arglen[i - 2 - tx->nenv - tx->nargs];   /* NULL_TERM for a scalar */
  i -= 2 + tx->nenv + 2 * tx->nargs;
  return i == 0 ? tx->balance : i == 1 ? tx->self : tx->others;
}

#define NHEADER(tx) (2 + (tx)->nenv + 2 * (tx)->nargs + 3)
#define BALANCE(tx) (2 + (tx)->nenv + 2 * (tx)->nargs)

/* element i of an array value (a store chain over a constant array) */
static term_t element(term_t arr, long i) {
  while (term_op_of(arr) == OP_STORE) {
    term_t k = term_arg(arr, 1);
    if (term_is_const(k) && k == term_int(i)) return term_arg(arr, 2);
    arr = term_arg(arr, 0);
  }
  return term_op_of(arr) == OP_CONST_ARRAY ? term_arg(arr, 0) : NULL_TERM;
}

#define MAX_ARRAY_ARG 1000

/* The value of the variable `want` (or a renamed copy "name!N") among vars
 * in the model of s; NULL_TERM when absent. */
static term_t value_of(solver *s, term_t *vars, uint32_t n, term_t want) {
  const char *w = term_var_name(want);
  size_t wl = strlen(w);
  for (uint32_t i = 0; i < n; i++) {
    const char *nm = term_var_name(vars[i]);
    if (term_type(vars[i]) == term_type(want) && strncmp(nm, w, wl) == 0 && (nm[wl] == 0 || nm[wl] == '!'))
      return solver_value(s, vars[i]);
  }
  return NULL_TERM;
}

/* A model of derivation node k's clause instance (NULL: none in time). */
static solver *instance(const chc_system *sys, const chc_derivation *d, uint32_t k, term_t **vars, uint32_t *nv) {
  *nv = chc_clause_all_vars(sys, &sys->clauses[d->nodes[k].clause], vars);
  term_t f = chc_dnode_formula(sys, d, k);
  if (f == NULL_TERM) return NULL;
  solver *s = solver_new_z3();
  solver_set_timeout(s, 10000);
  solver_assert(s, f);
  if (solver_check(s) == SOLVER_SAT) return s;
  solver_free(s);
  return NULL;
}

/* Fills the unknown header values of st from node k of derivation d of sys. */
static void fill_from(step *st, const chc_system *sys, const chc_derivation *d, uint32_t k) {
  term_t *vars;
  uint32_t nv;
  solver *s = instance(sys, d, k, &vars, &nv);
  if (s) {
    for (uint32_t i = 0; i < st->nv; i++)
      if (st->v[i] == NULL_TERM) st->v[i] = value_of(s, vars, nv, header_term(st->tx, i));
    solver_free(s);
  }
  free(vars);
}

/* A callback's header variable: cbN.x for the transaction's txN.x. */
static term_t cb_term(term_t t) {
  if (t == NULL_TERM) return NULL_TERM;
  char buf[512];
  snprintf(buf, sizeof buf, "cb%.500s", term_var_name(t) + 2);
  return term_var(buf, term_type(t));
}

/* a clause of unknown code's calls: one callback, or none (the chain's end) */
static bool is_cb(const sol_chc *sc, const chc_clause *c) {
  return c->line == SOL_CB_NONE || (c->line >= SOL_CB_TAG && c->line - SOL_CB_TAG < sc->ntx);
}

static void ext_visit(const sol_chc *sc, const chc_system *sys, const chc_derivation *d, uint32_t k, uint32_t C, ext_calls *x,
                      uint32_t depth);

/* Node k's children in body order but the applications of C and of skip */
static void ext_children(const sol_chc *sc, const chc_system *sys, const chc_derivation *d, uint32_t k, uint32_t C, uint32_t skip,
                         ext_calls *x, uint32_t depth) {
  const chc_clause *c = &sys->clauses[d->nodes[k].clause];
  for (uint32_t j = 0; j < c->nbody; j++)
    if (c->body[j].pred != C && d->nodes[k].children[j] != skip) ext_visit(sc, sys, d, d->nodes[k].children[j], C, x, depth + 1);
}

/* The calls into unknown code under node k: a callback clause starts a
 * chain (its N child holds the earlier callbacks of the same call), whose
 * callbacks' own calls follow it. */
static void ext_visit(const sol_chc *sc, const chc_system *sys, const chc_derivation *d, uint32_t k, uint32_t C, ext_calls *x,
                      uint32_t depth) {
  if (depth > 10000) return;
  const chc_clause *c = &sys->clauses[d->nodes[k].clause];
  if (!is_cb(sc, c)) { ext_children(sc, sys, d, k, C, UINT32_MAX, x, depth); return; }
  uint32_t n = 0, cap = 0, *chain = NULL;
  for (uint32_t q = k; is_cb(sc, &sys->clauses[d->nodes[q].clause]) && sys->clauses[d->nodes[q].clause].line != SOL_CB_NONE;) {
    XGROW(chain, cap, n + 1);
    chain[n++] = q;
    const chc_clause *cq = &sys->clauses[d->nodes[q].clause];
    uint32_t next = UINT32_MAX;
    for (uint32_t j = 0; j < cq->nbody; j++)
      if (cq->body[j].pred == cq->head.pred) next = d->nodes[q].children[j];
    if (next == UINT32_MAX) break;
    q = next;
  }
  x->first = xrealloc(x->first, (x->nchains + 2) * sizeof(uint32_t));
  if (x->nchains == 0) x->first[0] = 0;
  uint32_t at = x->ncalls;
  x->ncalls += n;
  x->calls = xrealloc(x->calls, (x->ncalls + 1) * sizeof(call_vals));
  x->first[++x->nchains] = x->ncalls;
  for (uint32_t i = 0; i < n; i++) {   /* the last in the list ran first */
    uint32_t q = chain[n - 1 - i];
    call_vals *cv = &x->calls[at + i];
    cv->tx = &sc->tx[sys->clauses[d->nodes[q].clause].line - SOL_CB_TAG];
    cv->nv = NHEADER(cv->tx);
    cv->v = xcalloc(cv->nv + 1, sizeof(term_t));
    term_t *vars;
    uint32_t nvars;
    solver *m = instance(sys, d, q, &vars, &nvars);
    for (uint32_t j = 0; j < cv->nv; j++) {
      term_t h = header_term(cv->tx, j);
      cv->v[j] = h == NULL_TERM ? term_int(0) : m ? value_of(m, vars, nvars, cb_term(h)) : NULL_TERM;
    }
    if (!cv->tx->payable && cv->v[1] == NULL_TERM) cv->v[1] = term_int(0);
    if (m) solver_free(m);
    free(vars);
  }
  /* the callbacks' own calls into unknown code, in order */
  for (uint32_t i = 0; i < n; i++) {
    uint32_t q = chain[n - 1 - i], nx = UINT32_MAX;
    const chc_clause *cq = &sys->clauses[d->nodes[q].clause];
    for (uint32_t j = 0; j < cq->nbody; j++)
      if (cq->body[j].pred == cq->head.pred) nx = d->nodes[q].children[j];
    ext_children(sc, sys, d, q, C, nx, x, depth + 1);
  }
  free(chain);
}

/* The calls into unknown code of step st, from its clauses entry to exit. */
static void ext_of(const sol_chc *sc, const chc_system *sys, const chc_derivation *d, step *st) {
  uint32_t C = sc->roots[st->tx->root].C, n = 0, cap = 0, *nodes = NULL;
  uint32_t line = sys->clauses[d->nodes[st->ex].clause].line;
  for (uint32_t e = st->ex;;) {   /* exit down to entry */
    XGROW(nodes, cap, n + 1);
    nodes[n++] = e;
    if (e == st->en) break;
    const chc_clause *ce = &sys->clauses[d->nodes[e].clause];
    uint32_t same = UINT32_MAX;
    for (uint32_t j = 0; j < ce->nbody; j++)
      if (ce->body[j].pred != C && sys->clauses[d->nodes[d->nodes[e].children[j]].clause].line == line) same = d->nodes[e].children[j];
    if (same == UINT32_MAX) break;
    e = same;
  }
  for (uint32_t i = n; i-- > 0;) {
    uint32_t below = i + 1 < n ? nodes[i + 1] : UINT32_MAX;   /* the predecessor in the chain, not an own call */
    ext_children(sc, sys, d, nodes[i], C, below, &st->ext, 0);
  }
  free(nodes);
}

static void ext_free(ext_calls *x) {
  for (uint32_t i = 0; i < x->ncalls; i++) free(x->calls[i].v);
  free(x->calls);
  free(x->first);
}

/* all of v[0..n) known */
static bool known_all(const term_t *v, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (v[i] == NULL_TERM) return false;
  return true;
}

static bool complete(const step *st) { return known_all(st->v, st->nv); }

/* header = value for the values of st already known */
static term_t known(const step *st) {
  term_vec v = {0};
  for (uint32_t i = 0; i < st->nv; i++)
    if (st->v[i] != NULL_TERM && header_term(st->tx, i) != NULL_TERM) term_vec_push(&v, term_eq(header_term(st->tx, i), st->v[i]));
  term_t t = term_and(v.size, v.data);
  term_vec_free(&v);
  return t;
}

static term_t eqs(const term_t *a, const term_t *b, uint32_t n) {
  term_t *e = xmalloc((n + 1) * sizeof(term_t));
  for (uint32_t i = 0; i < n; i++) e[i] = term_eq(a[i], b[i]);
  term_t t = term_and(n, e);
  free(e);
  return t;
}

/* Values eliminated by normalization: the un-normalized clauses of this
 * one transaction, from its pre-state to its post-state (or to assertion
 * k failing), solved on their own; the entry clause names the header.
 * dep: the deployment, when it was inlined into st's clause instance (the
 * two are recovered together: C then has the deployment's definition). */
/* a value of t's type: for a header variable that no clause instance of a
 * replayed derivation mentions (any value does) */
static term_t any_value(term_t t) {
  type_t ty = term_type(t);
  if (type_kind_of(ty) == TYPE_BOOL) return term_false();
  if (type_kind_of(ty) == TYPE_ARRAY) {
    type_t e = type_array_elem(ty);
    return term_const_array(ty, type_kind_of(e) == TYPE_BOOL ? term_false() : term_int(0));
  }
  return term_int(0);
}

static void any_rest(step *st) {
  for (uint32_t i = 0; st && i < st->nv; i++)
    if (st->v[i] == NULL_TERM) st->v[i] = any_value(header_term(st->tx, i));
}

static void recover(step *st, step *dep, const sol_chc *sc, uint32_t k, bool failing, const zeta_limits *lim) {
  const chc_system *o = &sc->sys;
  uint32_t C = sc->roots[st->tx->root].C, err = CHC_FALSE;
  for (uint32_t i = 0; i < o->nclauses; i++)
    if (o->clauses[i].head.pred == CHC_FALSE && o->clauses[i].nbody == 1) err = o->clauses[i].body[0].pred;
  chc_system sub;
  chc_init(&sub);
  for (uint32_t p = 0; p < o->npreds; p++) {
    type_t *ty = xmalloc((o->preds[p].arity + 1) * sizeof(type_t));
    for (uint32_t q = 0; q < o->preds[p].arity; q++) ty[q] = term_type(o->preds[p].params[q]);
    chc_add_pred(&sub, o->preds[p].name, o->preds[p].sym, o->preds[p].arity, ty);
    free(ty);
  }
  uint32_t ns = o->preds[C].arity;
  for (uint32_t i = 0; i < o->nclauses; i++) {
    const chc_clause *c = &o->clauses[i];
    uint32_t t = tx_index(sc, c);
    bool ours = t == st->txi;
    if (dep && t == dep->txi && c->head.pred != err) {   /* the deployment as it is */
      chc_add_clause(&sub, c->nbody, c->body, term_and2(c->constraint, known(dep)), c->head.pred, c->head.args, c->line);
      continue;
    }
    if (!ours && (t != UINT32_MAX || c->head.pred == C || c->head.pred == err || c->head.pred == CHC_FALSE)) continue;
    term_vec cons = {0};
    term_vec_push(&cons, c->constraint);
    if (ours) term_vec_push(&cons, known(st));   /* the values found so far, so that the rest fit them */
    chc_app *body = xcalloc(c->nbody + 1, sizeof *body);
    uint32_t nb = 0;
    for (uint32_t j = 0; j < c->nbody; j++) {
      if (ours && c->body[j].pred == C && !dep) {
        if (st->pre) term_vec_push(&cons, eqs(c->body[j].args, st->pre, ns));
        continue;
      }
      body[nb++] = c->body[j];
    }
    uint32_t head = c->head.pred;
    if (ours && head == C) {
      if (failing) { free(body); term_vec_free(&cons); continue; }
      if (st->post) term_vec_push(&cons, eqs(c->head.args, st->post, ns));
      head = CHC_FALSE;
    } else if (ours && head == err) {
      if (!failing) { free(body); term_vec_free(&cons); continue; }
      term_vec_push(&cons, term_eq(c->head.args[0], term_int((long)k)));
      head = CHC_FALSE;
    }
    chc_add_clause(&sub, nb, body, term_and(cons.size, cons.data), head, head == CHC_FALSE ? NULL : c->head.args, c->line);
    free(body);
    term_vec_free(&cons);
  }
  zeta_limits l = *lim;
  double cap = limits_now() + 3;
  if (!l.deadline || l.deadline > cap) l.deadline = cap;
  chc_result r;
  chc_system unf;   /* a transaction with internal calls: its calls unfolded */
  chc_init(&unf);
  bool unfolded = !chc_is_linear(&sub) && chc_unfold_linear(&sub, &unf, 4000) && chc_is_linear(&unf);
  const chc_system *ds = unfolded ? &unf : &sub;
  if (chc_is_linear(ds)) chc_bmc_solve(ds, &l, 0, &r);
  else chc_pa_solve(ds, &l, &r);
  if (r.answer == CHC_UNSAT && r.deriv.n && chc_replay(ds, &r.deriv, 10000)) {
    for (uint32_t n = 0; n < r.deriv.n; n++) {
      uint32_t t = tx_index(sc, &ds->clauses[r.deriv.nodes[n].clause]);
      if (t == st->txi && !complete(st)) fill_from(st, ds, &r.deriv, n);
      else if (dep && t == dep->txi && !complete(dep)) fill_from(dep, ds, &r.deriv, n);
    }
    any_rest(st);
    any_rest(dep);
  }
  chc_free(&unf);
  chc_result_free(&r);
  chc_free(&sub);
}

/* The transactions of a derivation of "assertion fails", last first: every
 * clause of a transaction carries its tag; from the exit of the failing
 * one down its own clauses to its entry (which reads C), then to the
 * previous transaction's exit, back to the deployment. */
static uint32_t steps_of(const sol_chc *sc, const chc_system *norm, const chc_derivation *d, step *out) {
  uint32_t n = 0, k = 0;
  while (tx_index(sc, &norm->clauses[d->nodes[k].clause]) == UINT32_MAX) {
    if (norm->clauses[d->nodes[k].clause].nbody == 0) return 0;
    k = d->nodes[k].children[0];
  }
  while (n < MAXTX) {
    const chc_clause *c = &norm->clauses[d->nodes[k].clause];
    uint32_t txi = tx_index(sc, c);
    const sol_tx *tx = &sc->tx[txi];
    uint32_t e = k, prev = UINT32_MAX;
    for (;;) {   /* down to the entry */
      const chc_clause *ce = &norm->clauses[d->nodes[e].clause];
      uint32_t same = UINT32_MAX;
      for (uint32_t j = 0; j < ce->nbody; j++) {
        uint32_t ch = d->nodes[e].children[j];
        if (ce->body[j].pred == sc->roots[tx->root].C) prev = ch;
        else if (norm->clauses[d->nodes[ch].clause].line == c->line) same = ch;
      }
      if (prev != UINT32_MAX || same == UINT32_MAX) break;
      e = same;
    }
    step *st = &out[n++];
    memset(st, 0, sizeof *st);
    st->tx = tx;
    st->txi = txi;
    st->ex = k;
    st->en = e;
    st->pre = prev != UINT32_MAX ? d->nodes[prev].head_vals : NULL;
    const chc_clause *cx = &norm->clauses[d->nodes[k].clause];
    st->post = cx->head.pred == sc->roots[tx->root].C ? d->nodes[k].head_vals : NULL;
    if (prev == UINT32_MAX && strcmp(tx->name, "constructor") != 0 && n < MAXTX) {
      /* C inlined (the deployment is its only definition): the deployment
       * is in this same clause instance */
      for (uint32_t t = 0; t < sc->ntx; t++)
        if (sc->tx[t].root == tx->root && strcmp(sc->tx[t].name, "constructor") == 0) {
          step *dp = &out[n++];
          memset(dp, 0, sizeof *dp);
          dp->tx = &sc->tx[t];
          dp->txi = t;
          dp->ex = dp->en = e;
          break;
        }
      break;
    }
    if (prev == UINT32_MAX || tx_index(sc, &norm->clauses[d->nodes[prev].clause]) == UINT32_MAX) break;
    k = prev;
  }
  return n;
}

static void print_term(FILE *out, term_t t) {
  if (t == NULL_TERM) { fputs("?", out); return; }
  char *s = term_to_string(t);
  fputs(s, out);
  free(s);
}

/* "C.f(args) msg.sender=.. msg.value=.. env..." for a call with header values v */
static void print_call(FILE *out, const sol_chc *sc, const sol_tx *tx, const term_t *v, int indent) {
  fprintf(out, "%*s%s.%s(", indent, "", sc->roots[tx->root].name, tx->name);
  for (uint32_t i = 0; i < tx->nargs; i++) {
    fprintf(out, "%s%s=", i ? ", " : "", tx->argnames[i]);
    term_t len = tx->arglen[i] != NULL_TERM ? v[2 + tx->nenv + tx->nargs + i] : NULL_TERM;
    if (tx->arglen[i] == NULL_TERM || len == NULL_TERM || v[2 + tx->nenv + i] == NULL_TERM) {
      print_term(out, tx->arglen[i] == NULL_TERM || len != NULL_TERM ? v[2 + tx->nenv + i] : NULL_TERM);
      continue;
    }
    mpq_t q;
    mpq_init(q);
    term_rat_value(len, q);
    long n = mpz_fits_slong_p(mpq_numref(q)) ? mpz_get_si(mpq_numref(q)) : MAX_ARRAY_ARG + 1;
    mpq_clear(q);
    if (n > 64) { fprintf(out, "(%ld elements)", n); continue; }
    fputc('[', out);
    for (long j = 0; j < n; j++) {
      if (j) fputs(", ", out);
      print_term(out, element(v[2 + tx->nenv + i], j));
    }
    fputc(']', out);
  }
  fputs(") msg.sender=", out);
  print_term(out, v[0]);
  fputs(" msg.value=", out);
  print_term(out, v[1]);
  for (uint32_t i = 0; i < tx->nenv; i++) {
    fprintf(out, " %s=", tx->envnames[i]);
    print_term(out, v[2 + i]);
  }
  fputc('\n', out);
}

static void print_step(FILE *out, const sol_chc *sc, const step *st, bool failing) {
  const sol_tx *tx = st->tx;
  print_call(out, sc, tx, st->v, 2);
  const ext_calls *x = &st->ext;
  for (uint32_t c = 0; c < x->nchains; c++) {
    fprintf(out, "    call %u into unknown code: it calls back%s\n", c + 1, x->first[c] == x->first[c + 1] ? " nothing" : "");
    for (uint32_t i = x->first[c]; i < x->first[c + 1]; i++) print_call(out, sc, x->calls[i].tx, x->calls[i].v, 6);
  }
  const sol_root *R = &sc->roots[tx->root];
  if (!failing && st->post) {
    fputs("    state after:", out);
    for (uint32_t q = 0; q < R->nleaves; q++) {
      fprintf(out, " %s=", R->leaf_names[q]);
      print_term(out, st->post[q]);
    }
    fputc('\n', out);
  }
}

static void to_mpz(term_t t, mpz_t out) {
  if (term_is_bool(t)) { mpz_set_ui(out, term_is_true(t)); return; }
  mpq_t q;
  mpq_init(q);
  term_rat_value(t, q);
  mpz_set(out, mpq_numref(q));
  mpq_clear(q);
}

/* The interpreter's form of a call of t with header values v; false (why
 * set) when an array argument cannot be given. */
/* An array value (a store chain over a constant array) as entries and the
 * rest; false if it is not one. */
static bool array_entries(term_t a, sol_exec_tx *x) {
  uint32_t n = 0;
  for (term_t b = a; term_op_of(b) == OP_STORE; b = term_arg(b, 0)) n++;
  term_t b = a;
  for (uint32_t i = 0; i < n; i++) b = term_arg(b, 0);
  if (term_op_of(b) != OP_CONST_ARRAY || !term_is_const(term_arg(b, 0))) return false;
  x->others_at = xcalloc(n + 1, sizeof(mpz_t));
  x->others_val = xcalloc(n + 1, sizeof(mpz_t));
  mpz_init(x->others_rest);
  to_mpz(term_arg(b, 0), x->others_rest);
  for (term_t c = a; term_op_of(c) == OP_STORE; c = term_arg(c, 0)) {   /* the outermost store of a key wins */
    term_t k = term_arg(c, 1), v = term_arg(c, 2);
    if (!term_is_const(k) || !term_is_const(v)) continue;
    bool seen = false;
    mpz_t kz;
    mpz_init(kz);
    to_mpz(k, kz);
    for (uint32_t i = 0; i < x->nothers && !seen; i++) seen = mpz_cmp(x->others_at[i], kz) == 0;
    if (!seen) {
      mpz_init_set(x->others_at[x->nothers], kz);
      mpz_init(x->others_val[x->nothers]);
      to_mpz(v, x->others_val[x->nothers++]);
    }
    mpz_clear(kz);
  }
  return true;
}

static bool exec_call(const sol_tx *t, const term_t *v, term_t balance, sol_exec_tx *x, char *why, size_t cap) {
  bool ok = true;
  if ((x->has_balance = balance != NULL_TERM)) mpz_init(x->balance), to_mpz(balance, x->balance);
  term_t others = t->others != NULL_TERM ? v[BALANCE(t) + 2] : NULL_TERM;
  x->has_others = others != NULL_TERM && array_entries(others, x);
  mpz_init(x->sender);
  mpz_init(x->value);
  to_mpz(v[0], x->sender);
  to_mpz(v[1], x->value);
  x->nenv = t->nenv;
  x->envnames = t->envnames;
  x->env = xcalloc(t->nenv + 1, sizeof(mpz_t));
  for (uint32_t j = 0; j < t->nenv; j++) { mpz_init(x->env[j]); to_mpz(v[2 + j], x->env[j]); }
  x->nargs = t->nargs;
  x->argnames = (const char **)t->argnames;
  x->args = xcalloc(t->nargs + 1, sizeof(mpz_t));
  int64_t *len = xcalloc(t->nargs + 1, sizeof(int64_t));
  mpz_t **el = xcalloc(t->nargs + 1, sizeof(mpz_t *));
  for (uint32_t j = 0; j < t->nargs; j++) {
    mpz_init(x->args[j]);
    len[j] = -1;
    if (t->arglen[j] == NULL_TERM) { to_mpz(v[2 + t->nenv + j], x->args[j]); continue; }
    to_mpz(v[2 + t->nenv + t->nargs + j], x->args[j]);
    if (mpz_sgn(x->args[j]) < 0 || mpz_cmp_ui(x->args[j], MAX_ARRAY_ARG) > 0) {
      snprintf(why, cap, "an array argument of %s elements", "too many");
      ok = false;
      continue;
    }
    len[j] = mpz_get_si(x->args[j]);
    el[j] = xcalloc((size_t)len[j] + 1, sizeof(mpz_t));
    for (int64_t q = 0; q < len[j]; q++) {
      term_t e = element(v[2 + t->nenv + j], (long)q);
      mpz_init(el[j][q]);
      if (e == NULL_TERM) { snprintf(why, cap, "an array argument's element not read"); ok = false; }
      else to_mpz(e, el[j][q]);
    }
  }
  x->arglen = len;
  x->argel = el;
  return ok;
}

static void exec_call_free(sol_exec_tx *x) {
  if (x->has_balance) mpz_clear(x->balance);
  if (x->has_others) {
    for (uint32_t i = 0; i < x->nothers; i++) mpz_clear(x->others_at[i]), mpz_clear(x->others_val[i]);
    free(x->others_at);
    free(x->others_val);
    mpz_clear(x->others_rest);
  }
  if (x->has_self) mpz_clear(x->self);
  mpz_clear(x->sender);
  mpz_clear(x->value);
  for (uint32_t j = 0; j < x->nenv; j++) mpz_clear(x->env[j]);
  for (uint32_t j = 0; j < x->nargs; j++) {
    mpz_clear(x->args[j]);
    for (int64_t q = 0; q < x->arglen[j]; q++) mpz_clear(x->argel[j][q]);
    free(x->argel[j]);
  }
  free((void *)x->arglen);
  free((void *)x->argel);
  free(x->env);
  free(x->args);
}

/* The contract's address from a state before or after some step (the
 * deployment's own value may have been eliminated). */
static term_t self_from_states(const sol_chc *sc, const step *st, uint32_t n) {
  const sol_root *R = &sc->roots[st[0].tx->root];
  for (uint32_t q = 0; q < R->nleaves; q++)
    if (strcmp(R->leaf_names[q], "this") == 0)
      for (uint32_t i = 0; i < n; i++) {
        if (st[i].post && term_is_const(st[i].post[q])) return st[i].post[q];
        if (st[i].pre && term_is_const(st[i].pre[q])) return st[i].pre[q];
      }
  return NULL_TERM;
}

static sol_trace_outcome run(const sol_ast *a, const sol_chc *sc, const step *st, uint32_t n, uint32_t k, char *why, size_t cap) {
  const sol_root *R = &sc->roots[st[0].tx->root];
  int root = sol_exec_contract(a, R->name);
  if (root < 0) { snprintf(why, cap, "contract %s not found", R->name); return SOL_TRACE_CLAUSES_ONLY; }
  sol_exec_tx *tx = xcalloc(n + 1, sizeof *tx), **cbs = xcalloc(n + 1, sizeof *cbs);
  term_t self = NULL_TERM;
  bool unrun = false, ext = false;
  for (uint32_t i = 0; i < n; i++) {
    const step *s = &st[n - 1 - i];
    tx[i].fn = strcmp(s->tx->name, "constructor") == 0 && i == 0 ? NULL : s->tx->name;
    if (i == 0) self = self_from_states(sc, st, n);
    unrun |= !exec_call(s->tx, s->v, s->tx->balance != NULL_TERM ? s->v[BALANCE(s->tx)] : NULL_TERM, &tx[i], why, cap);   /* NULL_TERM: unknown */
    if (i == 0 && s->tx->self != NULL_TERM && s->v[BALANCE(s->tx) + 1] != NULL_TERM) self = s->v[BALANCE(s->tx) + 1];
    if ((tx[i].has_self = i == 0 && self != NULL_TERM)) mpz_init(tx[i].self), to_mpz(self, tx[i].self);
    ext |= s->tx->balance != NULL_TERM;   /* ether that arrives without a call is not in the sequence */
    const ext_calls *x = &s->ext;   /* what unknown code does at each call */
    ext |= x->nchains > 0;
    sol_exec_chain *ch = xcalloc(x->nchains + 1, sizeof *ch);
    sol_exec_tx *cb = cbs[i] = xcalloc(x->ncalls + 1, sizeof *cb);
    for (uint32_t c = 0; c < x->nchains; c++) {
      ch[c].ncalls = x->first[c + 1] - x->first[c];
      ch[c].calls = cb + x->first[c];
    }
    for (uint32_t q = 0; q < x->ncalls; q++) {
      cb[q].fn = x->calls[q].tx->name;
      const call_vals *cv = &x->calls[q];
      unrun |= !exec_call(cv->tx, cv->v, cv->tx->balance != NULL_TERM ? cv->v[BALANCE(cv->tx)] : NULL_TERM, &cb[q], why, cap);
    }
    tx[i].nchains = x->nchains;
    tx[i].chains = ch;
  }
  sol_exec_result r;
  memset(&r, 0, sizeof r);
  r.status = SOL_EXEC_UNSUPPORTED;
  snprintf(r.why, sizeof r.why, "%.200s", why);
  if (!unrun) sol_exec_run(a, root, tx, n, &r);
  for (uint32_t i = 0; i < n; i++) {
    exec_call_free(&tx[i]);
    for (uint32_t q = 0; q < st[n - 1 - i].ext.ncalls; q++) exec_call_free(&cbs[i][q]);
    free(cbs[i]);
    free((void *)tx[i].chains);
  }
  free(tx);
  free(cbs);
  if (unrun) return SOL_TRACE_CLAUSES_ONLY;
  if (r.status == SOL_EXEC_UNSUPPORTED) { snprintf(why, cap, "the interpreter does not run %s", r.why); return SOL_TRACE_CLAUSES_ONLY; }
  if (r.status == SOL_EXEC_ASSERT && r.at == n - 1 && r.line == sc->assert_line[k] && r.reverted < 0) return SOL_TRACE_CONFIRMED;
  if (r.status == SOL_EXEC_ASSERT)
    snprintf(why, cap, "executing it, the assertion at line %u failed in transaction %u", r.line, r.at);
  else if (r.reverted >= 0) snprintf(why, cap, "executing it, transaction %d reverted", r.reverted);
  else snprintf(why, cap, "executing it, no assertion failed");
  /* the calls of unknown code are read from the derivation's shape, which
   * normalization may reorder: a mismatch is no refutation */
  if (ext) {
    char w[300];
    snprintf(w, sizeof w, "%s", why);
    snprintf(why, cap, "what unknown code and ether arriving did, as read back, did not reproduce it (%s)", w);
    return SOL_TRACE_CLAUSES_ONLY;
  }
  return SOL_TRACE_REFUTED;
}

sol_trace_outcome sol_trace_report(FILE *out, const sol_ast *a, const sol_chc *sc, const chc_system *norm, const chc_derivation *d,
                                   uint32_t k, const zeta_limits *lim, char *why, size_t cap) {
  step *st = xcalloc(MAXTX, sizeof *st);
  uint32_t n = steps_of(sc, norm, d, st);
  bool loose = false;   /* some values recovered without the states around them */
  for (uint32_t i = 0; i < n; i++) {
    st[i].nv = NHEADER(st[i].tx);
    st[i].v = xcalloc(st[i].nv + 1, sizeof(term_t));
    for (uint32_t j = 0; j < st[i].nv; j++) st[i].v[j] = header_term(st[i].tx, j) == NULL_TERM ? term_int(0) : NULL_TERM;
    fill_from(&st[i], norm, d, st[i].en);
    if (!st[i].tx->payable && st[i].v[1] == NULL_TERM) st[i].v[1] = term_int(0);
    /* its calls into unknown code (a deployment inlined into the next step's clauses has none of its own) */
    if (!(i > 0 && st[i - 1].en == st[i].en)) ext_of(sc, norm, d, &st[i]);

  }
  for (uint32_t i = 0; i < n; i++) {
    /* a deployment inlined into the next step's clause: both at once */
    step *dep = i + 1 < n && st[i + 1].en == st[i].en && strcmp(st[i + 1].tx->name, "constructor") == 0 ? &st[i + 1] : NULL;
    if (complete(&st[i]) && (!dep || complete(dep))) continue;
    if (!dep && strcmp(st[i].tx->name, "constructor") == 0 && i > 0 && st[i - 1].en == st[i].en) continue;   /* done with the next */
    loose |= (!st[i].pre && !dep && strcmp(st[i].tx->name, "constructor") != 0) || (!st[i].post && i != 0);
    recover(&st[i], dep, sc, k, i == 0, lim);
  }
  sol_trace_outcome res = SOL_TRACE_CLAUSES_ONLY;
  if (n == 0) snprintf(why, cap, "the derivation was not read back as transactions");
  else if (st[n - 1].pre || strcmp(st[n - 1].tx->name, "constructor") != 0)
    snprintf(why, cap, "the sequence was not read back to the deployment");
  else {
    fputs("transactions:\n", out);
    bool all = true;
    for (uint32_t i = n; i-- > 0;) {
      print_step(out, sc, &st[i], i == 0);
      /* what is printed (the hidden balance and address may stay unknown) */
      all &= known_all(st[i].v, BALANCE(st[i].tx));
      for (uint32_t q = 0; q < st[i].ext.ncalls; q++) all &= known_all(st[i].ext.calls[q].v, BALANCE(st[i].ext.calls[q].tx));
    }
    if (!all) snprintf(why, cap, "values marked ? were not recovered");
    else res = run(a, sc, st, n, k, why, cap);
    if (res == SOL_TRACE_REFUTED && loose) {   /* the recovered values need not fit together */
      char w[300];
      snprintf(w, sizeof w, "%s", why);
      snprintf(why, cap, "values recovered transaction by transaction did not reproduce it (%s)", w);
      res = SOL_TRACE_CLAUSES_ONLY;
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    free(st[i].v);
    ext_free(&st[i].ext);
  }
  free(st);
  return res;
}
