// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// error: malformed.sol:5:23:

/// @notice invariant x + true
contract Bad {
    uint x;
    function f() public { x = 1; }
}
