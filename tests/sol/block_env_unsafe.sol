// block values of each transaction (the deployment's too) are part of the
// counterexample and of its execution
contract C {
  uint t0;
  constructor() { t0 = block.timestamp; }
  function f() public view { require(block.number > 5); assert(block.timestamp < t0 + 100 || block.number < 9); }
}
