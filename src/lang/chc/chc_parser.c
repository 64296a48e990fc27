#include "lang/chc/chc_parser.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "core/alloc.h"
#include "core/term_map.h"
#include "core/smtlib.h"

typedef struct {
  chc_system *sys;
  term_map predmap;       /* predicate symbol -> index */
  /* clause under construction */
  term_vec constraint;    /* conjuncts */
  term_vec body_apps;     /* predicate applications of the body */
  term_t head;            /* NULL_TERM: false */
  bool trivial;           /* a true disjunct: the clause holds */
  const char *err;        /* static reason */
} conv;

static uint32_t pred_of(conv *c, term_t t) {
  if (term_is_negated(t)) return CHC_FALSE;
  term_t sym = NULL_TERM;
  if (term_op_of(t) == OP_APPLY) sym = term_arg(t, 0);
  else if (term_op_of(t) == OP_VAR) sym = t;
  if (sym == NULL_TERM) return CHC_FALSE;
  int32_t v = term_map_get(&c->predmap, sym);
  return v < 0 ? CHC_FALSE : (uint32_t)v;
}

/* Does t mention a predicate symbol? */
static bool mentions_pred(conv *c, term_t t) {
  term_t *vs;
  uint32_t n = term_free_vars_n(1, &t, true, &vs);
  bool found = false;
  for (uint32_t i = 0; i < n && !found; i++) found = term_map_has(&c->predmap, vs[i]);
  free(vs);
  return found;
}

/* Bound variables of quantifier q renamed apart; returns the body. */
static term_t open_quantifier(term_t q, bool fresh) {
  uint32_t n = term_nargs(q);
  term_t body = term_arg(q, n - 1);
  if (!fresh || n < 2) return body;
  term_t *from = xmalloc((n - 1) * sizeof(term_t)), *to = xmalloc((n - 1) * sizeof(term_t));
  for (uint32_t i = 0; i + 1 < n; i++) {
    from[i] = term_arg(q, i);
    to[i] = term_fresh_var(term_var_name(from[i]), term_type(from[i]));
  }
  body = term_subst(body, n - 1, from, to);
  free(from); free(to);
  return body;
}

/* positive: t is a disjunct of the clause; otherwise a conjunct of the body. */
static bool walk(conv *c, term_t t, bool positive) {
  /* explicit stack to survive deep nesting */
  typedef struct { term_t t; bool pos; } item;
  item *stack = NULL;
  size_t n = 0, cap = 0;
  bool ok = true;
  XGROW(stack, cap, n + 1);
  stack[n++] = (item){t, positive};
  while (n && ok) {
    item it = stack[--n];
    term_t u = it.t;
    term_op op = term_op_of(u);
    bool neg = term_is_negated(u);
    term_t base = term_unsigned(u);
    if (op == OP_TRUE) {
      bool val = !neg;
      if (it.pos && val) c->trivial = true;
      if (!it.pos && !val) c->trivial = true;   /* false in the body */
      continue;
    }
    /* a negation flips the side */
    if (neg && (op == OP_AND || op == OP_OR || op == OP_FORALL || op == OP_EXISTS ||
                pred_of(c, base) != CHC_FALSE)) {
      XGROW(stack, cap, n + 1);
      stack[n++] = (item){base, !it.pos};
      continue;
    }
    uint32_t p = pred_of(c, u);
    if (p != CHC_FALSE) {
      if (it.pos) {
        if (c->head != NULL_TERM) { c->err = "more than one predicate in the head: not a Horn clause"; ok = false; }
        c->head = u;
      } else {
        term_vec_push(&c->body_apps, u);
      }
      continue;
    }
    if ((it.pos && op == OP_OR) || (!it.pos && op == OP_AND)) {
      for (uint32_t i = term_nargs(u); i-- > 0;) {
        XGROW(stack, cap, n + 1);
        stack[n++] = (item){term_arg(u, i), it.pos};
      }
      continue;
    }
    if ((it.pos && op == OP_FORALL) || (!it.pos && op == OP_EXISTS)) {
      XGROW(stack, cap, n + 1);
      stack[n++] = (item){open_quantifier(u, true), it.pos};
      continue;
    }
    /* it.pos && (=> a b) is already (or (not a) b); anything else is constraint */
    if (mentions_pred(c, u)) {
      c->err = "predicate application in an unsupported position (not a Horn clause)";
      ok = false;
      continue;
    }
    term_vec_push(&c->constraint, it.pos ? term_not(u) : u);
  }
  free(stack);
  return ok;
}

static char *fmt(const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  char *s = NULL;
  if (vasprintf(&s, f, ap) < 0) s = NULL;
  va_end(ap);
  return s ? s : xstrdup("out of memory");
}

