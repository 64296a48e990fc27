#include "core/file.h"
#include "lang/hw/btor2_reader.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

/* Every id names a sort or a node. Nodes of bit-vector sort are bit-vector
 * terms (width 1 for Booleans); nodes of array sort are array terms. */
typedef struct { type_t sort; term_t term; uint8_t kind; } entry;  /* kind: 0 none, 1 sort, 2 node */

enum { MAX_TOK = 8 };
typedef struct {
  const char *name;
  unsigned long line;
  const char *line_text;          /* start of the current line */
  const char *tok[MAX_TOK + 1];   /* token starts */
  size_t len[MAX_TOK + 1];
  int ntok;
  entry *e;
  size_t ne;
  btor2_model *m;
  btor2_diag *d;
  int64_t *state_of;              /* id -> index in m->states, or -1 */
  int64_t max_id;                 /* ids index dense tables: bounded by the input's size */
} rd;

static bool fail_col(rd *r, const char *at, const char *fmt, ...) {
  unsigned long col = at ? (unsigned long)(at - r->line_text) + 1 : 1;
  int n = snprintf(r->d->message, sizeof r->d->message, "%s:%lu:%lu: ", r->name, r->line, col);
  if (n < 0 || (size_t)n >= sizeof r->d->message) n = 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->d->message + n, sizeof r->d->message - (size_t)n, fmt, ap);
  va_end(ap);
  return false;
}

static bool tok_is(const rd *r, int i, const char *s) {
  return i < r->ntok && r->len[i] == strlen(s) && memcmp(r->tok[i], s, r->len[i]) == 0;
}

/* Parses token i as a decimal integer (sign allowed when signed_ok). */
static bool tok_int(rd *r, int i, bool signed_ok, int64_t *out, const char *what) {
  if (i >= r->ntok) return fail_col(r, r->tok[r->ntok - 1] + r->len[r->ntok - 1], "expected %s", what);
  const char *s = r->tok[i];
  size_t n = r->len[i], k = 0;
  bool negv = false;
  if (signed_ok && n > 0 && s[0] == '-') { negv = true; k = 1; }
  if (k >= n) return fail_col(r, s, "expected %s (an integer)", what);
  int64_t v = 0;
  for (; k < n; k++) {
    if (s[k] < '0' || s[k] > '9') return fail_col(r, s, "expected %s (an integer)", what);
    v = v * 10 + (s[k] - '0');
    if (v > (int64_t)1 << 40) return fail_col(r, s, "%s is too large", what);
  }
  *out = negv ? -v : v;
  return true;
}

static bool get_sort(rd *r, int i, type_t *out) {
  int64_t id;
  if (!tok_int(r, i, false, &id, "a sort id")) return false;
  if ((size_t)id >= r->ne || r->e[id].kind != 1) return fail_col(r, r->tok[i], "%lld is not a sort", (long long)id);
  *out = r->e[id].sort;
  return true;
}

static term_t bv_not(term_t t) { return term_bvop(OP_BVNOT, 1, &t); }

/* An argument node; a negative id is the bitwise negation of the node. */
static bool get_arg(rd *r, int i, term_t *out) {
  int64_t id;
  if (!tok_int(r, i, true, &id, "a node id")) return false;
  int64_t a = id < 0 ? -id : id;
  if ((size_t)a >= r->ne || r->e[a].kind != 2) return fail_col(r, r->tok[i], "%lld is not a defined node", (long long)a);
  term_t t = r->e[a].term;
  if (id < 0) {
    if (type_kind_of(term_type(t)) != TYPE_BV) return fail_col(r, r->tok[i], "only bit-vector nodes can be negated");
    t = bv_not(t);
  }
  *out = t;
  return true;
}

static term_t bool_to_bv(term_t b) { return term_ite(b, term_bv_u64(1, 1), term_bv_u64(1, 0)); }
static term_t bv_to_bool(term_t t) { return term_eq(t, term_bv_u64(1, 1)); }
static uint32_t width(term_t t) { return type_bv_width(term_type(t)); }
static term_t msb(term_t t) { return term_extract(width(t) - 1, width(t) - 1, t); }

