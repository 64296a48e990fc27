#include "core/file.h"
#include "lang/cfa/cfa_parser.h"
#include <ctype.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "ir/cfa_proc.h"

/* ---- tokens ---- */
typedef enum { T_EOF, T_ID, T_NUM, T_BV, T_SYM } tok_kind;
typedef struct {
  tok_kind kind;
  const char *s;   /* start in the text */
  uint32_t len;
  uint32_t line, col;
} token;

typedef struct {
  token *src, *dst;
  cfa_stmt *stmts;
  int32_t *call;     /* per statement: index into parser.calls, or -1 */
  uint32_t n;
} pending_edge;

/* A call statement `r := f(args)` / `f(args)`, resolved at the end of the
 * file (procedures may be declared after their callers). */
typedef struct {
  token *name;
  term_t *args;
  uint32_t nargs;
  term_t result;
  token *result_tok;
  uint32_t proc, edge;   /* the call edge made for it */
} pending_call;

#define SCRATCH 32

typedef struct {
  const char *file;
  pending_edge *edges;
  size_t nedges, ecap;
  token *toks;
  size_t ntoks, cap, pos;
  cfa *c;            /* the procedure being read */
  cfa_prog *prog;
  uint32_t cur;      /* its index */
  pending_call *calls;
  size_t ncalls, ccap;
  term_vec globals;
  char *err;
  size_t errlen;
  jmp_buf jb;
  /* the current procedure's variables (main: the term names; others:
   * "proc::name") */
  term_vec vars;
  /* entries of the array literals being read */
  term_vec scratch[SCRATCH];
  uint32_t nscratch;
  char *stack_base;   /* the stack at the start: nesting is bounded by stack use */
} parser;

/* Deep nesting ("((((...", "- - - ...", "[[[...") is an input error
 * before it is a stack overflow: at most 2 MB of stack for the recursion. */
#define NEST_CHECK(p, t)                                                                  \
  do {                                                                                    \
    char here_;                                                                           \
    if ((p)->stack_base - &here_ > (ptrdiff_t)2 << 20) FAIL(p, t, "nested too deeply"); \
  } while (0)

static void fail_at(parser *p, uint32_t line, uint32_t col, const char *fmt, ...) {
  int k = snprintf(p->err, p->errlen, "%s:%u:%u: ", p->file, line, col);
  va_list ap;
  va_start(ap, fmt);
  if (k >= 0 && (size_t)k < p->errlen) vsnprintf(p->err + k, p->errlen - (size_t)k, fmt, ap);
  va_end(ap);
  longjmp(p->jb, 1);
}

#define FAIL(p, t, ...) fail_at((p), (t)->line, (t)->col, __VA_ARGS__)

static void push_tok(parser *p, tok_kind k, const char *s, uint32_t len, uint32_t line, uint32_t col) {
  XGROW(p->toks, p->cap, p->ntoks + 1);
  p->toks[p->ntoks++] = (token){k, s, len, line, col};
}

static const char *const syms[] = {"->", ":=", "<-", "/=", "<=", ">=", "++", "(", ")", "{", "}", "[",
                                   "]", ",", ":", "=", "<", ">", "+", "-", "*", "/", "%", ";", NULL};

static void lex(parser *p, const char *text, size_t len) {
  uint32_t line = 1, col = 1;
  size_t i = 0;
#define ADV(n) do { for (size_t a_ = 0; a_ < (n); a_++) { if (text[i] == '\n') { line++; col = 1; } else col++; i++; } } while (0)
  while (i < len) {
    char ch = text[i];
    if (ch == '\0') fail_at(p, line, col, "unexpected NUL byte");
    if (isspace((unsigned char)ch)) { ADV(1); continue; }
    if (ch == '/' && i + 1 < len && text[i + 1] == '/') {
      while (i < len && text[i] != '\n') ADV(1);
      continue;
    }
    if (ch == '/' && i + 1 < len && text[i + 1] == '*') {
      uint32_t l0 = line, c0 = col;
      ADV(2);
      while (i + 1 < len && !(text[i] == '*' && text[i + 1] == '/')) ADV(1);
      if (i + 1 >= len) fail_at(p, l0, c0, "unterminated comment: expected '*/'");
      ADV(2);
      continue;
    }
    uint32_t l0 = line, c0 = col;
    size_t st = i;
    if (isalpha((unsigned char)ch) || ch == '_') {
      while (i < len && (isalnum((unsigned char)text[i]) || text[i] == '_')) ADV(1);
      push_tok(p, T_ID, text + st, (uint32_t)(i - st), l0, c0);
      continue;
    }
    if (isdigit((unsigned char)ch)) {
      while (i < len && isdigit((unsigned char)text[i])) ADV(1);
      if (i < len && text[i] == '\'') {
        ADV(1);
        if (i >= len) fail_at(p, l0, c0, "bit-vector literal: expected b, d, x or h after '");
        char base = text[i];
        ADV(1);
        if (base == 'd' && i < len && (text[i] == '-' || text[i] == '+')) ADV(1);
        while (i < len && isxdigit((unsigned char)text[i])) ADV(1);
        push_tok(p, T_BV, text + st, (uint32_t)(i - st), l0, c0);
        continue;
      }
      push_tok(p, T_NUM, text + st, (uint32_t)(i - st), l0, c0);
      continue;
    }
    const char *const *s;
    for (s = syms; *s; s++) {
      size_t n = strlen(*s);
      if (i + n <= len && memcmp(text + i, *s, n) == 0) break;
    }
    if (!*s) fail_at(p, l0, c0, "unexpected character '%c'", ch);
    ADV(strlen(*s));
    push_tok(p, T_SYM, text + st, (uint32_t)(i - st), l0, c0);
  }
#undef ADV
  push_tok(p, T_EOF, text + len, 0, line, col);
}

