/* SMT-LIB 2.6 script parser (see smtlib.h for the semantics chosen).
 *
 * Terms are parsed by an explicit-stack state machine, not by recursion, so
 * deeply nested input cannot overflow the C stack; each completed subterm
 * is turned into a hash-consed term at once, so no syntax tree is kept.
 */
#include "core/smtlib.h"
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "core/sexp_lexer.h"
#include "core/alloc.h"

/* ---- growable arrays ---- */
static bool grow(void **data, uint32_t *cap, size_t elem, uint32_t need) {
  if (need <= *cap) return true;
  uint32_t c = *cap ? *cap : 16;
  while (c < need) {
    if (c > UINT32_MAX / 2) return false;
    c *= 2;
  }
  void *d = realloc(*data, (size_t)c * elem);
  if (!d) return false;
  *data = d;
  *cap = c;
  return true;
}
#define VEC(T) struct { T *data; uint32_t size, cap; }
#define VPUSH(p, v, x) (grow((void **)&(v).data, &(v).cap, sizeof *(v).data, (v).size + 1) \
                        ? ((v).data[(v).size++] = (x), true) : oom(p))

/* ---- builtins ---- */
typedef enum {
  K_NONE,
  /* reserved words */
  K_LET, K_FORALL, K_EXISTS, K_BANG, K_UNDERSCORE, K_AS, K_MATCH, K_PAR,
  /* core */
  K_TRUE, K_FALSE, K_NOT, K_IMPLIES, K_AND, K_OR, K_XOR, K_EQ, K_DISTINCT, K_ITE,
  /* arithmetic */
  K_MINUS, K_PLUS, K_TIMES, K_IDIV, K_MOD, K_ABS, K_LE, K_LT, K_GE, K_GT, K_RDIV,
  K_TO_REAL, K_TO_INT, K_IS_INT,
  /* arrays */
  K_SELECT, K_STORE,
  /* bit-vectors */
  K_BVUNARY, K_BVNARY, K_BVBINARY, K_BVCMP,
  K_EXTRACT, K_EXTEND, K_ROTATE, K_REPEAT, K_BV2NAT, K_NAT2BV,
} builtin_kind;

typedef struct { const char *name; uint8_t kind; uint8_t op; } builtin;

static const builtin builtins[] = {
  {"let", K_LET, 0}, {"forall", K_FORALL, 0}, {"exists", K_EXISTS, 0}, {"!", K_BANG, 0},
  {"_", K_UNDERSCORE, 0}, {"as", K_AS, 0}, {"match", K_MATCH, 0}, {"par", K_PAR, 0},
  {"true", K_TRUE, 0}, {"false", K_FALSE, 0}, {"not", K_NOT, 0}, {"=>", K_IMPLIES, 0},
  {"and", K_AND, 0}, {"or", K_OR, 0}, {"xor", K_XOR, 0}, {"=", K_EQ, 0},
  {"distinct", K_DISTINCT, 0}, {"ite", K_ITE, 0},
  {"-", K_MINUS, 0}, {"+", K_PLUS, 0}, {"*", K_TIMES, 0}, {"div", K_IDIV, 0},
  {"mod", K_MOD, 0}, {"abs", K_ABS, 0}, {"<=", K_LE, 0}, {"<", K_LT, 0},
  {">=", K_GE, 0}, {">", K_GT, 0}, {"/", K_RDIV, 0}, {"to_real", K_TO_REAL, 0},
  {"to_int", K_TO_INT, 0}, {"is_int", K_IS_INT, 0},
  {"select", K_SELECT, 0}, {"store", K_STORE, 0},
  {"bvnot", K_BVUNARY, OP_BVNOT}, {"bvneg", K_BVUNARY, OP_BVNEG},
  {"bvand", K_BVNARY, OP_BVAND}, {"bvor", K_BVNARY, OP_BVOR}, {"bvxor", K_BVNARY, OP_BVXOR},
  {"bvnand", K_BVBINARY, OP_BVNAND}, {"bvnor", K_BVBINARY, OP_BVNOR},
  {"bvxnor", K_BVBINARY, OP_BVXNOR},
  {"bvadd", K_BVNARY, OP_BVADD}, {"bvsub", K_BVNARY, OP_BVSUB}, {"bvmul", K_BVNARY, OP_BVMUL},
  {"bvudiv", K_BVBINARY, OP_BVUDIV}, {"bvurem", K_BVBINARY, OP_BVUREM},
  {"bvsdiv", K_BVBINARY, OP_BVSDIV}, {"bvsrem", K_BVBINARY, OP_BVSREM},
  {"bvsmod", K_BVBINARY, OP_BVSMOD}, {"bvshl", K_BVBINARY, OP_BVSHL},
  {"bvlshr", K_BVBINARY, OP_BVLSHR}, {"bvashr", K_BVBINARY, OP_BVASHR},
  {"concat", K_BVNARY, OP_CONCAT}, {"bvcomp", K_BVBINARY, OP_BVCOMP},
  {"bvult", K_BVCMP, OP_BVULT}, {"bvule", K_BVCMP, OP_BVULE}, {"bvugt", K_BVCMP, OP_BVUGT},
  {"bvuge", K_BVCMP, OP_BVUGE}, {"bvslt", K_BVCMP, OP_BVSLT}, {"bvsle", K_BVCMP, OP_BVSLE},
  {"bvsgt", K_BVCMP, OP_BVSGT}, {"bvsge", K_BVCMP, OP_BVSGE},
  {"extract", K_EXTRACT, OP_EXTRACT}, {"zero_extend", K_EXTEND, OP_ZERO_EXTEND},
  {"sign_extend", K_EXTEND, OP_SIGN_EXTEND}, {"rotate_left", K_ROTATE, OP_ROTATE_LEFT},
  {"rotate_right", K_ROTATE, OP_ROTATE_RIGHT}, {"repeat", K_REPEAT, OP_REPEAT},
  {"bv2nat", K_BV2NAT, OP_BV2NAT}, {"bv2int", K_BV2NAT, OP_BV2NAT},
  {"nat2bv", K_NAT2BV, OP_NAT2BV}, {"int2bv", K_NAT2BV, OP_NAT2BV},
};

/* ---- names and bindings ---- */
typedef struct {
  const char *s;
  uint32_t len, hash;
  int32_t term_top, sort_top;   /* innermost binding, -1 if none */
  int16_t builtin;              /* index into builtins, -1 if none */
} name_ent;

typedef enum { B_TERM, B_DECL, B_MACRO, B_SORT, B_SORTDEF, B_DTFUN } bind_kind;
/* A datatype function symbol (B_DTFUN's val indexes p->dtfuns): constructor
 * c of dt (tester: the entry of its tester), selector field f of c, or the
 * tester of c. */
typedef enum { DT_CONS, DT_SEL, DT_IS } dtfun_kind;
typedef struct { uint8_t kind; type_t dt; uint32_t c, f; int32_t tester; } dtfun;
typedef struct { uint32_t name; int32_t prev; uint8_t kind; int32_t val; } binding;

typedef struct { uint32_t n; term_t *params; term_t body; const char *name; } macro;
typedef struct { sexp_tok tok; bool quoted; char *text; uint32_t line, col; } rtok;
typedef struct { uint32_t n; uint32_t *params; rtok *toks; uint32_t ntoks; } sortdef;

/* Frames of the term state machine. */
typedef enum { F_APP, F_LET_BIND, F_LET_BODY, F_QUANT, F_ANNOT } frame_kind;
typedef enum { H_BUILTIN, H_FUN, H_MACRO, H_CONST_ARRAY, H_DT } head_kind;
typedef struct {
  uint8_t kind, head;
  bool exists;
  int16_t builtin;
  uint32_t nparams, params[2];
  int32_t val;          /* function term, macro index or array type */
  uint32_t base;        /* first argument in p->args */
  uint32_t name_base;   /* LET: first name in p->letnames */
  uint32_t mark;        /* LET/QUANT: bindings to restore */
  uint32_t line, col;
} frame;

struct smtlib_parser {
  char *file;
  sexp_lexer lx;
  bool lx_ready;
  /* current token (from the lexer or a define-sort replay) */
  sexp_tok tok;
  const char *text;
  size_t tlen;
  bool quoted, unread;
  uint32_t line, col;
  const rtok *replay;
  uint32_t replay_pos, replay_len;
  /* recording of token spellings (get-value texts, attribute values) */
  bool recording;
  sexp_buf rec;
  /* symbol table */
  name_ent *names;
  uint32_t nnames, names_cap;
  uint64_t *slots;              /* open addressing: hash << 32 | (name index + 1) */
  uint32_t nslots;
  char *arena;                  /* name storage, chained blocks */
  size_t arena_used, arena_cap;
  VEC(binding) binds;
  VEC(uint32_t) levels;         /* binding marks at each push */
  VEC(macro) macros;
  VEC(sortdef) sortdefs;
  VEC(dtfun) dtfuns;
  bool global_decls;
  char *logic;
  /* term parser */
  VEC(frame) frames;
  VEC(term_t) args;
  VEC(uint32_t) letnames;
  /* current command */
  VEC(term_t) cterms;
  VEC(const char *) ctexts;
  VEC(smtlib_attr) cattrs;
  VEC(char *) cstrs;            /* strings owned by the current command */
  VEC(binding) named;           /* :named bindings, made when the command ends */
  bool done;                    /* exit seen */
  bool failed;
  char err[512];
};

static bool oom(smtlib_parser *p);
static bool fail(smtlib_parser *p, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static bool fail(smtlib_parser *p, uint32_t line, uint32_t col, const char *fmt, ...) {
  if (p->failed) return false;   /* keep the first message */
  p->failed = true;
  int k = snprintf(p->err, sizeof p->err, "%s:%u:%u: ", p->file, line, col);
  if (k < 0 || (size_t)k >= sizeof p->err) return false;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err + k, sizeof p->err - (size_t)k, fmt, ap);
  va_end(ap);
  return false;
}

/* Out of memory is not bad input: the library-wide policy answers it. */
static bool oom(smtlib_parser *p) {
  (void)p;
  alloc_fail(0);
  return false;
}

/* Error at the current token. */
#define FAILT(p, ...) fail((p), (p)->line, (p)->col, __VA_ARGS__)

