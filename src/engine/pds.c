/* The pushdown-CEGAR loop and its evidence (pds.h). */
#include "engine/pds.h"
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/alloc.h"
#include "engine/pds_conc.h"
#include "engine/pds_smt.h"

static jmp_buf bdd_jb;
static void on_bdd_error(int code) { longjmp(bdd_jb, code ? code : 1); }

/* ---- evidence: the sets as interpretations of the Horn predicates ---- */

static term_t set_term(pds_enc *E, BDD S, uint32_t n, const uint32_t *sl, const int *cp, const chc_system *s,
                       uint32_t q, bool *ok) {
  return pds_set_term(E, S, n, sl, cp, s->preds[q].params, ok);
}

/* Same argument order as cfa_proc_to_chc: f@L(E, X) (main: E = every
 * frame variable's start value, unconstrained here), f#entry(E),
 * f#sum(E, G', r). */
static bool evidence(pds_enc *E, const pds_sets *S, const chc_system *s, const cfa_proc_chc_map *m, term_t *interp) {
  const cfa_prog *p = E->p;
  bool ok = true;
  uint32_t cap = 2 * E->nslots + 4;
  uint32_t *sl = xmalloc(cap * sizeof *sl);
  int *cp = xmalloc(cap * sizeof *cp);
  for (uint32_t f = 0; f < p->nprocs && ok; f++) {
    uint32_t nf = E->nsl[SL_FRAME][f], ne = E->nsl[SL_ENTRY][f], n = 0;
    const uint32_t *fs = E->sl[SL_FRAME][f], *es = E->sl[SL_ENTRY][f];
    bool main = f == p->main;
    for (uint32_t i = 0; i < (main ? nf : ne); i++) sl[n] = main ? fs[i] : es[i], cp[n++] = PC_ENT;
    for (uint32_t i = 0; i < nf; i++) sl[n] = fs[i], cp[n++] = PC_CUR;
    const cfa *c = &p->procs[f].body;
    for (uint32_t l = 0; l < c->nlocs && ok; l++)
      interp[m->loc_pred[f][l]] = set_term(E, S->reach[f][l], n, sl, cp, s, m->loc_pred[f][l], &ok);
    if (main || !ok) continue;
    for (uint32_t i = 0; i < ne; i++) sl[i] = es[i], cp[i] = PC_AUX;
    interp[m->entry[f]] = set_term(E, S->entry[f], ne, sl, cp, s, m->entry[f], &ok);
    n = ne;
    for (uint32_t i = 0; i < p->globals.size; i++) sl[n] = i, cp[n++] = PC_OUT;
    if (p->procs[f].ret != NULL_TERM) sl[n] = pds_slot_of(E, p->procs[f].ret), cp[n++] = PC_OUT;
    if (ok) interp[m->sum[f]] = set_term(E, S->summ[f], n, sl, cp, s, m->sum[f], &ok);
  }
  free(sl);
  free(cp);
  return ok;
}

static void safe(pds_enc *E, const pds_sets *S, const chc_system *s, const cfa_proc_chc_map *m, pds_result *out) {
  out->interp = xcalloc(s->npreds + 1, sizeof(term_t));
  if (evidence(E, S, s, m, out->interp)) {
    out->verdict = ZETA_SAFE;
    return;
  }
  free(out->interp);
  out->interp = NULL;
  snprintf(out->reason, sizeof out->reason, "pds: the fixpoint has no term form");
}

static void set_to(BDD *slot, BDD v) {
  bdd_addref(v);
  bdd_delref(*slot);
  *slot = v;
}

/* The reachable abstract states of a saturation as concrete sets: an
 * abstract state of l together with its entry's (the annotation, over
 * the input copies ENT). */
static void concretize(pds_abs *A, const pds_post *W, pds_sets *S) {
  pds_enc *E = A->E;
  const cfa_prog *p = E->p;
  BDD q = pds_keep(E, bdd_and(pds_abs_vs_all(A, AC_A0), pds_abs_vs_all(A, AC_AT)));
  BDD qe = pds_keep(E, bdd_and(pds_abs_vs_all(A, AC_AS), pds_abs_vs_all(A, AC_AT)));
  for (uint32_t f = 0; f < p->nprocs; f++) {
    uint32_t en = pds_en(A, f);
    BDD ann = bdd_true(), ann_ent = bdd_true();
    if (f != p->main) {
      ann = pds_gamma(A, en, AC_AT);   /* over AUX */
      ann_ent = pds_aux_to_ent(E, f, ann);
    }
    for (uint32_t l = 0; l < p->procs[f].body.nlocs; l++) {
      uint32_t s = pds_pt(A, f, l);
      BDD g = pds_keep(E, bdd_and(pds_gamma(A, s, AC_A0), ann_ent));
      set_to(&S->reach[f][l], pds_keep(E, bdd_relprod(W->label[s], g, q)));
    }
    if (f == p->main) continue;
    set_to(&S->entry[f], pds_concretize(A, en, pds_keep(E, bdd_exist(W->label[en], pds_abs_vs_all(A, AC_AT)))));
    BDD g = pds_keep(E, bdd_and(pds_gamma(A, pds_ef(A, f), AC_AS), ann));
    set_to(&S->summ[f], pds_keep(E, bdd_relprod(W->label[pds_ef(A, f)], g, qe)));
  }
  pds_enc_release(E);
}

