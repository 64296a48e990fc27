// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// flags: --sol-arith int
// verdict: UNSAFE
// expect: A::inc: OK
// expect: A::dec: ERROR
// expect: A::[implicit_constructor]: OK

// int mode: unbounded integers, no wrap-around
contract A {
    /// @notice postcondition r > a
    function inc(uint8 a) public pure returns (uint r) {
        uint8 t = a + 1;
        r = t;
    }
    /// @notice postcondition a > -128 || r == 127
    function dec(int8 a) public pure returns (int8 r) {
        r = a - 1;
    }
}
