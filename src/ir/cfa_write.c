/* The CFA language's own syntax for a cfa (cfa_write in cfa.h): every
 * expression fully parenthesized, so that precedence never matters. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "ir/cfa.h"
#include "ir/cfa_proc.h"

typedef struct {
  FILE *out;
  char *why;
  size_t len;
  bool ok;
  bool local;   /* a program with procedures: variables by their source names */
} writer;

static void fail(writer *w, const char *fmt, ...) {
  if (!w->ok) return;
  w->ok = false;
  va_list ap;
  va_start(ap, fmt);
  if (w->why) vsnprintf(w->why, w->len, fmt, ap);
  va_end(ap);
}

static void type_out(writer *w, type_t ty) {
  switch (type_kind_of(ty)) {
  case TYPE_BOOL: fputs("bool", w->out); break;
  case TYPE_INT: fputs("int", w->out); break;
  case TYPE_REAL: fputs("rat", w->out); break;
  case TYPE_BV: fprintf(w->out, "bv[%u]", type_bv_width(ty)); break;
  case TYPE_ARRAY:
    fputc('[', w->out);
    type_out(w, type_array_index(ty));
    fputs("] -> ", w->out);
    type_out(w, type_array_elem(ty));
    break;
  default: fail(w, "a type without CFA syntax"); fputs("?", w->out);
  }
}

static void expr(writer *w, term_t t);

static void var_out(writer *w, term_t v) {
  if (term_var_index(v) != 0) fail(w, "an indexed variable");
  const char *n = term_var_name(v);
  if (w->local) n = cfa_proc_local_name(v);
  else if (strstr(n, "::")) fail(w, "a procedure-local variable of an inlined program");
  fputs(n, w->out);
}

static void literal(writer *w, term_t t) {
  type_t ty = term_type(t);
  if (term_op_of(t) == OP_BV) {
    mpz_t v;
    mpz_init(v);
    term_bv_value(t, v);
    fprintf(w->out, "%u'd", type_bv_width(ty));
    mpz_out_str(w->out, 10, v);
    mpz_clear(v);
    return;
  }
  mpq_t q;
  mpq_init(q);
  term_rat_value(t, q);
  bool neg = mpq_sgn(q) < 0;
  if (neg) {
    mpq_neg(q, q);
    fputs("(- ", w->out);
  }
  mpz_out_str(w->out, 10, mpq_numref(q));
  if (type_kind_of(ty) == TYPE_REAL) {   /* p%q, also for integral reals */
    fputc('%', w->out);
    mpz_out_str(w->out, 10, mpq_denref(q));
  }
  if (neg) fputc(')', w->out);
  mpq_clear(q);
}

/* (a OP b OP c ...) */
static void infix(writer *w, const char *op, term_t t) {
  fputc('(', w->out);
  for (uint32_t i = 0; i < term_nargs(t); i++) {
    if (i) fprintf(w->out, " %s ", op);
    expr(w, term_arg(t, i));
  }
  fputc(')', w->out);
}

static const char *bv_infix(term_op op) {
  switch (op) {
  case OP_BVAND: return "bvand"; case OP_BVOR: return "bvor"; case OP_BVXOR: return "bvxor";
  case OP_BVADD: return "bvadd"; case OP_BVSUB: return "bvsub"; case OP_BVMUL: return "bvmul";
  case OP_BVUDIV: return "bvudiv"; case OP_BVUREM: return "bvurem"; case OP_BVSDIV: return "bvsdiv";
  case OP_BVSREM: return "bvsrem"; case OP_BVSMOD: return "bvsmod"; case OP_BVSHL: return "bvshl";
  case OP_BVLSHR: return "bvlshr"; case OP_BVASHR: return "bvashr"; case OP_CONCAT: return "++";
  case OP_BVULT: return "bvult"; case OP_BVULE: return "bvule"; case OP_BVUGT: return "bvugt";
  case OP_BVUGE: return "bvuge"; case OP_BVSLT: return "bvslt"; case OP_BVSLE: return "bvsle";
  case OP_BVSGT: return "bvsgt"; case OP_BVSGE: return "bvsge";
  default: return NULL;
  }
}