/* ---- token helpers ---- */
static token *peek(parser *p) { return &p->toks[p->pos]; }
static token *peek2(parser *p) { return &p->toks[p->pos + (p->pos + 1 < p->ntoks)]; }
static bool tok_is(const token *t, const char *s) {
  return t->kind != T_EOF && t->len == strlen(s) && memcmp(t->s, s, t->len) == 0 &&
         (t->kind == T_ID || t->kind == T_SYM);
}
static bool at(parser *p, const char *s) { return tok_is(peek(p), s); }
static bool accept(parser *p, const char *s) {
  if (!at(p, s)) return false;
  p->pos++;
  return true;
}
static const char *describe(const token *t, char *buf, size_t n) {
  if (t->kind == T_EOF) return "end of file";
  snprintf(buf, n, "'%.*s'", (int)(t->len > 40 ? 40 : t->len), t->s);
  return buf;
}
static void expect(parser *p, const char *s) {
  if (accept(p, s)) return;
  char b[64];
  FAIL(p, peek(p), "expected '%s', found %s", s, describe(peek(p), b, sizeof b));
}

static const char *const keywords[] = {
    "main", "process", "var", "init", "final", "error", "loc", "assume", "havoc", "return", "and",
    "or", "xor", "not", "imply", "iff", "mod", "rem", "if", "then", "else", "true", "false",
    "default", "bool", "int", "rat", "bv", "fp", "forall", "exists", NULL};
static bool is_keyword(const token *t) {
  if (t->kind != T_ID) return false;
  if (t->len > 2 && memcmp(t->s, "bv", 2) == 0) return true;  /* bvadd, bv_zero_extend, ... */
  for (const char *const *k = keywords; *k; k++)
    if (tok_is(t, *k)) return true;
  return false;
}
static void ident(parser *p, char *out, size_t n) {
  token *t = peek(p);
  char b[64];
  if (t->kind != T_ID || is_keyword(t)) FAIL(p, t, "expected an identifier, found %s", describe(t, b, sizeof b));
  if (t->len >= n) FAIL(p, t, "identifier too long");
  memcpy(out, t->s, t->len);
  out[t->len] = 0;
  p->pos++;
}
static uint32_t nat(parser *p) {
  token *t = peek(p);
  char b[64];
  if (t->kind != T_NUM || t->len > 9) FAIL(p, t, "expected a natural number, found %s", describe(t, b, sizeof b));
  p->pos++;
  return (uint32_t)strtoul(t->s, NULL, 10);
}

/* ---- types ---- */
static type_t parse_type(parser *p) {
  token *t = peek(p);
  NEST_CHECK(p, t);
  if (accept(p, "bool")) return type_bool();
  if (accept(p, "int")) return type_int();
  if (accept(p, "rat")) return type_real();
  if (accept(p, "bv")) {
    expect(p, "[");
    token *nt = peek(p);
    uint32_t w = nat(p);
    if (w == 0 || w > 65536) FAIL(p, nt, "bit-vector width must be between 1 and 65536");
    expect(p, "]");
    return type_bv(w);
  }
  if (at(p, "fp")) FAIL(p, t, "floating-point types (fp[E:S]) are not supported");
  if (accept(p, "[")) {
    type_t k = parse_type(p);
    expect(p, "]");
    expect(p, "->");
    type_t v = parse_type(p);
    return type_array(k, v);
  }
  if (at(p, "(")) FAIL(p, t, "function types are not supported");
  char b[64];
  FAIL(p, t, "expected a type (bool, int, rat, bv[N], [K] -> V), found %s", describe(t, b, sizeof b));
  return NULL_TYPE;
}

/* ---- expressions ---- */
static term_t expr(parser *p);

static term_t check(parser *p, token *t, term_t r, const char *what) {
  if (r == NULL_TERM) {
    const char *m = term_last_error();
    FAIL(p, t, "type mismatch in %s%s%s", what, m && *m ? ": " : "", m ? m : "");
  }
  return r;
}

static term_t find_in(const term_vec *v, const token *t) {
  for (uint32_t i = 0; i < v->size; i++) {
    const char *n = cfa_proc_local_name(v->data[i]);
    if (strlen(n) == t->len && memcmp(n, t->s, t->len) == 0) return v->data[i];
  }
  return NULL_TERM;
}

/* Locals first, then globals. */
static term_t find_var(parser *p, const token *t) {
  term_t v = find_in(&p->vars, t);
  return v != NULL_TERM ? v : find_in(&p->globals, t);
}

static term_t lookup_var(parser *p, token *t) {
  term_t v = find_var(p, t);
  if (v == NULL_TERM) FAIL(p, t, "undeclared variable '%.*s'", (int)t->len, t->s);
  return v;
}

