#include "core/file.h"
#include "lang/hw/aiger.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"

typedef struct {
  const unsigned char *p, *end, *start;
  const unsigned char *tok;         /* start of the last number read */
  const char *name;
  unsigned long line, line_start;   /* line number, offset of its first byte */
  aiger_diag *d;
  bool failed;
} rd;

/* A literal read from the ASCII part, remembered with its line for the
 * definedness check that can only run once every definition is known. */
typedef struct { uint32_t lit; unsigned long line, col; } use;

static bool fail_at(rd *r, unsigned long line, unsigned long col, const char *fmt, ...) {
  if (r->failed) return false;
  r->failed = true;
  int n = snprintf(r->d->message, sizeof r->d->message, "%s:%lu:%lu: ", r->name, line, col);
  if (n < 0 || (size_t)n >= sizeof r->d->message) n = 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->d->message + n, sizeof r->d->message - (size_t)n, fmt, ap);
  va_end(ap);
  return false;
}

#define FAIL(r, ...) fail_at((r), (r)->line, (unsigned long)((r)->p - (r)->start) - (r)->line_start + 1, __VA_ARGS__)
/* at the number just read */
#define FAIL_TOK(r, ...) fail_at((r), (r)->line, (unsigned long)((r)->tok - (r)->start) - (r)->line_start + 1, __VA_ARGS__)

static bool fail_byte(rd *r, const char *what) {
  if (r->failed) return false;
  r->failed = true;
  snprintf(r->d->message, sizeof r->d->message, "%s: byte %lu: %s", r->name,
           (unsigned long)(r->p - r->start), what);
  return false;
}

static bool read_uint(rd *r, uint32_t *out, const char *what) {
  if (r->p >= r->end || *r->p < '0' || *r->p > '9') return FAIL(r, "expected %s (an unsigned integer)", what);
  uint64_t v = 0;
  r->tok = r->p;
  while (r->p < r->end && *r->p >= '0' && *r->p <= '9') {
    v = v * 10 + (uint64_t)(*r->p - '0');
    if (v > 0x7fffffffu) return FAIL(r, "%s is too large", what);
    r->p++;
  }
  *out = (uint32_t)v;
  return true;
}

static bool read_space(rd *r) {
  if (r->p >= r->end || *r->p != ' ') return FAIL(r, "expected a space");
  while (r->p < r->end && *r->p == ' ') r->p++;
  return true;
}

static bool read_eol(rd *r) {
  while (r->p < r->end && *r->p == ' ') r->p++;
  if (r->p < r->end && *r->p == '\r') r->p++;
  if (r->p >= r->end || *r->p != '\n') return FAIL(r, "expected the end of the line");
  r->p++;
  r->line++;
  r->line_start = (unsigned long)(r->p - r->start);
  return true;
}

static bool at_eol(const rd *r) {
  const unsigned char *q = r->p;
  while (q < r->end && *q == ' ') q++;
  return q >= r->end || *q == '\n' || *q == '\r';
}

typedef struct {
  aig *g;
  bool binary;
  uint8_t *defined;     /* per variable: 0 no, 1 input, 2 latch, 3 and */
  use *uses;
  size_t nuses, cap_uses;
} ctx;

static bool check_lit(rd *r, const aig *g, uint32_t lit, const char *what) {
  if (lit > 2 * g->maxvar + 1) return FAIL_TOK(r, "%s literal %u exceeds 2*M+1 = %u", what, lit, 2 * g->maxvar + 1);
  return true;
}

static bool read_lit_use(rd *r, ctx *c, uint32_t *out, const char *what) {
  if (!read_uint(r, out, what) || !check_lit(r, c->g, *out, what)) return false;
  XGROW(c->uses, c->cap_uses, c->nuses + 1);
  c->uses[c->nuses++] = (use){*out, r->line, (unsigned long)(r->tok - r->start) - r->line_start + 1};
  return true;
}

static bool define(rd *r, ctx *c, uint32_t lit, uint8_t kind, const char *what) {
  if (lit & 1) return FAIL_TOK(r, "%s literal %u must be even (not negated)", what, lit);
  if (lit == 0) return FAIL_TOK(r, "%s literal must not be the constant 0", what);
  if (c->defined[lit >> 1]) return FAIL_TOK(r, "variable %u (literal %u) is defined twice", lit >> 1, lit);
  c->defined[lit >> 1] = kind;
  return true;
}

