import { inflateRawSync } from "node:zlib";

/**
 * One file of a ZIP archive (an XLSX file is one), read through the archive's
 * central directory, so entries written with a trailing data descriptor are
 * read too. Stored and deflated entries only: what office files use.
 */
export function zipEntry(archive: Buffer, name: string): Buffer | null {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a ZIP archive: no end of central directory");
  let at = archive.readUInt32LE(end + 16);
  for (let n = archive.readUInt16LE(end + 10); n > 0; n--) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error("broken central directory");
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const skip = nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    if (archive.toString("utf8", at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
      const data = archive.subarray(start, start + size);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`ZIP method ${method} is not read here`);
    }
    at += 46 + skip;
  }
  return null;
}
