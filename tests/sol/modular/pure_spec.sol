// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// A pure function whose specification reads state (solc rejects that in
// its body): the function is SKIPPED, its callers use the specification
// (solc-verify's VerifResults).
// verdict: UNSAFE
// expect: P::zero: SKIPPED
// expect: P::useZero: OK
// expect: P::useZeroWrong: ERROR
// expect: pure_spec.sol:23:9: Assertion might not hold.
// expect: P::[implicit_constructor]: OK

contract P {
    int x;

    /// @notice postcondition x == 0
    function zero() public pure { }

    function useZero() public view { zero(); assert(x == 0); }

    function useZeroWrong() public view {
        zero();
        assert(x == 1);
    }
}
