/* Explicit-value domain: a state maps each tracked variable to a value or
 * to "unknown" (top). The precision lists the variables to track.
 * maxenum K >= 1: successors are enumerated with the solver, at most K per
 * step (more: fall back to the classic successor, unknown values as top);
 * K = 0: no bound (enumeration capped at EXPL_ENUM_CAP models); K = -1:
 * classic explicit analysis by evaluation, without the solver. */
#ifndef ZETA_ANALYSIS_EXPL_DOMAIN_H
#define ZETA_ANALYSIS_EXPL_DOMAIN_H
#include "analysis/domain.h"

#define EXPL_ENUM_CAP 1000

domain *expl_domain_new(cfa *c, solver *s, const zeta_limits *lim, long maxenum);
#endif
