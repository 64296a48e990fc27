// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Inline assembly: solc-verify skips the function (SKIPPED, whatever its
// visibility) and its callers use its specification, the function writing
// any state of its contract within its `modifies` frame.
// verdict: UNSAFE
// expect: A::inc: SKIPPED
// expect: A::viaSpec: OK
// expect: A::viaSpecWrong: ERROR
// expect: assembly.sol:35:5: Postcondition 'x != y' might not hold at end of function.
// expect: A::[implicit_constructor]: OK

contract A {
    uint x;
    uint y;

    /// @notice modifies x
    /// @notice postcondition x == __verifier_old_uint(x) + 1
    function inc() internal {
        assembly {
            let t := sload(x.slot)
            t := add(t, 1)
            sstore(x.slot, t)
        }
    }

    /// @notice modifies x
    /// @notice modifies y
    /// @notice postcondition x == y
    function viaSpec() public { x = 1; y = 2; inc(); }

    /// @notice modifies x
    /// @notice modifies y
    /// @notice postcondition x != y
    function viaSpecWrong() public { x = 1; y = 2; inc(); }
}
