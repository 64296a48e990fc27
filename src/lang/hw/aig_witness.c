/* Witness circuits for AIGER SAFE answers (see aig_witness.h). */
#include "lang/hw/aig_witness.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cert/qopen.h"
#include "core/alloc.h"
#include "core/limits.h"
#include "core/term_map.h"
#include "lang/hw/aig_ts.h"
#include "lang/hw/aiger.h"

/* A witness under construction: the model g renumbered so that inputs,
 * latches (the model's, then `nextra` new ones) and gates are consecutive
 * (the binary format and Certifaiger's default mapping want that), and
 * new gates after the model's. */
typedef struct {
  const aig *g;
  uint32_t *map;        /* model variable -> witness literal */
  uint32_t nextra;
  aig_latch *extra;     /* the new latches (lit, next, reset) */
  aig_and *ands;        /* new gates */
  uint32_t nands, cap, maxvar;
} builder;

static void builder_init(builder *b, const aig *g, uint32_t nextra) {
  memset(b, 0, sizeof *b);
  b->g = g;
  b->nextra = nextra;
  b->map = xcalloc((size_t)g->maxvar + 1, sizeof *b->map);
  uint32_t v = 0;
  for (uint32_t i = 0; i < g->ninputs; i++) b->map[g->inputs[i] >> 1] = 2 * ++v;
  for (uint32_t j = 0; j < g->nlatches; j++) b->map[g->latches[j].lit >> 1] = 2 * ++v;
  b->extra = xcalloc(nextra + 1, sizeof *b->extra);
  for (uint32_t e = 0; e < nextra; e++) b->extra[e].lit = 2 * ++v;   /* reset 0, next set later */
  for (uint32_t a = 0; a < g->nands; a++) b->map[g->ands[a].lhs >> 1] = 2 * ++v;
  b->maxvar = v;
}

static void builder_free(builder *b) {
  free(b->map);
  free(b->extra);
  free(b->ands);
}

/* The witness literal of model literal l. */
static uint32_t mlit(const builder *b, uint32_t l) { return b->map[l >> 1] ^ (l & 1); }

static uint32_t mk_and(builder *b, uint32_t x, uint32_t y) {
  if (x == 0 || y == 0) return 0;
  if (x == 1) return y;
  if (y == 1) return x;
  if (x == y) return x;
  if (x == (y ^ 1)) return 0;
  XGROW(b->ands, b->cap, b->nands + 1);
  uint32_t lhs = 2 * ++b->maxvar;
  b->ands[b->nands++] = (aig_and){lhs, x, y};
  return lhs;
}
static uint32_t mk_or(builder *b, uint32_t x, uint32_t y) { return mk_and(b, x ^ 1, y ^ 1) ^ 1; }
static uint32_t mk_eq(builder *b, uint32_t x, uint32_t y) {
  return mk_or(b, mk_and(b, x, y), mk_and(b, x ^ 1, y ^ 1));
}

/* The witness as ASCII AIGER (malloc'd): one bad-state property `bad`,
 * the model's constraints. */
static char *builder_write(const builder *b, uint32_t prop, uint32_t bad, const char *what) {
  const aig *g = b->g;
  char *buf = NULL;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  fprintf(f, "aag %u %u %u 0 %u 1 %u\n", b->maxvar, g->ninputs, g->nlatches + b->nextra, g->nands + b->nands,
          g->nconstraints);
  for (uint32_t i = 0; i < g->ninputs; i++) fprintf(f, "%u\n", mlit(b, g->inputs[i]));
  for (uint32_t j = 0; j < g->nlatches; j++) {
    const aig_latch *l = &g->latches[j];
    uint32_t lit = mlit(b, l->lit);
    if (l->reset == 0) fprintf(f, "%u %u\n", lit, mlit(b, l->next));
    else fprintf(f, "%u %u %u\n", lit, mlit(b, l->next), l->reset == l->lit ? lit : 1);
  }
  for (uint32_t e = 0; e < b->nextra; e++) fprintf(f, "%u %u\n", b->extra[e].lit, b->extra[e].next);
  fprintf(f, "%u\n", bad);
  for (uint32_t c = 0; c < g->nconstraints; c++) fprintf(f, "%u\n", mlit(b, g->constraints[c]));
  for (uint32_t a = 0; a < g->nands; a++)
    fprintf(f, "%u %u %u\n", mlit(b, g->ands[a].lhs), mlit(b, g->ands[a].rhs0), mlit(b, g->ands[a].rhs1));
  for (uint32_t a = 0; a < b->nands; a++) fprintf(f, "%u %u %u\n", b->ands[a].lhs, b->ands[a].rhs0, b->ands[a].rhs1);
  fprintf(f, "c\nWITNESS b%u: %s, by zeta\n", prop, what);
  fclose(f);
  return buf;
}

