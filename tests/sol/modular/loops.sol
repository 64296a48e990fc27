// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// verdict: UNSAFE
// expect: L::counted: OK
// expect: L::noInvariant: ERROR
// expect: L::notKept: ERROR
// expect: loops.sol:35:9: Invariant 's == 2 * i' might not be maintained by the loop
// expect: L::[implicit_constructor]: OK

contract L {
    /// @notice postcondition s == 2 * n
    function counted(uint n) public pure returns (uint s) {
        uint i = 0;
        s = 0;
        /// @notice invariant i <= n
        /// @notice invariant s == 2 * i
        while (i < n) {
            i++;
            s += 2;
        }
    }
    /// @notice postcondition s == 2 * n
    function noInvariant(uint n) public pure returns (uint s) {
        uint i = 0;
        s = 0;
        while (i < n) {
            i++;
            s += 2;
        }
    }
    function notKept(uint n) public pure returns (uint s) {
        uint i = 0;
        s = 0;
        /// @notice invariant s == 2 * i
        for (; i < n; i++) {
            s += 3;
        }
    }
}