/* ---- names ---- */
static uint32_t hash_str(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

static const char *arena_copy(smtlib_parser *p, const char *s, size_t n) {
  if (p->arena_used + n + 1 > p->arena_cap) {
    size_t cap = n + 1 + sizeof(char *) > 65536 ? n + 1 + sizeof(char *) : 65536;
    char *blk = malloc(cap);
    if (!blk) return NULL;
    memcpy(blk, &p->arena, sizeof(char *));   /* chain to the previous block */
    p->arena = blk;
    p->arena_used = sizeof(char *);
    p->arena_cap = cap;
  }
  char *d = p->arena + p->arena_used;
  memcpy(d, s, n);
  d[n] = '\0';
  p->arena_used += n + 1;
  return d;
}

static bool rehash(smtlib_parser *p) {
  uint32_t n = p->nslots ? p->nslots * 2 : 1024;
  uint64_t *s = calloc(n, sizeof *s);
  if (!s) return false;
  for (uint32_t i = 0; i < p->nnames; i++) {
    uint32_t j = p->names[i].hash & (n - 1);
    while (s[j]) j = (j + 1) & (n - 1);
    s[j] = (uint64_t)p->names[i].hash << 32 | (i + 1);
  }
  free(p->slots);
  p->slots = s;
  p->nslots = n;
  return true;
}

/* Index of name s, or -1 if absent. */
static int32_t name_find(const smtlib_parser *p, const char *s, size_t n) {
  if (!p->nslots) return -1;
  uint32_t h = hash_str(s, n);
  for (uint32_t j = h & (p->nslots - 1);; j = (j + 1) & (p->nslots - 1)) {
    uint64_t sl = p->slots[j];
    if (!sl) return -1;
    if ((uint32_t)(sl >> 32) != h) continue;   /* the hash in the slot saves a miss */
    uint32_t k = (uint32_t)sl;
    const name_ent *e = &p->names[k - 1];
    if (e->len == n && memcmp(e->s, s, n) == 0) return (int32_t)(k - 1);
  }
}

/* Index of name s, added if absent; -1 on allocation failure. */
static int32_t name_intern(smtlib_parser *p, const char *s, size_t n) {
  int32_t i = name_find(p, s, n);
  if (i >= 0) return i;
  if ((p->nnames + 1) * 2 > p->nslots && !rehash(p)) return -1;
  if (!grow((void **)&p->names, &p->names_cap, sizeof *p->names, p->nnames + 1)) return -1;
  const char *c = arena_copy(p, s, n);
  if (!c) return -1;
  uint32_t h = hash_str(s, n);
  name_ent *e = &p->names[p->nnames];
  e->s = c; e->len = (uint32_t)n; e->hash = h;
  e->term_top = e->sort_top = -1;
  e->builtin = -1;
  uint32_t j = h & (p->nslots - 1);
  while (p->slots[j]) j = (j + 1) & (p->nslots - 1);
  p->slots[j] = (uint64_t)h << 32 | (p->nnames + 1);
  return (int32_t)p->nnames++;
}

static bool is_sort_kind(uint8_t k) { return k == B_SORT || k == B_SORTDEF; }

static bool bind(smtlib_parser *p, uint32_t name, bind_kind kind, int32_t val) {
  name_ent *e = &p->names[name];
  binding b = {name, is_sort_kind((uint8_t)kind) ? e->sort_top : e->term_top, (uint8_t)kind, val};
  if (!VPUSH(p, p->binds, b)) return false;
  if (is_sort_kind((uint8_t)kind)) e->sort_top = (int32_t)p->binds.size - 1;
  else e->term_top = (int32_t)p->binds.size - 1;
  return true;
}

static void unbind_to(smtlib_parser *p, uint32_t mark) {
  while (p->binds.size > mark) {
    binding *b = &p->binds.data[--p->binds.size];
    name_ent *e = &p->names[b->name];
    if (is_sort_kind(b->kind)) e->sort_top = b->prev;
    else e->term_top = b->prev;
  }
}

static const binding *term_binding(const smtlib_parser *p, int32_t name) {
  if (name < 0 || p->names[name].term_top < 0) return NULL;
  return &p->binds.data[p->names[name].term_top];
}

/* ---- tokens ---- */
static void spell_current(smtlib_parser *p) {
  if (p->rec.len && p->tok != SEXP_RPAREN && p->rec.data[p->rec.len - 1] != '(')
    sexp_buf_putc(&p->rec, ' ');
  sexp_spell(p->tok, p->quoted, p->text, p->tlen, &p->rec);
}

static sexp_tok next(smtlib_parser *p) {
  if (p->unread) { p->unread = false; return p->tok; }
  if (p->replay) {
    if (p->replay_pos >= p->replay_len) {
      p->tok = SEXP_EOF; p->text = ""; p->tlen = 0;
      return p->tok;
    }
    const rtok *t = &p->replay[p->replay_pos++];
    p->tok = t->tok; p->quoted = t->quoted; p->text = t->text; p->tlen = strlen(t->text);
    return p->tok;   /* keep the position of the use site */
  }
  p->tok = sexp_next(&p->lx);
  p->text = p->lx.text.data ? p->lx.text.data : "";
  p->tlen = p->lx.text.len;
  p->quoted = p->lx.quoted;
  p->line = p->lx.tok_line;
  p->col = p->lx.tok_col;
  if (p->tok == SEXP_ERROR) FAILT(p, "%s", p->lx.err);
  if (p->recording) spell_current(p);
  return p->tok;
}

static void unread(smtlib_parser *p) { p->unread = true; }

/* Starts recording spellings, including the current token if unread. */
static void rec_start(smtlib_parser *p) {
  sexp_buf_clear(&p->rec);
  p->recording = true;
  if (p->unread) spell_current(p);
}

static char *cmd_strdup(smtlib_parser *p, const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (!d) { oom(p); return NULL; }
  memcpy(d, s, n);
  d[n] = '\0';
  if (!VPUSH(p, p->cstrs, d)) { free(d); return NULL; }
  return d;
}

/* Stops recording and returns the recorded text (owned by the command). */
static char *rec_stop(smtlib_parser *p) {
  p->recording = false;
  if (p->rec.oom) { oom(p); return NULL; }
  return cmd_strdup(p, p->rec.data ? p->rec.data : "", p->rec.len);
}

static bool expect(smtlib_parser *p, sexp_tok t, const char *what) {
  sexp_tok k = next(p);
  if (k == t) return true;
  if (k == SEXP_ERROR) return false;
  return FAILT(p, "expected %s, found %s", what, sexp_tok_name(k));
}

static bool expect_rparen(smtlib_parser *p, const char *after) {
  sexp_tok k = next(p);
  if (k == SEXP_RPAREN) return true;
  if (k == SEXP_ERROR) return false;
  return FAILT(p, "expected ')' %s, found %s", after, sexp_tok_name(k));
}

static bool parse_u32(smtlib_parser *p, uint32_t *out) {
  sexp_tok k = next(p);
  if (k != SEXP_NUMERAL) {
    if (k == SEXP_ERROR) return false;
    return FAILT(p, "expected a numeral, found %s", sexp_tok_name(k));
  }
  errno = 0;
  unsigned long long v = strtoull(p->text, NULL, 10);
  if (errno || v > UINT32_MAX) return FAILT(p, "numeral %s is too large", p->text);
  *out = (uint32_t)v;
  return true;
}

/* Skips one s-expression (the first token already read). */
static bool skip_sexp(smtlib_parser *p) {
  if (p->tok == SEXP_ERROR) return false;
  if (p->tok == SEXP_RPAREN) return FAILT(p, "unexpected ')'");
  if (p->tok == SEXP_EOF) return FAILT(p, "unexpected end of input");
  if (p->tok != SEXP_LPAREN) return true;
  for (uint64_t depth = 1; depth;) {
    sexp_tok k = next(p);
    if (k == SEXP_LPAREN) depth++;
    else if (k == SEXP_RPAREN) depth--;
    else if (k == SEXP_EOF) return FAILT(p, "unexpected end of input: missing ')'");
    else if (k == SEXP_ERROR) return false;
  }
  return true;
}

/* ---- sorts ---- */
#define SORT_DEPTH_MAX 256

static char *type_name(type_t t) {
  char *s = type_to_string(t);
  return s;
}

static type_t parse_sort_depth(smtlib_parser *p, uint32_t depth);

static type_t expand_sortdef(smtlib_parser *p, const sortdef *d, const type_t *actuals,
                             uint32_t depth) {
  uint32_t mark = p->binds.size;
  for (uint32_t i = 0; i < d->n; i++)
    if (!bind(p, d->params[i], B_SORT, actuals[i])) return NULL_TYPE;
  const rtok *sr = p->replay;
  uint32_t spos = p->replay_pos, slen = p->replay_len;
  uint32_t line = p->line, col = p->col;
  p->replay = d->toks; p->replay_pos = 0; p->replay_len = d->ntoks;
  type_t t = parse_sort_depth(p, depth + 1);
  p->replay = sr; p->replay_pos = spos; p->replay_len = slen;
  p->line = line; p->col = col;
  unbind_to(p, mark);
  return t;
}

static type_t parse_sort_depth(smtlib_parser *p, uint32_t depth) {
  if (depth > SORT_DEPTH_MAX) { FAILT(p, "sort nested too deeply"); return NULL_TYPE; }
  sexp_tok k = next(p);
  if (k == SEXP_SYMBOL) {
    int32_t n = name_find(p, p->text, p->tlen);
    if (n >= 0 && p->names[n].sort_top >= 0) {
      const binding *b = &p->binds.data[p->names[n].sort_top];
      if (b->kind == B_SORT) return b->val;
      const sortdef *d = &p->sortdefs.data[b->val];
      if (d->n) { FAILT(p, "sort '%s' expects %u parameters", p->text, d->n); return NULL_TYPE; }
      return expand_sortdef(p, d, NULL, depth);
    }
    if (strcmp(p->text, "Bool") == 0) return type_bool();
    if (strcmp(p->text, "Int") == 0) return type_int();
    if (strcmp(p->text, "Real") == 0) return type_real();
    FAILT(p, "unknown sort '%s'", p->text);
    return NULL_TYPE;
  }
  if (k != SEXP_LPAREN) {
    if (k != SEXP_ERROR) FAILT(p, "expected a sort, found %s", sexp_tok_name(k));
    return NULL_TYPE;
  }
  if (next(p) != SEXP_SYMBOL) {
    if (p->tok != SEXP_ERROR) FAILT(p, "expected a sort name, found %s", sexp_tok_name(p->tok));
    return NULL_TYPE;
  }
  if (strcmp(p->text, "_") == 0) {
    if (next(p) != SEXP_SYMBOL) { FAILT(p, "expected BitVec or FloatingPoint"); return NULL_TYPE; }
    if (strcmp(p->text, "BitVec") == 0) {
      uint32_t w;
      if (!parse_u32(p, &w)) return NULL_TYPE;
      if (w == 0) { FAILT(p, "bit-vector width must be positive"); return NULL_TYPE; }
      if (!expect_rparen(p, "after the bit-vector width")) return NULL_TYPE;
      return type_bv(w);
    }
    if (strcmp(p->text, "FloatingPoint") == 0) {
      uint32_t e, s;
      if (!parse_u32(p, &e) || !parse_u32(p, &s)) return NULL_TYPE;
      if (!expect_rparen(p, "after the floating-point sizes")) return NULL_TYPE;
      return type_fp(e, s);
    }
    FAILT(p, "unknown indexed sort '%s'", p->text);
    return NULL_TYPE;
  }
  if (strcmp(p->text, "Array") == 0 && (name_find(p, "Array", 5) < 0 ||
                                         p->names[name_find(p, "Array", 5)].sort_top < 0)) {
    type_t i = parse_sort_depth(p, depth + 1);
    if (i == NULL_TYPE) return NULL_TYPE;
    type_t e = parse_sort_depth(p, depth + 1);
    if (e == NULL_TYPE) return NULL_TYPE;
    if (!expect_rparen(p, "after the array element sort")) return NULL_TYPE;
    return type_array(i, e);
  }
  int32_t n = name_find(p, p->text, p->tlen);
  if (n < 0 || p->names[n].sort_top < 0 ||
      p->binds.data[p->names[n].sort_top].kind != B_SORTDEF) {
    FAILT(p, "unknown parametric sort '%s'", p->text);
    return NULL_TYPE;
  }
  const sortdef *d = &p->sortdefs.data[p->binds.data[p->names[n].sort_top].val];
  uint32_t line = p->line, col = p->col;
  type_t actual[16];
  if (d->n > 16) { FAILT(p, "too many sort parameters"); return NULL_TYPE; }
  for (uint32_t i = 0; i < d->n; i++)
    if ((actual[i] = parse_sort_depth(p, depth + 1)) == NULL_TYPE) return NULL_TYPE;
  if (next(p) != SEXP_RPAREN) {
    fail(p, line, col, "sort '%s' expects %u parameters", p->names[n].s, d->n);
    return NULL_TYPE;
  }
  return expand_sortdef(p, d, actual, depth);
}

static type_t parse_sort(smtlib_parser *p) { return parse_sort_depth(p, 0); }

/* ---- literals ---- */
static term_t numeral_term(smtlib_parser *p) {
  if (p->tlen < 18) return term_int(strtol(p->text, NULL, 10));
  return term_int_str(p->text);
}

static term_t decimal_term(smtlib_parser *p) {
  const char *dot = strchr(p->text, '.');
  size_t frac = strlen(dot + 1);
  char *digits = malloc(p->tlen + 1);
  if (!digits) { oom(p); return NULL_TERM; }
  memcpy(digits, p->text, (size_t)(dot - p->text));
  memcpy(digits + (dot - p->text), dot + 1, frac + 1);
  mpq_t q;
  mpq_init(q);
  mpz_set_str(mpq_numref(q), digits, 10);
  mpz_ui_pow_ui(mpq_denref(q), 10, frac);
  mpq_canonicalize(q);
  free(digits);
  term_t t = term_real_mpq(q);
  mpq_clear(q);
  return t;
}

static term_t bits_term(smtlib_parser *p, int base) {
  uint64_t bits = (uint64_t)p->tlen * (base == 16 ? 4 : 1);
  if (bits > UINT32_MAX) { FAILT(p, "bit-vector literal too long"); return NULL_TERM; }
  mpz_t v;
  mpz_init(v);
  mpz_set_str(v, p->text, base);
  term_t t = term_bv_mpz((uint32_t)bits, v);
  mpz_clear(v);
  return t;
}

/* ---- coercions between Int and Real ---- */
static term_t real_of(term_t t) {
  if (t == NULL_TERM || type_kind_of(term_type(t)) != TYPE_INT) return t;
  if (term_is_const(t)) {
    mpq_t q;
    mpq_init(q);
    term_rat_value(t, q);
    term_t r = term_real_mpq(q);
    mpq_clear(q);
    return r;
  }
  return term_to_real(t);
}

static bool is_real(term_t t) { return type_kind_of(term_type(t)) == TYPE_REAL; }
static bool is_int(term_t t) { return type_kind_of(term_type(t)) == TYPE_INT; }

/* If some argument is Real (or force), make all Int arguments Real. */
static void coerce_arith(term_t *a, uint32_t n, bool force) {
  bool real = force;
  for (uint32_t i = 0; i < n && !real; i++) real = is_real(a[i]);
  if (!real) return;
  for (uint32_t i = 0; i < n; i++) if (is_int(a[i])) a[i] = real_of(a[i]);
}

/* An Int term where ty is Real becomes Real. */
static term_t coerce_to(term_t t, type_t ty) {
  if (type_kind_of(ty) == TYPE_REAL && is_int(t)) return real_of(t);
  return t;
}

/* ---- building applications ---- */
static term_t chain(term_t (*f)(term_t, term_t), uint32_t n, const term_t *a) {
  if (n == 2) return f(a[0], a[1]);
  term_t *c = malloc(sizeof *c * (n - 1));
  if (!c) return NULL_TERM;
  term_t r = NULL_TERM;
  for (uint32_t i = 0; i + 1 < n; i++)
    if ((c[i] = f(a[i], a[i + 1])) == NULL_TERM) goto out;
  r = term_and(n - 1, c);
out:
  free(c);
  return r;
}

static term_t fold_left(term_t (*f)(term_t, term_t), uint32_t n, const term_t *a) {
  term_t r = a[0];
  for (uint32_t i = 1; i < n && r != NULL_TERM; i++) r = f(r, a[i]);
  return r;
}

static bool arity(smtlib_parser *p, const frame *f, const char *name, uint32_t n,
                  uint32_t lo, uint32_t hi) {
  if (n >= lo && n <= hi) return true;
  if (lo == hi) return fail(p, f->line, f->col, "'%s' expects %u argument%s, got %u", name, lo,
                            lo == 1 ? "" : "s", n);
  if (hi == UINT32_MAX) return fail(p, f->line, f->col, "'%s' expects at least %u arguments, got %u",
                                    name, lo, n);
  return fail(p, f->line, f->col, "'%s' expects %u to %u arguments, got %u", name, lo, hi, n);
}

static term_t build_builtin(smtlib_parser *p, const frame *f, uint32_t n, term_t *a) {
  const builtin *b = &builtins[f->builtin];
  const char *nm = b->name;
  const uint32_t ANY = UINT32_MAX;
  switch ((builtin_kind)b->kind) {
  case K_NOT: if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM; return term_not(a[0]);
  case K_IMPLIES: {
    if (!arity(p, f, nm, n, 2, ANY)) return NULL_TERM;
    term_t r = a[n - 1];
    for (uint32_t i = n - 1; i-- > 0 && r != NULL_TERM;) r = term_implies(a[i], r);
    return r;
  }
  case K_AND: return term_and(n, a);
  case K_OR: return term_or(n, a);
  case K_XOR: if (!arity(p, f, nm, n, 2, ANY)) return NULL_TERM; return fold_left(term_xor, n, a);
  case K_EQ:
    if (!arity(p, f, nm, n, 2, ANY)) return NULL_TERM;
    coerce_arith(a, n, false);
    return chain(term_eq, n, a);
  case K_DISTINCT:
    if (!arity(p, f, nm, n, 2, ANY)) return NULL_TERM;
    coerce_arith(a, n, false);
    return term_distinct(n, a);
  case K_ITE:
    if (!arity(p, f, nm, n, 3, 3)) return NULL_TERM;
    coerce_arith(a + 1, 2, false);
    return term_ite(a[0], a[1], a[2]);
  case K_MINUS:
    if (!arity(p, f, nm, n, 1, ANY)) return NULL_TERM;
    coerce_arith(a, n, false);
    return n == 1 ? term_neg(a[0]) : fold_left(term_sub, n, a);
  case K_PLUS:
    if (!arity(p, f, nm, n, 1, ANY)) return NULL_TERM;
    coerce_arith(a, n, false);
    return n == 1 ? a[0] : term_add(n, a);
  case K_TIMES:
    if (!arity(p, f, nm, n, 1, ANY)) return NULL_TERM;
    coerce_arith(a, n, false);
    return n == 1 ? a[0] : term_mul(n, a);
  case K_IDIV: if (!arity(p, f, nm, n, 2, ANY)) return NULL_TERM; return fold_left(term_idiv, n, a);
  case K_MOD: if (!arity(p, f, nm, n, 2, 2)) return NULL_TERM; return term_mod(a[0], a[1]);
  case K_ABS: if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM; return term_abs(a[0]);
  case K_LE: case K_LT: case K_GE: case K_GT: {
    if (!arity(p, f, nm, n, 2, ANY)) return NULL_TERM;
    coerce_arith(a, n, false);
    term_t (*fn)(term_t, term_t) = b->kind == K_LE ? term_le : b->kind == K_LT ? term_lt
                                   : b->kind == K_GE ? term_ge : term_gt;
    return chain(fn, n, a);
  }
  case K_RDIV:
    if (!arity(p, f, nm, n, 2, ANY)) return NULL_TERM;
    coerce_arith(a, n, true);
    return fold_left(term_div, n, a);
  case K_TO_REAL: if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM; return term_to_real(a[0]);
  case K_TO_INT: if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM; return term_to_int(a[0]);
  case K_IS_INT: if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM; return term_is_int(a[0]);
  case K_SELECT: {
    if (!arity(p, f, nm, n, 2, 2)) return NULL_TERM;
    type_t ty = term_type(a[0]);
    if (type_kind_of(ty) == TYPE_ARRAY) a[1] = coerce_to(a[1], type_array_index(ty));
    return term_select(a[0], a[1]);
  }
  case K_STORE: {
    if (!arity(p, f, nm, n, 3, 3)) return NULL_TERM;
    type_t ty = term_type(a[0]);
    if (type_kind_of(ty) == TYPE_ARRAY) {
      a[1] = coerce_to(a[1], type_array_index(ty));
      a[2] = coerce_to(a[2], type_array_elem(ty));
    }
    return term_store(a[0], a[1], a[2]);
  }
  case K_BVUNARY: if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM; return term_bvop(b->op, n, a);
  case K_BVNARY: if (!arity(p, f, nm, n, 2, ANY)) return NULL_TERM; return term_bvop(b->op, n, a);
  case K_BVBINARY: case K_BVCMP:
    if (!arity(p, f, nm, n, 2, 2)) return NULL_TERM;
    return term_bvop2(b->op, a[0], a[1]);
  case K_EXTRACT:
    if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM;
    return term_extract(f->params[0], f->params[1], a[0]);
  case K_EXTEND:
    if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM;
    return term_bv_extend(b->op, f->params[0], a[0]);
  case K_ROTATE:
    if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM;
    return term_bv_rotate(b->op, f->params[0], a[0]);
  case K_REPEAT:
    if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM;
    return term_bv_repeat(f->params[0], a[0]);
  case K_BV2NAT: if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM; return term_bv2nat(a[0]);
  case K_NAT2BV:
    if (!arity(p, f, nm, n, 1, 1)) return NULL_TERM;
    return term_nat2bv(f->params[0], a[0]);
  default:
    fail(p, f->line, f->col, "'%s' cannot be applied", nm);
    return NULL_TERM;
  }
}

static bool check_arg_types(smtlib_parser *p, const frame *f, const char *fname, uint32_t n,
                            term_t *a, const type_t *dom) {
  for (uint32_t i = 0; i < n; i++) {
    a[i] = coerce_to(a[i], dom[i]);
    if (term_type(a[i]) != dom[i]) {
      char *want = type_name(dom[i]), *got = type_name(term_type(a[i]));
      fail(p, f->line, f->col, "argument %u of '%s' has sort %s, expected %s", i + 1, fname,
           got ? got : "?", want ? want : "?");
      free(want);
      free(got);
      return false;
    }
  }
  return true;
}

static term_t build_app(smtlib_parser *p, const frame *f, uint32_t n, term_t *a) {
  term_t r;
  switch ((head_kind)f->head) {
  case H_BUILTIN:
    r = build_builtin(p, f, n, a);
    break;
  case H_FUN: {
    term_t fn = f->val;
    type_t ty = term_type(fn);
    const char *name = term_var_name(fn);
    uint32_t k = type_fun_arity(ty);
    if (n != k) {
      fail(p, f->line, f->col, "'%s' expects %u arguments, got %u", name, k, n);
      return NULL_TERM;
    }
    type_t dom[k ? k : 1];
    for (uint32_t i = 0; i < k; i++) dom[i] = type_fun_domain(ty, i);
    if (!check_arg_types(p, f, name, n, a, dom)) return NULL_TERM;
    r = term_apply(fn, n, a);
    break;
  }
  case H_MACRO: {
    const macro *m = &p->macros.data[f->val];
    if (n != m->n) {
      fail(p, f->line, f->col, "'%s' expects %u argument%s, got %u", m->name, m->n, m->n == 1 ? "" : "s", n);
      return NULL_TERM;
    }
    type_t dom[n ? n : 1];
    for (uint32_t i = 0; i < n; i++) dom[i] = term_type(m->params[i]);
    if (!check_arg_types(p, f, m->name, n, a, dom)) return NULL_TERM;
    r = term_subst(m->body, n, m->params, a);
    break;
  }
  case H_DT: {
    const dtfun *d = &p->dtfuns.data[f->val];
    if (d->kind == DT_CONS) {
      if (n == type_dt_nfields(d->dt, d->c))
        for (uint32_t i = 0; i < n; i++) a[i] = coerce_to(a[i], type_dt_field_type(d->dt, d->c, i));
      r = term_dt_cons(d->dt, d->c, n, a);
    } else if (n != 1) {
      fail(p, f->line, f->col, "a datatype %s takes 1 argument, got %u", d->kind == DT_SEL ? "selector" : "tester", n);
      return NULL_TERM;
    } else r = d->kind == DT_SEL ? term_dt_sel(d->dt, d->c, d->f, a[0]) : term_dt_is(d->dt, d->c, a[0]);
    break;
  }
  case H_CONST_ARRAY:
    if (n != 1) {
      fail(p, f->line, f->col, "(as const ...) expects 1 argument, got %u", n);
      return NULL_TERM;
    }
    r = term_const_array(f->val, coerce_to(a[0], type_array_elem(f->val)));
    break;
  default:
    r = NULL_TERM;
  }
  if (r == NULL_TERM && !p->failed) {
    const char *e = term_last_error();
    fail(p, f->line, f->col, "%s", e && *e ? e : "ill-sorted application");
  }
  return r;
}

/* ---- terms ---- */
static bool push_frame(smtlib_parser *p, frame fr) { return VPUSH(p, p->frames, fr); }

/* The term a symbol stands for, or NULL_TERM with an error. */
static term_t symbol_term(smtlib_parser *p) {
  int32_t n = name_find(p, p->text, p->tlen);
  const binding *b = term_binding(p, n);
  if (b) {
    if (b->kind == B_MACRO) {
      if (p->macros.data[b->val].n == 0) return p->macros.data[b->val].body;
      FAILT(p, "'%s' is a function with %u parameters; it needs arguments", p->text,
            p->macros.data[b->val].n);
      return NULL_TERM;
    }
    if (b->kind == B_DTFUN) {
      const dtfun *d = &p->dtfuns.data[b->val];
      if (d->kind == DT_CONS && type_dt_nfields(d->dt, d->c) == 0) return term_dt_cons(d->dt, d->c, 0, NULL);
      FAILT(p, "'%s' needs arguments", p->text);
      return NULL_TERM;
    }
    if (type_kind_of(term_type(b->val)) == TYPE_FUN) {
      FAILT(p, "function '%s' needs arguments", p->text);
      return NULL_TERM;
    }
    return b->val;
  }
  if (n >= 0 && p->names[n].builtin >= 0) {
    uint8_t k = builtins[p->names[n].builtin].kind;
    if (k == K_TRUE) return term_true();
    if (k == K_FALSE) return term_false();
    FAILT(p, "'%s' needs arguments", p->text);
    return NULL_TERM;
  }
  FAILT(p, "unknown symbol '%s'", p->text);
  return NULL_TERM;
}

static term_t atom_term(smtlib_parser *p) {
  switch (p->tok) {
  case SEXP_NUMERAL: return numeral_term(p);
  case SEXP_DECIMAL: return decimal_term(p);
  case SEXP_HEX: return bits_term(p, 16);
  case SEXP_BINARY: return bits_term(p, 2);
  case SEXP_SYMBOL: return symbol_term(p);
  case SEXP_STRING: FAILT(p, "string literals are not supported in terms"); return NULL_TERM;
  case SEXP_KEYWORD: FAILT(p, "expected a term, found keyword %s", p->text); return NULL_TERM;
  case SEXP_EOF: FAILT(p, "expected a term, found end of input"); return NULL_TERM;
  case SEXP_RPAREN: FAILT(p, "expected a term, found ')'"); return NULL_TERM;
  default: return NULL_TERM;
  }
}

/* After "(_": (_ bvN w) as a term. */
static term_t indexed_constant(smtlib_parser *p) {
  if (next(p) != SEXP_SYMBOL) {
    if (p->tok != SEXP_ERROR) FAILT(p, "expected an indexed identifier after '_'");
    return NULL_TERM;
  }
  const char *s = p->text;
  if (strncmp(s, "bv", 2) != 0 || !s[2] || strspn(s + 2, "0123456789") != strlen(s + 2)) {
    FAILT(p, "indexed operator '%s' needs arguments", s);
    return NULL_TERM;
  }
  mpz_t v;
  mpz_init_set_str(v, s + 2, 10);
  uint32_t line = p->line, col = p->col, w;
  term_t t = NULL_TERM;
  if (parse_u32(p, &w)) {
    if (w == 0) fail(p, line, col, "bit-vector width must be positive");
    else if (mpz_sizeinbase(v, 2) > w && mpz_sgn(v) != 0)
      fail(p, line, col, "bit-vector literal %s does not fit in %u bits", s, w);
    else if (expect_rparen(p, "after the bit-vector width"))
      t = term_bv_mpz(w, v);
  }
  mpz_clear(v);
  return t;
}

/* After "((_": an indexed operator head; fills the frame. */
static bool indexed_head(smtlib_parser *p, frame *fr) {
  if (next(p) != SEXP_SYMBOL) return p->tok == SEXP_ERROR ? false : FAILT(p, "expected an indexed operator");
  if (strcmp(p->text, "is") == 0) {   /* (_ is C): the tester of constructor C */
    if (next(p) != SEXP_SYMBOL) return p->tok == SEXP_ERROR ? false : FAILT(p, "expected a constructor after 'is'");
    const binding *b = term_binding(p, name_find(p, p->text, p->tlen));
    if (!b || b->kind != B_DTFUN || p->dtfuns.data[b->val].kind != DT_CONS)
      return FAILT(p, "'%s' is not a datatype constructor", p->text);
    fr->head = H_DT;
    fr->val = p->dtfuns.data[b->val].tester;
    return expect_rparen(p, "after the constructor");
  }
  int32_t n = name_find(p, p->text, p->tlen);
  int16_t bi = n >= 0 ? p->names[n].builtin : -1;
  uint8_t k = bi >= 0 ? builtins[bi].kind : K_NONE;
  uint32_t want = k == K_EXTRACT ? 2 : (k == K_EXTEND || k == K_ROTATE || k == K_REPEAT || k == K_NAT2BV) ? 1 : 0;
  if (!want) return FAILT(p, "unknown indexed operator '%s'", p->text);
  fr->head = H_BUILTIN;
  fr->builtin = bi;
  fr->nparams = want;
  for (uint32_t i = 0; i < want; i++)
    if (!parse_u32(p, &fr->params[i])) return false;
  return expect_rparen(p, "after the indices");
}

/* After "(as": either (as const T) as a head (head_only) or (as x T). */
static term_t qualified(smtlib_parser *p, frame *fr, bool head_only) {
  if (next(p) != SEXP_SYMBOL) {
    if (p->tok != SEXP_ERROR) FAILT(p, "expected a symbol after 'as'");
    return NULL_TERM;
  }
  uint32_t line = p->line, col = p->col;
  if (strcmp(p->text, "const") == 0) {
    type_t ty = parse_sort(p);
    if (ty == NULL_TYPE) return NULL_TERM;
    if (type_kind_of(ty) != TYPE_ARRAY) { fail(p, line, col, "(as const T) needs an array sort"); return NULL_TERM; }
    if (!expect_rparen(p, "after the sort")) return NULL_TERM;
    if (!head_only) { fail(p, line, col, "(as const T) needs an argument"); return NULL_TERM; }
    fr->head = H_CONST_ARRAY;
    fr->val = ty;
    return term_true();   /* any non-NULL marker */
  }
  term_t t = symbol_term(p);
  if (t == NULL_TERM) return NULL_TERM;
  type_t ty = parse_sort(p);
  if (ty == NULL_TYPE) return NULL_TERM;
  if (!expect_rparen(p, "after the sort")) return NULL_TERM;
  t = coerce_to(t, ty);
  if (term_type(t) != ty) { fail(p, line, col, "symbol does not have the sort given in 'as'"); return NULL_TERM; }
  if (head_only) { fail(p, line, col, "qualified function symbols are not supported"); return NULL_TERM; }
  return t;
}

static bool add_attr(smtlib_parser *p, term_t t, const char *key, const char *value) {
  smtlib_attr a = {t, key, value};
  return VPUSH(p, p->cattrs, a);
}

/* Attributes of (! t ...) until ')'. */
static bool parse_attributes(smtlib_parser *p, term_t t) {
  for (;;) {
    sexp_tok k = next(p);
    if (k == SEXP_RPAREN) return true;
    if (k != SEXP_KEYWORD) return k == SEXP_ERROR ? false : FAILT(p, "expected a keyword in annotation, found %s", sexp_tok_name(k));
    char *key = cmd_strdup(p, p->text, p->tlen);
    if (!key) return false;
    k = next(p);
    if (k == SEXP_KEYWORD || k == SEXP_RPAREN) {
      unread(p);
      if (!add_attr(p, t, key, NULL)) return false;
      continue;
    }
    if (k == SEXP_EOF || k == SEXP_ERROR) return k == SEXP_ERROR ? false : FAILT(p, "unexpected end of input in annotation");
    uint32_t line = p->line, col = p->col;
    bool is_symbol = k == SEXP_SYMBOL;
    unread(p);
    rec_start(p);
    next(p);
    if (!skip_sexp(p)) { p->recording = false; return false; }
    char *value = rec_stop(p);
    if (!value) return false;
    if (strcmp(key, ":named") == 0) {
      if (!is_symbol) return fail(p, line, col, "expected a symbol after :named");
      const char *nm = value;
      size_t len = strlen(nm);
      if (len >= 2 && nm[0] == '|') { nm++; len -= 2; }   /* drop |bars| */
      int32_t ni = name_intern(p, nm, len);
      if (ni < 0) return oom(p);
      if (term_binding(p, ni)) return fail(p, line, col, "name '%s' is already defined", p->names[ni].s);
      /* bound when the command ends: a let or quantifier scope around the
       * annotation must not take the name with it */
      binding nb = {(uint32_t)ni, -1, B_TERM, t};
      if (!VPUSH(p, p->named, nb)) return false;
    }
    if (!add_attr(p, t, key, value)) return false;
  }
}

/* A sorted variable list "((x S) ...)" after its '(' was read; binds each
 * name to a variable and pushes the variables on p->args. */
static bool sorted_vars(smtlib_parser *p, bool allow_empty, bool fresh_always) {
  uint32_t count = 0;
  for (;;) {
    sexp_tok k = next(p);
    if (k == SEXP_RPAREN) break;
    if (k != SEXP_LPAREN) return k == SEXP_ERROR ? false : FAILT(p, "expected '(' starting a sorted variable, found %s", sexp_tok_name(k));
    if (next(p) != SEXP_SYMBOL) return p->tok == SEXP_ERROR ? false : FAILT(p, "expected a variable name");
    int32_t ni = name_intern(p, p->text, p->tlen);
    if (ni < 0) return oom(p);
    type_t ty = parse_sort(p);
    if (ty == NULL_TYPE) return false;
    if (!expect_rparen(p, "after the sort of a variable")) return false;
    const char *nm = p->names[ni].s;
    term_t v = fresh_always || term_binding(p, ni) ? term_fresh_var(nm, ty) : term_var(nm, ty);
    if (v == NULL_TERM) return FAILT(p, "cannot create variable '%s'", nm);
    if (!VPUSH(p, p->args, v) || !bind(p, (uint32_t)ni, B_TERM, v)) return false;
    count++;
  }
  if (!count && !allow_empty) return FAILT(p, "expected at least one variable");
  return true;
}

static bool bool_check(smtlib_parser *p, term_t t, uint32_t line, uint32_t col, const char *what) {
  if (term_is_bool(t)) return true;
  return fail(p, line, col, "%s must be Boolean", what);
}

#define SMTLIB_MAX_LEVELS 1000000u

/* Parses one term. */
static term_t parse_term(smtlib_parser *p) {
  const uint32_t fbase = p->frames.size;
  term_t t;
  for (;;) {
    sexp_tok k = next(p);
    if (k == SEXP_RPAREN && p->frames.size > fbase && p->frames.data[p->frames.size - 1].kind == F_APP) {
      frame *f = &p->frames.data[p->frames.size - 1];
      uint32_t n = p->args.size - f->base;
      t = build_app(p, f, n, n ? p->args.data + f->base : NULL);   /* "(= )": no arguments, maybe no array */
      if (t == NULL_TERM) goto error;
      p->args.size = f->base;
      p->frames.size--;
      goto have_term;
    }
    if (k != SEXP_LPAREN) {
      t = atom_term(p);
      if (t == NULL_TERM) goto error;
      goto have_term;
    }
    /* '(' head ... */
    frame fr;
    memset(&fr, 0, sizeof fr);
    fr.kind = F_APP;
    fr.base = p->args.size;
    fr.line = p->line;
    fr.col = p->col;
    k = next(p);
    if (k == SEXP_LPAREN) {
      if (next(p) != SEXP_SYMBOL) { FAILT(p, "expected '_' or 'as' in a compound function symbol"); goto error; }
      if (strcmp(p->text, "_") == 0) {
        if (!indexed_head(p, &fr)) goto error;
      } else if (strcmp(p->text, "as") == 0) {
        if (qualified(p, &fr, true) == NULL_TERM) goto error;
      } else {
        FAILT(p, "expected '_' or 'as' in a compound function symbol");
        goto error;
      }
      if (!push_frame(p, fr)) goto error;
      continue;
    }
    if (k != SEXP_SYMBOL) {
      if (k != SEXP_ERROR) FAILT(p, "expected a function symbol or binder after '(', found %s", sexp_tok_name(k));
      goto error;
    }
    int32_t ni = name_find(p, p->text, p->tlen);
    const binding *b = term_binding(p, ni);
    int16_t bi = ni >= 0 ? p->names[ni].builtin : -1;
    uint8_t bk = bi >= 0 ? builtins[bi].kind : K_NONE;
    if (bk >= K_LET && bk <= K_PAR) {
      switch ((builtin_kind)bk) {
      case K_LET:
        if (!expect(p, SEXP_LPAREN, "'(' starting the let bindings")) goto error;
        fr.kind = F_LET_BIND;
        fr.name_base = p->letnames.size;
        if (!expect(p, SEXP_LPAREN, "'(' starting a let binding")) goto error;
        if (next(p) != SEXP_SYMBOL) { if (p->tok != SEXP_ERROR) FAILT(p, "expected a symbol in a let binding"); goto error; }
        {
          int32_t li = name_intern(p, p->text, p->tlen);
          if (li < 0) { oom(p); goto error; }
          if (!VPUSH(p, p->letnames, (uint32_t)li)) goto error;
        }
        if (!push_frame(p, fr)) goto error;
        continue;
      case K_FORALL: case K_EXISTS:
        fr.kind = F_QUANT;
        fr.exists = bk == K_EXISTS;
        fr.mark = p->binds.size;
        if (!expect(p, SEXP_LPAREN, "'(' starting the bound variables")) goto error;
        if (!sorted_vars(p, false, false)) goto error;
        if (!push_frame(p, fr)) goto error;
        continue;
      case K_BANG:
        fr.kind = F_ANNOT;
        if (!push_frame(p, fr)) goto error;
        continue;
      case K_UNDERSCORE:
        t = indexed_constant(p);
        if (t == NULL_TERM) goto error;
        goto have_term;
      case K_AS:
        t = qualified(p, &fr, false);
        if (t == NULL_TERM) goto error;
        goto have_term;
      default:
        FAILT(p, "'%s' is not supported", p->text);
        goto error;
      }
    }
    if (b) {
      if (b->kind == B_MACRO && p->macros.data[b->val].n > 0) {
        fr.head = H_MACRO;
        fr.val = b->val;
      } else if (b->kind == B_DTFUN) {
        fr.head = H_DT;
        fr.val = b->val;
      } else if ((b->kind == B_DECL || b->kind == B_TERM) && type_kind_of(term_type(b->val)) == TYPE_FUN) {
        fr.head = H_FUN;
        fr.val = b->val;
      } else {
        FAILT(p, "'%s' is not a function", p->text);
        goto error;
      }
    } else if (bk != K_NONE && bk != K_TRUE && bk != K_FALSE) {
      if (bk >= K_EXTRACT && bk <= K_NAT2BV && bk != K_BV2NAT) {
        FAILT(p, "'%s' is indexed: write ((_ %s ...) ...)", p->text, p->text);
        goto error;
      }
      fr.head = H_BUILTIN;
      fr.builtin = bi;
    } else {
      FAILT(p, "unknown function symbol '%s'", p->text);
      goto error;
    }
    if (!push_frame(p, fr)) goto error;
    continue;

  have_term:
    for (;;) {
      if (p->frames.size == fbase) return t;
      frame *f = &p->frames.data[p->frames.size - 1];
      if (f->kind == F_APP) {
        if (!VPUSH(p, p->args, t)) goto error;
        break;   /* next argument */
      }
      if (f->kind == F_LET_BIND) {
        if (!VPUSH(p, p->args, t)) goto error;
        if (!expect_rparen(p, "closing the let binding")) goto error;
        k = next(p);
        if (k == SEXP_LPAREN) {
          if (next(p) != SEXP_SYMBOL) { if (p->tok != SEXP_ERROR) FAILT(p, "expected a symbol in a let binding"); goto error; }
          int32_t li = name_intern(p, p->text, p->tlen);
          if (li < 0) { oom(p); goto error; }
          if (!VPUSH(p, p->letnames, (uint32_t)li)) goto error;
          break;
        }
        if (k != SEXP_RPAREN) { if (k != SEXP_ERROR) FAILT(p, "expected '(' or ')' in the let bindings, found %s", sexp_tok_name(k)); goto error; }
        /* all bindings read: they take effect together for the body */
        f->mark = p->binds.size;
        uint32_t nb = p->letnames.size - f->name_base;
        for (uint32_t i = 0; i < nb; i++)
          if (!bind(p, p->letnames.data[f->name_base + i], B_TERM, p->args.data[f->base + i])) goto error;
        p->letnames.size = f->name_base;
        p->args.size = f->base;
        f->kind = F_LET_BODY;
        break;   /* parse the body */
      }
      if (f->kind == F_LET_BODY) {
        if (!expect_rparen(p, "after the let body")) goto error;
        unbind_to(p, f->mark);
        p->frames.size--;
        continue;
      }
      if (f->kind == F_QUANT) {
        if (!bool_check(p, t, f->line, f->col, "the body of a quantifier")) goto error;
        if (!expect_rparen(p, "after the quantifier body")) goto error;
        uint32_t nv = p->args.size - f->base;
        term_t *vs = p->args.data + f->base;
        term_t q = f->exists ? term_exists(nv, vs, t) : term_forall(nv, vs, t);
        if (q == NULL_TERM) { fail(p, f->line, f->col, "%s", term_last_error()); goto error; }
        p->args.size = f->base;
        unbind_to(p, f->mark);
        p->frames.size--;
        t = q;
        continue;
      }
      /* F_ANNOT */
      if (!parse_attributes(p, t)) goto error;
      p->frames.size--;
    }
  }
error:
  /* unwind scopes opened by this term */
  while (p->frames.size > fbase) {
    frame *f = &p->frames.data[--p->frames.size];
    if (f->kind == F_LET_BODY || f->kind == F_QUANT) unbind_to(p, f->mark);
    p->args.size = f->base;
    if (f->kind == F_LET_BIND) p->letnames.size = f->name_base;
  }
  if (!p->failed) FAILT(p, "%s", term_last_error());
  return NULL_TERM;
}

/* ---- commands ---- */
static void cmd_reset(smtlib_parser *p) {
  for (uint32_t i = 0; i < p->cstrs.size; i++) free(p->cstrs.data[i]);
  p->cstrs.size = 0;
  p->cterms.size = 0;
  p->ctexts.size = 0;
  p->cattrs.size = 0;
  p->named.size = 0;
}

static const struct { const char *name; smtlib_cmd_kind kind; } commands[] = {
  {"set-logic", SMTLIB_SET_LOGIC}, {"set-option", SMTLIB_SET_OPTION}, {"set-info", SMTLIB_SET_INFO},
  {"declare-fun", SMTLIB_DECLARE_FUN}, {"declare-const", SMTLIB_DECLARE_FUN},
  {"define-fun", SMTLIB_DEFINE_FUN}, {"declare-sort", SMTLIB_DECLARE_SORT},
  {"define-sort", SMTLIB_DEFINE_SORT}, {"assert", SMTLIB_ASSERT},
  {"check-sat", SMTLIB_CHECK_SAT}, {"check-sat-assuming", SMTLIB_CHECK_SAT},
  {"get-model", SMTLIB_GET_MODEL}, {"get-value", SMTLIB_GET_VALUE},
  {"get-assignment", SMTLIB_GET_ASSIGNMENT}, {"get-unsat-core", SMTLIB_GET_UNSAT_CORE},
  {"get-assertions", SMTLIB_GET_ASSERTIONS}, {"get-info", SMTLIB_GET_INFO},
  {"get-option", SMTLIB_GET_OPTION}, {"push", SMTLIB_PUSH}, {"pop", SMTLIB_POP},
  {"reset", SMTLIB_RESET}, {"reset-assertions", SMTLIB_RESET_ASSERTIONS},
  {"exit", SMTLIB_EXIT}, {"echo", SMTLIB_ECHO}, {"get-interpolant", SMTLIB_GET_INTERPOLANT},
  {"declare-datatypes", SMTLIB_DECLARE_DATATYPES}, {"declare-datatype", SMTLIB_DECLARE_DATATYPES},
};

const char *smtlib_cmd_name(smtlib_cmd_kind k) {
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (commands[i].kind == k) return commands[i].name;
  return "?";
}

/* A symbol to be declared: must not be bound already. */
static int32_t new_symbol(smtlib_parser *p, bool sort) {
  if (next(p) != SEXP_SYMBOL) {
    if (p->tok != SEXP_ERROR) FAILT(p, "expected a symbol, found %s", sexp_tok_name(p->tok));
    return -1;
  }
  int32_t ni = name_intern(p, p->text, p->tlen);
  if (ni < 0) { oom(p); return -1; }
  const name_ent *e = &p->names[ni];
  if (sort ? e->sort_top >= 0 : (e->term_top >= 0 || (e->builtin >= 0))) {
    FAILT(p, "'%s' is already declared", e->s);
    return -1;
  }
  if (sort && (strcmp(e->s, "Bool") == 0 || strcmp(e->s, "Int") == 0 || strcmp(e->s, "Real") == 0 ||
               strcmp(e->s, "Array") == 0)) {
    FAILT(p, "'%s' is a predefined sort", e->s);
    return -1;
  }
  return ni;
}

static bool cmd_declare_fun(smtlib_parser *p, smtlib_cmd *c, bool is_const) {
  int32_t ni = new_symbol(p, false);
  if (ni < 0) return false;
  VEC(type_t) dom = {0};
  bool ok = true;
  if (!is_const) {
    ok = expect(p, SEXP_LPAREN, "'(' starting the argument sorts");
    while (ok && next(p) != SEXP_RPAREN) {
      if (p->tok == SEXP_ERROR) { ok = false; break; }
      unread(p);
      type_t t = parse_sort(p);
      ok = t != NULL_TYPE && VPUSH(p, dom, t);
    }
  }
  type_t range = ok ? parse_sort(p) : NULL_TYPE;
  ok = range != NULL_TYPE && expect_rparen(p, "at the end of the declaration");
  if (ok) {
    type_t ty = dom.size ? type_fun(dom.size, dom.data, range) : range;
    term_t v = ty == NULL_TYPE ? NULL_TERM : term_var(p->names[ni].s, ty);
    if (v == NULL_TERM) ok = FAILT(p, "cannot declare '%s': %s", p->names[ni].s, term_last_error());
    else ok = bind(p, (uint32_t)ni, B_DECL, v);
    c->name = p->names[ni].s;
    c->term = v;
    c->type = range;
  }
  free(dom.data);
  return ok;
}

static bool cmd_define_fun(smtlib_parser *p, smtlib_cmd *c) {
  int32_t ni = new_symbol(p, false);
  if (ni < 0) return false;
  if (!expect(p, SEXP_LPAREN, "'(' starting the parameters")) return false;
  uint32_t mark = p->binds.size, abase = p->args.size;
  if (!sorted_vars(p, true, true)) return false;
  uint32_t n = p->args.size - abase;
  type_t range = parse_sort(p);
  if (range == NULL_TYPE) return false;
  uint32_t line, col;
  if (next(p) == SEXP_ERROR) return false;
  line = p->line; col = p->col;
  unread(p);
  term_t body = parse_term(p);
  if (body == NULL_TERM) return false;
  body = coerce_to(body, range);
  if (term_type(body) != range) return fail(p, line, col, "the body of '%s' does not have the declared sort", p->names[ni].s);
  if (!expect_rparen(p, "at the end of the definition")) return false;
  unbind_to(p, mark);
  macro m = {n, NULL, body, p->names[ni].s};
  if (n) {
    m.params = malloc(sizeof *m.params * n);
    if (!m.params) return oom(p);
    memcpy(m.params, p->args.data + abase, sizeof *m.params * n);
  }
  for (uint32_t i = 0; i < n; i++) if (!VPUSH(p, p->cterms, p->args.data[abase + i])) { free(m.params); return false; }
  p->args.size = abase;
  if (!VPUSH(p, p->macros, m)) { free(m.params); return false; }
  if (!bind(p, (uint32_t)ni, B_MACRO, (int32_t)p->macros.size - 1)) return false;
  c->name = p->names[ni].s;
  c->term = body;
  c->type = range;
  c->n = p->cterms.size;        /* the parameters, as smtlib.h documents */
  c->terms = p->cterms.data;
  return true;
}

static bool cmd_define_sort(smtlib_parser *p, smtlib_cmd *c) {
  int32_t ni = new_symbol(p, true);
  if (ni < 0) return false;
  if (!expect(p, SEXP_LPAREN, "'(' starting the sort parameters")) return false;
  sortdef d = {0};
  VEC(uint32_t) ps = {0};
  VEC(rtok) ts = {0};
  bool ok = false;
  for (;;) {
    sexp_tok k = next(p);
    if (k == SEXP_RPAREN) break;
    if (k != SEXP_SYMBOL) { if (k != SEXP_ERROR) FAILT(p, "expected a sort parameter"); goto out; }
    int32_t pi = name_intern(p, p->text, p->tlen);
    if (pi < 0 || !VPUSH(p, ps, (uint32_t)pi)) { oom(p); goto out; }
  }
  /* record the body's tokens for replay at each use */
  uint32_t line = p->line, col = p->col;
  int64_t depth = 0;
  do {
    sexp_tok k = next(p);
    if (k == SEXP_ERROR) goto out;
    if (k == SEXP_EOF) { FAILT(p, "unexpected end of input in define-sort"); goto out; }
    if (k == SEXP_RPAREN && depth == 0) { FAILT(p, "expected a sort"); goto out; }
    depth += k == SEXP_LPAREN ? 1 : k == SEXP_RPAREN ? -1 : 0;
    rtok t = {k, p->quoted, NULL, p->line, p->col};
    t.text = malloc(p->tlen + 1);
    if (!t.text) { oom(p); goto out; }
    memcpy(t.text, p->text, p->tlen + 1);
    if (!VPUSH(p, ts, t)) { free(t.text); goto out; }
  } while (depth > 0);
  if (!expect_rparen(p, "at the end of define-sort")) goto out;
  d.n = ps.size; d.params = ps.data; d.toks = ts.data; d.ntoks = ts.size;
  if (!VPUSH(p, p->sortdefs, d)) goto out;
  ps.data = NULL; ts.data = NULL; ts.size = 0;
  /* check the body once (parameters as fresh uninterpreted sorts) */
  {
    type_t actual[16];
    if (d.n > 16) { fail(p, line, col, "too many sort parameters"); return false; }
    for (uint32_t i = 0; i < d.n; i++) actual[i] = type_sort(p->names[d.params[i]].s);
    type_t t = expand_sortdef(p, &d, actual, 0);
    if (t == NULL_TYPE) return false;
    c->type = d.n ? NULL_TYPE : t;
  }
  c->name = p->names[ni].s;
  c->level = d.n;
  ok = bind(p, (uint32_t)ni, B_SORTDEF, (int32_t)p->sortdefs.size - 1);
out:
  free(ps.data);
  for (uint32_t i = 0; i < ts.size; i++) free(ts.data[i].text);
  free(ts.data);
  return ok;
}

/* Terms until ')' into p->cterms (the '(' of the list already read when
 * list is false: then until the command's ')'). */
static bool term_list(smtlib_parser *p, bool texts, bool booleans) {
  for (;;) {
    if (next(p) == SEXP_RPAREN) return true;
    if (p->tok == SEXP_ERROR) return false;
    uint32_t line = p->line, col = p->col;
    unread(p);
    if (texts) rec_start(p);
    term_t t = parse_term(p);
    if (texts) {
      char *s = rec_stop(p);
      if (!s || !VPUSH(p, p->ctexts, s)) return false;
    }
    if (t == NULL_TERM) return false;
    if (booleans && !bool_check(p, t, line, col, "the argument")) return false;
    if (!VPUSH(p, p->cterms, t)) return false;
  }
}

static bool attr_value(smtlib_parser *p, smtlib_cmd *c) {
  if (next(p) == SEXP_RPAREN) { c->value = NULL; return true; }
  unread(p);
  rec_start(p);
  next(p);
  if (!skip_sexp(p)) { p->recording = false; return false; }
  c->value = rec_stop(p);
  return c->value && expect_rparen(p, "after the value");
}

/* ---- declare-datatypes ---- */
static bool bind_dtfun(smtlib_parser *p, const char *name, dtfun d, int32_t *index) {
  int32_t ni = name_intern(p, name, strlen(name));
  if (ni < 0) return oom(p);
  const name_ent *e = &p->names[ni];
  if (e->term_top >= 0 || e->builtin >= 0) return FAILT(p, "'%s' is already declared", name);
  if (!VPUSH(p, p->dtfuns, d)) return false;
  if (index) *index = (int32_t)p->dtfuns.size - 1;
  return bind(p, (uint32_t)ni, B_DTFUN, (int32_t)p->dtfuns.size - 1);
}

typedef struct {
  VEC(type_dt_ctor) ctors;
  VEC(const char *) names;   /* field names, all constructors */
  VEC(type_t) types;
} dt_decl;

/* One constructor list "((C (s S) ...) ...)" of datatype dt. */
static bool parse_ctors(smtlib_parser *p, dt_decl *d) {
  if (!expect(p, SEXP_LPAREN, "'(' starting the constructors")) return false;
  if (next(p) == SEXP_SYMBOL && strcmp(p->text, "par") == 0) return FAILT(p, "parametric datatypes are not supported");
  unread(p);
  while (next(p) != SEXP_RPAREN) {
    bool bare = p->tok == SEXP_SYMBOL;   /* a constructor without fields may be a bare symbol */
    if (!bare && p->tok != SEXP_LPAREN) return p->tok == SEXP_ERROR ? false : FAILT(p, "expected a constructor declaration");
    if (!bare && next(p) != SEXP_SYMBOL) return p->tok == SEXP_ERROR ? false : FAILT(p, "expected a constructor name");
    type_dt_ctor k = {arena_copy(p, p->text, p->tlen), 0, NULL, NULL};
    if (!k.name) return oom(p);
    /* fields: indices into d->names / d->types, fixed up after the loop */
    k.field_names = (const char *const *)(uintptr_t)d->names.size;
    while (!bare && next(p) != SEXP_RPAREN) {
      if (p->tok != SEXP_LPAREN) return p->tok == SEXP_ERROR ? false : FAILT(p, "expected '(' starting a selector");
      if (next(p) != SEXP_SYMBOL) return p->tok == SEXP_ERROR ? false : FAILT(p, "expected a selector name");
      const char *sel = arena_copy(p, p->text, p->tlen);
      if (!sel) return oom(p);
      type_t ty = parse_sort(p);
      if (ty == NULL_TYPE || !expect_rparen(p, "after the selector sort")) return false;
      if (!VPUSH(p, d->names, sel) || !VPUSH(p, d->types, ty)) return false;
      k.nfields++;
    }
    if (!VPUSH(p, d->ctors, k)) return false;
  }
  if (d->ctors.size == 0) return FAILT(p, "a datatype needs at least one constructor");
  for (uint32_t i = 0; i < d->ctors.size; i++) {
    uintptr_t first = (uintptr_t)d->ctors.data[i].field_names;
    /* no constructor has fields: the vectors are empty (NULL + 0 is undefined) */
    d->ctors.data[i].field_names = d->names.data ? d->names.data + first : NULL;
    d->ctors.data[i].field_types = d->types.data ? d->types.data + first : NULL;
  }
  return true;
}

/* Binds constructors, selectors and testers (is-C, and (_ is C) through
 * the constructor) of the defined datatype dt. */
static bool bind_dt_symbols(smtlib_parser *p, type_t dt) {
  for (uint32_t c = 0; c < type_dt_nctors(dt); c++) {
    int32_t tester = 0, cons = 0;
    if (!VPUSH(p, p->dtfuns, ((dtfun){DT_IS, dt, c, 0, -1}))) return false;
    tester = (int32_t)p->dtfuns.size - 1;
    if (!bind_dtfun(p, type_dt_ctor_name(dt, c), (dtfun){DT_CONS, dt, c, 0, tester}, &cons)) return false;
    for (uint32_t f = 0; f < type_dt_nfields(dt, c); f++)
      if (!bind_dtfun(p, type_dt_field_name(dt, c, f), (dtfun){DT_SEL, dt, c, f, -1}, NULL)) return false;
    char is[256];
    snprintf(is, sizeof is, "is-%s", type_dt_ctor_name(dt, c));
    int32_t ni = name_intern(p, is, strlen(is));
    if (ni < 0) return oom(p);
    if (p->names[ni].term_top < 0 && p->names[ni].builtin < 0 && !bind(p, (uint32_t)ni, B_DTFUN, tester)) return false;
  }
  return true;
}

/* (declare-datatypes ((D 0) ...) (ctors ...)) or (declare-datatype D ctors):
 * the sorts are bound first, so the constructors may refer to any of them. */
static bool cmd_declare_datatypes(smtlib_parser *p, smtlib_cmd *c) {
  bool single = strcmp(c->command, "declare-datatype") == 0;
  VEC(type_t) dts = {0};
  bool ok = true;
  if (single) {
    int32_t ni = new_symbol(p, true);
    ok = ni >= 0 && VPUSH(p, dts, type_datatype(p->names[ni].s)) && bind(p, (uint32_t)ni, B_SORT, dts.data[0]);
  } else {
    ok = expect(p, SEXP_LPAREN, "'(' starting the sort declarations");
    while (ok && next(p) != SEXP_RPAREN) {
      if (p->tok != SEXP_LPAREN) { ok = p->tok == SEXP_ERROR ? false : FAILT(p, "expected '(' starting a sort declaration"); break; }
      int32_t ni = new_symbol(p, true);
      uint32_t arity = 0;
      ok = ni >= 0 && parse_u32(p, &arity);
      if (ok && arity) ok = FAILT(p, "parametric datatypes are not supported");
      ok = ok && expect_rparen(p, "after the datatype arity");
      ok = ok && VPUSH(p, dts, type_datatype(p->names[ni].s)) && bind(p, (uint32_t)ni, B_SORT, dts.data[dts.size - 1]);
    }
    ok = ok && expect(p, SEXP_LPAREN, "'(' starting the datatype definitions");
  }
  for (uint32_t i = 0; ok && i < dts.size; i++) {
    dt_decl d = {0};
    ok = parse_ctors(p, &d);
    if (ok) type_datatype_define(dts.data[i], d.ctors.size, d.ctors.data);
    free(d.ctors.data); free(d.names.data); free(d.types.data);
  }
  if (ok && !single) ok = expect_rparen(p, "after the datatype definitions");
  ok = ok && expect_rparen(p, "at the end of the declaration");
  for (uint32_t i = 0; ok && i < dts.size; i++) ok = bind_dt_symbols(p, dts.data[i]);
  if (ok) {
    c->level = dts.size;
    c->type = dts.size ? dts.data[0] : NULL_TYPE;
    c->name = dts.size ? type_sort_name(dts.data[0]) : NULL;
  }
  free(dts.data);
  return ok;
}

static bool parse_command(smtlib_parser *p, smtlib_cmd *c) {
  if (next(p) != SEXP_SYMBOL) {
    if (p->tok != SEXP_ERROR) FAILT(p, "expected a command name, found %s", sexp_tok_name(p->tok));
    return false;
  }
  size_t i = 0;
  while (i < sizeof commands / sizeof commands[0] && strcmp(commands[i].name, p->text) != 0) i++;
  if (i == sizeof commands / sizeof commands[0]) return FAILT(p, "unknown command '%s'", p->text);
  c->kind = commands[i].kind;
  c->command = commands[i].name;
  switch (c->kind) {
  case SMTLIB_SET_LOGIC: {
    if (!expect(p, SEXP_SYMBOL, "a logic name")) return false;
    char *s = malloc(p->tlen + 1);
    if (!s) return oom(p);
    memcpy(s, p->text, p->tlen + 1);
    free(p->logic);
    p->logic = s;
    c->name = s;
    return expect_rparen(p, "after the logic");
  }
  case SMTLIB_SET_OPTION: case SMTLIB_SET_INFO: case SMTLIB_GET_INFO: case SMTLIB_GET_OPTION: {
    if (!expect(p, SEXP_KEYWORD, "a keyword")) return false;
    if (!(c->name = cmd_strdup(p, p->text, p->tlen))) return false;
    if (c->kind == SMTLIB_GET_INFO || c->kind == SMTLIB_GET_OPTION) return expect_rparen(p, "after the keyword");
    if (!attr_value(p, c)) return false;
    if (c->kind == SMTLIB_SET_OPTION && strcmp(c->name, ":global-declarations") == 0)
      p->global_decls = c->value && strcmp(c->value, "true") == 0;
    return true;
  }
  case SMTLIB_DECLARE_FUN: return cmd_declare_fun(p, c, strcmp(c->command, "declare-const") == 0);
  case SMTLIB_DEFINE_FUN: return cmd_define_fun(p, c);
  case SMTLIB_DECLARE_SORT: {
    int32_t ni = new_symbol(p, true);
    if (ni < 0) return false;
    uint32_t arity = 0;
    if (next(p) != SEXP_RPAREN) {
      unread(p);
      if (!parse_u32(p, &arity)) return false;
      if (arity) return FAILT(p, "sorts with parameters are not supported");
      if (!expect_rparen(p, "after the arity")) return false;
    }
    c->name = p->names[ni].s;
    c->type = type_sort(c->name);
    if (c->type == NULL_TYPE) return oom(p);
    return bind(p, (uint32_t)ni, B_SORT, c->type);
  }
  case SMTLIB_DEFINE_SORT: return cmd_define_sort(p, c);
  case SMTLIB_DECLARE_DATATYPES: return cmd_declare_datatypes(p, c);
  case SMTLIB_ASSERT: {
    if (next(p) == SEXP_ERROR) return false;
    uint32_t line = p->line, col = p->col;
    unread(p);
    c->term = parse_term(p);
    return c->term != NULL_TERM && bool_check(p, c->term, line, col, "an assertion") &&
           expect_rparen(p, "after the asserted term");
  }
  case SMTLIB_CHECK_SAT:
    if (strcmp(c->command, "check-sat-assuming") == 0) {
      if (!expect(p, SEXP_LPAREN, "'(' starting the assumptions")) return false;
      if (!term_list(p, false, true)) return false;
    }
    break;
  case SMTLIB_GET_VALUE:
    if (!expect(p, SEXP_LPAREN, "'(' starting the terms")) return false;
    if (!term_list(p, true, false)) return false;
    if (!p->cterms.size) return FAILT(p, "get-value needs at least one term");
    break;
  case SMTLIB_GET_INTERPOLANT: {
    uint32_t line = p->line, col = p->col;
    if (!term_list(p, false, true)) return false;
    c->n = p->cterms.size;
    c->terms = p->cterms.data;
    if (c->n < 2) return fail(p, line, col, "get-interpolant needs at least two formulas");
    return true;   /* term_list consumed the closing ')' */
  }
  case SMTLIB_GET_MODEL:
    for (uint32_t j = 0; j < p->binds.size; j++)
      if (p->binds.data[j].kind == B_DECL && !VPUSH(p, p->cterms, p->binds.data[j].val)) return false;
    break;
  case SMTLIB_PUSH: case SMTLIB_POP: {
    c->level = 1;
    if (next(p) != SEXP_RPAREN) {
      unread(p);
      if (!parse_u32(p, &c->level)) return false;
    } else {
      unread(p);
    }
    if (c->kind == SMTLIB_PUSH) {
      /* a level costs a frame here and in every solver: bound the nesting */
      if ((uint64_t)p->levels.size + c->level > SMTLIB_MAX_LEVELS)
        return FAILT(p, "too many assertion levels (at most %u)", SMTLIB_MAX_LEVELS);
      for (uint32_t j = 0; j < c->level; j++)
        if (!VPUSH(p, p->levels, p->binds.size)) return false;
    } else {
      if (c->level > p->levels.size)
        return FAILT(p, "cannot pop %u levels: only %u pushed", c->level, p->levels.size);
      if (c->level == 0) break;   /* (pop 0): nothing, and no level to look at */
      p->levels.size -= c->level;
      if (!p->global_decls) unbind_to(p, p->levels.data[p->levels.size]);
    }
    break;
  }
  case SMTLIB_RESET: case SMTLIB_RESET_ASSERTIONS:
    if (c->kind == SMTLIB_RESET || !p->global_decls) unbind_to(p, 0);
    p->levels.size = 0;
    if (c->kind == SMTLIB_RESET) {
      free(p->logic);
      p->logic = NULL;
      p->global_decls = false;
    }
    break;
  case SMTLIB_EXIT:
    p->done = true;
    break;
  case SMTLIB_ECHO:
    if (!expect(p, SEXP_STRING, "a string")) return false;
    if (!(c->name = cmd_strdup(p, p->text, p->tlen))) return false;
    break;
  default:
    break;
  }
  c->n = p->cterms.size;
  c->terms = p->cterms.data;
  c->texts = c->kind == SMTLIB_GET_VALUE ? p->ctexts.data : NULL;
  return expect_rparen(p, "at the end of the command");
}

smtlib_status smtlib_next(smtlib_parser *p, smtlib_cmd *c) {
  if (p->failed) return SMTLIB_ERROR;
  cmd_reset(p);
  memset(c, 0, sizeof *c);
  c->term = NULL_TERM;
  c->type = NULL_TYPE;
  if (p->done) return SMTLIB_EOF;
  sexp_tok k = next(p);
  if (k == SEXP_EOF) return SMTLIB_EOF;
  if (k != SEXP_LPAREN) {
    if (k != SEXP_ERROR) FAILT(p, "expected '(' starting a command, found %s", sexp_tok_name(k));
    return SMTLIB_ERROR;
  }
  c->line = p->line;
  c->col = p->col;
  if (!parse_command(p, c)) {
    p->failed = true;
    return SMTLIB_ERROR;
  }
  for (uint32_t i = 0; i < p->named.size; i++)
    if (!bind(p, p->named.data[i].name, B_TERM, p->named.data[i].val)) return SMTLIB_ERROR;
  c->nattrs = p->cattrs.size;
  c->attrs = p->cattrs.data;
  return SMTLIB_OK;
}

/* ---- lifetime ---- */
static smtlib_parser *parser_new(const char *file) {
  smtlib_parser *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->file = strdup(file ? file : "<input>");
  if (!p->file) { free(p); return NULL; }
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
    int32_t n = name_intern(p, builtins[i].name, strlen(builtins[i].name));
    if (n < 0) { smtlib_free(p); return NULL; }
    p->names[n].builtin = (int16_t)i;
  }
  return p;
}

