/* Interprocedural traces and their concrete replay (cfa_proc_trace.h). */
#include "ir/cfa_proc_trace.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

void cfa_trace_free(cfa_trace *t) {
  for (uint32_t i = 0; i < t->n; i++) free(t->steps[i].vals);
  free(t->steps);
  memset(t, 0, sizeof *t);
}

void cfa_trace_push(cfa_trace *t, const cfa_prog *p, cfa_trace_kind kind, uint32_t proc, uint32_t loc,
                    uint32_t edge, uint32_t depth, const term_t *vals) {
  size_t cap = t->cap;
  XGROW(t->steps, cap, t->n + 1);
  t->cap = (uint32_t)cap;
  uint32_t nv = p->globals.size + p->procs[proc].body.vars.size;
  term_t *v = xmalloc((nv + 1) * sizeof *v);
  if ((nv * sizeof *v) != 0) memcpy(v, vals, nv * sizeof *v);
  t->steps[t->n++] = (cfa_trace_step){kind, proc, loc, edge, depth, v};
}

/* ---- replay ---- */
typedef struct {
  uint32_t proc, loc, call_edge;   /* call_edge: in the caller, for the return */
  term_t *vals;                    /* globals (unused copy) + own vars */
} rframe;

typedef struct {
  const cfa_prog *p;
  rframe *stack;
  uint32_t depth, cap;
  term_t *glob;
  char *why;
  size_t len;
  uint32_t step;
} replayer;

static bool fail(replayer *r, const char *fmt, ...) {
  int k = snprintf(r->why, r->len, "step %u: ", r->step);
  va_list ap;
  va_start(ap, fmt);
  if (k >= 0 && (size_t)k < r->len) vsnprintf(r->why + k, r->len - (size_t)k, fmt, ap);
  va_end(ap);
  return false;
}

/* Current values: globals then the top frame's variables. */
static uint32_t cur_vals(replayer *r, term_t **vars, term_t **vals) {
  const rframe *fr = &r->stack[r->depth - 1];
  const cfa *c = &r->p->procs[fr->proc].body;
  uint32_t ng = r->p->globals.size, n = ng + c->vars.size;
  *vars = xmalloc((n + 1) * sizeof **vars);
  *vals = xmalloc((n + 1) * sizeof **vals);
  if ((ng * sizeof **vars) != 0) memcpy(*vars, r->p->globals.data, ng * sizeof **vars);
  if ((c->vars.size * sizeof **vars) != 0) memcpy(*vars + ng, c->vars.data, c->vars.size * sizeof **vars);
  if ((ng * sizeof **vals) != 0) memcpy(*vals, r->glob, ng * sizeof **vals);
  if ((c->vars.size * sizeof **vals) != 0) memcpy(*vals + ng, fr->vals, c->vars.size * sizeof **vals);
  return n;
}

static void set_var(replayer *r, term_t v, term_t val) {
  for (uint32_t i = 0; i < r->p->globals.size; i++)
    if (r->p->globals.data[i] == v) { r->glob[i] = val; return; }
  rframe *fr = &r->stack[r->depth - 1];
  const cfa *c = &r->p->procs[fr->proc].body;
  for (uint32_t i = 0; i < c->vars.size; i++)
    if (c->vars.data[i] == v) { fr->vals[i] = val; return; }
}

/* Two values equal (arrays compared by evaluation of their equality). */
static bool same(term_t a, term_t b) {
  if (a == b) return true;
  if (a == NULL_TERM || b == NULL_TERM) return false;
  term_t e = term_eval(term_eq(a, b), 0, NULL, NULL);
  if (e != NULL_TERM) return term_is_true(e);
  /* arrays over a small bit-vector index: element by element */
  type_t ty = term_type(a);
  if (type_kind_of(ty) != TYPE_ARRAY || type_kind_of(type_array_index(ty)) != TYPE_BV) return false;
  uint32_t w = type_bv_width(type_array_index(ty));
  if (w > 10) return false;
  for (uint64_t k = 0; k < (1u << w); k++) {
    term_t i = term_bv_u64(w, k);
    if (!same(term_eval(term_select(a, i), 0, NULL, NULL), term_eval(term_select(b, i), 0, NULL, NULL))) return false;
  }
  return true;
}

/* The state now equals the recorded one. */
static bool matches(replayer *r, const cfa_trace_step *s) {
  term_t *vars, *vals;
  uint32_t n = cur_vals(r, &vars, &vals);
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++)
    if (!same(vals[i], s->vals[i])) ok = fail(r, "%s differs from the recorded value", term_var_name(vars[i]));
  free(vars);
  free(vals);
  return ok;
}

static term_t recorded(const replayer *r, const cfa_trace_step *s, term_t v) {
  const cfa *c = &r->p->procs[s->proc].body;
  uint32_t ng = r->p->globals.size;
  for (uint32_t i = 0; i < ng; i++)
    if (r->p->globals.data[i] == v) return s->vals[i];
  for (uint32_t i = 0; i < c->vars.size; i++)
    if (c->vars.data[i] == v) return s->vals[ng + i];
  return NULL_TERM;
}