static term_t bv_literal(parser *p, token *t) {
  const char *q = memchr(t->s, '\'', t->len);
  char buf[4096];
  uint32_t w = (uint32_t)strtoul(t->s, NULL, 10);
  size_t dlen = t->len - (size_t)(q - t->s) - 2;
  if (w == 0 || w > 65536 || dlen == 0 || dlen >= sizeof buf) FAIL(p, t, "malformed bit-vector literal");
  char base = q[1];
  memcpy(buf, q + 2, dlen);
  buf[dlen] = 0;
  int radix = base == 'b' ? 2 : base == 'd' ? 10 : (base == 'x' || base == 'h') ? 16 : 0;
  if (!radix) FAIL(p, t, "bit-vector literal: expected b, d, x or h after the width");
  mpz_t v;
  mpz_init(v);
  if (mpz_set_str(v, buf[0] == '+' ? buf + 1 : buf, radix) != 0) {
    mpz_clear(v);
    FAIL(p, t, "malformed bit-vector literal");
  }
  term_t r = term_bv_mpz(w, v);
  mpz_clear(v);
  return r;
}

static term_t primary(parser *p) {
  token *t = peek(p);
  char b[64];
  if (accept(p, "true")) return term_true();
  if (accept(p, "false")) return term_false();
  if (t->kind == T_NUM) {
    p->pos++;
    char buf[256];
    if (t->len >= sizeof buf) FAIL(p, t, "number too long");
    memcpy(buf, t->s, t->len);
    buf[t->len] = 0;
    if (at(p, "%")) {
      p->pos++;
      token *d = peek(p);
      if (d->kind != T_NUM || d->len >= 200) FAIL(p, d, "expected a denominator after '%%'");
      p->pos++;
      char q[512];
      snprintf(q, sizeof q, "%s/%.*s", buf, (int)d->len, d->s);
      mpq_t v;
      mpq_init(v);
      if (mpq_set_str(v, q, 10) != 0 || mpz_sgn(mpq_denref(v)) == 0) {
        mpq_clear(v);
        FAIL(p, d, "malformed rational literal");
      }
      mpq_canonicalize(v);
      term_t r = term_real_mpq(v);
      mpq_clear(v);
      return r;
    }
    return check(p, t, term_int_str(buf), "integer literal");
  }
  if (t->kind == T_BV) {
    p->pos++;
    return bv_literal(p, t);
  }
  if (accept(p, "(")) {
    term_t r = expr(p);
    expect(p, ")");
    return r;
  }
  if (accept(p, "[")) {  /* array literal */
    /* the entries live in the parser, so that an error inside them (a
     * longjmp) frees them too */
    if (p->nscratch + 2 > SCRATCH) FAIL(p, t, "array literals nested too deeply");
    term_vec *idx = &p->scratch[p->nscratch++], *val = &p->scratch[p->nscratch++];
    *idx = (term_vec){0}, *val = (term_vec){0};
    type_t ity = NULL_TYPE;
    term_t dflt = NULL_TERM;
    while (!at(p, "default") && !at(p, "<")) {
      term_t i = expr(p);
      expect(p, "<-");
      term_t v = expr(p);
      term_vec_push(idx, i);
      term_vec_push(val, v);
      if (!accept(p, ",")) FAIL(p, peek(p), "expected ',' in array literal");
    }
    if (accept(p, "<")) {
      ity = parse_type(p);
      expect(p, ">");
    }
    if (!accept(p, "default")) FAIL(p, peek(p), "expected 'default <- value' in array literal");
    expect(p, "<-");
    token *dt = peek(p);
    dflt = expr(p);
    expect(p, "]");
    if (ity == NULL_TYPE) {
      if (idx->size == 0) FAIL(p, t, "array literal: expected an index type '<T>'");
      ity = term_type(idx->data[0]);
    }
    term_t a = term_const_array(type_array(ity, term_type(dflt)), dflt);
    for (uint32_t k = 0; k < idx->size && a != NULL_TERM; k++) a = term_store(a, idx->data[k], val->data[k]);
    term_vec_free(idx);
    term_vec_free(val);
    p->nscratch -= 2;
    return check(p, dt, a, "array literal");
  }
  if (t->kind == T_ID && !is_keyword(t)) {
    p->pos++;
    return lookup_var(p, t);
  }
  FAIL(p, t, "expected an expression, found %s", describe(t, b, sizeof b));
  return NULL_TERM;
}

static term_t accessor(parser *p) {
  term_t a = primary(p);
  while (at(p, "[")) {
    token *t = peek(p);
    p->pos++;
    /* bit-vector extract a[hi:lo] */
    if (peek(p)->kind == T_NUM && tok_is(peek2(p), ":")) {
      uint32_t hi = nat(p);
      expect(p, ":");
      uint32_t lo = nat(p);
      expect(p, "]");
      a = check(p, t, term_extract(hi, lo, a), "bit-vector extract");
      continue;
    }
    term_t i = expr(p);
    if (accept(p, "<-")) {
      term_t v = expr(p);
      expect(p, "]");
      a = check(p, t, term_store(a, i, v), "array write");
    } else {
      expect(p, "]");
      a = check(p, t, term_select(a, i), "array read");
    }
  }
  return a;
}

static term_t unary(parser *p) {
  token *t = peek(p);
  NEST_CHECK(p, t);
  if (accept(p, "-")) return check(p, t, term_neg(unary(p)), "unary minus");
  if (accept(p, "+")) return unary(p);
  if (accept(p, "bvpos")) return unary(p);
  if (accept(p, "bvneg")) return check(p, t, term_bvop(OP_BVNEG, 1, (term_t[]){unary(p)}), "bvneg");
  if (accept(p, "bvnot")) return check(p, t, term_bvop(OP_BVNOT, 1, (term_t[]){unary(p)}), "bvnot");
  return accessor(p);
}

