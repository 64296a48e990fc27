// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// verdict: UNKNOWN
// expect: Q::f: SKIPPED
// expect: Q::g: OK

contract Q {
    uint[] a;
    /// @notice postcondition forall (uint i) !(0 <= i && i < a.length) || a[i] == 0
    function f() public { delete a; }
    function g() public pure returns (uint) { return 1; }
}
