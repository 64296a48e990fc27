#include "lang/petri/xml_stream.h"

bool xml_stream_parse(XML_Parser xp, FILE *f) {
  char buf[1 << 16];
  for (;;) {
    size_t k = fread(buf, 1, sizeof buf, f);
    bool last = k < sizeof buf;
    if (XML_Parse(xp, buf, (int)k, last) != XML_STATUS_OK) return false;
    if (last) return true;
  }
}
