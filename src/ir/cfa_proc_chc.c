/* Programs with procedures as Horn clauses (cfa_proc_chc.h). */
#include "ir/cfa_proc_chc.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "ir/cfa_path.h"

#define ENTRY_INDEX 7   /* entry copies of the globals and parameters: x@7 */

/* The variables of procedure f as one vector: globals, then f's own. */
static uint32_t frame_vars(const cfa_prog *p, uint32_t f, term_t **out) {
  const cfa *c = &p->procs[f].body;
  uint32_t n = p->globals.size + c->vars.size;
  term_t *v = xmalloc((n + 1) * sizeof *v);
  if ((p->globals.size * sizeof *v) != 0) memcpy(v, p->globals.data, p->globals.size * sizeof *v);
  if ((c->vars.size * sizeof *v) != 0) memcpy(v + p->globals.size, c->vars.data, c->vars.size * sizeof *v);
  *out = v;
  return n;
}

static uint32_t add_pred(chc_system *s, const char *name, uint32_t n, const term_t *like) {
  type_t *ty = xmalloc((n + 1) * sizeof *ty);
  for (uint32_t i = 0; i < n; i++) ty[i] = term_type(like[i]);
  term_t sym = n ? term_var(name, type_fun(n, ty, type_bool())) : term_var(name, type_bool());
  uint32_t r = chc_add_pred(s, name, sym, n, ty);
  free(ty);
  return r;
}

static void origin(cfa_proc_chc_map *m, const chc_system *s, pchc_kind k, uint32_t f, uint32_t e) {
  m->origin = xrealloc(m->origin, (s->nclauses + 1) * sizeof *m->origin);
  m->origin[s->nclauses - 1] = (pchc_origin){k, f, e};
  m->norigin = s->nclauses;
}

/* Per procedure: the entry copies E (globals, parameters) and frame X. */
typedef struct {
  term_t *x, *e;
  uint32_t nx, ne;
} frame;

static void frame_make(const cfa_prog *p, uint32_t f, frame *fr) {
  fr->nx = frame_vars(p, f, &fr->x);
  /* main: every variable's start value (a fact over shared arguments,
   * which Z3's preprocessing leaves alone, keeps Spacer's proofs in terms
   * of these clauses) */
  fr->ne = f == p->main ? fr->nx : p->globals.size + p->procs[f].nparams;
  fr->e = xmalloc((fr->ne + 1) * sizeof *fr->e);
  for (uint32_t i = 0; i < fr->ne; i++) fr->e[i] = term_var_at(fr->x[i], ENTRY_INDEX);
}

/* Arguments of f@L: E then the given frame values (main: frame only). */
static term_t *loc_args(const frame *fr, const term_t *xs, uint32_t *n) {
  *n = fr->ne + fr->nx;
  term_t *a = xmalloc((*n + 1) * sizeof *a);
  if ((fr->ne * sizeof *a) != 0) memcpy(a, fr->e, fr->ne * sizeof *a);
  if ((fr->nx * sizeof *a) != 0) memcpy(a + fr->ne, xs, fr->nx * sizeof *a);
  return a;
}