static bool is_bv(term_t t) { return type_kind_of(term_type(t)) == TYPE_BV; }

static term_t redop(term_op op, term_t a) {
  uint32_t w = width(a);
  if (op == OP_BVAND) return bool_to_bv(term_eq(a, bv_not(term_bv_u64(w, 0))));
  if (op == OP_BVOR) return bool_to_bv(term_not(term_eq(a, term_bv_u64(w, 0))));
  term_t x = term_extract(0, 0, a);
  for (uint32_t i = 1; i < w; i++) x = term_bvop2(OP_BVXOR, x, term_extract(i, i, a));
  return x;
}

/* rol/ror by a non-constant amount: shifts by (b mod w) both ways. */
static term_t rotate(bool left, term_t a, term_t b) {
  uint32_t w = width(a);
  term_t wc = term_bv_u64(w, w);
  term_t k = term_bvop2(OP_BVUREM, b, wc);
  term_t back = term_bvop2(OP_BVSUB, wc, k);
  term_t x = term_bvop2(left ? OP_BVSHL : OP_BVLSHR, a, k);
  term_t y = term_bvop2(left ? OP_BVLSHR : OP_BVSHL, a, back);
  return term_bvop2(OP_BVOR, x, y);
}

static term_t overflow(const char *op, term_t a, term_t b) {
  uint32_t w = width(a);
  if (!strcmp(op, "uaddo")) {
    term_t s = term_bvop2(OP_BVADD, term_bv_extend(OP_ZERO_EXTEND, 1, a), term_bv_extend(OP_ZERO_EXTEND, 1, b));
    return term_extract(w, w, s);
  }
  if (!strcmp(op, "usubo")) return bool_to_bv(term_bvop2(OP_BVULT, a, b));
  if (!strcmp(op, "saddo") || !strcmp(op, "ssubo")) {
    bool add = op[1] == 'a';
    term_t r = term_bvop2(add ? OP_BVADD : OP_BVSUB, a, b);
    term_t sa = msb(a), sb = msb(b), sr = msb(r);
    term_t same = add ? term_eq(sa, sb) : term_not(term_eq(sa, sb));
    return bool_to_bv(term_and2(same, term_not(term_eq(sr, sa))));
  }
  if (!strcmp(op, "umulo")) {
    term_t p = term_bvop2(OP_BVMUL, term_bv_extend(OP_ZERO_EXTEND, w, a), term_bv_extend(OP_ZERO_EXTEND, w, b));
    return bool_to_bv(term_not(term_eq(term_extract(2 * w - 1, w, p), term_bv_u64(w, 0))));
  }
  if (!strcmp(op, "smulo")) {
    term_t p = term_bvop2(OP_BVMUL, term_bv_extend(OP_SIGN_EXTEND, w, a), term_bv_extend(OP_SIGN_EXTEND, w, b));
    term_t lo = term_extract(w - 1, 0, p);
    return bool_to_bv(term_not(term_eq(p, term_bv_extend(OP_SIGN_EXTEND, w, lo))));
  }
  /* sdivo: INT_MIN / -1 */
  mpz_t v;
  mpz_init(v);
  mpz_setbit(v, w - 1);
  term_t minv = term_bv_mpz(w, v);
  mpz_clear(v);
  return bool_to_bv(term_and2(term_eq(a, minv), term_eq(b, bv_not(term_bv_u64(w, 0)))));
}

static const struct { const char *name; term_op op; } binops[] = {
  {"and", OP_BVAND}, {"nand", OP_BVNAND}, {"nor", OP_BVNOR}, {"or", OP_BVOR}, {"xnor", OP_BVXNOR},
  {"xor", OP_BVXOR}, {"sll", OP_BVSHL}, {"sra", OP_BVASHR}, {"srl", OP_BVLSHR}, {"add", OP_BVADD},
  {"mul", OP_BVMUL}, {"sdiv", OP_BVSDIV}, {"smod", OP_BVSMOD}, {"srem", OP_BVSREM}, {"sub", OP_BVSUB},
  {"udiv", OP_BVUDIV}, {"urem", OP_BVUREM}, {"concat", OP_CONCAT},
};
static const struct { const char *name; term_op op; } cmpops[] = {
  {"sgt", OP_BVSGT}, {"sgte", OP_BVSGE}, {"slt", OP_BVSLT}, {"slte", OP_BVSLE},
  {"ugt", OP_BVUGT}, {"ugte", OP_BVUGE}, {"ult", OP_BVULT}, {"ulte", OP_BVULE},
};

