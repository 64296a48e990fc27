// internal recursion through summaries
contract C {
  function sum(uint n) internal pure returns (uint) {
    if (n == 0) return 0;
    return n + sum(n - 1);
  }
  function f(uint n) public pure {
    require(n < 5);
    assert(sum(n) >= n);
  }
}
