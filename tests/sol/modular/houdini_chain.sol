// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Houdini over the interval candidates of several inlined loops in a row
// (sol_houdini.c, session 15): while a loop's too strong bounds are still
// assumed (i <= 0 at the head and i >= 10 at the exit) the code after it
// is unreachable and its candidates look proven; they must be checked
// again once those bounds are dropped. Each assert needs its loop's bounds
// (i <= 10, i >= 0 counting down, r <= 100 with the break); ladders of
// upper bounds (up) and of lower bounds (down). f is not OK if a bound
// its asserts need is dropped; g (a wrong assert) must stay an ERROR.
// flags: --sol-arith int --timeout 300
// verdict: UNSAFE
// expect: H::f: OK
// expect: H::g: ERROR
// expect: houdini_chain.sol:62:9: Assertion might not hold.
// expect: H::[implicit_constructor]: OK

contract H {
    function up(uint p) private pure returns (uint) {
        uint i = 0;
        uint r = p;
        /// @notice invariant r == p + i
        while (i < 10) {
            r = r + 1;
            i = i + 1;
        }
        return r;
    }

    function down(uint p) private pure returns (uint) {
        uint i = 10;
        uint r = p;
        /// @notice invariant r + i == p + 10
        while (i > 0) {
            r = r + 1;
            i = i - 1;
        }
        return r;
    }

    function capped(uint p) private pure returns (uint) {
        uint i = 0;
        uint r = p;
        /// @notice invariant r == p + i
        while (i < 10) {
            r = r + 1;
            if (r >= 100) break;
            i = i + 1;
        }
        return r;
    }

    function f() public pure {
        assert(up(5) == 15);
        assert(down(5) == 15);
        assert(capped(95) == 100);
        assert(up(1) == 11);
    }

    function g() public pure {
        assert(up(5) == 15);
        assert(capped(95) == 99);
    }
}
