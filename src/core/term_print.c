/* SMT-LIB 2.6 printing of terms, plain or with let-bindings for shared
 * subterms (so output stays proportional to the DAG). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_internal.h"
#include "core/term_map.h"

static bool simple_symbol(const char *s) {
  if (!*s || isdigit((unsigned char)*s)) return false;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && !strchr("~!@$%^&*_-+=<>.?/", *s)) return false;
  return true;
}

void term_print_symbol(FILE *out, const char *name) {
  if (simple_symbol(name)) fputs(name, out);
  else fprintf(out, "|%s|", name);
}

void term_print_var_name(FILE *out, term_t v) {
  const char *name = term_var_name(v);
  int32_t idx = term_var_index(v);
  if (idx == 0) { term_print_symbol(out, name); return; }
  if (simple_symbol(name)) fprintf(out, "%s@%d", name, idx);
  else fprintf(out, "|%s@%d|", name, idx);
}

static void print_rat(FILE *out, term_t t) {
  const mpq_t *q = term_rat_ref(t);
  bool real = type_kind_of(term_type(t)) == TYPE_REAL;
  bool negative = mpq_sgn(*q) < 0;
  mpz_t num;
  mpz_init(num);
  mpz_abs(num, mpq_numref(*q));
  if (negative) fputs("(- ", out);
  if (mpz_cmp_ui(mpq_denref(*q), 1) == 0) {
    mpz_out_str(out, 10, num);
    if (real) fputs(".0", out);
  } else {
    fputs("(/ ", out);
    mpz_out_str(out, 10, num);
    fputs(".0 ", out);
    mpz_out_str(out, 10, mpq_denref(*q));
    fputs(".0)", out);
  }
  if (negative) fputc(')', out);
  mpz_clear(num);
}

static void print_bv(FILE *out, term_t t) {
  uint32_t w = type_bv_width(term_type(t));
  const mpz_t *v = term_bv_ref(t);
  if (w % 4 == 0) {
    char *s = mpz_get_str(NULL, 16, *v);
    fputs("#x", out);
    for (size_t i = strlen(s); i < w / 4; i++) fputc('0', out);
    fputs(s, out);
    free(s);
  } else {
    fputs("#b", out);
    for (uint32_t i = w; i-- > 0;) fputc(mpz_tstbit(*v, i) ? '1' : '0', out);
  }
}

typedef struct { term_map names; } let_env;   /* node -> let number */

static void print_rec(FILE *out, term_t t, const let_env *env, bool define);

static void print_args(FILE *out, term_t t, uint32_t from, const let_env *env) {
  for (uint32_t i = from; i < term_nargs(t); i++) {
    fputc(' ', out);
    print_rec(out, term_arg(t, i), env, false);
  }
}

