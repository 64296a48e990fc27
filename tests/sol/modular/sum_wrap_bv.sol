// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// As sum_wrap_mod.sol in bv mode: the sum's updates wrap, and nothing
// keeps "sum - old" from wrapping below zero (B::clear fails).
// flags: --sol-arith bv
// verdict: UNSAFE
// expect: A::add: OK
// expect: A::take: OK
// expect: B::clear: ERROR
// expect: sum_wrap_bv.sol:32:5: Invariant '__verifier_sum_uint(m) <= cap' might not hold at end of function.

/** @notice invariant total == __verifier_sum_uint(m) */
contract A {
    mapping(address => uint) m;
    uint total;

    function add(address a, uint v) public {
        unchecked { m[a] += v; total += v; }
    }

    function take(address a) public {
        unchecked { total -= m[a]; }
        m[a] = 0;
    }
}

/** @notice invariant __verifier_sum_uint(m) <= cap */
contract B {
    mapping(address => uint) m;
    uint cap;

    function clear(address a) public {
        m[a] = 0;
    }
}
