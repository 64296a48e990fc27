/* The abstract Boolean pushdown system (pds_abs.h). */
#include "engine/pds_abs.h"
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "engine/pds_smt.h"

/* The first E->abs_top abstract variables (PDS_INIT_PREDS predicates'
 * worth) come first in BuDDy's order, interleaved by predicate, before
 * the concrete ones; more are made below them as predicates come (grow).
 * BuDDy's set-up, renaming pairs and quantification tables cost
 * O(variables), and most programs use a few predicates per symbol, not
 * PDS_MAX_PREDS. Measured (session 13): predicates below the concrete
 * ones are dearer (all of them there: loopinv-n4 +2.7% instructions;
 * predicates 16-37 there: bubblesort skip-conciliated 1.5-2.5x engine
 * CPU), and moving grown ones up with bdd_setvarorder cost
 * bubblesort-unsafe 2.7x; 64 first covers every run that decides. */
int pds_av(const pds_enc *E, uint32_t i, int copy) {
  uint32_t v = i * AC_NCOPY + (uint32_t)copy;
  return (int)(v < E->abs_top ? v : v + E->nbits * PC_NCOPY);
}

static void set_abs_pair(pds_enc *E, bddPair *pr, int n, const int *from, const int *to, uint32_t lo, uint32_t hi) {
  for (int k = 0; k < n; k++)
    for (uint32_t i = lo; i < hi; i++) bdd_setpair(pr, pds_av(E, i, from[k]), pds_av(E, i, to[k]));
}

/* Room for width predicates per symbol, doubling. BuDDy keys its
 * operation caches by nodes (quantifications by the varset's node), and
 * adding variables changes no node, so the caches stay right. The
 * abstract renamings made so far get the new variables; no BDD mentions
 * them yet, so results cached under those pairs stay right too. */
static void grow(pds_abs *A, uint32_t width) {
  pds_enc *E = A->E;
  uint32_t have = E->nabs / AC_NCOPY, cap = have ? have : 1;
  if (width <= have) return;
  while (cap < width) cap *= 2;
  if (cap > PDS_MAX_PREDS) cap = PDS_MAX_PREDS;
  bdd_extvarnum((int)((cap - have) * AC_NCOPY));
  E->nabs = cap * AC_NCOPY;
  for (uint32_t j = 0; j < E->cap_pair; j++) {
    uint64_t key = E->pair_key[j];
    uint32_t what = (uint32_t)(key >> 48), idx = (uint32_t)(key >> 16);
    int from[2] = {(int)((key >> 8) & 0xff), (int)(idx / AC_NCOPY)}, to[2] = {(int)(key & 0xff), (int)(idx % AC_NCOPY)};
    if (what == PK_ABS || what == PK_ABS2) set_abs_pair(E, E->pair[j], what == PK_ABS ? 1 : 2, from, to, have, cap);
  }
}

bddPair *pds_abs_pair(pds_abs *A, int n, const int *from, const int *to) {
  uint64_t key = n == 1 ? PDS_PAIR_KEY(PK_ABS, 0, from[0], to[0])
                        : PDS_PAIR_KEY(PK_ABS2, (uint32_t)(from[1] * AC_NCOPY + to[1]), from[0], to[0]);
  bool fresh;
  bddPair *pr = pds_pair(A->E, key, &fresh);
  if (fresh) set_abs_pair(A->E, pr, n, from, to, 0, A->E->nabs / AC_NCOPY);
  return pr;
}

BDD pds_abs_rename(pds_abs *A, BDD S, int from, int to) {
  return pds_keep(A->E, bdd_replace(S, pds_abs_pair(A, 1, &from, &to)));
}

uint32_t pds_pt(const pds_abs *A, uint32_t f, uint32_t l) { return A->pt_base[f] + l; }
uint32_t pds_en(const pds_abs *A, uint32_t f) { return A->en_base + f; }
uint32_t pds_pv(const pds_abs *A, uint32_t c) { return A->pv_base + c; }
uint32_t pds_ef(const pds_abs *A, uint32_t f) { return A->ef_base + f; }

static pds_rule *rules(uint32_t n) {
  pds_rule *r = xcalloc(n + 1, sizeof *r);
  for (uint32_t i = 0; i < n; i++) r[i].rel = PDS_UNBUILT;
  return r;
}

/* vs_all covers the abstract variables in use (the most predicates at one
 * symbol): every quantification over it walks the whole set, and no BDD
 * mentions the others. */
