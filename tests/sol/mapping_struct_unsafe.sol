// nested mappings and structs: any sender can set its own balance
contract C {
  struct Acc { uint bal; bool open; }
  mapping(address => mapping(uint => Acc)) accs;
  function open(uint k) public { accs[msg.sender][k].open = true; }
  function put(uint k, uint v) public { require(accs[msg.sender][k].open); accs[msg.sender][k].bal = v; }
  function check(address a, uint k) public view { assert(accs[a][k].bal < 100); }
}
