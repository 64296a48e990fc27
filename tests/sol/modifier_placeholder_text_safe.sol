// A modifier whose loop mentions the text "PlaceholderStatement" (no `_`
// inside it): not a placeholder, the loop is lowered.
pragma solidity ^0.8.0;
contract C {
  uint x;
  event Log(string);
  modifier m() { for (uint i = 0; i < 2; i++) { emit Log("PlaceholderStatement"); } _; }
  function f() public m { x = 1; }
  function g() public view { assert(x <= 1); }
}
