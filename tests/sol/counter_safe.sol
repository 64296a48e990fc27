// the counter is capped by a require: the invariant x <= 5 holds
contract C {
  uint8 x;
  function inc() public { require(x < 5); x++; }
  function check() public view { assert(x <= 5); }
}
