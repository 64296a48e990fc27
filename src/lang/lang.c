#include "lang/lang.h"
#include <stdio.h>
#include <string.h>

/* One line per language; the first whose extension matches a file wins. */
static const lang *const table[] = {
  &lang_cfa, &lang_chc, &lang_vmt, &lang_aiger, &lang_btor2, &lang_petri, &lang_tla, &lang_sol, &lang_c,
};
static const lang_command *const commands[] = {&lang_cmd_smt, &lang_cmd_validate, &lang_cmd_check_cert};

const lang *lang_at(size_t i) { return i < sizeof table / sizeof table[0] ? table[i] : NULL; }

static bool word_in(const char *list, const char *word, size_t n) {
  for (const char *p = list; p && *p;) {
    while (*p == ' ') p++;
    size_t len = strcspn(p, " ");
    if (len == n && strncmp(p, word, n) == 0) return true;
    p += len;
  }
  return false;
}

const lang *lang_by_name(const char *name) {
  for (size_t i = 0; lang_at(i); i++)
    if (strcmp(table[i]->name, name) == 0 || word_in(table[i]->aliases, name, strlen(name))) return table[i];
  return NULL;
}

static bool lang_word_in(const char *list, const char *word) { return word_in(list, word, strlen(word)); }

bool lang_algorithm_ok(const char *list, const char *algo, const char *what, diag *d) {
  if (lang_word_in(list, algo)) return true;
  char use[256] = "";
  size_t n = 0, words = 0;
  for (const char *p = list; *p; p++) words += *p != ' ' && (p == list || p[-1] == ' ');
  for (const char *p = list, *w; *p && n < sizeof use; words--) {   /* "a, b or c" */
    while (*p == ' ') p++;
    w = p;
    while (*p && *p != ' ') p++;
    n += (size_t)snprintf(use + n, sizeof use - n, "%.*s%s", (int)(p - w), w, words > 2 ? ", " : words == 2 ? " or " : "");
  }
  diag_set(d, ZETA_EXIT_INPUT, "zeta: --algorithm %s is not available for %s (use %s)", algo, what, use);
  return false;
}

bool lang_exports(const lang *l, const char *fmt) { return lang_word_in(l->exports, fmt); }

const lang *lang_by_file(const char *path) {
  const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
  if (!dot || (slash && dot < slash)) return NULL;
  for (size_t i = 0; lang_at(i); i++)
    if (word_in(table[i]->extensions, dot, strlen(dot))) return table[i];
  return NULL;
}

const lang_command *lang_command_at(size_t i) { return i < sizeof commands / sizeof commands[0] ? commands[i] : NULL; }

const lang_command *lang_command_by_name(const char *name) {
  for (size_t i = 0; lang_command_at(i); i++)
    if (strcmp(commands[i]->name, name) == 0) return commands[i];
  return NULL;
}
