#include "lang/c/c_proc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

void c_proc_build(const c_program *p, cfa_prog *out, c_proc_map *m) {
  const cfa *c = &p->cfa;
  cfa_prog_init(out);
  for (uint32_t i = 0; i < c->vars.size; i++)
    if (p->var_owner[i] == C_GLOBAL) term_vec_push(&out->globals, c->vars.data[i]);
  uint32_t *lmap = xcalloc(c->nlocs + 1, sizeof *lmap), *err = xcalloc(p->nfuncs + 1, sizeof *err);
  m->nprocs = p->nfuncs;
  m->edge = xcalloc(p->nfuncs + 1, sizeof *m->edge);
  for (uint32_t f = 0; f < p->nfuncs; f++) {
    const c_func *fn = &p->funcs[f];
    uint32_t k = cfa_prog_add_proc(out, fn->name);
    cfa_proc *pr = &out->procs[k];
    for (uint32_t i = 0; i < fn->nparams; i++) cfa_add_var(&pr->body, fn->params[i]);
    pr->nparams = fn->nparams;
    for (uint32_t i = 0; i < c->vars.size; i++) {
      bool param = false;
      for (uint32_t j = 0; j < fn->nparams; j++) param |= fn->params[j] == c->vars.data[i];
      if (p->var_owner[i] == f && !param) cfa_add_var(&pr->body, c->vars.data[i]);
    }
    pr->ret = fn->ret;
    for (uint32_t l = 0; l < c->nlocs; l++) {
      if (p->loc_owner[l] != f) continue;
      lmap[l] = cfa_add_loc(&pr->body, c->locs[l].name);
      cfa_loc *nl = &pr->body.locs[lmap[l]];
      nl->is_init = f == 0 ? c->locs[l].is_init : l == fn->entry;
      nl->is_final = l == fn->exit;
    }
    err[f] = cfa_add_loc(&pr->body, "ERR");
    pr->body.locs[err[f]].is_error = true;
    m->edge[f] = xcalloc(c->nedges + 1, sizeof **m->edge);
  }
  out->main = 0;
  uint32_t *call_of = xmalloc((c->nedges + 1) * sizeof *call_of);
  for (uint32_t e = 0; e < c->nedges; e++) call_of[e] = CFA_NONE;
  for (uint32_t i = 0; i < p->ncalls; i++) call_of[p->calls[i].edge] = i;
  for (uint32_t e = 0; e < c->nedges; e++) {
    const cfa_edge *ed = &c->edges[e];
    uint32_t f = p->loc_owner[ed->src];
    if (f == C_GLOBAL) continue;   /* out of ERR: none */
    uint32_t src = lmap[ed->src], dst = ed->dst == c->error ? err[f] : lmap[ed->dst];
    uint32_t k;
    if (call_of[e] != CFA_NONE) {
      const c_callsite *cs = &p->calls[call_of[e]];
      k = cfa_prog_add_call(out, f, src, dst, cs->callee, cs->args, cs->nargs, cs->result);
    } else {
      k = cfa_add_edge(&out->procs[f].body, src, dst, ed->stmts, ed->nstmts);
    }
    m->edge[f][k] = e;
  }
  for (uint32_t f = 0; f < out->nprocs; f++) cfa_index(&out->procs[f].body);
  free(lmap), free(err), free(call_of);
}

void c_proc_map_free(c_proc_map *m) {
  for (uint32_t f = 0; f < m->nprocs; f++) free(m->edge[f]);
  free(m->edge);
  memset(m, 0, sizeof *m);
}

void c_proc_trace(const c_program *p, const cfa_prog *prog, const c_proc_map *m, const cfa_trace *t,
                  c_replay_result *out) {
  memset(out, 0, sizeof *out);
  out->edges = xmalloc((t->n + 1) * sizeof *out->edges);
  out->vals = xmalloc((t->n + 1) * sizeof *out->vals);
  const c_edge_info *last = NULL;
  for (uint32_t k = 1; k < t->n; k++) {
    const cfa_trace_step *s = &t->steps[k];
    if (s->kind != TRACE_EDGE) continue;
    uint32_t e = m->edge[s->proc][s->edge];
    out->edges[out->nedges++] = e;
    last = &p->einfo[e];
    if (last->kind != C_EDGE_NONDET) continue;
    /* the site variable's value after the havoc: globals, then the frame */
    const cfa *body = &prog->procs[s->proc].body;
    uint32_t vi = cfa_var_index(body, p->sites[last->site].var);
    if (vi == CFA_NONE) {
      snprintf(out->why, sizeof out->why, "internal: nondet variable outside its function");
      return;
    }
    out->vals[out->nvals++] = (c_nondet_value){last->site, s->vals[prog->globals.size + vi]};
  }
  if (last && last->kind == C_EDGE_REACH) out->reached = true;
  else if (last && last->kind == C_EDGE_UB) out->ub = last;
  else snprintf(out->why, sizeof out->why, "internal: the trace does not end at an error call");
}

