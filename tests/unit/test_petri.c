/* Petri nets: PNML reader, marking arithmetic, predicates, replay, MCC
 * property reader. */
#include <string.h>
#include "check.h"
#include "lang/petri/mcc_property.h"
#include "lang/petri/pnml.h"
#include "lang/petri/petri_pred.h"

static petri_net *parse(const char *s, petri_diag *d) {
  memset(d, 0, sizeof *d);
  return pnml_read_string(s, strlen(s), "t.pnml", d);
}

static const char *NET2009 =
  "<?xml version=\"1.0\"?>\n"
  "<pnml xmlns=\"http://www.pnml.org/version-2009/grammar/pnml\">\n"
  "<net id=\"n\" type=\"http://www.pnml.org/version-2009/grammar/ptnet\"><name><text>demo</text></name>\n"
  "<page id=\"pg\">\n"
  " <place id=\"p\"><name><text>P</text></name><initialMarking><text> 3 </text></initialMarking></place>\n"
  " <place id=\"q\"/>\n"
  " <transition id=\"t\"><name><text>T</text></name></transition>\n"
  " <arc id=\"a1\" source=\"p\" target=\"t\"><inscription><text>2</text></inscription></arc>\n"
  " <page id=\"sub\"><referencePlace id=\"rq\" ref=\"q\"/>\n"
  "  <arc id=\"a2\" source=\"t\" target=\"rq\"/></page>\n"
  " <transition id=\"u\"/>\n"
  " <arc id=\"a3\" source=\"q\" target=\"u\"><type value=\"inhibitor\"/></arc>\n"
  " <arc id=\"a4\" source=\"p\" target=\"u\" type=\"read\"/>\n"
  "</page></net></pnml>\n";

static void test_pnml_2009(void) {
  petri_diag d;
  petri_net *n = parse(NET2009, &d);
  CHECK(n != NULL);
  if (!n) { fprintf(stderr, "%s\n", d.message); return; }
  CHECK(strcmp(n->name, "demo") == 0);
  CHECK(n->nplaces == 2 && n->ntrans == 2);
  int64_t p = petri_place_index(n, "p"), q = petri_place_index(n, "q"), t = petri_trans_index(n, "t"),
          u = petri_trans_index(n, "u");
  CHECK(p == 0 && q == 1 && t == 0 && u == 1);
  CHECK(n->m0[p] == 3 && n->m0[q] == 0);
  CHECK(strcmp(n->place_name[p], "P") == 0);
  CHECK(n->pre_at[1] - n->pre_at[0] == 1 && n->pre[n->pre_at[0]].weight == 2);
  CHECK(n->post_at[1] - n->post_at[0] == 1 && n->post[n->post_at[0]].place == (uint32_t)q);
  CHECK(n->has_inhibitors && n->inh_at[2] - n->inh_at[1] == 1);
  /* read arc: pre and post, no effect */
  CHECK(n->pre_at[2] - n->pre_at[1] == 1 && n->post_at[2] - n->post_at[1] == 1);
  CHECK(n->eff_at[2] == n->eff_at[1]);
  petri_net_free(n);
}

static void test_pnml_old_variants(void) {
  const char *s =
    "<pnml><net id=\"n1\" type=\"EPNML11\">\n"
    "<place id=\"a\"><name><value>A</value></name><initialMarking><text>1</text></initialMarking></place>\n"
    "<place id=\"b\"/>\n"
    "<transition id=\"t\"><toolspecific tool=\"x\"><place id=\"bogus\"/></toolspecific></transition>\n"
    "<arc id=\"x\" source=\"a\" target=\"t\"><toolspecific tool=\"Petri.NET\"><weight>4</weight></toolspecific></arc>\n"
    "<arc id=\"y\" source=\"b\" target=\"t\"><type><text>inhibitor</text></type></arc>\n"
    "<arc id=\"z\" source=\"b\" target=\"t\" type=\"tapnInhibitor\"><inscription><value>3</value></inscription></arc>\n"
    "</net></pnml>\n";
  petri_diag d;
  petri_net *n = parse(s, &d);
  CHECK(n != NULL);
  if (!n) { fprintf(stderr, "%s\n", d.message); return; }
  CHECK(n->nplaces == 2 && n->ntrans == 1);
  CHECK(n->pre[0].weight == 4);
  /* two inhibitor arcs on b merge to the stricter one */
  CHECK(n->inh_at[1] == 1 && n->inh[0].weight == 1);
  petri_net_free(n);
}

