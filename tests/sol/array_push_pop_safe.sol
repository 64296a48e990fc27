// dynamic array length follows push and pop; pop on empty reverts
contract C {
  uint[] a;
  function f() public {
    uint n = a.length;
    a.push(7);
    assert(a.length == n + 1);
    assert(a[n] == 7);
    a.pop();
    assert(a.length == n);
  }
}
