import { crc32 } from "node:zlib";

/**
 * Small but structurally real CV files (PDF, DOC, DOCX, ODT) built in memory,
 * so tests exercise content detection without binary fixtures in the repo.
 */
export function pdf(extraBytes = 0): Uint8Array {
  const body = `%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n${" ".repeat(extraBytes)}`;
  return new TextEncoder().encode(body);
}

export function doc(): Uint8Array {
  const bytes = new Uint8Array(1536);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  // The directory entry name of the Word stream, UTF-16LE.
  bytes.set([..."WordDocument"].flatMap((c) => [c.charCodeAt(0), 0]), 1024);
  return bytes;
}

/** A ZIP archive of stored (uncompressed) entries, in the given order. */
export function zip(entries: Array<[name: string, content: string]>): Uint8Array {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name, "latin1");
    const data = Buffer.from(content, "utf8");
    const crc = crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    local.push(header, nameBytes, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += header.length + nameBytes.length + data.length;
  }
  const centralSize = central.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...local, ...central, end]));
}

export function docx(): Uint8Array {
  return zip([
    ["[Content_Types].xml", '<?xml version="1.0"?><Types/>'],
    ["word/document.xml", '<?xml version="1.0"?><w:document/>'],
  ]);
}

export function odt(): Uint8Array {
  return zip([
    ["mimetype", "application/vnd.oasis.opendocument.text"],
    ["content.xml", '<?xml version="1.0"?><office:document-content/>'],
  ]);
}

/** A spreadsheet in a ZIP: right container, wrong document. */
export function xlsx(): Uint8Array {
  return zip([
    ["[Content_Types].xml", '<?xml version="1.0"?><Types/>'],
    ["xl/workbook.xml", '<?xml version="1.0"?><workbook/>'],
  ]);
}
