// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Specification cases, `modifies *`, and a loop whose exits write state.
// verdict: UNSAFE
// expect: C::correct: OK
// expect: C::wrongDefault: ERROR
// expect: C::anything: OK
// expect: C::find: OK
// expect: cases.sol:29:5: Postcondition '[ case x > 0: y == 1; case x < 0: y == -1; ]' might not hold at end of function.

contract C {
    int x;
    int y;
    uint[] a;
    uint found;

    /// @notice specification
    /// [
    ///     case x > 0: y == 1;
    ///     case x < 0: y == -1;
    /// ]
    /// @notice modifies y
    function correct() public {
        if (x > 0) y = 1;
        else if (x < 0) y = -1;
    }
    /// @notice specification [ case x > 0: y == 1; case x < 0: y == -1; ]
    /// @notice modifies y
    function wrongDefault() public {
        if (x > 0) y = 1;
        y = -1;
    }
    /** @notice modifies * */
    function anything() public { x = 1; y = 2; found = 3; }
    /// @notice postcondition found == __verifier_old_uint(found) || a[found] == v
    /// @notice modifies found
    function find(uint v) public {
        /// @notice invariant i <= a.length
        for (uint i = 0; i < a.length; i++) {
            if (a[i] == v) { found = i; return; }
        }
    }
}
