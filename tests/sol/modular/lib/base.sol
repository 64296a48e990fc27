// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// imported by ../imports.sol (not a test of its own)

contract Base {
    /** @notice postcondition y == x + 1 */
    function inc(uint x) public pure returns (uint y) {
        return x + 1;
    }

    /** @notice postcondition y == 2 * x */
    function twice(uint x) public pure returns (uint y) {
        return x + 2;
    }
}
