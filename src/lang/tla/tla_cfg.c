#include "lang/tla/tla_cfg.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/file.h"

/* Tokens of the cfg: words, numbers, strings, punctuation; comments
 * (\* and (* *)) skipped. */
typedef struct {
  const char *s;
  size_t i, n;
  unsigned line, col;
} lexer;

typedef struct {
  const char *p;
  size_t len;
  unsigned line, col;
} tok;

static void advance(lexer *l, size_t k) {
  for (size_t j = 0; j < k && l->i < l->n; j++, l->i++) {
    if (l->s[l->i] == '\n') l->line++, l->col = 1;
    else l->col++;
  }
}

static bool next_tok(lexer *l, tok *t) {
  for (;;) {
    while (l->i < l->n && isspace((unsigned char)l->s[l->i])) advance(l, 1);
    if (l->i + 1 < l->n && l->s[l->i] == '\\' && l->s[l->i + 1] == '*') {
      while (l->i < l->n && l->s[l->i] != '\n') advance(l, 1);
      continue;
    }
    if (l->i + 1 < l->n && l->s[l->i] == '(' && l->s[l->i + 1] == '*') {
      int depth = 0;
      while (l->i < l->n) {
        if (l->i + 1 < l->n && l->s[l->i] == '(' && l->s[l->i + 1] == '*') depth++, advance(l, 2);
        else if (l->i + 1 < l->n && l->s[l->i] == '*' && l->s[l->i + 1] == ')') {
          advance(l, 2);
          if (--depth == 0) break;
        } else advance(l, 1);
      }
      continue;
    }
    break;
  }
  if (l->i >= l->n) return false;
  t->p = l->s + l->i;
  t->line = l->line;
  t->col = l->col;
  const char *c = t->p;
  size_t k = 1;
  if (isalnum((unsigned char)*c) || *c == '_') {
    while (l->i + k < l->n && (isalnum((unsigned char)c[k]) || c[k] == '_')) k++;
  } else if (*c == '"') {
    while (l->i + k < l->n && c[k] != '"') k += c[k] == '\\' ? 2 : 1;
    k++;
  } else if ((c[0] == '<' && (c[1] == '-' || c[1] == '<')) || (c[0] == '>' && c[1] == '>') || (c[0] == '=' && c[1] == '=')) {
    k = 2;
  }
  if (l->i + k > l->n) k = l->n - l->i;
  t->len = k;
  advance(l, k);
  return true;
}

static bool is(const tok *t, const char *w) { return t->len == strlen(w) && strncmp(t->p, w, t->len) == 0; }

static const char *const keywords[] = {"CONSTANT", "CONSTANTS", "INIT", "NEXT", "SPECIFICATION", "INVARIANT", "INVARIANTS",
                                       "PROPERTY", "PROPERTIES", "CONSTRAINT", "CONSTRAINTS", "ACTION_CONSTRAINT",
                                       "ACTION_CONSTRAINTS", "SYMMETRY", "VIEW", "CHECK_DEADLOCK", "ALIAS",
                                       "POSTCONDITION"};
static bool keyword(const tok *t) {
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (is(t, keywords[i])) return true;
  return false;
}

static char *dup_tok(const tok *t) {
  char *s = xmalloc(t->len + 1);
  memcpy(s, t->p, t->len);
  s[t->len] = 0;
  return s;
}

static void push(char ***a, size_t *n, char *s) {
  *a = xrealloc(*a, (*n + 1) * sizeof **a);
  (*a)[(*n)++] = s;
}

