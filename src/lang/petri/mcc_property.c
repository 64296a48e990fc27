/* MCC property reader: expat builds a small element tree (property files
 * are small), which is then translated into petri_pred formulas. */
#include "lang/petri/xml_stream.h"
#include "lang/petri/mcc_property.h"
#include <ctype.h>
#include <errno.h>
#include <expat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct xnode {
  char *name, *text;
  size_t ntext;
  unsigned long line, col;
  struct xnode **kids;
  size_t nkids;
  struct xnode *parent;
} xnode;

static void xnode_free(xnode *x) {
  if (!x) return;
  for (size_t i = 0; i < x->nkids; i++) xnode_free(x->kids[i]);
  free(x->kids); free(x->name); free(x->text);
  free(x);
}

/* Formulas deeper than this are input errors (the translation and the
 * predicates are recursive; real MCC formulas stay far below). */
#define MAX_DEPTH 2000

typedef struct {
  XML_Parser xp;
  xnode *root, *cur;
  bool nomem;
  unsigned depth;
  unsigned long deep_line, deep_col;   /* where MAX_DEPTH was passed, or 0 */
} tree_state;

static void XMLCALL t_start(void *ud, const char *qname, const char **atts) {
  tree_state *s = ud;
  (void)atts;
  if (s->nomem) return;
  const char *local = strrchr(qname, '|');
  local = local ? local + 1 : qname;
  if (++s->depth > MAX_DEPTH) {
    s->deep_line = XML_GetCurrentLineNumber(s->xp);
    s->deep_col = XML_GetCurrentColumnNumber(s->xp) + 1;
    XML_StopParser(s->xp, XML_FALSE);
    return;
  }
  xnode *x = calloc(1, sizeof *x);
  if (!x || !(x->name = strdup(local))) { free(x); s->nomem = true; XML_StopParser(s->xp, XML_FALSE); return; }
  x->line = XML_GetCurrentLineNumber(s->xp);
  x->col = XML_GetCurrentColumnNumber(s->xp) + 1;
  x->parent = s->cur;
  if (!s->cur) s->root = x;
  else {
    xnode **k = realloc(s->cur->kids, (s->cur->nkids + 1) * sizeof *k);
    if (!k) { xnode_free(x); s->nomem = true; XML_StopParser(s->xp, XML_FALSE); return; }
    s->cur->kids = k;
    k[s->cur->nkids++] = x;
  }
  s->cur = x;
}

static void XMLCALL t_end(void *ud, const char *qname) {
  tree_state *s = ud;
  (void)qname;
  s->depth--;
  if (s->cur) s->cur = s->cur->parent;
}

static void XMLCALL t_chars(void *ud, const char *txt, int len) {
  tree_state *s = ud;
  xnode *x = s->cur;
  if (!x || s->nomem) return;
  char *t = realloc(x->text, x->ntext + (size_t)len + 1);
  if (!t) { s->nomem = true; XML_StopParser(s->xp, XML_FALSE); return; }
  memcpy(t + x->ntext, txt, (size_t)len);
  x->ntext += (size_t)len;
  t[x->ntext] = 0;
  x->text = t;
}

/* ---- translation ---- */

typedef struct {
  const char *file;
  const petri_net *net;
  petri_diag *d;
  bool error;          /* hard error (diag filled) */
  char unsupported[128];
} conv;

static bool err(conv *c, const xnode *x, const char *fmt, const char *arg) {
  if (!c->error) petri_diag_set(c->d, c->file, x ? x->line : 0, x ? x->col : 0, fmt, arg ? arg : "");
  c->error = true;
  return false;
}

static bool is(const xnode *x, const char *n) { return strcmp(x->name, n) == 0; }

/* Trimmed text of x (in place). */
static const char *text_of(xnode *x) {
  if (!x->text) return "";
  char *t = x->text;
  while (isspace((unsigned char)*t)) t++;
  size_t n = strlen(t);
  while (n && isspace((unsigned char)t[n - 1])) t[--n] = 0;
  return t;
}

static const char *const temporal[] = {"exists-path", "all-paths", "finally", "globally", "next",
                                       "until", "before", "reach", "place-bound", "integer-product"};

static bool unsupported(conv *c, const xnode *x) {
  snprintf(c->unsupported, sizeof c->unsupported, "nested temporal operator <%.64s> at line %lu", x->name, x->line);
  return false;
}

static bool known_temporal(const xnode *x) {
  for (size_t i = 0; i < sizeof temporal / sizeof temporal[0]; i++)
    if (is(x, temporal[i])) return true;
  return false;
}

