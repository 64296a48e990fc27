// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
// Remainders by divisors with a small range: see small_divisor_safe.sol.
// s0 = 3, s1 = 0 after f1(3); f0's assertion fails.
contract C {
  uint8 s0 = 0;
  uint8 s1 = 0;
  function f0() public {
    assert(s0 <= (s1 % ((s1 % 7) + 1)) || (s0 % ((s0 % 7) + 1)) != 3);
  }
  function f1(uint8 a) public {
    require(a < 9);
    s0 = (uint8(3) | s0) & (uint8(255) & a);
    s1 = s1 % ((a % 5) + 1);
  }
}