static bool read_header(rd *r, ctx *c, uint32_t h[9]) {
  aig *g = c->g;
  if (r->end - r->p >= 4 && memcmp(r->p, "aag ", 4) == 0) c->binary = false;
  else if (r->end - r->p >= 4 && memcmp(r->p, "aig ", 4) == 0) c->binary = true;
  else return FAIL(r, "expected an AIGER header 'aag M I L O A' or 'aig M I L O A'");
  r->p += 3;
  static const char *names[9] = {"M", "I", "L", "O", "A", "B", "C", "J", "F"};
  memset(h, 0, 9 * sizeof *h);
  for (int i = 0; i < 9; i++) {
    if (i >= 5 && at_eol(r)) break;
    if (!read_space(r) || !read_uint(r, &h[i], names[i])) return false;
  }
  if (!read_eol(r)) return false;
  if (h[7] || h[8])
    return fail_at(r, 1, 1, "justice (J = %u) and fairness (F = %u) properties are not supported; only safety (bad states)",
                   h[7], h[8]);
  uint64_t need = (uint64_t)h[1] + h[2] + h[4];
  if (c->binary ? need != h[0] : need > h[0])
    return fail_at(r, 1, 1, "M = %u must be %s I + L + A = %llu", h[0], c->binary ? "equal to" : "at least",
                   (unsigned long long)need);
  g->maxvar = h[0];
  g->ninputs = h[1]; g->nlatches = h[2]; g->noutputs = h[3]; g->nands = h[4];
  g->nbad = h[5]; g->nconstraints = h[6];
  /* counts are bounded by M, which is bounded by the file size only loosely:
   * refuse absurd headers before allocating */
  if ((uint64_t)h[0] > (uint64_t)(r->end - r->start) * 8 + 64 || h[3] + (uint64_t)h[5] + h[6] > (uint64_t)(r->end - r->start))
    return fail_at(r, 1, 1, "header counts are larger than the file can hold");
  g->inputs = xcalloc(g->ninputs + 1, sizeof *g->inputs);
  g->latches = xcalloc(g->nlatches + 1, sizeof *g->latches);
  g->outputs = xcalloc(g->noutputs + 1, sizeof *g->outputs);
  g->ands = xcalloc(g->nands + 1, sizeof *g->ands);
  g->bad = xcalloc(g->nbad + 1, sizeof *g->bad);
  g->constraints = xcalloc(g->nconstraints + 1, sizeof *g->constraints);
  c->defined = xcalloc((size_t)g->maxvar + 1, 1);
  return true;
}

static bool read_latches(rd *r, ctx *c) {
  aig *g = c->g;
  for (uint32_t j = 0; j < g->nlatches; j++) {
    aig_latch *l = &g->latches[j];
    if (c->binary) {
      l->lit = 2 * (g->ninputs + j + 1);
      c->defined[l->lit >> 1] = 2;
    } else {
      if (!read_uint(r, &l->lit, "latch literal") || !check_lit(r, g, l->lit, "latch") ||
          !define(r, c, l->lit, 2, "latch") || !read_space(r))
        return false;
    }
    if (!read_lit_use(r, c, &l->next, "latch next-state")) return false;
    l->reset = 0;
    if (!at_eol(r)) {
      if (!read_space(r) || !read_uint(r, &l->reset, "latch reset value")) return false;
      if (l->reset > 1 && l->reset != l->lit)
        return FAIL_TOK(r, "latch reset must be 0, 1 or the latch literal %u (uninitialized), not %u", l->lit, l->reset);
    }
    if (!read_eol(r)) return false;
  }
  return true;
}

static bool read_lits(rd *r, ctx *c, uint32_t n, uint32_t *out, const char *what) {
  for (uint32_t i = 0; i < n; i++)
    if (!read_lit_use(r, c, &out[i], what) || !read_eol(r)) return false;
  return true;
}

static bool read_ascii_ands(rd *r, ctx *c) {
  aig *g = c->g;
  for (uint32_t i = 0; i < g->nands; i++) {
    aig_and *a = &g->ands[i];
    if (!read_uint(r, &a->lhs, "and-gate literal") || !check_lit(r, g, a->lhs, "and-gate") ||
        !define(r, c, a->lhs, 3, "and-gate") || !read_space(r) || !read_lit_use(r, c, &a->rhs0, "and-gate input") ||
        !read_space(r) || !read_lit_use(r, c, &a->rhs1, "and-gate input") || !read_eol(r))
      return false;
  }
  return true;
}

