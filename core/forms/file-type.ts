/**
 * What a CV file really is, read from its bytes (the name can say anything).
 * Runs in the browser (early feedback) and on the server (the decision).
 */
export type CvType = "pdf" | "doc" | "docx" | "odt";

export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_EXTENSIONS: Record<CvType, string> = { pdf: ".pdf", doc: ".doc", docx: ".docx", odt: ".odt" };
export const CV_MEDIA_TYPES: Record<CvType, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  odt: "application/vnd.oasis.opendocument.text",
};
/** For the file input's `accept`: a hint to the picker, not a check. */
export const CV_ACCEPT = [...Object.values(CV_EXTENSIONS), ...Object.values(CV_MEDIA_TYPES)].join(",");

/** The type its name claims, if it is one we accept. */
export function cvTypeByName(name: string): CvType | null {
  const extension = name.toLowerCase().slice(name.lastIndexOf("."));
  const found = (Object.keys(CV_EXTENSIONS) as CvType[]).find((type) => CV_EXTENSIONS[type] === extension);
  return found ?? null;
}

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
// "WordDocument" in UTF-16LE: the stream every Word 97–2003 file has (Excel and PowerPoint files do not).
const WORD_STREAM = [..."WordDocument"].flatMap((c) => [c.charCodeAt(0), 0]);

function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  const first = needle[0];
  for (let i = bytes.indexOf(first as number); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first as number, i + 1)) {
    if (startsWith(bytes, needle, i)) return true;
  }
  return false;
}

/** File names in a ZIP archive's central directory (empty if it is not a readable archive). */
function zipEntryNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment (≤ 64 KB).
  for (let eocd = bytes.length - 22; eocd >= Math.max(0, bytes.length - 22 - 0xffff); eocd--) {
    if (view.getUint32(eocd, true) !== 0x06054b50) continue;
    const count = view.getUint16(eocd + 10, true);
    let at = view.getUint32(eocd + 16, true);
    const names: string[] = [];
    for (let i = 0; i < count && at + 46 <= bytes.length; i++) {
      if (view.getUint32(at, true) !== 0x02014b50) return [];
      const nameLength = view.getUint16(at + 28, true);
      const extraLength = view.getUint16(at + 30, true);
      const commentLength = view.getUint16(at + 32, true);
      names.push(ascii(bytes, at + 46, nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return [];
}

/** The CV type these bytes hold, or null when they are none of PDF, DOC, DOCX, ODT. */
export function sniffCvType(bytes: Uint8Array): CvType | null {
  if (ascii(bytes, 0, 1024).includes("%PDF-")) return "pdf";
  if (startsWith(bytes, OLE)) return contains(bytes, WORD_STREAM) ? "doc" : null;
  if (!startsWith(bytes, ZIP)) return null;
  // ODF puts an uncompressed "mimetype" entry first, so its value is readable at a fixed offset.
  if (ascii(bytes, 30, 8) === "mimetype" && ascii(bytes, 38, 39) === "application/vnd.oasis.opendocument.text") {
    return "odt";
  }
  return zipEntryNames(bytes).includes("word/document.xml") ? "docx" : null;
}