static bool add_clause(conv *c, term_t f, uint32_t line) {
  c->constraint.size = c->body_apps.size = 0;
  c->head = NULL_TERM;
  c->trivial = false;
  c->err = NULL;
  if (term_op_of(f) == OP_FORALL && !term_is_negated(f)) f = open_quantifier(f, false);
  if (!walk(c, f, true)) return false;
  if (c->trivial) return true;
  chc_system *s = c->sys;
  /* build every term first: term_args pointers move when the table grows */
  term_t con = term_and(c->constraint.size, c->constraint.data);
  chc_app *body = xcalloc(c->body_apps.size + 1, sizeof *body);
  for (uint32_t i = 0; i < c->body_apps.size; i++) {
    term_t a = c->body_apps.data[i];
    body[i].pred = pred_of(c, a);
    body[i].args = term_op_of(a) == OP_APPLY ? (term_t *)term_args(a) + 1 : NULL;
  }
  uint32_t head = c->head == NULL_TERM ? CHC_FALSE : pred_of(c, c->head);
  const term_t *hargs = head != CHC_FALSE && term_op_of(c->head) == OP_APPLY ? term_args(c->head) + 1 : NULL;
  chc_add_clause(s, c->body_apps.size, body, con, head, hargs, line);
  free(body);
  return true;
}

static chc_parse_status run(smtlib_parser *p, chc_system *s, char **msg) {
  conv c = {0};
  c.sys = s;
  term_map_init(&c.predmap);
  chc_parse_status st = CHC_PARSE_OK;
  bool horn = false;
  smtlib_cmd cmd;
  for (;;) {
    smtlib_status r = smtlib_next(p, &cmd);
    if (r == SMTLIB_EOF) break;
    if (r == SMTLIB_ERROR) { *msg = xstrdup(smtlib_error(p)); st = CHC_PARSE_ERROR; break; }
    const char *file = smtlib_error(p); (void)file;
    if (cmd.kind == SMTLIB_SET_LOGIC) {
      if (!cmd.name || strcmp(cmd.name, "HORN") != 0) { st = CHC_PARSE_NOT_HORN; break; }
      horn = true;
    } else if (cmd.kind == SMTLIB_DECLARE_FUN) {
      if (!horn) { st = CHC_PARSE_NOT_HORN; break; }
      type_t ty = term_type(cmd.term);
      bool fun = type_kind_of(ty) == TYPE_FUN;
      type_t range = fun ? type_fun_range(ty) : ty;
      if (type_kind_of(range) != TYPE_BOOL) {
        *msg = fmt("%u:%u: '%s' is not a predicate (its range is not Bool); HORN scripts declare only predicates",
                   cmd.line, cmd.col, cmd.name);
        st = CHC_PARSE_ERROR;
        break;
      }
      uint32_t ar = fun ? type_fun_arity(ty) : 0;
      type_t *dom = xmalloc((ar ? ar : 1) * sizeof(type_t));
      for (uint32_t i = 0; i < ar; i++) dom[i] = type_fun_domain(ty, i);
      uint32_t idx = chc_add_pred(s, cmd.name, cmd.term, ar, dom);
      free(dom);
      term_map_put(&c.predmap, cmd.term, (int32_t)idx);
    } else if (cmd.kind == SMTLIB_ASSERT) {
      if (!horn) { st = CHC_PARSE_NOT_HORN; break; }
      if (!add_clause(&c, cmd.term, cmd.line)) {
        *msg = fmt("%u:%u: %s", cmd.line, cmd.col, c.err);
        st = CHC_PARSE_ERROR;
        break;
      }
    } else if (cmd.kind == SMTLIB_PUSH || cmd.kind == SMTLIB_POP || cmd.kind == SMTLIB_GET_INTERPOLANT) {
      *msg = fmt("%u:%u: '%s' is not allowed in a HORN script", cmd.line, cmd.col, cmd.command);
      st = CHC_PARSE_ERROR;
      break;
    }
    /* declare-sort, define-fun (macros), check-sat, get-model, exit, set-info: nothing to do */
  }
  if (st == CHC_PARSE_OK && !horn) st = CHC_PARSE_NOT_HORN;
  term_map_free(&c.predmap);
  term_vec_free(&c.constraint);
  term_vec_free(&c.body_apps);
  return st;
}

/* Positions from run() lack the file name; add it. */
static void prefix_file(const char *file, chc_parse_status st, char **msg) {
  if (st != CHC_PARSE_ERROR || !*msg) return;
  if (strncmp(*msg, file, strlen(file)) == 0) return;  /* smtlib errors already have it */
  char *m = fmt("%s:%s", file, *msg);
  free(*msg);
  *msg = m;
}

chc_parse_status chc_parse(const char *file, FILE *in, chc_system *s, char **msg) {
  *msg = NULL;
  smtlib_parser *p = smtlib_new_file(file, in);
  if (!p) alloc_fail(0);
  chc_parse_status st = run(p, s, msg);
  prefix_file(file, st, msg);
  smtlib_free(p);
  return st;
}

chc_parse_status chc_parse_string(const char *file, const char *text, chc_system *s, char **msg) {
  *msg = NULL;
  smtlib_parser *p = smtlib_new_string(file, text, strlen(text));
  if (!p) { *msg = xstrdup("out of memory"); return CHC_PARSE_ERROR; }
  chc_parse_status st = run(p, s, msg);
  prefix_file(file, st, msg);
  smtlib_free(p);
  return st;
}