static bool read_delta(rd *r, uint32_t *out) {
  uint64_t x = 0;
  unsigned shift = 0;
  for (;;) {
    if (r->p >= r->end) return fail_byte(r, "unexpected end of file in the binary and-gate section");
    unsigned char ch = *r->p++;
    if (shift > 28 || (shift == 28 && (ch & 0x7f) > 0xf)) return fail_byte(r, "and-gate delta is too large");
    x |= (uint64_t)(ch & 0x7f) << shift;
    if (!(ch & 0x80)) break;
    shift += 7;
  }
  *out = (uint32_t)x;
  return true;
}

static bool read_binary_ands(rd *r, ctx *c) {
  aig *g = c->g;
  for (uint32_t i = 0; i < g->nands; i++) {
    aig_and *a = &g->ands[i];
    a->lhs = 2 * (g->ninputs + g->nlatches + i + 1);
    c->defined[a->lhs >> 1] = 3;
    uint32_t d0, d1;
    if (!read_delta(r, &d0)) return false;
    if (d0 == 0 || d0 > a->lhs) return fail_byte(r, "and-gate delta 0 must be in 1..lhs");
    a->rhs0 = a->lhs - d0;
    if (!read_delta(r, &d1)) return false;
    if (d1 > a->rhs0) return fail_byte(r, "and-gate delta 1 exceeds the first input");
    a->rhs1 = a->rhs0 - d1;
  }
  /* the binary section may end in the middle of a text line: line numbers
   * of the symbol table are counted from here */
  for (const unsigned char *q = r->start + r->line_start; q < r->p; q++)
    if (*q == '\n') r->line++;
  r->line_start = (unsigned long)(r->p - r->start);
  return true;
}

static bool read_symbols(rd *r, ctx *c) {
  aig *g = c->g;
  g->input_names = xcalloc(g->ninputs + 1, sizeof *g->input_names);
  g->latch_names = xcalloc(g->nlatches + 1, sizeof *g->latch_names);
  while (r->p < r->end) {
    unsigned char kind = *r->p;
    if (kind == 'c' && (r->p + 1 >= r->end || r->p[1] == '\n' || r->p[1] == '\r')) break; /* comments */
    uint32_t count;
    switch (kind) {
    case 'i': count = g->ninputs; break;
    case 'l': count = g->nlatches; break;
    case 'o': count = g->noutputs; break;
    case 'b': count = g->nbad; break;
    case 'c': count = g->nconstraints; break;
    default: return FAIL(r, "expected a symbol ('i', 'l', 'o', 'b', 'c' followed by an index) or a comment section 'c'");
    }
    r->p++;
    uint32_t idx;
    if (!read_uint(r, &idx, "symbol index")) return false;
    if (idx >= count) return FAIL_TOK(r, "symbol index %u out of range (%u entries)", idx, count);
    if (r->p >= r->end || *r->p != ' ') return FAIL(r, "expected a space before the symbol name");
    r->p++;
    const unsigned char *s = r->p;
    while (r->p < r->end && *r->p != '\n') r->p++;
    size_t len = (size_t)(r->p - s);
    if (len && s[len - 1] == '\r') len--;
    char **slot = kind == 'i' ? &g->input_names[idx] : kind == 'l' ? &g->latch_names[idx] : NULL;
    if (slot) {
      free(*slot);
      *slot = xmalloc(len + 1);
      memcpy(*slot, s, len);
      (*slot)[len] = 0;
    }
    if (r->p < r->end) {
      r->p++;
      r->line++;
      r->line_start = (unsigned long)(r->p - r->start);
    }
  }
  return true;
}

/* Orders the and-gates topologically (ASCII files may list them in any
 * order) and rejects combinational cycles. */
