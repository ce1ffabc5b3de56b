// SPDX-License-Identifier: MIT
// A Resonite package laid out from a JSON spec, for the runtime checks, without bonebridge: a ZIP (entries
// stored, no compression) of `R-Main.record` (the record JSON), `Assets/<hash>` of the main data tree ("FrDT",
// int32 version 0, compression id 0 = none, then BSON; research/characters.md part A §3, Elements.Core
// DataTreeConverter.cs) and `Assets/<hash>` of each further asset's bytes.
// Spec: { "name", "tree": <the data tree's root object>, "assets": { hash: Buffer } }.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function u16(n) {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}

function u32(n) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

function cstring(text) {
  return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]);
}

// One BSON element: integers that fit as int32 (0x10), other numbers as double (0x01), as nlohmann writes them.
function bsonElement(key, value) {
  const name = cstring(key);
  if (typeof value === 'string') {
    const text = cstring(value);
    return Buffer.concat([Buffer.from([0x02]), name, u32(text.length), text]);
  }
  if (typeof value === 'boolean') return Buffer.concat([Buffer.from([0x08]), name, Buffer.from([value ? 1 : 0])]);
  if (value === null) return Buffer.concat([Buffer.from([0x0a]), name]);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31) {
      const b = Buffer.alloc(4);
      b.writeInt32LE(value);
      return Buffer.concat([Buffer.from([0x10]), name, b]);
    }
    const b = Buffer.alloc(8);
    b.writeDoubleLE(value);
    return Buffer.concat([Buffer.from([0x01]), name, b]);
  }
  const type = Array.isArray(value) ? 0x04 : 0x03;
  return Buffer.concat([Buffer.from([type]), name, bsonDocument(value)]);
}

export function bsonDocument(object) {
  const entries = Array.isArray(object) ? object.map((v, i) => [String(i), v]) : Object.entries(object);
  const body = Buffer.concat(entries.map(([key, value]) => bsonElement(key, value)));
  return Buffer.concat([u32(body.length + 5), body, Buffer.from([0])]);
}

// A ZIP of the entries ([name, bytes] in order), each stored, dated 1980-01-01.
export function zipStored(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, bytes] of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const common = Buffer.concat([u16(20), u16(0x0800), u16(0), u16(0), u16(0x21), u32(crc32(bytes)),
      u32(bytes.length), u32(bytes.length), u16(fileName.length), u16(0)]);
    const local = Buffer.concat([u32(0x04034b50), common, fileName, bytes]);
    centrals.push(Buffer.concat([u32(0x02014b50), u16(20), common, u16(0), u16(0), u16(0), u32(0), u32(offset),
      fileName]));
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length),
    u32(central.length), u32(offset), u16(0)]);
  return Buffer.concat([...locals, central, end]);
}

export function resonitePackage(spec) {
  const treeHash = 'f'.repeat(64);
  const record = { id: 'R-Main', name: spec.name, assetUri: `packdb:///${treeHash}`, recordType: 'object',
    assetManifest: [] };
  const tree = Buffer.concat([Buffer.from('FrDT'), u32(0), Buffer.from([0]), bsonDocument(spec.tree)]);
  return zipStored([
    ['R-Main.record', Buffer.from(JSON.stringify(record))],
    [`Assets/${treeHash}`, tree],
    ...Object.entries(spec.assets).map(([hash, bytes]) => [`Assets/${hash}`, bytes]),
  ]);
}
