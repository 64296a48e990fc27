// a storage pointer parameter writes through to the caller's place only
contract C {
  mapping(uint => uint)[] maps;
  uint other;
  constructor() { maps.push(); maps.push(); }
  function put(mapping(uint => uint) storage m, uint v) internal { m[0] = v; }
  function f(uint i, uint v) public {
    require(i < maps.length);
    other = 7;
    put(maps[i], v);
    assert(maps[i][0] == v);
    assert(other == 7);
  }
}