static void test_pnml_errors(void) {
  petri_diag d;
  CHECK(parse("<pnml><net id=\"n\" type=\"x\">\n<place id=\"p\">", &d) == NULL);
  CHECK(d.line == 2 && strstr(d.message, "malformed XML"));
  CHECK(parse("<pnml><net id=\"n\" type=\"http://www.pnml.org/version-2009/grammar/symmetricnet\"/></pnml>", &d) == NULL);
  CHECK(strstr(d.message, "coloured") != NULL);
  CHECK(parse("<pnml><net id=\"n\" type=\"x\"><place id=\"p\"/>\n<place id=\"p\"/></net></pnml>", &d) == NULL);
  CHECK(d.line == 2 && strstr(d.message, "duplicate"));
  CHECK(parse("<pnml><net id=\"n\" type=\"x\"><place id=\"p\"/><place id=\"q\"/>\n"
              "<arc id=\"a\" source=\"p\" target=\"q\"/></net></pnml>", &d) == NULL);
  CHECK(d.line == 2 && d.column == 1 && strstr(d.message, "place and a transition"));
  CHECK(parse("<pnml><net id=\"n\" type=\"x\"><place id=\"p\"><initialMarking><text>99999999999</text>"
              "</initialMarking></place></net></pnml>", &d) == NULL);
  CHECK(parse("<pnml/>", &d) == NULL && strstr(d.message, "no <net>"));
  CHECK(parse("<net/>", &d) == NULL && strstr(d.message, "expected <pnml>"));
}

static petri_net *tiny(void) {
  /* p0 -t0-> p1 (weight 2 in), t1: p1 -> p0 + p0 */
  const char *s =
    "<pnml><net id=\"n\" type=\"x\">"
    "<place id=\"p0\"><initialMarking><text>4294967294</text></initialMarking></place><place id=\"p1\"/>"
    "<transition id=\"t0\"/><transition id=\"t1\"/>"
    "<arc id=\"a\" source=\"p0\" target=\"t0\"><inscription><text>2</text></inscription></arc>"
    "<arc id=\"b\" source=\"t0\" target=\"p1\"/>"
    "<arc id=\"c\" source=\"p1\" target=\"t1\"/>"
    "<arc id=\"d\" source=\"t1\" target=\"p0\"><inscription><text>3</text></inscription></arc>"
    "</net></pnml>";
  petri_diag d;
  return parse(s, &d);
}

static void test_marking_arithmetic(void) {
  petri_net *n = tiny();
  CHECK(n != NULL);
  if (!n) return;
  petri_tok m[2] = {n->m0[0], n->m0[1]};
  CHECK(petri_enabled(n, m, 0) && !petri_enabled(n, m, 1));
  CHECK(petri_fire(n, m, 0, m) && m[0] == 4294967292u && m[1] == 1);
  /* t1 puts 3 back: 4294967292 - 0 + 3 = 4294967295 = max, fine */
  petri_tok out[2];
  CHECK(petri_fire(n, m, 1, out) && out[0] == PETRI_TOK_MAX && out[1] == 0);
  m[0] = PETRI_TOK_MAX - 1;
  CHECK(!petri_fire(n, m, 1, out)); /* overflow is reported, not wrapped */
  uint32_t seq[] = {0, 1, 1};
  petri_tok fin[2];
  size_t at = 0;
  CHECK(petri_replay(n, seq, 2, fin, &at) == PETRI_REPLAY_OK && fin[0] == PETRI_TOK_MAX);
  CHECK(petri_replay(n, seq, 3, fin, &at) == PETRI_REPLAY_DISABLED && at == 2);
  petri_net_free(n);
}

