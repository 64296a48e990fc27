// a storage pointer used across a loop head keeps pointing at m[k]
// (regression: its index was a stale term after the loop head)
contract C {
  struct S { uint a; }
  mapping(uint => S) m;
  function f(uint k) public {
    S storage p = m[k];
    uint before = p.a;
    require(before < 100);
    for (uint i = 0; i < 3; i++) { p.a += 1; }
    assert(m[k].a == before + 3);
  }
}
