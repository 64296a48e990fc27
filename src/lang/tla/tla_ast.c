#include "lang/tla/tla_ast.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>
#include "core/alloc.h"
#include "core/file.h"

const TSLanguage *tree_sitter_tlaplus(void);

static const char *const kind_names[] = {
#define TLA_K_NAME(x) #x,
  TLA_KINDS(TLA_K_NAME)
#undef TLA_K_NAME
};

const char *tla_kind_name(tla_kind k) { return k < TK_COUNT ? kind_names[k] : "?"; }

/* ---- interned strings: one global table, kept for the process (names are
 * shared by every module a model reads) ---- */
static struct { char **slot; size_t cap, n; } strs;

static uint64_t hash_bytes(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

const char *tla_intern(const char *s, size_t len) {
  if (strs.n * 2 >= strs.cap) {
    size_t cap = strs.cap ? strs.cap * 2 : 1024;
    char **slot = xcalloc(cap, sizeof *slot);
    for (size_t i = 0; i < strs.cap; i++)
      if (strs.slot[i]) {
        size_t j = hash_bytes(strs.slot[i], strlen(strs.slot[i])) & (cap - 1);
        while (slot[j]) j = (j + 1) & (cap - 1);
        slot[j] = strs.slot[i];
      }
    free(strs.slot);
    strs.slot = slot;
    strs.cap = cap;
  }
  size_t j = hash_bytes(s, len) & (strs.cap - 1);
  for (; strs.slot[j]; j = (j + 1) & (strs.cap - 1))
    if (strncmp(strs.slot[j], s, len) == 0 && strs.slot[j][len] == 0) return strs.slot[j];
  char *c = xmalloc(len + 1);
  memcpy(c, s, len);
  c[len] = 0;
  strs.slot[j] = c;
  strs.n++;
  return c;
}

/* ---- the tree ---- */
struct tla_file {
  char *name, *text;
  tla_node *root;
  char **blocks;   /* arena blocks */
  size_t nblocks, capblocks, used, size;
};

static void *arena(tla_file *f, size_t n) {
  n = (n + 15) & ~(size_t)15;
  if (f->nblocks == 0 || f->used + n > f->size) {
    size_t sz = n > 65536 ? n : 65536;
    xgrow((void **)&f->blocks, sizeof *f->blocks, &f->capblocks, f->nblocks + 1);
    f->blocks[f->nblocks++] = xcalloc(1, sz);
    f->size = sz;
    f->used = 0;
  }
  void *p = f->blocks[f->nblocks - 1] + f->used;
  f->used += n;
  return p;
}

static tla_kind kind_of(const char *type) {
  for (int k = 1; k < TK_COUNT; k++)
    if (strcmp(kind_names[k], type) == 0) return (tla_kind)k;
  return TK_other;
}

/* Nodes the evaluator never looks at: comments and punctuation. */
static bool dropped(const char *type) {
  static const char *const names[] = {"comment", "block_comment", "block_comment_text", "extramodular_text",
                                      "header_line", "double_line", "single_line", "def_eq", "set_in",
                                      "all_map_to", "maps_to", "case_arrow", "case_box", "bullet_conj",
                                      "bullet_disj", "langle_bracket", "rangle_bracket", "gets", "label_as",
                                      "pcal_algorithm"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(type, names[i]) == 0) return true;
  return false;
}

static uint8_t field_of(const char *name) {
  static const char *const names[] = {"", "lhs", "rhs", "symbol", "name", "parameter", "definition", "bound",
                                      "expression", "quantifier", "intro", "set", "if", "then", "else",
                                      "definitions", "filter", "generator", "map", "new_val", "update_specifier",
                                      "expr_to_update", "op", "prefix"};
  if (!name) return TF_NONE;
  for (size_t i = 1; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(name, names[i]) == 0) return (uint8_t)i;
  return TF_NONE;
}

/* Text of a string literal without quotes, escapes resolved. */
static const char *string_text(const char *s, size_t n) {
  char *b = xmalloc(n + 1);
  size_t m = 0;
  for (size_t i = 1; i + 1 < n; i++) {
    if (s[i] == '\\' && i + 2 < n) {
      i++;
      b[m++] = s[i] == 'n' ? '\n' : s[i] == 't' ? '\t' : s[i] == 'r' ? '\r' : s[i] == 'f' ? '\f' : s[i];
    } else {
      b[m++] = s[i];
    }
  }
  const char *r = tla_intern(b, m);
  free(b);
  return r;
}

static tla_node *convert(tla_file *f, TSTreeCursor *c, uint8_t field, unsigned depth, diag *d) {
  TSNode n = ts_tree_cursor_current_node(c);
  const char *type = ts_node_type(n);
  TSPoint p = ts_node_start_point(n);
  if (depth > 2000) {
    diag_set(d, 2, "%s:%u:%u: expression nested too deeply", f->name, p.row + 1, p.column + 1);
    return NULL;
  }
  tla_node *t = arena(f, sizeof *t);
  t->kind = kind_of(type);
  t->field = field;
  t->line = p.row + 1;
  t->col = p.column + 1;
  t->file = f->name;
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (t->kind == TK_string)
    t->text = string_text(f->text + s, e - s);
  else if (t->kind == TK_identifier || t->kind == TK_identifier_ref || t->kind == TK_nat_number ||
           t->kind == TK_hex_number || t->kind == TK_binary_number || t->kind == TK_octal_number ||
           t->kind == TK_real_number || ts_node_named_child_count(n) == 0)
    t->text = tla_intern(f->text + s, e - s);
  else
    t->text = type;
  if (t->kind == TK_string) return t;
  /* children: named, not dropped */
  tla_node *buf[256], **kids = buf;
  size_t nk = 0, cap = 256;
  if (ts_tree_cursor_goto_first_child(c)) {
    do {
      TSNode k = ts_tree_cursor_current_node(c);
      if (!ts_node_is_named(k) || dropped(ts_node_type(k))) continue;
      tla_node *kn = convert(f, c, field_of(ts_tree_cursor_current_field_name(c)), depth + 1, d);
      if (!kn) {
        if (kids != buf) free(kids);
        return NULL;
      }
      if (nk == cap) {
        tla_node **nb = xmalloc(2 * cap * sizeof *nb);
        memcpy(nb, kids, nk * sizeof *nb);
        if (kids != buf) free(kids);
        kids = nb;
        cap *= 2;
      }
      kids[nk++] = kn;
    } while (ts_tree_cursor_goto_next_sibling(c));
    ts_tree_cursor_goto_parent(c);
  }
  t->n = (uint32_t)nk;
  t->kid = arena(f, nk * sizeof *t->kid + 1);
  memcpy(t->kid, kids, nk * sizeof *kids);
  if (kids != buf) free(kids);
  return t;
}

/* The first ERROR or MISSING node, depth first. */
static bool find_error(TSNode n, TSNode *out) {
  if (ts_node_is_missing(n) || strcmp(ts_node_type(n), "ERROR") == 0) {
    *out = n;
    return true;
  }
  if (!ts_node_has_error(n)) return false;
  uint32_t k = ts_node_child_count(n);
  for (uint32_t i = 0; i < k; i++)
    if (find_error(ts_node_child(n, i), out)) return true;
  return false;
}

tla_file *tla_parse_text(const char *name, const char *text, size_t len, diag *d) {
  tla_file *f = xcalloc(1, sizeof *f);
  f->name = xstrdup(name);
  /* tree-sitter 0.20.7 (Debian's) crashes when the grammar's scanner asks
   * for the column at the end of an input that does not end with a newline
   * (tree-sitter issue 2563, fixed in 0.20.8): parse with one added; it
   * moves no position */
  bool nl = len > 0 && text[len - 1] == '\n';
  f->text = xmalloc(len + 2);
  memcpy(f->text, text, len);
  if (!nl) f->text[len++] = '\n';
  f->text[len] = 0;
  TSParser *p = ts_parser_new();
  if (!ts_parser_set_language(p, tree_sitter_tlaplus())) {
    diag_set(d, 3, "zeta: the TLA+ grammar's ABI does not match the tree-sitter library");
    ts_parser_delete(p);
    tla_file_free(f);
    return NULL;
  }
  TSTree *tree = ts_parser_parse_string(p, NULL, f->text, (uint32_t)len);
  TSNode root = ts_tree_root_node(tree), bad;
  if (find_error(root, &bad)) {
    TSPoint pt = ts_node_start_point(bad);
    /* an error that swallowed the whole module: where parsing stopped */
    if (pt.row == 0 && pt.column == 0 && ts_node_child_count(bad) > 0)
      pt = ts_node_start_point(ts_node_child(bad, ts_node_child_count(bad) - 1));
    if (ts_node_is_missing(bad))
      diag_set(d, 2, "%s:%u:%u: syntax error: missing %s", name, pt.row + 1, pt.column + 1, ts_node_type(bad));
    else
      diag_set(d, 2, "%s:%u:%u: syntax error: unexpected input", name, pt.row + 1, pt.column + 1);
  } else {
    TSTreeCursor c = ts_tree_cursor_new(root);
    f->root = convert(f, &c, TF_NONE, 0, d);
    ts_tree_cursor_delete(&c);
  }
  ts_tree_delete(tree);
  ts_parser_delete(p);
  if (!f->root) {
    tla_file_free(f);
    return NULL;
  }
  return f;
}

tla_file *tla_parse_file(const char *path, diag *d) {
  size_t len;
  char err[600];
  char *buf = file_read_all(path, &len, err, sizeof err);
  if (!buf) {
    diag_set(d, 2, "zeta: %s", err);
    return NULL;
  }
  tla_file *f = tla_parse_text(path, buf, len, d);
  free(buf);
  return f;
}

tla_node *tla_file_root(const tla_file *f) { return f->root; }
const char *tla_file_name(const tla_file *f) { return f->name; }

void tla_file_free(tla_file *f) {
  if (!f) return;
  for (size_t i = 0; i < f->nblocks; i++) free(f->blocks[i]);
  free(f->blocks);
  free(f->name);
  free(f->text);
  free(f);
}

