import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The generic body rule: a request with a body says how long it is, and it is
 * not longer than the server-wide limit. Browsers send Content-Length for
 * forms and fetch bodies; a chunked upload of unknown length is refused
 * rather than read until it turns out too long.
 */
export function bodyProblem(req: IncomingMessage, limitBytes: number): { status: 411 | 413; message: string } | null {
  const length = req.headers["content-length"];
  if (length === undefined) {
    return req.headers["transfer-encoding"] ? { status: 411, message: BODY_MESSAGES.lengthRequired } : null;
  }
  return Number(length) <= limitBytes ? null : { status: 413, message: BODY_MESSAGES.tooLarge(limitBytes) };
}

/** What a person reads when the server refuses a body (Russian, like every page of the site). */
export const BODY_MESSAGES = {
  tooLarge: (limitBytes: number) => `Запрос слишком большой: сервер принимает не\u00a0больше ${formatBytes(limitBytes)}.`,
  lengthRequired: "Запрос отправлен без указания размера (Content-Length).",
};

/** 1048576 → "1 МБ", 65536 → "64 КБ", 1000 → "1000 байт". */
export function formatBytes(bytes: number): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, "МБ"] : bytes >= 1024 ? [bytes / 1024, "КБ"] : [bytes, "байт"];
  return `${String(Math.round(value * 10) / 10).replace(".", ",")}\u00a0${unit}`;
}

/**
 * The body, or null when it is longer than `maxBytes`: collecting stops there,
 * but the stream is not destroyed, so the caller can still answer and drain it.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      req.pause();
      cleanup();
      resolve(null);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/** How much of a refused body is read and thrown away, and for how long, before the connection closes anyway. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
export const DRAIN_MAX_MS = 10_000;

/**
 * Answers a request whose body the server will not use (too large, wrong
 * type, refused), then closes the connection. The answer goes out at once,
 * but the socket closes only after the rest of the body has been read and
 * discarded: closing a socket with unread data makes the kernel reset the
 * connection, and a client still sending (one that asked for
 * `Connection: close` above all) would see that reset instead of the answer.
 * Reading stops at DRAIN_MAX_BYTES or DRAIN_MAX_MS; past that the client gets
 * the reset. A JSON client (or `json`) gets `{ok: false, message}`, anyone else the text.
 */
export function refuseUnread(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  json = /application\/json/.test(req.headers.accept ?? ""),
): void {
  const payload = Buffer.from(json ? JSON.stringify({ ok: false, message }) : message);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
  res.setHeader("Content-Length", String(payload.length));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Connection", "close");
  // A client waiting for `100 Continue` sends no body; one whose body has arrived has nothing left.
  if (req.complete || req.headers.expect?.toLowerCase() === "100-continue") {
    res.end(payload);
    return;
  }
  res.write(payload);
  void drain(req).then(() => res.end());
}

/** Reads and discards the rest of a body; resolves at its end, when the client goes, or at the caps. */
export function drain(req: IncomingMessage, maxBytes = DRAIN_MAX_BYTES, maxMs = DRAIN_MAX_MS): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", done);
      req.off("close", done);
      req.off("error", done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) done();
    };
    const timer = setTimeout(done, maxMs);
    timer.unref();
    req.on("data", onData);
    req.on("end", done);
    req.on("close", done);
    req.on("error", done);
    req.resume();
  });
}
