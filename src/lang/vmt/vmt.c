#include "lang/vmt/vmt.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/smtlib.h"

typedef struct {
  term_vec cur, next;           /* :next pairs */
  term_vec init, trans;
  term_t prop;                  /* the chosen property */
  long prop_index;
  term_t first_prop;
} vmt_acc;

static char *diag_fmt(const char *file, uint32_t line, uint32_t col, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  size_t n = strlen(file) + strlen(msg) + 32;
  char *d = xmalloc(n);
  snprintf(d, n, "%s:%u:%u: %s", file, line, col, msg);
  return d;
}

static bool in_vec(const term_vec *v, term_t t) {
  for (uint32_t i = 0; i < v->size; i++)
    if (v->data[i] == t) return true;
  return false;
}

static bool vmt_parse(const char *file, smtlib_parser *p, uint32_t property, ts *sys, char **diag) {
  vmt_acc a;
  memset(&a, 0, sizeof a);
  a.prop = a.first_prop = NULL_TERM;
  bool ok = true;
  smtlib_cmd c;
  smtlib_status st;
  *diag = NULL;
  while (ok && (st = smtlib_next(p, &c)) == SMTLIB_OK) {
    for (uint32_t i = 0; ok && i < c.nattrs; i++) {
      const smtlib_attr *at = &c.attrs[i];
      if (strcmp(at->key, ":next") == 0) {
        term_t nx = at->value ? smtlib_lookup(p, at->value) : NULL_TERM;
        if (!term_is_var(at->term) || nx == NULL_TERM || !term_is_var(nx) ||
            term_type(nx) != term_type(at->term) || term_var_index(at->term) != 0) {
          *diag = diag_fmt(file, c.line, c.col, ":next expects a declared variable of the same sort, annotating a variable");
          ok = false;
        } else if (in_vec(&a.cur, at->term) || in_vec(&a.next, nx) || in_vec(&a.cur, nx)) {
          *diag = diag_fmt(file, c.line, c.col, "variable declared twice as state or next variable");
          ok = false;
        } else {
          term_vec_push(&a.cur, at->term);
          term_vec_push(&a.next, nx);
        }
      } else if (strcmp(at->key, ":init") == 0 || strcmp(at->key, ":trans") == 0 ||
                 strcmp(at->key, ":invar-property") == 0) {
        if (!term_is_bool(at->term)) {
          *diag = diag_fmt(file, c.line, c.col, "%s expects a Boolean term", at->key);
          ok = false;
        } else if (at->key[1] == 'i' && at->key[2] == 'n' && at->key[3] == 'i') {
          term_vec_push(&a.init, at->term);
        } else if (at->key[1] == 't') {
          term_vec_push(&a.trans, at->term);
        } else {
          char *end = NULL;
          long n = at->value ? strtol(at->value, &end, 10) : -1;
          if (!at->value || *end || n < 0) {
            *diag = diag_fmt(file, c.line, c.col, ":invar-property expects a number");
            ok = false;
          } else {
            if (a.first_prop == NULL_TERM) a.first_prop = at->term;
            if ((uint32_t)n == property && a.prop == NULL_TERM) a.prop = at->term;
          }
        }
      }
    }
  }
  if (ok && st == SMTLIB_ERROR) {
    *diag = xstrdup(smtlib_error(p));
    ok = false;
  }
  if (ok && a.first_prop == NULL_TERM) {
    *diag = diag_fmt(file, 1, 1, "no :invar-property in the file");
    ok = false;
  }
  if (ok) {
    ts_init(sys);
    for (uint32_t i = 0; i < a.cur.size; i++) term_vec_push(&sys->vars, a.cur.data[i]);
    term_t *primed = xmalloc(sizeof(term_t) * (a.cur.size + 1));
    for (uint32_t i = 0; i < a.cur.size; i++) primed[i] = term_prime(a.cur.data[i]);
    sys->init = term_and(a.init.size, a.init.data);
    sys->trans = term_subst(term_and(a.trans.size, a.trans.data), a.next.size, a.next.data, primed);
    sys->prop = a.prop != NULL_TERM ? a.prop : a.first_prop;
    free(primed);
    /* next copies may only occur in the transition relation */
    term_t *fv = NULL;
    term_t parts[2] = {sys->init, sys->prop};
    uint32_t n = term_free_vars_n(2, parts, false, &fv);
    for (uint32_t i = 0; ok && i < n; i++)
      if (in_vec(&a.next, fv[i])) {
        *diag = diag_fmt(file, 1, 1, "next-state variable %s used in :init or :invar-property", term_var_name(fv[i]));
        ok = false;
      }
    free(fv);
    term_t all[3] = {sys->init, sys->trans, sys->prop};
    n = term_free_vars_n(3, all, false, &fv);
    for (uint32_t i = 0; i < n; i++)
      if (term_var_index(fv[i]) == 0 && !in_vec(&sys->vars, fv[i])) term_vec_push(&sys->inputs, fv[i]);
    free(fv);
    if (!ok) ts_free(sys);
  }
  term_vec_free(&a.cur);
  term_vec_free(&a.next);
  term_vec_free(&a.init);
  term_vec_free(&a.trans);
  return ok;
}

bool vmt_read(const char *file, FILE *in, uint32_t property, ts *sys, char **diag) {
  smtlib_parser *p = smtlib_new_file(file, in);
  if (!p) { *diag = xstrdup("out of memory"); return false; }
  bool ok = vmt_parse(file, p, property, sys, diag);
  smtlib_free(p);
  return ok;
}

bool vmt_read_string(const char *file, const char *text, uint32_t property, ts *sys, char **diag) {
  smtlib_parser *p = smtlib_new_string(file, text, strlen(text));
  if (!p) { *diag = xstrdup("out of memory"); return false; }
  bool ok = vmt_parse(file, p, property, sys, diag);
  smtlib_free(p);
  return ok;
}
