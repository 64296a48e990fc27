/* Programs with procedures with BDDs: summaries, abstraction, refinement (pds.h). */
#include "engine/pds.h"
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/bv_bdd.h"

/* Five copies of every bit, interleaved (BDD variable = bit * NCOPY +
 * copy): current and next values, the procedure's entry values, the
 * callee's entry in a call, the callee's exit. */
enum { CUR, NXT, ENT, AUX, OUT, NCOPY };

typedef struct {
  term_t var;
  uint32_t width, base;   /* base: index of its first bit */
} slot;

typedef struct {
  const cfa_prog *p;
  slot *slots;
  uint32_t nslots, nbits;
  uint32_t *first;        /* first[f]: slot of f's first variable; first[nprocs] = nslots */
  bb_ctx bb;
  BDD **reach, *entry, *summ, **rel;
  const zeta_limits *lim;
  bool abstract;        /* close every location's set under its predicates */
  BDD ***preds;         /* preds[f][l][i], referenced */
  uint32_t **npreds;
} pds;

#define REL_UNBUILT (-1)

static jmp_buf bdd_jb;
static void on_bdd_error(int code) { longjmp(bdd_jb, code ? code : 1); }

/* The abstract variables (one per predicate of a location, shared by all
 * locations) come first in BuDDy's order, the concrete bits after them. */
static uint32_t abs_off;
static int bv(uint32_t bit, int copy) { return (int)(abs_off + bit * NCOPY + (uint32_t)copy); }

/* The position of bit j of slot s among all bits: most significant bits
 * first, and the elements of an array interleaved bit by bit, so that
 * comparisons and sums of neighbouring values keep small BDDs. */
static uint32_t pos(const pds *P, uint32_t s, uint32_t j) {
  const slot *sl = &P->slots[s];
  type_t ty = term_type(sl->var);
  if (type_kind_of(ty) == TYPE_ARRAY) {
    uint32_t ne = 1u << type_bv_width(type_array_index(ty)), ew = sl->width / ne;
    return sl->base + (ew - 1 - j % ew) * ne + j / ew;
  }
  return sl->base + (sl->width - 1 - j);
}

static uint32_t slot_of(const pds *P, term_t v) {
  for (uint32_t i = 0; i < P->nslots; i++)
    if (P->slots[i].var == v) return i;
  return CFA_NONE;
}

static bb_vec vec(pds *P, uint32_t s, int copy) {
  bb_vec v = bb_alloc(&P->bb, P->slots[s].width);
  for (uint32_t j = 0; j < v.n; j++) v.b[j] = bdd_ithvar(bv(pos(P, s, j), copy));
  return v;
}

/* Frame of f: the globals and f's variables, as slot indices. */
static uint32_t frame(const pds *P, uint32_t f, uint32_t *out) {
  uint32_t n = 0, ng = P->p->globals.size;
  for (uint32_t i = 0; i < ng; i++) out[n++] = i;
  for (uint32_t i = P->first[f]; i < P->first[f + 1]; i++) out[n++] = i;
  return n;
}

/* The entry slots of f: the globals and f's parameters. */
static uint32_t entry_slots(const pds *P, uint32_t f, uint32_t *out) {
  uint32_t n = 0, ng = P->p->globals.size;
  for (uint32_t i = 0; i < ng; i++) out[n++] = i;
  for (uint32_t i = 0; i < P->p->procs[f].nparams; i++) out[n++] = P->first[f] + i;
  return n;
}

static BDD varset(pds *P, const uint32_t *slots, uint32_t n, int copy) {
  int *vs = xmalloc((P->nbits + 1) * sizeof *vs);
  int k = 0;
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < P->slots[slots[i]].width; j++) vs[k++] = bv(pos(P, slots[i], j), copy);
  BDD r = bb_keep(&P->bb, bdd_makeset(vs, k));
  free(vs);
  return r;
}

static void pair_add(pds *P, bddPair *pr, const uint32_t *slots, uint32_t n, int from, int to) {
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < P->slots[slots[i]].width; j++)
      bdd_setpair(pr, bv(pos(P, slots[i], j), from), bv(pos(P, slots[i], j), to));
}

static BDD eq_copies(pds *P, const uint32_t *slots, uint32_t n, int a, int b) {
  BDD r = bdd_true();
  for (uint32_t i = 0; i < n; i++) {
    bb_vec x = vec(P, slots[i], a), y = vec(P, slots[i], b);
    r = bb_keep(&P->bb, bdd_and(r, bb_eq(&P->bb, x, y)));
    free(x.b), free(y.b);
  }
  return r;
}

/* Sets every frame variable of f to its copy `copy` for bb_term. */
static void bind_frame(pds *P, uint32_t f, int copy) {
  uint32_t *fs = xmalloc((P->nslots + 1) * sizeof *fs), n = frame(P, f, fs);
  for (uint32_t i = 0; i < n; i++) {
    bb_vec v = vec(P, fs[i], copy);
    bb_set(&P->bb, P->slots[fs[i]].var, v);
    free(v.b);
  }
  free(fs);
}

static bool term_vec_of(pds *P, term_t t, bb_vec *out, char *why, size_t len) {
  if (bb_term(&P->bb, t, out)) return true;
  snprintf(why, len, "pds: %s", P->bb.error ? P->bb.error : "translation failed");
  return false;
}

/* The relation of the statements st[0..n) of f over CUR and NXT, with no
 * variable havocked twice (havoc values in the AUX copy, quantified). */
static bool seg_rel(pds *P, uint32_t f, const cfa_stmt *st, uint32_t n, BDD *out, char *why, size_t len) {
  bind_frame(P, f, CUR);
  uint32_t *fs = xmalloc((P->nslots + 1) * sizeof *fs), nf = frame(P, f, fs);
  BDD cond = bdd_true();
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++) {
    const cfa_stmt *s = &st[i];
    bb_vec v;
    if (s->kind == CFA_ASSUME) {
      if ((ok = term_vec_of(P, s->expr, &v, why, len))) cond = bb_keep(&P->bb, bdd_and(cond, v.b[0])), free(v.b);
    } else if (s->kind == CFA_ASSIGN) {
      if ((ok = term_vec_of(P, s->expr, &v, why, len))) bb_set(&P->bb, s->var, v), free(v.b);
    } else if (s->kind == CFA_HAVOC) {
      v = vec(P, slot_of(P, s->var), AUX);
      bb_set(&P->bb, s->var, v);
      free(v.b);
    } else {
      snprintf(why, len, "pds: a choice statement");
      ok = false;
    }
  }
  /* unchanged variables first (cheap identities), then the changed ones
   * bit by bit, the condition last: small intermediate BDDs */
  BDD r = bdd_true();
  for (int pass = 0; pass < 2 && ok; pass++)
    for (uint32_t i = 0; i < nf && ok; i++) {
      bb_vec now, nx = vec(P, fs[i], NXT), cur = vec(P, fs[i], CUR);
      if ((ok = term_vec_of(P, P->slots[fs[i]].var, &now, why, len))) {
        bool same = memcmp(now.b, cur.b, now.n * sizeof(BDD)) == 0;
        if (same == (pass == 0))
          for (uint32_t j = 0; j < now.n; j++)
            r = bb_keep(&P->bb, bdd_and(r, bb_keep(&P->bb, bdd_biimp(now.b[j], nx.b[j]))));
        free(now.b);
      }
      free(nx.b), free(cur.b);
    }
  if (ok) r = bb_keep(&P->bb, bdd_and(r, cond));
  if (ok) *out = bb_keep(&P->bb, bdd_exist(r, varset(P, fs, nf, AUX)));
  free(fs);
  return ok;
}