/* ---- the deterministic run ---- */

/* A frame: vals are the globals and the frame's variables; a variable
 * without a value yet (main's start, a callee's locals) holds itself, so
 * that evaluating anything that reads it gives no value. */
typedef struct { uint32_t proc, loc, call; term_t *vals; } run_frame;

c_run_end c_proc_run(const cfa_prog *p, uint32_t max_steps, const zeta_limits *lim, cfa_trace *t) {
  memset(t, 0, sizeof *t);
  uint32_t ng = p->globals.size;
  term_t **vars = xcalloc(p->nprocs + 1, sizeof *vars);   /* per procedure: globals, then its vars */
  for (uint32_t f = 0; f < p->nprocs; f++) {
    const cfa *c = &p->procs[f].body;
    vars[f] = xmalloc((ng + c->vars.size + 1) * sizeof **vars);
    for (uint32_t i = 0; i < ng; i++) vars[f][i] = p->globals.data[i];
    for (uint32_t i = 0; i < c->vars.size; i++) vars[f][ng + i] = c->vars.data[i];
  }
  run_frame *st = NULL;
  size_t cap = 0;
  uint32_t depth = 0;
  c_run_end end = C_RUN_GAVE_UP;
  const cfa *mc = &p->procs[p->main].body;
  XGROW(st, cap, 1);
  st[0] = (run_frame){p->main, mc->init, CFA_NONE, xmalloc((ng + mc->vars.size + 1) * sizeof(term_t))};
  memcpy(st[0].vals, vars[p->main], (ng + mc->vars.size) * sizeof(term_t));
  cfa_trace_push(t, p, TRACE_INIT, p->main, mc->init, CFA_NONE, 0, st[0].vals);
  term_t *next = NULL, *tmp = NULL;
  uint32_t cap_next = 0;
  for (uint32_t steps = 0; steps < max_steps; steps++) {
    if ((steps & 4095) == 0 && limits_expired(lim)) break;
    run_frame *fr = &st[depth];
    const cfa *c = &p->procs[fr->proc].body;
    uint32_t n = ng + c->vars.size;
    if (fr->loc == c->error) {
      end = C_RUN_ERROR;
      break;
    }
    if (fr->loc == c->final) {
      if (depth == 0) {
        end = C_RUN_END;   /* main ended: the only run has no error */
        break;
      }
      run_frame *caller = &st[depth - 1];
      const cfa *cc = &p->procs[caller->proc].body;
      const cfa_edge *ce = &cc->edges[fr->call];
      for (uint32_t i = 0; i < ng; i++) caller->vals[i] = fr->vals[i];
      term_t res = ce->call->result;
      if (res != NULL_TERM) {
        term_t r = p->procs[fr->proc].ret == NULL_TERM ? NULL_TERM : term_eval(p->procs[fr->proc].ret, n, vars[fr->proc], fr->vals);
        if (r == NULL_TERM) r = res;   /* no value returned: undefined */
        uint32_t vi = cfa_var_index(cc, res);
        if (vi != CFA_NONE) caller->vals[ng + vi] = r;
        for (uint32_t i = 0; i < ng && vi == CFA_NONE; i++)
          if (p->globals.data[i] == res) caller->vals[i] = r;
      }
      caller->loc = ce->dst;
      uint32_t call = fr->call;
      free(fr->vals);
      depth--;
      cfa_trace_push(t, p, TRACE_RETURN, caller->proc, caller->loc, call, depth, caller->vals);
      continue;
    }
    /* the one enabled edge; a havoc, a choice or a read of a variable
     * without value: not deterministic */
    if (cap_next < n + 1) {
      cap_next = 2 * n + 2;
      next = xrealloc(next, cap_next * sizeof *next), tmp = xrealloc(tmp, cap_next * sizeof *tmp);
    }
    uint32_t taken = CFA_NONE, nen = 0;
    bool det = true;
    for (uint32_t j = 0; j < c->locs[fr->loc].nout && det; j++) {
      uint32_t e = c->locs[fr->loc].out[j];
      const cfa_edge *ed = &c->edges[e];
      bool en = true;
      if (ed->call) {
        for (uint32_t i = 0; i < ed->call->nargs && det; i++)
          det = term_eval(ed->call->args[i], n, vars[fr->proc], fr->vals) != NULL_TERM;
      } else {
        memcpy(tmp, fr->vals, n * sizeof *tmp);
        for (uint32_t k = 0; k < ed->nstmts && en && det; k++) {
          const cfa_stmt *sm = &ed->stmts[k];
          term_t v = sm->kind == CFA_HAVOC ? NULL_TERM : term_eval(sm->expr, n, vars[fr->proc], tmp);
          if (v == NULL_TERM) det = false;
          else if (sm->kind == CFA_ASSUME) en = term_is_true(v);
          else if (sm->kind == CFA_ASSIGN)
            for (uint32_t i = 0; i < n; i++) {
              if (vars[fr->proc][i] == sm->var) tmp[i] = v;
            }
          else det = false;
        }
        if (en && det && taken == CFA_NONE) memcpy(next, tmp, n * sizeof *tmp);
      }
      if (en && det) {
        if (taken == CFA_NONE) taken = e;
        nen++;
      }
    }
    if (!det || nen != 1) break;
    const cfa_edge *ed = &c->edges[taken];
    if (!ed->call) {
      memcpy(fr->vals, next, n * sizeof *next);
      fr->loc = ed->dst;
      cfa_trace_push(t, p, TRACE_EDGE, fr->proc, fr->loc, taken, depth, fr->vals);
      continue;
    }
    /* a call: a new frame, the parameters = the arguments */
    uint32_t g = ed->call->callee;
    const cfa *gc = &p->procs[g].body;
    term_t *nv = xmalloc((ng + gc->vars.size + 1) * sizeof *nv);
    memcpy(nv, vars[g], (ng + gc->vars.size) * sizeof *nv);
    for (uint32_t i = 0; i < ng; i++) nv[i] = fr->vals[i];
    for (uint32_t i = 0; i < ed->call->nargs && i < p->procs[g].nparams; i++)
      nv[ng + i] = term_eval(ed->call->args[i], n, vars[fr->proc], fr->vals);
    XGROW(st, cap, depth + 2);
    depth++;
    st[depth] = (run_frame){g, gc->init, taken, nv};
    cfa_trace_push(t, p, TRACE_CALL, g, gc->init, taken, depth, nv);
  }
  for (uint32_t i = 0; i <= depth; i++) free(st[i].vals);
  for (uint32_t f = 0; f < p->nprocs; f++) free(vars[f]);
  free(vars), free(st), free(next), free(tmp);
  if (end == C_RUN_GAVE_UP) cfa_trace_free(t);
  return end;
}

