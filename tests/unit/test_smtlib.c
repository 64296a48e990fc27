/* SMT-LIB lexer and parser: tokens, literals, scoping, indexed operators,
 * annotations, commands and error positions. */
#include <string.h>
#include "check.h"
#include "core/sexp_lexer.h"
#include "core/smtlib.h"

/* ---- helpers ---- */
typedef struct { smtlib_parser *p; smtlib_status st; smtlib_cmd_kind last; int ncmds; } run_t;

/* Parses all commands of text; the parser stays alive for lookups. */
static run_t run(const char *text) {
  run_t r = {smtlib_new_string("t.smt2", text, strlen(text)), SMTLIB_OK, SMTLIB_EXIT, 0};
  smtlib_cmd c;
  while ((r.st = smtlib_next(r.p, &c)) == SMTLIB_OK) { r.ncmds++; r.last = c.kind; }
  return r;
}

static bool error_is(const char *text, const char *prefix) {
  run_t r = run(text);
  bool ok = r.st == SMTLIB_ERROR && strncmp(smtlib_error(r.p), prefix, strlen(prefix)) == 0;
  if (!ok) fprintf(stderr, "  got: %s\n", r.st == SMTLIB_ERROR ? smtlib_error(r.p) : "(no error)");
  smtlib_free(r.p);
  return ok;
}

/* Parses term text after the declarations decls. */
static term_t parse_with(const char *decls, const char *term) {
  run_t r = run(decls);
  term_t t = r.st == SMTLIB_EOF ? smtlib_parse_term(r.p, term) : NULL_TERM;
  if (t == NULL_TERM) fprintf(stderr, "  parse error: %s\n", smtlib_error(r.p));
  smtlib_free(r.p);
  return t;
}

static bool prints_as(term_t t, const char *want) {
  char *s = term_to_string(t);
  bool ok = s && strcmp(s, want) == 0;
  if (!ok) fprintf(stderr, "  printed %s, expected %s\n", s ? s : "(null)", want);
  free(s);
  return ok;
}

/* ---- lexer ---- */
static void test_lexer_tokens(void) {
  const char *src = "( foo |a b| \"x\"\"y\" :kw #xFF #b101 12 3.50 ; c\n)||";
  sexp_lexer lx;
  sexp_lexer_init_buffer(&lx, src, strlen(src));
  struct { sexp_tok k; const char *text; uint32_t line, col; } want[] = {
    {SEXP_LPAREN, "", 1, 1}, {SEXP_SYMBOL, "foo", 1, 3}, {SEXP_SYMBOL, "a b", 1, 7},
    {SEXP_STRING, "x\"y", 1, 13}, {SEXP_KEYWORD, ":kw", 1, 20}, {SEXP_HEX, "FF", 1, 24},
    {SEXP_BINARY, "101", 1, 29}, {SEXP_NUMERAL, "12", 1, 35}, {SEXP_DECIMAL, "3.50", 1, 38},
    {SEXP_RPAREN, "", 2, 1}, {SEXP_SYMBOL, "", 2, 2}, {SEXP_EOF, "", 2, 4},
  };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    sexp_tok k = sexp_next(&lx);
    CHECK(k == want[i].k);
    CHECK(strcmp(lx.text.data ? lx.text.data : "", want[i].text) == 0);
    CHECK(lx.tok_line == want[i].line && lx.tok_col == want[i].col);
  }
  sexp_lexer_free(&lx);
}

static void test_lexer_errors(void) {
  const char *bad[] = {"\"abc", "|abc", "#z", "1.", "|a\\b|", ":", "\x01"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    sexp_lexer lx;
    sexp_lexer_init_buffer(&lx, bad[i], strlen(bad[i]));
    sexp_tok k = sexp_next(&lx);
    if (k != SEXP_ERROR) fprintf(stderr, "  no error for input %zu\n", i);
    CHECK(k == SEXP_ERROR);
    sexp_lexer_free(&lx);
  }
  /* a quoted symbol may span lines; positions continue after it */
  sexp_lexer lx;
  const char *s = "|a\nb| x";
  sexp_lexer_init_buffer(&lx, s, strlen(s));
  CHECK(sexp_next(&lx) == SEXP_SYMBOL && strcmp(lx.text.data, "a\nb") == 0);
  CHECK(sexp_next(&lx) == SEXP_SYMBOL && lx.tok_line == 2 && lx.tok_col == 4);
  sexp_lexer_free(&lx);
}

