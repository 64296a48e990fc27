/* Control flow automata: variables (index-0 terms), locations and edges
 * labelled with statement sequences.
 *
 * Statements: `x := e` (CFA_ASSIGN), `assume e` (CFA_ASSUME), `havoc x`
 * (CFA_HAVOC). An edge runs its statements in sequence. Variables start
 * with arbitrary values. The error location is the bad state; the final
 * location (optional) has no meaning for safety.
 *
 * Transformations work in place and renumber locations and edges:
 * cfa_lbe (large-block encoding: chains of single-in/single-out locations
 * become one edge), cfa_prune (drop locations that cannot reach the error
 * location). cfa_error_distance gives each location's syntactic distance
 * to the error location. The formula of an edge or path is in cfa_path.h.
 */
#ifndef ZETA_MODEL_CFA_H
#define ZETA_MODEL_CFA_H
#include "core/term.h"
#include "core/term_map.h"

#define CFA_NONE UINT32_MAX

/* CFA_CHOICE (made by cfa_lbe from parallel edges, not in the input
 * language): runs one of its alternative statement sequences. */
typedef enum { CFA_ASSIGN, CFA_ASSUME, CFA_HAVOC, CFA_CHOICE } cfa_stmt_kind;

struct cfa_block;
struct cfa_call;
typedef struct {
  cfa_stmt_kind kind;
  term_t var;    /* ASSIGN, HAVOC: the variable (index 0) */
  term_t expr;   /* ASSIGN: the value; ASSUME: the condition */
  struct cfa_block *alts;   /* CHOICE: nalts sequences, owned */
  uint32_t nalts;
} cfa_stmt;

typedef struct cfa_block {
  cfa_stmt *stmts;
  uint32_t n;
} cfa_block;

typedef struct {
  uint32_t src, dst;
  cfa_stmt *stmts;
  uint32_t nstmts;
  term_t formula;   /* cache of cfa_edge_formula (NULL_TERM until built) */
  struct cfa_call *call;   /* a procedure call (ir/cfa_proc.h), owned; NULL
                              on every edge of a single-procedure cfa */
} cfa_edge;

typedef struct {
  char *name;
  bool is_init, is_final, is_error;
  uint32_t *out, nout;   /* outgoing edge indices (cfa_index) */
  uint32_t *in, nin;     /* incoming edge indices */
} cfa_loc;

typedef struct cfa {
  char *name;
  term_vec vars;
  term_map var_pos;   /* variable -> its position in vars (cfa_var_index) */
  cfa_loc *locs;
  uint32_t nlocs, cap_locs;
  cfa_edge *edges;
  uint32_t nedges, cap_edges;
  uint32_t init, error, final;   /* CFA_NONE when absent */
  /* Edge formulas may leave free the values that variables dead after a
   * choice get from it, instead of joining them (cfa_path.h): linear
   * rather than quadratic in nested choices (inlined recursion). For
   * programs whose traces are replayed on their own lowered form (C). */
  bool free_dead_joins;
} cfa;

void cfa_init(cfa *c, const char *name);
void cfa_free(cfa *c);

/* Adds a variable (index-0 term); returns its position. */
uint32_t cfa_add_var(cfa *c, term_t v);
/* Position of v in c->vars, or CFA_NONE. */
uint32_t cfa_var_index(const cfa *c, term_t v);
/* Adds a location; flags set afterwards through cfa_set_* or directly. */
uint32_t cfa_add_loc(cfa *c, const char *name);
uint32_t cfa_find_loc(const cfa *c, const char *name);   /* CFA_NONE if absent */
/* Copies the statements (deeply: CHOICE alternatives too). */
uint32_t cfa_add_edge(cfa *c, uint32_t src, uint32_t dst, const cfa_stmt *stmts, uint32_t n);
/* Frees a statement array with its choices' alternatives. */
void cfa_stmts_free(cfa_stmt *s, uint32_t n);
/* Rebuilds the in/out edge lists and init/error/final from the flags; call
 * after building and after every transformation (they call it). */
void cfa_index(cfa *c);

/* Large-block encoding, to a fixpoint: a location with exactly one
 * incoming and one outgoing edge (not init/error/final, no self loop)
 * becomes one edge running both statement lists; parallel edges (same
 * source and target) become one edge with a CHOICE of their lists. */
void cfa_lbe(cfa *c);
/* cfa_lbe that also hoists error edges: when a location's only way in is
 * K -a-> l, its edges l -b-> error become K -a;b-> error, and a location
 * that only leads into the error (C's shared `ERROR:` label) passes every
 * way in on to the error. Checks inside a loop body so climb to the loop
 * head and the body becomes one edge: what the transition-system engines
 * want (k-induction's k and PDR's frames count edges). Not for CEGAR: a
 * whole loop's checks in one disjunctive edge give worse interpolants
 * (seed-countdown). Locations unreachable from init are dropped first. */
void cfa_lbe_hoisted(cfa *c);
/* A deep copy of src (statements and calls). */
void cfa_copy(const cfa *src, cfa *dst);
/* Removes locations (other than init) from which the error location is
 * unreachable, and their edges. */
void cfa_prune(cfa *c);
/* No cycle through any location (every path is at most nlocs long). */
bool cfa_acyclic(const cfa *c);
/* dist[l] = number of edges on a shortest path from l to the error
 * location, UINT32_MAX when unreachable. *dist malloc'd (nlocs entries). */
void cfa_error_distance(const cfa *c, uint32_t **dist);

/* Prints the CFA in the textual CFA language. */
void cfa_print(FILE *out, const cfa *c);
/* c in the CFA language's own syntax (what the CFA reader reads back to
 * the same model); false, with the reason in why, when c holds something
 * that syntax cannot say (a choice made by cfa_lbe, an operator without
 * CFA syntax, an indexed variable); then nothing is written. */
bool cfa_write(FILE *out, const cfa *c, char *why, size_t len);
void cfa_print_stmt(FILE *out, const cfa_stmt *s);
#endif
