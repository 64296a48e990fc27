// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// flags: --sol-arith mod
// verdict: UNSAFE
// expect: A::inc: ERROR
// expect: A::dec: OK
// expect: A::[implicit_constructor]: OK

// mod mode: wrap-around (uint8 255 + 1 = 0 in a uint8 result)
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