/* Tokens crossing the 64 KB chunk boundary of file input. */
static void test_lexer_chunks(void) {
  FILE *f = tmpfile();
  CHECK(f != NULL);
  if (!f) return;
  size_t pad = 65536 - 3;
  for (size_t i = 0; i < pad; i++) fputc(i % 80 == 79 ? '\n' : ' ', f);
  fputs("abcdef \"st\"\"ring\" 1234567.5 |q q|", f);
  rewind(f);
  sexp_lexer lx;
  CHECK(sexp_lexer_init_file(&lx, f));
  CHECK(sexp_next(&lx) == SEXP_SYMBOL && strcmp(lx.text.data, "abcdef") == 0);
  CHECK(lx.tok_line == pad / 80 + 1);
  CHECK(sexp_next(&lx) == SEXP_STRING && strcmp(lx.text.data, "st\"ring") == 0);
  CHECK(sexp_next(&lx) == SEXP_DECIMAL && strcmp(lx.text.data, "1234567.5") == 0);
  CHECK(sexp_next(&lx) == SEXP_SYMBOL && lx.quoted && strcmp(lx.text.data, "q q") == 0);
  CHECK(sexp_next(&lx) == SEXP_EOF);
  CHECK(lx.bytes == pad + 33);
  sexp_lexer_free(&lx);
  fclose(f);
}

/* ---- literals ---- */
static void test_big_literals_roundtrip(void) {
  const char *decls = "(declare-const x Int)(declare-const r Real)(declare-const b (_ BitVec 256))";
  const char *terms[] = {
    "(= x 115792089237316195423570985008687907853269984665640564039457584007913129639935)",
    "(= x (- 57896044618658097711785492504343953926634992332820282019728792003956564819968))",
    "(= b #xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff01)",
    "(= b (_ bv115792089237316195423570985008687907853269984665640564039457584007913129639935 256))",
    "(= r 0.000000000000000000000000000000000000001)",
    "(= r (/ 1 3))",
  };
  for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++) {
    term_t t = parse_with(decls, terms[i]);
    CHECK(t != NULL_TERM);
    if (t == NULL_TERM) continue;
    char *s = term_to_string(t);
    term_t u = parse_with(decls, s);
    if (u != t) fprintf(stderr, "  round trip of %s gave a different term (printed %s)\n", terms[i], s);
    CHECK(u == t);
    free(s);
  }
  /* the exact value survives */
  term_t t = parse_with("", "115792089237316195423570985008687907853269984665640564039457584007913129639935");
  mpz_t v, w;
  mpz_init(v);
  mpz_init_set_str(w, "115792089237316195423570985008687907853269984665640564039457584007913129639935", 10);
  mpq_t q;
  mpq_init(q);
  term_rat_value(t, q);
  CHECK(mpz_cmp(mpq_numref(q), w) == 0);
  mpq_clear(q);
  mpz_clear(v);
  mpz_clear(w);
  CHECK(parse_with("", "#b101") == term_bv_u64(3, 5));
  CHECK(parse_with("", "(_ bv5 8)") == term_bv_u64(8, 5));
  CHECK(parse_with("", "#x0A") == term_bv_u64(8, 10));
}

/* ---- scoping ---- */
static void test_let_shadowing(void) {
  const char *d = "(declare-const x Int)(declare-const y Int)";
  CHECK(parse_with(d, "(let ((x 1)) (let ((x (+ x 1))) x))") == term_int(2));
  /* bindings of one let are parallel */
  CHECK(parse_with(d, "(let ((x y) (y x)) (- x y))") == term_sub(term_var("y", type_int()), term_var("x", type_int())));
  /* the scope ends with the let */
  CHECK(parse_with(d, "(+ (let ((x 5)) x) x)") == term_add2(term_int(5), term_var("x", type_int())));
  /* a let-bound name shadows a declared function */
  CHECK(parse_with("(declare-fun f (Int) Int)", "(let ((f 3)) f)") == term_int(3));
}

