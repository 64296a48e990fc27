// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Nonlinear checks mod 2^256 (sol_split.c): SafeMath's `c / a == b` rules
// out the wrap of `a * b` only through the division's definition (the
// division lemma b*(a div b) <= a); without the require the product may
// wrap and the overflow flag fails.
// flags: --sol-arith mod-overflow
// verdict: UNSAFE
// expect: N::safeMul: OK
// expect: N::rawMul: ERROR
contract N {
    function safeMul(uint256 a, uint256 b) public pure returns (uint256) {
        uint256 c = a * b;
        require(a == 0 || c / a == b);
        return c;
    }

    function rawMul(uint256 a, uint256 b) public pure returns (uint256) {
        uint256 c = a * b;
        require(a == 0 || c / a <= b);
        return c;
    }
}
