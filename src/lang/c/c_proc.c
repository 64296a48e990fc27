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
