/* Bounded model checking of a TLA+ model on the step-wise encoding
 * (tla_sym.h, Apalache's incremental mode): one solver; per depth k the
 * invariants of state k (and an evaluation error of the step from it) are
 * asked under a push, then the step is asserted and the next one
 * translated from the new state's values. */
#ifndef ZETA_LANG_TLA_BMC_H
#define ZETA_LANG_TLA_BMC_H
#include "core/limits.h"
#include "lang/tla/tla_model.h"
#include "lang/tla/tla_sym.h"

typedef enum {
  TLA_BMC_BOUND,          /* no violation in executions of at most `bound` steps */
  TLA_BMC_ENDS,           /* no execution reaches depth `depth` (and none failed before) */
  TLA_BMC_VIOLATION,      /* trace: an invariant fails (or its evaluation: the replay decides) */
  TLA_BMC_DEADLOCK,       /* trace: a state without successors (TLC's deadlock) */
  TLA_BMC_ERROR,          /* trace: from its last state an evaluation error is reachable */
  TLA_BMC_PROVED,         /* no violation at any depth: the steps are inductive from depth proved_from on */
  TLA_BMC_UNKNOWN         /* msg says why */
} tla_bmc_outcome;

typedef struct {
  tla_bmc_outcome outcome;
  uint32_t depth;                 /* the deepest depth whose states were checked */
  uint32_t arrays;                /* set values encoded as SMT arrays */
  uint32_t approx;                /* CHOOSE picks over-approximated (tla_steps_approx) */
  uint32_t merged;                /* sets of records merged per value (tla_steps_merged) */
  bool rerun;                     /* run again without the integer window (a merged set lost an element) */
  uint32_t relative;              /* path queries answered relative to the invariants (tla_bmc.c `relative`) */
  uint32_t path_known;            /* depths whose path queries an earlier run answered (tla_bmc.c `path_log`) */
  uint32_t err_on_path;           /* depths whose step's evaluation errors were asked on the path (the
                                     relative check did not answer them) */
  uint32_t split_disjuncts;       /* the disjuncts of the path queries split by the relative step (tla_bmc.c */
  uint32_t split_asked;           /* `residual`), those of them the path asked */
  uint32_t split_rounds;          /* residual's solver queries (the first round taken from the check's model) */
  uint32_t path_combined;         /* depths whose invariants and step's errors were one path query */
  uint32_t path_witnessed;        /* depths that an execution by the explicit engine was found to reach
                                     (no solver query for whether the path goes on) */
  size_t sample;                  /* the layout sample's states (tla_sym_sample_size), and why it stopped */
  sample_cut sample_cut;
  uint32_t facts, facts_kept;     /* candidate facts (tla_bmc.c `facts`), those proved at the last depth */
  uint32_t elem_facts, elem_kept; /* the element facts among them (tla_cand.elem), those proved at the last depth */
  uint32_t houdini_rounds;        /* the facts' solver queries; the candidates dropped by their models, */
  uint32_t by_model, by_succ, by_explored;   /* the models' states' successors, states explored from those */
  uint32_t sums;                  /* counting candidates among them (used only by a second run: `counting`) */
  bool counting;                  /* the answer of the second run, with the counting facts */
  bool hopeless;                  /* stopped: its proof could not come any more (tla_bmc.c `bmc_run`) */
  bool first_hopeless;            /* with `counting`: the first run stopped so (at first_depth) */
  uint32_t first_depth;           /* with `counting`: the depth the first run stopped at (or reached) */
  bool proved;                    /* one of them held: no violation at any depth (also with BOUND, ENDS) */
  uint32_t proved_from;           /* the first depth of those steps */
  const tla_val **trace;          /* malloc'd; states from an initial one */
  size_t ntrace;
  tla_hint *hints;                /* malloc'd: the witnesses leading to state j are */
  size_t *hint_at;                /* hints[hint_at[j] .. hint_at[j + 1]) (tla_replay) */
  char msg[1200];
} tla_bmc_result;

/* tlc_deadlock: look for states without successors at every depth.
 * need_paths: the executions up to the bound must be shown even when the
 * invariants are proved for all depths (Apalache's deadlock with a length). */
/* backend: the solver (NULL: Z3 in-process; see solver_new). */
/* use: the answer of --algorithm bmc, or a stage of --algorithm inductive
 * (only a proof is an answer there: a run stops as soon as it cannot prove
 * any more); before later stages (they need time) the counting facts'
 * second run gets half of the time left at most, as the last stage all. */
typedef enum { TLA_BMC_ANSWER, TLA_BMC_STAGE, TLA_BMC_LAST_STAGE } tla_bmc_use;
/* How much the budgets' fixed floors (seconds of wall time) are stretched
 * after wall seconds in which the process used cpu seconds: wall / cpu,
 * within [1, 10]; 1 while cpu < 0.05 (tla_bmc.c `load_stretch`). */
double tla_bmc_stretch(double wall, double cpu);
/* A relative check's budget (wall s): the depth's budget, or
 * TLA_BMC_RELATIVE_GROWTH times the same check's last useful answer
 * (last, 0: none) if more (tla_bmc.c `grown`). */
#define TLA_BMC_RELATIVE_GROWTH 8
double tla_bmc_relative_budget(double budget, double last);
/* The process's wall and CPU seconds at a start, for the ratio above. */
typedef struct { double wall0, cpu0; } tla_load_clock;
tla_load_clock tla_load_clock_start(void);
double tla_load_stretch(const tla_load_clock *c);
/* A deadline for a share of the time left (fraction of it) that stands
 * for CPU time: the share times the stretch, never past lim's deadline
 * (0: none); under load a share of wall time was less work, so the
 * answers depended on the load (APnbacg_guer01's inductive stage). */
double tla_stretched_deadline(const zeta_limits *lim, double fraction, double stretch);
void tla_bmc(tla_model *m, uint32_t bound, bool tlc_deadlock, bool need_paths, tla_bmc_use use, const char *backend,
             const zeta_limits *lim, tla_bmc_result *r);
void tla_bmc_result_free(tla_bmc_result *r);
#endif