/* The transition relation of a plain edge of f over CUR and NXT (cached,
 * referenced): segments without a repeated havoc, composed through the
 * OUT copy. */
static bool edge_rel(pds *P, uint32_t f, uint32_t e, char *why, size_t len) {
  if (P->rel[f][e] != REL_UNBUILT) return true;
  const cfa_edge *ed = &P->p->procs[f].body.edges[e];
  uint32_t *fs = xmalloc((P->nslots + 1) * sizeof *fs), nf = frame(P, f, fs);
  bool *hav = xcalloc(P->nslots + 1, sizeof *hav);
  BDD rel = REL_UNBUILT;
  bool ok = true;
  uint32_t from = 0;
  for (uint32_t i = 0; i <= ed->nstmts && ok; i++) {
    bool cut = i == ed->nstmts;
    if (!cut && ed->stmts[i].kind == CFA_HAVOC) {
      uint32_t k = slot_of(P, ed->stmts[i].var);
      if (k == CFA_NONE) {
        snprintf(why, len, "pds: havoc of an unknown variable");
        ok = false;
        break;
      }
      if (hav[k]) {
        cut = true;
        memset(hav, 0, (P->nslots + 1) * sizeof *hav);
      }
      hav[k] = true;
    }
    if (!cut) continue;
    BDD seg;
    if (!(ok = seg_rel(P, f, ed->stmts + from, i - from, &seg, why, len))) break;
    if (rel == REL_UNBUILT) {
      rel = seg;
    } else {
      bddPair *a = bdd_newpair(), *b = bdd_newpair();
      pair_add(P, a, fs, nf, NXT, OUT);
      pair_add(P, b, fs, nf, CUR, OUT);
      BDD x = bb_keep(&P->bb, bdd_replace(rel, a)), y = bb_keep(&P->bb, bdd_replace(seg, b));
      rel = bb_keep(&P->bb, bdd_relprod(x, y, varset(P, fs, nf, OUT)));
      bdd_freepair(a), bdd_freepair(b);
    }
    from = i;
  }
  if (ok) P->rel[f][e] = bdd_addref(rel);
  free(hav);
  free(fs);
  return ok;
}

/* target |= add; true when target grew. */
static bool join(BDD *target, BDD add) {
  BDD n = bdd_or(*target, add);
  if (n == *target) return false;
  bdd_addref(n);
  bdd_delref(*target);
  *target = n;
  return true;
}

/* The smallest union of cells of l's predicate partition containing S
 * (existential abstraction to the predicates' Boolean variables and back);
 * without predicates only "reachable or not" is kept. */
static BDD closure(pds *P, uint32_t f, uint32_t l, BDD S) {
  if (!P->abstract || S == bdd_false()) return S;
  uint32_t n = P->npreds[f][l];
  if (n == 0) return bdd_true();
  BDD pi = bdd_true();
  int *av = xmalloc((n + 1) * sizeof *av);
  for (uint32_t i = 0; i < n; i++) {
    av[i] = (int)i;
    pi = bb_keep(&P->bb, bdd_and(pi, bb_keep(&P->bb, bdd_biimp(bdd_ithvar((int)i), P->preds[f][l][i]))));
  }
  uint32_t *fs = xmalloc((P->nslots + 1) * sizeof *fs), nf = frame(P, f, fs);
  BDD conc = bb_keep(&P->bb, bdd_and(varset(P, fs, nf, CUR), varset(P, fs, nf, ENT)));
  BDD a = bb_keep(&P->bb, bdd_relprod(S, pi, conc));
  BDD r = bb_keep(&P->bb, bdd_relprod(a, pi, bb_keep(&P->bb, bdd_makeset(av, (int)n))));
  free(fs);
  free(av);
  return r;
}

/* reach[f][l] := closure(reach[f][l] | add). */
static bool join_loc(pds *P, uint32_t f, uint32_t l, BDD add) {
  BDD n = closure(P, f, l, bb_keep(&P->bb, bdd_or(P->reach[f][l], add)));
  if (n == P->reach[f][l]) return false;
  bdd_addref(n);
  bdd_delref(P->reach[f][l]);
  P->reach[f][l] = n;
  return true;
}

/* The binding of the callee's entry (AUX copies of the globals and the
 * callee's parameters) to the caller's state (CUR). */
static bool call_bind(pds *P, uint32_t f, const cfa_call *k, BDD *out, char *why, size_t len) {
  uint32_t ng = P->p->globals.size, g = k->callee;
  bind_frame(P, f, CUR);
  BDD r = bdd_true();
  for (uint32_t i = 0; i < ng; i++) {
    uint32_t gs[1] = {i};
    r = bb_keep(&P->bb, bdd_and(r, eq_copies(P, gs, 1, AUX, CUR)));
  }
  for (uint32_t i = 0; i < k->nargs; i++) {
    bb_vec a;
    if (!term_vec_of(P, k->args[i], &a, why, len)) return false;
    bb_vec x = vec(P, P->first[g] + i, AUX);
    r = bb_keep(&P->bb, bdd_and(r, bb_eq(&P->bb, a, x)));
    free(a.b), free(x.b);
  }
  *out = r;
  return true;
}

