// a mutex keeps re-entrant calls from changing x during the external call
interface I { function f() external; }
contract C {
  uint x;
  bool lock;
  modifier mutex() { require(!lock); lock = true; _; lock = false; }
  function set(uint v) public mutex { x = v; }
  function g(I i) public mutex {
    uint y = x;
    i.f();
    assert(y == x);
  }
}
