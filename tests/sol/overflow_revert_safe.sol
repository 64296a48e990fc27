// checked arithmetic: an overflowing addition reverts, so y >= x holds
contract C {
  function f(uint8 x, uint8 d) public pure {
    uint8 y = x + d;
    assert(y >= x);
  }
}
