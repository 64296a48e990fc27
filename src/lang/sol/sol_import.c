/* Plain imports appended to the importing file: see sol_import.h. */
#include "lang/sol/sol_import.h"
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/file.h"

typedef struct {
  char *s;
  size_t n, cap;
} sbuf;

static void put(sbuf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    b->cap = 2 * (b->n + n + 1);
    b->s = xrealloc(b->s, b->cap);
  }
  memcpy(b->s + b->n, s, n);
  b->n += n;
  b->s[b->n] = 0;
}

static unsigned lines_in(const char *s, size_t n) {
  unsigned k = 0;
  for (size_t i = 0; i < n; i++) k += s[i] == '\n';
  return k;
}

/* The quoted path of a plain import directive starting at p (`import "X";`),
 * its length in *dlen (up to the ';'); NULL otherwise. */
static char *plain_import(const char *p, const char *end, size_t *dlen) {
  const char *q = p;
  if ((size_t)(end - q) < 7 || strncmp(q, "import", 6) != 0 || (q[6] != ' ' && q[6] != '\t' && q[6] != '"' && q[6] != '\''))
    return NULL;
  q += 6;
  while (q < end && (*q == ' ' || *q == '\t')) q++;
  if (q >= end || (*q != '"' && *q != '\'')) return NULL;
  char quote = *q++;
  const char *s = q;
  while (q < end && *q != quote && *q != '\n') q++;
  if (q >= end || *q != quote) return NULL;
  const char *e = q++;
  while (q < end && (*q == ' ' || *q == '\t')) q++;
  if (q >= end || *q != ';') return NULL;   /* `import "X" as Y;`: not the plain form */
  *dlen = (size_t)(q + 1 - p);
  char *r = xmalloc((size_t)(e - s) + 1);
  memcpy(r, s, (size_t)(e - s));
  r[e - s] = 0;
  return r;
}

typedef struct {
  sbuf out;
  sol_part *parts;
  uint32_t nparts;
  char **seen;
  uint32_t nseen;
  char *err;
  size_t nerr;
} flat;

static bool seen(flat *F, const char *path) {
  char real[PATH_MAX];
  const char *key = realpath(path, real) ? real : path;
  for (uint32_t i = 0; i < F->nseen; i++)
    if (strcmp(F->seen[i], key) == 0) return true;
  F->seen = xrealloc(F->seen, (F->nseen + 1) * sizeof *F->seen);
  F->seen[F->nseen++] = xstrdup(key);
  return false;
}

/* Appends the files path imports (plainly, each once, their own imports
 * first), then text (of path) with the directives blanked; SPDX lines of
 * all but the main file blanked (solc allows one per unit). Bases precede
 * the contracts derived from them, as solc requires. */
static bool add_file(flat *F, const char *path, const char *text, size_t len, bool main) {
  char *mine = xmalloc(len + 2);
  memcpy(mine, text, len);
  size_t mlen = len;
  if (!len || text[len - 1] != '\n') mine[mlen++] = '\n';
  mine[mlen] = 0;
  char **imports = NULL;
  unsigned *at = NULL;
  uint32_t nimp = 0;
  for (size_t i = 0; i < mlen; i++) {
    if (i > 0 && mine[i - 1] != '\n') continue;
    size_t j = i;
    while (j < mlen && (mine[j] == ' ' || mine[j] == '\t')) j++;
    if (!main && strncmp(mine + j, "// SPDX-License-Identifier", 26) == 0)
      while (j < mlen && mine[j] != '\n') mine[j++] = ' ';
    size_t dlen;
    char *imp = plain_import(mine + j, mine + mlen, &dlen);
    if (!imp) continue;
    memset(mine + j, ' ', dlen);
    imports = xrealloc(imports, (nimp + 1) * sizeof *imports);
    at = xrealloc(at, (nimp + 1) * sizeof *at);
    imports[nimp] = imp;
    at[nimp++] = lines_in(mine, j) + 1;
  }
  bool ok = true;
  for (uint32_t k = 0; k < nimp && ok; k++) {
    char full[PATH_MAX + 8];
    const char *slash = strrchr(path, '/');
    if (imports[k][0] == '/' || !slash) snprintf(full, sizeof full, "%s", imports[k]);
    else snprintf(full, sizeof full, "%.*s/%s", (int)(slash - path), path, imports[k]);
    if (seen(F, full)) continue;
    size_t n;
    char why[600];
    char *t = file_read_all(full, &n, why, sizeof why);
    if (!t) {
      snprintf(F->err, F->nerr, "%s:%u:1: ParserError: Source \"%s\" not found (%s)", path, at[k], imports[k], why);
      ok = false;
      continue;
    }
    ok = add_file(F, full, t, n, false);
    free(t);
  }
  if (ok && (nimp || !main)) {
    F->parts = xrealloc(F->parts, (F->nparts + 1) * sizeof *F->parts);
    F->parts[F->nparts].line = lines_in(F->out.s ? F->out.s : "", F->out.n) + 1;
    F->parts[F->nparts++].name = xstrdup(path);
    put(&F->out, mine, mlen);
  }
  for (uint32_t k = 0; k < nimp; k++) free(imports[k]);
  free(imports);
  free(at);
  free(mine);
  return ok;
}

char *sol_flatten(const char *path, const char *text, size_t len, size_t *out_len, sol_part **parts, uint32_t *nparts,
                  char *err, size_t nerr) {
  *parts = NULL;
  *nparts = 0;
  if (err && nerr) err[0] = 0;
  flat F = {{0}, NULL, 0, NULL, 0, err, nerr};
  (void)seen(&F, path);
  bool ok = add_file(&F, path, text, len, true);
  for (uint32_t i = 0; i < F.nseen; i++) free(F.seen[i]);
  free(F.seen);
  if (!ok || F.nparts < 2) {   /* no imports: the main file alone */
    free(F.out.s);
    sol_parts_free(F.parts, F.nparts);
    return NULL;
  }
  *out_len = F.out.n;
  *parts = F.parts;
  *nparts = F.nparts;
  return F.out.s;
}

const char *sol_part_of(const char *main, const sol_part *parts, uint32_t nparts, unsigned *line) {
  for (uint32_t i = nparts; i-- > 0;)   /* the last part starting at or before the line */
    if (*line >= parts[i].line) {
      *line -= parts[i].line - 1;
      return parts[i].name;
    }
  return main;
}

char *sol_part_remap(const char *main, const sol_part *parts, uint32_t nparts, const char *msg) {
  sbuf b = {0};
  size_t ml = strlen(main);
  put(&b, "", 0);
  for (const char *p = msg; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
    unsigned line;
    int used = 0;
    if (nparts && strncmp(p, main, ml) == 0 && p[ml] == ':' && sscanf(p + ml, ":%u%n", &line, &used) == 1) {
      const char *f = sol_part_of(main, parts, nparts, &line);
      char head[PATH_MAX + 32];
      int k = snprintf(head, sizeof head, "%s:%u", f, line);
      put(&b, head, (size_t)k);
      put(&b, p + ml + (size_t)used, n - ml - (size_t)used);
    } else put(&b, p, n);
    p += n;
  }
  return b.s;
}

void sol_parts_free(sol_part *parts, uint32_t nparts) {
  for (uint32_t i = 0; i < nparts; i++) free(parts[i].name);
  free(parts);
}
