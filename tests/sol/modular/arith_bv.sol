// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// flags: --sol-arith bv
// verdict: UNSAFE
// expect: A::inc: ERROR
// expect: A::dec: OK
// expect: A::[implicit_constructor]: OK

// bv mode: bit-precise, the same results as mod
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