/* One call edge: the callee's contexts and the return through its summary. */
static bool call_step(pds *P, uint32_t f, uint32_t e, bool *changed, char *why, size_t len) {
  const cfa_edge *ed = &P->p->procs[f].body.edges[e];
  const cfa_call *k = ed->call;
  uint32_t g = k->callee, ng = P->p->globals.size;
  BDD S = P->reach[f][ed->src];
  BDD bind;
  if (!call_bind(P, f, k, &bind, why, len)) return false;
  uint32_t *fs = xmalloc((P->nslots + 1) * sizeof *fs), nf = frame(P, f, fs);
  uint32_t *es = xmalloc((P->nslots + 1) * sizeof *es), ne = entry_slots(P, g, es);
  /* contexts: forget f's own entry, bind, forget f's state, AUX -> ENT */
  BDD T = bb_keep(&P->bb, bdd_exist(S, varset(P, fs, nf, ENT)));
  BDD E = bb_keep(&P->bb, bdd_relprod(T, bind, varset(P, fs, nf, CUR)));
  bddPair *pr = bdd_newpair();
  pair_add(P, pr, es, ne, AUX, ENT);
  E = bb_keep(&P->bb, bdd_replace(E, pr));
  bdd_freepair(pr);
  *changed |= join(&P->entry[g], E);
  if (P->summ[g] != bdd_false()) {
    BDD R = bb_keep(&P->bb, bdd_relprod(S, bb_keep(&P->bb, bdd_and(bind, P->summ[g])), varset(P, es, ne, AUX)));
    const cfa_proc *gp = &P->p->procs[g];
    uint32_t rs = k->result != NULL_TERM ? slot_of(P, k->result) : CFA_NONE;
    uint32_t ret = gp->ret != NULL_TERM ? slot_of(P, gp->ret) : CFA_NONE;
    uint32_t gl[1], drop[4], nd = 0;
    if (rs != CFA_NONE && ret != CFA_NONE) {
      bb_vec a = vec(P, rs, NXT), b = vec(P, ret, OUT);
      R = bb_keep(&P->bb, bdd_and(R, bb_eq(&P->bb, a, b)));
      free(a.b), free(b.b);
    }
    if (ret != CFA_NONE) drop[nd++] = ret;   /* OUT copy of the callee's result */
    BDD q = varset(P, drop, nd, OUT);
    for (uint32_t i = 0; i < ng; i++) {
      gl[0] = i;
      q = bb_keep(&P->bb, bdd_and(q, varset(P, gl, 1, CUR)));
    }
    if (rs != CFA_NONE) {
      gl[0] = rs;
      q = bb_keep(&P->bb, bdd_and(q, varset(P, gl, 1, rs < ng ? OUT : CUR)));
    }
    R = bb_keep(&P->bb, bdd_exist(R, q));
    pr = bdd_newpair();
    for (uint32_t i = 0; i < ng; i++)
      if (i != rs) gl[0] = i, pair_add(P, pr, gl, 1, OUT, CUR);
    if (rs != CFA_NONE) gl[0] = rs, pair_add(P, pr, gl, 1, NXT, CUR);
    R = bb_keep(&P->bb, bdd_replace(R, pr));
    bdd_freepair(pr);
    *changed |= join_loc(P, f, ed->dst, R);
  }
  free(fs);
  free(es);
  return true;
}

/* A callee's init states from its contexts; its summary from its exit. */
static void proc_step(pds *P, uint32_t f, bool *changed) {
  const cfa_proc *pr = &P->p->procs[f];
  if (f == P->p->main) return;
  uint32_t *es = xmalloc((P->nslots + 1) * sizeof *es), ne = entry_slots(P, f, es);
  if (pr->body.init != CFA_NONE && P->entry[f] != bdd_false())
    *changed |= join_loc(P, f, pr->body.init, bb_keep(&P->bb, bdd_and(P->entry[f], eq_copies(P, es, ne, ENT, CUR))));
  if (pr->body.final != CFA_NONE && P->reach[f][pr->body.final] != bdd_false()) {
    uint32_t *ls = xmalloc((P->nslots + 1) * sizeof *ls), nl = 0;
    uint32_t ret = pr->ret != NULL_TERM ? slot_of(P, pr->ret) : CFA_NONE;
    for (uint32_t i = P->first[f]; i < P->first[f + 1]; i++)
      if (i != ret) ls[nl++] = i;
    BDD s = bb_keep(&P->bb, bdd_exist(P->reach[f][pr->body.final], varset(P, ls, nl, CUR)));
    bddPair *pp = bdd_newpair();
    pair_add(P, pp, es, ne, ENT, AUX);
    uint32_t gl[1];
    for (uint32_t i = 0; i < P->p->globals.size; i++) gl[0] = i, pair_add(P, pp, gl, 1, CUR, OUT);
    if (ret != CFA_NONE) gl[0] = ret, pair_add(P, pp, gl, 1, CUR, OUT);
    s = bb_keep(&P->bb, bdd_replace(s, pp));
    bdd_freepair(pp);
    *changed |= join(&P->summ[f], s);
    free(ls);
  }
  free(es);
}

/* ---- evidence: the sets as terms over a predicate's parameters ---- */
typedef struct {
  term_t *atom;        /* per BDD variable: the Boolean atom, or NULL_TERM */
  int *keys;
  term_t *vals;
  uint32_t cap;
} conv;

static term_t bit_atom(term_t param, type_t ty, uint32_t j) {
  switch (type_kind_of(ty)) {
  case TYPE_BOOL: return param;
  case TYPE_BV: return term_eq(term_extract(j, j, param), term_bv_u64(1, 1));
  default: {
    type_t et = type_array_elem(ty);
    uint32_t ew = bb_width(et), k = j / ew, ib = type_bv_width(type_array_index(ty));
    term_t e = term_select(param, term_bv_u64(ib, k));
    return bit_atom(e, et, j % ew);
  }
  }
}

static term_t to_term(conv *cv, BDD r, bool *ok) {
  if (r == bdd_true()) return term_true();
  if (r == bdd_false()) return term_false();
  uint32_t h = (uint32_t)r * 2654435761u % cv->cap;
  while (cv->keys[h] != -1) {
    if (cv->keys[h] == r) return cv->vals[h];
    h = (h + 1) % cv->cap;
  }
  term_t a = cv->atom[bdd_var(r)];
  if (a == NULL_TERM) {
    *ok = false;
    return term_false();
  }
  term_t t = term_ite(a, to_term(cv, bdd_high(r), ok), to_term(cv, bdd_low(r), ok));
  h = (uint32_t)r * 2654435761u % cv->cap;
  while (cv->keys[h] != -1) h = (h + 1) % cv->cap;
  cv->keys[h] = r;
  cv->vals[h] = t;
  return t;
}

/* set over the copies of the listed slots, each slot i's copy copies[i]
 * standing for parameter params[i] of a predicate. */