/* A havoc whose variable the edge writes again afterwards: the next state
   does not record its value. */
static bool shadowed(const cfa_stmt *st, uint32_t n, uint32_t i) {
  for (uint32_t j = i + 1; j < n; j++)
    if ((st[j].kind == CFA_ASSIGN || st[j].kind == CFA_HAVOC) && st[j].var == st[i].var) return true;
  return false;
}

/* A shadowed havoc whose value some statement reads before the write
   (else its value never matters: replaying skips it). */
static bool read_before_write(const cfa_stmt *st, uint32_t n, uint32_t i) {
  for (uint32_t j = i + 1; j < n; j++) {
    if ((st[j].kind == CFA_ASSIGN || st[j].kind == CFA_ASSUME) && term_has_free_var(st[j].expr, st[i].var)) return true;
    if ((st[j].kind == CFA_ASSIGN || st[j].kind == CFA_HAVOC) && st[j].var == st[i].var) return false;
  }
  return false;
}

/* A havoc whose value replay must guess. */
static bool guessed(const cfa_stmt *st, uint32_t n, uint32_t i) {
  return st[i].kind == CFA_HAVOC && shadowed(st, n, i) && read_before_write(st, n, i);
}

/* Bits of a Boolean or bit-vector variable (0: neither). */
static uint32_t value_bits(term_t v) {
  type_t ty = term_type(v);
  return type_kind_of(ty) == TYPE_BOOL ? 1 : type_kind_of(ty) == TYPE_BV ? type_bv_width(ty) : 0;
}

/* The statements of an edge; a shadowed havoc read before its write takes
   its value from `guess` (bits from the low end, one variable after the
   other), one never read is skipped, every other havoc takes the value the
   next state records. */
static bool run_stmts(replayer *r, const cfa_stmt *st, uint32_t n, const cfa_trace_step *next, uint64_t guess) {
  for (uint32_t i = 0; i < n; i++) {
    term_t *vars, *vals;
    uint32_t nv = cur_vals(r, &vars, &vals);
    term_t v = NULL_TERM;
    bool ok = true;
    switch (st[i].kind) {
    case CFA_ASSIGN:
      v = term_eval(st[i].expr, nv, vars, vals);
      if (v == NULL_TERM) ok = fail(r, "an assignment to %s does not evaluate", term_var_name(st[i].var));
      else set_var(r, st[i].var, v);
      break;
    case CFA_ASSUME:
      v = term_eval(st[i].expr, nv, vars, vals);
      if (v == NULL_TERM || !term_is_true(v)) ok = fail(r, "an assumption does not hold");
      break;
    case CFA_HAVOC:
      if (shadowed(st, n, i) && !read_before_write(st, n, i)) break;
      if (guessed(st, n, i)) {
        uint32_t w = value_bits(st[i].var);
        uint64_t bits = guess & ((1ull << w) - 1);
        guess >>= w;
        v = type_kind_of(term_type(st[i].var)) == TYPE_BOOL ? term_bool(bits) : term_bv_u64(w, bits);
      } else
        v = recorded(r, next, st[i].var);
      if (v == NULL_TERM) ok = fail(r, "no value for havoc %s", term_var_name(st[i].var));
      else set_var(r, st[i].var, v);
      break;
    case CFA_CHOICE: ok = fail(r, "a choice statement"); break;
    }
    free(vars);
    free(vals);
    if (!ok) return false;
  }
  return true;
}

static void push_frame(replayer *r, uint32_t proc, uint32_t loc, uint32_t call_edge) {
  size_t cap = r->cap;
  XGROW(r->stack, cap, r->depth + 1);
  r->cap = (uint32_t)cap;
  uint32_t nv = r->p->procs[proc].body.vars.size;
  r->stack[r->depth++] = (rframe){proc, loc, call_edge, xcalloc(nv + 1, sizeof(term_t))};
}

