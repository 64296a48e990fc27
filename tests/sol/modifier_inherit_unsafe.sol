// a modifier, inheritance with a base constructor argument, virtual dispatch
contract B {
  uint internal v;
  address owner;
  constructor(uint x) { v = x; owner = msg.sender; }
  modifier onlyOwner() { require(msg.sender == owner); _; }
  function g() internal view virtual returns (uint) { return v; }
}
contract D is B(2) {
  function g() internal view override returns (uint) { return v + 1; }
  function set(uint x) public onlyOwner { v = x; }
  function check() public view { assert(g() != 10); }
}