static void test_quantifier_scoping(void) {
  term_t x = term_var("x", type_int());
  term_t q = parse_with("(declare-const x Int)", "(and (> x 0) (forall ((x Int)) (> x 1)))");
  CHECK(q != NULL_TERM);
  if (q == NULL_TERM) return;
  /* the bound x is not the free x */
  term_t *fv = NULL;
  uint32_t n = term_free_vars(q, &fv);
  CHECK(n == 1 && fv[0] == x);
  free(fv);
  term_t *cs = NULL;
  uint32_t nc = term_conjuncts(q, &cs);
  CHECK(nc == 2);
  for (uint32_t i = 0; i < nc; i++)
    if (term_op_of(cs[i]) == OP_FORALL) CHECK(term_arg(cs[i], 0) != x);
  free(cs);
  /* nested binders of the same name get distinct variables */
  term_t e = parse_with("", "(exists ((y Int)) (forall ((y Bool)) (and y (> 0 1))))");
  CHECK(e != NULL_TERM);
  e = parse_with("", "(exists ((y Int)) (and (> y 0) (forall ((y Int)) (> y 2))))");
  CHECK(e != NULL_TERM && term_op_of(e) == OP_EXISTS);
  if (e != NULL_TERM) {
    term_t body = term_arg(e, 1);
    term_t *cs2 = NULL;
    uint32_t k = term_conjuncts(body, &cs2);
    for (uint32_t i = 0; i < k; i++)
      if (term_op_of(cs2[i]) == OP_FORALL) CHECK(term_arg(cs2[i], 0) != term_arg(e, 0));
    free(cs2);
  }
  /* the bound variable is out of scope after the quantifier */
  CHECK(error_is("(assert (and (forall ((z Int)) (> z 0)) (> z 1)))", "t.smt2:1:44: unknown symbol 'z'"));
}

static void test_quoted_symbols(void) {
  term_t t = parse_with("(declare-const |a b| Int)(declare-const x Int)", "(> |a b| |x|)");
  CHECK(t == term_gt(term_var("a b", type_int()), term_var("x", type_int())));
  CHECK(prints_as(term_var("a b", type_int()), "|a b|"));
}

/* ---- operators ---- */
static void test_indexed_ops(void) {
  CHECK(parse_with("", "((_ extract 7 4) #xAB)") == term_bv_u64(4, 0xA));
  term_t t = parse_with("(declare-const v (_ BitVec 8))", "((_ zero_extend 8) v)");
  CHECK(t != NULL_TERM && type_bv_width(term_type(t)) == 16);
  t = parse_with("(declare-const v (_ BitVec 8))", "((_ sign_extend 4) v)");
  CHECK(t != NULL_TERM && type_bv_width(term_type(t)) == 12);
  t = parse_with("(declare-const v (_ BitVec 8))", "((_ rotate_left 3) ((_ repeat 2) v))");
  CHECK(t != NULL_TERM && type_bv_width(term_type(t)) == 16);
  t = parse_with("(declare-const v (_ BitVec 8))", "(concat v v #b1)");
  CHECK(t != NULL_TERM && type_bv_width(term_type(t)) == 17);
  t = parse_with("(declare-const v (_ BitVec 8))", "(bvult (bvadd v v v) (bvmul v #x03))");
  CHECK(t != NULL_TERM && term_is_bool(t));
  t = parse_with("", "((as const (Array Int Int)) 0)");
  CHECK(t != NULL_TERM && type_kind_of(term_type(t)) == TYPE_ARRAY);
  t = parse_with("(declare-const a (Array Int Real))", "(select (store a 1 2) 1)");
  CHECK(t != NULL_TERM && type_kind_of(term_type(t)) == TYPE_REAL);
  CHECK(error_is("(assert (= ((_ extract 3) #x0) #x0))", "t.smt2:1:25: expected a numeral"));
  CHECK(error_is("(assert (= (extract #x0) #x0))", "t.smt2:1:13: 'extract' is indexed"));
}