static term_t extend(parser *p) {
  term_t a = unary(p);
  token *t = peek(p);
  bool z = at(p, "bv_zero_extend"), s = at(p, "bv_sign_extend");
  if (z || s) {
    p->pos++;
    expect(p, "bv");
    expect(p, "[");
    uint32_t w = nat(p);
    expect(p, "]");
    type_t ty = term_type(a);
    if (type_kind_of(ty) != TYPE_BV || w < type_bv_width(ty)) FAIL(p, t, "type mismatch in bit-vector extension");
    a = check(p, t, term_bv_extend(z ? OP_ZERO_EXTEND : OP_SIGN_EXTEND, w - type_bv_width(ty), a), "extension");
  }
  return a;
}

static term_t concat(parser *p) {
  term_t a = extend(p);
  while (at(p, "++")) {
    token *t = peek(p);
    p->pos++;
    a = check(p, t, term_bvop2(OP_CONCAT, a, extend(p)), "'++'");
  }
  return a;
}

static bool is_int_term(term_t a) { return type_kind_of(term_type(a)) == TYPE_INT; }

static term_t int_rem(term_t a, term_t b) {
  /* Theta: a rem b = a mod b when b >= 0, -(a mod b) otherwise */
  term_t m = term_mod(a, b);
  if (m == NULL_TERM) return NULL_TERM;
  return term_ite(term_ge(b, term_int(0)), m, term_neg(m));
}

typedef struct { const char *name; term_op op; } bvop_name;
static const bvop_name mul_ops[] = {{"bvmul", OP_BVMUL}, {"bvudiv", OP_BVUDIV}, {"bvsdiv", OP_BVSDIV},
                                    {"bvsmod", OP_BVSMOD}, {"bvurem", OP_BVUREM}, {"bvsrem", OP_BVSREM}, {NULL, 0}};
static const bvop_name add_ops[] = {{"bvadd", OP_BVADD}, {"bvsub", OP_BVSUB}, {NULL, 0}};
static const bvop_name shift_ops[] = {{"bvshl", OP_BVSHL}, {"bvashr", OP_BVASHR}, {"bvlshr", OP_BVLSHR}, {NULL, 0}};
static const bvop_name rel_ops[] = {{"bvult", OP_BVULT}, {"bvule", OP_BVULE}, {"bvugt", OP_BVUGT}, {"bvuge", OP_BVUGE},
                                    {"bvslt", OP_BVSLT}, {"bvsle", OP_BVSLE}, {"bvsgt", OP_BVSGT}, {"bvsge", OP_BVSGE}, {NULL, 0}};

static const bvop_name *find_bvop(parser *p, const bvop_name *tbl) {
  for (; tbl->name; tbl++)
    if (at(p, tbl->name)) return tbl;
  return NULL;
}

static term_t mult(parser *p) {
  term_t a = concat(p);
  for (;;) {
    token *t = peek(p);
    const bvop_name *bo = find_bvop(p, mul_ops);
    if (bo) { p->pos++; a = check(p, t, term_bvop2(bo->op, a, concat(p)), bo->name); continue; }
    if (accept(p, "*")) { a = check(p, t, term_mul2(a, concat(p)), "'*'"); continue; }
    if (accept(p, "/")) {
      term_t b = concat(p);
      a = check(p, t, is_int_term(a) && is_int_term(b) ? term_idiv(a, b) : term_div(a, b), "'/'");
      continue;
    }
    if (accept(p, "mod")) { a = check(p, t, term_mod(a, concat(p)), "'mod'"); continue; }
    if (accept(p, "rem")) { a = check(p, t, int_rem(a, concat(p)), "'rem'"); continue; }
    return a;
  }
}

static term_t additive(parser *p) {
  term_t a = mult(p);
  for (;;) {
    token *t = peek(p);
    const bvop_name *bo = find_bvop(p, add_ops);
    if (bo) { p->pos++; a = check(p, t, term_bvop2(bo->op, a, mult(p)), bo->name); continue; }
    if (accept(p, "+")) { a = check(p, t, term_add2(a, mult(p)), "'+'"); continue; }
    if (accept(p, "-")) { a = check(p, t, term_sub(a, mult(p)), "'-'"); continue; }
    return a;
  }
}

static term_t shift(parser *p) {
  term_t a = additive(p);
  token *t = peek(p);
  const bvop_name *bo = find_bvop(p, shift_ops);
  if (bo) { p->pos++; return check(p, t, term_bvop2(bo->op, a, additive(p)), bo->name); }
  if (at(p, "bvrol") || at(p, "bvror")) {
    bool left = at(p, "bvrol");
    p->pos++;
    token *nt = peek(p);
    term_t b = additive(p);
    if (!term_is_const(b) || type_kind_of(term_type(b)) != TYPE_BV)
      FAIL(p, nt, "rotation amount must be a bit-vector literal");
    mpz_t v;
    mpz_init(v);
    term_bv_value(b, v);
    uint32_t k = (uint32_t)mpz_get_ui(v);
    mpz_clear(v);
    return check(p, t, term_bv_rotate(left ? OP_ROTATE_LEFT : OP_ROTATE_RIGHT, k, a), bo ? bo->name : "rotate");
  }
  return a;
}