static void expr(writer *w, term_t t) {
  FILE *out = w->out;
  if (term_is_negated(t)) {
    if (term_is_false(t)) { fputs("false", out); return; }
    fputs("(not ", out);
    expr(w, term_unsigned(t));
    fputc(')', out);
    return;
  }
  term_op op = term_op_of(t);
  const char *bv = bv_infix(op);
  if (bv) { infix(w, bv, t); return; }
  switch (op) {
  case OP_TRUE: fputs("true", out); return;
  case OP_RAT: case OP_BV: literal(w, t); return;
  case OP_VAR:
    var_out(w, t);
    return;
  case OP_ITE:
    fputs("(if ", out);
    expr(w, term_arg(t, 0));
    fputs(" then ", out);
    expr(w, term_arg(t, 1));
    fputs(" else ", out);
    expr(w, term_arg(t, 2));
    fputc(')', out);
    return;
  case OP_EQ: infix(w, "=", t); return;
  case OP_AND: infix(w, "and", t); return;
  case OP_OR: infix(w, "or", t); return;
  case OP_XOR: infix(w, "xor", t); return;
  case OP_ADD: infix(w, "+", t); return;
  case OP_MUL: infix(w, "*", t); return;
  case OP_SUB: infix(w, "-", t); return;
  case OP_DIV: case OP_IDIV: infix(w, "/", t); return;
  case OP_MOD: infix(w, "mod", t); return;
  case OP_LE: infix(w, "<=", t); return;
  case OP_LT: infix(w, "<", t); return;
  case OP_NEG: fputs("(- ", out); expr(w, term_arg(t, 0)); fputc(')', out); return;
  case OP_TO_REAL: expr(w, term_arg(t, 0)); return;   /* the reader inserts it again */
  case OP_DISTINCT:
    fputs("(not (", out);
    expr(w, term_arg(t, 0));
    fputs(" = ", out);
    expr(w, term_arg(t, 1));
    fputs("))", out);
    if (term_nargs(t) != 2) fail(w, "distinct with more than two arguments");
    return;
  case OP_SELECT:
    fputc('(', out);
    expr(w, term_arg(t, 0));
    fputc('[', out);
    expr(w, term_arg(t, 1));
    fputs("])", out);
    return;
  case OP_STORE:
    fputc('(', out);
    expr(w, term_arg(t, 0));
    fputc('[', out);
    expr(w, term_arg(t, 1));
    fputs(" <- ", out);
    expr(w, term_arg(t, 2));
    fputs("])", out);
    return;
  case OP_CONST_ARRAY:
    fputs("[<", out);
    type_out(w, type_array_index(term_type(t)));
    fputs("> default <- ", out);
    expr(w, term_arg(t, 0));
    fputc(']', out);
    return;
  case OP_BVNOT: case OP_BVNEG:
    fprintf(out, "(%s ", op == OP_BVNOT ? "bvnot" : "bvneg");
    expr(w, term_arg(t, 0));
    fputc(')', out);
    return;
  case OP_EXTRACT:
    fputc('(', out);
    expr(w, term_arg(t, 0));
    fprintf(out, "[%u:%u])", term_param(t, 0), term_param(t, 1));
    return;
  case OP_ZERO_EXTEND: case OP_SIGN_EXTEND:
    fputc('(', out);
    expr(w, term_arg(t, 0));
    fprintf(out, " %s bv[%u])", op == OP_ZERO_EXTEND ? "bv_zero_extend" : "bv_sign_extend", type_bv_width(term_type(t)));
    return;
  case OP_ROTATE_LEFT: case OP_ROTATE_RIGHT:
    fputc('(', out);
    expr(w, term_arg(t, 0));
    fprintf(out, " %s %u'd%u)", op == OP_ROTATE_LEFT ? "bvrol" : "bvror", type_bv_width(term_type(t)), term_param(t, 0));
    return;
  default:
    fail(w, "the operator %s has no CFA syntax", term_op_name(op));
    fputs("?", out);
  }
}

static void stmts(writer *w, const cfa_stmt *s, uint32_t n, const char *sep) {
  for (uint32_t i = 0; i < n; i++) {
    fputs(sep, w->out);
    switch (s[i].kind) {
    case CFA_ASSIGN:
      if (w->local && strcmp(cfa_proc_local_name(s[i].var), "return") == 0) {
        fputs("return ", w->out);
      } else {
        var_out(w, s[i].var);
        fputs(" := ", w->out);
      }
      expr(w, s[i].expr);
      break;
    case CFA_ASSUME:
      fputs("assume ", w->out);
      expr(w, s[i].expr);
      break;
    case CFA_HAVOC: fputs("havoc ", w->out); var_out(w, s[i].var); break;
    case CFA_CHOICE: fail(w, "a choice between statement sequences (made by the large-block encoding)"); break;
    }
  }
}

