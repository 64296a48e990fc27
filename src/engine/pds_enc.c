/* The concrete semantics of programs with procedures over BDDs (pds_enc.h). */
#include "engine/pds_enc.h"
#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/pds_smt.h"
#include "ir/cfa_frame.h"

BDD pds_keep(pds_enc *E, BDD b) { return bb_keep(&E->bb, b); }
void pds_enc_release(pds_enc *E) { bb_release(&E->bb); }

/* BDD variable of a bit in a copy: the copies of one bit are neighbours. */
int pds_var(const pds_enc *E, uint32_t bit, int copy) { return (int)(E->abs_top + bit * PC_NCOPY + (uint32_t)copy); }

/* Most significant bits first, and the elements of an array interleaved
 * bit by bit, so that comparisons and sums of neighbouring values keep
 * small BDDs. */
uint32_t pds_pos(const pds_enc *E, uint32_t s, uint32_t j) {
  const pds_slot *sl = &E->slots[s];
  type_t ty = term_type(sl->var);
  if (type_kind_of(ty) == TYPE_ARRAY) {
    uint32_t ne = 1u << type_bv_width(type_array_index(ty)), ew = sl->width / ne;
    return sl->base + (ew - 1 - j % ew) * ne + j / ew;
  }
  return sl->base + (sl->width - 1 - j);
}

uint32_t pds_slot_of(const pds_enc *E, term_t v) {
  for (uint32_t i = 0; i < E->nslots; i++)
    if (E->slots[i].var == v) return i;
  return CFA_NONE;
}

static bb_vec vec(pds_enc *E, uint32_t s, int copy) {
  bb_vec v = bb_alloc(&E->bb, E->slots[s].width);
  for (uint32_t j = 0; j < v.n; j++) v.b[j] = bdd_ithvar(pds_var(E, pds_pos(E, s, j), copy));
  return v;
}

static BDD varset_of(pds_enc *E, const uint32_t *slots, uint32_t n, int copy) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) k += E->slots[slots[i]].width;
  int *vs = xmalloc((k + 1) * sizeof *vs);
  k = 0;
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = 0; j < E->slots[slots[i]].width; j++) vs[k++] = pds_var(E, pds_pos(E, slots[i], j), copy);
  BDD r = bdd_makeset(vs, (int)k);
  free(vs);
  return r;
}

BDD pds_vs(pds_enc *E, int k, uint32_t f, int copy) {
  if (E->vs[k][copy][f] == PDS_UNBUILT) E->vs[k][copy][f] = bdd_addref(varset_of(E, E->sl[k][f], E->nsl[k][f], copy));
  return E->vs[k][copy][f];
}

BDD pds_vs_slot(pds_enc *E, uint32_t s, int copy) {
  if (E->vslot[copy][s] == PDS_UNBUILT) E->vslot[copy][s] = bdd_addref(varset_of(E, &s, 1, copy));
  return E->vslot[copy][s];
}

static BDD vs_and(pds_enc *E, BDD a, BDD b) { return pds_keep(E, bdd_and(a, b)); }

BDD pds_vs_pt(pds_enc *E, uint32_t f) { return vs_and(E, pds_vs(E, SL_FRAME, f, PC_CUR), pds_vs(E, SL_ENT, f, PC_ENT)); }
BDD pds_vs_en(pds_enc *E, uint32_t f) { return pds_vs(E, SL_ENTRY, f, PC_AUX); }
BDD pds_vs_pv(pds_enc *E, uint32_t c) {
  const pds_call *k = &E->calls[c];
  BDD a = vs_and(E, pds_vs(E, SL_LOCALS, k->proc, PC_CUR), pds_vs(E, SL_ENT, k->proc, PC_ENT));
  return vs_and(E, a, pds_vs(E, SL_ENTRY, k->callee, PC_AUX));
}
BDD pds_vs_out(pds_enc *E, uint32_t f) {
  term_t ret = E->p->procs[f].ret;
  BDD g = pds_vs(E, SL_GLOBALS, f, PC_OUT);
  return ret == NULL_TERM ? g : vs_and(E, g, pds_vs_slot(E, pds_slot_of(E, ret), PC_OUT));
}
BDD pds_vs_ef(pds_enc *E, uint32_t f) { return vs_and(E, pds_vs(E, SL_ENTRY, f, PC_AUX), pds_vs_out(E, f)); }

void pds_pair_slot(pds_enc *E, bddPair *pr, uint32_t s, int from, uint32_t t, int to) {
  for (uint32_t j = 0; j < E->slots[s].width; j++)
    bdd_setpair(pr, pds_var(E, pds_pos(E, s, j), from), pds_var(E, pds_pos(E, t, j), to));
}

void pds_pair_list(pds_enc *E, bddPair *pr, int k, uint32_t f, int from, int to) {
  for (uint32_t i = 0; i < E->nsl[k][f]; i++) pds_pair_slot(E, pr, E->sl[k][f][i], from, E->sl[k][f][i], to);
}

/* An open-addressing table (key 0 = empty): a renaming costs BuDDy
 * O(variables) to make and to free, and its replace cache only serves
 * later calls with the same pair. */
static uint32_t pair_slot(const pds_enc *E, uint64_t key) {
  uint32_t m = E->cap_pair - 1, i = (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 40) & m;
  while (E->pair_key[i] && E->pair_key[i] != key) i = (i + 1) & m;
  return i;
}

bddPair *pds_pair(pds_enc *E, uint64_t key, bool *fresh) {
  if (2 * (E->npair + 1) > E->cap_pair) {
    uint32_t oc = E->cap_pair;
    uint64_t *ok = E->pair_key;
    bddPair **op = E->pair;
    E->cap_pair = oc ? 2 * oc : 64;
    E->pair_key = xcalloc(E->cap_pair, sizeof *E->pair_key);
    E->pair = xcalloc(E->cap_pair, sizeof *E->pair);
    for (uint32_t i = 0; i < oc; i++)
      if (ok[i]) {
        uint32_t j = pair_slot(E, ok[i]);
        E->pair_key[j] = ok[i], E->pair[j] = op[i];
      }
    free(ok), free(op);
  }
  uint32_t i = pair_slot(E, key);
  *fresh = !E->pair_key[i];
  if (*fresh) {
    E->pair_key[i] = key, E->pair[i] = bdd_newpair();
    E->npair++;
  }
  return E->pair[i];
}

static BDD eq_slot(pds_enc *E, uint32_t s, int a, uint32_t t, int b) {
  BDD r = bdd_true();
  for (uint32_t j = 0; j < E->slots[s].width; j++)
    r = pds_keep(E, bdd_and(r, pds_keep(E, bdd_biimp(bdd_ithvar(pds_var(E, pds_pos(E, s, j), a)),
                                                      bdd_ithvar(pds_var(E, pds_pos(E, t, j), b))))));
  return r;
}