static term_t bvand_(parser *p) {
  term_t a = shift(p);
  token *t = peek(p);
  if (accept(p, "bvand")) return check(p, t, term_bvop2(OP_BVAND, a, shift(p)), "bvand");
  return a;
}
static term_t bvxor_(parser *p) {
  term_t a = bvand_(p);
  token *t = peek(p);
  if (accept(p, "bvxor")) return check(p, t, term_bvop2(OP_BVXOR, a, bvand_(p)), "bvxor");
  return a;
}
static term_t bvor_(parser *p) {
  term_t a = bvxor_(p);
  token *t = peek(p);
  if (accept(p, "bvor")) return check(p, t, term_bvop2(OP_BVOR, a, bvxor_(p)), "bvor");
  return a;
}

static term_t relation(parser *p) {
  term_t a = bvor_(p);
  token *t = peek(p);
  const bvop_name *bo = find_bvop(p, rel_ops);
  if (bo) { p->pos++; return check(p, t, term_bvop2(bo->op, a, bvor_(p)), bo->name); }
  if (accept(p, "<")) return check(p, t, term_lt(a, bvor_(p)), "'<'");
  if (accept(p, "<=")) return check(p, t, term_le(a, bvor_(p)), "'<='");
  if (accept(p, ">")) return check(p, t, term_gt(a, bvor_(p)), "'>'");
  if (accept(p, ">=")) return check(p, t, term_ge(a, bvor_(p)), "'>='");
  return a;
}

static term_t equality(parser *p) {
  term_t a = relation(p);
  token *t = peek(p);
  if (accept(p, "=")) return check(p, t, term_eq(a, relation(p)), "'='");
  if (accept(p, "/=")) return check(p, t, term_not(check(p, t, term_eq(a, relation(p)), "'/='")), "'/='");
  return a;
}

static term_t need_bool(parser *p, token *t, term_t a, const char *what) {
  if (!term_is_bool(a)) FAIL(p, t, "type mismatch: %s expects a Boolean operand", what);
  return a;
}

static term_t not_(parser *p) {
  if (accept(p, "not")) {
    token *u = peek(p);
    NEST_CHECK(p, u);
    return term_not(need_bool(p, u, not_(p), "'not'"));
  }
  return equality(p);
}

static term_t and_(parser *p) {
  token *t0 = peek(p);
  term_t a = not_(p);
  while (at(p, "and")) {
    p->pos++;
    need_bool(p, t0, a, "'and'");
    token *u = peek(p);
    a = term_and2(a, need_bool(p, u, not_(p), "'and'"));
  }
  return a;
}

static term_t xor_(parser *p) {
  token *t0 = peek(p);
  term_t a = and_(p);
  if (at(p, "xor")) {
    p->pos++;
    need_bool(p, t0, a, "'xor'");
    token *u = peek(p);
    return term_xor(a, need_bool(p, u, xor_(p), "'xor'"));
  }
  return a;
}

static term_t or_(parser *p) {
  token *t0 = peek(p);
  term_t a = xor_(p);
  while (at(p, "or")) {
    p->pos++;
    need_bool(p, t0, a, "'or'");
    token *u = peek(p);
    a = term_or2(a, need_bool(p, u, xor_(p), "'or'"));
  }
  return a;
}

static term_t imply_(parser *p) {
  token *t0 = peek(p);
  term_t a = or_(p);
  if (accept(p, "imply")) {
    need_bool(p, t0, a, "'imply'");
    token *u = peek(p);
    return term_implies(a, need_bool(p, u, imply_(p), "'imply'"));
  }
  return a;
}

static term_t iff_(parser *p) {
  token *t0 = peek(p);
  term_t a = imply_(p);
  if (accept(p, "iff")) {
    need_bool(p, t0, a, "'iff'");
    token *u = peek(p);
    return term_iff(a, need_bool(p, u, iff_(p), "'iff'"));
  }
  return a;
}

static term_t expr(parser *p) {
  token *t = peek(p);
  NEST_CHECK(p, t);
  if (accept(p, "if")) {
    token *ct = peek(p);
    term_t c = need_bool(p, ct, expr(p), "'if'");
    expect(p, "then");
    term_t a = expr(p);
    expect(p, "else");
    term_t b = expr(p);
    return check(p, t, term_ite(c, a, b), "if-then-else");
  }
  if (at(p, "forall") || at(p, "exists")) FAIL(p, t, "quantifiers are not supported");
  return iff_(p);
}

/* ---- declarations, locations, edges ---- */
/* A global (outside processes), a local of main (its plain name: a program
 * with one process is a plain CFA) or of another procedure ("f::x"). */
static term_t var_decl(parser *p) {
  token *t = peek(p);
  char name[256];
  ident(p, name, sizeof name);
  expect(p, ":");
  type_t ty = parse_type(p);
  bool global = p->c == NULL, plain = global || p->cur == p->prog->main;
  if (find_in(&p->vars, t) != NULL_TERM || (plain && find_in(&p->globals, t) != NULL_TERM))
    FAIL(p, t, "variable '%s' declared twice", name);
  char tn[600];
  snprintf(tn, sizeof tn, "%s%s%s", plain ? "" : p->c->name, plain ? "" : "::", name);
  term_t v = term_var(tn, ty);
  if (global) {
    term_vec_push(&p->globals, v);
    term_vec_push(&p->prog->globals, v);
  } else {
    term_vec_push(&p->vars, v);
    cfa_add_var(p->c, v);
  }
  return v;
}

