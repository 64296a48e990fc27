/* Edge frames (ir/cfa_frame.h) and what the pushdown engine does without
 * an edge's relation: images and pre-images of sets that do not mention
 * what the edge writes (pds_img_edge, pds_pre_edge), and abstract rules
 * whose target's predicates do not read it (pds_abs's frame_rule). Each
 * shortcut is compared with the relation's answer on random sets, and each
 * comparison is shown to fail on a deliberately wrong frame. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "engine/pds_abs.h"
#include "ir/cfa_frame.h"
#include "lang/cfa/cfa_parser.h"

/* kind per edge: onto, total, onto, total, none, onto, onto, total, total */
static const char *frame_text =
    "var G : bv[2]\n"
    "main process main {\n"
    "  var x : bv[2]\n"
    "  var y : bv[2]\n"
    "  var b : bool\n"
    "  var Q : [bv[2]] -> bv[2]\n"
    "  init loc L0 loc L1 loc L2 final loc L3 error loc E\n"
    "  L0 -> L1 { havoc x  Q := Q[x <- Q[x] bvadd 2'd1] }\n"
    "  L1 -> L2 { y := x bvadd G  havoc x  havoc x }\n"
    "  L2 -> L1 { }\n"
    "  L2 -> L3 { G := Q[y]  x := y }\n"
    "  L3 -> E { assume x = G and b  havoc y }\n"
    "  L1 -> L1 { havoc Q  G := G bvadd 2'd1 }\n"
    "  L3 -> L3 { x := 2'd1 bvsub x  G := bvnot (G bvxor y)  b := not b }\n"
    "  L2 -> L2 { Q := Q[x <- Q[y] bvadd 2'd1] }\n"
    "  L1 -> L3 { x := x bvadd x  b := b = (x = y) }\n"
    "}\n";
static const pds_fr_kind want_kind[] = {PDS_FR_ONTO, PDS_FR_TOTAL, PDS_FR_ONTO, PDS_FR_TOTAL, PDS_FR_NONE,
                                        PDS_FR_ONTO, PDS_FR_ONTO, PDS_FR_TOTAL, PDS_FR_TOTAL};
enum { E_ASSUME = 4, E_NOT_ONTO_STORE = 7, E_DOUBLE = 8 };

static uint32_t rng = 7;
static uint32_t rnd(uint32_t n) {
  rng = rng * 1103515245u + 12345u;
  return (rng >> 8) % n;
}

/* A random set over two or three bits of the frame's CUR copy: some
 * avoid what an edge writes, some do not. */
static BDD random_set(pds_enc *E) {
  BDD r = bdd_false();
  for (int c = 0; c < 2; c++) {
    BDD t = bdd_true();
    for (uint32_t k = 1 + rnd(2); k-- > 0;) {
      uint32_t s = rnd(E->nslots), j = rnd(E->slots[s].width);
      BDD v = bdd_ithvar(pds_var(E, pds_pos(E, s, j), PC_CUR));
      t = pds_keep(E, bdd_and(t, rnd(2) ? v : pds_keep(E, bdd_not(v))));
    }
    r = pds_keep(E, bdd_or(r, t));
  }
  return r;
}

/* the CUR varset of main's variable y */
static BDD vs_of_y(pds_enc *E, const cfa *c) {
  for (uint32_t i = 0; i < c->vars.size; i++)
    if (strcmp(cfa_proc_local_name(c->vars.data[i]), "y") == 0) return pds_vs_slot(E, pds_slot_of(E, c->vars.data[i]), PC_CUR);
  CHECK(false);
  return bdd_true();
}

static bool open_frame_prog(cfa_prog *p, pds_enc *E) {
  char err[512], why[200];
  zeta_limits lim = {0};
  if (!cfa_parse_prog("t.cfa", frame_text, strlen(frame_text), p, err, sizeof err)) return false;
  return pds_enc_open(E, p, PDS_MAX_PREDS * AC_NCOPY, false, &lim, why, sizeof why);
}

/* The relation's answer: the frame hidden (kind none) for the call. */
static BDD by_rel(pds_enc *E, uint32_t f, uint32_t e, BDD S, bool pre) {
  char why[200];
  pds_eframe keep = E->frame[f][e];
  E->frame[f][e].kind = PDS_FR_NONE;
  E->no_sub = true;
  BDD r = bdd_false();
  bool ok = pre ? pds_pre_edge(E, f, e, S, &r, why, sizeof why) : pds_img_edge(E, f, e, S, &r, why, sizeof why);
  CHECK(ok);
  E->frame[f][e] = keep;
  E->no_sub = false;
  return r;
}

/* How many of n random sets give a different image (or pre-image)
 * through edge e than the relation; *hits: how many took the shortcut. */