static bool parse_const(rd *r, const char *kw, type_t sort, term_t *out) {
  if (type_kind_of(sort) != TYPE_BV) return fail_col(r, r->tok[2], "%s needs a bit-vector sort", kw);
  uint32_t w = type_bv_width(sort);
  if (r->ntok < 4) return fail_col(r, r->tok[2] + r->len[2], "expected a constant value");
  char buf[4096];
  size_t n = r->len[3];
  if (n >= sizeof buf) return fail_col(r, r->tok[3], "constant too long");
  memcpy(buf, r->tok[3], n);
  buf[n] = 0;
  mpz_t v;
  mpz_init(v);
  int base = !strcmp(kw, "const") ? 2 : !strcmp(kw, "consth") ? 16 : 10;
  const char *digits = buf;
  bool negv = false;
  if (base == 10 && buf[0] == '-') { negv = true; digits++; }
  bool ok = *digits && strspn(digits, base == 2 ? "01" : base == 16 ? "0123456789abcdefABCDEF" : "0123456789") == strlen(digits) &&
            mpz_set_str(v, digits, base) == 0;
  if (ok && base == 2 && strlen(digits) != w) ok = false;
  if (!ok) {
    mpz_clear(v);
    return fail_col(r, r->tok[3], "expected a %s constant of width %u", base == 2 ? "binary" : base == 16 ? "hexadecimal" : "decimal", w);
  }
  if (negv) mpz_neg(v, v);
  *out = term_bv_mpz(w, v);   /* taken modulo 2^w */
  mpz_clear(v);
  return true;
}

static bool define(rd *r, int64_t id, type_t sort, term_t t) {
  if (t == NULL_TERM) return fail_col(r, r->tok[1], "operand sorts do not fit: %s", term_last_error());
  if (term_type(t) != sort) return fail_col(r, r->tok[2], "the result sort does not match the declared sort");
  r->e[id].kind = 2;
  r->e[id].term = t;
  r->e[id].sort = sort;
  return true;
}

static bool need_args(rd *r, int n) {
  if (r->ntok < 3 + n)
    return fail_col(r, r->tok[r->ntok - 1] + r->len[r->ntok - 1], "expected %d argument%s", n, n == 1 ? "" : "s");
  return true;
}

static btor2_state *state_at(rd *r, int i) {
  int64_t id;
  if (!tok_int(r, i, false, &id, "a state id")) return NULL;
  if ((size_t)id >= r->ne || r->state_of[id] < 0) {
    fail_col(r, r->tok[i], "%lld is not a state", (long long)id);
    return NULL;
  }
  return &r->m->states[r->state_of[id]];
}

