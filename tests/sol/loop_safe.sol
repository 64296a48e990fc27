// a loop with break and continue: s counts the even numbers below 10
contract C {
  function f() public pure {
    uint s = 0;
    for (uint i = 0; i < 100; i++) {
      if (i >= 10) break;
      if (i % 2 == 1) continue;
      s += 1;
    }
    assert(s == 5);
  }
}