static void widen(pds_abs *A, uint32_t width) {
  int v[PDS_MAX_PREDS];
  grow(A, width);
  for (int c = 0; c < AC_NCOPY; c++) {
    for (uint32_t i = 0; i < width; i++) v[i] = pds_av(A->E, i, c);
    if (A->vs_all[c] != PDS_UNBUILT) bdd_delref(A->vs_all[c]);
    A->vs_all[c] = bdd_addref(bdd_makeset(v, (int)width));
  }
  A->vs_width = width;
}

void pds_abs_init(pds_abs *A, pds_enc *E) {
  memset(A, 0, sizeof *A);
  A->E = E;
  const cfa_prog *p = E->p;
  A->pt_base = xcalloc(p->nprocs + 1, sizeof *A->pt_base);
  uint32_t n = 0;
  for (uint32_t f = 0; f < p->nprocs; f++) A->pt_base[f] = n, n += p->procs[f].body.nlocs;
  A->en_base = n, n += p->nprocs;
  A->pv_base = n, n += E->ncalls;
  A->ef_base = n, n += p->nprocs;
  A->nsym = n;
  A->sym = xcalloc(n + 1, sizeof *A->sym);
  for (uint32_t f = 0; f < p->nprocs; f++) {
    for (uint32_t l = 0; l < p->procs[f].body.nlocs; l++) A->sym[pds_pt(A, f, l)] = (pds_sym){SYM_PT, f, l, CFA_NONE};
    A->sym[pds_en(A, f)] = (pds_sym){SYM_EN, f, CFA_NONE, CFA_NONE};
    A->sym[pds_ef(A, f)] = (pds_sym){SYM_EF, f, CFA_NONE, CFA_NONE};
  }
  for (uint32_t c = 0; c < E->ncalls; c++) A->sym[pds_pv(A, c)] = (pds_sym){SYM_PV, E->calls[c].proc, CFA_NONE, c};
  A->pred = xcalloc(n + 1, sizeof *A->pred);
  A->npred = xcalloc(n + 1, sizeof *A->npred);
  A->ver = xcalloc(n + 1, sizeof *A->ver);
  for (int c = 0; c < AC_NCOPY; c++) {
    A->gam[c] = xmalloc((n + 1) * sizeof(BDD));
    A->gam_ver[c] = xcalloc(n + 1, sizeof(uint32_t));
    for (uint32_t s = 0; s < n; s++) A->gam[c][s] = PDS_UNBUILT;
  }
  for (int c = 0; c < AC_NCOPY; c++) A->vs_all[c] = PDS_UNBUILT;
  widen(A, 1);
  A->edge = xcalloc(p->nprocs + 1, sizeof *A->edge);
  for (uint32_t f = 0; f < p->nprocs; f++) A->edge[f] = rules(p->procs[f].body.nedges);
  A->enter = rules(p->nprocs), A->pop = rules(p->nprocs);
  A->push = rules(E->ncalls), A->eval = rules(E->ncalls);
}

static void rules_free(pds_rule *r, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (r[i].rel != PDS_UNBUILT) bdd_delref(r[i].rel);
  free(r);
}

void pds_abs_free(pds_abs *A) {
  const cfa_prog *p = A->E->p;
  for (uint32_t s = 0; s < A->nsym; s++) {
    for (uint32_t i = 0; i < A->npred[s]; i++) pds_s_unref(A->E, A->pred[s][i]);
    free(A->pred[s]);
  }
  for (int c = 0; c < AC_NCOPY; c++) {
    bdd_delref(A->vs_all[c]);
    for (uint32_t s = 0; s < A->nsym; s++)
      if (A->gam[c][s] != PDS_UNBUILT) bdd_delref(A->gam[c][s]);
    free(A->gam[c]), free(A->gam_ver[c]);
  }
  for (uint32_t f = 0; f < p->nprocs; f++) rules_free(A->edge[f], p->procs[f].body.nedges);
  rules_free(A->enter, p->nprocs), rules_free(A->pop, p->nprocs);
  rules_free(A->push, A->E->ncalls), rules_free(A->eval, A->E->ncalls);
  free(A->edge), free(A->pred), free(A->npred), free(A->ver), free(A->sym), free(A->pt_base);
  memset(A, 0, sizeof *A);
}

BDD pds_abs_vs(pds_abs *A, uint32_t sym, int copy) {
  uint32_t n = A->npred[sym];
  int *v = xmalloc((n + 1) * sizeof *v);
  for (uint32_t i = 0; i < n; i++) v[i] = pds_av(A->E, i, copy);
  BDD r = pds_keep(A->E, bdd_makeset(v, (int)n));
  free(v);
  return r;
}