void cfa_proc_to_chc(const cfa_prog *p, chc_system *s, cfa_proc_chc_map *m) {
  chc_init(s);
  memset(m, 0, sizeof *m);
  uint32_t np = p->nprocs, ng = p->globals.size;
  m->nprocs = np;
  m->loc_pred = xcalloc(np + 1, sizeof *m->loc_pred);
  m->entry = xmalloc((np + 1) * sizeof *m->entry);
  m->sum = xmalloc((np + 1) * sizeof *m->sum);
  frame *fr = xcalloc(np + 1, sizeof *fr);
  for (uint32_t f = 0; f < np; f++) frame_make(p, f, &fr[f]);
  /* predicates */
  for (uint32_t f = 0; f < np; f++) {
    const cfa_proc *pr = &p->procs[f];
    const cfa *c = &pr->body;
    char name[600];
    m->loc_pred[f] = xmalloc((c->nlocs + 1) * sizeof(uint32_t));
    for (uint32_t l = 0; l < c->nlocs; l++) {
      snprintf(name, sizeof name, "%s@%s", c->name, c->locs[l].name);
      uint32_t n;
      term_t *a = loc_args(&fr[f], fr[f].x, &n);
      m->loc_pred[f][l] = add_pred(s, name, n, a);
      free(a);
    }
    m->entry[f] = m->sum[f] = CHC_FALSE;
    if (f == p->main) continue;
    snprintf(name, sizeof name, "%s#entry", c->name);
    m->entry[f] = add_pred(s, name, fr[f].ne, fr[f].e);
    term_t *sa = xmalloc((fr[f].ne + ng + 2) * sizeof *sa);
    if ((fr[f].ne * sizeof *sa) != 0) memcpy(sa, fr[f].e, fr[f].ne * sizeof *sa);
    if ((ng * sizeof *sa) != 0) memcpy(sa + fr[f].ne, p->globals.data, ng * sizeof *sa);
    uint32_t ns = fr[f].ne + ng;
    if (pr->ret != NULL_TERM) sa[ns++] = pr->ret;
    snprintf(name, sizeof name, "%s#sum", c->name);
    m->sum[f] = add_pred(s, name, ns, sa);
    free(sa);
  }
  /* clauses */
  for (uint32_t f = 0; f < np; f++) {
    const cfa_proc *pr = &p->procs[f];
    const cfa *c = &pr->body;
    const frame *F = &fr[f];
    cfa v;   /* f over its frame, for cfa_edge_formula */
    cfa_proc_view(p, f, &v);
    uint32_t na;
    term_t *x1 = xmalloc((F->nx + 1) * sizeof *x1);
    for (uint32_t i = 0; i < F->nx; i++) x1[i] = term_shift(F->x[i], 1);
    if (c->init != CFA_NONE) {
      if (f == p->main) {
        term_t *a = loc_args(F, F->e, &na);
        chc_add_clause(s, 0, NULL, term_true(), m->loc_pred[f][c->init], a, 0);
        free(a);
        origin(m, s, PCHC_INIT, f, CFA_NONE);
      } else {
        /* f#entry(E) => f@init(E, X) with X's globals and parameters = E */
        term_t *xs = xmalloc((F->nx + 1) * sizeof *xs);
        if ((F->nx * sizeof *xs) != 0) memcpy(xs, F->x, F->nx * sizeof *xs);
        if ((F->ne * sizeof *xs) != 0) memcpy(xs, F->e, F->ne * sizeof *xs);
        term_t *a = loc_args(F, xs, &na);
        chc_app b = {m->entry[f], F->e};
        chc_add_clause(s, 1, &b, term_true(), m->loc_pred[f][c->init], a, 0);
        origin(m, s, PCHC_ENTRY_INIT, f, CFA_NONE);
        free(a);
        free(xs);
      }
    }
    for (uint32_t e = 0; e < c->nedges; e++) {
      const cfa_edge *ed = &c->edges[e];
      term_t *src = loc_args(F, F->x, &na);
      chc_app b = {m->loc_pred[f][ed->src], src};
      if (!ed->call) {
        term_t *dst = loc_args(F, x1, &na);
        chc_add_clause(s, 1, &b, cfa_edge_formula(&v, e), m->loc_pred[f][ed->dst], dst, 0);
        origin(m, s, PCHC_EDGE, f, e);
        free(dst);
        free(src);
        continue;
      }
      const cfa_call *k = ed->call;
      const cfa_proc *g = &p->procs[k->callee];
      /* the callee's entry: globals now, the arguments */
      term_t *ea = xmalloc((ng + k->nargs + 1) * sizeof *ea);
      if ((ng * sizeof *ea) != 0) memcpy(ea, p->globals.data, ng * sizeof *ea);
      if ((k->nargs * sizeof *ea) != 0) memcpy(ea + ng, k->args, k->nargs * sizeof *ea);
      chc_add_clause(s, 1, &b, term_true(), m->entry[k->callee], ea, 0);
      origin(m, s, PCHC_CALL, f, e);
      /* the return: caller locals kept, globals g@1 from the summary,
       * the result r@1 */
      term_t *sa = xmalloc((ng + k->nargs + ng + 2) * sizeof *sa);
      if (((ng + k->nargs) * sizeof *sa) != 0) memcpy(sa, ea, (ng + k->nargs) * sizeof *sa);
      for (uint32_t i = 0; i < ng; i++) sa[ng + k->nargs + i] = x1[i];
      uint32_t ns = ng + k->nargs + ng;
      term_t rv = NULL_TERM;
      if (g->ret != NULL_TERM) {
        rv = term_var_at(g->ret, 1);
        sa[ns++] = rv;
      }
      term_t *xs = xmalloc((F->nx + 1) * sizeof *xs);
      for (uint32_t i = 0; i < F->nx; i++) {
        xs[i] = i < ng ? x1[i] : F->x[i];
        if (k->result != NULL_TERM && F->x[i] == k->result) xs[i] = rv;
      }
      term_t *dst = loc_args(F, xs, &na);
      chc_app body[2] = {b, {m->sum[k->callee], sa}};
      chc_add_clause(s, 2, body, term_true(), m->loc_pred[f][ed->dst], dst, 0);
      origin(m, s, PCHC_RETURN, f, e);
      free(dst);
      free(xs);
      free(sa);
      free(ea);
      free(src);
    }
    if (f != p->main && c->final != CFA_NONE) {
      term_t *src = loc_args(F, F->x, &na);
      chc_app b = {m->loc_pred[f][c->final], src};
      term_t *sa = xmalloc((F->ne + ng + 2) * sizeof *sa);
      if ((F->ne * sizeof *sa) != 0) memcpy(sa, F->e, F->ne * sizeof *sa);
      if ((ng * sizeof *sa) != 0) memcpy(sa + F->ne, p->globals.data, ng * sizeof *sa);
      uint32_t ns = F->ne + ng;
      if (pr->ret != NULL_TERM) sa[ns++] = pr->ret;
      chc_add_clause(s, 1, &b, term_true(), m->sum[f], sa, 0);
      origin(m, s, PCHC_SUMMARY, f, CFA_NONE);
      free(sa);
      free(src);
    }
    if (c->error != CFA_NONE) {
      term_t *src = loc_args(F, F->x, &na);
      chc_app b = {m->loc_pred[f][c->error], src};
      chc_add_clause(s, 1, &b, term_true(), CHC_FALSE, NULL, 0);
      origin(m, s, PCHC_ERROR, f, CFA_NONE);
      free(src);
    }
    free(x1);
    cfa_free(&v);
  }
  for (uint32_t f = 0; f < np; f++) {
    free(fr[f].x);
    free(fr[f].e);
  }
  free(fr);
}

