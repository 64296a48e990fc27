// one modifier with variables used twice: each use has its own (the assertion
// in the modifier holds), the state after is the outer use's
contract C {
  uint s;
  modifier m(uint a) { uint b = a + 1; _; assert(b == a + 1); s = a; }
  function f(uint x) m(x) m(5) public { require(x < 100); assert(s != 7); }
  function g() public view { assert(s != 9); }
}