static bool topo_sort(rd *r, ctx *c, const unsigned long *and_line) {
  aig *g = c->g;
  uint32_t *def = xmalloc(((size_t)g->maxvar + 1) * sizeof *def);
  for (size_t v = 0; v <= g->maxvar; v++) def[v] = UINT32_MAX;
  for (uint32_t i = 0; i < g->nands; i++) def[g->ands[i].lhs >> 1] = i;
  uint8_t *mark = xcalloc(g->nands + 1, 1);   /* 0 new, 1 on stack, 2 done */
  uint32_t *stack = xmalloc((g->nands + 1) * sizeof *stack);
  aig_and *out = xmalloc((g->nands + 1) * sizeof *out);
  uint32_t nout = 0;
  bool ok = true;
  for (uint32_t root = 0; root < g->nands && ok; root++) {
    if (mark[root]) continue;
    uint32_t sp = 0;
    stack[sp++] = root;
    mark[root] = 1;
    while (sp && ok) {
      uint32_t i = stack[sp - 1];
      uint32_t kids[2] = {def[g->ands[i].rhs0 >> 1], def[g->ands[i].rhs1 >> 1]};
      bool pushed = false;
      for (int k = 0; k < 2 && !pushed; k++) {
        uint32_t j = kids[k];
        if (j == UINT32_MAX || mark[j] == 2) continue;
        if (mark[j] == 1) {
          ok = fail_at(r, and_line[j], 1, "combinational cycle through and-gate %u", g->ands[j].lhs);
          break;
        }
        mark[j] = 1;
        stack[sp++] = j;
        pushed = true;
      }
      if (!ok || pushed) continue;
      mark[i] = 2;
      out[nout++] = g->ands[i];
      sp--;
    }
  }
  if (ok) memcpy(g->ands, out, g->nands * sizeof *out);
  free(def);
  free(mark);
  free(stack);
  free(out);
  return ok;
}

bool aiger_read_string(const char *text, size_t len, const char *name, aig *g, aiger_diag *d) {
  aig_init(g);
  d->message[0] = 0;
  rd r = {.p = (const unsigned char *)text, .end = (const unsigned char *)text + len,
          .start = (const unsigned char *)text, .tok = (const unsigned char *)text,
          .name = name ? name : "<input>", .line = 1, .line_start = 0, .d = d, .failed = false};
  ctx c = {g, false, NULL, NULL, 0, 0};
  unsigned long *and_line = NULL;
  uint32_t h[9];
  bool ok = read_header(&r, &c, h);
  if (ok && !c.binary) {
    for (uint32_t i = 0; i < g->ninputs && ok; i++)
      ok = read_uint(&r, &g->inputs[i], "input literal") && check_lit(&r, g, g->inputs[i], "input") &&
           define(&r, &c, g->inputs[i], 1, "input") && read_eol(&r);
  } else if (ok) {
    for (uint32_t i = 0; i < g->ninputs; i++) {
      g->inputs[i] = 2 * (i + 1);
      c.defined[i + 1] = 1;
    }
  }
  ok = ok && read_latches(&r, &c) && read_lits(&r, &c, g->noutputs, g->outputs, "output") &&
       read_lits(&r, &c, g->nbad, g->bad, "bad-state") &&
       read_lits(&r, &c, g->nconstraints, g->constraints, "constraint");
  if (ok && c.binary) ok = read_binary_ands(&r, &c);
  else if (ok) {
    and_line = xmalloc((g->nands + 1) * sizeof *and_line);
    unsigned long first = r.line;
    ok = read_ascii_ands(&r, &c);
    for (uint32_t i = 0; i < g->nands; i++) and_line[i] = first + i;
  }
  ok = ok && read_symbols(&r, &c);
  for (size_t i = 0; ok && i < c.nuses; i++)
    if ((c.uses[i].lit >> 1) && !c.defined[c.uses[i].lit >> 1])
      ok = fail_at(&r, c.uses[i].line, c.uses[i].col, "literal %u refers to variable %u, which is not defined", c.uses[i].lit,
                   c.uses[i].lit >> 1);
  if (ok && !c.binary) ok = topo_sort(&r, &c, and_line);
  free(and_line);
  free(c.defined);
  free(c.uses);
  if (!ok) aig_free(g);
  return ok;
}

bool aiger_read_file(const char *path, aig *g, aiger_diag *d) {
  aig_init(g);
  size_t len;
  char *buf = file_read_all(path, &len, d->message, sizeof d->message);
  if (!buf) return false;
  bool ok = aiger_read_string(buf, len, path, g, d);
  free(buf);
  return ok;
}