static void test_pred(void) {
  petri_net *n = tiny();
  if (!n) { CHECK(0); return; }
  petri_pred *le = pred_new(PRED_LIN); /* p1 - p0 <= -5 */
  CHECK(pred_add_term(le, 1, 1) && pred_add_term(le, 0, -1));
  le->bound = -5;
  petri_tok m[2] = {10, 3};
  CHECK(pred_eval(n, le, m));
  petri_pred *neg = pred_negate(le);
  CHECK(!pred_eval(n, neg, m));
  m[1] = 6;
  CHECK(!pred_eval(n, le, m) && pred_eval(n, neg, m));
  petri_pred *f = pred_new(PRED_FIRE), *dead = pred_new(PRED_DEAD);
  f->trans = 1;
  petri_tok z[2] = {1, 0};
  CHECK(!pred_eval(n, f, z) && pred_eval(n, dead, z));
  petri_pred *live = pred_negate(dead);
  CHECK(live->op == PRED_LIVE && !pred_eval(n, live, z));
  /* DNF of deadlock: t0 disabled (p0 <= 1) and t1 disabled (p1 <= 0) */
  pred_dnf dnf;
  CHECK(pred_to_dnf(n, dead, 16, &dnf) && dnf.n == 1 && dnf.cubes[0].n == 2);
  pred_dnf_free(&dnf);
  petri_pred *or = pred_new(PRED_OR);
  CHECK(pred_add_kid(or, pred_copy(f)) && pred_add_kid(or, pred_copy(le)));
  CHECK(pred_to_dnf(n, or, 16, &dnf) && dnf.n == 2);
  pred_dnf_free(&dnf);
  CHECK(!pred_to_dnf(n, or, 1, &dnf)); /* too many cubes */
  pred_free(or); pred_free(le); pred_free(neg); pred_free(f); pred_free(dead); pred_free(live);
  petri_net_free(n);
}

static void test_mcc(void) {
  petri_net *n = tiny();
  if (!n) { CHECK(0); return; }
  const char *q =
    "<?xml version=\"1.0\"?>\n<property-set xmlns=\"http://mcc.lip6.fr/\">\n"
    "<property><id>A</id><formula><all-paths><globally><negation><conjunction>"
    "<is-fireable><transition>t1</transition></is-fireable>"
    "<integer-le><integer-constant>2</integer-constant><tokens-count><place>p0</place><place>p1</place></tokens-count></integer-le>"
    "</conjunction></negation></globally></all-paths></formula></property>\n"
    "<property><id>B</id><formula><exists-path><finally><deadlock/></finally></exists-path></formula></property>\n"
    "<property><id>C</id><formula><exists-path><next><true/></next></exists-path></formula></property>\n"
    "</property-set>\n";
  mcc_property_set ps;
  petri_diag d = {0};
  CHECK(mcc_read_string(q, strlen(q), "q.xml", n, &ps, &d));
  CHECK(ps.n == 3);
  if (ps.n == 3) {
    CHECK(strcmp(ps.props[0].id, "A") == 0 && ps.props[0].quant == MCC_AG && ps.props[0].phi);
    petri_pred *target = mcc_target(&ps.props[0]); /* fireable(t1) and p0+p1 >= 2 */
    petri_tok m[2] = {1, 1}, m2[2] = {0, 1};
    CHECK(target && pred_eval(n, target, m) && !pred_eval(n, target, m2));
    pred_free(target);
    CHECK(ps.props[1].phi && ps.props[1].phi->op == PRED_DEAD);
    CHECK(ps.props[2].phi == NULL && ps.props[2].unsupported[0]);
  }
  mcc_property_set_free(&ps);
  const char *bad = "<property-set>\n<property><id>x</id><formula><exists-path><finally>\n"
                    "<is-fireable><transition>zz</transition></is-fireable></finally></exists-path></formula></property></property-set>";
  CHECK(!mcc_read_string(bad, strlen(bad), "q.xml", n, &ps, &d));
  CHECK(d.line == 3 && strstr(d.message, "unknown transition"));
  petri_net_free(n);
}

int main(void) {
  RUN(test_pnml_2009);
  RUN(test_pnml_old_variants);
  RUN(test_pnml_errors);
  RUN(test_marking_arithmetic);
  RUN(test_pred);
  RUN(test_mcc);
  return CHECK_DONE();
}
