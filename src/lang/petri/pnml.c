/* PNML reader: an expat state machine that feeds petri_builder. */
#include "lang/petri/xml_stream.h"
#include "lang/petri/pnml.h"
#include <ctype.h>
#include <errno.h>
#include <expat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Element names that matter; everything else is E_OTHER and ignored. */
enum { E_OTHER, E_PNML, E_NET, E_PAGE, E_PLACE, E_TRANS, E_ARC, E_NAME, E_TEXT, E_VALUE,
       E_MARK, E_INSCR, E_TYPE, E_TOOL, E_WEIGHT, E_REFPLACE, E_REFTRANS };
static const char *const elem_names[] = {
  "", "pnml", "net", "page", "place", "transition", "arc", "name", "text", "value",
  "initialMarking", "inscription", "type", "toolspecific", "weight", "referencePlace",
  "referenceTransition",
};

#define MAX_DEPTH 256

typedef struct {
  XML_Parser xp;
  const char *file;
  petri_diag *d;
  petri_builder *b;
  bool failed;
  int depth;
  unsigned char stack[MAX_DEPTH];
  int nets;        /* <net> elements seen */
  int net_depth;   /* depth of the current <net>, 0 if outside */
  int obj, obj_depth; /* current place/transition/arc and its depth */
  unsigned long obj_line, obj_col;
  char *id, *src, *dst, *ref;
  petri_arc_kind kind;
  bool capture;    /* collecting character data into text */
  int capture_what; /* 1 name, 2 marking, 3 inscription, 4 tool weight, 5 type text, 6 net name */
  char *text;
  size_t ntext, captext;
  char *name, *mark, *inscr, *tweight;
  unsigned long mark_line, mark_col, inscr_line, inscr_col;
} pnml_state;

static int elem_code(const char *qname) {
  const char *local = strrchr(qname, '|');
  local = local ? local + 1 : qname;
  for (int i = 1; i < (int)(sizeof elem_names / sizeof elem_names[0]); i++)
    if (strcmp(local, elem_names[i]) == 0) return i;
  return E_OTHER;
}

static const char *local_name(const char *qname) {
  const char *local = strrchr(qname, '|');
  return local ? local + 1 : qname;
}

static void fail(pnml_state *s, unsigned long line, unsigned long col, const char *fmt, const char *arg) {
  if (s->failed) return;
  s->failed = true;
  petri_diag_set(s->d, s->file, line, col, fmt, arg ? arg : "");
  XML_StopParser(s->xp, XML_FALSE);
}

static void fail_builder(pnml_state *s) {
  if (s->failed) return;
  s->failed = true;
  if (s->d) { s->d->file = s->file; if (!s->d->line) { s->d->line = s->obj_line; s->d->column = s->obj_col; } }
  XML_StopParser(s->xp, XML_FALSE);
}

static const char *attr(const char **atts, const char *name) {
  for (int i = 0; atts[i]; i += 2)
    if (strcmp(local_name(atts[i]), name) == 0) return atts[i + 1];
  return NULL;
}

static void clear_obj(pnml_state *s) {
  free(s->id); free(s->src); free(s->dst); free(s->ref);
  free(s->name); free(s->mark); free(s->inscr); free(s->tweight);
  s->id = s->src = s->dst = s->ref = s->name = s->mark = s->inscr = s->tweight = NULL;
  s->obj = E_OTHER;
  s->obj_depth = 0;
  s->kind = PETRI_ARC_NORMAL;
}

static char *dup_or_fail(pnml_state *s, const char *v) {
  char *r = strdup(v ? v : "");
  if (!r) fail(s, 0, 0, "out of memory%s", "");
  return r;
}

/* Parses a non-negative decimal count, surrounding white space allowed. */
static bool parse_count(const char *t, petri_tok *out) {
  while (isspace((unsigned char)*t)) t++;
  if (!isdigit((unsigned char)*t)) return false;
  uint64_t v = 0;
  for (; isdigit((unsigned char)*t); t++) {
    v = v * 10 + (uint64_t)(*t - '0');
    if (v > PETRI_TOK_MAX) return false;
  }
  while (isspace((unsigned char)*t)) t++;
  if (*t) return false;
  *out = (petri_tok)v;
  return true;
}

static void set_kind(pnml_state *s, const char *v, unsigned long line, unsigned long col) {
  while (v && isspace((unsigned char)*v)) v++;
  if (!v || !*v) return;
  if (strncmp(v, "inhibitor", 9) == 0 || strcmp(v, "tapnInhibitor") == 0) s->kind = PETRI_ARC_INHIBITOR;
  else if (strncmp(v, "read", 4) == 0 || strncmp(v, "test", 4) == 0) s->kind = PETRI_ARC_READ;
  else if (strncmp(v, "normal", 6) == 0 || strcmp(v, "timed") == 0) s->kind = PETRI_ARC_NORMAL;
  else fail(s, line, col, "unsupported arc type '%s' (expected normal, inhibitor or read)", v);
}