smtlib_parser *smtlib_new_file(const char *file, FILE *in) {
  smtlib_parser *p = parser_new(file);
  if (!p) return NULL;
  if (!sexp_lexer_init_file(&p->lx, in)) { smtlib_free(p); return NULL; }
  p->lx_ready = true;
  return p;
}

smtlib_parser *smtlib_new_string(const char *file, const char *text, size_t len) {
  smtlib_parser *p = parser_new(file);
  if (!p) return NULL;
  sexp_lexer_init_buffer(&p->lx, text, len);
  p->lx_ready = true;
  return p;
}

void smtlib_free(smtlib_parser *p) {
  if (!p) return;
  cmd_reset(p);
  if (p->lx_ready) sexp_lexer_free(&p->lx);
  sexp_buf_free(&p->rec);
  while (p->arena) {
    char *prev;
    memcpy(&prev, p->arena, sizeof prev);
    free(p->arena);
    p->arena = prev;
  }
  free(p->names);
  free(p->slots);
  free(p->binds.data);
  free(p->levels.data);
  free(p->dtfuns.data);
  for (uint32_t i = 0; i < p->macros.size; i++) free(p->macros.data[i].params);
  free(p->macros.data);
  for (uint32_t i = 0; i < p->sortdefs.size; i++) {
    sortdef *d = &p->sortdefs.data[i];
    free(d->params);
    for (uint32_t j = 0; j < d->ntoks; j++) free(d->toks[j].text);
    free(d->toks);
  }
  free(p->sortdefs.data);
  free(p->frames.data);
  free(p->args.data);
  free(p->letnames.data);
  free(p->cterms.data);
  free(p->ctexts.data);
  free(p->cattrs.data);
  free(p->cstrs.data);
  free(p->named.data);
  free(p->logic);
  free(p->file);
  free(p);
}

