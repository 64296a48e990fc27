// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// A plain import: the imported contract (and its annotations) are checked
// too, its failures reported at its own file's lines.
// verdict: UNSAFE
// expect: Base::inc: OK
// expect: Base::twice: ERROR
// expect: base.sol:12:5: Postcondition 'y == 2 * x' might not hold at end of function.
// expect: Derived::g: OK
// expect: Derived::h: ERROR
// expect: imports.sol:24:9: Assertion might not hold.
import "./lib/base.sol";

contract Derived is Base {
    function g() public pure {
        uint x = inc(1);
        assert(x == 2);
    }

    function h() public pure {
        // the callee's specification, not its body: twice(1) == 2
        uint x = twice(1);
        // fails: not 3
        assert(x == 3);
    }
}