static bool replay_step(replayer *r, const cfa_trace_step *s) {
  const cfa_prog *p = r->p;
  uint32_t ng = p->globals.size;
  if (s->kind == TRACE_INIT) {
    if (r->depth || s->proc != p->main || s->loc != p->procs[p->main].body.init) return fail(r, "not main's start");
    push_frame(r, s->proc, s->loc, CFA_NONE);
    if ((ng * sizeof *r->glob) != 0) memcpy(r->glob, s->vals, ng * sizeof *r->glob);
    if ((p->procs[s->proc].body.vars.size * sizeof(term_t)) != 0) memcpy(r->stack[0].vals, s->vals + ng, p->procs[s->proc].body.vars.size * sizeof(term_t));
    return true;
  }
  if (!r->depth) return fail(r, "no start step");
  rframe *fr = &r->stack[r->depth - 1];
  const cfa *c = &p->procs[fr->proc].body;
  if (s->kind == TRACE_EDGE) {
    if (s->proc != fr->proc || s->edge >= c->nedges || c->edges[s->edge].call || c->edges[s->edge].src != fr->loc ||
        c->edges[s->edge].dst != s->loc)
      return fail(r, "not an edge from the current location");
    const cfa_edge *e = &c->edges[s->edge];
    /* shadowed havocs read before their write: every value of theirs (at
       most 2^16 together) until one run ends in the recorded state */
    uint32_t bits = 0;
    bool small = true;
    for (uint32_t i = 0; i < e->nstmts; i++)
      if (guessed(e->stmts, e->nstmts, i)) {
        uint32_t w = value_bits(e->stmts[i].var);
        small = small && w > 0 && bits + w <= 16;
        bits += w;
      }
    if (!small) return fail(r, "a variable havocked and written again in one edge");
    uint32_t nv = c->vars.size, ng = p->globals.size;
    term_t *saved = xmalloc((ng + nv + 1) * sizeof *saved);
    if (ng) memcpy(saved, r->glob, ng * sizeof *saved);
    if (nv) memcpy(saved + ng, fr->vals, nv * sizeof *saved);
    bool ok = false;
    for (uint64_t g = 0; g < (1ull << bits) && !ok; g++) {
      if (ng) memcpy(r->glob, saved, ng * sizeof *saved);
      if (nv) memcpy(fr->vals, saved + ng, nv * sizeof *saved);
      if (!run_stmts(r, e->stmts, e->nstmts, s, g)) continue;
      r->stack[r->depth - 1].loc = s->loc;
      ok = matches(r, s);
      if (!ok) r->stack[r->depth - 1].loc = e->src;
    }
    free(saved);
    return ok;
  }
  if (s->kind == TRACE_CALL) {
    if (s->edge >= c->nedges || !c->edges[s->edge].call || c->edges[s->edge].src != fr->loc)
      return fail(r, "not a call edge from the current location");
    const cfa_call *k = c->edges[s->edge].call;
    const cfa_proc *g = &p->procs[k->callee];
    if (s->proc != k->callee || s->loc != g->body.init) return fail(r, "the call does not enter the callee");
    term_t *vars, *vals;
    uint32_t nv = cur_vals(r, &vars, &vals);
    term_t *args = xmalloc((k->nargs + 1) * sizeof *args);
    bool ok = true;
    for (uint32_t i = 0; i < k->nargs && ok; i++)
      if ((args[i] = term_eval(k->args[i], nv, vars, vals)) == NULL_TERM) ok = fail(r, "argument %u does not evaluate", i + 1);
    free(vars);
    free(vals);
    if (ok) {
      push_frame(r, k->callee, g->body.init, s->edge);
      rframe *nf = &r->stack[r->depth - 1];
      for (uint32_t i = 0; i < g->body.vars.size; i++) nf->vals[i] = i < g->nparams ? args[i] : s->vals[ng + i];
      ok = matches(r, s);
    }
    free(args);
    return ok;
  }
  /* TRACE_RETURN */
  if (r->depth < 2 || fr->loc != c->final) return fail(r, "a return outside a callee's final location");
  const cfa_proc *g = &p->procs[fr->proc];
  term_t rv = g->ret != NULL_TERM ? fr->vals[cfa_var_index(c, g->ret)] : NULL_TERM;
  uint32_t ce = fr->call_edge;
  free(fr->vals);
  r->depth--;
  rframe *cf = &r->stack[r->depth - 1];
  const cfa *cc = &p->procs[cf->proc].body;
  if (s->proc != cf->proc || ce != s->edge || cc->edges[ce].dst != s->loc) return fail(r, "the return does not match the call");
  const cfa_call *k = cc->edges[ce].call;
  if (k->result != NULL_TERM) {
    if (rv == NULL_TERM) return fail(r, "no result");
    set_var(r, k->result, rv);
  }
  cf->loc = s->loc;
  return matches(r, s);
}

bool cfa_trace_replay(const cfa_prog *p, const cfa_trace *t, char *why, size_t len) {
  replayer r = {p, NULL, 0, 0, xcalloc(p->globals.size + 1, sizeof(term_t)), why, len, 0};
  bool ok = t->n > 0 || fail(&r, "an empty trace");
  for (uint32_t i = 0; i < t->n && ok; i++) {
    r.step = i;
    ok = replay_step(&r, &t->steps[i]);
  }
  if (ok) {
    const rframe *fr = &r.stack[r.depth - 1];
    if (fr->loc != p->procs[fr->proc].body.error) ok = fail(&r, "the trace does not end in an error location");
  }
  for (uint32_t i = 0; i < r.depth; i++) free(r.stack[i].vals);
  free(r.stack);
  free(r.glob);
  return ok;
}
