/* The TLA+ syntax tree zeta evaluates: tree-sitter's concrete tree
 * (@tlaplus/tree-sitter-tlaplus) with comments and punctuation dropped, node
 * types as an enum, field names kept per child and identifier texts
 * interned (pointer equality = name equality). */
#ifndef ZETA_LANG_TLA_AST_H
#define ZETA_LANG_TLA_AST_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "core/diag.h"

#define TLA_KINDS(K)                                                                                           \
  K(other) K(source_file) K(module) K(extends) K(identifier) K(identifier_ref) K(nat_number) K(string)          \
  K(boolean) K(bound_infix_op) K(bound_prefix_op) K(bound_postfix_op) K(bound_op) K(bound_nonfix_op)              \
  K(conj_list) K(conj_item) K(disj_list) K(disj_item) K(parentheses) K(if_then_else) K(case) K(case_arm)       \
  K(other_arm) K(let_in) K(bounded_quantification) K(unbounded_quantification) K(quantifier_bound)              \
  K(tuple_of_identifiers) K(choose) K(finite_set_literal) K(set_filter) K(set_map) K(function_literal)           \
  K(set_of_functions) K(record_literal) K(set_of_records) K(function_evaluation) K(record_value) K(except)        \
  K(except_update) K(except_update_specifier) K(except_update_fn_appl) K(except_update_record_field)             \
  K(prev_func_val) K(tuple_literal) K(step_expr_or_stutter) K(step_expr_no_stutter) K(prefixed_op)               \
  K(subexpr_prefix) K(subexpr_component) K(operator_definition) K(function_definition) K(module_definition)     \
  K(local_definition) K(instance) K(substitution) K(operator_declaration) K(constant_declaration)               \
  K(variable_declaration) K(assumption) K(theorem) K(nat_number_set) K(int_number_set) K(real_number_set)       \
  K(boolean_set) K(string_set) K(lambda) K(label) K(recursive_declaration) K(placeholder) K(hex_number)           \
  K(binary_number) K(octal_number) K(real_number) K(infix_op_symbol) K(prefix_op_symbol) K(postfix_op_symbol)     \
  K(operator_args) K(fairness) K(plus) K(minus) K(mul) K(slash) K(div) K(mod) K(pow) K(lt) K(gt) K(leq) K(geq)    \
  K(eq) K(neq) K(in) K(notin) K(land) K(lor) K(implies) K(equiv) K(iff) K(cup) K(cap) K(setminus) K(subseteq)     \
  K(subset) K(supseteq) K(supset) K(times) K(dots_2) K(circ) K(map_to) K(compose) K(map_from) K(lnot)            \
  K(negative) K(domain) K(powerset) K(union) K(prime) K(unchanged) K(enabled) K(always) K(eventually)             \
  K(leads_to) K(plus_arrow) K(sup_plus) K(asterisk) K(sup_hash) K(amp) K(ampamp) K(plusplus) K(minusminus)        \
  K(modmod) K(ll) K(gg) K(vert) K(dol) K(doldol) K(cdot) K(exists) K(forall) K(temporal_exists)                   \
  K(temporal_forall) K(module_ref) K(escape_char) K(proof) K(use_or_hide) K(mulmul) K(slashslash) K(hashhash)     \
  K(powpow) K(sqcap) K(sqcup) K(oplus) K(ominus) K(otimes) K(odot) K(oslash) K(uplus) K(star) K(bigcirc) K(bullet) \
  K(prec) K(succ) K(preceq) K(succeq) K(sqsubset) K(sqsupset) K(sqsubseteq) K(sqsupseteq) K(wr) K(ld_ttile)       \
  K(rd_ttile) K(ls_ttile) K(rs_ttile) K(dots_3) K(colon) K(excl) K(sim) K(simeq) K(asymp) K(approx) K(cong)       \
  K(doteq) K(propto) K(qq) K(vertvert) K(assign) K(format)

typedef enum {
#define TLA_K_ENUM(x) TK_##x,
  TLA_KINDS(TLA_K_ENUM)
#undef TLA_K_ENUM
  TK_COUNT
} tla_kind;

typedef enum {
  TF_NONE, TF_LHS, TF_RHS, TF_SYMBOL, TF_NAME, TF_PARAMETER, TF_DEFINITION, TF_BOUND, TF_EXPRESSION, TF_QUANTIFIER,
  TF_INTRO, TF_SET, TF_IF, TF_THEN, TF_ELSE, TF_DEFINITIONS, TF_FILTER, TF_GENERATOR, TF_MAP, TF_NEW_VAL,
  TF_UPDATE_SPECIFIER, TF_EXPR_TO_UPDATE, TF_OP, TF_PREFIX
} tla_field;

typedef struct tla_node tla_node;
struct tla_node {
  tla_kind kind;
  uint8_t field;          /* this node's field in its parent (tla_field) */
  uint8_t level;          /* 0 unknown, 1 no primes below, 2 primes/UNCHANGED below */
  uint32_t line, col;     /* 1-based */
  const char *file;       /* the file's name, for messages */
  const char *text;       /* interned: identifiers, numbers, strings (unquoted), kind name otherwise */
  uint32_t n;
  tla_node **kid;
  /* the evaluator's resolution of the name this node applies, past the
   * environment, for context rc_ctx (tla_eval.c resolve_at; valid while
   * rc_gen is tla_ctx_generation) */
  const void *rc_ctx, *rc_name;
  void *rc_ptr, *rc_ptr2;
  uint32_t rc_gen;
  int32_t rc_idx;
  uint8_t rc_kind;
};

/* One parsed file: its nodes live in an arena freed with the file. */
typedef struct tla_file tla_file;
tla_file *tla_parse_file(const char *path, diag *d);
/* Parses text (named for messages). */
tla_file *tla_parse_text(const char *name, const char *text, size_t len, diag *d);
tla_node *tla_file_root(const tla_file *f);
const char *tla_file_name(const tla_file *f);
void tla_file_free(tla_file *f);

const char *tla_kind_name(tla_kind k);
/* The first child with this field (NULL if none; inline: the evaluator
 * asks for every operator's operands, 3 % of SlushSmall's run as a call). */
static inline tla_node *tla_field_kid(const tla_node *n, tla_field fl) {
  for (uint32_t i = 0; i < n->n; i++)
    if (n->kid[i]->field == fl) return n->kid[i];
  return NULL;
}
/* Interned string: equal texts give the same pointer (global table). */
const char *tla_intern(const char *s, size_t len);

#endif