bool tla_cfg_read(const char *path, tla_cfg *c, diag *d) {
  memset(c, 0, sizeof *c);
  c->check_deadlock = -1;
  size_t len;
  char err[600];
  char *buf = file_read_all(path, &len, err, sizeof err);
  if (!buf) {
    diag_set(d, 2, "zeta: %s (the model configuration)", err);
    return false;
  }
  lexer l = {buf, 0, len, 1, 1};
  tok t, section = {0};
  bool have = next_tok(&l, &t), ok = true;
  while (ok && have) {
    if (keyword(&t)) {
      section = t;
      have = next_tok(&l, &t);
      continue;
    }
    if (!section.p) {
      diag_set(d, 2, "%s:%u:%u: expected a keyword (CONSTANTS, INIT, NEXT, SPECIFICATION, INVARIANT, ...)", path, t.line, t.col);
      ok = false;
      break;
    }
    if (is(&section, "CONSTANT") || is(&section, "CONSTANTS")) {
      if (!(isalpha((unsigned char)t.p[0]) || t.p[0] == '_')) {
        diag_set(d, 2, "%s:%u:%u: expected a constant's name", path, t.line, t.col);
        ok = false;
        break;
      }
      tla_cfg_const k = {.name = dup_tok(&t)};
      tok op;
      if (!next_tok(&l, &op) || !(is(&op, "=") || is(&op, "<-"))) {
        diag_set(d, 2, "%s:%u:%u: expected = or <- after the constant %s", path, t.line, t.col, k.name);
        free(k.name);
        ok = false;
        break;
      }
      if (is(&op, "<-")) {
        tok v;
        if (!next_tok(&l, &v)) {
          diag_set(d, 2, "%s:%u:%u: expected a name after <-", path, op.line, op.col);
          free(k.name);
          ok = false;
          break;
        }
        if (is(&v, "[")) {   /* [Module] name */
          while (next_tok(&l, &v) && !is(&v, "]")) {}
          next_tok(&l, &v);
        }
        k.subst = dup_tok(&v);
        have = next_tok(&l, &t);
      } else {
        /* the value: balanced tokens up to the next `name =`, `name <-` or keyword */
        tok v;
        if (!next_tok(&l, &v) || keyword(&v)) {
          diag_set(d, 2, "%s:%u:%u: expected a value after =", path, op.line, op.col);
          free(k.name);
          ok = false;
          break;
        }
        const char *start = v.p, *end = v.p + v.len;
        k.line = v.line, k.col = v.col;
        int depth = 0;
        for (;;) {
          if (is(&v, "{") || is(&v, "<<") || is(&v, "(") || is(&v, "[")) depth++;
          if (is(&v, "}") || is(&v, ">>") || is(&v, ")") || is(&v, "]")) depth--;
          end = v.p + v.len;
          have = next_tok(&l, &t);
          if (!have || (depth <= 0 && keyword(&t))) break;
          if (depth <= 0 && (isalpha((unsigned char)t.p[0]) || t.p[0] == '_')) {
            lexer save = l;
            tok peek;
            bool more = next_tok(&l, &peek);
            l = save;
            if (more && (is(&peek, "=") || is(&peek, "<-"))) break;
          }
          v = t;
        }
        k.value = xmalloc((size_t)(end - start) + 1);
        memcpy(k.value, start, (size_t)(end - start));
        k.value[end - start] = 0;
      }
      c->consts = xrealloc(c->consts, (c->nconsts + 1) * sizeof *c->consts);
      c->consts[c->nconsts++] = k;
      continue;
    }
    char *w = dup_tok(&t);
    if (is(&section, "INIT")) free(c->init), c->init = w;
    else if (is(&section, "NEXT")) free(c->next), c->next = w;
    else if (is(&section, "SPECIFICATION")) free(c->spec), c->spec = w;
    else if (is(&section, "SYMMETRY")) free(c->symmetry), c->symmetry = w;
    else if (is(&section, "INVARIANT") || is(&section, "INVARIANTS")) push(&c->invariants, &c->ninvariants, w);
    else if (is(&section, "CONSTRAINT") || is(&section, "CONSTRAINTS")) push(&c->constraints, &c->nconstraints, w);
    else if (is(&section, "PROPERTY") || is(&section, "PROPERTIES")) push(&c->properties, &c->nproperties, w);
    else if (is(&section, "CHECK_DEADLOCK")) {
      c->check_deadlock = strcmp(w, "TRUE") == 0;
      free(w);
    } else if (is(&section, "ALIAS")) {
      free(w);
    } else {
      if (!c->unsupported) c->unsupported = dup_tok(&section);
      free(w);
    }
    have = next_tok(&l, &t);
  }
  free(buf);
  if (!ok) tla_cfg_free(c);
  return ok;
}

void tla_cfg_free(tla_cfg *c) {
  for (size_t i = 0; i < c->nconsts; i++) free(c->consts[i].name), free(c->consts[i].value), free(c->consts[i].subst);
  free(c->consts);
  free(c->init), free(c->next), free(c->spec), free(c->symmetry), free(c->unsupported);
  for (size_t i = 0; i < c->ninvariants; i++) free(c->invariants[i]);
  for (size_t i = 0; i < c->nconstraints; i++) free(c->constraints[i]);
  for (size_t i = 0; i < c->nproperties; i++) free(c->properties[i]);
  free(c->invariants), free(c->constraints), free(c->properties);
  memset(c, 0, sizeof *c);
}
