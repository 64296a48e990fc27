// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// flags: --sol-arith mod-overflow
// verdict: UNSAFE
// expect: O::add: ERROR
// expect: O::safeAdd: OK
// expect: O::dec: ERROR
// expect: O::safeDec: OK
// expect: O::negate: ERROR
// expect: arith_overflow.sol:16:5: Function can terminate with overflow
// expect: O::[implicit_constructor]: OK

// mod-overflow: the flag is checked at the end, so checks after the fact
// (SafeMath style) do not raise alarms; negative values wrap too
contract O {
    function add(uint a, uint b) public pure returns (uint c) {
        c = a + b;
    }
    function safeAdd(uint a, uint b) public pure returns (uint c) {
        c = a + b;
        require(c >= a);
    }
    function dec(int8 a) public pure returns (int8) {
        return a - 1;
    }
    function safeDec(int8 a) public pure returns (int8 r) {
        r = a - 1;
        require(r < a);
    }
    function negate(int16 a) public pure returns (int16) {
        return 0 - a;
    }
}

// an overflow checked in a conditionally evaluated operand (SafeMath.mul)
// expect: M2::safeMul: OK
// expect: M2::mulWrongGuard: ERROR
contract M2 {
    function safeMul(uint a, uint b) public pure returns (uint c) {
        c = a * b;
        require(a == 0 || c / a == b);
    }
    function mulWrongGuard(uint a, uint b) public pure returns (uint c) {
        c = a * b;
        require(a == 0 || b == 0 || c / a >= 0);
    }
}