static bool parse_line(rd *r) {
  int64_t id;
  if (!tok_int(r, 0, false, &id, "a node id")) return false;
  if (id == 0) return fail_col(r, r->tok[0], "ids start at 1");
  if (r->ntok < 2) return fail_col(r, r->tok[0] + r->len[0], "expected a keyword");
  if (id > r->max_id) return fail_col(r, r->tok[0], "id %lld is too large for an input of this size", (long long)id);
  if ((size_t)id >= r->ne) {
    size_t n = (size_t)id + 1 > 2 * r->ne ? (size_t)id + 1 : 2 * r->ne;
    r->e = xrealloc(r->e, n * sizeof *r->e);
    r->state_of = xrealloc(r->state_of, n * sizeof *r->state_of);
    for (size_t k = r->ne; k < n; k++) { r->e[k].kind = 0; r->state_of[k] = -1; }
    r->ne = n;
  }
  if (r->e[id].kind) return fail_col(r, r->tok[0], "id %lld is defined twice", (long long)id);
  btor2_model *m = r->m;
  char kw[16] = "";
  if (r->len[1] < sizeof kw) { memcpy(kw, r->tok[1], r->len[1]); kw[r->len[1]] = 0; }
  char name[32];
  if (!strcmp(kw, "sort")) {
    if (tok_is(r, 2, "bitvec")) {
      int64_t w;
      if (!tok_int(r, 3, false, &w, "a width")) return false;
      if (w < 1 || w > 1 << 20) return fail_col(r, r->tok[3], "bit-vector width must be at least 1");
      r->e[id].sort = type_bv((uint32_t)w);
    } else if (tok_is(r, 2, "array")) {
      type_t a, b;
      if (!get_sort(r, 3, &a) || !get_sort(r, 4, &b)) return false;
      r->e[id].sort = type_array(a, b);
    } else {
      return fail_col(r, r->ntok > 2 ? r->tok[2] : NULL, "expected 'bitvec' or 'array'");
    }
    r->e[id].kind = 1;
    return true;
  }
  if (!strcmp(kw, "fair") || !strcmp(kw, "justice"))
    return fail_col(r, r->tok[1], "%s properties are not supported; only safety (bad)", kw);
  if (!strcmp(kw, "bad") || !strcmp(kw, "constraint") || !strcmp(kw, "output")) {
    term_t a;
    if (!get_arg(r, 2, &a)) return false;
    r->e[id].kind = 3;   /* an id, not a node */
    if (kw[0] == 'o') { term_vec_push(&m->outputs, a); return true; }
    if (!is_bv(a) || width(a) != 1) return fail_col(r, r->tok[2], "%s needs a node of width 1", kw);
    term_vec_push(kw[0] == 'b' ? &m->bad : &m->constraints, bv_to_bool(a));
    return true;
  }
  if (!strcmp(kw, "init") || !strcmp(kw, "next")) {
    type_t sort;
    term_t v;
    if (!get_sort(r, 2, &sort) || !need_args(r, 2)) return false;
    btor2_state *s = state_at(r, 3);
    if (!s || !get_arg(r, 4, &v)) return false;
    if (term_type(s->var) != sort) return fail_col(r, r->tok[2], "sort differs from the state's sort");
    if (kw[0] == 'i' && type_kind_of(sort) == TYPE_ARRAY && term_type(v) == type_array_elem(sort))
      v = term_const_array(sort, v);   /* an array initialised with one value everywhere */
    if (term_type(v) != sort) return fail_col(r, r->tok[4], "value sort differs from the state's sort");
    term_t *slot = kw[0] == 'i' ? &s->init : &s->next;
    if (*slot != NULL_TERM) return fail_col(r, r->tok[1], "state %u has a second %s", s->id, kw);
    *slot = v;
    r->e[id].kind = 3;
    return true;
  }
  type_t sort;
  if (!get_sort(r, 2, &sort)) return false;
  if (!strcmp(kw, "input") || !strcmp(kw, "state")) {
    snprintf(name, sizeof name, "%c%lld", kw[0] == 'i' ? 'i' : 's', (long long)id);
    term_t v = term_var(name, sort);
    if (kw[0] == 'i') term_vec_push(&m->inputs, v);
    else {
      size_t cap = m->cap_states;
      XGROW(m->states, cap, (size_t)m->nstates + 1);
      m->cap_states = (uint32_t)cap;
      r->state_of[id] = m->nstates;
      m->states[m->nstates++] = (btor2_state){v, NULL_TERM, NULL_TERM, (uint32_t)id};
    }
    return define(r, id, sort, v);
  }
  if (!strcmp(kw, "const") || !strcmp(kw, "constd") || !strcmp(kw, "consth")) {
    term_t c;
    return parse_const(r, kw, sort, &c) && define(r, id, sort, c);
  }
  if (!strcmp(kw, "zero") || !strcmp(kw, "one") || !strcmp(kw, "ones")) {
    if (type_kind_of(sort) != TYPE_BV) return fail_col(r, r->tok[2], "%s needs a bit-vector sort", kw);
    uint32_t w = type_bv_width(sort);
    term_t z = term_bv_u64(w, 0);
    return define(r, id, sort, kw[1] == 'e' ? z : !strcmp(kw, "one") ? term_bv_u64(w, 1) : bv_not(z));
  }
  if (!strcmp(kw, "sext") || !strcmp(kw, "uext")) {
    term_t a;
    int64_t k;
    if (!need_args(r, 2) || !get_arg(r, 3, &a) || !tok_int(r, 4, false, &k, "an extension width")) return false;
    if (!is_bv(a)) return fail_col(r, r->tok[3], "expected a bit-vector node");
    return define(r, id, sort, k == 0 ? a : term_bv_extend(kw[0] == 's' ? OP_SIGN_EXTEND : OP_ZERO_EXTEND, (uint32_t)k, a));
  }
  if (!strcmp(kw, "slice")) {
    term_t a;
    int64_t u, l;
    if (!need_args(r, 3) || !get_arg(r, 3, &a) || !tok_int(r, 4, false, &u, "an upper bit") ||
        !tok_int(r, 5, false, &l, "a lower bit"))
      return false;
    if (!is_bv(a) || u < l || u >= width(a)) return fail_col(r, r->tok[4], "slice bounds out of range");
    return define(r, id, sort, term_extract((uint32_t)u, (uint32_t)l, a));
  }
  static const char *unary[] = {"not", "inc", "dec", "neg", "redand", "redor", "redxor"};
  for (size_t k = 0; k < sizeof unary / sizeof *unary; k++) {
    if (strcmp(kw, unary[k])) continue;
    term_t a;
    if (!need_args(r, 1) || !get_arg(r, 3, &a)) return false;
    if (!is_bv(a)) return fail_col(r, r->tok[3], "expected a bit-vector node");
    uint32_t w = width(a);
    term_t t;
    switch (k) {
    case 0: t = bv_not(a); break;
    case 1: t = term_bvop2(OP_BVADD, a, term_bv_u64(w, 1)); break;
    case 2: t = term_bvop2(OP_BVSUB, a, term_bv_u64(w, 1)); break;
    case 3: t = term_bvop(OP_BVNEG, 1, &a); break;
    case 4: t = redop(OP_BVAND, a); break;
    case 5: t = redop(OP_BVOR, a); break;
    default: t = redop(OP_BVXOR, a); break;
    }
    return define(r, id, sort, t);
  }
  if (!strcmp(kw, "ite") || !strcmp(kw, "write")) {
    term_t a, b, c;
    if (!need_args(r, 3) || !get_arg(r, 3, &a) || !get_arg(r, 4, &b) || !get_arg(r, 5, &c)) return false;
    if (kw[0] == 'w') return define(r, id, sort, term_store(a, b, c));
    if (!is_bv(a) || width(a) != 1) return fail_col(r, r->tok[3], "the condition must have width 1");
    return define(r, id, sort, term_ite(bv_to_bool(a), b, c));
  }
  /* binary operators */
  static const char *binary_kw = " read eq neq concat iff implies and nand nor or xnor xor sll sra srl add mul sdiv smod "
                                 "srem sub udiv urem sgt sgte slt slte ugt ugte ult ulte rol ror saddo sdivo smulo ssubo "
                                 "uaddo umulo usubo ";
  char pat[20];
  snprintf(pat, sizeof pat, " %s ", kw);
  if (!kw[0] || !strstr(binary_kw, pat)) return fail_col(r, r->tok[1], "unknown keyword '%.*s'", (int)r->len[1], r->tok[1]);
  term_t a, b;
  if (!need_args(r, 2) || !get_arg(r, 3, &a) || !get_arg(r, 4, &b)) return false;
  if (!strcmp(kw, "read")) return define(r, id, sort, term_select(a, b));
  if (!strcmp(kw, "eq") || !strcmp(kw, "neq")) {
    if (term_type(a) != term_type(b)) return fail_col(r, r->tok[4], "operands of %s have different sorts", kw);
    term_t e = term_eq(a, b);
    return define(r, id, sort, bool_to_bv(kw[0] == 'n' ? term_not(e) : e));
  }
  if (!is_bv(a) || !is_bv(b)) return fail_col(r, r->tok[3], "expected bit-vector operands");
  if (!strcmp(kw, "concat")) return define(r, id, sort, term_bvop2(OP_CONCAT, a, b));
  if (width(a) != width(b)) return fail_col(r, r->tok[4], "operands of %s have different widths", kw);
  if (!strcmp(kw, "iff") || !strcmp(kw, "implies")) {
    if (width(a) != 1) return fail_col(r, r->tok[3], "%s needs operands of width 1", kw);
    return define(r, id, sort, kw[1] == 'f' ? bool_to_bv(term_eq(a, b)) : term_bvop2(OP_BVOR, bv_not(a), b));
  }
  for (size_t k = 0; k < sizeof binops / sizeof *binops; k++)
    if (!strcmp(kw, binops[k].name)) return define(r, id, sort, term_bvop2(binops[k].op, a, b));
  for (size_t k = 0; k < sizeof cmpops / sizeof *cmpops; k++)
    if (!strcmp(kw, cmpops[k].name)) return define(r, id, sort, bool_to_bv(term_bvop2(cmpops[k].op, a, b)));
  if (!strcmp(kw, "rol") || !strcmp(kw, "ror")) return define(r, id, sort, rotate(kw[2] == 'l', a, b));
  static const char *ovf[] = {"saddo", "sdivo", "smulo", "ssubo", "uaddo", "umulo", "usubo"};
  for (size_t k = 0; k < sizeof ovf / sizeof *ovf; k++)
    if (!strcmp(kw, ovf[k])) return define(r, id, sort, overflow(kw, a, b));
  return fail_col(r, r->tok[1], "unknown keyword '%.*s'", (int)r->len[1], r->tok[1]);
}

