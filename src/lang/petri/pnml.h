/* PNML reader for place/transition nets (streamed with expat).
 *
 * Accepts the 2009 grammar (namespaces, pages, reference nodes) and the
 * older namespace-free variants (EPNML11, Petri.NET exports): weights from
 * <inscription><text>, <inscription><value> or Petri.NET's
 * <toolspecific><weight>; inhibitor arcs from <type value="inhibitor"/>,
 * <type><text>inhibitor</text></type> or TAPAAL's type="tapnInhibitor";
 * read/test arcs as a pair of opposite arcs. Coloured nets are rejected.
 * Errors carry file:line:column. */
#ifndef ZETA_FRONTEND_PNML_H
#define ZETA_FRONTEND_PNML_H
#include "lang/petri/petri.h"

petri_net *pnml_read_file(const char *path, petri_diag *d);
/* name is used as the file name in diagnostics. */
petri_net *pnml_read_string(const char *text, size_t len, const char *name, petri_diag *d);
#endif
