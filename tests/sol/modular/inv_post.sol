// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// verdict: UNSAFE
// expect: Pair::both: OK
// expect: Pair::onlyX: ERROR
// expect: Pair::twice: OK
// expect: Pair::wrongPost: ERROR
// expect: Pair::[implicit_constructor]: OK
// expect: inv_post.sol:20:5: Invariant 'x == y' might not hold at end of function.
// expect: inv_post.sol:32:5: Postcondition 'r == __verifier_old_uint(x) + 2' might not hold at end of function.

/// @notice invariant x == y
contract Pair {
    uint x;
    uint y;
    function both(uint a) public {
        x += a;
        y += a;
    }
    function onlyX() public {
        x += 1;
    }
    /// @notice postcondition x == __verifier_old_uint(x) + 2
    /// @notice precondition x < 100
    function twice() public {
        x += 1;
        y += 1;
        x += 1;
        y += 1;
    }
    /// @notice postcondition r == __verifier_old_uint(x) + 2
    function wrongPost() public view returns (uint r) {
        r = x + 1;
    }
    function wrongPost2() public view returns (uint) { return x; }
}

// a constant of a base contract named through it (C.k)
// expect: K2::useK: OK
// expect: K2::useKWrong: ERROR
contract K1 { uint constant k = 7; }
contract K2 is K1 {
    function useK() public pure { assert(K1.k == 7); }
    function useKWrong() public pure { assert(K1.k == 8); }
}

// a contract's invariants are those written on it, not its bases' (solc-verify)
// expect: IB::setA: ERROR
// expect: ID::setA3: OK
/// @notice invariant a == 1
contract IB {
    uint a = 1;
    function setA() public { a = 2; }
}
/// @notice invariant a >= 1
contract ID is IB {
    function setA3() public { a = 3; }
}

// named arguments, in the order of the parameters
// expect: NA::named: OK
// expect: NA::namedWrong: ERROR
contract NA {
    function sub(int x, int y) private pure returns (int) { return x - y; }
    function named() public pure { assert(sub({y: 1, x: 3}) == 2); }
    function namedWrong() public pure { assert(sub({y: 1, x: 3}) == -2); }
}