static term_t typed_expr(parser *p, type_t ty, const char *what) {
  token *t = peek(p);
  term_t e = expr(p);
  type_t et = term_type(e);
  if (et != ty) {
    if (type_kind_of(ty) == TYPE_REAL && type_kind_of(et) == TYPE_INT) return term_to_real(e);
    char *a = type_to_string(ty), *b = type_to_string(et);
    char msg[256];
    snprintf(msg, sizeof msg, "type mismatch in %s: expected %s, found %s", what, a, b);
    free(a);
    free(b);
    FAIL(p, t, "%s", msg);
  }
  return e;
}

/* f(args) after the name token; the call is recorded in p->calls. */
static int32_t call_stmt(parser *p, token *name, term_t result, token *rt) {
  expect(p, "(");
  term_vec args = {0};
  p->scratch[p->nscratch++] = args;   /* freed on errors */
  term_vec *a = &p->scratch[p->nscratch - 1];
  if (!accept(p, ")")) {
    do term_vec_push(a, expr(p));
    while (accept(p, ","));
    expect(p, ")");
  }
  XGROW(p->calls, p->ccap, p->ncalls + 1);
  pending_call *k = &p->calls[p->ncalls];
  *k = (pending_call){name, xmalloc((a->size + 1) * sizeof(term_t)), a->size, result, rt, 0, 0};
  if (a->size) memcpy(k->args, a->data, a->size * sizeof(term_t));
  term_vec_free(a);
  p->nscratch--;
  return (int32_t)p->ncalls++;
}

static bool stmt(parser *p, cfa_stmt *s, int32_t *call) {
  token *t = peek(p);
  *call = -1;
  if (t->kind == T_ID && !is_keyword(t) && tok_is(peek2(p), "(") && find_var(p, t) == NULL_TERM) {
    if (p->nscratch + 1 > SCRATCH) FAIL(p, t, "too deeply nested");
    p->pos++;
    *call = call_stmt(p, t, NULL_TERM, NULL);
    return true;
  }
  if (t->kind == T_ID && !is_keyword(t) && tok_is(peek2(p), ":=")) {
    token *c = &p->toks[p->pos + 2];
    if (c->kind == T_ID && !is_keyword(c) && p->pos + 3 < p->ntoks && tok_is(&p->toks[p->pos + 3], "(") &&
        find_var(p, c) == NULL_TERM) {
      term_t r = lookup_var(p, t);
      if (p->nscratch + 1 > SCRATCH) FAIL(p, t, "too deeply nested");
      p->pos += 3;
      *call = call_stmt(p, c, r, t);
      return true;
    }
  }
  if (at(p, "return") && p->cur != CFA_NONE && p->prog->procs[p->cur].ret != NULL_TERM) {
    p->pos++;
    s->kind = CFA_ASSIGN;
    s->var = p->prog->procs[p->cur].ret;
    s->expr = typed_expr(p, term_type(s->var), "return");
    return true;
  }
  if (accept(p, "assume")) {
    s->kind = CFA_ASSUME;
    s->var = NULL_TERM;
    s->expr = typed_expr(p, type_bool(), "assume");
    return true;
  }
  if (accept(p, "havoc")) {
    token *v = peek(p);
    if (v->kind != T_ID || is_keyword(v)) FAIL(p, v, "expected a variable after 'havoc'");
    p->pos++;
    s->kind = CFA_HAVOC;
    s->var = lookup_var(p, v);
    s->expr = NULL_TERM;
    return true;
  }
  if (accept(p, "return")) FAIL(p, t, "'return' in a process without a return type");
  if (t->kind == T_ID && !is_keyword(t) && tok_is(peek2(p), ":=")) {
    p->pos += 2;
    s->kind = CFA_ASSIGN;
    s->var = lookup_var(p, t);
    s->expr = typed_expr(p, term_type(s->var), "assignment");
    return true;
  }
  return false;
}


static void free_pending(pending_edge *e, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(e[i].stmts);
    free(e[i].call);
  }
}

/* A location name not used in c, from base. */
static uint32_t fresh_loc(cfa *c, const char *base) {
  char n[300];
  for (uint32_t k = 1;; k++) {
    snprintf(n, sizeof n, "%s_%u", base, k);
    if (cfa_find_loc(c, n) == CFA_NONE) return cfa_add_loc(c, n);
  }
}

/* The edges of the process just read; a statement list with calls becomes
 * a chain through fresh locations, each call on an edge of its own. */
