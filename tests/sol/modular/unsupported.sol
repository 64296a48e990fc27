// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// verdict: UNKNOWN
// expect: Q::f: SKIPPED
// expect: Q::g: OK

contract Q {
    uint[] a;
    /// @notice postcondition a.length == __verifier_before_uint(a.length)
    function f() public { delete a; }
    function g() public pure returns (uint) { return 1; }
}