BDD pds_eq_list(pds_enc *E, int k, uint32_t f, int a, int b) {
  BDD r = bdd_true();
  for (uint32_t i = 0; i < E->nsl[k][f]; i++) r = pds_keep(E, bdd_and(r, eq_slot(E, E->sl[k][f][i], a, E->sl[k][f][i], b)));
  return r;
}

/* ---- layout ---- */

static void add_list(pds_enc *E, int k, uint32_t f, uint32_t s) {
  uint32_t n = E->nsl[k][f];
  E->sl[k][f] = xrealloc(E->sl[k][f], (n + 1) * sizeof(uint32_t));
  E->sl[k][f][n] = s;
  E->nsl[k][f] = n + 1;
}

static void lists(pds_enc *E) {
  const cfa_prog *p = E->p;
  uint32_t ng = p->globals.size;
  for (int k = 0; k < SL_NKIND; k++) {
    E->sl[k] = xcalloc(p->nprocs + 1, sizeof *E->sl[k]);
    E->nsl[k] = xcalloc(p->nprocs + 1, sizeof *E->nsl[k]);
    for (int c = 0; c < PC_NCOPY; c++) {
      E->vs[k][c] = xmalloc((p->nprocs + 1) * sizeof(BDD));
      for (uint32_t f = 0; f <= p->nprocs; f++) E->vs[k][c][f] = PDS_UNBUILT;
    }
  }
  for (uint32_t f = 0; f < p->nprocs; f++) {
    const cfa_proc *pr = &p->procs[f];
    uint32_t ret = pr->ret != NULL_TERM ? pds_slot_of(E, pr->ret) : CFA_NONE;
    for (uint32_t i = 0; i < ng; i++) {
      add_list(E, SL_FRAME, f, i), add_list(E, SL_ENTRY, f, i), add_list(E, SL_GLOBALS, f, i);
      if (f != p->main) add_list(E, SL_ENT, f, i);
    }
    for (uint32_t s = E->first[f]; s < E->first[f + 1]; s++) {
      bool param = s - E->first[f] < pr->nparams;
      add_list(E, SL_FRAME, f, s), add_list(E, SL_LOCALS, f, s);
      if (param) add_list(E, SL_ENTRY, f, s);
      if (param && f != p->main) add_list(E, SL_ENT, f, s);
      if (s != ret) add_list(E, SL_NONRET, f, s);
      if (!param) add_list(E, SL_NONENTRY, f, s);
    }
  }
}

uint32_t pds_enc_bits(const cfa_prog *p) {
  uint64_t n = 0;
  for (uint32_t i = 0; i < p->globals.size; i++) {
    uint32_t w = bb_width(term_type(p->globals.data[i]));
    if (!w) return UINT32_MAX;
    n += w;
  }
  for (uint32_t f = 0; f < p->nprocs; f++)
    for (uint32_t i = 0; i < p->procs[f].body.vars.size; i++) {
      uint32_t w = bb_width(term_type(p->procs[f].body.vars.data[i]));
      if (!w) return UINT32_MAX;
      n += w;
    }
  return n >= UINT32_MAX ? UINT32_MAX - 1 : (uint32_t)n;
}

bool pds_enc_bdd_able(const cfa_prog *p) { return pds_enc_bits(p) != UINT32_MAX; }

static bool layout(pds_enc *E, char *why, size_t len) {
  const cfa_prog *p = E->p;
  uint32_t nv = p->globals.size;
  for (uint32_t f = 0; f < p->nprocs; f++) nv += p->procs[f].body.vars.size;
  E->slots = xcalloc(nv + 1, sizeof *E->slots);
  E->first = xcalloc(p->nprocs + 2, sizeof *E->first);
  for (uint32_t i = 0; i < p->globals.size; i++) E->slots[E->nslots++].var = p->globals.data[i];
  for (uint32_t f = 0; f < p->nprocs; f++) {
    E->first[f] = E->nslots;
    for (uint32_t i = 0; i < p->procs[f].body.vars.size; i++) E->slots[E->nslots++].var = p->procs[f].body.vars.data[i];
  }
  E->first[p->nprocs] = E->nslots;
  /* scalars before arrays in the order: an index is decided before the
   * elements it selects */
  for (int pass = 0; pass < 2; pass++)
    for (uint32_t i = 0; i < E->nslots; i++) {
      bool arr = type_kind_of(term_type(E->slots[i].var)) == TYPE_ARRAY;
      if (arr != (pass == 1)) continue;
      uint32_t w = E->smt ? 0 : bb_width(term_type(E->slots[i].var));
      if (!w && !E->smt) {
        snprintf(why, len, "pds: variable %s has a type the BDD engine does not support", term_var_name(E->slots[i].var));
        return false;
      }
      E->slots[i].width = w;
      E->slots[i].base = E->nbits;
      E->nbits += w;
    }
  if (E->nbits > 4000) {
    snprintf(why, len, "pds: %u state bits are too many for BDDs", E->nbits);
    return false;
  }
  return true;
}

bool pds_enc_open(pds_enc *E, const cfa_prog *p, uint32_t nabs, bool smt, const zeta_limits *lim, char *why,
                  size_t len) {
  memset(E, 0, sizeof *E);
  E->p = p;
  E->lim = lim;
  E->nabs = E->abs_top = nabs;
  E->smt = smt;
  if (!layout(E, why, len)) {
    free(E->slots), free(E->first);
    E->slots = NULL, E->first = NULL;
    return false;
  }
  bb_open((int)(nabs + E->nbits * PC_NCOPY));
  bb_init(&E->bb);
  lists(E);
  for (int c = 0; c < PC_NCOPY; c++) {
    E->vslot[c] = xmalloc((E->nslots + 1) * sizeof(BDD));
    for (uint32_t i = 0; i < E->nslots; i++) E->vslot[c][i] = PDS_UNBUILT;
  }
  E->rel = xcalloc(p->nprocs + 1, sizeof *E->rel);
  E->frame = xcalloc(p->nprocs + 1, sizeof *E->frame);
  E->sub = xcalloc(p->nprocs + 1, sizeof *E->sub);
  E->call_of = xcalloc(p->nprocs + 1, sizeof *E->call_of);
  for (uint32_t f = 0; f < p->nprocs; f++) {
    const cfa *c = &p->procs[f].body;
    E->rel[f] = xmalloc((c->nedges + 1) * sizeof(BDD));
    E->frame[f] = xcalloc(c->nedges + 1, sizeof(pds_eframe));
    E->sub[f] = xcalloc(c->nedges + 1, sizeof(pds_esub));
    E->call_of[f] = xmalloc((c->nedges + 1) * sizeof(uint32_t));
    for (uint32_t e = 0; e < c->nedges; e++) {
      E->rel[f][e] = PDS_UNBUILT;
      E->call_of[f][e] = CFA_NONE;
      if (!c->edges[e].call) continue;
      E->calls = xrealloc(E->calls, (E->ncalls + 1) * sizeof *E->calls);
      E->calls[E->ncalls] = (pds_call){f, e, c->edges[e].call->callee};
      E->call_of[f][e] = E->ncalls++;
    }
  }
  E->bind = xmalloc((E->ncalls + 1) * sizeof(BDD));
  for (uint32_t i = 0; i < E->ncalls; i++) E->bind[i] = PDS_UNBUILT;
  if (smt) pds_smt_open(E);
  return true;
}

