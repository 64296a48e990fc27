// an assertion in the constructor fails for some argument
contract C {
  uint x;
  constructor(uint a) { x = a; assert(x != 42); }
}