void cfa_proc_chc_map_free(cfa_proc_chc_map *m) {
  for (uint32_t f = 0; f < m->nprocs; f++) free(m->loc_pred[f]);
  free(m->loc_pred);
  free(m->entry);
  free(m->sum);
  free(m->origin);
  memset(m, 0, sizeof *m);
}

/* ---- derivations to traces ---- */
typedef struct {
  const cfa_prog *p;
  const chc_system *s;
  const cfa_proc_chc_map *m;
  const chc_derivation *d;
  cfa_trace *out;
  uint32_t budget;   /* guards against malformed (cyclic) derivations */
  uint32_t call_edge;   /* the call being expanded: its edge in the caller */
} tracer;

/* The frame values of a location node (its head values without E). */
static const term_t *node_frame(const tracer *t, uint32_t node, uint32_t f) {
  const term_t *hv = t->d->nodes[node].head_vals;
  if (!hv) return NULL;
  uint32_t nx = t->p->globals.size + t->p->procs[f].body.vars.size;
  return hv + (f == t->p->main ? nx : t->p->globals.size + t->p->procs[f].nparams);
}

static bool frame_steps(tracer *t, uint32_t node, uint32_t depth);

/* The callee's frame up to node (a location of g), entered by the call
 * edge e of the caller. */
static bool call_steps(tracer *t, uint32_t node, uint32_t e, uint32_t depth) {
  uint32_t saved = t->call_edge;
  t->call_edge = e;
  bool ok = frame_steps(t, node, depth + 1);
  t->call_edge = saved;
  return ok;
}

