#include "lang/sol/sol_ast.h"
#include <limits.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "core/alloc.h"
#include "core/file.h"
#include "zeta/zeta.h"

/* solc-ast.js: ZETA_SOLC_AST, else found from the binary's place: next to
 * the sources (build/zeta, build-san/zeta, build/tests/test_x) or
 * installed (PREFIX/bin/zeta -> PREFIX/share/zeta/solc-ast.js). */
static char *script_path(void) {
  const char *env = getenv("ZETA_SOLC_AST");
  if (env && *env) return xstrdup(env);
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return NULL;
  exe[n] = 0;
  for (int up = 1; up <= 3; up++) {
    char *slash = strrchr(exe, '/');
    if (!slash) break;
    *slash = 0;
    char cand[PATH_MAX + 64];
    snprintf(cand, sizeof cand, "%s/src/lang/sol/solc-ast.js", exe);
    if (access(cand, R_OK) == 0) return xstrdup(cand);
    snprintf(cand, sizeof cand, "%s/share/zeta/solc-ast.js", exe);
    if (access(cand, R_OK) == 0) return xstrdup(cand);
  }
  return NULL;
}

/* Reads all of fd into a malloc'd string. */
static char *slurp_fd(int fd) {
  size_t cap = 1 << 16, n = 0;
  char *buf = xmalloc(cap);
  for (;;) {
    if (n + 1 >= cap) buf = xrealloc(buf, cap *= 2);
    ssize_t k = read(fd, buf + n, cap - n - 1);
    if (k <= 0) break;
    n += (size_t)k;
  }
  buf[n] = 0;
  return buf;
}

/* Fills by_id; the id of a node given twice (solc's are unique), else -1. */
static int index_nodes(sol_ast *a, cJSON *n) {
  if (cJSON_IsObject(n)) {
    cJSON *id = cJSON_GetObjectItemCaseSensitive(n, "id");
    if (cJSON_IsNumber(id) && id->valueint >= 0 && id->valueint < a->nids && cJSON_GetObjectItemCaseSensitive(n, "nodeType")) {
      if (a->by_id[id->valueint]) return id->valueint;
      a->by_id[id->valueint] = n;
    }
  }
  for (cJSON *c = n->child; c; c = c->next) {
    int twice = index_nodes(a, c);
    if (twice >= 0) return twice;
  }
  return -1;
}

static int count_objects(const cJSON *n) {
  int k = cJSON_IsObject(n);
  for (const cJSON *c = n->child; c; c = c->next) k += count_objects(c);
  return k;
}

static int max_id(const cJSON *n) {
  int m = -1;
  if (cJSON_IsObject(n)) {
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(n, "id");
    if (cJSON_IsNumber(id)) m = id->valueint;
  }
  for (const cJSON *c = n->child; c; c = c->next) {
    int k = max_id(c);
    if (k > m) m = k;
  }
  return m;
}

/* line:column after the first n bytes of text */
static void text_pos(const char *text, size_t n, unsigned *line, unsigned *col) {
  *line = 1, *col = 1;
  for (size_t i = 0; i < n; i++) {
    if (text[i] == '\n') ++*line, *col = 1;
    else ++*col;
  }
}

sol_ast *sol_ast_from_json(const char *path, char *text, size_t tlen, const char *json, diag *d) {
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithOpts(json, &end, true);
  if (!root || !cJSON_IsObject(root)) {
    unsigned line, col;
    text_pos(json, root || !end ? 0 : (size_t)(end - json), &line, &col);
    diag_set(d, ZETA_EXIT_INPUT, "%s:%u:%u: expected solc's AST as a JSON object", path, line, col);
    cJSON_Delete(root);
    return NULL;
  }
  /* solc numbers the nodes densely: an id far beyond the node count is
   * not solc's (and would size the per-id tables) */
  int nodes = count_objects(root), top = max_id(root);
  if (top >= 16 * nodes + 4096) {
    diag_set(d, ZETA_EXIT_INPUT, "%s:1:1: node id %d out of range for %d nodes", path, top, nodes);
    cJSON_Delete(root);
    return NULL;
  }
  sol_ast *a = xcalloc(1, sizeof *a);
  a->file = xstrdup(path);
  a->text = text;
  a->text_len = tlen;
  a->root = root;
  a->nids = top + 1;
  a->by_id = xcalloc((size_t)a->nids + 1, sizeof *a->by_id);
  int twice = index_nodes(a, root);
  if (twice >= 0) {
    diag_set(d, ZETA_EXIT_INPUT, "%s:1:1: node id %d given twice", path, twice);
    a->text = NULL;   /* the caller's still */
    sol_ast_free(a);
    return NULL;
  }
  return a;
}

