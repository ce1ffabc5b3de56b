// SPDX-License-Identifier: MIT
// A ZIP writer for the page's "every character as one zip": stored (uncompressed) entries, CRC-32 computed
// here, names in UTF-8 (general purpose flag bit 11), every date 1980-01-01 00:00 so that the same glbs give the
// same bytes. The layout is PKWARE's APPNOTE.TXT 4.3: local headers with the data, then the central directory,
// then the end record. No ZIP64: the page refuses more than 65535 entries or 4 GiB.
'use strict';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes) {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// entries: [{name, bytes: Uint8Array}] -> Uint8Array of the .zip file.
function zipStored(entries) {
  if (entries.length > 0xffff) throw new Error(`a zip holds at most 65535 entries, not ${entries.length}`);
  const encoder = new TextEncoder();
  const DOS_DATE_1980_01_01 = (0 << 9) | (1 << 5) | 1;
  const parts = [], central = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name), crc = crc32(entry.bytes), size = entry.bytes.length;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);  // local file header signature
    local.setUint16(4, 10, true);          // version needed: 1.0 (stored)
    local.setUint16(6, 0x0800, true);      // bit 11: the name is UTF-8
    local.setUint16(8, 0, true);           // method 0: stored
    local.setUint16(10, 0, true);          // time 00:00:00
    local.setUint16(12, DOS_DATE_1980_01_01, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, size, true);       // compressed size
    local.setUint32(22, size, true);       // uncompressed size
    local.setUint16(26, name.length, true);
    local.setUint16(28, 0, true);          // extra field length
    const record = new DataView(new ArrayBuffer(46));
    record.setUint32(0, 0x02014b50, true); // central directory header signature
    record.setUint16(4, 20, true);         // made by: MS-DOS, version 2.0
    record.setUint16(6, 10, true);
    record.setUint16(8, 0x0800, true);
    record.setUint16(10, 0, true);
    record.setUint16(12, 0, true);
    record.setUint16(14, DOS_DATE_1980_01_01, true);
    record.setUint32(16, crc, true);
    record.setUint32(20, size, true);
    record.setUint32(24, size, true);
    record.setUint16(28, name.length, true);
    // extra, comment, disk number, internal and external attributes: 0
    record.setUint32(42, offset, true);    // where the local header starts
    parts.push(new Uint8Array(local.buffer), name, entry.bytes);
    central.push(new Uint8Array(record.buffer), name);
    offset += 30 + name.length + size;
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  if (offset + directorySize > 0xffffffff) throw new Error('the zip would pass 4 GiB, more than a zip without ZIP64 holds');
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);      // end of central directory signature
  end.setUint16(8, entries.length, true);  // entries on this disk
  end.setUint16(10, entries.length, true); // entries in all
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);         // where the central directory starts
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) { out.set(part, at); at += part.length; }
  return out;
}