/* Integer expression as coef * m + constant, accumulated into lin with sign. */
static bool int_expr(conv *c, xnode *x, int64_t sign, petri_pred *lin, int64_t *constant) {
  if (is(x, "integer-constant")) {
    const char *t = text_of(x);
    char *end;
    errno = 0;
    long long v = strtoll(t, &end, 10);
    if (!*t || *end || errno || v > ((int64_t)1 << 53) || v < -((int64_t)1 << 53))
      return err(c, x, "integer-constant '%s' is not an integer in range", t);
    *constant += sign * (int64_t)v;
    return true;
  }
  if (is(x, "tokens-count")) {
    if (!x->nkids) return err(c, x, "<tokens-count> needs at least one <place>%s", "");
    for (size_t i = 0; i < x->nkids; i++) {
      xnode *k = x->kids[i];
      if (!is(k, "place")) return err(c, k, "expected <place> in <tokens-count>, found <%s>", k->name);
      int64_t p = petri_place_index(c->net, text_of(k));
      if (p < 0) return err(c, k, "unknown place '%s'", text_of(k));
      if (!pred_add_term(lin, (uint32_t)p, sign)) return err(c, k, "out of memory%s", "");
    }
    return true;
  }
  if (is(x, "integer-sum") || is(x, "integer-difference")) {
    if (!x->nkids) return err(c, x, "<%s> needs operands", x->name);
    for (size_t i = 0; i < x->nkids; i++)
      if (!int_expr(c, x->kids[i], is(x, "integer-difference") && i ? -sign : sign, lin, constant)) return false;
    return true;
  }
  if (known_temporal(x)) return unsupported(c, x);
  return err(c, x, "expected an integer expression (tokens-count, integer-constant), found <%s>", x->name);
}

static petri_pred *state_formula(conv *c, xnode *x);

static petri_pred *junction(conv *c, xnode *x, petri_pred_op op) {
  petri_pred *p = pred_new(op);
  if (!p) { err(c, x, "out of memory%s", ""); return NULL; }
  for (size_t i = 0; i < x->nkids; i++) {
    petri_pred *k = state_formula(c, x->kids[i]);
    if (!k || !pred_add_kid(p, k)) {
      if (k == NULL && !c->error && !c->unsupported[0]) err(c, x, "out of memory%s", "");
      pred_free(p);
      return NULL;
    }
  }
  return p;
}

static petri_pred *binary(conv *c, xnode *x, int kind) {
  if (x->nkids != 2) { err(c, x, "<%s> needs exactly two operands", x->name); return NULL; }
  petri_pred *a = state_formula(c, x->kids[0]), *b = a ? state_formula(c, x->kids[1]) : NULL;
  petri_pred *na = a ? pred_negate(a) : NULL, *nb = b ? pred_negate(b) : NULL;
  petri_pred *r = NULL;
  if (a && b && na && nb) {
    if (kind == 0) { /* implication: not a or b */
      r = pred_new(PRED_OR);
      if (r && pred_add_kid(r, na)) na = NULL; else { pred_free(r); r = NULL; }
      if (r && pred_add_kid(r, b)) b = NULL; else { pred_free(r); r = NULL; }
    } else { /* equivalence (kind 1) or xor (kind 2) */
      petri_pred *l = pred_new(PRED_AND), *rr = pred_new(PRED_AND);
      r = pred_new(PRED_OR);
      bool ok = l && rr && r;
      ok = ok && pred_add_kid(l, a) && (a = NULL, 1);
      ok = ok && pred_add_kid(l, kind == 1 ? b : nb) && ((kind == 1 ? (b = NULL) : (nb = NULL)), 1);
      ok = ok && pred_add_kid(rr, na) && (na = NULL, 1);
      ok = ok && pred_add_kid(rr, kind == 1 ? nb : b) && ((kind == 1 ? (nb = NULL) : (b = NULL)), 1);
      ok = ok && pred_add_kid(r, l) && (l = NULL, 1) && pred_add_kid(r, rr) && (rr = NULL, 1);
      if (!ok) { pred_free(r); r = NULL; }
      pred_free(l); pred_free(rr);
    }
    if (!r) err(c, x, "out of memory%s", "");
  }
  pred_free(a); pred_free(b); pred_free(na); pred_free(nb);
  return r;
}