static uint64_t fnv1a(uint64_t h, const char *p, size_t n) {
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
  return h;
}

/* ZETA_SOLC_CACHE=DIR (opt-in, for many runs on the same files, e.g.
 * bench/difftest): solc's AST of a source is kept in DIR under a 128-bit
 * hash of the script, the file name and the text (imports are flattened
 * into the text before). Clear DIR when solc-js changes. NULL: no cache. */
static char *cache_file(const char *script, const char *path, const char *text, size_t tlen) {
  const char *dir = getenv("ZETA_SOLC_CACHE");
  if (!dir || !*dir) return NULL;
  size_t slen;
  char why[8];
  char *code = file_read_all(script, &slen, why, sizeof why);
  if (!code) return NULL;
  uint64_t h[2] = {14695981039346656037ull, 1469598103934665603ull};
  for (int k = 0; k < 2; k++) {
    h[k] = fnv1a(h[k], code, slen + 1);
    h[k] = fnv1a(h[k], path, strlen(path) + 1);
    h[k] = fnv1a(h[k], text, tlen);
  }
  free(code);
  size_t n = strlen(dir) + 64;
  char *f = xmalloc(n);
  snprintf(f, n, "%s/%016llx%016llx.json", dir, (unsigned long long)h[0], (unsigned long long)h[1]);
  return f;
}

/* Writes json to file through a temporary name (parallel runs never read
 * half a file); failures only cost the cache. */
static void cache_store(const char *file, const char *json) {
  size_t n = strlen(file) + 32;
  char *tmp = xmalloc(n);
  snprintf(tmp, n, "%s.%d.tmp", file, (int)getpid());
  FILE *f = fopen(tmp, "w");
  bool ok = f && fputs(json, f) >= 0;
  if (f) ok &= fclose(f) == 0;
  if (!ok || rename(tmp, file) != 0) unlink(tmp);
  free(tmp);
}

/* solc on path's text, or (copy != NULL) on the content of file copy
 * under path's name; text (the source the AST refers to) becomes the AST's. */
static sol_ast *load(const char *path, const char *copy, char *text, size_t tlen, diag *d) {
  char *script = script_path();
  if (!script) {
    free(text);
    diag_set(d, ZETA_EXIT_INTERNAL, "zeta: solc-ast.js not found (set ZETA_SOLC_AST)");
    return NULL;
  }
  char *cached = cache_file(script, path, text, tlen);
  if (cached) {
    size_t jlen;
    char why[8];
    char *json = file_read_all(cached, &jlen, why, sizeof why);
    if (json) {
      diag jd = {0};
      sol_ast *a = sol_ast_from_json(path, text, tlen, json, &jd);
      free(json);
      if (a) {
        free(cached);
        free(script);
        return a;
      }
    }
  }
  int out[2], err[2];
  if (pipe(out) != 0 || pipe(err) != 0) alloc_fail(0);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* no orphan when zeta stops (hard stop, kill) */
    dup2(out[1], 1);
    dup2(err[1], 2);
    close(out[0]); close(err[0]); close(out[1]); close(err[1]);
    execlp("node", "node", script, path, copy, (char *)NULL);
    _exit(127);
  }
  free(script);
  close(out[1]);
  close(err[1]);
  /* solc's messages are short: read stdout fully, then stderr */
  char *json = slurp_fd(out[0]);
  char *msg = slurp_fd(err[0]);
  close(out[0]);
  close(err[0]);
  int st = 0;
  waitpid(pid, &st, 0);
  int code = WIFEXITED(st) ? WEXITSTATUS(st) : 3;
  sol_ast *a = NULL;
  if (code != 0) {
    size_t m = strlen(msg);
    while (m && msg[m - 1] == '\n') msg[--m] = 0;
    if (code == 2) diag_set(d, ZETA_EXIT_INPUT, "%s", *msg ? msg : "zeta: solc rejected the input");
    else diag_set(d, ZETA_EXIT_INTERNAL, "zeta: running solc-js failed (%s)", code == 127 ? "node not found" : msg);
  } else {
    diag jd = {0};
    a = sol_ast_from_json(path, text, tlen, json, &jd);
    if (a) text = NULL;
    else diag_set(d, ZETA_EXIT_INTERNAL, "zeta: solc-js printed no AST (%s)", jd.message);
    if (a && cached) cache_store(cached, json);
  }
  free(cached);
  free(json);
  free(msg);
  free(text);
  return a;
}

