// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// `new` of memory arrays (value elements are defaults, struct elements
// arbitrary, as solc-verify) and of another contract (a fresh address).
// verdict: UNSAFE
// expect: N::values: OK
// expect: N::structs: ERROR
// expect: N::make: OK
// expect: new.sol:27:9: Assertion might not hold.

contract Other {
    uint y;
    constructor(uint v) { y = v; }
}

contract N {
    struct S { int x; }
    address last;
    function values(uint n) public pure {
        require(n > 1);
        int[] memory a = new int[](n);
        assert(a.length == n && a[0] == 0 && a[n - 1] == 0);
    }
    function structs(uint n) public pure {
        require(n > 0);
        S[] memory a = new S[](n);
        assert(a[0].x == 0);
    }
    function make() public {
        last = address(new Other(5));
        assert(last == last);
    }
}
