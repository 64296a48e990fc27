// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Items that run out of time (sol_modular.c, session 14): round 0 gives
// each item its share of the time, round 1 retries the timed-out ones with
// what the others left. A check no solver here decides (x^3 + y^3 = z^3
// has no solution in positive integers, Fermat for n = 3) stays SKIPPED
// with round 0's reason; the other items keep their lines.
// flags: --sol-arith int --timeout 8
// verdict: UNKNOWN
// expect: F::first: OK
// expect: F::cube: SKIPPED (timeout)
// expect: F::last: OK
// expect: F::[implicit_constructor]: OK
contract F {
    function first(uint a) public pure returns (uint) {
        require(a < 10);
        return a + 1;
    }

    function cube(uint x, uint y, uint z) public pure {
        require(x > 0 && y > 0 && z > 0);
        assert(x * x * x + y * y * y != z * z * z);
    }

    function last(uint a) public pure returns (uint) {
        return a;
    }
}
