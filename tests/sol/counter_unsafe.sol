// a counter reaches 3 after three transactions: the assertion fails
contract C {
  uint x;
  function inc() public { x = x + 1; }
  function check() public view { assert(x < 3); }
}
