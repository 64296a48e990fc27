// an external call: not handled yet (tier 2)
interface I { function f() external; }
contract C {
  function g(I i) public { i.f(); assert(true); }
}
