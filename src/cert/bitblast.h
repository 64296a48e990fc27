/* Bit-vector atoms in the skeleton (skel.c), bit-blasted: every bit-vector
 * term becomes a vector of propositional literals (Tseitin-encoded gates),
 * so a bit-vector query is refuted by CaDiCaL with a checked RUP proof and
 * no theory lemma at all. Division, remainder and the like stay opaque
 * (fresh bits: a sound abstraction). Deterministic in the terms'
 * structure, like the rest of the encoding. */
#ifndef ZETA_CERT_BITBLAST_H
#define ZETA_CERT_BITBLAST_H
#include "core/term.h"

typedef struct skel skel;
typedef struct bitblaster bitblaster;

bitblaster *bitblast_new(skel *k);
void bitblast_free(bitblaster *b);
/* Is t (unsigned) a bit-vector atom: =, distinct, or a comparison? */
bool bitblast_is_atom(term_t t);
/* The literal of bit-vector atom t (unsigned); 0 when its width is beyond
 * the bound. */
int bitblast_atom(bitblaster *b, term_t t);
#endif