static term_t set_term(pds *P, BDD set, uint32_t n, const uint32_t *slots, const int *copies, const term_t *params,
                       bool *ok) {
  conv cv;
  size_t na = abs_off + (size_t)P->nbits * NCOPY;
  cv.atom = xmalloc((na + 1) * sizeof *cv.atom);
  for (size_t i = 0; i < na; i++) cv.atom[i] = NULL_TERM;
  for (uint32_t i = 0; i < n; i++) {
    const slot *s = &P->slots[slots[i]];
    for (uint32_t j = 0; j < s->width; j++) cv.atom[bv(pos(P, slots[i], j), copies[i])] = bit_atom(params[i], term_type(params[i]), j);
  }
  cv.cap = 2 * (uint32_t)bdd_nodecount(set) + 16;
  cv.keys = xmalloc(cv.cap * sizeof *cv.keys);
  cv.vals = xmalloc(cv.cap * sizeof *cv.vals);
  for (uint32_t i = 0; i < cv.cap; i++) cv.keys[i] = -1;
  term_t t = to_term(&cv, set, ok);
  free(cv.atom), free(cv.keys), free(cv.vals);
  return t;
}

/* The predicates of the Horn encoding (same argument order as
 * cfa_proc_to_chc). */
static bool evidence(pds *P, const chc_system *s, const cfa_proc_chc_map *m, term_t *interp) {
  bool ok = true;
  uint32_t cap = 2 * P->nslots + 4;
  uint32_t *sl = xmalloc(cap * sizeof *sl);
  int *cp = xmalloc(cap * sizeof *cp);
  for (uint32_t f = 0; f < P->p->nprocs && ok; f++) {
    uint32_t *es = xmalloc((P->nslots + 1) * sizeof *es), ne = entry_slots(P, f, es);
    uint32_t *fs = xmalloc((P->nslots + 1) * sizeof *fs), nf = frame(P, f, fs);
    /* location predicates: E (main: every frame variable), then X */
    uint32_t n = 0;
    if (f == P->p->main) for (uint32_t i = 0; i < nf; i++) sl[n] = fs[i], cp[n++] = ENT;
    else for (uint32_t i = 0; i < ne; i++) sl[n] = es[i], cp[n++] = ENT;
    for (uint32_t i = 0; i < nf; i++) sl[n] = fs[i], cp[n++] = CUR;
    const cfa *c = &P->p->procs[f].body;
    for (uint32_t l = 0; l < c->nlocs && ok; l++) {
      uint32_t q = m->loc_pred[f][l];
      interp[q] = set_term(P, P->reach[f][l], n, sl, cp, s->preds[q].params, &ok);
    }
    if (f != P->p->main && ok) {
      for (uint32_t i = 0; i < ne; i++) sl[i] = es[i], cp[i] = ENT;
      interp[m->entry[f]] = set_term(P, P->entry[f], ne, sl, cp, s->preds[m->entry[f]].params, &ok);
      n = 0;
      for (uint32_t i = 0; i < ne; i++) sl[n] = es[i], cp[n++] = AUX;
      for (uint32_t i = 0; i < P->p->globals.size; i++) sl[n] = i, cp[n++] = OUT;
      if (P->p->procs[f].ret != NULL_TERM) sl[n] = slot_of(P, P->p->procs[f].ret), cp[n++] = OUT;
      if (ok) interp[m->sum[f]] = set_term(P, P->summ[f], n, sl, cp, s->preds[m->sum[f]].params, &ok);
    }
    free(fs);
    free(es);
  }
  free(sl);
  free(cp);
  return ok;
}

/* ---- the analysis ---- */
static bool error_reached(const pds *P) {
  for (uint32_t f = 0; f < P->p->nprocs; f++) {
    uint32_t e = P->p->procs[f].body.error;
    if (e != CFA_NONE && P->reach[f][e] != bdd_false()) return true;
  }
  return false;
}

static bool layout(pds *P, char *why, size_t len) {
  const cfa_prog *p = P->p;
  uint32_t nv = p->globals.size;
  for (uint32_t f = 0; f < p->nprocs; f++) nv += p->procs[f].body.vars.size;
  P->slots = xcalloc(nv + 1, sizeof *P->slots);
  P->first = xcalloc(p->nprocs + 2, sizeof *P->first);
  for (uint32_t i = 0; i < p->globals.size; i++) P->slots[P->nslots++].var = p->globals.data[i];
  for (uint32_t f = 0; f < p->nprocs; f++) {
    P->first[f] = P->nslots;
    for (uint32_t i = 0; i < p->procs[f].body.vars.size; i++) P->slots[P->nslots++].var = p->procs[f].body.vars.data[i];
  }
  P->first[p->nprocs] = P->nslots;
  /* scalars before arrays in the order: an index is decided before the
   * elements it selects */
  for (int pass = 0; pass < 2; pass++)
    for (uint32_t i = 0; i < P->nslots; i++) {
      bool arr = type_kind_of(term_type(P->slots[i].var)) == TYPE_ARRAY;
      if (arr != (pass == 1)) continue;
      uint32_t w = bb_width(term_type(P->slots[i].var));
      if (!w) {
        snprintf(why, len, "pds: variable %s has a type the BDD engine does not support", term_var_name(P->slots[i].var));
        return false;
      }
      P->slots[i].width = w;
      P->slots[i].base = P->nbits;
      P->nbits += w;
    }
  if (P->nbits > 4000) {
    snprintf(why, len, "pds: %u state bits are too many for BDDs", P->nbits);
    return false;
  }
  return true;
}

/* Empties every set (a new run). */
static void reset(pds *P) {
  for (uint32_t f = 0; f < P->p->nprocs; f++) {
    for (uint32_t l = 0; l < P->p->procs[f].body.nlocs; l++) bdd_delref(P->reach[f][l]), P->reach[f][l] = bdd_false();
    bdd_delref(P->entry[f]), bdd_delref(P->summ[f]);
    P->entry[f] = P->summ[f] = bdd_false();
  }
}

typedef enum { RUN_FIXPOINT, RUN_ERROR, RUN_BOUND, RUN_FAILED } run_status;

/* Sweeps from main's init until the fixpoint, an error location, or
 * max_sweeps rounds. */
