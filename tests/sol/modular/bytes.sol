// SPDX-License-Identifier: GPL-3.0
pragma solidity >=0.7.0;
// bytesN (an unsigned integer of N bytes, x[0] the first), string
// literals, hashes as uninterpreted functions, string lengths.
// verdict: UNSAFE
// expect: B::bytesOps: OK
// expect: B::outOfBounds: ERROR
// expect: B::hashes: OK
// expect: B::lengthOfLiteral: OK
// expect: B::lengthOfParam: SKIPPED
// expect: bytes.sol:24:16: Index may be out of bounds

contract B {
    bytes4 constant tag = 0x12345678;
    function bytesOps() public pure {
        bytes2 h = bytes2(tag);
        assert(h == 0x1234 && h[0] == 0x12 && h[1] == 0x34);
        assert(bytes8(tag) == 0x1234567800000000);
        bytes32 s = "ab";
        assert(s[0] == "a" && s[1] == 0x62 && s[2] == 0);
        assert(uint32(tag) == 305419896 && tag.length == 4);
    }
    function outOfBounds(uint i) public pure returns (bytes1) {
        return tag[i];
    }
    function hashes(bytes memory x, bytes memory y) public pure {
        require(keccak256(x) != keccak256(y));
        assert(keccak256(x) == keccak256(x));
        assert(keccak256(bytes("abc")) == keccak256("abc"));
    }
    function lengthOfLiteral() public pure {
        assert(bytes("hello").length == 5);
    }
    function lengthOfParam(string memory s) public pure {
        assert(bytes(s).length > 0);
    }
}