/* smt: the reachable abstract states as terms over the Horn predicates'
 * parameters: the abstract variables stand for their predicates (the
 * annotation's for the entry's, over the input copies), the copies of
 * the variables for the parameters in cfa_proc_to_chc's order. */
static term_t smt_set(pds_abs *A, BDD label, const term_t *atom_of, const term_t *from, const term_t *to, uint32_t n,
                      bool *ok) {
  term_t t = pds_bdd_term(label, atom_of, ok);
  (void)A;
  return n ? term_subst(t, n, from, to) : t;
}

static void safe_smt(pds_abs *A, const pds_post *W, const chc_system *s, const cfa_proc_chc_map *m, pds_result *out) {
  pds_enc *E = A->E;
  const cfa_prog *p = E->p;
  term_t *interp = xcalloc(s->npreds + 1, sizeof(term_t));
  uint32_t cap = 2 * E->nslots + 4, nv = (uint32_t)bdd_varnum();
  term_t *from = xmalloc(cap * sizeof *from), *atom_of = xmalloc((nv + 1) * sizeof *atom_of);
  bool ok = true;
  for (uint32_t f = 0; f < p->nprocs && ok; f++) {
    uint32_t nf = E->nsl[SL_FRAME][f], ne = E->nsl[SL_ENTRY][f], en = pds_en(A, f), n = 0;
    const uint32_t *fs = E->sl[SL_FRAME][f], *es = E->sl[SL_ENTRY][f];
    bool main = f == p->main;
    for (uint32_t i = 0; i < (main ? nf : ne); i++) from[n++] = pds_smt_var(E, main ? fs[i] : es[i], PC_ENT);
    for (uint32_t i = 0; i < nf; i++) from[n++] = pds_smt_var(E, fs[i], PC_CUR);
    for (uint32_t l = 0; l < p->procs[f].body.nlocs && ok; l++) {
      for (uint32_t i = 0; i < nv; i++) atom_of[i] = NULL_TERM;
      pds_abs_atoms(A, pds_pt(A, f, l), AC_A0, atom_of);
      if (!main) {
        pds_abs_atoms(A, en, AC_AT, atom_of);
        for (uint32_t i = 0; i < A->npred[en]; i++)
          atom_of[pds_av(E, i, AC_AT)] = pds_smt_aux_to_ent(E, f, atom_of[pds_av(E, i, AC_AT)]);
      }
      uint32_t q = m->loc_pred[f][l];
      interp[q] = smt_set(A, W->label[pds_pt(A, f, l)], atom_of, from, s->preds[q].params, n, &ok);
    }
    if (main) continue;
    for (uint32_t i = 0; i < nv; i++) atom_of[i] = NULL_TERM;
    pds_abs_atoms(A, en, AC_A0, atom_of);
    pds_abs_atoms(A, en, AC_AT, atom_of);
    for (uint32_t i = 0; i < ne; i++) from[i] = pds_smt_var(E, es[i], PC_AUX);
    interp[m->entry[f]] = smt_set(A, W->label[en], atom_of, from, s->preds[m->entry[f]].params, ne, &ok);
    for (uint32_t i = 0; i < nv; i++) atom_of[i] = NULL_TERM;
    pds_abs_atoms(A, pds_ef(A, f), AC_AS, atom_of);
    pds_abs_atoms(A, en, AC_AT, atom_of);
    n = ne;
    for (uint32_t i = 0; i < p->globals.size; i++) from[n++] = pds_smt_var(E, i, PC_OUT);
    if (p->procs[f].ret != NULL_TERM) from[n++] = pds_smt_var(E, pds_slot_of(E, p->procs[f].ret), PC_OUT);
    interp[m->sum[f]] = smt_set(A, W->label[pds_ef(A, f)], atom_of, from, s->preds[m->sum[f]].params, n, &ok);
  }
  free(from), free(atom_of);
  if (ok) {
    out->verdict = ZETA_SAFE;
    out->interp = interp;
  } else {
    free(interp);
    snprintf(out->reason, sizeof out->reason, "pds: the reachable states have no term form");
  }
}

/* ---- the loops ---- */