BDD pds_abs_vs_all(pds_abs *A, int copy) { return A->vs_all[copy]; }

BDD pds_gamma(pds_abs *A, uint32_t sym, int copy) {
  if (A->gam[copy][sym] != PDS_UNBUILT && A->gam_ver[copy][sym] == A->ver[sym]) return A->gam[copy][sym];
  if (A->gam[copy][sym] != PDS_UNBUILT) bdd_delref(A->gam[copy][sym]);
  BDD r = bdd_true();
  for (uint32_t i = A->npred[sym]; i-- > 0;)
    r = pds_keep(A->E, bdd_and(r, pds_keep(A->E, bdd_biimp(bdd_ithvar(pds_av(A->E, i, copy)), A->pred[sym][i]))));
  A->gam[copy][sym] = bdd_addref(r);
  A->gam_ver[copy][sym] = A->ver[sym];
  return r;
}

BDD pds_sym_vs(pds_abs *A, uint32_t sym) {
  const pds_sym *s = &A->sym[sym];
  switch (s->kind) {
  case SYM_PT: return pds_vs_pt(A->E, s->proc);
  case SYM_EN: return pds_vs_en(A->E, s->proc);
  case SYM_PV: return pds_vs_pv(A->E, s->call);
  default: return pds_vs_ef(A->E, s->proc);
  }
}

bool pds_has_pred(const pds_abs *A, uint32_t sym, pds_set q) {
  bool smt = A->E->smt;
  if (smt ? q == term_true() || q == term_false() : q == bdd_true() || q == bdd_false()) return true;
  pds_set nq = smt ? term_not(q) : bdd_not(q);
  for (uint32_t i = 0; i < A->npred[sym]; i++)
    if (A->pred[sym][i] == q || A->pred[sym][i] == nq) return true;
  return false;
}

int pds_add_pred(pds_abs *A, uint32_t sym, pds_set q) {
  if (pds_has_pred(A, sym, q)) return 0;
  if (A->npred[sym] >= PDS_MAX_PREDS) return -1;
  A->pred[sym] = xrealloc(A->pred[sym], (A->npred[sym] + 1) * sizeof(BDD));
  pds_s_ref(A->E, q);
  A->pred[sym][A->npred[sym]++] = q;
  A->ver[sym]++;
  if (A->npred[sym] > A->max_preds) A->max_preds = A->npred[sym];
  if (A->max_preds > A->vs_width) widen(A, A->max_preds);
  return 1;
}

/* Whether rule r is up to date for the given symbols. */
static bool fresh(const pds_abs *A, const pds_rule *r, uint32_t n, const uint32_t *syms) {
  if (r->rel == PDS_UNBUILT) return false;
  for (uint32_t i = 0; i < n; i++)
    if (r->ver[i] != A->ver[syms[i]]) return false;
  return true;
}

static BDD store(pds_abs *A, pds_rule *r, uint32_t n, const uint32_t *syms, BDD rel) {
  if (r->rel != PDS_UNBUILT) bdd_delref(r->rel);
  r->rel = bdd_addref(rel);
  for (uint32_t i = 0; i < n; i++) r->ver[i] = A->ver[syms[i]];
  return rel;
}

/* ---- the abstract rules with the SMT solver ---- */

/* sym's predicates, CUR -> NXT when nxt (a control point's state after the step) */
static term_t *atoms_of(pds_abs *A, uint32_t sym, bool nxt) {
  term_t *a = xmalloc((A->npred[sym] + 1) * sizeof *a);
  for (uint32_t i = 0; i < A->npred[sym]; i++)
    a[i] = nxt ? pds_smt_cur_to_nxt(A->E, A->sym[sym].proc, A->pred[sym][i]) : A->pred[sym][i];
  return a;
}

static BDD smt_rule(pds_abs *A, term_t F, uint32_t n, const uint32_t *syms, const int *copies, const bool *nxt) {
  term_t *atoms[3] = {NULL, NULL, NULL};
  uint32_t na[3] = {0, 0, 0};
  for (uint32_t g = 0; g < n; g++) atoms[g] = atoms_of(A, syms[g], nxt[g]), na[g] = A->npred[syms[g]];
  BDD r = pds_smt_abstract(A->E, F, n, (const term_t *const *)atoms, na, copies);
  for (uint32_t g = 0; g < n; g++) free(atoms[g]);
  return r;
}