static run_status run(pds *P, uint32_t max_sweeps, uint32_t *sweeps, char *why, size_t len) {
  const cfa_prog *p = P->p;
  reset(P);
  const cfa *mc = &p->procs[p->main].body;
  join_loc(P, p->main, mc->init, bdd_true());
  bb_release(&P->bb);
  bool changed = true;
  *sweeps = 0;
  while (changed) {
    if (*sweeps >= max_sweeps) return RUN_BOUND;
    changed = false;
    ++*sweeps;
    for (uint32_t f = 0; f < p->nprocs; f++) {
      const cfa *c = &p->procs[f].body;
      for (uint32_t e = 0; e < c->nedges; e++) {
        const cfa_edge *ed = &c->edges[e];
        if (P->reach[f][ed->src] == bdd_false()) continue;
        if (limits_expired(P->lim)) {
          snprintf(why, len, "timeout");
          return RUN_FAILED;
        }
        if (ed->call) {
          if (!call_step(P, f, e, &changed, why, len)) return RUN_FAILED;
        } else {
          if (!edge_rel(P, f, e, why, len)) return RUN_FAILED;
          uint32_t *fs = xmalloc((P->nslots + 1) * sizeof *fs), nf = frame(P, f, fs);
          BDD img = bb_keep(&P->bb, bdd_relprod(P->reach[f][ed->src], P->rel[f][e], varset(P, fs, nf, CUR)));
          bddPair *pr = bdd_newpair();
          pair_add(P, pr, fs, nf, NXT, CUR);
          img = bb_keep(&P->bb, bdd_replace(img, pr));
          bdd_freepair(pr);
          changed |= join_loc(P, f, ed->dst, img);
          free(fs);
        }
        bb_release(&P->bb);
      }
      proc_step(P, f, &changed);
      bb_release(&P->bb);
    }
    if (error_reached(P)) return RUN_ERROR;
  }
  return RUN_FIXPOINT;
}

/* Adds q as a predicate of location l of f unless trivial or known. */
static uint32_t add_pred(pds *P, uint32_t f, uint32_t l, BDD q, uint32_t *max_preds) {
  if (q == bdd_false() || q == bdd_true() || P->npreds[f][l] >= abs_off) return 0;
  for (uint32_t i = 0; i < P->npreds[f][l]; i++)
    if (P->preds[f][l][i] == q) return 0;
  P->preds[f][l][P->npreds[f][l]++] = bdd_addref(q);
  if (P->npreds[f][l] > *max_preds) *max_preds = P->npreds[f][l];
  return 1;
}

/* Strongest interpolants: the concrete sets after `bound` sweeps (in
 * reach) become predicates of their locations. */
static uint32_t refine_strongest(pds *P, uint32_t *max_preds) {
  uint32_t added = 0;
  for (uint32_t f = 0; f < P->p->nprocs; f++)
    for (uint32_t l = 0; l < P->p->procs[f].body.nlocs; l++) added += add_pred(P, f, l, P->reach[f][l], max_preds);
  return added;
}

/* The states of f at the source of call edge k (to g) whose call enters g
 * in Jinit (g's states at its init location). */
static bool call_pre(pds *P, uint32_t f, const cfa_call *k, BDD Jinit, BDD *out, char *why, size_t len) {
  uint32_t g = k->callee;
  uint32_t *gs = xmalloc((P->nslots + 1) * sizeof *gs), ng = frame(P, g, gs);
  uint32_t *es = xmalloc((P->nslots + 1) * sizeof *es), ne = entry_slots(P, g, es);
  /* g's own entry copies and non-parameter locals do not matter at init */
  BDD q = varset(P, gs, ng, ENT);
  for (uint32_t i = P->first[g] + P->p->procs[g].nparams; i < P->first[g + 1]; i++) {
    uint32_t one[1] = {i};
    q = bb_keep(&P->bb, bdd_and(q, varset(P, one, 1, CUR)));
  }
  BDD j = bb_keep(&P->bb, bdd_exist(Jinit, q));
  bddPair *pr = bdd_newpair();
  pair_add(P, pr, es, ne, CUR, AUX);
  j = bb_keep(&P->bb, bdd_replace(j, pr));
  bdd_freepair(pr);
  BDD bind;
  bool ok = call_bind(P, f, k, &bind, why, len);
  if (ok) *out = bb_keep(&P->bb, bdd_relprod(bind, j, varset(P, es, ne, AUX)));
  free(gs);
  free(es);
  return ok;
}

/* ---- weakest interpolants: the states that can reach an error ----
 * Per procedure f and location l, over f's frame (CUR):
 *   err[f][l]  can reach an error location (in f or in a callee) before
 *              f returns,
 *   ret[f][l]  can return from f into a caller state that can reach an
 *              error (the "exit conditions" of all call sites merged).
 * Both over-approximate, which only costs precision: a state outside
 * err|ret cannot reach an error within the explored steps. */
typedef struct {
  BDD **err, **ret;
} bsets;

/* The exit condition a call's target set X (over f's frame) puts on the
 * callee g's globals and result: the result variable becomes g's ret (in
 * the AUX copy while f's locals are quantified: f may be g). */
static BDD exit_cond(pds *P, uint32_t f, const cfa_call *k, BDD X) {
  uint32_t g = k->callee, one[1];
  uint32_t rs = k->result != NULL_TERM ? slot_of(P, k->result) : CFA_NONE;
  uint32_t ret = P->p->procs[g].ret != NULL_TERM ? slot_of(P, P->p->procs[g].ret) : CFA_NONE;
  if (rs != CFA_NONE) {
    if (ret != CFA_NONE) {
      bb_vec a = vec(P, rs, CUR), b = vec(P, ret, AUX);
      X = bb_keep(&P->bb, bdd_and(X, bb_eq(&P->bb, a, b)));
      free(a.b), free(b.b);
    }
    one[0] = rs;
    X = bb_keep(&P->bb, bdd_exist(X, varset(P, one, 1, CUR)));
  }
  uint32_t nl = P->first[f + 1] - P->first[f];
  uint32_t *ls = xmalloc((nl + 1) * sizeof *ls);
  for (uint32_t i = 0; i < nl; i++) ls[i] = P->first[f] + i;
  X = bb_keep(&P->bb, bdd_exist(X, varset(P, ls, nl, CUR)));
  free(ls);
  if (ret != CFA_NONE) {
    bddPair *pr = bdd_newpair();
    one[0] = ret;
    pair_add(P, pr, one, 1, AUX, CUR);
    X = bb_keep(&P->bb, bdd_replace(X, pr));
    bdd_freepair(pr);
  }
  return X;
}

/* X with the globals and the call's result forgotten (what a returning
 * call leaves of the caller's condition: its other locals). */
static BDD call_drop(pds *P, const cfa_call *k, BDD X) {
  uint32_t drop[1];
  BDD q = bdd_true();
  for (uint32_t i = 0; i < P->p->globals.size; i++) drop[0] = i, q = bb_keep(&P->bb, bdd_and(q, varset(P, drop, 1, CUR)));
  if (k->result != NULL_TERM) drop[0] = slot_of(P, k->result), q = bb_keep(&P->bb, bdd_and(q, varset(P, drop, 1, CUR)));
  return bb_keep(&P->bb, bdd_exist(X, q));
}

