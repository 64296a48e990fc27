// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Sums over struct members (__verifier_idx_*) and arrays (push, pop).
// verdict: UNSAFE
// expect: C::addX: OK
// expect: C::setS: OK
// expect: C::viaPointer: OK
// expect: C::forgetTotal: ERROR
// expect: C::push: OK
// expect: C::pop: OK
// expect: C::popWrong: ERROR
// expect: sums.sol:38:5: Invariant '__verifier_sum_uint(ss[__verifier_idx_address].x) == xsum' might not hold at end of function.
// expect: sums.sol:47:5: Invariant '__verifier_sum_int(items) == total' might not hold at end of function.

/// @notice invariant __verifier_sum_uint(ss[__verifier_idx_address].x) == xsum
/// @notice invariant __verifier_sum_uint(ss[__verifier_idx_address].t.z) == zsum
/// @notice invariant __verifier_sum_int(items) == total
contract C {
    struct T { uint z; }
    struct S { uint x; T t; }
    mapping(address => S) ss;
    uint xsum;
    uint zsum;
    int[] items;
    int total;

    function addX(uint v) public { ss[msg.sender].x += v; xsum += v; }
    function setS(S memory s) public {
        xsum = xsum - ss[msg.sender].x + s.x;
        zsum = zsum - ss[msg.sender].t.z + s.t.z;
        ss[msg.sender] = s;
    }
    function viaPointer(uint v) public {
        S storage p = ss[msg.sender];
        p.t.z += v;
        zsum += v;
    }
    function forgetTotal(uint v) public {
        ss[msg.sender].x += v;
    }
    function push(int v) public { items.push(v); total += v; }
    function pop() public {
        require(items.length > 0);
        total -= items[items.length - 1];
        items.pop();
    }
    function popWrong() public {
        require(items.length > 0);
        items.pop();
    }
}
