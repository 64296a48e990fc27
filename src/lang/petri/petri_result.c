/* Engine results and limits shared by the Petri-net engines. */
#include "lang/petri/petri_result.h"
#include <stdlib.h>
#include <string.h>

void petri_result_init(petri_result *r) { memset(r, 0, sizeof *r); }

void petri_result_free(petri_result *r) {
  free(r->trace);
  r->trace = NULL;
  r->ntrace = 0;
}

bool petri_limits_expired(const petri_limits *l) { return l && l->deadline > 0 && petri_now() > l->deadline; }