static void test_arith_coercion(void) {
  const char *d = "(declare-const x Int)(declare-const r Real)";
  term_t t = parse_with(d, "(< r 1)");
  CHECK(t != NULL_TERM);
  t = parse_with(d, "(= (+ r x) 2.5)");
  CHECK(t != NULL_TERM);
  t = parse_with(d, "(/ x 2)");
  CHECK(t != NULL_TERM && type_kind_of(term_type(t)) == TYPE_REAL);
  CHECK(parse_with(d, "(is_int (to_real x))") != NULL_TERM);
  CHECK(parse_with(d, "(= (to_int r) (div x 2) (mod x 3) (abs x))") != NULL_TERM);
  CHECK(parse_with(d, "(< 1 x 3)") == term_and2(term_lt(term_int(1), term_var("x", type_int())),
                                                 term_lt(term_var("x", type_int()), term_int(3))));
  CHECK(parse_with("(declare-fun f (Real) Real)", "(f 1)") != NULL_TERM);
  CHECK(error_is("(declare-const x Int)(assert (+ x true))", "t.smt2:1:30:"));
}

static void test_define_fun_macro(void) {
  const char *d = "(declare-const x Int)(define-fun f ((a Int) (x Int)) Int (+ a (* 2 x)))"
                  "(define-fun c () Int 7)";
  term_t x = term_var("x", type_int());
  CHECK(parse_with(d, "(f x 1)") == term_add2(x, term_int(2)));
  CHECK(parse_with(d, "(f 1 c)") == term_int(15));
  CHECK(error_is("(define-fun f ((a Int)) Int a)(assert (= (f 1 2) 0))", "t.smt2:1:42: 'f' expects 1 argument, got 2"));
  CHECK(error_is("(define-fun f ((a Int)) Bool a)", "t.smt2:1:30: the body of 'f'"));
}

static void test_define_sort(void) {
  const char *d = "(define-sort A () (Array Int Bool))(define-sort M (T) (Array T T))"
                  "(declare-const a A)(declare-const m (M Int))(declare-sort U 0)(declare-const u U)";
  term_t t = parse_with(d, "(and (select a 0) (= (select m 1) 2) (= u u))");
  CHECK(t != NULL_TERM);
  CHECK(error_is("(declare-const a (M Int))", "t.smt2:1:19: unknown parametric sort 'M'"));
}