/* exists the concrete variables of sym: X /\ gamma(sym, copy) */
static BDD abstract_to(pds_abs *A, BDD X, uint32_t sym, int copy) {
  return pds_keep(A->E, bdd_relprod(X, pds_gamma(A, sym, copy), pds_sym_vs(A, sym)));
}

/* The abstract rule of a total edge (pds_edge_frame) whose target's
 * predicates do not read what it writes (W), without the edge's relation
 * R (often the largest BDD: a store into an array no predicate sees).
 * Exact: the rule is {(a0, a1) | exists x, x'. g0(a0, x) /\ R(x, x') /\
 * g1(a1, x')}; R keeps every variable off W, and g1 reads none of W, so
 * g1(a1, x') = g1(a1, x); and since R is total, exists x'. R(x, x') is
 * true: the rule is {(a0, a1) | exists x. g0(a0, x) /\ g1(a1, x)}, the
 * two gammas over one state (test_frame_rules compares it with the
 * relation's rule, and fails on a wrong frame). */
static bool frame_rule(pds_abs *A, uint32_t f, uint32_t e, const uint32_t *s, BDD *out) {
  pds_enc *E = A->E;
  BDD w;
  bool onto;
  if (!pds_edge_frame(E, f, e, &w, &onto)) return false;
  BDD gd = pds_gamma(A, s[1], AC_A1);
  if (pds_keep(E, bdd_exist(gd, w)) != gd) return false;
  *out = pds_keep(E, bdd_relprod(pds_gamma(A, s[0], AC_A0), gd, pds_vs_pt(E, f)));
  return true;
}

bool pds_rule_edge(pds_abs *A, uint32_t f, uint32_t e, BDD *out, char *why, size_t len) {
  const cfa_edge *ed = &A->E->p->procs[f].body.edges[e];
  uint32_t s[2] = {pds_pt(A, f, ed->src), pds_pt(A, f, ed->dst)};
  pds_rule *r = &A->edge[f][e];
  if (fresh(A, r, 2, s)) { *out = r->rel; return true; }
  BDD X;
  if (A->E->smt) {
    term_t F;
    if (!pds_smt_edge_rel(A->E, f, e, &F, why, len)) return false;
    int cp[2] = {AC_A0, AC_A1};
    bool nx[2] = {false, true};
    *out = store(A, r, 2, s, smt_rule(A, F, 2, s, cp, nx));
    return true;
  }
  if (!A->full_rules && frame_rule(A, f, e, s, &X)) {
    *out = store(A, r, 2, s, X);
    return true;
  }
  /* {(a0, a1) | exists x. g0(a0, x) /\ pre(g1(a1, .))(x)}: the same rule
   * with the pre-image of the written bits alone, no relation over the
   * frame (pds_pre_sub) */
  if (!A->full_rules && pds_pre_sub(A->E, f, e, pds_gamma(A, s[1], AC_A1), &X)) {
    *out = store(A, r, 2, s, pds_keep(A->E, bdd_relprod(pds_gamma(A, s[0], AC_A0), X, pds_vs_pt(A->E, f))));
    return true;
  }
  if (!pds_img_edge(A->E, f, e, pds_gamma(A, s[0], AC_A0), &X, why, len)) return false;
  *out = store(A, r, 2, s, abstract_to(A, X, s[1], AC_A1));
  return true;
}

bool pds_rule_enter(pds_abs *A, uint32_t f, BDD *out) {
  uint32_t s[2] = {pds_en(A, f), pds_pt(A, f, A->E->p->procs[f].body.init)};
  pds_rule *r = &A->enter[f];
  if (fresh(A, r, 2, s)) { *out = r->rel; return true; }
  if (A->E->smt) {
    int cp[2] = {AC_A0, AC_A1};
    bool nx[2] = {false, false};
    *out = store(A, r, 2, s, smt_rule(A, pds_smt_enter_rel(A->E, f), 2, s, cp, nx));
    return true;
  }
  BDD X = pds_img_enter(A->E, f, pds_gamma(A, s[0], AC_A0));
  *out = store(A, r, 2, s, abstract_to(A, X, s[1], AC_A1));
  return true;
}

