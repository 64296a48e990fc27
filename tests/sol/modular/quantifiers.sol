// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// Quantifiers (forall, exists, property) and __verifier_eq in annotations.
// verdict: UNSAFE
// expect: Q::pushPos: OK
// expect: Q::pushAny: ERROR
// expect: Q::popLast: ERROR
// expect: Q::sorted: OK
// expect: Q::copyBoth: OK
// expect: Q::copyOne: ERROR
// expect: Q::[receive_ether_selfdestruct]: OK
// expect: quantifiers.sol:27:5: Invariant 'forall (uint i) !(0 <= i && i < a.length) || (a[i] >= 0)' might not hold at end of function.
// expect: quantifiers.sol:30:5: Invariant 'exists (uint i) 0 <= i && i < a.length && (a[i] > 0)' might not hold at end of function.
// expect: quantifiers.sol:44:5: Invariant '__verifier_eq(m, n)' might not hold at end of function.

/// @notice invariant forall (uint i) !(0 <= i && i < a.length) || (a[i] >= 0)
/// @notice invariant exists (uint i) 0 <= i && i < a.length && (a[i] > 0)
/// @notice invariant __verifier_eq(m, n)
contract Q {
    int[] a;
    mapping(address => uint) m;
    mapping(address => uint) n;
    uint[] s;

    constructor() { a.push(1); }
    function pushPos(int d) public { require(d >= 0); a.push(d); }
    function pushAny(int d) public {
        a.push(d);
    }
    function popLast() public {
        a.pop();
    }
    /// @notice postcondition property(s) (i, j) (i >= j || s[i] <= s[j]) || !__verifier_old_bool(ok)
    function sorted(bool ok) public {
        require(ok);
        delete s;
        s.push(1);
        s.push(2);
    }
    function copyBoth(uint v) public {
        m[msg.sender] = v;
        n[msg.sender] = v;
    }
    function copyOne(uint v) public {
        m[msg.sender] = v;
    }
}
