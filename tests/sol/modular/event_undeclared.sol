// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Data tracked by an event that the function does not declare to emit:
// solc-verify asks for no event (its test EventDataSpecsOnlyTrack: "currently
// passes, but should fail"; RefundEscrow's constructor); a declared one is
// still required.
// verdict: UNSAFE
// expect: E::[constructor]: OK
// expect: E::ok: OK
// expect: E::quiet: OK
// expect: E::missing: ERROR
// expect: event_undeclared.sol:18:5: Function can end without triggering event

contract E {
    int x;

    /// @notice tracks-changes-in x
    event changedX();

    constructor() { x = 1; }

    /// @notice emits changedX
    function ok() public { x++; emit changedX(); }

    function quiet() public { x++; }

    /// @notice emits changedX
    function missing() public { x++; }
}