/* The literal of Boolean term t; UINT32_MAX when t is not a Boolean
 * combination of the circuit's variables. */
static uint32_t lit_of(builder *b, term_map *memo, term_t t) {
  term_t u = term_unsigned(t);
  uint32_t neg = term_is_negated(t) ? 1 : 0;
  if (term_op_of(u) == OP_TRUE) return 1 ^ neg;
  int32_t m = term_map_get(memo, u);
  if (m >= 0) return (uint32_t)m ^ neg;
  uint32_t n = term_nargs(u), r = UINT32_MAX;
  switch (term_op_of(u)) {
  case OP_AND: case OP_OR: {
    bool isand = term_op_of(u) == OP_AND;
    r = isand ? 1 : 0;
    for (uint32_t i = 0; i < n && r != UINT32_MAX; i++) {
      uint32_t a = lit_of(b, memo, term_arg(u, i));
      r = a == UINT32_MAX ? UINT32_MAX : isand ? mk_and(b, r, a) : mk_or(b, r, a);
    }
    break;
  }
  case OP_EQ: case OP_XOR:
    if (n == 2 && term_is_bool(term_arg(u, 0))) {
      uint32_t x = lit_of(b, memo, term_arg(u, 0)), y = x == UINT32_MAX ? x : lit_of(b, memo, term_arg(u, 1));
      if (y == UINT32_MAX) break;
      r = mk_eq(b, x, y);
      if (term_op_of(u) == OP_XOR) r ^= 1;
    }
    break;
  case OP_ITE:
    if (term_is_bool(u)) {
      uint32_t c = lit_of(b, memo, term_arg(u, 0));
      uint32_t x = c == UINT32_MAX ? c : lit_of(b, memo, term_arg(u, 1));
      uint32_t y = x == UINT32_MAX ? x : lit_of(b, memo, term_arg(u, 2));
      if (y != UINT32_MAX) r = mk_or(b, mk_and(b, c, x), mk_and(b, c ^ 1, y));
    }
    break;
  default: break;   /* variables are in the map already; others unsupported */
  }
  if (r == UINT32_MAX) return r;
  term_map_put(memo, u, (int32_t)r);
  return r ^ neg;
}

char *aig_witness_circuit(const aig *g, uint32_t prop, const ts *sys, term_t inv) {
  if (prop >= aig_nproperties(g) || sys->vars.size != g->nlatches || sys->inputs.size != g->ninputs) return NULL;
  builder b;
  builder_init(&b, g, 0);
  term_map memo;
  term_map_init(&memo);
  for (uint32_t j = 0; j < g->nlatches; j++) term_map_put(&memo, sys->vars.data[j], (int32_t)mlit(&b, g->latches[j].lit));
  for (uint32_t i = 0; i < g->ninputs; i++) term_map_put(&memo, sys->inputs.data[i], (int32_t)mlit(&b, g->inputs[i]));
  uint32_t il = lit_of(&b, &memo, inv);
  char *buf = NULL;
  if (il != UINT32_MAX)
    buf = builder_write(&b, prop, mk_or(&b, mlit(&b, aig_property(g, prop)), il ^ 1),
                        "the model with bad replaced by (bad or not invariant)");
  term_map_free(&memo);
  builder_free(&b);
  return buf;
}

