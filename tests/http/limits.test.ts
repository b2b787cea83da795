import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#core/forms/messages.ts";
import { createFormGuard } from "../../server/leads/guard.ts";
import { startInProcess } from "../support/in-process.ts";
import { TIMEOUT_MESSAGE } from "../../server/timeout.ts";
import { parseReply, rawExchange, rawGet } from "../support/raw-http.ts";

let app: Awaited<ReturnType<typeof startInProcess>>;
beforeAll(async () => {
  app = await startInProcess({
    RATE_LIMIT_PER_MINUTE: "60",
    RATE_LIMIT_BURST: "5",
    TRUSTED_PROXY_HOPS: "1",
    BODY_LIMIT_BYTES: "1000",
    HEADERS_TIMEOUT_MS: "1000",
    REQUEST_TIMEOUT_MS: "2000",
  }, {
    guard: createFormGuard({ origin: "http://localhost:3000", rateLimit: { limit: 100, windowMs: 60_000 }, trustedProxyHops: 1 }),
  });
});
afterAll(() => app.close());

const from = (address: string) => ({ "X-Forwarded-For": address });

describe("per-visitor rate limit", () => {
  it("answers 429 with Retry-After once a visitor's burst is spent, on anything but static files", async () => {
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await rawGet(app.port, "/services", from("198.51.100.1"))).status);
    expect(statuses).toEqual([301, 301, 301, 301, 301, 429, 429]);
    const limited = await rawGet(app.port, "/no-such-page/", from("198.51.100.1"));
    expect(limited.status).toBe(429);
    expect(Number(limited.header("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.header("content-security-policy")).toContain("default-src 'none'");
    // Prerendered pages and assets stay available to the same visitor.
    expect((await rawGet(app.port, "/services/", from("198.51.100.1"))).status).toBe(200);
    expect((await rawGet(app.port, "/favicon.svg", from("198.51.100.1"))).status).toBe(200);
    // Another visitor is not affected.
    expect((await rawGet(app.port, "/services", from("198.51.100.2"))).status).toBe(301);
  });

  it("trusts only the entry the proxy added, not what the client wrote before it", async () => {
    const statuses = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await rawGet(app.port, "/price", from(`10.9.9.${i}, 198.51.100.3`))).status);
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});

describe("body limits", () => {
  const post = (headers: string, body = "") =>
    rawExchange(app.port, `POST /contacts/ HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.20\r\n${headers}Connection: close\r\n\r\n${body}`);

  it("refuses a declared body over the limit at once, closing once the body is drained or the request times out", async () => {
    const reply = await post("Content-Type: text/plain\r\nContent-Length: 5000\r\n");
    expect(reply.status).toBe(413);
    expect(reply.header("connection")).toBe("close");
  });

  // A client that sends its whole body and only then reads (curl with `Connection: close`, a
  // browser's upload) must see the answer, not a reset: the server drains the body before closing.
  const upload = (path: string, type: string, bytes: number) =>
    rawExchange(
      app.port,
      Buffer.concat([
        Buffer.from(
          `POST ${path} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.22\r\nOrigin: http://localhost:3000\r\n` +
            `Content-Type: ${type}\r\nContent-Length: ${bytes}\r\nConnection: close\r\n\r\n`,
        ),
        Buffer.alloc(bytes, "a"),
      ]),
    );

  it("answers a large body sent with Connection: close with the Russian 413, not a reset", async () => {
    const reply = await upload("/contacts/", "application/octet-stream", 4 * 1024 * 1024);
    expect(reply.status).toBe(413);
    expect(reply.header("content-type")).toBe("text/plain; charset=utf-8");
    expect(reply.body.toString("utf8")).toBe("Запрос слишком большой: сервер принимает не\u00a0больше 1000\u00a0байт.");
    expect(reply.header("connection")).toBe("close");
  });

  it("does the same for a form upload over the form's own limit", async () => {
    const reply = await upload("/forms/job/", "multipart/form-data; boundary=x", 8 * 1024 * 1024);
    expect(reply.status).toBe(413);
    expect(reply.body.toString("utf8")).toBe(MESSAGES.form.tooLarge);
  });

  it("refuses a chunked body of unknown length", async () => {
    const reply = await post("Content-Type: text/plain\r\nTransfer-Encoding: chunked\r\n", "5\r\nhello\r\n0\r\n\r\n");
    expect(reply.status).toBe(411);
  });

  it("lets a body within the limit through to the page", async () => {
    const reply = await post("Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 7\r\n", "a=hello");
    expect([411, 413]).not.toContain(reply.status);
    expect(reply.status).toBeLessThan(500);
  });
});

describe("slow clients", () => {
  /** Opens a connection that sends a request start, then a byte now and then, and never finishes. */
  function trickle(start: string): Promise<{ closedAfterMs: number; reply: string }> {
    return new Promise((resolve) => {
      const opened = Date.now();
      const socket = connect(app.port, "127.0.0.1");
      let reply = "";
      socket.write(start);
      const drip = setInterval(() => socket.writable && socket.write("a"), 200);
      socket.on("data", (chunk: Buffer) => (reply += chunk.toString("latin1")));
      socket.on("error", () => undefined);
      socket.on("close", () => {
        clearInterval(drip);
        resolve({ closedAfterMs: Date.now() - opened, reply });
      });
    });
  }

  it("drops a client that trickles its headers, and keeps serving others meanwhile", async () => {
    const slow = Array.from({ length: 20 }, () => trickle("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "));
    const meanwhile = await rawGet(app.port, "/services/");
    expect(meanwhile.status).toBe(200);
    for (const { closedAfterMs, reply } of await Promise.all(slow)) {
      expect(closedAfterMs).toBeLessThan(4_000);
      expect(parseReply(Buffer.from(reply, "latin1")).status).toBe(408);
    }
  });

  it("answers a body that stops coming with a Russian 408 and closes, rather than dropping the connection", async () => {
    const started = Date.now();
    // Headers and part of the body, then silence: the request timeout (2 s here) answers it.
    const reply = await rawExchange(
      app.port,
      "POST /csp-report HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.23\r\nContent-Type: application/csp-report\r\nContent-Length: 900\r\n\r\n{\"csp",
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(reply.status).toBe(408);
    expect(reply.header("connection")).toBe("close");
    expect(reply.header("content-type")).toBe("text/plain; charset=utf-8");
    expect(reply.body.toString("utf8")).toBe(TIMEOUT_MESSAGE);
    // One answer only: nothing follows it on the connection.
    expect(reply.body.length).toBe(Number(reply.header("content-length")));
  });

  it("drops a client that never finishes its body", async () => {
    const { closedAfterMs, reply } = await trickle(
      "POST /contacts/ HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.21\r\nContent-Type: text/plain\r\nContent-Length: 900\r\n\r\n",
    );
    expect(closedAfterMs).toBeLessThan(5_000);
    expect(reply === "" || parseReply(Buffer.from(reply, "latin1")).status >= 400).toBe(true);
  });
});

describe("methods", () => {
  it.each(["post /forms/project/", "get /", "Post /studio/", "get /healthz"])("refuses `%s` with 400: no handler runs", async (line) => {
    const body = "name=x";
    const reply = await rawExchange(
      app.port,
      `${line} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.30\r\nOrigin: http://localhost:3000\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.header("connection")).toBe("close");
    // A handler would have logged the request with its path.
    const method = line.split(" ")[0];
    const handled = (await app.logs()).filter((logged) => logged.msg === "request" && logged.method === method);
    expect(handled).toEqual([]);
  });
});