void c_proc_run_concretize(const cfa_prog *p, cfa_trace *t) {
  for (uint32_t k = 0; k < t->n; k++) {
    cfa_trace_step *s = &t->steps[k];
    uint32_t n = p->globals.size + p->procs[s->proc].body.vars.size;
    for (uint32_t i = 0; i < n; i++)
      if (!term_is_value(s->vals[i])) s->vals[i] = term_zero(term_type(s->vals[i]));
  }
}

/* ---- the run's states as a Horn model ---- */

/* Distinct tuples per predicate (open addressing over a pool of terms). */
typedef struct {
  uint32_t *pred, *off;   /* per slot; pred UINT32_MAX: empty */
  uint32_t nslots, nused;
  term_t *pool;
  size_t npool, cap_pool;
  const chc_system *s;
} tuple_set;

static uint64_t tuple_hash(uint32_t q, const term_t *v, uint32_t n) {
  uint64_t h = 1469598103934665603ull ^ q;
  for (uint32_t i = 0; i < n; i++) h = (h ^ (uint64_t)v[i]) * 1099511628211ull;
  return h;
}

static void tuple_add(tuple_set *ts, uint32_t q, const term_t *v) {
  uint32_t n = ts->s->preds[q].arity;
  if (2 * (ts->nused + 1) > ts->nslots) {
    uint32_t old = ts->nslots, *op = ts->pred, *oo = ts->off;
    ts->nslots = old ? 2 * old : 1024;
    ts->pred = xmalloc(ts->nslots * sizeof *ts->pred), ts->off = xmalloc(ts->nslots * sizeof *ts->off);
    for (uint32_t i = 0; i < ts->nslots; i++) ts->pred[i] = UINT32_MAX;
    for (uint32_t i = 0; i < old; i++) {
      if (op[i] == UINT32_MAX) continue;
      uint32_t k = (uint32_t)(tuple_hash(op[i], ts->pool + oo[i], ts->s->preds[op[i]].arity) % ts->nslots);
      while (ts->pred[k] != UINT32_MAX) k = (k + 1) % ts->nslots;
      ts->pred[k] = op[i], ts->off[k] = oo[i];
    }
    free(op), free(oo);
  }
  uint32_t k = (uint32_t)(tuple_hash(q, v, n) % ts->nslots);
  for (; ts->pred[k] != UINT32_MAX; k = (k + 1) % ts->nslots)
    if (ts->pred[k] == q && (n == 0 || memcmp(ts->pool + ts->off[k], v, n * sizeof *v) == 0)) return;
  XGROW(ts->pool, ts->cap_pool, ts->npool + n + 1);
  if (n) memcpy(ts->pool + ts->npool, v, n * sizeof *v);
  ts->pred[k] = q, ts->off[k] = (uint32_t)ts->npool;
  ts->npool += n;
  ts->nused++;
}

