// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// An external call into code the file implements (through this): the
// callee runs as the contract's own code, so the assertion is proved; not
// the ERROR that unknown code would give (a wrong UNSAFE on sol-verify's
// issues/Issue065 before).
// verdict: SAFE
// expect: K::value: OK
// expect: K::[receive]: OK
// expect: K::[implicit_constructor]: OK

contract K {
    /// @notice postcondition r == 1
    function value() public pure returns (uint r) {
        return 1;
    }

    receive() external payable {
        assert(K(this).value() == 1);
    }
}