static void make_edges(parser *p) {
  cfa *c = p->c;
  for (size_t i = 0; i < p->nedges; i++) {
    pending_edge *pe = &p->edges[i];
    char sn[256], dn[256];
    snprintf(sn, sizeof sn, "%.*s", (int)pe->src->len, pe->src->s);
    snprintf(dn, sizeof dn, "%.*s", (int)pe->dst->len, pe->dst->s);
    uint32_t s = cfa_find_loc(c, sn), d = cfa_find_loc(c, dn);
    if (s == CFA_NONE) FAIL(p, pe->src, "undeclared location '%s'", sn);
    if (d == CFA_NONE) FAIL(p, pe->dst, "undeclared location '%s'", dn);
    uint32_t cur = s, from = 0;
    for (uint32_t k = 0; k <= pe->n; k++) {
      bool is_call = k < pe->n && pe->call[k] >= 0;
      if (k < pe->n && !is_call) continue;
      if (k > from) {   /* plain statements from..k */
        uint32_t to = k == pe->n ? d : fresh_loc(c, sn);
        cfa_add_edge(c, cur, to, pe->stmts + from, k - from);
        cur = to;
      } else if (k == pe->n && cur != d) {
        cfa_add_edge(c, cur, d, NULL, 0);
      } else if (k == pe->n && pe->n == 0) {
        cfa_add_edge(c, s, d, NULL, 0);
      }
      if (is_call) {
        pending_call *pc = &p->calls[pe->call[k]];
        uint32_t to = k + 1 == pe->n ? d : fresh_loc(c, sn);
        pc->proc = p->cur;
        pc->edge = cfa_prog_add_call(p->prog, p->cur, cur, to, CFA_NONE, pc->args, pc->nargs, pc->result);
        cur = to;
      }
      from = k + 1;
    }
  }
  free_pending(p->edges, p->nedges);
  p->nedges = 0;
}

static void param_decl(parser *p) {
  expect(p, "(");
  if (accept(p, ")")) return;
  do {
    var_decl(p);
    p->prog->procs[p->cur].nparams++;
  } while (accept(p, ","));
  expect(p, ")");
}

static void process(parser *p, bool is_main) {
  token *pt = peek(p);
  char name[256];
  if (accept(p, "main")) snprintf(name, sizeof name, "main");   /* `main process main` */
  else ident(p, name, sizeof name);
  if (cfa_prog_find_proc(p->prog, name) != CFA_NONE) FAIL(p, pt, "process '%s' declared twice", name);
  p->cur = cfa_prog_add_proc(p->prog, name);
  if (is_main) p->prog->main = p->cur;
  p->c = &p->prog->procs[p->cur].body;
  p->vars.size = 0;
  if (at(p, "(")) {
    if (is_main) FAIL(p, peek(p), "the main process takes no parameters");
    param_decl(p);
  }
  if (accept(p, ":")) {
    token *rt = peek(p);
    if (is_main) FAIL(p, rt, "the main process has no return type");
    char rn[300];
    snprintf(rn, sizeof rn, "%s::return", name);
    term_t r = term_var(rn, parse_type(p));
    cfa_add_var(p->c, r);
    p->prog->procs[p->cur].ret = r;
  }
  expect(p, "{");
  while (!accept(p, "}")) {
    token *t = peek(p);
    if (accept(p, "var")) { var_decl(p); continue; }
    bool init = false, fin = false, err = false;
    if (accept(p, "init")) init = true;
    else if (accept(p, "final")) fin = true;
    else if (accept(p, "error")) err = true;
    if (init || fin || err || at(p, "loc")) {
      expect(p, "loc");
      token *lt = peek(p);
      char ln[256];
      ident(p, ln, sizeof ln);
      if (cfa_find_loc(p->c, ln) != CFA_NONE) FAIL(p, lt, "location '%s' declared twice", ln);
      if (init && p->c->init != CFA_NONE) FAIL(p, t, "a second init location");
      if (err && p->c->error != CFA_NONE) FAIL(p, t, "a second error location");
      if (fin && p->c->final != CFA_NONE) FAIL(p, t, "a second final location");
      uint32_t l = cfa_add_loc(p->c, ln);
      p->c->locs[l].is_init = init;
      p->c->locs[l].is_final = fin;
      p->c->locs[l].is_error = err;
      if (init) p->c->init = l;
      if (err) p->c->error = l;
      if (fin) p->c->final = l;
      continue;
    }
    if (t->kind == T_ID && !is_keyword(t) && tok_is(peek2(p), "->")) {
      pending_edge e = {t, NULL, NULL, NULL, 0};
      p->pos += 2;
      e.dst = peek(p);
      char dn[256];
      ident(p, dn, sizeof dn);
      XGROW(p->edges, p->ecap, p->nedges + 1);
      p->edges[p->nedges++] = e;
      pending_edge *pe = &p->edges[p->nedges - 1];
      if (accept(p, "{")) {
        size_t cap = 0, ccap = 0;
        while (!accept(p, "}")) {
          cfa_stmt s;
          int32_t call;
          XGROW(pe->stmts, cap, pe->n + 1);
          XGROW(pe->call, ccap, pe->n + 1);
          if (!stmt(p, &s, &call)) {
            char b[64];
            FAIL(p, peek(p), "expected a statement (x := e, assume e, havoc x, x := f(args), f(args), return e) or '}', found %s",
                 describe(peek(p), b, sizeof b));
          }
          pe->stmts[pe->n] = s;
          pe->call[pe->n++] = call;
        }
      }
      continue;
    }
    char b[64];
    FAIL(p, t, "expected 'var', a location or an edge 'L1 -> L2', found %s", describe(t, b, sizeof b));
  }
  if (p->c->init == CFA_NONE) FAIL(p, pt, "process '%s' has no init location: expected 'init loc NAME'", name);
  make_edges(p);
  cfa_index(p->c);
  p->c = NULL;
  p->cur = CFA_NONE;
  p->vars.size = 0;
}