/* target |= pre, or (assuming skip) target |= X when the step writes no
 * variable X depends on (W: the written bits), so X keeps its value across
 * the step (pre ⊆ X then holds unless the step enters X elsewhere): the
 * predicate stays unchanged instead of taking the step's guards. */
static bool join_pre(BDD *target, BDD pre, BDD X, bool skip, BDD W) {
  if (skip && X != bdd_false() && bdd_exist(X, W) == X && bdd_imp(pre, X) == bdd_true()) pre = X;
  return pre != bdd_false() && join(target, pre);
}

/* How much assuming skip: none, on the ret sets only (a callee's path
 * conditions kept out of its predicates), on both. */
enum { SKIP_NONE, SKIP_RET, SKIP_ALL };

/* mod[g * ng + i]: global i is written by g or a procedure it calls. */
static bool *global_mods(const cfa_prog *p) {
  uint32_t ng = p->globals.size;
  bool *mod = xcalloc((size_t)p->nprocs * ng + 1, 1);
  for (bool grew = true; grew;) {
    grew = false;
    for (uint32_t g = 0; g < p->nprocs; g++) {
      const cfa *c = &p->procs[g].body;
      for (uint32_t e = 0; e < c->nedges; e++) {
        const cfa_edge *ed = &c->edges[e];
        for (uint32_t i = 0; i < ng; i++) {
          bool w = false;
          if (ed->call) w = mod[ed->call->callee * ng + i] || ed->call->result == p->globals.data[i];
          for (uint32_t k = 0; k < ed->nstmts && !w; k++)
            w = ed->stmts[k].kind != CFA_ASSUME && ed->stmts[k].var == p->globals.data[i];
          if (w && !mod[g * ng + i]) mod[g * ng + i] = grew = true;
        }
      }
    }
  }
  return mod;
}

/* The CUR bits edge e of f may write. */
static BDD edge_writes(pds *P, uint32_t f, uint32_t e, const bool *mod) {
  const cfa_edge *ed = &P->p->procs[f].body.edges[e];
  uint32_t ng = P->p->globals.size, one[1];
  BDD w = bdd_true();
  if (ed->call) {
    for (uint32_t i = 0; i < ng; i++)
      if (mod[ed->call->callee * ng + i]) one[0] = i, w = bb_keep(&P->bb, bdd_and(w, varset(P, one, 1, CUR)));
    if (ed->call->result != NULL_TERM) one[0] = slot_of(P, ed->call->result), w = bb_keep(&P->bb, bdd_and(w, varset(P, one, 1, CUR)));
  }
  for (uint32_t k = 0; k < ed->nstmts; k++)
    if (ed->stmts[k].kind != CFA_ASSUME && (one[0] = slot_of(P, ed->stmts[k].var)) != CFA_NONE)
      w = bb_keep(&P->bb, bdd_and(w, varset(P, one, 1, CUR)));
  return w;
}

/* bound rounds of backward steps from the error locations, assuming skip
 * as much as `skip` says. */
static bool backward(pds *P, bsets *B, uint32_t bound, int skip, char *why, size_t len) {
  const cfa_prog *p = P->p;
  B->err = xcalloc(p->nprocs + 1, sizeof *B->err);
  B->ret = xcalloc(p->nprocs + 1, sizeof *B->ret);
  for (uint32_t f = 0; f < p->nprocs; f++) {
    const cfa *c = &p->procs[f].body;
    B->err[f] = xcalloc(c->nlocs + 1, sizeof(BDD));
    B->ret[f] = xcalloc(c->nlocs + 1, sizeof(BDD));
    for (uint32_t l = 0; l < c->nlocs; l++) B->err[f][l] = bdd_addref(l == c->error ? bdd_true() : bdd_false()), B->ret[f][l] = bdd_false();
  }
  bool *mod = skip != SKIP_NONE ? global_mods(p) : NULL;
  uint32_t *fs = xmalloc((P->nslots + 1) * sizeof *fs);
  bool ok = true;
  for (uint32_t k = 0; k < bound && ok; k++) {
    bool grew = false;
    /* the forward sweeps' order reversed: a chain of edges that one sweep
     * crosses forward, one round crosses back; the procedures down (exit
     * conditions into the callees) and up again (back into the callers) */
    for (uint32_t fi = 2 * p->nprocs; fi-- > 0 && ok;) {
      uint32_t f = fi >= p->nprocs ? fi - p->nprocs : p->nprocs - 1 - fi;
      const cfa *c = &p->procs[f].body;
      uint32_t nf = frame(P, f, fs);
      for (uint32_t ei = c->nedges; ei-- > 0 && ok;) {
        uint32_t e = ei;
        const cfa_edge *ed = &c->edges[e];
        if (limits_expired(P->lim)) {
          snprintf(why, len, "timeout");
          ok = false;
          break;
        }
        BDD We = mod ? edge_writes(P, f, e, mod) : bdd_true();
        BDD De = B->err[f][ed->dst], Dr = B->ret[f][ed->dst];
        if (ed->call) {
          uint32_t g = ed->call->callee, gi = p->procs[g].body.init, gx = p->procs[g].body.final;
          if (gx != CFA_NONE && (De != bdd_false() || Dr != bdd_false()))
            grew |= join(&B->ret[g][gx], exit_cond(P, f, ed->call, bb_keep(&P->bb, bdd_or(De, Dr))));
          if (gi == CFA_NONE) continue;
          BDD in_err = bdd_false(), in_ret = bdd_false();
          if (B->err[g][gi] != bdd_false() && !(ok = call_pre(P, f, ed->call, B->err[g][gi], &in_err, why, len))) break;
          if (B->ret[g][gi] != bdd_false() && !(ok = call_pre(P, f, ed->call, B->ret[g][gi], &in_ret, why, len))) break;
          BDD pe = bb_keep(&P->bb, bdd_or(in_err, bb_keep(&P->bb, bdd_and(in_ret, call_drop(P, ed->call, De)))));
          BDD pr = bb_keep(&P->bb, bdd_and(in_ret, call_drop(P, ed->call, Dr)));
          grew |= join_pre(&B->err[f][ed->src], pe, De, skip >= SKIP_ALL, We);
          grew |= join_pre(&B->ret[f][ed->src], pr, Dr, skip >= SKIP_RET, We);
        } else if (De != bdd_false() || Dr != bdd_false()) {
          if (!(ok = edge_rel(P, f, e, why, len))) break;
          bddPair *pp = bdd_newpair();
          pair_add(P, pp, fs, nf, CUR, NXT);
          for (int w = 0; w < 2; w++) {
            BDD D = w ? Dr : De;
            if (D == bdd_false()) continue;
            BDD nx = bb_keep(&P->bb, bdd_replace(D, pp));
            BDD pre = bb_keep(&P->bb, bdd_relprod(P->rel[f][e], nx, varset(P, fs, nf, NXT)));
            grew |= join_pre(w ? &B->ret[f][ed->src] : &B->err[f][ed->src], pre, D, skip >= (w ? SKIP_RET : SKIP_ALL), We);
          }
          bdd_freepair(pp);
        }
        bb_release(&P->bb);
      }
    }
    if (!grew) break;
  }
  free(fs);
  free(mod);
  return ok;
}

