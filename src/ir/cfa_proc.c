/* Programs with procedures (cfa_proc.h): construction, the call graph,
 * flattening and inlining into one cfa. */
#include "ir/cfa_proc.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

void cfa_prog_init(cfa_prog *p) {
  memset(p, 0, sizeof *p);
  p->main = CFA_NONE;
}

void cfa_prog_free(cfa_prog *p) {
  for (uint32_t i = 0; i < p->nprocs; i++) cfa_free(&p->procs[i].body);
  free(p->procs);
  term_vec_free(&p->globals);
  cfa_prog_init(p);
}

uint32_t cfa_prog_add_proc(cfa_prog *p, const char *name) {
  size_t cap = p->cap_procs;
  XGROW(p->procs, cap, p->nprocs + 1);
  p->cap_procs = (uint32_t)cap;
  cfa_proc *f = &p->procs[p->nprocs];
  memset(f, 0, sizeof *f);
  cfa_init(&f->body, name);
  f->ret = NULL_TERM;
  return p->nprocs++;
}

uint32_t cfa_prog_find_proc(const cfa_prog *p, const char *name) {
  for (uint32_t i = 0; i < p->nprocs; i++)
    if (strcmp(p->procs[i].body.name, name) == 0) return i;
  return CFA_NONE;
}

uint32_t cfa_prog_add_call(cfa_prog *p, uint32_t in, uint32_t src, uint32_t dst, uint32_t callee,
                           const term_t *args, uint32_t nargs, term_t result) {
  cfa *c = &p->procs[in].body;
  uint32_t e = cfa_add_edge(c, src, dst, NULL, 0);
  cfa_call *k = xcalloc(1, sizeof *k);
  k->callee = callee;
  k->nargs = nargs;
  k->args = xmalloc((nargs + 1) * sizeof *k->args);
  if (nargs) memcpy(k->args, args, nargs * sizeof *args);
  k->result = result;
  c->edges[e].call = k;
  return e;
}

const char *cfa_proc_local_name(term_t v) {
  const char *n = term_var_name(v);
  const char *s = strstr(n, "::");
  return s ? s + 2 : n;
}

uint32_t cfa_prog_ncalls(const cfa_prog *p) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < p->nprocs; i++)
    for (uint32_t e = 0; e < p->procs[i].body.nedges; e++) n += p->procs[i].body.edges[e].call != NULL;
  return n;
}

/* Depth-first search of the call graph: 0 unseen, 1 on the stack, 2 done. */
static bool cycle_from(const cfa_prog *p, uint32_t f, uint8_t *mark) {
  if (mark[f] == 1) return true;
  if (mark[f] == 2) return false;
  mark[f] = 1;
  const cfa *c = &p->procs[f].body;
  for (uint32_t e = 0; e < c->nedges; e++)
    if (c->edges[e].call && cycle_from(p, c->edges[e].call->callee, mark)) return true;
  mark[f] = 2;
  return false;
}

bool cfa_prog_recursive(const cfa_prog *p) {
  if (p->main == CFA_NONE) return false;
  uint8_t *mark = xcalloc(p->nprocs + 1, 1);
  bool r = cycle_from(p, p->main, mark);
  free(mark);
  return r;
}

static void copy_flags(cfa_loc *to, const cfa_loc *from) {
  to->is_init = from->is_init;
  to->is_final = from->is_final;
  to->is_error = from->is_error;
}

void cfa_proc_view(const cfa_prog *p, uint32_t f, cfa *out) {
  const cfa *m = &p->procs[f].body;
  cfa_init(out, m->name);
  for (uint32_t i = 0; i < p->globals.size; i++) cfa_add_var(out, p->globals.data[i]);
  for (uint32_t i = 0; i < m->vars.size; i++) cfa_add_var(out, m->vars.data[i]);
  for (uint32_t l = 0; l < m->nlocs; l++) {
    uint32_t k = cfa_add_loc(out, m->locs[l].name);
    copy_flags(&out->locs[k], &m->locs[l]);
  }
  for (uint32_t e = 0; e < m->nedges; e++) cfa_add_edge(out, m->edges[e].src, m->edges[e].dst, m->edges[e].stmts, m->edges[e].nstmts);
  cfa_index(out);
}

void cfa_prog_flatten(const cfa_prog *p, cfa *out) { cfa_proc_view(p, p->main, out); }

/* ---- inlining ---- */
typedef struct {
  const cfa_prog *p;
  cfa *out;
  uint32_t error;     /* the one error location of out */
  uint32_t ncopies;   /* copies made so far (names "f#k") */
  uint32_t max_locs;
  uint32_t bound;     /* calls nested deeper are left out (0: no bound, no recursion) */
  bool overflow;
} inliner;

static cfa_stmt *stmts_subst(const cfa_stmt *s, uint32_t n, uint32_t nv, const term_t *from, const term_t *to) {
  cfa_stmt *r = xmalloc((n + 1) * sizeof *r);
  for (uint32_t i = 0; i < n; i++) {
    r[i] = s[i];
    if (s[i].var != NULL_TERM) r[i].var = term_subst(s[i].var, nv, from, to);
    if (s[i].expr != NULL_TERM) r[i].expr = term_subst(s[i].expr, nv, from, to);
    if (s[i].kind == CFA_CHOICE) {
      r[i].alts = xmalloc((s[i].nalts + 1) * sizeof *r[i].alts);
      for (uint32_t j = 0; j < s[i].nalts; j++)
        r[i].alts[j] = (cfa_block){stmts_subst(s[i].alts[j].stmts, s[i].alts[j].n, nv, from, to), s[i].alts[j].n};
    }
  }
  return r;
}

