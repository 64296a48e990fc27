// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// The division lemma is about the integer product, never the wrapped one:
// here `a * b` wraps (a = 2, b = 2^255) and `c / a == b` fails, which a
// lemma applied to the Solidity product would hide (sol_split.c).
// flags: --sol-arith mod
// verdict: UNSAFE
// expect: W::wrapped: ERROR
// expect: W::exact: OK
contract W {
    function wrapped(uint256 a, uint256 b) public pure {
        uint256 c = a * b;
        assert(a == 0 || c / a == b);
    }

    function exact(uint256 a, uint256 b) public pure {
        require(a <= 10 && b <= 10);
        uint256 c = a * b;
        assert(a == 0 || c / a == b);
    }
}
