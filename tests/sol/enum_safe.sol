// enums range over their members
contract C {
  enum S { A, B, C }
  S s;
  function set(S x) public { s = x; }
  function check() public view { assert(uint(s) <= 2); }
}
