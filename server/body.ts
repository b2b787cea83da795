import type { IncomingMessage } from "node:http";

/**
 * The generic body rule: a request with a body says how long it is, and it is
 * not longer than the server-wide limit. Browsers send Content-Length for
 * forms and fetch bodies; a chunked upload of unknown length is refused
 * rather than read until it turns out too long.
 */
export function bodyProblem(req: IncomingMessage, limitBytes: number): { status: 411 | 413; message: string } | null {
  const length = req.headers["content-length"];
  if (length === undefined) {
    return req.headers["transfer-encoding"] ? { status: 411, message: "Length Required" } : null;
  }
  return Number(length) <= limitBytes ? null : { status: 413, message: "Content Too Large" };
}

/** The body, or null when it is longer than `maxBytes` (reading stops there). */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
