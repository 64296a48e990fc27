/* The MCC formula reader (expat, streamed) against a fixed small net:
 * rejects with a position. Formulas it reads but cannot check are
 * CANNOT_COMPUTE, not errors. */
#include "fuzz.h"
#include "lang/petri/mcc_property.h"
#include "lang/petri/pnml.h"

static const char net_text[] =
  "<pnml xmlns=\"http://www.pnml.org/version-2009/grammar/pnml\"><net id=\"N\" "
  "type=\"http://www.pnml.org/version-2009/grammar/ptnet\"><page id=\"g\">"
  "<place id=\"p0\"><initialMarking><text>1</text></initialMarking></place><place id=\"p1\"/>"
  "<transition id=\"t0\"/><transition id=\"t1\"/>"
  "<arc id=\"a0\" source=\"p0\" target=\"t0\"/><arc id=\"a1\" source=\"t0\" target=\"p1\"/>"
  "<arc id=\"a2\" source=\"p1\" target=\"t1\"><inscription><text>2</text></inscription></arc>"
  "<arc id=\"a3\" source=\"t1\" target=\"p0\"/></page></net></pnml>";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static petri_net *net;
  petri_diag d = {0};
  if (!net) {
    net = pnml_read_string(net_text, sizeof net_text - 1, "net", &d);
    if (!net) fuzz_fail("the harness's net", d.message);
  }
  mcc_property_set ps = {0};
  if (!mcc_read_string((const char *)data, size, FUZZ_NAME, net, &ps, &d)) {
    char msg[700];
    snprintf(msg, sizeof msg, "%s:%lu:%lu: %s", d.file ? d.file : "?", d.line, d.column, d.message);
    if (!d.file || d.line == 0 || d.column == 0) fuzz_fail("error without a position", msg);
    fuzz_positioned(msg);
  }
  for (size_t i = 0; i < ps.n; i++)
    if (ps.props[i].phi) pred_free(mcc_target(&ps.props[i]));
  mcc_property_set_free(&ps);
  return 0;   /* the net's terms stay: no fuzz_done */
}