void pds_enc_close(pds_enc *E) {
  if (!E->slots) return;
  if (E->smt) pds_smt_close(E);
  bb_free(&E->bb);
  for (uint32_t f = 0; f < E->p->nprocs; f++) {
    for (uint32_t e = 0; e < E->p->procs[f].body.nedges && !E->smt; e++)
      if (E->rel[f][e] != PDS_UNBUILT) bdd_delref(E->rel[f][e]);
    for (uint32_t e = 0; e < E->p->procs[f].body.nedges; e++)
      if (E->frame[f][e].kind >= PDS_FR_TOTAL) bdd_delref(E->frame[f][e].w);
    for (uint32_t e = 0; e < E->p->procs[f].body.nedges; e++)   /* the pairs: bdd_done frees them */
      if (E->sub[f][e].kind == PDS_SUB_OK) {
        pds_esub *sb = &E->sub[f][e];
        bdd_delref(sb->cond), bdd_delref(sb->aux), bdd_delref(sb->w);
        if (sb->rel_w != PDS_UNBUILT) bdd_delref(sb->rel_w), bdd_delref(sb->wn);
        for (uint32_t i = 0; i < sb->nw; i++) bdd_delref(sb->wval[i]);
        free(sb->wvar), free(sb->wval);
      }
    free(E->rel[f]), free(E->frame[f]), free(E->sub[f]), free(E->call_of[f]);
  }
  for (int k = 0; k < SL_NKIND; k++) {
    for (uint32_t f = 0; f < E->p->nprocs; f++) free(E->sl[k][f]);
    free(E->sl[k]), free(E->nsl[k]);
    for (int c = 0; c < PC_NCOPY; c++) free(E->vs[k][c]);
  }
  free(E->rel), free(E->frame), free(E->sub), free(E->call_of), free(E->calls), free(E->bind);
  free(E->slots), free(E->first);
  free(E->pair_key), free(E->pair);   /* the pairs: bdd_done frees them (bdd_freepair: O(variables) each) */
  for (int c = 0; c < PC_NCOPY; c++) free(E->vslot[c]);
  bb_close();
  memset(E, 0, sizeof *E);
}

/* ---- relations ---- */

/* Sets every frame variable of f to its copy `copy` for bb_term. */
static void bind_frame(pds_enc *E, uint32_t f, int copy) {
  for (uint32_t i = 0; i < E->nsl[SL_FRAME][f]; i++) {
    uint32_t s = E->sl[SL_FRAME][f][i];
    bb_vec v = vec(E, s, copy);
    bb_set(&E->bb, E->slots[s].var, v);
    free(v.b);
  }
}

static bool term_vec_of(pds_enc *E, term_t t, bb_vec *out, char *why, size_t len) {
  if (bb_term(&E->bb, t, out)) return true;
  snprintf(why, len, "pds: %s", E->bb.error ? E->bb.error : "translation failed");
  return false;
}

typedef struct {
  int level;   /* of the NXT bit */
  BDD b;
} bit_eq;

static int deeper_first(const void *a, const void *b) {
  int x = ((const bit_eq *)a)->level, y = ((const bit_eq *)b)->level;
  return (x < y) - (x > y);
}

/* The relation of the statements st[0..n) of f over CUR and NXT, with no
 * variable havocked twice (havoc values in the AUX copy, quantified). */
static bool seg_rel(pds_enc *E, uint32_t f, const cfa_stmt *st, uint32_t n, BDD *out, char *why, size_t len) {
  bind_frame(E, f, PC_CUR);
  BDD cond = bdd_true();
  bool ok = true;
  for (uint32_t i = 0; i < n && ok; i++) {
    const cfa_stmt *s = &st[i];
    bb_vec v;
    if (s->kind == CFA_ASSUME) {
      if ((ok = term_vec_of(E, s->expr, &v, why, len))) cond = pds_keep(E, bdd_and(cond, v.b[0])), free(v.b);
    } else if (s->kind == CFA_ASSIGN) {
      if ((ok = term_vec_of(E, s->expr, &v, why, len))) bb_set(&E->bb, s->var, v), free(v.b);
    } else if (s->kind == CFA_HAVOC) {
      v = vec(E, pds_slot_of(E, s->var), PC_AUX);
      bb_set(&E->bb, s->var, v);
      free(v.b);
    } else {
      snprintf(why, len, "pds: a choice statement");
      ok = false;
    }
  }
  uint32_t nf = E->nsl[SL_FRAME][f];
  const uint32_t *fs = E->sl[SL_FRAME][f];
  /* one conjunct per bit (next = now), conjoined from the bottom of the
   * variable order up, the condition last: an identity then lies above
   * the conjunction so far and costs one node (in frame order each
   * conjunction walked the whole result: quadratic in the frame's bits) */
  bit_eq *eq = NULL;
  size_t neq = 0, cap = 0;
  for (uint32_t i = 0; i < nf && ok; i++) {
    bb_vec now, nx = vec(E, fs[i], PC_NXT);
    if ((ok = term_vec_of(E, E->slots[fs[i]].var, &now, why, len))) {
      XGROW(eq, cap, neq + now.n);
      for (uint32_t j = 0; j < now.n; j++)
        eq[neq++] = (bit_eq){bdd_var2level(bdd_var(nx.b[j])), pds_keep(E, bdd_biimp(now.b[j], nx.b[j]))};
      free(now.b);
    }
    free(nx.b);
  }
  if (neq) qsort(eq, neq, sizeof *eq, deeper_first);
  BDD r = bdd_true();
  for (size_t i = 0; i < neq && ok; i++) r = pds_keep(E, bdd_and(r, eq[i].b));
  free(eq);
  if (ok) r = pds_keep(E, bdd_and(r, cond));
  if (ok) *out = pds_keep(E, bdd_exist(r, pds_vs(E, SL_FRAME, f, PC_AUX)));
  return ok;
}

/* f's frame (or, list SL_ENTRY, its inputs), copy from -> to */
static bddPair *list_pair(pds_enc *E, int what, int k, uint32_t f, int from, int to) {
  bool fresh;
  bddPair *pr = pds_pair(E, PDS_PAIR_KEY(what, f, from, to), &fresh);
  if (fresh) pds_pair_list(E, pr, k, f, from, to);
  return pr;
}

