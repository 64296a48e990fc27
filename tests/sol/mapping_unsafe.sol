// a mapping entry set by one transaction breaks the assertion in another
contract C {
  mapping(uint => uint) m;
  function set(uint k, uint v) public { m[k] = v; }
  function check(uint k) public view { assert(m[k] != 7); }
}
