// an array argument: its elements are part of the counterexample, and the
// interpreter runs the call with them
contract C {
  function f(uint8[] memory a, uint i) public pure {
    require(i < a.length);
    assert(a[i] != 3);
  }
}