static bddPair *frame_pair(pds_enc *E, int what, uint32_t f, int from, int to) {
  return list_pair(E, what, SL_FRAME, f, from, to);
}

/* f's frame CUR <-> NXT, one pair for images and pre-images (each pair
 * costs BuDDy O(variables)): an image's relational product leaves no CUR
 * variable of the frame, and sets never mention NXT, so the direction
 * not needed maps nothing. */
static bddPair *step_pair(pds_enc *E, uint32_t f) {
  bool fresh;
  bddPair *pr = pds_pair(E, PDS_PAIR_KEY(PK_IMG_EDGE, f, PC_CUR, PC_NXT), &fresh);
  if (fresh) pds_pair_list(E, pr, SL_FRAME, f, PC_CUR, PC_NXT), pds_pair_list(E, pr, SL_FRAME, f, PC_NXT, PC_CUR);
  return pr;
}

bool pds_edge_rel(pds_enc *E, uint32_t f, uint32_t e, char *why, size_t len) {
  if (E->rel[f][e] != PDS_UNBUILT) return true;
  const cfa_edge *ed = &E->p->procs[f].body.edges[e];
  bool *hav = xcalloc(E->nslots + 1, sizeof *hav);
  BDD rel = PDS_UNBUILT;
  bool ok = true;
  uint32_t from = 0;
  for (uint32_t i = 0; i <= ed->nstmts && ok; i++) {
    bool cut = i == ed->nstmts;
    if (!cut && ed->stmts[i].kind == CFA_HAVOC) {
      uint32_t k = pds_slot_of(E, ed->stmts[i].var);
      if (k == CFA_NONE) {
        snprintf(why, len, "pds: havoc of an unknown variable");
        ok = false;
        break;
      }
      if (hav[k]) {
        cut = true;
        memset(hav, 0, (E->nslots + 1) * sizeof *hav);
      }
      hav[k] = true;
    }
    if (!cut) continue;
    BDD seg;
    if (!(ok = seg_rel(E, f, ed->stmts + from, i - from, &seg, why, len))) break;
    if (rel == PDS_UNBUILT) {
      rel = seg;
    } else {   /* compose through the OUT copy */
      bddPair *a = frame_pair(E, PK_COMPOSE, f, PC_NXT, PC_OUT), *b = frame_pair(E, PK_COMPOSE, f, PC_CUR, PC_OUT);
      BDD x = pds_keep(E, bdd_replace(rel, a)), y = pds_keep(E, bdd_replace(seg, b));
      rel = pds_keep(E, bdd_relprod(x, y, pds_vs(E, SL_FRAME, f, PC_OUT)));
    }
    from = i;
  }
  if (ok) E->rel[f][e] = bdd_addref(rel);
  free(hav);
  return ok;
}

bool pds_edge_frame(pds_enc *E, uint32_t f, uint32_t e, BDD *w, bool *onto) {
  pds_eframe *fr = &E->frame[f][e];
  if (fr->kind == PDS_FR_UNBUILT) {
    cfa_frame cf;
    cfa_edge_frame(&E->p->procs[f].body.edges[e], &cf);
    BDD vs = bdd_true();
    for (uint32_t i = 0; i < cf.nwrites && cf.total; i++) {
      uint32_t k = pds_slot_of(E, cf.writes[i]);
      if (k == CFA_NONE) cf.total = false;
      else vs = pds_keep(E, bdd_and(vs, pds_vs_slot(E, k, PC_CUR)));
    }
    fr->kind = !cf.total ? PDS_FR_NONE : cf.onto ? PDS_FR_ONTO : PDS_FR_TOTAL;
    if (cf.total) fr->w = bdd_addref(vs);
    cfa_frame_free(&cf);
  }
  if (fr->kind == PDS_FR_NONE) return false;
  *w = fr->w, *onto = fr->kind == PDS_FR_ONTO;
  return true;
}

/* Symbolic execution of the edge from the CUR copy (seg_rel's), keeping
 * the written slots' values instead of a relation. */
static bool build_sub(pds_enc *E, uint32_t f, uint32_t e, pds_esub *sb) {
  const cfa_edge *ed = &E->p->procs[f].body.edges[e];
  if (ed->call) return false;
  bool *wr = xcalloc(E->nslots + 1, sizeof *wr), *hav = xcalloc(E->nslots + 1, sizeof *hav);
  char why[160];   /* not reported: the relation's route reports it */
  bind_frame(E, f, PC_CUR);
  BDD cond = bdd_true(), aux = bdd_true();
  bool ok = true;
  uint32_t nwr = 0;
  for (uint32_t i = 0; i < ed->nstmts && ok; i++) {
    const cfa_stmt *st = &ed->stmts[i];
    uint32_t k = st->kind == CFA_ASSUME ? 0 : pds_slot_of(E, st->var);
    bb_vec v;
    if (st->kind == CFA_ASSUME) {
      if ((ok = term_vec_of(E, st->expr, &v, why, sizeof why))) cond = pds_keep(E, bdd_and(cond, v.b[0])), free(v.b);
    } else if (st->kind == CFA_ASSIGN && k != CFA_NONE) {
      if ((ok = term_vec_of(E, st->expr, &v, why, sizeof why))) bb_set(&E->bb, st->var, v), free(v.b);
    } else if (st->kind == CFA_HAVOC && k != CFA_NONE && !hav[k]) {   /* a second havoc needs a second copy */
      hav[k] = true;
      v = vec(E, k, PC_AUX);
      bb_set(&E->bb, st->var, v), free(v.b);
      aux = pds_keep(E, bdd_and(aux, pds_vs_slot(E, k, PC_AUX)));
    } else {
      ok = false;
    }
    if (ok && st->kind != CFA_ASSUME) nwr += !wr[k], wr[k] = true;
  }
  uint32_t nw = 0, cap = 0;
  int *wvar = NULL;
  BDD *wval = NULL, w = bdd_true();
  for (uint32_t i = 0; i < E->nsl[SL_FRAME][f] && ok; i++) {
    uint32_t s = E->sl[SL_FRAME][f][i];
    bb_vec v;
    if (!wr[s]) continue;
    nwr--;
    if (!(ok = term_vec_of(E, E->slots[s].var, &v, why, sizeof why))) break;
    XGROW(wvar, cap, nw + v.n);
    wval = xrealloc(wval, cap * sizeof *wval);
    for (uint32_t j = 0; j < v.n; j++) wvar[nw] = pds_var(E, pds_pos(E, s, j), PC_CUR), wval[nw++] = bdd_addref(v.b[j]);
    w = pds_keep(E, bdd_and(w, pds_vs_slot(E, s, PC_CUR)));
    free(v.b);
  }
  ok = ok && nwr == 0;   /* every written slot in f's frame */
  if (ok) *sb = (pds_esub){PDS_SUB_OK, NULL, bdd_addref(cond), bdd_addref(aux), nw, wvar, wval, bdd_addref(w), PDS_UNBUILT, PDS_UNBUILT};
  else {
    for (uint32_t i = 0; i < nw; i++) bdd_delref(wval[i]);
    free(wvar), free(wval);
  }
  free(wr), free(hav);
  return ok;
}