static void bsets_free(pds *P, bsets *B) {
  if (!B->err) return;
  for (uint32_t f = 0; f < P->p->nprocs; f++) {
    for (uint32_t l = 0; l < P->p->procs[f].body.nlocs; l++) bdd_delref(B->err[f][l]), bdd_delref(B->ret[f][l]);
    free(B->err[f]), free(B->ret[f]);
  }
  free(B->err), free(B->ret);
  B->err = B->ret = NULL;
}

/* Whether a state at main's entry can reach the error by B: when not,
 * every counterexample explored is spurious. */
static bool b_reaches_init(const pds *P, const bsets *B) {
  uint32_t m = P->p->main, i = P->p->procs[m].body.init;
  return i != CFA_NONE && (B->err[m][i] != bdd_false() || B->ret[m][i] != bdd_false());
}

/* backward with as much skipping as keeps the tracking (no state at
 * main's entry can reach the error by B, when the exact B has none). */
static bool backward_tracking(pds *P, bsets *B, uint32_t bound, bool skip, char *why, size_t len) {
  for (int lv = skip ? SKIP_ALL : SKIP_NONE;; lv--) {
    if (!backward(P, B, bound, lv, why, len)) return false;
    if (lv == SKIP_NONE || !b_reaches_init(P, B)) return true;
    bsets_free(P, B);
  }
}

/* The projection of S (over f's frame, CUR) onto slot fs[i]. */
static BDD project(pds *P, const uint32_t *fs, uint32_t nf, uint32_t i, BDD S) {
  BDD rest = bdd_true();
  for (uint32_t k = 0; k < nf; k++)
    if (k != i) {
      uint32_t one[1] = {fs[k]};
      rest = bb_keep(&P->bb, bdd_and(rest, bb_keep(&P->bb, bdd_and(varset(P, one, 1, CUR), varset(P, one, 1, ENT)))));
    }
  uint32_t self[1] = {fs[i]};
  rest = bb_keep(&P->bb, bdd_and(rest, varset(P, self, 1, ENT)));
  return bb_keep(&P->bb, bdd_exist(S, rest));
}

/* New predicates from B (and the concrete sets in P->reach when
 * have_I). weakest/skip: each location's B and its projection onto each
 * single variable (what gives slicing-intro its X = 1023).
 * conciliated: one predicate per location between the two: among B and
 * its projections that still exclude the location's concrete set, the one
 * valid at the most locations of the procedure (interpolants that agree
 * along the counterexamples), then the smallest; where the concrete set
 * meets B, both sets and the projections. */
static uint32_t refine_from(pds *P, const bsets *B, bool conciliated, bool have_I, uint32_t *max_preds) {
  uint32_t added = 0;
  uint32_t *fs = xmalloc((P->nslots + 1) * sizeof *fs);
  for (uint32_t f = 0; f < P->p->nprocs; f++) {
    const cfa *c = &P->p->procs[f].body;
    uint32_t nf = frame(P, f, fs), nc = 0;
    /* cand[l * K + k]: location l's valid candidates (referenced), ncand[l] of them */
    uint32_t K = 2 * (nf + 1);
    BDD *cand = xcalloc((size_t)c->nlocs * K + 1, sizeof *cand);
    uint32_t *ncand = xcalloc(c->nlocs + 1, sizeof *ncand), *nerr = xcalloc(c->nlocs + 1, sizeof *nerr);
    for (uint32_t l = 0; l < c->nlocs; l++) {
      if (l == c->error) continue;
      /* err and ret apart: a callee's return conditions (merged over its
       * call sites) would blur the condition of its own error */
      for (int w = 0; w < 2; w++) {
        BDD J = w ? B->ret[f][l] : B->err[f][l];
        if (J == bdd_false() || J == bdd_true()) continue;
        BDD I = have_I ? P->reach[f][l] : bdd_false();
        if (conciliated && have_I && bdd_and(I, J) == bdd_false()) {
          BDD *cl = cand + (size_t)l * K;
          cl[ncand[l]++] = bdd_addref(J);
          for (uint32_t i = 0; i < nf; i++) {
            BDD q = project(P, fs, nf, i, J);
            if (q != bdd_true() && q != J && bdd_and(q, I) == bdd_false()) cl[ncand[l]++] = bdd_addref(q);
          }
          nc++;
        } else {
          added += add_pred(P, f, l, J, max_preds);
          if (conciliated && have_I) added += add_pred(P, f, l, I, max_preds);
          for (uint32_t i = 0; i < nf; i++) added += add_pred(P, f, l, project(P, fs, nf, i, J), max_preds);
        }
        bb_release(&P->bb);
        if (!w) nerr[l] = ncand[l];
      }
    }
    for (uint32_t l = 0; l < c->nlocs && nc; l++)
      for (int w = 0; w < 2; w++) {
        BDD *cl = cand + (size_t)l * K, best = bdd_false();
        uint32_t best_n = 0, from = w ? nerr[l] : 0, to = w ? ncand[l] : nerr[l];
        for (uint32_t k = from; k < to; k++) {
          uint32_t n = 0;
          for (uint32_t m = 0; m < c->nlocs; m++)
            for (uint32_t j = 0; j < ncand[m]; j++) n += cand[(size_t)m * K + j] == cl[k];
          if (n > best_n || (n == best_n && bdd_nodecount(cl[k]) < bdd_nodecount(best))) best = cl[k], best_n = n;
        }
        if (to > from) added += add_pred(P, f, l, best, max_preds);
      }
    for (uint32_t l = 0; l < c->nlocs; l++)
      for (uint32_t k = 0; k < ncand[l]; k++) bdd_delref(cand[(size_t)l * K + k]);
    free(nerr);
    free(cand);
    free(ncand);
  }
  free(fs);
  return added;
}

