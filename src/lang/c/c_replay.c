#include "lang/c/c_replay.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

#define MAX_STEPS 2000000u

void c_replay(const c_program *p, const cfa *c, const cfa_answer *a, c_replay_result *out) {
  memset(out, 0, sizeof *out);
  const cfa *o = &p->cfa;
  uint32_t nv = o->vars.size;
  term_t *cur = xcalloc(nv + 1, sizeof *cur), *next = xcalloc(nv + 1, sizeof *next);
  uint32_t *cexi = xcalloc(nv + 1, sizeof *cexi);   /* the variable's column in the answer */
  for (uint32_t i = 0; i < nv; i++) {
    cur[i] = term_zero(term_type(o->vars.data[i]));
    cexi[i] = cfa_var_index(c, o->vars.data[i]);
  }
  uint32_t cap_vals = 0, cap_edges = 0, k = 0, loc = o->init;
  for (uint32_t steps = 0; loc != o->error; steps++) {
    if (steps >= MAX_STEPS) {
      snprintf(out->why, sizeof out->why, "counterexample replay exceeded %u steps", MAX_STEPS);
      break;
    }
    uint32_t taken = CFA_NONE;
    for (uint32_t j = 0; j < o->locs[loc].nout && taken == CFA_NONE; j++) {
      uint32_t e = o->locs[loc].out[j];
      const cfa_edge *ed = &o->edges[e];
      memcpy(next, cur, nv * sizeof *cur);
      bool ok = true;
      for (uint32_t s = 0; s < ed->nstmts && ok; s++) {
        const cfa_stmt *st = &ed->stmts[s];
        uint32_t vi = st->kind == CFA_ASSUME ? 0 : cfa_var_index(o, st->var);
        if (st->kind == CFA_ASSUME) {
          term_t v = term_eval(st->expr, nv, o->vars.data, next);
          ok = v != NULL_TERM && term_is_true(v);
        } else if (st->kind == CFA_ASSIGN) {
          term_t v = term_eval(st->expr, nv, o->vars.data, next);
          if (v == NULL_TERM) ok = false;
          else next[vi] = v;
        } else if (st->kind == CFA_HAVOC) {
          /* the value the counterexample's next state has, where it has one */
          term_t v = NULL_TERM;
          if (a->vals && k < a->len && cexi[vi] != CFA_NONE) v = a->vals[(size_t)(k + 1) * c->vars.size + cexi[vi]];
          next[vi] = v != NULL_TERM && term_is_value(v) ? v : term_zero(term_type(st->var));
        } else {
          ok = false;
        }
      }
      if (ok) taken = e;
    }
    if (taken == CFA_NONE) {
      snprintf(out->why, sizeof out->why, "counterexample not confirmed: the replay stops at %s", o->locs[loc].name);
      break;
    }
    memcpy(cur, next, nv * sizeof *cur);
    if (out->nedges == cap_edges) out->edges = xrealloc(out->edges, (cap_edges = cap_edges ? 2 * cap_edges : 64) * sizeof *out->edges);
    out->edges[out->nedges++] = taken;
    const c_edge_info *info = &p->einfo[taken];
    if (info->kind == C_EDGE_NONDET) {
      if (out->nvals == cap_vals) out->vals = xrealloc(out->vals, (cap_vals = cap_vals ? 2 * cap_vals : 16) * sizeof *out->vals);
      uint32_t vi = cfa_var_index(o, p->sites[info->site].var);
      out->vals[out->nvals++] = (c_nondet_value){info->site, cur[vi]};
    }
    loc = o->edges[taken].dst;
    if (loc == o->error) {
      if (info->kind == C_EDGE_REACH) out->reached = true;
      else if (info->kind == C_EDGE_UB) out->ub = info;
      else if (info->kind == C_EDGE_CUT) snprintf(out->why, sizeof out->why, "a call deeper than the recursion bound at line %u", info->line);
      else snprintf(out->why, sizeof out->why, "internal: error location by an unmarked edge");
      break;
    }
    if (k < a->len && a->locs && strcmp(o->locs[loc].name, c->locs[a->locs[k + 1]].name) == 0) k++;
  }
  free(cur), free(next), free(cexi);
}

void c_replay_free(c_replay_result *r) {
  free(r->vals), free(r->edges);
  memset(r, 0, sizeof *r);
}