static pds_esub *edge_sub(pds_enc *E, uint32_t f, uint32_t e) {
  pds_esub *sb = &E->sub[f][e];
  if (E->smt || E->no_sub) return NULL;
  if (sb->kind == PDS_SUB_UNBUILT && !build_sub(E, f, e, sb)) sb->kind = PDS_SUB_NONE;
  return sb->kind == PDS_SUB_OK ? sb : NULL;
}

/* The edge's one renaming pair (each pair costs BuDDy O(variables)),
 * made on first use: CUR_w <-> NXT_w both ways. An image's product
 * leaves no CUR_w and a set to take the pre-image of mentions no NXT, so
 * one pair serves both directions. */
static bddPair *sub_pair(pds_esub *sb) {
  if (sb->pr) return sb->pr;
  sb->pr = bdd_newpair();
  for (uint32_t i = 0; i < sb->nw; i++) {
    int nx = sb->wvar[i] + (PC_NXT - PC_CUR);
    bdd_setpair(sb->pr, sb->wvar[i], nx), bdd_setpair(sb->pr, nx, sb->wvar[i]);
  }
  return sb->pr;
}

/* rel_w (deepest NXT bit first, as seg_rel) and the NXT_w varset */
static void build_rel_w(pds_enc *E, pds_esub *sb) {
  if (sb->rel_w != PDS_UNBUILT) return;
  bit_eq *eq = xmalloc((sb->nw + 1) * sizeof *eq);
  int *nv = xmalloc((sb->nw + 1) * sizeof *nv);
  for (uint32_t i = 0; i < sb->nw; i++) {
    int nx = nv[i] = sb->wvar[i] + (PC_NXT - PC_CUR);
    eq[i] = (bit_eq){bdd_var2level(nx), pds_keep(E, bdd_biimp(bdd_ithvar(nx), sb->wval[i]))};
  }
  qsort(eq, sb->nw, sizeof *eq, deeper_first);
  BDD r = bdd_true();
  for (uint32_t i = 0; i < sb->nw; i++) r = pds_keep(E, bdd_and(r, eq[i].b));
  sb->rel_w = bdd_addref(pds_keep(E, bdd_and(r, sb->cond)));
  sb->wn = bdd_addref(pds_keep(E, bdd_and(bdd_makeset(nv, (int)sb->nw), sb->aux)));
  free(eq), free(nv);
}

bool pds_img_sub(pds_enc *E, uint32_t f, uint32_t e, BDD S, BDD *out) {
  pds_esub *sb = edge_sub(E, f, e);
  if (!sb) return false;
  build_rel_w(E, sb);
  BDD q = pds_keep(E, bdd_and(sb->w, sb->aux));
  BDD t = pds_keep(E, bdd_appex(S, sb->rel_w, bddop_and, q));
  *out = pds_keep(E, bdd_replace(t, sub_pair(sb)));
  return true;
}

/* pre(S) = exists NXT_w, aux. rel_w /\ S[CUR_w := NXT_w]: the same set as
 * exists aux. cond /\ S[v := v's value] (bdd_veccompose, session 15's
 * first form: slower on large sets, quicksort-one strongest 23 against
 * 30 cycles in the same CPU time). */
bool pds_pre_sub(pds_enc *E, uint32_t f, uint32_t e, BDD S, BDD *out) {
  pds_esub *sb = edge_sub(E, f, e);
  if (!sb) return false;
  build_rel_w(E, sb);
  BDD t = pds_keep(E, bdd_replace(S, sub_pair(sb)));
  *out = pds_keep(E, bdd_appex(t, sb->rel_w, bddop_and, sb->wn));
  return true;
}

/* Whether S does not mention the variables of varset w. */
static bool free_of(pds_enc *E, BDD S, BDD w) { return pds_keep(E, bdd_exist(S, w)) == S; }

bool pds_bind(pds_enc *E, uint32_t c, char *why, size_t len) {
  if (E->bind[c] != PDS_UNBUILT) return true;
  const pds_call *k = &E->calls[c];
  const cfa_call *cl = E->p->procs[k->proc].body.edges[k->edge].call;
  uint32_t ng = E->p->globals.size;
  bind_frame(E, k->proc, PC_CUR);
  BDD r = bdd_true();
  for (uint32_t i = 0; i < ng; i++) r = pds_keep(E, bdd_and(r, eq_slot(E, i, PC_AUX, i, PC_CUR)));
  for (uint32_t i = 0; i < cl->nargs; i++) {
    bb_vec a;
    if (!term_vec_of(E, cl->args[i], &a, why, len)) return false;
    bb_vec x = vec(E, E->first[k->callee] + i, PC_AUX);
    r = pds_keep(E, bdd_and(r, bb_eq(&E->bb, a, x)));
    free(a.b), free(x.b);
  }
  E->bind[c] = bdd_addref(r);
  return true;
}

/* ---- images ---- */

static BDD renamed(pds_enc *E, BDD S, bddPair *pr) { return pds_keep(E, bdd_replace(S, pr)); }

bool pds_img_edge(pds_enc *E, uint32_t f, uint32_t e, pds_set S, pds_set *out, char *why, size_t len) {
  if (E->smt) return pds_smt_img_edge(E, f, e, S, out, why, len);
  BDD w;
  bool onto;
  if (pds_edge_frame(E, f, e, &w, &onto) && onto && free_of(E, S, w)) {   /* pds_edge_frame's img(S) = S */
    *out = S;
    return true;
  }
  if (pds_img_sub(E, f, e, S, out)) return true;
  if (!pds_edge_rel(E, f, e, why, len)) return false;
  BDD img = pds_keep(E, bdd_relprod(S, E->rel[f][e], pds_vs(E, SL_FRAME, f, PC_CUR)));
  *out = renamed(E, img, step_pair(E, f));
  return true;
}

bool pds_pre_edge(pds_enc *E, uint32_t f, uint32_t e, pds_set S, pds_set *out, char *why, size_t len) {
  if (E->smt) return pds_smt_pre_edge(E, f, e, S, out, why, len);
  BDD w;
  bool onto;
  if (pds_edge_frame(E, f, e, &w, &onto) && free_of(E, S, w)) {   /* pds_edge_frame's pre(S) = S */
    *out = S;
    return true;
  }
  if (pds_pre_sub(E, f, e, S, out)) return true;
  if (!pds_edge_rel(E, f, e, why, len)) return false;
  BDD nx = renamed(E, S, step_pair(E, f));
  *out = pds_keep(E, bdd_relprod(E->rel[f][e], nx, pds_vs(E, SL_FRAME, f, PC_NXT)));
  return true;
}