/* ---- commands ---- */
static void test_commands(void) {
  const char *s =
    "(set-logic QF_LIA)(set-option :produce-models true)(set-info :status sat)\n"
    "(declare-fun f (Int Int) Bool)(declare-const x Int)\n"
    "(push 1)(declare-const z Int)(assert (! (f x z) :named A))(pop 1)\n"
    "(assert (! (> x 0) :named B))\n"
    "(check-sat-assuming (B (not B)))(get-value (x (+ x 1)))(get-model)(echo \"hi \"\"there\"\"\")\n"
    "(get-interpolant B (< x 0) (> x 5))(exit)(this is ignored";
  smtlib_parser *p = smtlib_new_string("t.smt2", s, strlen(s));
  smtlib_cmd c;
  smtlib_cmd_kind want[] = {SMTLIB_SET_LOGIC, SMTLIB_SET_OPTION, SMTLIB_SET_INFO, SMTLIB_DECLARE_FUN,
    SMTLIB_DECLARE_FUN, SMTLIB_PUSH, SMTLIB_DECLARE_FUN, SMTLIB_ASSERT, SMTLIB_POP, SMTLIB_ASSERT,
    SMTLIB_CHECK_SAT, SMTLIB_GET_VALUE, SMTLIB_GET_MODEL, SMTLIB_ECHO, SMTLIB_GET_INTERPOLANT, SMTLIB_EXIT};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    smtlib_status st = smtlib_next(p, &c);
    if (st != SMTLIB_OK) { fprintf(stderr, "  %s\n", smtlib_error(p)); CHECK(0); break; }
    CHECK(c.kind == want[i]);
    switch (c.kind) {
    case SMTLIB_SET_LOGIC: CHECK(strcmp(c.name, "QF_LIA") == 0); break;
    case SMTLIB_SET_OPTION: CHECK(strcmp(c.name, ":produce-models") == 0 && strcmp(c.value, "true") == 0); break;
    case SMTLIB_ASSERT: CHECK(c.nattrs == 1 && strcmp(c.attrs[0].key, ":named") == 0); break;
    case SMTLIB_CHECK_SAT: CHECK(c.n == 2 && c.terms[1] == term_not(c.terms[0])); break;
    case SMTLIB_GET_VALUE:
      CHECK(c.n == 2 && strcmp(c.texts[0], "x") == 0 && strcmp(c.texts[1], "(+ x 1)") == 0);
      break;
    case SMTLIB_GET_MODEL: CHECK(c.n == 2 && c.texts == NULL); break;   /* f and x; z was popped */
    case SMTLIB_ECHO: CHECK(strcmp(c.name, "hi \"there\"") == 0); break;
    case SMTLIB_GET_INTERPOLANT:
      CHECK(c.n == 3 && c.terms[0] == term_gt(term_var("x", type_int()), term_int(0)));
      break;
    default: break;
    }
  }
  CHECK(smtlib_next(p, &c) == SMTLIB_EOF);
  CHECK(smtlib_lookup(p, "A") == NULL_TERM);   /* named inside the popped level */
  CHECK(smtlib_lookup(p, "B") != NULL_TERM);
  CHECK(strcmp(smtlib_logic(p), "QF_LIA") == 0);
  smtlib_free(p);
  CHECK(error_is("(push)(declare-const z Int)(pop)\n(assert (> z 0))", "t.smt2:2:12: unknown symbol 'z'"));
  CHECK(error_is("(pop 2)", "t.smt2:1:6: cannot pop 2 levels"));
}

/* Annotations are reported for the VMT front end. */
static void test_annotations(void) {
  const char *s = "(declare-const x Int)(declare-const xn Int)\n"
                  "(define-fun .x () Int (! x :next xn))\n"
                  "(define-fun .p () Bool (! (> x 0) :invar-property 0))\n"
                  "(assert (forall ((y Int)) (! (> y x) :pattern ((+ y 1)) :weight 2 :qid q)))";
  smtlib_parser *p = smtlib_new_string("t.smt2", s, strlen(s));
  smtlib_cmd c;
  CHECK(smtlib_next(p, &c) == SMTLIB_OK && smtlib_next(p, &c) == SMTLIB_OK);
  CHECK(smtlib_next(p, &c) == SMTLIB_OK && c.kind == SMTLIB_DEFINE_FUN && c.nattrs == 1);
  CHECK(strcmp(c.name, ".x") == 0 && strcmp(c.attrs[0].key, ":next") == 0 && strcmp(c.attrs[0].value, "xn") == 0);
  CHECK(c.attrs[0].term == term_var("x", type_int()));
  CHECK(smtlib_next(p, &c) == SMTLIB_OK && c.nattrs == 1 && strcmp(c.attrs[0].value, "0") == 0);
  CHECK(smtlib_next(p, &c) == SMTLIB_OK && c.nattrs == 3);
  if (c.nattrs == 3) {
    CHECK(strcmp(c.attrs[0].value, "((+ y 1))") == 0);
    CHECK(strcmp(c.attrs[2].key, ":qid") == 0 && strcmp(c.attrs[2].value, "q") == 0);
  }
  CHECK(smtlib_lookup(p, ".x") == term_var("x", type_int()));
  CHECK(smtlib_next(p, &c) == SMTLIB_EOF);
  smtlib_free(p);
  /* :named inside a let survives the let scope */
  run_t r = run("(declare-const x Int)(assert (let ((a x)) (! (> a 0) :named N)))(assert N)");
  CHECK(r.st == SMTLIB_EOF && smtlib_lookup(r.p, "N") != NULL_TERM);
  smtlib_free(r.p);
}

