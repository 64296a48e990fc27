// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// The public functions of a library are items of their own (solc-verify);
// their storage parameters are reached only through the parameters, and
// two of one type may alias (both cases checked). Called from a contract,
// they go through their specification (the parameter names the place).
// verdict: UNSAFE
// expect: L::square: OK
// expect: L::swapOrZero: OK
// expect: L::setBoth: ERROR
// expect: library.sol:34:5: Postcondition 'a.x == 1' might not hold at end of function.
// expect: L::decrement: ERROR
// expect: C::f: OK
// expect: C::viaSpec: OK
// expect: C::viaSpecWeak: ERROR
// expect: library.sol:51:59: Assertion might not hold.
// expect: C::[implicit_constructor]: OK
// expect: J::[implicit_constructor]: OK

library L {
    struct S { int x; }

    /// @notice postcondition self.x >= 0
    function square(S storage self) public { self.x *= self.x; }

    /// @notice postcondition a.x == __verifier_old_int(b.x) || a.x == 0
    function swapOrZero(S storage a, S storage b) public {
        a.x = a.x + b.x;
        b.x = a.x - b.x;
        a.x = a.x - b.x;
    }

    /// @notice postcondition a.x == 1
    function setBoth(S storage a, S storage b) public {   // a and b may be one struct
        a.x = 1;
        b.x = 2;
    }

    /// @notice postcondition self.x < __verifier_old_int(self.x)
    function decrement(S storage self) public { self.x = self.x - 0; }

    function internalOnes(S storage self) internal { self.x = 1; }   // not an item
}

contract C {
    using L for L.S;
    L.S s;
    function f() public pure { assert(true); }
    // a public library function is called through its specification
    function viaSpec() public { s.x = 3; s.square(); assert(s.x >= 0); }
    function viaSpecWeak() public { s.x = 3; L.square(s); assert(s.x == 9); }
}

// an interface keeps its implicit constructor item (solc-verify; Enums)
interface J { function g() external; }
