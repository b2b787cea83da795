import type { ServerResponse } from "node:http";
import type { SecurityHeaders } from "./headers.ts";

/**
 * The answer to a request whose body did not arrive in time (REQUEST_TIMEOUT_MS,
 * or a connection silent that long): 408 in Russian, and the connection closes.
 * Given through the request's own response, so that the client reads one
 * answer, never a raw one written over whatever the handler starts later.
 */
export const TIMEOUT_MESSAGE = "Запрос не\u00a0пришёл целиком вовремя, и\u00a0сервер закрыл соединение. Отправьте его ещё раз.";

const cut = new WeakSet<ServerResponse>();

export function answerTimeout(res: ServerResponse, security: SecurityHeaders): void {
  cut.add(res);
  // The handler may still write to it: after this answer such a write is an error nobody needs to hear.
  res.on("error", () => undefined);
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  security.apply(res);
  const body = Buffer.from(TIMEOUT_MESSAGE);
  res.writeHead(408, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(body.length),
    "Cache-Control": "no-store",
    Connection: "close",
  });
  res.end(body);
}

/** Whether the timeout answered this response: what the handler does after it no longer matters. */
export function wasCutByTimeout(res: ServerResponse): boolean {
  return cut.has(res);
}