bool pds_img_push_en(pds_enc *E, uint32_t c, pds_set S, pds_set *out, char *why, size_t len) {
  if (E->smt) return pds_smt_img_push(E, c, S, false, out, why, len);
  if (!pds_bind(E, c, why, len)) return false;
  uint32_t g = E->calls[c].proc;
  BDD q = vs_and(E, pds_vs(E, SL_FRAME, g, PC_CUR), pds_vs(E, SL_ENT, g, PC_ENT));
  *out = pds_keep(E, bdd_relprod(S, E->bind[c], q));
  return true;
}

bool pds_img_push_pv(pds_enc *E, uint32_t c, pds_set S, pds_set *out, char *why, size_t len) {
  if (E->smt) return pds_smt_img_push(E, c, S, true, out, why, len);
  if (!pds_bind(E, c, why, len)) return false;
  *out = pds_keep(E, bdd_relprod(S, E->bind[c], pds_vs(E, SL_GLOBALS, E->calls[c].proc, PC_CUR)));
  return true;
}

bool pds_pre_push_en(pds_enc *E, uint32_t c, pds_set S, pds_set *out, char *why, size_t len) {
  if (E->smt) return pds_smt_pre_push(E, c, S, out, why, len);
  if (!pds_bind(E, c, why, len)) return false;
  *out = pds_keep(E, bdd_relprod(E->bind[c], S, pds_vs(E, SL_ENTRY, E->calls[c].callee, PC_AUX)));
  return true;
}

bool pds_pre_push_pv(pds_enc *E, uint32_t c, pds_set S, pds_set *out, char *why, size_t len) {
  return pds_pre_push_en(E, c, S, out, why, len);
}

BDD pds_aux_to_ent(pds_enc *E, uint32_t f, BDD S) {
  return renamed(E, S, list_pair(E, PK_ENTER, SL_ENTRY, f, PC_AUX, PC_ENT));
}

pds_set pds_img_enter(pds_enc *E, uint32_t f, pds_set S) {
  if (E->smt) return pds_smt_img_enter(E, f, S);
  BDD r = pds_aux_to_ent(E, f, S);
  return pds_keep(E, bdd_and(r, pds_eq_list(E, SL_ENTRY, f, PC_CUR, PC_ENT)));
}

pds_set pds_pre_enter(pds_enc *E, uint32_t f, pds_set S) {
  if (E->smt) return pds_smt_pre_enter(E, f, S);
  BDD t = pds_keep(E, bdd_exist(S, pds_vs(E, SL_NONENTRY, f, PC_CUR)));
  t = pds_keep(E, bdd_relprod(t, pds_eq_list(E, SL_ENTRY, f, PC_CUR, PC_ENT), pds_vs(E, SL_ENTRY, f, PC_CUR)));
  return renamed(E, t, list_pair(E, PK_ENTER, SL_ENTRY, f, PC_ENT, PC_AUX));
}

/* pr: ENT -> AUX (inputs), CUR -> OUT of the globals and the result */
static bddPair *exit_pairs(pds_enc *E, uint32_t f, int in_from, int in_to, int out_from, int out_to) {
  bool fresh;
  bddPair *pr = pds_pair(E, PDS_PAIR_KEY(PK_POP, f, in_from, in_to), &fresh);
  if (!fresh) return pr;
  pds_pair_list(E, pr, SL_ENTRY, f, in_from, in_to);
  pds_pair_list(E, pr, SL_GLOBALS, f, out_from, out_to);
  term_t ret = E->p->procs[f].ret;
  if (ret != NULL_TERM) {
    uint32_t s = pds_slot_of(E, ret);
    pds_pair_slot(E, pr, s, out_from, s, out_to);
  }
  return pr;
}

pds_set pds_img_pop(pds_enc *E, uint32_t f, pds_set S) {
  if (E->smt) return pds_smt_img_pop(E, f, S);
  BDD t = pds_keep(E, bdd_exist(S, pds_vs(E, SL_NONRET, f, PC_CUR)));
  /* the parameters' CUR copies are f's locals: gone; ENT holds the inputs */
  return renamed(E, t, exit_pairs(E, f, PC_ENT, PC_AUX, PC_CUR, PC_OUT));
}

pds_set pds_pre_pop(pds_enc *E, uint32_t f, pds_set S) {
  if (E->smt) return pds_smt_pre_pop(E, f, S);
  return renamed(E, S, exit_pairs(E, f, PC_AUX, PC_ENT, PC_OUT, PC_CUR));
}

/* The caller's result slot of call c (CFA_NONE: dropped) and the callee's
 * result slot. */
void pds_result_slots(pds_enc *E, uint32_t c, uint32_t *rs, uint32_t *ret) {
  const pds_call *k = &E->calls[c];
  const cfa_call *cl = E->p->procs[k->proc].body.edges[k->edge].call;
  term_t rv = E->p->procs[k->callee].ret;
  *ret = rv != NULL_TERM ? pds_slot_of(E, rv) : CFA_NONE;
  *rs = cl->result != NULL_TERM && *ret != CFA_NONE ? pds_slot_of(E, cl->result) : CFA_NONE;
}

pds_set pds_img_eval(pds_enc *E, uint32_t c, pds_set Spv, pds_set Sef) {
  if (E->smt) return pds_smt_img_eval(E, c, Spv, Sef);
  const pds_call *k = &E->calls[c];
  uint32_t rs, ret, ng = E->p->globals.size;
  pds_result_slots(E, c, &rs, &ret);
  BDD a = Spv, b = Sef;
  if (rs != CFA_NONE) {
    if (rs >= ng) a = pds_keep(E, bdd_exist(a, pds_vs_slot(E, rs, PC_CUR)));
    else b = pds_keep(E, bdd_exist(b, pds_vs_slot(E, rs, PC_OUT)));
    b = pds_keep(E, bdd_and(b, eq_slot(E, rs, PC_CUR, ret, PC_OUT)));
  }
  BDD q = pds_vs(E, SL_ENTRY, k->callee, PC_AUX);
  if (ret != CFA_NONE) q = vs_and(E, q, pds_vs_slot(E, ret, PC_OUT));
  BDD r = pds_keep(E, bdd_relprod(a, b, q));
  bool fresh;
  bddPair *pr = pds_pair(E, PDS_PAIR_KEY(PK_EVAL, c, PC_OUT, PC_CUR), &fresh);
  for (uint32_t i = 0; i < ng && fresh; i++)
    if (i != rs) pds_pair_slot(E, pr, i, PC_OUT, i, PC_CUR);
  return renamed(E, r, pr);
}

