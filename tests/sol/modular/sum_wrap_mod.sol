// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// The sum's ghost outside int mode has the sum function's type (uint256):
// its updates wrap as the elements do (A::add would fail with an unbounded
// ghost), and solc-verify's mod encoding assumes that an unsigned sum's
// "sum - old" does not underflow (B::clear; bv has no such assumption:
// sum_wrap_bv.sol).
// flags: --sol-arith mod
// verdict: SAFE
// expect: A::add: OK
// expect: A::take: OK
// expect: B::clear: OK

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
