// creating a memory array with new: not handled yet
contract C {
  function g() public pure {
    uint[] memory a = new uint[](3);
    assert(a.length == 3);
  }
}
