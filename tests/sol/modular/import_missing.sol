// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// error: import_missing.sol:4:1: ParserError: Source "./lib/none.sol" not found
import "./lib/none.sol";

contract C {}