static void XMLCALL on_start(void *ud, const char *qname, const char **atts) {
  pnml_state *s = ud;
  if (s->failed) return;
  unsigned long line = XML_GetCurrentLineNumber(s->xp), col = XML_GetCurrentColumnNumber(s->xp) + 1;
  int e = elem_code(qname);
  if (s->depth == 0 && e != E_PNML) {
    fail(s, line, col, "expected <pnml> as the root element, found <%s>", local_name(qname));
    return;
  }
  if (s->depth < MAX_DEPTH) s->stack[s->depth] = (unsigned char)e;
  s->depth++;
  int rel = s->depth - s->obj_depth; /* 1 = a child of the object */
  int parent = s->depth >= 2 && s->depth - 2 < MAX_DEPTH ? s->stack[s->depth - 2] : E_OTHER;
  if (e == E_NET) {
    if (s->depth != 2) { fail(s, line, col, "<net> must be a child of <pnml>%s", ""); return; }
    if (++s->nets > 1) { fail(s, line, col, "more than one <net> in the file; expected one%s", ""); return; }
    const char *type = attr(atts, "type");
    if (type && (strstr(type, "symmetric") || strstr(type, "highlevel") || strstr(type, "colo"))) {
      fail(s, line, col, "coloured nets are not supported (net type '%s'); expected a place/transition net", type);
      return;
    }
    s->net_depth = s->depth;
    return;
  }
  if (!s->net_depth) return;
  if (s->obj == E_OTHER && (e == E_PLACE || e == E_TRANS || e == E_ARC || e == E_REFPLACE || e == E_REFTRANS)) {
    if (parent != E_NET && parent != E_PAGE) return; /* e.g. inside toolspecific */
    s->obj = e;
    s->obj_depth = s->depth;
    s->obj_line = line;
    s->obj_col = col;
    const char *id = attr(atts, "id");
    if (!id) { fail(s, line, col, "<%s> without an id attribute", elem_names[e]); return; }
    s->id = dup_or_fail(s, id);
    if (e == E_ARC) {
      const char *src = attr(atts, "source"), *dst = attr(atts, "target");
      if (!src || !dst) { fail(s, line, col, "<arc id=\"%s\"> needs source and target attributes", id); return; }
      s->src = dup_or_fail(s, src);
      s->dst = dup_or_fail(s, dst);
      set_kind(s, attr(atts, "type"), line, col);
    } else if (e == E_REFPLACE || e == E_REFTRANS) {
      const char *ref = attr(atts, "ref");
      if (!ref) { fail(s, line, col, "<%s> without a ref attribute", elem_names[e]); return; }
      s->ref = dup_or_fail(s, ref);
    }
    return;
  }
  /* Character data we want, by position relative to the object. */
  s->capture_what = 0;
  if (s->obj == E_OTHER) {
    if (s->depth == s->net_depth + 2 && parent == E_NAME && e == E_TEXT) s->capture_what = 6;
  } else if (rel == 1) {
    if (e == E_MARK) { s->mark_line = line; s->mark_col = col; }
    if (e == E_INSCR) { s->inscr_line = line; s->inscr_col = col; }
    if (e == E_TYPE && s->obj == E_ARC) set_kind(s, attr(atts, "value"), line, col);
  } else if (rel == 2 && (e == E_TEXT || e == E_VALUE || e == E_WEIGHT)) {
    int p = parent;
    if (p == E_NAME && e != E_WEIGHT) s->capture_what = 1;
    else if (p == E_MARK && s->obj == E_PLACE && e != E_WEIGHT) s->capture_what = 2;
    else if (p == E_INSCR && s->obj == E_ARC && e != E_WEIGHT) s->capture_what = 3;
    else if (p == E_TOOL && s->obj == E_ARC && e == E_WEIGHT) s->capture_what = 4;
    else if (p == E_TYPE && s->obj == E_ARC && e == E_TEXT) s->capture_what = 5;
  }
  if (s->capture_what) { s->capture = true; s->ntext = 0; }
}

static void XMLCALL on_chars(void *ud, const char *txt, int len) {
  pnml_state *s = ud;
  if (!s->capture || s->failed) return;
  if (s->ntext + (size_t)len + 1 > s->captext) {
    size_t c = (s->ntext + (size_t)len + 1) * 2;
    char *t = realloc(s->text, c);
    if (!t) { fail(s, 0, 0, "out of memory%s", ""); return; }
    s->text = t;
    s->captext = c;
  }
  memcpy(s->text + s->ntext, txt, (size_t)len);
  s->ntext += (size_t)len;
  s->text[s->ntext] = 0;
}