sol_ast *sol_ast_load(const char *path, diag *d) {
  size_t tlen, flen = 0;
  char why[600];
  char *text = file_read_all(path, &tlen, why, sizeof why);
  if (!text) {
    diag_set(d, ZETA_EXIT_INPUT, "zeta: %s", why);
    return NULL;
  }
  sol_part *parts;
  uint32_t nparts;
  char err[PATH_MAX + 800];
  char *flat = sol_flatten(path, text, tlen, &flen, &parts, &nparts, err, sizeof err);
  if (!flat && err[0]) {
    free(text);
    diag_set(d, ZETA_EXIT_INPUT, "%s", err);
    return NULL;
  }
  if (!flat) return load(path, NULL, text, tlen, d);
  free(text);
  sol_ast *a = sol_ast_load_text(path, flat, flen, d);
  free(flat);
  if (a) {
    a->parts = parts;
    a->nparts = nparts;
  } else {
    if (d->code == ZETA_EXIT_INPUT) {
      char *m = sol_part_remap(path, parts, nparts, d->message);
      diag_set(d, ZETA_EXIT_INPUT, "%s", m);
      free(m);
    }
    sol_parts_free(parts, nparts);
  }
  return a;
}

const char *sol_file_of(const sol_ast *a, unsigned *line) { return sol_part_of(a->file, a->parts, a->nparts, line); }

sol_ast *sol_ast_load_text(const char *path, const char *text, size_t tlen, diag *d) {
  char tmp[] = "/tmp/zeta-sol-XXXXXX";
  int fd = mkstemp(tmp);
  if (fd < 0) {
    diag_set(d, ZETA_EXIT_INTERNAL, "zeta: cannot create a temporary file");
    return NULL;
  }
  bool ok = write(fd, text, tlen) == (ssize_t)tlen;
  close(fd);
  sol_ast *a = NULL;
  if (!ok) diag_set(d, ZETA_EXIT_INTERNAL, "zeta: cannot write a temporary file");
  else {
    char *own = xmalloc(tlen + 1);
    memcpy(own, text, tlen);
    own[tlen] = 0;
    a = load(path, tmp, own, tlen, d);
  }
  unlink(tmp);
  return a;
}

void sol_ast_free(sol_ast *a) {
  if (!a) return;
  cJSON_Delete(a->root);
  free(a->by_id);
  free(a->text);
  free(a->file);
  sol_parts_free(a->parts, a->nparts);
  free(a);
}

cJSON *sol_node(const sol_ast *a, int id) { return id >= 0 && id < a->nids ? a->by_id[id] : NULL; }

const char *sol_str(const cJSON *n, const char *key) {
  const cJSON *v = n ? cJSON_GetObjectItemCaseSensitive(n, key) : NULL;
  return cJSON_IsString(v) ? v->valuestring : "";
}

int sol_int(const cJSON *n, const char *key) {
  const cJSON *v = n ? cJSON_GetObjectItemCaseSensitive(n, key) : NULL;
  return cJSON_IsNumber(v) ? v->valueint : -1;
}

bool sol_bool(const cJSON *n, const char *key) {
  const cJSON *v = n ? cJSON_GetObjectItemCaseSensitive(n, key) : NULL;
  return cJSON_IsTrue(v);
}

const char *sol_kind(const cJSON *n) { return sol_str(n, "nodeType"); }

bool sol_has_node(const cJSON *n, const char *kind) {
  if (!n) return false;
  if (cJSON_IsObject(n) && strcmp(sol_kind(n), kind) == 0) return true;
  for (const cJSON *c = n->child; c; c = c->next)
    if (sol_has_node(c, kind)) return true;
  return false;
}

const char *sol_type_string(const cJSON *n) {
  return sol_str(n ? cJSON_GetObjectItemCaseSensitive(n, "typeDescriptions") : NULL, "typeString");
}

unsigned sol_line(const sol_ast *a, const cJSON *n, unsigned *col) {
  long off = atol(sol_str(n, "src"));
  unsigned line, c;
  text_pos(a->text, off <= 0 ? 0 : (size_t)off < a->text_len ? (size_t)off : a->text_len, &line, &c);
  if (col) *col = c;
  return line;
}