static petri_pred *state_formula(conv *c, xnode *x) {
  if (is(x, "true")) return pred_new(PRED_TRUE);
  if (is(x, "false")) return pred_new(PRED_FALSE);
  if (is(x, "deadlock")) return pred_new(PRED_DEAD);
  if (is(x, "conjunction") || is(x, "disjunction")) {
    if (!x->nkids) { err(c, x, "<%s> needs operands", x->name); return NULL; }
    return junction(c, x, is(x, "conjunction") ? PRED_AND : PRED_OR);
  }
  if (is(x, "negation")) {
    if (x->nkids != 1) { err(c, x, "<negation> needs exactly one operand%s", ""); return NULL; }
    petri_pred *k = state_formula(c, x->kids[0]);
    petri_pred *r = k ? pred_negate(k) : NULL;
    if (k && !r) err(c, x, "out of memory%s", "");
    pred_free(k);
    return r;
  }
  if (is(x, "implication")) return binary(c, x, 0);
  if (is(x, "equivalence")) return binary(c, x, 1);
  if (is(x, "exclusive-disjunction")) return binary(c, x, 2);
  if (is(x, "is-fireable")) {
    if (!x->nkids) { err(c, x, "<is-fireable> needs at least one <transition>%s", ""); return NULL; }
    petri_pred *r = pred_new(PRED_OR);
    if (!r) { err(c, x, "out of memory%s", ""); return NULL; }
    for (size_t i = 0; i < x->nkids; i++) {
      xnode *k = x->kids[i];
      if (!is(k, "transition")) { err(c, k, "expected <transition> in <is-fireable>, found <%s>", k->name); break; }
      int64_t t = petri_trans_index(c->net, text_of(k));
      if (t < 0) { err(c, k, "unknown transition '%s'", text_of(k)); break; }
      petri_pred *f = pred_new(PRED_FIRE);
      if (f) f->trans = (uint32_t)t;
      if (!pred_add_kid(r, f)) { err(c, k, "out of memory%s", ""); break; }
    }
    if (c->error) { pred_free(r); return NULL; }
    return r;
  }
  if (is(x, "integer-le") || is(x, "integer-ge") || is(x, "integer-eq")) {
    if (x->nkids != 2) { err(c, x, "<%s> needs exactly two operands", x->name); return NULL; }
    /* a <= b  <=>  a - b <= 0 */
    petri_pred *le = pred_new(PRED_LIN);
    int64_t k = 0;
    if (!le) { err(c, x, "out of memory%s", ""); return NULL; }
    int64_t s = is(x, "integer-ge") ? -1 : 1;
    if (!int_expr(c, x->kids[0], s, le, &k) || !int_expr(c, x->kids[1], -s, le, &k)) { pred_free(le); return NULL; }
    le->bound = -k;
    if (!is(x, "integer-eq")) return le;
    petri_pred *ge = pred_new(PRED_LIN), *r = pred_new(PRED_AND);
    bool ok = ge && r;
    for (uint32_t i = 0; ok && i < le->n; i++) ok = pred_add_term(ge, le->place[i], -le->coef[i]);
    if (ge) ge->bound = k;
    ok = ok && pred_add_kid(r, le) && (le = NULL, 1) && pred_add_kid(r, ge) && (ge = NULL, 1);
    pred_free(le); pred_free(ge);
    if (!ok) { pred_free(r); err(c, x, "out of memory%s", ""); return NULL; }
    return r;
  }
  if (known_temporal(x)) { unsupported(c, x); return NULL; }
  err(c, x, "expected a state formula (conjunction, disjunction, negation, integer-le, is-fireable, deadlock), found <%s>",
      x->name);
  return NULL;
}

static bool property(conv *c, xnode *x, mcc_property *p) {
  xnode *id = NULL, *formula = NULL;
  for (size_t i = 0; i < x->nkids; i++) {
    if (is(x->kids[i], "id")) id = x->kids[i];
    else if (is(x->kids[i], "formula")) formula = x->kids[i];
  }
  if (!id) return err(c, x, "<property> without <id>%s", "");
  if (!formula) return err(c, x, "<property> without <formula>%s", "");
  if (!(p->id = strdup(text_of(id)))) return err(c, x, "out of memory%s", "");
  if (formula->nkids != 1) return err(c, formula, "<formula> needs exactly one child%s", "");
  xnode *q = formula->kids[0];
  c->unsupported[0] = 0;
  bool ef = is(q, "exists-path"), ag = is(q, "all-paths");
  if (is(q, "deadlock")) { /* bare deadlock: the deadlock examination */
    p->quant = MCC_EF;
    p->phi = pred_new(PRED_DEAD);
    return p->phi || err(c, q, "out of memory%s", "");
  }
  if (!ef && !ag) {
    if (!known_temporal(q)) return err(c, q, "expected <exists-path> or <all-paths>, found <%s>", q->name);
    snprintf(p->unsupported, sizeof p->unsupported, "only EF and AG properties are supported");
    return true;
  }
  if (q->nkids != 1) return err(c, q, "<%s> needs exactly one child", q->name);
  xnode *op = q->kids[0];
  if (!(ef ? is(op, "finally") : is(op, "globally"))) {
    if (!known_temporal(op)) return err(c, op, "expected a path formula (finally, globally), found <%s>", op->name);
    snprintf(p->unsupported, sizeof p->unsupported, "<%s> under <%s> is not supported", op->name, q->name);
    return true;
  }
  if (op->nkids != 1) return err(c, op, "<%s> needs exactly one child", op->name);
  p->quant = ef ? MCC_EF : MCC_AG;
  p->phi = state_formula(c, op->kids[0]);
  if (c->error) return false;
  if (!p->phi) {
    if (!c->unsupported[0]) return err(c, op, "out of memory%s", "");
    /* c->unsupported already names the operator and its line */
    memcpy(p->unsupported, c->unsupported, sizeof p->unsupported);
  }
  return true;
}