typedef struct { const cfa_prog *p; const cfa_trace *t; } model_ctx;

static bool build_model(const chc_system *s, const cfa_proc_chc_map *m, term_t *interp, void *ctx) {
  const model_ctx *x = ctx;
  const cfa_prog *p = x->p;
  const cfa_trace *t = x->t;
  uint32_t ng = p->globals.size;
  tuple_set ts = {0};
  ts.s = s;
  /* the entry copies of the frames on the stack */
  term_t **es = xcalloc(t->n + 2, sizeof *es);
  uint32_t *ne = xcalloc(t->n + 2, sizeof *ne), depth = 0;
  term_t *buf = NULL;
  size_t cap_buf = 0;
  for (uint32_t k = 0; k < t->n; k++) {
    const cfa_trace_step *st = &t->steps[k];
    uint32_t f = st->proc, nx = ng + p->procs[f].body.vars.size;
    if (st->kind == TRACE_INIT) {
      es[0] = st->vals, ne[0] = nx, depth = 0;
    } else if (st->kind == TRACE_CALL) {
      es[++depth] = st->vals, ne[depth] = ng + p->procs[f].nparams;
      tuple_add(&ts, m->entry[f], st->vals);
    } else if (st->kind == TRACE_RETURN) {
      const cfa_trace_step *fin = &t->steps[k - 1];   /* the callee at its final location */
      uint32_t g = fin->proc;
      XGROW(buf, cap_buf, ne[depth] + ng + 2);
      memcpy(buf, es[depth], ne[depth] * sizeof *buf);
      memcpy(buf + ne[depth], fin->vals, ng * sizeof *buf);
      uint32_t n = ne[depth] + ng;
      if (p->procs[g].ret != NULL_TERM) buf[n++] = fin->vals[ng + cfa_var_index(&p->procs[g].body, p->procs[g].ret)];
      tuple_add(&ts, m->sum[g], buf);
      depth--;
    }
    XGROW(buf, cap_buf, ne[depth] + nx + 1);
    memcpy(buf, es[depth], ne[depth] * sizeof *buf);
    memcpy(buf + ne[depth], st->vals, nx * sizeof *buf);
    tuple_add(&ts, m->loc_pred[f][st->loc], buf);
  }
  /* each predicate: the disjunction of its tuples, components without a
   * value left free */
  term_vec *dis = xcalloc(s->npreds + 1, sizeof *dis);
  term_t *eqs = xmalloc((ts.npool + 1) * sizeof *eqs);
  for (uint32_t i = 0; i < ts.nslots; i++) {
    uint32_t q = ts.pred[i];
    if (q == UINT32_MAX) continue;
    uint32_t n = 0;
    for (uint32_t a = 0; a < s->preds[q].arity; a++) {
      term_t v = ts.pool[ts.off[i] + a];
      if (term_is_value(v)) eqs[n++] = term_eq(s->preds[q].params[a], v);
    }
    term_vec_push(&dis[q], term_and(n, eqs));
  }
  for (uint32_t q = 0; q < s->npreds; q++) {
    interp[q] = dis[q].size ? term_or(dis[q].size, dis[q].data) : term_false();
    term_vec_free(&dis[q]);
  }
  free(dis), free(eqs), free(es), free(ne), free(buf);
  free(ts.pred), free(ts.off), free(ts.pool);
  return true;
}

int c_proc_safe_by_run(cfa_prog *p, const cfa_trace *t, const zeta_options *o, const proc_run_hooks *h, report *r) {
  model_ctx x = {p, t};
  return proc_run_check_interp(p, o, h, r, build_model, &x, "the states of the only run");
}
