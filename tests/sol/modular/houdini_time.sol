// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// An item whose Houdini ran out of time (here none at all:
// --sol-houdini-time 0) may have weaker loop bounds than solc-verify's
// Boogie infers: a failure after a loop is then `timeout` (the retry round
// runs the item again), never an ERROR (before session 16: f was an
// ERROR). A failure before any loop stays an ERROR. With Houdini's time
// (tests/e2e/sol_modular.sh runs this file again without the option) f is
// OK: it needs the inferred bound i <= 10.
// flags: --sol-arith int --sol-houdini-time 0
// verdict: UNSAFE
// expect: H::f: SKIPPED (timeout)
// expect: H::g: ERROR
contract H {
    function f() public pure {
        uint i = 0;
        while (i < 10) {
            i = i + 1;
        }
        assert(i == 10);
    }

    function g(uint x) public pure {
        assert(x != 5);
        uint i = 0;
        while (i < 10) {
            i = i + 1;
        }
    }
}