static bool convert(conv *c, xnode *root, mcc_property_set *out) {
  if (!is(root, "property-set")) return err(c, root, "expected <property-set> as the root element, found <%s>", root->name);
  for (size_t i = 0; i < root->nkids; i++) {
    xnode *x = root->kids[i];
    if (!is(x, "property")) return err(c, x, "expected <property>, found <%s>", x->name);
    mcc_property *ps = realloc(out->props, (out->n + 1) * sizeof *ps);
    if (!ps) return err(c, x, "out of memory%s", "");
    out->props = ps;
    memset(&ps[out->n], 0, sizeof *ps);
    out->n++;
    if (!property(c, x, &ps[out->n - 1])) return false;
  }
  if (!out->n) return err(c, root, "<property-set> holds no <property>%s", "");
  return true;
}

static bool read_with(XML_Parser xp, tree_state *ts, bool ok, const char *file, const petri_net *net,
                      mcc_property_set *out, petri_diag *d) {
  bool result = false;
  out->props = NULL;
  out->n = 0;
  if (ts->nomem) petri_diag_set(d, file, 0, 0, "out of memory");
  else if (ts->deep_line)
    petri_diag_set(d, file, ts->deep_line, ts->deep_col, "formula nested too deeply (more than %d levels)", MAX_DEPTH);
  else if (!ok)
    petri_diag_set(d, file, XML_GetCurrentLineNumber(xp), XML_GetCurrentColumnNumber(xp) + 1,
                   "malformed XML: %s", XML_ErrorString(XML_GetErrorCode(xp)));
  else if (!ts->root) petri_diag_set(d, file, 1, 1, "empty property file");
  else {
    conv c = {file, net, d, false, {0}};
    result = convert(&c, ts->root, out);
  }
  if (!result) mcc_property_set_free(out);
  xnode_free(ts->root);
  XML_ParserFree(xp);
  return result;
}

static XML_Parser tree_parser(tree_state *ts) {
  memset(ts, 0, sizeof *ts);
  XML_Parser xp = XML_ParserCreateNS(NULL, '|');
  if (!xp) return NULL;
  ts->xp = xp;
  XML_SetUserData(xp, ts);
  XML_SetElementHandler(xp, t_start, t_end);
  XML_SetCharacterDataHandler(xp, t_chars);
  return xp;
}

bool mcc_read_string(const char *text, size_t len, const char *name, const petri_net *net,
                     mcc_property_set *out, petri_diag *d) {
  tree_state ts;
  XML_Parser xp = tree_parser(&ts);
  out->props = NULL;
  out->n = 0;
  if (!xp) { petri_diag_set(d, name, 0, 0, "out of memory"); return false; }
  bool ok = XML_Parse(xp, text, (int)len, XML_TRUE) == XML_STATUS_OK;
  return read_with(xp, &ts, ok, name, net, out, d);
}

bool mcc_read_file(const char *path, const petri_net *net, mcc_property_set *out, petri_diag *d) {
  out->props = NULL;
  out->n = 0;
  FILE *f = fopen(path, "rb");
  if (!f) { petri_diag_set(d, path, 0, 0, "cannot open: %s", strerror(errno)); return false; }
  tree_state ts;
  XML_Parser xp = tree_parser(&ts);
  if (!xp) { fclose(f); petri_diag_set(d, path, 0, 0, "out of memory"); return false; }
  bool ok = xml_stream_parse(xp, f);
  fclose(f);
  return read_with(xp, &ts, ok, path, net, out, d);
}

bool mcc_deadlock_property(const char *id, mcc_property_set *out) {
  out->n = 0;
  out->props = calloc(1, sizeof *out->props);
  if (!out->props) return false;
  out->n = 1;
  out->props[0].id = strdup(id);
  out->props[0].quant = MCC_EF;
  out->props[0].phi = pred_new(PRED_DEAD);
  if (!out->props[0].id || !out->props[0].phi) { mcc_property_set_free(out); return false; }
  return true;
}

void mcc_property_set_free(mcc_property_set *s) {
  for (size_t i = 0; i < s->n; i++) { free(s->props[i].id); pred_free(s->props[i].phi); }
  free(s->props);
  s->props = NULL;
  s->n = 0;
}

petri_pred *mcc_target(const mcc_property *p) {
  if (!p->phi) return NULL;
  return p->quant == MCC_EF ? pred_copy(p->phi) : pred_negate(p->phi);
}
