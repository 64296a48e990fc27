// two deployable contracts: A's assertion fails, B's holds (--contract B)
contract A {
  uint x;
  function set(uint v) public { x = v; }
  function check() public view { assert(x != 5); }
}
contract B {
  uint y;
  function set(uint v) public { require(v < 5); y = v; }
  function check() public view { assert(y != 5); }
}