bool pds_rule_push(pds_abs *A, uint32_t c, BDD *out, char *why, size_t len) {
  const pds_call *k = &A->E->calls[c];
  uint32_t s[3] = {pds_pt(A, k->proc, A->E->p->procs[k->proc].body.edges[k->edge].src), pds_en(A, k->callee), pds_pv(A, c)};
  pds_rule *r = &A->push[c];
  if (fresh(A, r, 3, s)) { *out = r->rel; return true; }
  if (A->E->smt) {
    int cp[3] = {AC_A0, AC_A1, AC_A2};
    bool nx[3] = {false, false, false};
    *out = store(A, r, 3, s, smt_rule(A, pds_smt_bind(A->E, c), 3, s, cp, nx));
    return true;
  }
  BDD X;
  if (!pds_img_push_pv(A->E, c, pds_gamma(A, s[0], AC_A0), &X, why, len)) return false;
  /* the pivot's space holds the callee's inputs (AUX): EN's space */
  X = pds_keep(A->E, bdd_and(X, pds_gamma(A, s[1], AC_A1)));
  *out = store(A, r, 3, s, abstract_to(A, X, s[2], AC_A2));
  return true;
}

bool pds_rule_pop(pds_abs *A, uint32_t f, BDD *out) {
  uint32_t s[2] = {pds_pt(A, f, A->E->p->procs[f].body.final), pds_ef(A, f)};
  pds_rule *r = &A->pop[f];
  if (fresh(A, r, 2, s)) { *out = r->rel; return true; }
  if (A->E->smt) {
    int cp[2] = {AC_A0, AC_AS};
    bool nx[2] = {false, false};
    *out = store(A, r, 2, s, smt_rule(A, pds_smt_pop_rel(A->E, f), 2, s, cp, nx));
    return true;
  }
  BDD X = pds_img_pop(A->E, f, pds_gamma(A, s[0], AC_A0));
  *out = store(A, r, 2, s, abstract_to(A, X, s[1], AC_AS));
  return true;
}

bool pds_rule_eval(pds_abs *A, uint32_t c, BDD *out) {
  const pds_call *k = &A->E->calls[c];
  uint32_t s[3] = {pds_pv(A, c), pds_ef(A, k->callee), pds_pt(A, k->proc, A->E->p->procs[k->proc].body.edges[k->edge].dst)};
  pds_rule *r = &A->eval[c];
  if (fresh(A, r, 3, s)) { *out = r->rel; return true; }
  if (A->E->smt) {
    int cp[3] = {AC_A0, AC_AS, AC_A1};
    bool nx[3] = {false, false, true};
    *out = store(A, r, 3, s, smt_rule(A, pds_smt_eval_rel(A->E, c), 3, s, cp, nx));
    return true;
  }
  BDD X = pds_img_eval(A->E, c, pds_gamma(A, s[0], AC_A0), pds_gamma(A, s[1], AC_AS));
  *out = store(A, r, 3, s, abstract_to(A, X, s[2], AC_A1));
  return true;
}

BDD pds_abs_init_states(pds_abs *A) {
  const cfa_prog *p = A->E->p;
  uint32_t s = pds_pt(A, p->main, p->procs[p->main].body.init);
  if (A->E->smt) {
    int cp[1] = {AC_A0};
    bool nx[1] = {false};
    return smt_rule(A, term_true(), 1, &s, cp, nx);
  }
  return pds_keep(A->E, bdd_exist(pds_gamma(A, s, AC_A0), pds_sym_vs(A, s)));
}

/* atom_of for pds_smt_from_bdd: copy's abstract variables stand for sym's
 * predicates (renamed by the caller when needed). */
term_t *pds_abs_atoms(pds_abs *A, uint32_t sym, int copy, term_t *atom_of) {
  if (!atom_of) {
    atom_of = xmalloc(((size_t)bdd_varnum() + 1) * sizeof *atom_of);
    for (int i = 0; i < bdd_varnum(); i++) atom_of[i] = NULL_TERM;
  }
  for (uint32_t i = 0; i < A->npred[sym]; i++) atom_of[pds_av(A->E, i, copy)] = A->pred[sym][i];
  return atom_of;
}

pds_set pds_concretize(pds_abs *A, uint32_t sym, BDD abs) {
  if (A->E->smt) {
    term_t *atom_of = pds_abs_atoms(A, sym, AC_A0, NULL);
    bool ok = true;
    term_t t = pds_bdd_term(abs, atom_of, &ok);
    free(atom_of);
    return ok ? t : term_true();
  }
  return pds_keep(A->E, bdd_relprod(abs, pds_gamma(A, sym, AC_A0), pds_abs_vs_all(A, AC_A0)));
}
