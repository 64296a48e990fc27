#!/usr/bin/env node
// Writes the Horn queries solc's own model checker (SMTChecker, CHC engine,
// assertion targets) asks its solver for one Solidity file:
//   node bench/solc_queries.js FILE.sol OUT [--contract C] [--ext-calls trusted|untrusted]
// Each query goes to OUT.N.smt2 (N from 0; SMT-LIB2 with (set-logic HORN)
// and declare-datatypes records), in the order solc asks them; solc gets
// "unknown" back, so it asks every query it has. Prints the count.
// solc-js (solc@0.8.37) is loaded from deps/node_modules next to this
// script's tree (or SOLC_JS_DIR).
'use strict';
const fs = require('fs');
const path = require('path');
const args = process.argv.slice(2);
if (args.length < 2) {
  console.error('usage: solc_queries.js FILE.sol OUT [--contract C] [--ext-calls trusted|untrusted]');
  process.exit(2);
}
const [file, out] = args;
let contract = null, extCalls = 'untrusted';
for (let i = 2; i < args.length; i++) {
  if (args[i] === '--contract') contract = args[++i];
  else if (args[i] === '--ext-calls') extCalls = args[++i];
}
const deps = process.env.SOLC_JS_DIR || path.join(__dirname, '..', 'deps');
const req = (m) => require(path.join(deps, deps.endsWith('node_modules') ? '' : 'node_modules', m));
const solc = req('solc'), smt = req('solc/smtchecker');
const name = path.basename(file);
const mc = { engine: 'chc', solvers: ['smtlib2'], targets: ['assert'], showUnproved: true, extCalls };
if (contract) mc.contracts = { [name]: [contract] };
const input = {
  language: 'Solidity',
  sources: { [name]: { content: fs.readFileSync(file, 'utf8') } },
  settings: { modelChecker: mc, outputSelection: { '*': { '': [] } } },
};
let n = 0;
const cb = { smtSolver: smt.smtCallback((q) => { fs.writeFileSync(`${out}.${n++}.smt2`, q); return 'unknown\n'; }) };
const res = JSON.parse(solc.compile(JSON.stringify(input), cb));
const errs = (res.errors || []).filter((e) => e.severity === 'error');
if (errs.length) { console.error(errs.map((e) => e.formattedMessage || e.message).join('\n')); process.exit(2); }
console.log(n);