static void test_error_positions(void) {
  CHECK(error_is("(declare-const x Int)\n(assert (+ x true))", "t.smt2:2:9:"));
  CHECK(error_is("(assert\n  (and true\n    (foo 1)))", "t.smt2:3:6: unknown function symbol 'foo'"));
  CHECK(error_is("(assert true", "t.smt2:1:13: expected ')' after the asserted term, found end of input"));
  CHECK(error_is("(check-sat) )", "t.smt2:1:13: expected '(' starting a command, found ')'"));
  CHECK(error_is("(frobnicate)", "t.smt2:1:2: unknown command 'frobnicate'"));
  CHECK(error_is("(declare-const x Int)(declare-const x Int)", "t.smt2:1:37: 'x' is already declared"));
  CHECK(error_is("(declare-const x Foo)", "t.smt2:1:18: unknown sort 'Foo'"));
  CHECK(error_is("(assert (> 1 \"s\"))", "t.smt2:1:14: string literals"));
  CHECK(error_is("(assert (let ((x 1) y) x))", "t.smt2:1:21: expected '(' or ')'"));
  CHECK(error_is("(assert 5)", "t.smt2:1:9: an assertion must be Boolean"));
  CHECK(error_is("(echo \"abc)", "t.smt2:1:7: unterminated string literal"));
  CHECK(error_is("(assert (and true #q))", "t.smt2:1:19: expected #x or #b"));
  CHECK(error_is("(get-interpolant true)", "t.smt2:1:2: get-interpolant needs at least two"));
}

/* Nesting far beyond the C stack's recursion depth. */
static void test_deep_nesting(void) {
  enum { DEPTH = 200000 };
  size_t len = 30 + DEPTH * 7;
  char *s = malloc(len);
  CHECK(s != NULL);
  if (!s) return;
  char *w = s;
  w += sprintf(w, "(declare-const b Bool)(assert ");
  for (int i = 0; i < DEPTH; i++) w += sprintf(w, "(not ");
  w += sprintf(w, "b");
  for (int i = 0; i < DEPTH; i++) *w++ = ')';
  w += sprintf(w, ")");
  run_t r = run(s);
  CHECK(r.st == SMTLIB_EOF && r.ncmds == 2);
  CHECK(r.last == SMTLIB_ASSERT);
  smtlib_free(r.p);
  free(s);
}

/* declare-datatypes: mutually recursive sorts, constructors (nullary ones
 * as constants), selectors, testers ((_ is C) and is-C), folding, errors. */
static void test_datatypes(void) {
  const char *decls = "(declare-datatypes ((Lst 0) (Nat 0)) (((cons (hd Nat) (tl Lst)) (nil))"
                      " ((Z) (S (pred Nat)))))\n(declare-datatype Pair ((pair (fst Int) (snd Bool))))\n"
                      "(declare-const l Lst)\n";
  term_t t = parse_with(decls, "(= l (cons (S Z) nil))");
  CHECK(t != NULL_TERM && prints_as(t, "(= l (cons (S Z) nil))"));
  type_t lst = t != NULL_TERM ? term_type(term_arg(t, 0)) : NULL_TYPE;
  CHECK(lst != NULL_TYPE && type_kind_of(lst) == TYPE_DATATYPE && type_dt_nctors(lst) == 2);
  CHECK(lst != NULL_TYPE && type_kind_of(type_dt_field_type(lst, 0, 0)) == TYPE_DATATYPE);
  CHECK(prints_as(parse_with(decls, "((_ is cons) l)"), "(is-cons l)"));
  CHECK(prints_as(parse_with(decls, "(is-nil l)"), "(is-nil l)"));
  CHECK(prints_as(parse_with(decls, "(hd l)"), "(hd l)"));
  /* selectors and testers fold on constructor terms */
  CHECK(prints_as(parse_with(decls, "(pred (hd (cons (S Z) l)))"), "Z"));
  CHECK(prints_as(parse_with(decls, "((_ is nil) (cons Z l))"), "false"));
  CHECK(prints_as(parse_with(decls, "(= nil (cons Z l))"), "false"));
  CHECK(prints_as(parse_with(decls, "(fst (pair 3 true))"), "3"));
  /* a record has one constructor: its tester always holds */
  CHECK(prints_as(parse_with(decls, "(forall ((p Pair)) ((_ is pair) p))"), "true"));
  CHECK(error_is("(declare-datatypes ((L 0)) (((c (h Int))))) (assert (= (c true) (c 1)))",
                 "t.smt2:1:56: argument 1 of constructor 'c' has the wrong sort"));
  CHECK(error_is("(declare-datatypes ((L 1)) ((par (T) ((c (h T))))))", "t.smt2:1:24: parametric datatypes"));
  CHECK(error_is("(declare-datatypes ((L 0)) (((c (h Int))))) (assert (= (c 1) ((_ is d) (c 1))))",
                 "t.smt2:1:69: 'd' is not a datatype constructor"));
  CHECK(error_is("(declare-datatypes ((L 0)) (((c (h Int))))) (assert (= c c))", "t.smt2:1:56: 'c' needs arguments"));
}

