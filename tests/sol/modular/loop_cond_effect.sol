// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// A loop condition's assignment: solc-verify evaluates it before the loop
// head (where the invariants are checked) and after each iteration, the
// condition reading the assigned variable. Other side effects: SKIPPED.
// verdict: UNSAFE
// expect: C::whileFx: OK
// expect: C::forFx: OK
// expect: C::wrongFx: ERROR
// expect: loop_cond_effect.sol:41:9: Assertion might not hold.
// expect: C::twoFx: SKIPPED
// expect: C::doFx: SKIPPED
// expect: C::[implicit_constructor]: OK

contract C {
    // x == i holds on entry only once x = i has run
    function whileFx(uint n) public pure returns (uint) {
        require(n >= 1);
        uint i = 1;
        uint x;
        /// @notice invariant x == i
        /// @notice invariant i <= n
        while ((x = i) < n) { i++; }
        assert(x == n);
        return x;
    }

    function forFx(uint n) public pure returns (uint) {
        uint x;
        /// @notice invariant x == i && i <= n
        for (uint i = 0; (x = i) < n; i++) {}
        assert(x == n);
        return x;
    }

    function wrongFx(uint n) public pure {
        uint i = 0;
        uint x;
        /// @notice invariant x == i && i <= n
        while ((x = i) < n) { i++; }
        assert(x == n + 1);
    }

    function twoFx(uint n) public pure {
        uint i = 0;
        uint x;
        uint y;
        while ((x = i) < (y = n)) { i++; }
    }

    function doFx(uint n) public pure {
        uint i = 0;
        uint x;
        do { i++; } while ((x = i) < n);
    }
}