static void var_decl(writer *w, term_t v) {
  fputs("  var ", w->out);
  var_out(w, v);
  fputs(" : ", w->out);
  type_out(w, term_type(v));
  fputc('\n', w->out);
}

static void call_out(writer *w, const cfa_prog *p, const cfa_call *k) {
  if (k->result != NULL_TERM) {
    var_out(w, k->result);
    fputs(" := ", w->out);
  }
  fprintf(w->out, "%s(", p->procs[k->callee].body.name);
  for (uint32_t i = 0; i < k->nargs; i++) {
    if (i) fputs(", ", w->out);
    expr(w, k->args[i]);
  }
  fputc(')', w->out);
}

/* The locations and edges of c, then the closing brace. */
static void body_out(writer *w, const cfa_prog *p, const cfa *c) {
  FILE *out = w->out;
  for (uint32_t i = 0; i < c->nlocs; i++) {
    const cfa_loc *l = &c->locs[i];
    if (l->is_init && l->is_error) fail(w, "a location that is initial and an error location");
    fprintf(out, "  %s%sloc %s\n", l->is_init ? "init " : l->is_error ? "error " : "", l->is_final ? "final " : "",
            l->name);
  }
  for (uint32_t e = 0; e < c->nedges; e++) {
    const cfa_edge *ed = &c->edges[e];
    fprintf(out, "  %s -> %s {", c->locs[ed->src].name, c->locs[ed->dst].name);
    if (ed->call) {
      fputc(' ', out);
      call_out(w, p, ed->call);
      fputs(" }\n", out);
      continue;
    }
    stmts(w, ed->stmts, ed->nstmts, "\n    ");
    fputs(ed->nstmts ? "\n  }\n" : " }\n", out);
  }
  fputs("}\n", out);
}

/* Both writers render into memory first: a model without CFA syntax fails
 * with nothing written, not with a partial model before the error. */
static bool write_cfa(FILE *out, const cfa *c, char *why, size_t len) {
  writer w = {out, why, len, true, false};
  fprintf(out, "main process %s {\n", c->name);
  for (uint32_t i = 0; i < c->vars.size; i++) var_decl(&w, c->vars.data[i]);
  body_out(&w, NULL, c);
  return w.ok;
}

static bool write_prog(FILE *out, const cfa_prog *p, char *why, size_t len) {
  writer w = {out, why, len, true, true};
  for (uint32_t i = 0; i < p->globals.size; i++) {
    var_decl(&w, p->globals.data[i]);
  }
  for (uint32_t k = 0; k < p->nprocs; k++) {
    uint32_t f = k + (p->main != CFA_NONE && k >= p->main);   /* main last */
    if (f >= p->nprocs) f = p->main;
    const cfa_proc *pr = &p->procs[f];
    fprintf(out, "\n%sprocess %s", f == p->main ? "main " : "", pr->body.name);
    if (f != p->main) {
      fputc('(', out);
      for (uint32_t i = 0; i < pr->nparams; i++) {
        if (i) fputs(", ", out);
        var_out(&w, pr->body.vars.data[i]);
        fputs(" : ", out);
        type_out(&w, term_type(pr->body.vars.data[i]));
      }
      fputc(')', out);
      if (pr->ret != NULL_TERM) {
        fputs(" : ", out);
        type_out(&w, term_type(pr->ret));
      }
    }
    fputs(" {\n", out);
    for (uint32_t i = pr->nparams; i < pr->body.vars.size; i++)
      if (pr->body.vars.data[i] != pr->ret) var_decl(&w, pr->body.vars.data[i]);
    body_out(&w, p, &pr->body);
  }
  return w.ok;
}

/* Renders c (or, when p is given, the program p) into memory and copies
 * it to out only when it succeeded. */
static bool render(FILE *out, const cfa *c, const cfa_prog *p, char *why, size_t len) {
  char *buf = NULL;
  size_t n = 0;
  FILE *mem = open_memstream(&buf, &n);
  FILE *dst = mem ? mem : out;
  bool ok = p ? write_prog(dst, p, why, len) : write_cfa(dst, c, why, len);
  if (!mem) return ok;
  fclose(mem);
  if (ok) fwrite(buf, 1, n, out);
  free(buf);
  return ok;
}

bool cfa_write(FILE *out, const cfa *c, char *why, size_t len) { return render(out, c, NULL, why, len); }
bool cfa_prog_write(FILE *out, const cfa_prog *p, char *why, size_t len) { return render(out, NULL, p, why, len); }