static uint32_t img_mismatches(pds_enc *E, uint32_t f, uint32_t e, bool pre, uint32_t n, uint32_t *hits) {
  char why[200];
  uint32_t bad = 0;
  for (uint32_t i = 0; i < n; i++) {
    BDD S = random_set(E), r = bdd_false(), w;
    bool onto;
    if (pds_edge_frame(E, f, e, &w, &onto) && (pre || onto) && pds_keep(E, bdd_exist(S, w)) == S) ++*hits;
    CHECK(pre ? pds_pre_edge(E, f, e, S, &r, why, sizeof why) : pds_img_edge(E, f, e, S, &r, why, sizeof why));
    bad += r != by_rel(E, f, e, S, pre);
    pds_enc_release(E);
  }
  return bad;
}

static void test_frame_kinds(void) {
  cfa_prog p;
  pds_enc E;
  CHECK(open_frame_prog(&p, &E));
  const cfa *c = &p.procs[p.main].body;
  CHECK(c->nedges == sizeof want_kind / sizeof *want_kind);
  for (uint32_t e = 0; e < c->nedges; e++) {
    BDD w;
    bool onto, total = pds_edge_frame(&E, p.main, e, &w, &onto);
    CHECK(E.frame[p.main][e].kind == want_kind[e]);
    CHECK(total == (want_kind[e] != PDS_FR_NONE) && (!total || onto == (want_kind[e] == PDS_FR_ONTO)));
  }
  pds_enc_close(&E);
  cfa_prog_free(&p);
}

/* Images and pre-images with the shortcut equal the relation's on every
 * edge; and marking a total edge onto, or an edge with an assumption
 * total, is caught. */
static void test_frame_images(void) {
  cfa_prog p;
  pds_enc E;
  CHECK(open_frame_prog(&p, &E));
  const cfa *c = &p.procs[p.main].body;
  uint32_t hits[2] = {0, 0};
  for (uint32_t e = 0; e < c->nedges; e++)
    for (int pre = 0; pre < 2; pre++) CHECK(img_mismatches(&E, p.main, e, pre, 60, &hits[pre]) == 0);
  CHECK(hits[0] > 0 && hits[1] > 0);
  BDD w;
  bool onto;
  uint32_t h = 0;
  /* wrong: not onto taken as onto: the store Q[x] := Q[y] + 1 (Q[x] = Q[y]
   * + 1 after it when x /= y), x := x + x (even). (y := x + G before
   * havoc x is onto, but not recognized: conservative.) */
  for (uint32_t e = E_NOT_ONTO_STORE; e <= E_DOUBLE; e++) {
    CHECK(pds_edge_frame(&E, p.main, e, &w, &onto) && !onto);
    E.frame[p.main][e].kind = PDS_FR_ONTO;
    CHECK(img_mismatches(&E, p.main, e, false, 60, &h) > 0);
    E.frame[p.main][e].kind = PDS_FR_TOTAL;
  }
  /* wrong: an assumption's edge taken as total (writing y) */
  CHECK(!pds_edge_frame(&E, p.main, E_ASSUME, &w, &onto));
  E.frame[p.main][E_ASSUME] = (pds_eframe){PDS_FR_TOTAL, vs_of_y(&E, c)};
  CHECK(img_mismatches(&E, p.main, E_ASSUME, true, 60, &h) > 0);
  E.frame[p.main][E_ASSUME] = (pds_eframe){PDS_FR_NONE, 0};
  pds_enc_close(&E);
  cfa_prog_free(&p);
}

/* The abstract rules of edges (the frame rule where it applies) equal the
 * rules from the relation (full_rules) on random predicates; with a frame
 * that forgets what an edge writes, or ignores its assumption, they do
 * not. */
static uint32_t rule_mismatches(pds_enc *E, const cfa_prog *p, uint32_t rounds, uint32_t *shortcut) {
  const cfa *c = &p->procs[p->main].body;
  char why[200];
  uint32_t bad = 0;
  for (uint32_t round = 0; round < rounds; round++) {
    pds_abs A, B;
    pds_abs_init(&A, E), pds_abs_init(&B, E);
    B.full_rules = true;
    for (uint32_t l = 0; l < c->nlocs; l++)
      for (uint32_t k = rnd(3); k-- > 0;) {
        BDD q = random_set(E);
        pds_add_pred(&A, pds_pt(&A, p->main, l), q), pds_add_pred(&B, pds_pt(&B, p->main, l), q);
      }
    for (uint32_t e = 0; e < c->nedges; e++) {
      BDD ra, rb;
      CHECK(pds_rule_edge(&A, p->main, e, &ra, why, sizeof why));
      *shortcut += E->rel[p->main][e] == PDS_UNBUILT;
      CHECK(pds_rule_edge(&B, p->main, e, &rb, why, sizeof why));
      bad += ra != rb;
    }
    pds_abs_free(&A), pds_abs_free(&B);
    pds_enc_release(E);
    for (uint32_t e = 0; e < c->nedges; e++)   /* forget the relations: see which rules need them */
      if (E->rel[p->main][e] != PDS_UNBUILT) bdd_delref(E->rel[p->main][e]), E->rel[p->main][e] = PDS_UNBUILT;
  }
  return bad;
}