static void print_rec(FILE *out, term_t t, const let_env *env, bool define) {
  if (term_is_negated(t)) {
    if (t == term_false()) { fputs("false", out); return; }
    fputs("(not ", out);
    print_rec(out, term_unsigned(t), env, false);
    fputc(')', out);
    return;
  }
  if (env && !define) {
    int32_t k = term_map_get(&env->names, t);
    if (k != NULL_TERM) { fprintf(out, "?x%d", k); return; }
  }
  term_op op = term_op_of(t);
  switch (op) {
  case OP_TRUE: fputs("true", out); return;
  case OP_RAT: print_rat(out, t); return;
  case OP_BV: print_bv(out, t); return;
  case OP_VAR: term_print_var_name(out, t); return;
  case OP_APPLY:
    fputc('(', out);
    print_rec(out, term_arg(t, 0), env, false);
    print_args(out, t, 1, env);
    fputc(')', out);
    return;
  case OP_DT_CONS: {
    type_t dt = (type_t)term_param(t, 0);
    const char *name = type_dt_ctor_name(dt, term_param(t, 1));
    if (term_nargs(t) == 0) { term_print_symbol(out, name); return; }
    fputc('(', out);
    term_print_symbol(out, name);
    break;
  }
  case OP_DT_SEL:
    fputc('(', out);
    term_print_symbol(out, type_dt_field_name((type_t)term_param(t, 0), term_param(t, 1), term_param(t, 2)));
    break;
  case OP_DT_IS: {   /* is-C, not (_ is C): Z3 4.8 reads only the former, cvc5 both */
    const char *c = type_dt_ctor_name((type_t)term_param(t, 0), term_param(t, 1));
    size_t n = strlen(c) + 4;
    char *name = xmalloc(n);
    snprintf(name, n, "is-%s", c);
    fputc('(', out);
    term_print_symbol(out, name);
    free(name);
    break;
  }
  case OP_CONST_ARRAY:
    fputs("((as const ", out);
    type_print(out, term_type(t));
    fputs(")", out);
    print_args(out, t, 0, env);
    fputc(')', out);
    return;
  case OP_FORALL: case OP_EXISTS: {
    uint32_t n = term_nargs(t);
    fprintf(out, "(%s (", term_op_name(op));
    for (uint32_t i = 0; i + 1 < n; i++) {
      term_t v = term_arg(t, i);
      fprintf(out, i ? " (" : "(");
      term_print_var_name(out, v);
      fputc(' ', out);
      type_print(out, term_type(v));
      fputc(')', out);
    }
    fputs(") ", out);
    print_rec(out, term_arg(t, n - 1), env, false);
    fputc(')', out);
    return;
  }
  case OP_EXTRACT:
    fprintf(out, "((_ extract %u %u)", term_param(t, 0), term_param(t, 1));
    break;
  case OP_ZERO_EXTEND: case OP_SIGN_EXTEND: case OP_ROTATE_LEFT: case OP_ROTATE_RIGHT:
  case OP_REPEAT: case OP_NAT2BV:
    fprintf(out, "((_ %s %u)", term_op_name(op), term_param(t, 0));
    break;
  default:
    fprintf(out, "(%s", term_op_name(op));
    break;
  }
  print_args(out, t, 0, env);
  fputc(')', out);
}

void term_print(FILE *out, term_t t) {
  if (t == NULL_TERM) { fputs("<null>", out); return; }
  print_rec(out, t, NULL, false);
}

/* Counts references to each compound node (post-order in *order). */
static void count_refs(term_t t, term_map *refs, term_vec *order) {
  t = term_unsigned(t);
  if (term_nargs(t) == 0) return;
  int32_t c = term_map_get(refs, t);
  if (c != NULL_TERM) { term_map_put(refs, t, c + 1); return; }
  term_map_put(refs, t, 1);
  /* quantifier bodies mention bound variables: never hoist out of them */
  if (term_op_of(t) != OP_FORALL && term_op_of(t) != OP_EXISTS)
    for (uint32_t i = 0; i < term_nargs(t); i++) count_refs(term_arg(t, i), refs, order);
  term_vec_push(order, t);
}

void term_print_let(FILE *out, term_t t) {
  if (t == NULL_TERM) { fputs("<null>", out); return; }
  term_map refs;
  term_map_init(&refs);
  term_vec order = {0};
  count_refs(t, &refs, &order);
  let_env env;
  term_map_init(&env.names);
  int32_t k = 0, opened = 0;
  for (uint32_t i = 0; i < order.size; i++) {
    term_t u = order.data[i];
    if (u == term_unsigned(t) || term_map_get(&refs, u) < 2) continue;
    fprintf(out, "(let ((?x%d ", k);
    print_rec(out, u, &env, true);
    fputs(")) ", out);
    term_map_put(&env.names, u, k++);
    opened++;
  }
  print_rec(out, t, &env, false);
  for (int32_t i = 0; i < opened; i++) fputc(')', out);
  term_map_free(&env.names);
  term_map_free(&refs);
  term_vec_free(&order);
}

char *term_print_to_string(void (*print)(FILE *, int32_t), int32_t x) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return xstrdup("?");
  print(f, x);
  fclose(f);
  return buf;
}

char *term_to_string(term_t t) { return term_print_to_string(term_print, t); }
char *term_to_string_let(term_t t) { return term_print_to_string(term_print_let, t); }
