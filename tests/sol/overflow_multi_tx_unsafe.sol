// several transactions with arguments reach the failing state; an
// overflowing add (checked 0.8 arithmetic) reverts and changes nothing
contract C {
  uint8 x;
  uint8 n;
  function add(uint8 d) public { x = x + d; n = n + 1; }
  function check() public view { assert(x != 250 || n < 2); }
}