static void concrete(pds_enc *E, const chc_system *s, const cfa_proc_chc_map *m, pds_result *out) {
  pds_sets S;
  pds_sets_init(&S, E->p);
  pds_sets_record(&S, E->p);   /* for the trace of an UNSAFE */
  pds_run_status st = pds_conc_run(E, &S, &out->sweeps, out->reason, sizeof out->reason);
  if (st == PDS_RUN_FIXPOINT) safe(E, &S, s, m, out);
  else if (st == PDS_RUN_ERROR) {
    out->verdict = ZETA_UNSAFE;
    /* no trace: the caller looks for one elsewhere */
    if (!pds_conc_trace(E, &S, &out->trace, out->reason, sizeof out->reason)) out->trace.n = 0;
  }
  pds_sets_free(&S, E->p);
}

static void cegar(pds_enc *E, const chc_system *s, const cfa_proc_chc_map *m, pds_refine_mode mode, bool recheck,
                  pds_result *out) {
  pds_abs A;
  pds_abs_init(&A, E);
  char *why = out->reason;
  size_t len = sizeof out->reason;
  for (;;) {
    pds_post W;
    if (!pds_post_run(&W, &A, why, len)) {
      pds_post_free(&W);
      break;
    }
    out->witnesses = W.nw;
    if (W.err == CFA_NONE) {
      if (E->smt) {
        safe_smt(&A, &W, s, m, out);
      } else {
        pds_sets S;
        pds_sets_init(&S, E->p);
        concretize(&A, &W, &S);
        safe(E, &S, s, m, out);
        pds_sets_free(&S, E->p);
      }
      pds_post_free(&W);
      break;
    }
    pds_dag D;
    bool ok = pds_dag_build(&D, &A, &W, why, len), real = false;
    out->dag_nodes = D.nn;
    ok = ok && pds_dag_forward(&D, &real, why, len);
    if (ok && real) {
      if (pds_dag_trace(&D, &out->trace, why, len)) out->verdict = ZETA_UNSAFE;
      ok = false;
    }
    uint32_t added = 0;
    bool excluded = true;
    if (ok) ok = pds_dag_refine(&D, mode, &added, why, len);
    if (ok) out->cycles++;
    if (ok && added == 0) {
      snprintf(why, len, "internal: pds: a refinement added no predicate");
      ok = false;
    }
    if (ok && recheck) ok = pds_dag_excluded(&D, &excluded, why, len);
    /* after an undecided query (the deadline) the rules over-approximate:
     * a DAG that seems not excluded then says nothing about the refinement */
    if (ok && !excluded && !E->failed) out->untracked++;
    pds_dag_free(&D);
    pds_post_free(&W);
    pds_enc_release(E);
    if (ok && E->failed) {
      snprintf(why, len, "%s", E->fail_why);
      ok = false;
    }
    if (!ok) break;
  }
  out->max_preds = A.max_preds;
  pds_abs_free(&A);
}

void pds_check(const cfa_prog *p, const chc_system *s, const cfa_proc_chc_map *m, const zeta_limits *lim,
               pds_refine_mode mode, pds_sets_kind sets, bool recheck, pds_result *out) {
  memset(out, 0, sizeof *out);
  out->rechecked = recheck && mode != PDS_CONCRETE;
  out->verdict = ZETA_UNKNOWN;
  pds_enc E;
  bool smt = sets == PDS_SETS_SMT || (sets == PDS_SETS_AUTO && !pds_enc_bdd_able(p));
  if (smt && mode == PDS_CONCRETE) {
    snprintf(out->reason, sizeof out->reason, "pds: the concrete fixpoint needs BDDs (bit-vector variables)");
    return;
  }
  out->smt = smt;
  uint32_t nabs = mode == PDS_CONCRETE ? 0 : PDS_INIT_PREDS * AC_NCOPY;
  if (!pds_enc_open(&E, p, nabs, smt, lim, out->reason, sizeof out->reason)) return;
  clock_t t0 = clock();   /* the analysis, BuDDy's set-up excluded */
  out->bdd_vars = nabs + E.nbits * PC_NCOPY;
  bdd_error_hook(on_bdd_error);
  int code = setjmp(bdd_jb);
  if (code == 0) {
    if (mode == PDS_CONCRETE) concrete(&E, s, m, out);
    else cegar(&E, s, m, mode, recheck, out);
    out->peak_nodes = (uint64_t)bdd_getnodenum();
    out->bdd_vars = (uint32_t)bdd_varnum();
  } else {
    snprintf(out->reason, sizeof out->reason, "pds: BDD package error (%s)", bdd_errstring(code));
    out->verdict = ZETA_UNKNOWN;
  }
  out->cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
  pds_enc_close(&E);
}

void pds_result_free(pds_result *r) {
  free(r->interp);
  r->interp = NULL;
  cfa_trace_free(&r->trace);
}
