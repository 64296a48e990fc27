/* --sol-mode modular: every public function of every contract checked on
 * its own against its annotations (solc-verify's semantics; the VCs are
 * sol_lower_modular's loop-free Horn systems, solved per function with
 * the Solidity portfolio). Output: one line per function
 * `Contract::function: OK|ERROR|SKIPPED (reason)`, each ERROR followed by
 * its failing checks `File.sol:LINE:COL: message` and argument values. */
#ifndef ZETA_LANG_SOL_MODULAR_H
#define ZETA_LANG_SOL_MODULAR_H
#include "core/limits.h"
#include "core/options.h"
#include "core/report.h"
#include "ir/chc.h"
#include "engine/chc_engine.h"
#include "lang/sol/sol_annot.h"

int sol_modular_check(const sol_ast *a, const sol_annots *an, const zeta_options *o, const zeta_limits *lim, report *r);
#endif