/* ---- k-induction witnesses ----
 * The witness keeps the last K = k-1 (state, input) pairs of the proof
 * circuit p in a shift register, with a validity bit per slot. Its
 * property P_W, over the current state x (the model's latches), input u
 * and the slots (h_m, w_m, v_m), m = 1..K (m steps ago, h_0 = x):
 *   consts(x) ∧ good(x,u) ∧ ∧_m (v_m → step(h_m, w_m, h_{m-1}))
 *   ∧ ∧_m (v_{m+1} → v_m) ∧ ∧_{m<K} ((m = 0 ∨ v_m) ∧ ¬v_{m+1} → init(h_m))
 * where good = ¬bad ∨ ¬constraints and step = constraints ∧ ¬bad ∧ next.
 * P_W is 1-inductive: after a step, either the slots held K valid steps
 * (with the current one: k good steps, the step case of k-induction) or
 * the oldest valid slot is an initial state fewer than k steps back (the
 * base case). consts are the constant latches p was reduced with, which
 * the ternary simulation found inductive on their own. */

/* p's gates over the given latch and input literals: val[var of p]. */
static void instantiate(builder *b, const aig *p, const uint32_t *xl, const uint32_t *ul, uint32_t *val) {
  val[0] = 0;
  for (uint32_t i = 0; i < p->ninputs; i++) val[p->inputs[i] >> 1] = ul[i];
  for (uint32_t j = 0; j < p->nlatches; j++) val[p->latches[j].lit >> 1] = xl[j];
  for (uint32_t a = 0; a < p->nands; a++) {
    const aig_and *n = &p->ands[a];
    val[n->lhs >> 1] = mk_and(b, val[n->rhs0 >> 1] ^ (n->rhs0 & 1), val[n->rhs1 >> 1] ^ (n->rhs1 & 1));
  }
}
static uint32_t vlit(const uint32_t *val, uint32_t l) { return val[l >> 1] ^ (l & 1); }
static uint32_t constraints_lit(builder *b, const aig *p, const uint32_t *val) {
  uint32_t c = 1;
  for (uint32_t i = 0; i < p->nconstraints; i++) c = mk_and(b, c, vlit(val, p->constraints[i]));
  return c;
}