/* The location predicate a node derives: its proc and location. */
static bool node_loc(const tracer *t, uint32_t node, uint32_t *f, uint32_t *l) {
  uint32_t c = t->d->nodes[node].clause;
  if (c >= t->m->norigin) return false;
  uint32_t head = t->s->clauses[c].head.pred;
  for (uint32_t g = 0; g < t->p->nprocs; g++)
    for (uint32_t k = 0; k < t->p->procs[g].body.nlocs; k++)
      if (t->m->loc_pred[g][k] == head) {
        *f = g, *l = k;
        return true;
      }
  return false;
}

/* Steps of node's frame from its init (the init step as TRACE_INIT for
 * main and TRACE_CALL otherwise, emitted by the caller's expansion). */
static bool frame_steps(tracer *t, uint32_t node, uint32_t depth) {
  if (t->budget-- == 0 || node >= t->d->n) return false;
  const chc_dnode *dn = &t->d->nodes[node];
  uint32_t c = dn->clause, f, l;
  if (c >= t->m->norigin || !node_loc(t, node, &f, &l)) return false;
  const pchc_origin *o = &t->m->origin[c];
  const term_t *vals = node_frame(t, node, f);
  if (!vals) return false;
  switch (o->kind) {
  case PCHC_INIT:
    cfa_trace_push(t->out, t->p, TRACE_INIT, f, l, CFA_NONE, depth, vals);
    return true;
  case PCHC_ENTRY_INIT:
    if (t->call_edge == CFA_NONE) return false;
    cfa_trace_push(t->out, t->p, TRACE_CALL, f, l, t->call_edge, depth, vals);
    return true;
  case PCHC_EDGE:
    if (!frame_steps(t, dn->children[0], depth)) return false;
    cfa_trace_push(t->out, t->p, TRACE_EDGE, f, l, o->edge, depth, vals);
    return true;
  case PCHC_RETURN: {
    if (!frame_steps(t, dn->children[0], depth)) return false;
    /* the summary node: its child is the callee's final node */
    uint32_t sn = dn->children[1];
    if (sn >= t->d->n || t->d->nodes[sn].clause >= t->m->norigin) return false;
    if (t->m->origin[t->d->nodes[sn].clause].kind != PCHC_SUMMARY) return false;
    if (!call_steps(t, t->d->nodes[sn].children[0], o->edge, depth)) return false;
    cfa_trace_push(t->out, t->p, TRACE_RETURN, f, l, o->edge, depth, vals);
    return true;
  }
  default: return false;
  }
}

/* The whole run to node: for a frame other than main's, first the caller's
 * run to the call (found through the frame's entry). */
static bool full_run(tracer *t, uint32_t node, uint32_t *depth) {
  uint32_t f, l;
  if (!node_loc(t, node, &f, &l)) return false;
  if (f == t->p->main) {
    *depth = 0;
    return frame_steps(t, node, 0);
  }
  uint32_t n = node;
  for (;;) {
    if (t->budget-- == 0 || n >= t->d->n) return false;
    pchc_kind k = t->m->origin[t->d->nodes[n].clause].kind;
    if (k == PCHC_ENTRY_INIT) break;
    if (k != PCHC_EDGE && k != PCHC_RETURN) return false;
    n = t->d->nodes[n].children[0];
  }
  uint32_t en = t->d->nodes[n].children[0];
  if (en >= t->d->n || t->d->nodes[en].clause >= t->m->norigin) return false;
  const pchc_origin *o = &t->m->origin[t->d->nodes[en].clause];
  if (o->kind != PCHC_CALL) return false;
  uint32_t d;
  if (!full_run(t, t->d->nodes[en].children[0], &d)) return false;
  *depth = d + 1;
  return call_steps(t, node, o->edge, d);
}

bool cfa_proc_chc_trace(const cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const chc_derivation *d,
                        cfa_trace *out) {
  memset(out, 0, sizeof *out);
  if (d->n == 0 || d->nodes[0].clause >= m->norigin || m->origin[d->nodes[0].clause].kind != PCHC_ERROR) return false;
  tracer t = {p, s, m, d, out, 4 * d->n + 16, CFA_NONE};
  uint32_t depth;
  return full_run(&t, d->nodes[0].children[0], &depth);
}
