import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer, STATUS_CODES } from "./node-http.ts";
import type { Socket } from "node:net";
import type { Env } from "#core/config/env.server.ts";
import type { SecurityHeaders } from "./headers.ts";
import type { Logger } from "./log.ts";
import { answerTimeout, TIMEOUT_MESSAGE } from "./timeout.ts";

/** Request line plus headers; larger requests get 431 (Node's own default, stated). */
const MAX_HEADER_BYTES = 16_384;
/**
 * Methods are case-sensitive (RFC 9110): `post` is not POST. Node's parser
 * refuses most such spellings today, but what reaches a handler must not
 * depend on a parser's leniency: anything but capitals is refused here.
 */
const METHOD = /^[A-Z]+$/;
const BAD_METHOD_MESSAGE = "Метод запроса записан не\u00a0так: сервер принимает GET, HEAD и\u00a0POST.";

type Site = {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  security: SecurityHeaders;
  log: Logger;
};

type Exchange = { req: IncomingMessage; res: ServerResponse };

/** The HTTP server around the request handler: size limits, timeouts, refused requests. */
export function createHttpServer(site: Site, env: Pick<Env, "HEADERS_TIMEOUT_MS" | "REQUEST_TIMEOUT_MS">): Server {
  const { handle, security, log } = site;
  /** Each connection's latest request: what a timeout on it answers. */
  const exchanges = new WeakMap<Socket, Exchange>();

  function accept(req: IncomingMessage, res: ServerResponse) {
    exchanges.set(req.socket, { req, res });
    if (!METHOD.test(req.method ?? "")) {
      security.apply(res);
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
      res.end(BAD_METHOD_MESSAGE);
      log.warn("request refused: method not in capitals", { status: 400 });
      return;
    }
    void handle(req, res);
  }

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
    accept,
  );

  /**
   * A request whose body is still on its way when time is up gets 408 through its own
   * response (if that has not begun); one whose answer is already under way, or a
   * connection idle between requests, is closed: there is nothing left to answer.
   * True when it dealt with the socket.
   */
  function cutRequest(socket: Socket): boolean {
    const current = exchanges.get(socket);
    if (!current || current.req.complete) return false;
    if (current.res.headersSent || current.res.writableEnded) socket.destroy();
    else answerTimeout(current.res, security);
    log.warn("request cut by the timeout", { status: 408 });
    return true;
  }

  // A socket silent this long (a client that stopped sending its body, or stopped reading
  // the answer) is cut: not sooner than the request timeout, which answers the same way.
  server.setTimeout(env.REQUEST_TIMEOUT_MS, (socket) => {
    if (!cutRequest(socket)) socket.destroy();
  });
  // `Expect: 100-continue` is answered by the handler, after the body-size check.
  server.on("checkContinue", accept);
  server.on("checkExpectation", (_req, res) => {
    security.apply(res);
    res.writeHead(417, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" }).end("Expectation Failed");
  });

  /**
   * Requests Node's parser refuses (malformed, headers too large, too slow)
   * never reach the handler: answer them here, with the same security headers.
   */
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT" && cutRequest(socket)) return;
    // A response already under way on this socket must not be corrupted.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const body = status === 408 ? TIMEOUT_MESSAGE : `${STATUS_CODES[status]}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${security.rawLines()}` +
        `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
    log.warn("request refused by the parser", { status, code: error.code });
  });
  return server;
}