pds_set pds_eval_back(pds_enc *E, uint32_t c, pds_set S) {
  if (E->smt) return pds_smt_eval_back(E, c, S);
  uint32_t rs, ret, ng = E->p->globals.size;
  pds_result_slots(E, c, &rs, &ret);
  BDD t = S;
  /* the pivot's own value of a local result is overwritten: not part of it */
  bool fresh;
  bddPair *pr = pds_pair(E, PDS_PAIR_KEY(PK_EVAL_BACK, c, PC_CUR, PC_OUT), &fresh);
  for (uint32_t i = 0; i < ng && fresh; i++)
    if (i != rs) pds_pair_slot(E, pr, i, PC_CUR, i, PC_OUT);
  if (fresh && rs != CFA_NONE) pds_pair_slot(E, pr, rs, PC_CUR, ret, PC_OUT);
  return renamed(E, t, pr);
}

/* ---- support ---- */

/* (BuDDy's bdd_support keeps a static table sized by the first
 * bdd_init's variable count: wrong after a later, larger bdd_init.) */
/* Visits every inner node of q once (its variable), until visit says stop. */
static bool walk_vars(BDD q, bool (*visit)(int var, bool *in), bool *in) {
  size_t cap = 64, n = 0, seen_cap = 256, nseen = 0;
  BDD *stack = xmalloc(cap * sizeof *stack);
  int *seen = xmalloc(seen_cap * sizeof *seen);
  for (size_t i = 0; i < seen_cap; i++) seen[i] = -1;
  bool ok = true;
  stack[n++] = q;
  while (n && ok) {
    BDD r = stack[--n];
    if (r == bdd_true() || r == bdd_false()) continue;
    size_t h = (size_t)r * 2654435761u % seen_cap;
    while (seen[h] != -1 && seen[h] != r) h = (h + 1) % seen_cap;
    if (seen[h] == r) continue;
    seen[h] = r;
    if (++nseen * 2 > seen_cap) {   /* grow the set */
      int *old = seen;
      size_t oc = seen_cap;
      seen_cap *= 2;
      seen = xmalloc(seen_cap * sizeof *seen);
      for (size_t i = 0; i < seen_cap; i++) seen[i] = -1;
      for (size_t i = 0; i < oc; i++)
        if (old[i] != -1) {
          size_t k = (size_t)old[i] * 2654435761u % seen_cap;
          while (seen[k] != -1) k = (k + 1) % seen_cap;
          seen[k] = old[i];
        }
      free(old);
    }
    ok = visit(bdd_var(r), in);
    XGROW(stack, cap, n + 2);
    stack[n++] = bdd_low(r), stack[n++] = bdd_high(r);
  }
  free(stack), free(seen);
  return ok;
}

static bool var_in(int var, bool *in) { return in[var]; }
static bool var_mark(int var, bool *in) { return in[var] = true; }

bool pds_only_vars(BDD q, BDD vs) {
  bool *in = xcalloc((size_t)bdd_varnum() + 1, sizeof *in);
  for (BDD r = vs; r != bdd_true() && r != bdd_false(); r = bdd_high(r)) in[bdd_var(r)] = true;
  bool ok = walk_vars(q, var_in, in);
  free(in);
  return ok;
}

/* ---- values and terms ---- */

/* ---- the set algebra ---- */

pds_set pds_s_true(pds_enc *E) { return E->smt ? term_true() : bdd_true(); }
pds_set pds_s_false(pds_enc *E) { return E->smt ? term_false() : bdd_false(); }
pds_set pds_s_and(pds_enc *E, pds_set a, pds_set b) { return E->smt ? term_and2(a, b) : pds_keep(E, bdd_and(a, b)); }
pds_set pds_s_or(pds_enc *E, pds_set a, pds_set b) { return E->smt ? term_or2(a, b) : pds_keep(E, bdd_or(a, b)); }
pds_set pds_s_not(pds_enc *E, pds_set a) { return E->smt ? term_not(a) : pds_keep(E, bdd_not(a)); }
pds_set pds_s_diff(pds_enc *E, pds_set a, pds_set b) {
  return E->smt ? term_and2(a, term_not(b)) : pds_keep(E, bdd_apply(a, b, bddop_diff));
}
bool pds_s_empty(pds_enc *E, pds_set a) { return E->smt ? pds_smt_empty(E, a) : a == bdd_false(); }
bool pds_s_within(pds_enc *E, pds_set a, pds_set b) {
  return E->smt ? pds_smt_empty(E, term_and2(a, term_not(b))) : bdd_apply(a, b, bddop_diff) == bdd_false();
}
void pds_s_ref(pds_enc *E, pds_set a) {
  if (!E->smt) bdd_addref(a);
}
void pds_s_unref(pds_enc *E, pds_set a) {
  if (!E->smt) bdd_delref(a);
}
uint32_t pds_s_size(pds_enc *E, pds_set a) { return E->smt ? (uint32_t)term_dag_size(a) : (uint32_t)bdd_nodecount(a); }

pds_set pds_s_exists_out(pds_enc *E, uint32_t f, pds_set S) {
  return E->smt ? pds_smt_exists_out(E, f, S) : pds_keep(E, bdd_exist(S, pds_vs_out(E, f)));
}

pds_set pds_s_exists_kept(pds_enc *E, uint32_t g, pds_set S) {
  if (E->smt) return pds_smt_exists_kept(E, g, S);
  return pds_keep(E, bdd_exist(S, vs_and(E, pds_vs(E, SL_LOCALS, g, PC_CUR), pds_vs(E, SL_ENT, g, PC_ENT))));
}

static BDD space_vs_among(pds_enc *E, const pds_space *sp, const bool *among, uint32_t skip) {
  BDD r = bdd_true();
  for (uint32_t i = 0; i < sp->n; i++)
    if (i != skip && (!among || among[i])) r = vs_and(E, r, pds_vs_slot(E, sp->slot[i], sp->copy[i]));
  return r;
}

static BDD space_vs(pds_enc *E, const pds_space *sp, uint32_t skip) { return space_vs_among(E, sp, NULL, skip); }

pds_set pds_s_project(pds_enc *E, pds_set S, const pds_space *sp, const bool *among, uint32_t i, bool forall) {
  if (E->smt) return PDS_UNBUILT;
  BDD others = space_vs_among(E, sp, among, i);
  return pds_keep(E, forall ? bdd_forall(S, others) : bdd_exist(S, others));
}

uint32_t pds_s_reads(pds_enc *E, pds_set S, const pds_space *sp, bool *reads) {
  uint32_t k = 0;
  if (E->smt) {
    for (uint32_t i = 0; i < sp->n; i++) reads[i] = true;
    return sp->n;
  }
  bool *in = xcalloc((size_t)bdd_varnum() + 1, sizeof *in);
  walk_vars(S, var_mark, in);
  for (uint32_t i = 0; i < sp->n; i++) {
    reads[i] = false;
    for (uint32_t j = 0; j < E->slots[sp->slot[i]].width && !reads[i]; j++)
      reads[i] = in[pds_var(E, pds_pos(E, sp->slot[i], j), sp->copy[i])];
    k += reads[i];
  }
  free(in);
  return k;
}