bool btor2_read_string(const char *text, size_t len, const char *name, btor2_model *m, btor2_diag *d) {
  btor2_model_init(m);
  d->message[0] = 0;
  /* 16 ids per byte of input and 4096 more: any numbering a generator
     uses, but a 47-byte file cannot ask for a 1 GB table (fuzzing) */
  int64_t max_id = len < ((int64_t)1 << 26) / 16 ? 16 * (int64_t)len + 4096 : (int64_t)1 << 26;
  rd r = {.name = name ? name : "<input>", .m = m, .d = d, .max_id = max_id};
  const char *p = text, *end = text + len;
  bool ok = true;
  for (r.line = 1; p < end && ok; r.line++) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol) eol = end;
    r.line_text = p;
    r.ntok = 0;
    const char *q = p;
    while (q < eol && r.ntok <= MAX_TOK) {
      while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r')) q++;
      if (q >= eol || *q == ';') break;
      r.tok[r.ntok] = q;
      while (q < eol && *q != ' ' && *q != '\t' && *q != '\r' && *q != ';') q++;
      r.len[r.ntok] = (size_t)(q - r.tok[r.ntok]);
      r.ntok++;
    }
    if (r.ntok > 0) ok = parse_line(&r);
    p = eol < end ? eol + 1 : end;
  }
  r.line--;
  if (ok && m->bad.size == 0) {
    ok = false;
    /* the end of the input is where the missing `bad` was expected */
    snprintf(d->message, sizeof d->message, "%s:%lu:1: expected a bad-state property (bad) before the end of the input",
             r.name, r.line + 1);
  }
  free(r.e);
  free(r.state_of);
  if (!ok) btor2_model_free(m);
  return ok;
}

bool btor2_read_file(const char *path, btor2_model *m, btor2_diag *d) {
  btor2_model_init(m);
  size_t len;
  char *buf = file_read_all(path, &len, d->message, sizeof d->message);
  if (!buf) return false;
  bool ok = btor2_read_string(buf, len, path, m, d);
  free(buf);
  return ok;
}
