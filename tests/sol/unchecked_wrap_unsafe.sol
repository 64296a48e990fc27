// unchecked arithmetic wraps: y < x is possible
contract C {
  function f(uint8 x, uint8 d) public pure {
    uint8 y;
    unchecked { y = x + d; }
    assert(y >= x);
  }
}