/* Copies procedure f into out with its variables renamed to[] (from =
 * f's variables); lmap[l] receives the location of f's l. Calls inside
 * are inlined recursively (depth: the calls around this copy), up to
 * in->bound nested calls when it is set. */
static void inline_body(inliner *in, uint32_t f, const term_t *to, const char *prefix, uint32_t *lmap, uint32_t depth) {
  const cfa *c = &in->p->procs[f].body;
  const term_t *from = c->vars.data;
  uint32_t nv = c->vars.size;
  for (uint32_t l = 0; l < c->nlocs; l++) {
    if (c->locs[l].is_error) { lmap[l] = in->error; continue; }
    char name[512];
    snprintf(name, sizeof name, "%s%s", prefix, c->locs[l].name);
    lmap[l] = cfa_add_loc(in->out, name);
    if (!*prefix) copy_flags(&in->out->locs[lmap[l]], &c->locs[l]);
  }
  if (in->out->nlocs > in->max_locs) { in->overflow = true; return; }
  for (uint32_t e = 0; e < c->nedges && !in->overflow; e++) {
    const cfa_edge *ed = &c->edges[e];
    if (!ed->call) {
      cfa_stmt *s = stmts_subst(ed->stmts, ed->nstmts, nv, from, to);
      cfa_add_edge(in->out, lmap[ed->src], lmap[ed->dst], s, ed->nstmts);
      cfa_stmts_free(s, ed->nstmts);
      continue;
    }
    if (in->bound && depth >= in->bound) continue;   /* executions through this call are left out */
    const cfa_call *k = ed->call;
    const cfa_proc *g = &in->p->procs[k->callee];
    uint32_t gv = g->body.vars.size;
    char gp[512];
    snprintf(gp, sizeof gp, "%s#%u.", g->body.name, ++in->ncopies);
    term_t *gto = xmalloc((gv + 1) * sizeof *gto);
    for (uint32_t i = 0; i < gv; i++) {
      char vn[512];
      snprintf(vn, sizeof vn, "%s#%u::%s", g->body.name, in->ncopies, cfa_proc_local_name(g->body.vars.data[i]));
      gto[i] = term_var(vn, term_type(g->body.vars.data[i]));
      cfa_add_var(in->out, gto[i]);
    }
    uint32_t *gmap = xmalloc((g->body.nlocs + 1) * sizeof *gmap);
    inline_body(in, k->callee, gto, gp, gmap, depth + 1);
    if (!in->overflow) {
      /* entry: parameters := arguments, other locals arbitrary */
      cfa_stmt *s = xcalloc(gv + 1, sizeof *s);
      for (uint32_t i = 0; i < gv; i++) {
        if (i < g->nparams) s[i] = (cfa_stmt){CFA_ASSIGN, gto[i], term_subst(k->args[i], nv, from, to), NULL, 0};
        else s[i] = (cfa_stmt){CFA_HAVOC, gto[i], NULL_TERM, NULL, 0};
      }
      cfa_add_edge(in->out, lmap[ed->src], gmap[g->body.init], s, gv);
      free(s);
      if (g->body.final != CFA_NONE) {
        uint32_t n = 0;
        cfa_stmt r;
        if (k->result != NULL_TERM && g->ret != NULL_TERM) {
          term_t rv = term_subst(g->ret, gv, g->body.vars.data, gto);
          r = (cfa_stmt){CFA_ASSIGN, term_subst(k->result, nv, from, to), rv, NULL, 0};
          n = 1;
        }
        cfa_add_edge(in->out, gmap[g->body.final], lmap[ed->dst], &r, n);
      }
    }
    free(gmap);
    free(gto);
  }
}

static bool inline_prog(const cfa_prog *p, uint32_t bound, uint32_t max_locs, cfa *out) {
  const cfa *m = &p->procs[p->main].body;
  cfa tmp;
  cfa_init(&tmp, m->name);
  for (uint32_t i = 0; i < p->globals.size; i++) cfa_add_var(&tmp, p->globals.data[i]);
  for (uint32_t i = 0; i < m->vars.size; i++) cfa_add_var(&tmp, m->vars.data[i]);
  inliner in = {p, &tmp, CFA_NONE, 0, max_locs, bound, false};
  in.error = cfa_add_loc(&tmp, m->error != CFA_NONE ? m->locs[m->error].name : "error");
  tmp.locs[in.error].is_error = true;
  uint32_t *lmap = xmalloc((m->nlocs + 1) * sizeof *lmap);
  inline_body(&in, p->main, m->vars.data, "", lmap, 0);
  free(lmap);
  if (in.overflow) {
    cfa_free(&tmp);
    return false;
  }
  cfa_index(&tmp);
  *out = tmp;
  return true;
}

bool cfa_prog_inline(const cfa_prog *p, uint32_t max_locs, cfa *out) {
  return !cfa_prog_recursive(p) && inline_prog(p, 0, max_locs, out);
}

bool cfa_prog_inline_bounded(const cfa_prog *p, uint32_t bound, uint32_t max_locs, cfa *out) {
  return bound > 0 && inline_prog(p, bound, max_locs, out);
}