bool pds_s_only(pds_enc *E, pds_set S, const pds_space *sp) {
  return E->smt ? pds_smt_only(E, S, sp) : pds_only_vars(S, space_vs(E, sp, CFA_NONE));
}

pds_set pds_s_pick(pds_enc *E, pds_set S, const pds_space *sp) {
  if (E->smt) return pds_smt_pick(E, S, sp);
  if (S == bdd_false()) return S;
  return pds_keep(E, bdd_satoneset(S, space_vs(E, sp, CFA_NONE), bdd_false()));
}

/* ---- spaces ---- */

static void space_add(pds_enc *E, pds_space *sp, int k, uint32_t f, int copy) {
  for (uint32_t i = 0; i < E->nsl[k][f]; i++) {
    sp->slot = xrealloc(sp->slot, (sp->n + 1) * sizeof *sp->slot);
    sp->copy = xrealloc(sp->copy, (sp->n + 1) * sizeof *sp->copy);
    sp->slot[sp->n] = E->sl[k][f][i], sp->copy[sp->n++] = copy;
  }
}

void pds_space_pt(pds_enc *E, uint32_t f, pds_space *sp) {
  memset(sp, 0, sizeof *sp);
  space_add(E, sp, SL_FRAME, f, PC_CUR), space_add(E, sp, SL_ENT, f, PC_ENT);
}

void pds_space_en(pds_enc *E, uint32_t f, pds_space *sp) {
  memset(sp, 0, sizeof *sp);
  space_add(E, sp, SL_ENTRY, f, PC_AUX);
}

void pds_space_pv(pds_enc *E, uint32_t c, pds_space *sp) {
  memset(sp, 0, sizeof *sp);
  uint32_t g = E->calls[c].proc;
  space_add(E, sp, SL_LOCALS, g, PC_CUR), space_add(E, sp, SL_ENT, g, PC_ENT);
  space_add(E, sp, SL_ENTRY, E->calls[c].callee, PC_AUX);
}

void pds_space_ef(pds_enc *E, uint32_t f, pds_space *sp) {
  memset(sp, 0, sizeof *sp);
  space_add(E, sp, SL_ENTRY, f, PC_AUX), space_add(E, sp, SL_GLOBALS, f, PC_OUT);
  term_t ret = E->p->procs[f].ret;
  if (ret != NULL_TERM) {
    sp->slot = xrealloc(sp->slot, (sp->n + 1) * sizeof *sp->slot);
    sp->copy = xrealloc(sp->copy, (sp->n + 1) * sizeof *sp->copy);
    sp->slot[sp->n] = pds_slot_of(E, ret), sp->copy[sp->n++] = PC_OUT;
  }
}

void pds_space_cat(const pds_space *a, const pds_space *b, pds_space *out) {
  out->n = a->n + b->n;
  out->slot = xmalloc((out->n + 1) * sizeof *out->slot);
  out->copy = xmalloc((out->n + 1) * sizeof *out->copy);
  for (uint32_t i = 0; i < a->n; i++) out->slot[i] = a->slot[i], out->copy[i] = a->copy[i];
  for (uint32_t i = 0; i < b->n; i++) out->slot[a->n + i] = b->slot[i], out->copy[a->n + i] = b->copy[i];
}

void pds_space_free(pds_space *sp) {
  free(sp->slot), free(sp->copy);
  memset(sp, 0, sizeof *sp);
}

static bool bit_of(pds_enc *E, BDD cube, uint32_t s, uint32_t j, int copy) {
  int v = pds_var(E, pds_pos(E, s, j), copy);
  BDD r = cube;
  while (r != bdd_true() && r != bdd_false()) {
    if (bdd_var(r) == v) return bdd_high(r) != bdd_false();
    r = bdd_low(r) != bdd_false() ? bdd_low(r) : bdd_high(r);
  }
  return false;
}

static term_t value_of(pds_enc *E, BDD cube, uint32_t s, int copy, type_t ty, uint32_t off) {
  switch (type_kind_of(ty)) {
  case TYPE_BOOL: return term_bool(bit_of(E, cube, s, off, copy));
  case TYPE_BV: {
    uint32_t w = type_bv_width(ty);
    mpz_t v;
    mpz_init(v);
    for (uint32_t j = 0; j < w; j++)
      if (bit_of(E, cube, s, off + j, copy)) mpz_setbit(v, j);
    term_t t = term_bv_mpz(w, v);
    mpz_clear(v);
    return t;
  }
  default: {
    type_t et = type_array_elem(ty), it = type_array_index(ty);
    uint32_t ew = bb_width(et), ib = type_bv_width(it), ne = 1u << ib;
    term_t a = term_const_array(ty, value_of(E, cube, s, copy, et, off));
    for (uint32_t k = 1; k < ne; k++) a = term_store(a, term_bv_u64(ib, k), value_of(E, cube, s, copy, et, off + k * ew));
    return a;
  }
  }
}

term_t pds_s_value(pds_enc *E, pds_set one, uint32_t s, int copy) {
  if (E->smt) return pds_smt_value(E, one, s, copy);
  return value_of(E, one, s, copy, term_type(E->slots[s].var), 0);
}

typedef struct {
  term_t *atom;   /* per BDD variable: the Boolean atom, or NULL_TERM */
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
    return bit_atom(term_select(param, term_bv_u64(ib, k)), et, j % ew);
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

term_t pds_bdd_term(BDD b, const term_t *atom_of, bool *ok) {
  conv cv = {(term_t *)atom_of, NULL, NULL, 2 * (uint32_t)bdd_nodecount(b) + 16};
  cv.keys = xmalloc(cv.cap * sizeof *cv.keys);
  cv.vals = xmalloc(cv.cap * sizeof *cv.vals);
  for (uint32_t i = 0; i < cv.cap; i++) cv.keys[i] = -1;
  term_t t = to_term(&cv, b, ok);
  free(cv.keys), free(cv.vals);
  return t;
}

term_t pds_set_term(pds_enc *E, BDD S, uint32_t n, const uint32_t *slots, const int *copies, const term_t *params,
                    bool *ok) {
  size_t na = (size_t)bdd_varnum();
  term_t *atom = xmalloc((na + 1) * sizeof *atom);
  for (size_t i = 0; i < na; i++) atom[i] = NULL_TERM;
  for (uint32_t i = 0; i < n; i++) {
    const pds_slot *s = &E->slots[slots[i]];
    for (uint32_t j = 0; j < s->width; j++)
      atom[pds_var(E, pds_pos(E, slots[i], j), copies[i])] = bit_atom(params[i], term_type(params[i]), j);
  }
  term_t t = pds_bdd_term(S, atom, ok);
  free(atom);
  return t;
}
