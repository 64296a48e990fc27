// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Calls through the callee's specification (solc-verify calls Boogie
// procedures): public functions, also called internally or through
// `this`, functions without a body, and functions of other contracts at
// their address (their state: maps from the address).
// verdict: UNSAFE
// expect: K::value: OK
// expect: K::viaThis: OK
// expect: K::unspecified: ERROR
// expect: K::internalPublic: ERROR
// expect: K::other: OK
// expect: K::otherWrong: ERROR
// expect: known_call.sol:33:9: Assertion might not hold.
// expect: known_call.sol:36:9: Assertion might not hold.
// expect: known_call.sol:44:9: Assertion might not hold.
// expect: K::unknownCall: ERROR
// expect: known_call.sol:51:9: Assertion might not hold.

contract Store {
    uint public stored;
    /// @notice postcondition stored == v
    function put(uint v) public { stored = v; }
}

contract K {
    Store s;
    /// @notice postcondition r == 1
    function value() public pure returns (uint r) { return 1; }
    function two() public pure returns (uint) { return 2; }
    function viaThis() public view { assert(K(this).value() == 1); }
    function unspecified() public view {
        assert(this.two() == 2);
    }
    function internalPublic() public pure {
        assert(two() == 2);
    }
    function other(uint v) public {
        s.put(v);
        assert(s.stored() == v);
    }
    function otherWrong(uint v) public {
        s.put(v);
        assert(s.stored() == v + 1);
    }
    // unknown code may call into another contract: its state is havocked
    function unknownCall(address a, Store t) public {
        uint o = t.stored();
        (bool ok, ) = a.call("");
        ok;
        assert(o == t.stored());
    }
}

// a view function without a body writes nothing; another one may write its contract's state
// expect: VA::keep: OK
// expect: VA::keepWrong: ERROR
abstract contract VA {
    uint z;
    function allowed() public view virtual returns (bool);
    function act() public virtual;
    function keep() public view { uint o = z; bool b = allowed(); b; assert(z == o); }
    function keepWrong() public { uint o = z; act(); assert(z == o); }
}