/* The shape the CHC front end consumes: predicates and quantified clauses. */
static void test_horn_clauses(void) {
  const char *s = "(set-logic HORN)(declare-fun inv (Int Int) Bool)\n"
                  "(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 0)) (inv x y))))\n"
                  "(assert (forall ((x Int) (y Int) (x1 Int)) (=> (and (inv x y) (= x1 (+ x 1))) (inv x1 y))))\n"
                  "(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (< x 0)) false)))\n(check-sat)";
  smtlib_parser *p = smtlib_new_string("t.smt2", s, strlen(s));
  smtlib_cmd c;
  CHECK(smtlib_next(p, &c) == SMTLIB_OK && c.kind == SMTLIB_SET_LOGIC);
  CHECK(smtlib_next(p, &c) == SMTLIB_OK && c.kind == SMTLIB_DECLARE_FUN);
  term_t inv = c.term;
  CHECK(type_kind_of(term_type(inv)) == TYPE_FUN && type_fun_arity(term_type(inv)) == 2);
  CHECK(smtlib_lookup(p, "inv") == inv);
  for (int i = 0; i < 3; i++) {
    CHECK(smtlib_next(p, &c) == SMTLIB_OK && c.kind == SMTLIB_ASSERT);
    CHECK(term_op_of(c.term) == OP_FORALL);
    uint32_t n = term_nargs(c.term);
    CHECK(n >= 3);
    for (uint32_t j = 0; j + 1 < n; j++) CHECK(term_is_var(term_arg(c.term, j)));
  }
  CHECK(smtlib_next(p, &c) == SMTLIB_OK && c.kind == SMTLIB_CHECK_SAT);
  CHECK(smtlib_next(p, &c) == SMTLIB_EOF);
  /* the symbol table API */
  CHECK(smtlib_lookup_sort(p, "Int") == type_int());
  CHECK(smtlib_lookup_sort(p, "Nope") == NULL_TYPE);
  CHECK(smtlib_bind(p, "k", term_int(42)));
  CHECK(smtlib_parse_term(p, "(+ k 1)") == term_int(43));
  CHECK(smtlib_parse_term(p, "(inv k k)") == term_apply(inv, 2, (term_t[]){term_int(42), term_int(42)}));
  smtlib_free(p);
}

int main(void) {
  RUN(test_lexer_tokens);
  RUN(test_lexer_errors);
  RUN(test_lexer_chunks);
  RUN(test_big_literals_roundtrip);
  RUN(test_let_shadowing);
  RUN(test_quantifier_scoping);
  RUN(test_quoted_symbols);
  RUN(test_indexed_ops);
  RUN(test_arith_coercion);
  RUN(test_define_fun_macro);
  RUN(test_define_sort);
  RUN(test_commands);
  RUN(test_annotations);
  RUN(test_error_positions);
  RUN(test_deep_nesting);
  RUN(test_horn_clauses);
  RUN(test_datatypes);
  terms_reset();
  return CHECK_DONE();
}
