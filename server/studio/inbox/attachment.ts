import { CV_EXTENSIONS, CV_MEDIA_TYPES, type CvType } from "#core/forms/file-type.ts";

/**
 * Names of the files the inbox hands out. A visitor chose the CV's name: it
 * may hold path separators, quotes, control characters, a misleading
 * extension or a thousand characters. The name sent is its readable part,
 * cleaned, with the extension of the type its bytes were found to be.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f"\\/:*?<>|%;\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g;

export function cvFileName(original: string, type: string, id: string): string {
  const cvType = (Object.keys(CV_MEDIA_TYPES) as CvType[]).find((t) => CV_MEDIA_TYPES[t] === type);
  const extension = cvType ? CV_EXTENSIONS[cvType] : ".bin";
  const base = original
    .normalize("NFC")
    .replace(/\.[^.]*$/, "")
    .replace(UNSAFE, "_")
    .replace(/^[\s._]+|[\s._]+$/g, "")
    .slice(0, 100);
  return `${base || `rezume-${id.slice(0, 8)}`}${extension}`;
}

/**
 * `Content-Disposition: attachment` with the name twice (RFC 6266): an ASCII
 * one every client reads (non-ASCII letters become "_") and the exact one in
 * UTF-8 (RFC 8187) for the clients that read it, which is every browser.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
