/**
 * multipart/form-data read from a whole body already in memory, the one reader
 * of it in the site's process: the forms' guard checks a post with it
 * (server/leads/form-body.ts) and `request.formData()` then builds the very
 * parts it checked (form-data.ts), so no second parser can read another body
 * out of the same bytes.
 */

/** Parts a body may have at most: every field of a form once, a few dozen services ticked. */
export const MAX_PARTS = 100;
/** Bytes of one part's headers (Content-Disposition with a 200-character file name fits). */
export const MAX_PART_HEADER_BYTES = 2_048;

export type MultipartPart = {
  /** The field's name, from the part's one Content-Disposition. */
  name: string;
  /** The file's name when the part is a file (has a filename parameter), otherwise null. */
  filename: string | null;
  /** The part's own Content-Type, "" when it has none. */
  type: string;
  /** Where the part's bytes are in the body. */
  start: number;
  end: number;
};

/** A form's content type as the guard checked it, and as the form's action then gets it. */
export type FormType = { kind: "urlencoded"; canonical: string } | { kind: "multipart"; boundary: string; canonical: string };

/** The two form types, by their first characters (a wrong one is 415, a malformed one 400). */
export function isFormType(contentType: string): boolean {
  return URLENCODED_TYPE.test(contentType) || MULTIPART_TYPE.test(contentType);
}

const URLENCODED_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;
/** One `; name=value` parameter (RFC 9110), the value a token or a quoted string; matched from where the last ended. */
const PARAMETER = /\s*;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)=("(?:[^"\\]|\\.)*"|[!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*/y;
/** RFC 2046: 1–70 characters of a restricted set, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]$/;

/**
 * The form's content type, parsed strictly: a form type from the first
 * character, well-formed parameters, and for multipart exactly one boundary
 * of 1–70 allowed characters. Null for anything else (400): a reader that
 * picks another boundary out of an ambiguous header (undici takes the first
 * `boundary` whatever its length) would parse another body than the one checked.
 * `canonical` is the header the form's action gets instead of the client's.
 */
export function parseFormType(contentType: string): FormType | null {
  if (URLENCODED_TYPE.test(contentType)) return { kind: "urlencoded", canonical: "application/x-www-form-urlencoded" };
  if (!MULTIPART_TYPE.test(contentType)) return null;
  const params = contentType.slice(contentType.indexOf(";")).replace(/\s+$/, "");
  const boundaries: string[] = [];
  PARAMETER.lastIndex = 0;
  while (PARAMETER.lastIndex < params.length) {
    const match = PARAMETER.exec(params);
    if (!match) return null;
    const [, name = "", raw = ""] = match;
    if (name.toLowerCase() === "boundary") boundaries.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw);
  }
  const [boundary] = boundaries;
  if (boundaries.length !== 1 || boundary === undefined || !BOUNDARY.test(boundary)) return null;
  // Quoted, so any of the allowed characters (space, colon, …) reads back as the same boundary.
  return { kind: "multipart", boundary, canonical: `multipart/form-data; boundary="${boundary}"` };
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/**
 * The body's parts in order, or why it is not a well-formed multipart body (for the log).
 * `check` sees each part as it is read and stops the reading at the first it refuses: a hostile
 * body of 80,000 parts costs the guard its first two.
 */
export function readMultipart(
  body: Buffer,
  boundary: string,
  check?: (part: MultipartPart) => string | null,
): { parts: MultipartPart[] } | { problem: string } {
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  const parts: MultipartPart[] = [];
  // A preamble before the first delimiter is allowed (and ignored) by the format.
  let at = body.indexOf(delimiter);
  if (at === -1) return { problem: "no parts" };
  at += delimiter.length;
  for (;;) {
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return { parts }; // "--": the closing delimiter
    if (body.indexOf(CRLF, at) !== at) return { problem: "malformed delimiter" };
    at += CRLF.length;
    if (parts.length === MAX_PARTS) return { problem: "too many parts" };
    const headersEnd = body.indexOf(HEADER_END, at);
    // Headers end within the limit; a part with none at all starts its data at once.
    const bare = body.indexOf(CRLF, at) === at;
    if (!bare && (headersEnd === -1 || headersEnd - at > MAX_PART_HEADER_BYTES)) return { problem: "part headers too large" };
    const head = bare ? "" : body.subarray(at, headersEnd).toString("utf8");
    at = bare ? at + CRLF.length : headersEnd + HEADER_END.length;
    const next = body.indexOf(between, at);
    if (next === -1) return { problem: "unterminated part" };
    const part = partHeaders(head);
    if (part === "malformed") return { problem: "malformed part headers" };
    if (!part) return { problem: "unknown part" };
    const read: MultipartPart = { ...part, start: at, end: next };
    const problem = check?.(read) ?? null;
    if (problem !== null) return { problem };
    parts.push(read);
    at = next + between.length;
  }
}

const QUOTED = (param: string) => new RegExp(`;\\s*${param}="([^"]*)"`, "i");
const TOKEN = (param: string) => new RegExp(`;\\s*${param}=([^\\s;"]+)`, "i");
const NAME_QUOTED = QUOTED("name");
const NAME_TOKEN = TOKEN("name");
const FILENAME_QUOTED = QUOTED("filename");
const FILENAME_TOKEN = TOKEN("filename");
const FILENAME_EXTENDED = /;\s*filename\*=([^\s;]+)/i;

/**
 * The part's field name, file name and type. A part with more than one
 * Content-Disposition, or one that is not form-data with a name, has none:
 * readers differ on which one counts. "malformed": a line that is no header.
 */
function partHeaders(head: string): { name: string; filename: string | null; type: string } | null | "malformed" {
  let found: { name: string; filename: string | null } | null = null;
  let seen = 0;
  let type = "";
  for (const line of head === "" ? [] : head.split("\r\n")) {
    const colon = line.indexOf(":");
    // A line that is no header: the body is not what the form sent, whatever else it says.
    if (colon < 1) return "malformed";
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1);
    if (header === "content-type") type = value.trim();
    if (header !== "content-disposition") continue;
    if (++seen > 1) return null;
    if (!/^\s*form-data\s*(;|$)/i.test(value)) return null;
    const name = NAME_QUOTED.exec(value)?.[1] ?? NAME_TOKEN.exec(value)?.[1];
    if (name === undefined) return null;
    found = { name, filename: fileName(value) };
  }
  return found ? { ...found, type } : null;
}

/** `filename*=UTF-8''…` (RFC 5987) over `filename="…"`, as browsers and undici read them; null for no file. */
function fileName(disposition: string): string | null {
  const extended = FILENAME_EXTENDED.exec(disposition)?.[1];
  if (extended !== undefined) {
    const match = /^utf-8'[^']*'(.*)$/i.exec(extended);
    if (match) {
      try {
        return decodeURIComponent(match[1] ?? "");
      } catch {
        // Not percent-encoded after all: the plain parameter, or the raw value.
      }
    }
    return FILENAME_QUOTED.exec(disposition)?.[1] ?? FILENAME_TOKEN.exec(disposition)?.[1] ?? extended;
  }
  return FILENAME_QUOTED.exec(disposition)?.[1] ?? FILENAME_TOKEN.exec(disposition)?.[1] ?? null;
}
