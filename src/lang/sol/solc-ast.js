// Compiles one Solidity file with the pinned solc-js (deps/node_modules/solc)
// and prints solc's standard-JSON compact AST of it on stdout (resolved
// names, types, linearizedBaseContracts). Compile errors: each error as
// "file:line:column: message" on stderr, exit 2. Usage: node solc-ast.js FILE
// [TEXT]: with TEXT, the source is TEXT's content under FILE's name (an
// instrumented copy, see sol_annot.c).
'use strict';
const fs = require('fs');
const path = require('path');
const file = process.argv[2];
// deps/: ZETA_DEPS, else next to this file (installed: PREFIX/share/zeta),
// else the source tree's (src/lang/sol -> deps)
const deps = process.env.ZETA_DEPS ||
  [path.join(__dirname, 'deps'), path.join(__dirname, '..', '..', '..', 'deps')].find((d) => fs.existsSync(d)) ||
  path.join(__dirname, '..', '..', '..', 'deps');
let solc;
try {
  solc = require(path.join(deps, 'node_modules', 'solc'));
} catch (e) {
  process.stderr.write('zeta: solc-js not found under ' + deps + ' (run scripts/setup.sh)\n');
  process.exit(3);
}
let src;
try {
  src = fs.readFileSync(process.argv[3] || file, 'utf8');
} catch (e) {
  process.stderr.write('zeta: ' + file + ': cannot open\n');
  process.exit(2);
}
// `pragma experimental SMTChecker;` makes solc run its own model checker
// while compiling (seconds of CPU): blanked out, offsets kept
src = src.replace(/pragma\s+experimental\s+SMTChecker\s*;/g, (m) => m.replace(/[^\n]/g, ' '));
const input = {
  language: 'Solidity',
  sources: { [file]: { content: src } },
  settings: { outputSelection: { '*': { '': ['ast'] } } },
};
const out = JSON.parse(solc.compile(JSON.stringify(input), { import: () => ({ error: 'imports are not supported' }) }));
// line:column of a byte offset (solc counts bytes; columns are 1-based)
const buf = Buffer.from(src, 'utf8');
function pos(off) {
  let line = 1, col = 1;
  for (let i = 0; i < off && i < buf.length; i++) {
    if (buf[i] === 10) { line++; col = 1; } else col++;
  }
  return line + ':' + col;
}
let bad = false;
for (const e of out.errors || []) {
  if (e.severity !== 'error') continue;
  bad = true;
  const loc = e.sourceLocation;
  const where = loc ? (loc.file || file) + ':' + pos(loc.start) : file + ':1:1';
  process.stderr.write(where + ': ' + e.type + ': ' + e.message + '\n');
}
if (bad) process.exit(2);
process.stdout.write(JSON.stringify(out.sources[file].ast));
