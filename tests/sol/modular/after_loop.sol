// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Checks after a loop cut by its invariants. The interval bounds Boogie
// infers for solc-verify are inferred too (callsLoop needs i <= 10 in the
// callee). A failure with them after a loop of the function itself is an
// ERROR; after a callee's loop (solc-verify's Boogie treats the callee its
// own way) only when it is real (found with the loop kept exact), else
// SKIPPED (a wrong UNSAFE on sol-verify's basic/Loops before).
// verdict: UNSAFE
// expect: A::realFailure: ERROR
// expect: after_loop.sol:34:9: Assertion might not hold.
// expect: A::callsLoop: OK
// expect: A::callsLoopNoInv: SKIPPED
// expect: A::sideEffect: OK
// expect: A::[implicit_constructor]: OK

contract A {
    function tenTimes(uint p) private pure returns (uint r) {
        uint i = 0;
        r = p;
        /// @notice invariant r == p + i
        while (i < 10) {
            r = r + 1;
            i = i + 1;
        }
    }

    function realFailure(uint n) public pure {
        uint i = 0;
        /// @notice invariant i <= n
        while (i < n) {
            i++;
        }
        assert(i == n + 1);
    }

    function callsLoop() public pure {
        assert(tenTimes(5) == 15);
    }

    function tenTimesNoInv(uint p) private pure returns (uint r) {
        r = p;
        for (uint i = 0; i < 10; i++) r = r + 1;
    }

    function callsLoopNoInv() public pure {
        assert(tenTimesNoInv(5) == 15);
    }

    // the condition's assignment runs before the head (loop_cond_effect.sol)
    function sideEffect(uint n) public pure returns (uint x) {
        uint i = 0;
        /// @notice invariant x == i
        /// @notice invariant i <= n
        while ((x = i) < n) {
            i++;
        }
    }
}