/* SAFE with the current sets as the evidence. */
static void safe(pds *P, const chc_system *s, const cfa_proc_chc_map *m, pds_result *out) {
  out->interp = xcalloc(s->npreds + 1, sizeof(term_t));
  if (evidence(P, s, m, out->interp)) {
    out->verdict = ZETA_SAFE;
    return;
  }
  free(out->interp);
  out->interp = NULL;
  snprintf(out->reason, sizeof out->reason, "pds: the fixpoint has no term form");
}

void pds_check(const cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const zeta_limits *lim,
               pds_refine_mode mode, pds_result *out) {
  memset(out, 0, sizeof *out);
  out->verdict = ZETA_UNKNOWN;
  pds P = {0};
  P.p = p;
  P.lim = lim;
  P.abstract = mode != PDS_CONCRETE;
  if (!layout(&P, out->reason, sizeof out->reason)) {
    free(P.slots), free(P.first);
    return;
  }
  abs_off = P.abstract ? PDS_MAX_PREDS : 0;
  out->bdd_vars = abs_off + P.nbits * NCOPY;
  bb_open((int)out->bdd_vars);
  bdd_error_hook(on_bdd_error);
  bb_init(&P.bb);
  P.reach = xcalloc(p->nprocs + 1, sizeof *P.reach);
  P.rel = xcalloc(p->nprocs + 1, sizeof *P.rel);
  P.entry = xcalloc(p->nprocs + 1, sizeof *P.entry);
  P.summ = xcalloc(p->nprocs + 1, sizeof *P.summ);
  P.preds = xcalloc(p->nprocs + 1, sizeof *P.preds);
  P.npreds = xcalloc(p->nprocs + 1, sizeof *P.npreds);
  for (uint32_t f = 0; f < p->nprocs; f++) {
    const cfa *c = &p->procs[f].body;
    P.reach[f] = xcalloc(c->nlocs + 1, sizeof(BDD));
    P.rel[f] = xcalloc(c->nedges + 1, sizeof(BDD));
    P.preds[f] = xcalloc(c->nlocs + 1, sizeof *P.preds[f]);
    P.npreds[f] = xcalloc(c->nlocs + 1, sizeof *P.npreds[f]);
    for (uint32_t l = 0; l < c->nlocs; l++) {
      P.reach[f][l] = bdd_false();
      P.preds[f][l] = xcalloc(PDS_MAX_PREDS + 1, sizeof(BDD));
    }
    for (uint32_t e = 0; e < c->nedges; e++) P.rel[f][e] = REL_UNBUILT;
    P.entry[f] = P.summ[f] = bdd_false();
  }
  int code = setjmp(bdd_jb);
  if (code == 0) {
    bool want_I = mode == PDS_STRONGEST || mode == PDS_BOTH || mode == PDS_CONCILIATED || mode == PDS_SKIP_CONCILIATED;
    bool want_B = mode != PDS_STRONGEST, skip = mode == PDS_SKIP || mode == PDS_SKIP_CONCILIATED;
    bool conc_mode = mode == PDS_CONCILIATED || mode == PDS_SKIP_CONCILIATED, conc = conc_mode;
    uint32_t bound = 0, sweeps, added = 0;
    bool force_I = false;
    for (;;) {
      run_status st = run(&P, UINT32_MAX, &sweeps, out->reason, sizeof out->reason);
      out->sweeps += sweeps;
      if (st == RUN_FAILED) break;
      if (st == RUN_FIXPOINT) {
        safe(&P, s, m, out);
        break;
      }
      if (!P.abstract) {   /* exact: the error is reachable */
        out->verdict = ZETA_UNSAFE;
        break;
      }
      /* tracking: the last refinement should have excluded every abstract
       * counterexample of at most `bound` sweeps; when one is back, the
       * next refinement adds the strongest interpolants too */
      if (out->cycles > 0 && added > 0 && sweeps <= bound) out->untracked++, force_I = true, conc = false;
      /* the counterexamples: every abstract run of as many sweeps (at
       * least twice the last bound when the last refinement added nothing) */
      bound = sweeps > bound ? sweeps : bound;
      bsets B = {0};
      bool ok = true, have_I = false;
      /* without the concrete sets first: when no state at main's entry can
       * reach the error by B, every counterexample is spurious */
      if (want_B && !want_I && !force_I) {
        ok = backward_tracking(&P, &B, bound, skip, out->reason, sizeof out->reason);
      }
      if (!ok) break;
      if (!B.err || b_reaches_init(&P, &B)) {
        /* the strongest interpolants: the concrete sets of `bound` sweeps */
        P.abstract = false;
        uint32_t cs;
        st = run(&P, bound, &cs, out->reason, sizeof out->reason);
        P.abstract = true;
        out->sweeps += cs;
        if (st == RUN_FAILED) { bsets_free(&P, &B); break; }
        if (st == RUN_ERROR) {
          out->verdict = ZETA_UNSAFE;
          bsets_free(&P, &B);
          break;
        }
        if (st == RUN_FIXPOINT) {   /* the concrete fixpoint came first: exact */
          safe(&P, s, m, out);
          bsets_free(&P, &B);
          break;
        }
        have_I = true;
        if (want_B && !B.err) {
          ok = backward_tracking(&P, &B, bound, skip, out->reason, sizeof out->reason);
        }
        if (!ok) { bsets_free(&P, &B); break; }
      }
      out->cycles++;
      added = 0;
      /* after a lost tracking: conciliated falls back to the weakest
       * predicates, the others add the strongest */
      if (have_I && (mode == PDS_STRONGEST || mode == PDS_BOTH || (force_I && !conc_mode))) added += refine_strongest(&P, &out->max_preds);
      if (B.err) added += refine_from(&P, &B, conc, have_I, &out->max_preds);
      bsets_free(&P, &B);
      /* nothing new: deeper counterexamples, and the concrete sets then
       * (so the loop ends at the concrete fixpoint at the latest) */
      force_I = added == 0 && !have_I;
      if (added == 0) bound *= 2;
    }
    out->peak_nodes = (uint64_t)bdd_getnodenum();
  } else {
    snprintf(out->reason, sizeof out->reason, "pds: BDD package error (%s)", bdd_errstring(code));
  }
  bb_free(&P.bb);
  for (uint32_t f = 0; f < p->nprocs; f++) {
    free(P.reach[f]);
    free(P.rel[f]);
    for (uint32_t l = 0; l < p->procs[f].body.nlocs; l++) free(P.preds[f][l]);
    free(P.preds[f]);
    free(P.npreds[f]);
  }
  free(P.reach), free(P.rel), free(P.entry), free(P.summ), free(P.preds), free(P.npreds);
  free(P.slots), free(P.first);
  bb_close();
}
