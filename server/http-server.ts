import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Env } from "#core/config/env.server.ts";
import type { SecurityHeaders } from "./headers.ts";
import type { Logger } from "./log.ts";

/** Request line plus headers; larger requests get 431 (Node's own default, stated). */
const MAX_HEADER_BYTES = 16_384;
/** A response the client stops reading, or a socket gone quiet, is dropped after this. */
const SOCKET_IDLE_MS = 30_000;

type Site = {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  security: SecurityHeaders;
  log: Logger;
};

/** The HTTP server around the request handler: size limits, timeouts, refused requests. */
export function createHttpServer(site: Site, env: Pick<Env, "HEADERS_TIMEOUT_MS" | "REQUEST_TIMEOUT_MS">): Server {
  const { handle, security, log } = site;
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      requestTimeout: env.REQUEST_TIMEOUT_MS,
      // Longer than a balancer's usual idle timeout (60 s), so the client side closes an idle
      // connection first: when the server does, a request already on the wire meets a closed
      // socket ("other side closed"), which tests hit under load with a 5 s timeout.
      keepAliveTimeout: 65_000,
      // How often the two timeouts above are enforced (Node's default is 30 s).
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => void handle(req, res),
  );
  server.setTimeout(SOCKET_IDLE_MS, (socket) => socket.destroy());
  // `Expect: 100-continue` is answered by the handler, after the body-size check.
  server.on("checkContinue", (req, res) => void handle(req, res));
  server.on("checkExpectation", (_req, res) => {
    security.apply(res);
    res.writeHead(417, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" }).end("Expectation Failed");
  });

  /**
   * Requests Node's parser refuses (malformed, headers too large, too slow)
   * never reach the handler: answer them here, with the same security headers.
   */
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    // A response already under way on this socket must not be corrupted.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const body = `${STATUS_CODES[status]}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${security.rawLines()}` +
        `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
    log.warn("request refused by the parser", { status, code: error.code });
  });
  return server;
}
