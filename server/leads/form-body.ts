import type { IncomingMessage } from "node:http";
import { type FormType, MAX_PARTS, readMultipart } from "../web/multipart.ts";

/**
 * A form's body, read whole before anything is done with it, then checked
 * part by part against the form it is sent to before the form's action builds
 * a single object from it (server/leads/guard.ts).
 *
 * Why not `request.formData()` on the wire: it builds every part a stranger
 * sends (80,000 empty files in 6 MB took the main thread for seconds), and it
 * holds whatever waits for it while the body trickles in. Here the bytes are
 * collected as they come (nothing is parsed until the last one), and the
 * check is a handful of native `indexOf` scans that stop at the first part
 * the form does not have.
 */

/** A text part is never larger than a whole small form. */
export const MAX_TEXT_PART_BYTES = 64 * 1024;
/**
 * The slowest upload the server waits for: after a grace period, a body must
 * keep arriving at this average rate (a 5 MB CV at it takes 5 minutes; the
 * server's own request timeout asks far more of it). A client slower than this
 * holds memory and a connection for nothing: it is cut with 408.
 */
export const MIN_UPLOAD_BYTES_PER_SECOND = 16 * 1024;
export const UPLOAD_GRACE_MS = 2_000;
const RATE_CHECK_MS = 250;

export type UploadPace = { minBytesPerSecond: number; graceMs: number };

export type Spooled = { body: Buffer } | { problem: "slow" | "gone" };

/** Collects a body of `length` bytes; stops when it is slower than `pace`, or when the client goes. */
export function spoolBody(req: IncomingMessage, length: number, pace: UploadPace): Promise<Spooled> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const started = performance.now();
    const finish = (result: Spooled) => {
      clearInterval(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      req.off("error", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      // More than declared cannot be: Node's parser stops at Content-Length. Kept as a bound anyway.
      if (received <= length) chunks.push(chunk);
    };
    const onEnd = () => finish({ body: Buffer.concat(chunks, Math.min(received, length)) });
    const onClose = () => finish({ problem: "gone" });
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const owed = (pace.minBytesPerSecond * (elapsed - pace.graceMs)) / 1000;
      if (received < Math.min(length, owed)) {
        req.pause();
        finish({ problem: "slow" });
      }
    }, RATE_CHECK_MS);
    timer.unref();
    // Nothing reads a form's body before the guard; a stream already ended has none left to give.
    if (req.readableEnded) {
      finish({ body: Buffer.alloc(0) });
      return;
    }
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("close", onClose);
    req.on("error", onClose);
  });
}

export type FormShape = { names: ReadonlySet<string>; files: ReadonlySet<string> };

/**
 * Whether a whole body fits the form: only its own names, at most one file
 * and only where a file is asked, at most MAX_PARTS parts, part headers and
 * text parts of bounded size, one Content-Disposition a part. Null when it
 * fits, otherwise why not (for the log).
 */
export function formBodyProblem(body: Buffer, type: FormType, shape: FormShape): string | null {
  return type.kind === "urlencoded" ? urlencodedProblem(body, shape) : multipartProblem(body, type.boundary, shape);
}

function urlencodedProblem(body: Buffer, shape: FormShape): string | null {
  let parts = 0;
  let from = 0;
  while (from < body.length) {
    const end = body.indexOf(0x26 /* & */, from);
    const pair = body.subarray(from, end === -1 ? body.length : end);
    from = end === -1 ? body.length : end + 1;
    if (pair.length === 0) continue;
    if (++parts > MAX_PARTS) return "too many parts";
    const equals = pair.indexOf(0x3d /* = */);
    const name = decodeFormName(pair.subarray(0, equals === -1 ? pair.length : equals).toString("latin1"));
    if (name === null || !shape.names.has(name)) return "unknown part";
    if (shape.files.has(name)) return "file as text";
  }
  return null;
}

function decodeFormName(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

function multipartProblem(body: Buffer, boundary: string, shape: FormShape): string | null {
  let files = 0;
  const read = readMultipart(body, boundary, (part) => {
    if (!shape.names.has(part.name)) return "unknown part";
    if (part.filename !== null) return !shape.files.has(part.name) || ++files > 1 ? "unexpected file" : null;
    return part.end - part.start > MAX_TEXT_PART_BYTES ? "text part too large" : null;
  });
  return "problem" in read ? read.problem : null;
}