/* Callees by name, arity and types, once every process is known. */
static void resolve_calls(parser *p) {
  cfa_prog *g = p->prog;
  for (size_t i = 0; i < p->ncalls; i++) {
    pending_call *k = &p->calls[i];
    char n[256];
    snprintf(n, sizeof n, "%.*s", (int)k->name->len, k->name->s);
    uint32_t f = cfa_prog_find_proc(g, n);
    if (f == CFA_NONE) FAIL(p, k->name, "undeclared process '%s'", n);
    if (f == g->main) FAIL(p, k->name, "the main process cannot be called");
    const cfa_proc *callee = &g->procs[f];
    if (k->nargs != callee->nparams)
      FAIL(p, k->name, "process '%s' takes %u arguments, found %u", n, callee->nparams, k->nargs);
    for (uint32_t a = 0; a < k->nargs; a++)
      if (term_type(k->args[a]) != term_type(callee->body.vars.data[a]))
        FAIL(p, k->name, "type mismatch in argument %u of '%s'", a + 1, n);
    if (k->result != NULL_TERM) {
      if (callee->ret == NULL_TERM) FAIL(p, k->result_tok, "process '%s' returns no value", n);
      if (term_type(callee->ret) != term_type(k->result))
        FAIL(p, k->result_tok, "type mismatch in the result of '%s'", n);
    }
    g->procs[k->proc].body.edges[k->edge].call->callee = f;
  }
}

bool cfa_parse_prog(const char *file, const char *text, size_t len, cfa_prog *out, char *err, size_t errlen) {
  parser *p = xcalloc(1, sizeof *p);
  p->file = file ? file : "<input>";
  p->err = err;
  p->errlen = errlen;
  p->prog = out;
  p->cur = CFA_NONE;
  cfa_prog_init(out);
  volatile bool ok = false;
  char base;
  p->stack_base = &base;
  if (setjmp(p->jb) == 0) {
    lex(p, text, len);
    token *first_main = NULL;
    uint32_t nproc = 0;   /* a lone process is main, with or without the keyword */
    for (size_t i = 0; i < p->ntoks; i++) nproc += tok_is(&p->toks[i], "process");
    while (peek(p)->kind != T_EOF) {
      token *t = peek(p);
      if (accept(p, "var")) { var_decl(p); continue; }
      bool is_main = accept(p, "main");
      if (accept(p, "process")) {
        if (is_main && first_main) FAIL(p, t, "a second main process");
        if (is_main) first_main = t;
        process(p, is_main || nproc == 1);
        continue;
      }
      char b[64];
      FAIL(p, t, "expected 'var' or 'main process', found %s", describe(t, b, sizeof b));
    }
    if (out->nprocs == 0) FAIL(p, peek(p), "expected 'main process NAME { ... }'");
    if (out->main == CFA_NONE) FAIL(p, peek(p), "expected a 'main process' among the processes");
    resolve_calls(p);
    bool has_error = false;
    for (uint32_t f = 0; f < out->nprocs; f++) has_error |= out->procs[f].body.error != CFA_NONE;
    if (!has_error) {
      /* the position of the main process's name */
      token *mt = NULL;
      for (size_t i = 0; i + 1 < p->ntoks; i++)
        if (tok_is(&p->toks[i], "process") && p->toks[i + 1].len == strlen(out->procs[out->main].body.name) &&
            memcmp(p->toks[i + 1].s, out->procs[out->main].body.name, p->toks[i + 1].len) == 0) {
          mt = &p->toks[i + 1];
          break;
        }
      FAIL(p, mt ? mt : peek(p), "process '%s' has no error location: expected 'error loc NAME'",
           out->procs[out->main].body.name);
    }
    ok = true;
  }
  free_pending(p->edges, p->nedges);
  free(p->edges);
  for (size_t i = 0; i < p->ncalls; i++) free(p->calls[i].args);
  free(p->calls);
  free(p->toks);
  term_vec_free(&p->vars);
  term_vec_free(&p->globals);
  for (uint32_t i = 0; i < p->nscratch; i++) term_vec_free(&p->scratch[i]);
  free(p);
  if (!ok) cfa_prog_free(out);
  return ok;
}

/* A parsed program (when parsed; g is freed) as one cfa: flattened, or
 * inlined when it has calls. On failure out is empty. */
static bool as_cfa(bool parsed, cfa_prog *g, const char *file, cfa *out, char *err, size_t errlen) {
  bool ok = parsed;
  if (ok && cfa_prog_ncalls(g) == 0) cfa_prog_flatten(g, out);
  else if (ok && !cfa_prog_inline(g, 100000, out)) {
    snprintf(err, errlen, "%s:1:1: a recursive program: procedures that call themselves have no single-CFA form",
             file ? file : "<input>");
    ok = false;
  }
  if (parsed) cfa_prog_free(g);
  if (!ok) {
    cfa_init(out, "cfa");
    cfa_free(out);
  }
  return ok;
}

bool cfa_parse(const char *file, const char *text, size_t len, cfa *out, char *err, size_t errlen) {
  cfa_prog g;
  return as_cfa(cfa_parse_prog(file, text, len, &g, err, errlen), &g, file, out, err, errlen);
}

bool cfa_parse_prog_file(const char *path, cfa_prog *out, char *err, size_t errlen) {
  size_t n;
  char *buf = file_read_all(path, &n, err, errlen);
  if (!buf) return false;
  bool ok = cfa_parse_prog(path, buf, n, out, err, errlen);
  free(buf);
  return ok;
}

bool cfa_parse_file(const char *path, cfa *out, char *err, size_t errlen) {
  cfa_prog g;
  return as_cfa(cfa_parse_prog_file(path, &g, err, errlen), &g, path, out, err, errlen);
}