char *aig_kind_witness_circuit(const aig *g, uint32_t prop, const aig_kind_proof *pf) {
  const aig *p = pf->p;
  if (pf->k == 0 || prop >= aig_nproperties(g) || pf->pprop >= aig_nproperties(p)) return NULL;
  uint32_t K = pf->k - 1, nl = p->nlatches, ni = p->ninputs, slot = nl + ni + 1;
  /* the witness grows by about K copies of p: refuse what no check would finish */
  if ((uint64_t)K * (p->nands + 4u * slot) > AIG_KIND_WITNESS_MAX_GATES) return NULL;
  builder b;
  builder_init(&b, g, K * slot);
  uint32_t *xl = xmalloc((nl + 1) * sizeof *xl), *ul = xmalloc((ni + 1) * sizeof *ul);
  uint32_t *prev = xmalloc((nl + 1) * sizeof *prev), *val = xmalloc(((size_t)p->maxvar + 1) * sizeof *val);
  for (uint32_t j = 0; j < nl; j++) xl[j] = mlit(&b, g->latches[pf->latch_orig ? pf->latch_orig[j] : j].lit);
  for (uint32_t i = 0; i < ni; i++) ul[i] = mlit(&b, g->inputs[pf->input_orig ? pf->input_orig[i] : i]);
  /* slot m (1..K) latches: h at extra[(m-1)*slot + j], w after, v last */
#define EX(m, o) (&b.extra[((m) - 1) * slot + (o)])
  for (uint32_t m = 1; m <= K; m++)
    for (uint32_t o = 0; o < slot; o++)
      EX(m, o)->next = m > 1 ? EX(m - 1, o)->lit : o < nl ? xl[o] : o < slot - 1 ? ul[o - nl] : 1;
  uint32_t acc = 1;
  for (uint32_t j = 0; pf->const_val && j < g->nlatches; j++)
    if (pf->const_val[j] != 2) acc = mk_and(&b, acc, mlit(&b, g->latches[j].lit) ^ (pf->const_val[j] ? 0u : 1u));
  instantiate(&b, p, xl, ul, val);
  acc = mk_and(&b, acc, mk_or(&b, vlit(val, aig_property(p, pf->pprop)) ^ 1, constraints_lit(&b, p, val) ^ 1));
  memcpy(prev, xl, nl * sizeof *prev);
  for (uint32_t m = 0; m <= K; m++) {
    uint32_t *h = xl;   /* the state of slot m */
    if (m > 0) {
      for (uint32_t j = 0; j < nl; j++) xl[j] = EX(m, j)->lit;
      for (uint32_t i = 0; i < ni; i++) ul[i] = EX(m, nl + i)->lit;
      instantiate(&b, p, xl, ul, val);
      uint32_t s = mk_and(&b, constraints_lit(&b, p, val), vlit(val, aig_property(p, pf->pprop)) ^ 1);
      for (uint32_t j = 0; j < nl; j++) s = mk_and(&b, s, mk_eq(&b, prev[j], vlit(val, p->latches[j].next)));
      uint32_t v = EX(m, slot - 1)->lit;
      acc = mk_and(&b, acc, mk_or(&b, v ^ 1, s));
      if (m > 1) acc = mk_and(&b, acc, mk_or(&b, v ^ 1, EX(m - 1, slot - 1)->lit));
      memcpy(prev, xl, nl * sizeof *prev);
    }
    if (m < K) {   /* the oldest valid state is initial */
      uint32_t cond = mk_and(&b, m == 0 ? 1 : EX(m, slot - 1)->lit, EX(m + 1, slot - 1)->lit ^ 1), init = 1;
      for (uint32_t j = 0; j < nl; j++)
        if (p->latches[j].reset != p->latches[j].lit) init = mk_and(&b, init, h[j] ^ (p->latches[j].reset ? 0u : 1u));
      acc = mk_and(&b, acc, mk_or(&b, cond ^ 1, init));
    }
  }
#undef EX
  char what[96];
  snprintf(what, sizeof what, "the model with %u history slots (%u-induction), bad = (bad or not P_W)", K, pf->k);
  char *buf = builder_write(&b, prop, mk_or(&b, mlit(&b, aig_property(g, prop)), acc ^ 1), what);
  free(xl); free(ul); free(prev); free(val);
  builder_free(&b);
  return buf;
}

/* Milliseconds left until deadline for one query (at least 1). */
static uint32_t left_ms(double deadline) {
  double l = (deadline - limits_now()) * 1000.0;
  return l < 1 ? 1 : l > 4e9 ? 4000000000u : (uint32_t)l;
}

