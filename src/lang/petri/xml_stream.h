/* Streams a file through an expat parser in fixed-size chunks, so XML
 * inputs (PNML nets, MCC property files) are read in constant memory. */
#ifndef ZETA_FRONTEND_XML_STREAM_H
#define ZETA_FRONTEND_XML_STREAM_H
#include <expat.h>
#include <stdbool.h>
#include <stdio.h>

/* False when expat reports an error (its position is in the parser). */
bool xml_stream_parse(XML_Parser xp, FILE *f);
#endif
