import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { drain } from "../body.ts";
import { request } from "../node-http.ts";

/**
 * One request for /studio and below, streamed to the studio's process over its private socket
 * (decision 034): the body is not read or parsed here, the answer is streamed back as it comes.
 */

/**
 * Under the site, the studio says "close this connection" in this header instead (process.ts):
 * closing its own socket early lost its answer to a write still on its way (EPIPE); the site's
 * server closes the visitor's connection instead.
 */
export const CLOSE_HEADER = "x-studio-connection";
/** Headers of one connection, not of the message: never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "expect"]);

function passOn(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

function forwardedFor(req: IncomingMessage): string {
  const before = req.headers["x-forwarded-for"];
  const address = req.socket.remoteAddress ?? "unknown";
  return before ? `${Array.isArray(before) ? before.join(", ") : before}, ${address}` : address;
}

/** What the room does when the studio cannot answer: its 503 in Russian, and the journal line. */
type Hooks = { unavailable: () => void; onError: (error: Error) => void };

/** Resolves once the visitor's answer is over (sent, cut short, or the visitor left). */
export function streamToStudio(socketPath: string, req: IncomingMessage, res: ServerResponse, id: string, hooks: Hooks): Promise<void> {
  return new Promise((done) => {
    res.once("close", () => done());
    // Answered here: the body then streams straight through.
    if (req.headers.expect?.toLowerCase() === "100-continue") res.writeContinue();
    const upstream = request({
      socketPath,
      // A connection per request (~0.1 ms on a local socket), ended here once answered. Asked to stay
      // open: a studio that closed it after an early answer (a refused write, its body unread) lost
      // that answer to the body still being written (EPIPE).
      agent: false,
      method: req.method,
      path: req.url,
      headers: {
        ...passOn(req.headers),
        ...(req.headers["transfer-encoding"] ? { "transfer-encoding": "chunked" } : {}),
        connection: "keep-alive",
        "x-request-id": id,
        "x-forwarded-for": forwardedFor(req),
      },
    });
    let answered: IncomingMessage | null = null;
    upstream.on("response", (answer) => {
      answered = answer;
      const headers = passOn(answer.headers);
      // The studio asked to close (a refusal before the body was read): said to the visitor here.
      const closing = headers[CLOSE_HEADER] === "close";
      delete headers[CLOSE_HEADER];
      res.writeHead(answer.statusCode ?? 502, closing ? { ...headers, connection: "close" } : headers);
      answer.pipe(res, { end: false });
      answer.once("end", () => {
        if (req.complete) return void res.end();
        // Answered before the body was all sent: the studio has read what it needed. The rest is
        // drained here within the limits, so the visitor reads the answer before the connection closes.
        req.unpipe(upstream);
        upstream.destroy();
        void drain(req).then(() => res.end());
      });
    });
    upstream.on("error", (error) => {
      if (answered) {
        // Cut short on its way: cut short for the visitor too.
        if (!answered.complete) res.destroy();
        return;
      }
      if (res.headersSent) return void res.destroy();
      hooks.onError(error);
      hooks.unavailable();
    });
    // The visitor left: the studio stops working on the answer too.
    res.once("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
}