static void test_frame_rules(void) {
  cfa_prog p;
  pds_enc E;
  CHECK(open_frame_prog(&p, &E));
  const cfa *c = &p.procs[p.main].body;
  uint32_t shortcut = 0;
  CHECK(rule_mismatches(&E, &p, 40, &shortcut) == 0);
  CHECK(shortcut > 0);
  BDD w;
  bool onto;
  for (uint32_t e = 0; e < c->nedges; e++) pds_edge_frame(&E, p.main, e, &w, &onto);
  /* wrong: every total edge said to write nothing */
  pds_eframe *fr = E.frame[p.main], *saved = malloc(c->nedges * sizeof *saved);
  memcpy(saved, fr, c->nedges * sizeof *saved);
  for (uint32_t e = 0; e < c->nedges; e++) fr[e].w = fr[e].kind == PDS_FR_NONE ? fr[e].w : bdd_true();
  CHECK(rule_mismatches(&E, &p, 40, &shortcut) > 0);
  memcpy(fr, saved, c->nedges * sizeof *saved);
  /* wrong: the assumption's edge said to be total (writing y) */
  fr[E_ASSUME] = (pds_eframe){PDS_FR_TOTAL, vs_of_y(&E, c)};
  CHECK(rule_mismatches(&E, &p, 40, &shortcut) > 0);
  fr[E_ASSUME] = saved[E_ASSUME];
  free(saved);
  pds_enc_close(&E);
  cfa_prog_free(&p);
}

/* Pre-images by substitution (pds_pre_sub) equal the relation's on
 * random sets, on every edge that has the form (all but the one that
 * havocs x twice); without the assumption, or without quantifying the
 * havoc values, they do not. */
static uint32_t sub_mismatches(pds_enc *E, uint32_t f, uint32_t e, uint32_t n) {
  uint32_t bad = 0;
  for (uint32_t i = 0; i < n; i++) {
    BDD S = random_set(E), r;
    CHECK(pds_pre_sub(E, f, e, S, &r));
    bad += r != by_rel(E, f, e, S, true);
    pds_enc_release(E);
  }
  return bad;
}

static void test_sub_images(void) {
  cfa_prog p;
  pds_enc E;
  CHECK(open_frame_prog(&p, &E));
  const cfa *c = &p.procs[p.main].body;
  uint32_t nsub = 0;
  for (uint32_t e = 0; e < c->nedges; e++) {
    BDD r;
    if (!pds_pre_sub(&E, p.main, e, bdd_true(), &r)) {
      CHECK(e == 1);   /* havoc x twice */
      continue;
    }
    nsub++;
    CHECK(sub_mismatches(&E, p.main, e, 60) == 0);
  }
  CHECK(nsub == c->nedges - 1);
  /* wrong (rel_w made anew from the wrong parts): the assumption
   * dropped; the havoc values left free */
  pds_esub keep = E.sub[p.main][E_ASSUME];
  E.sub[p.main][E_ASSUME].cond = bdd_true(), E.sub[p.main][E_ASSUME].rel_w = PDS_UNBUILT;
  CHECK(sub_mismatches(&E, p.main, E_ASSUME, 60) > 0);
  E.sub[p.main][E_ASSUME] = keep;
  keep = E.sub[p.main][0];
  E.sub[p.main][0].aux = bdd_true(), E.sub[p.main][0].rel_w = PDS_UNBUILT;
  CHECK(sub_mismatches(&E, p.main, 0, 60) > 0);
  E.sub[p.main][0] = keep;
  pds_enc_close(&E);
  cfa_prog_free(&p);
}

/* pds_s_reads marks exactly the space's variables a set depends on, and
 * a projection quantifying only the other marked ones equals the one
 * quantifying every other variable (conciliated's candidates). */
static void test_set_reads(void) {
  cfa_prog p;
  pds_enc E;
  CHECK(open_frame_prog(&p, &E));
  pds_space sp;
  pds_space_pt(&E, p.main, &sp);
  bool *reads = malloc((sp.n + 1) * sizeof *reads);
  uint32_t unread = 0, several = 0, bad = 0;
  for (uint32_t round = 0; round < 60; round++) {
    BDD S = random_set(&E);
    uint32_t k = pds_s_reads(&E, S, &sp, reads), n = 0;
    for (uint32_t i = 0; i < sp.n; i++) {
      bool dep = pds_keep(&E, bdd_exist(S, pds_vs_slot(&E, sp.slot[i], sp.copy[i]))) != S;
      bad += dep != reads[i];
      n += reads[i];
      unread += !reads[i];
      if (!reads[i]) continue;
      for (int fa = 0; fa < 2; fa++)
        bad += pds_s_project(&E, S, &sp, reads, i, fa) != pds_s_project(&E, S, &sp, NULL, i, fa);
    }
    bad += n != k;
    several += k > 1;
    pds_enc_release(&E);
  }
  CHECK(bad == 0);
  CHECK(unread > 0 && several > 0);
  free(reads);
  pds_space_free(&sp);
  pds_enc_close(&E);
  cfa_prog_free(&p);
}

int main(void) {
  RUN(test_set_reads);
  RUN(test_frame_kinds);
  RUN(test_frame_images);
  RUN(test_frame_rules);
  RUN(test_sub_images);
  return CHECK_DONE();
}