cert_status aig_witness_check(const aig *g, const ts *sys, const char *text, uint32_t timeout_ms, char *why,
                              size_t whylen) {
  double deadline = limits_now() + (timeout_ms ? timeout_ms : AIG_WITNESS_CHECK_MS) / 1000.0;
  aig w;
  aig_init(&w);
  aiger_diag d;
  cert_status st = CERT_UNKNOWN;
  ts wts;
  bool have_ts = false;
  term_t *gv = NULL, *wv = NULL;
  if (!aiger_read_string(text, strlen(text), "witness", &w, &d)) {
    snprintf(why, whylen, "the witness does not read back: %.160s", d.message);
    goto done;
  }
  /* reset, transition: the model's inputs and latches come first in the
   * witness, with the same resets, and their next-state functions and the
   * constraints are the same terms (hash-consed: the same functions of
   * the same variables, whatever the gate numbering) */
  bool same = w.ninputs == g->ninputs && w.nlatches >= g->nlatches && w.nconstraints == g->nconstraints &&
              aig_nproperties(&w) == 1;
  if (same) {
    gv = aig_var_terms(g, NULL, NULL);
    wv = aig_var_terms(&w, NULL, NULL);
  }
  for (uint32_t j = 0; same && j < g->nlatches; j++) {
    const aig_latch *a = &g->latches[j], *b = &w.latches[j];
    bool ua = a->reset == a->lit, ub = b->reset == b->lit;
    same = ua == ub && (ua || a->reset == b->reset) && aig_lit_term(gv, a->next) == aig_lit_term(wv, b->next);
  }
  for (uint32_t c = 0; same && c < g->nconstraints; c++)
    same = aig_lit_term(gv, g->constraints[c]) == aig_lit_term(wv, w.constraints[c]);
  if (!same) {
    snprintf(why, whylen, "the witness does not keep the model's inputs, latches, resets, next-state functions and constraints");
    goto done;
  }
  have_ts = aig_to_ts(&w, 0, &wts);
  if (!have_ts) { snprintf(why, whylen, "the witness has no property"); goto done; }
  /* property: the witness's property implies the model's */
  char w1[200];
  term_t q = cert_lift_ite(term_and2(wts.prop, term_not(sys->prop)));
  cert_status p = cert_unsat(q, left_ms(deadline), NULL, NULL, w1, sizeof w1);
  if (p != CERT_CERTIFIED) { st = p; snprintf(why, whylen, "property check: %.160s", p == CERT_VIOLATED ? "fails" : w1); goto done; }
  /* base: reset ∧ ¬P_W (wts.prop is "¬bad_W or a constraint fails") */
  q = cert_lift_ite(term_and2(wts.init, term_not(wts.prop)));
  p = cert_unsat(q, left_ms(deadline), NULL, NULL, w1, sizeof w1);
  if (p != CERT_CERTIFIED) { st = p; snprintf(why, whylen, "base: %.180s", p == CERT_VIOLATED ? "fails" : w1); goto done; }
  /* step: P_W ∧ constraints ∧ ¬P_W' with every next-state latch replaced
   * by its next-state function (x' = f(x,u) ∧ F(x') is F(f(x,u)) with x'
   * defined; the next inputs are the shifted ones). The same formula as
   * consecution over wts.trans after eliminating the defined primed
   * latches, so equisatisfiable; the copies of the gates the two states
   * share become the same terms, which keeps the query as small as the
   * proof it replays. */
  {
    term_t *lt = xmalloc((w.nlatches + 1) * sizeof *lt), *it = xmalloc((w.ninputs + 1) * sizeof *it);
    for (uint32_t j = 0; j < w.nlatches; j++) lt[j] = aig_lit_term(wv, w.latches[j].next);
    for (uint32_t i = 0; i < w.ninputs; i++) it[i] = term_prime(wv[w.inputs[i] >> 1]);
    term_t *nv = aig_eval_terms(&w, lt, it);
    term_vec cons = {0}, ncons = {0};
    for (uint32_t c = 0; c < w.nconstraints; c++) {
      term_vec_push(&cons, aig_lit_term(wv, w.constraints[c]));
      term_vec_push(&ncons, aig_lit_term(nv, w.constraints[c]));
    }
    term_t c0 = term_and(cons.size, cons.data), c1 = term_and(ncons.size, ncons.data);
    term_t bad1 = aig_lit_term(nv, aig_property(&w, 0));
    q = cert_lift_ite(term_and(4, (term_t[]){wts.prop, c0, c1, bad1}));
    free(lt); free(it); free(nv);
    term_vec_free(&cons); term_vec_free(&ncons);
  }
  p = cert_unsat(q, left_ms(deadline), NULL, NULL, w1, sizeof w1);
  st = p;
  if (p != CERT_CERTIFIED) snprintf(why, whylen, "step: %.180s", p == CERT_VIOLATED ? "fails" : w1);
done:
  if (have_ts) ts_free(&wts);
  free(gv);
  free(wv);
  aig_free(&w);
  return st;
}