static void finish_object(pnml_state *s) {
  petri_diag *d = s->d;
  if (d) d->line = 0;
  petri_tok w = 1;
  switch (s->obj) {
  case E_PLACE: {
    petri_tok m = 0;
    if (s->mark && !parse_count(s->mark, &m)) {
      fail(s, s->mark_line, s->mark_col, "initial marking '%s' is not a token count", s->mark);
      return;
    }
    if (!petri_builder_place(s->b, s->id, s->name, m, s->obj_line, s->obj_col, d)) fail_builder(s);
    break;
  }
  case E_TRANS:
    if (!petri_builder_transition(s->b, s->id, s->name, s->obj_line, s->obj_col, d)) fail_builder(s);
    break;
  case E_REFPLACE: case E_REFTRANS:
    if (!petri_builder_alias(s->b, s->id, s->ref, d)) fail_builder(s);
    break;
  case E_ARC: {
    const char *src = s->inscr ? s->inscr : s->tweight;
    if (src && !parse_count(src, &w)) {
      fail(s, s->inscr_line ? s->inscr_line : s->obj_line, s->inscr_line ? s->inscr_col : s->obj_col,
           "arc weight '%s' is not a non-negative integer", src);
      return;
    }
    if (!petri_builder_arc(s->b, s->src, s->dst, w, s->kind, s->obj_line, s->obj_col, d)) fail_builder(s);
    break;
  }
  default: break;
  }
}

static void XMLCALL on_end(void *ud, const char *qname) {
  pnml_state *s = ud;
  (void)qname;
  if (s->failed) return;
  if (s->capture) {
    s->capture = false;
    const char *t = s->text ? s->text : "";
    char **slot = NULL;
    switch (s->capture_what) {
    case 1: slot = &s->name; break;
    case 2: slot = &s->mark; break;
    case 3: slot = &s->inscr; break;
    case 4: slot = &s->tweight; break;
    case 5: set_kind(s, t, XML_GetCurrentLineNumber(s->xp), XML_GetCurrentColumnNumber(s->xp) + 1); break;
    case 6:
      if (!petri_builder_set_name(s->b, t)) fail(s, 0, 0, "out of memory%s", "");
      break;
    }
    if (slot && !*slot) *slot = dup_or_fail(s, t);
    s->capture_what = 0;
  }
  if (s->obj != E_OTHER && s->depth == s->obj_depth) {
    finish_object(s);
    clear_obj(s);
  }
  if (s->depth == s->net_depth) s->net_depth = 0;
  s->depth--;
}

static petri_net *finish(pnml_state *s, XML_Parser xp, bool ok) {
  petri_net *n = NULL;
  if (!ok && !s->failed) {
    s->failed = true;
    petri_diag_set(s->d, s->file, XML_GetCurrentLineNumber(xp), XML_GetCurrentColumnNumber(xp) + 1,
                   "malformed XML: %s", XML_ErrorString(XML_GetErrorCode(xp)));
  }
  if (!s->failed && s->nets == 0) {
    s->failed = true;
    petri_diag_set(s->d, s->file, XML_GetCurrentLineNumber(xp), XML_GetCurrentColumnNumber(xp) + 1,
                   "no <net> element found");
  }
  if (!s->failed) n = petri_builder_finish(s->b, s->file, s->d);
  clear_obj(s);
  free(s->text);
  petri_builder_free(s->b);
  XML_ParserFree(xp);
  return n;
}

static bool start(pnml_state *s, const char *file, petri_diag *d, XML_Parser *xp) {
  memset(s, 0, sizeof *s);
  s->file = file;
  s->d = d;
  s->b = petri_builder_new();
  *xp = XML_ParserCreateNS(NULL, '|');
  if (!s->b || !*xp) {
    petri_builder_free(s->b);
    if (*xp) XML_ParserFree(*xp);
    petri_diag_set(d, file, 0, 0, "out of memory");
    return false;
  }
  s->xp = *xp;
  XML_SetUserData(*xp, s);
  XML_SetElementHandler(*xp, on_start, on_end);
  XML_SetCharacterDataHandler(*xp, on_chars);
  return true;
}

petri_net *pnml_read_string(const char *text, size_t len, const char *name, petri_diag *d) {
  pnml_state s;
  XML_Parser xp;
  if (!start(&s, name, d, &xp)) return NULL;
  bool ok = XML_Parse(xp, text, (int)len, XML_TRUE) == XML_STATUS_OK;
  return finish(&s, xp, ok);
}

petri_net *pnml_read_file(const char *path, petri_diag *d) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    petri_diag_set(d, path, 0, 0, "cannot open: %s", strerror(errno));
    return NULL;
  }
  pnml_state s;
  XML_Parser xp;
  if (!start(&s, path, d, &xp)) { fclose(f); return NULL; }
  bool ok = xml_stream_parse(xp, f);
  fclose(f);
  return finish(&s, xp, ok);
}