const char *smtlib_error(const smtlib_parser *p) { return p->err; }
uint64_t smtlib_bytes_read(const smtlib_parser *p) { return p->lx.bytes; }
const char *smtlib_logic(const smtlib_parser *p) { return p->logic; }

term_t smtlib_lookup(const smtlib_parser *p, const char *name) {
  const binding *b = term_binding(p, name_find(p, name, strlen(name)));
  if (!b) return NULL_TERM;
  if (b->kind == B_MACRO) return p->macros.data[b->val].n ? NULL_TERM : p->macros.data[b->val].body;
  return b->val;
}

type_t smtlib_lookup_sort(const smtlib_parser *p, const char *name) {
  int32_t n = name_find(p, name, strlen(name));
  if (n >= 0 && p->names[n].sort_top >= 0) {
    const binding *b = &p->binds.data[p->names[n].sort_top];
    if (b->kind == B_SORT) return b->val;
    return NULL_TYPE;
  }
  if (strcmp(name, "Bool") == 0) return type_bool();
  if (strcmp(name, "Int") == 0) return type_int();
  if (strcmp(name, "Real") == 0) return type_real();
  return NULL_TYPE;
}

bool smtlib_bind(smtlib_parser *p, const char *name, term_t t) {
  int32_t n = name_intern(p, name, strlen(name));
  return n >= 0 && bind(p, (uint32_t)n, B_TERM, t);
}

term_t smtlib_parse_term(smtlib_parser *p, const char *text) {
  if (p->failed) return NULL_TERM;
  sexp_lexer saved = p->lx;
  sexp_lexer_init_buffer(&p->lx, text, strlen(text));
  bool unr = p->unread;
  p->unread = false;
  term_t t = parse_term(p);
  if (t != NULL_TERM && next(p) != SEXP_EOF) {
    FAILT(p, "unexpected %s after the term", sexp_tok_name(p->tok));
    t = NULL_TERM;
  }
  sexp_lexer_free(&p->lx);
  p->lx = saved;
  p->unread = unr;
  return t;
}
