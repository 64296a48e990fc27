/* MCC property files (<property-set xmlns="http://mcc.lip6.fr/">) for the
 * reachability examinations: exists-path/finally and all-paths/globally over
 * Boolean combinations of integer-le (tokens-count, integer-constant and
 * their sums/differences), is-fireable, deadlock, true and false. Other
 * temporal shapes are kept as "unsupported" properties (CANNOT_COMPUTE);
 * malformed input is an error with file:line:column. */
#ifndef ZETA_FRONTEND_MCC_PROPERTY_H
#define ZETA_FRONTEND_MCC_PROPERTY_H
#include "lang/petri/petri_pred.h"

typedef enum { MCC_EF, MCC_AG } mcc_quant;

typedef struct {
  char *id;
  mcc_quant quant;
  petri_pred *phi;         /* state formula under the quantifier; NULL if unsupported */
  char unsupported[128];   /* why, when phi is NULL */
} mcc_property;

typedef struct { mcc_property *props; size_t n; } mcc_property_set;

bool mcc_read_file(const char *path, const petri_net *net, mcc_property_set *out, petri_diag *d);
bool mcc_read_string(const char *text, size_t len, const char *name, const petri_net *net,
                     mcc_property_set *out, petri_diag *d);
/* The ReachabilityDeadlock examination as one property EF deadlock. */
bool mcc_deadlock_property(const char *id, mcc_property_set *out);
void mcc_property_set_free(mcc_property_set *s);

/* The marking predicate to search for: phi for EF, not phi for AG. Finding a
 * reachable target means EF is TRUE, AG is FALSE. NULL on allocation failure. */
petri_pred *mcc_target(const mcc_property *p);
#endif
