contract C {
  function f() public { uint x = ; }
}
