import { connect } from "node:net";

/**
 * HTTP/1.1 over a bare socket: the request goes out byte for byte (fetch and
 * node:http would normalise or refuse hostile targets), the response head is
 * kept raw so injected header lines would show.
 */
export type RawReply = {
  status: number;
  /** Header lines as received, names lower-cased. */
  headers: [string, string][];
  head: string;
  body: Buffer;
  header(name: string): string | undefined;
};

export function parseReply(data: Buffer): RawReply {
  const end = data.indexOf("\r\n\r\n");
  const head = data.subarray(0, end === -1 ? data.length : end).toString("latin1");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
  });
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    head,
    body: end === -1 ? Buffer.alloc(0) : data.subarray(end + 4),
    header: (name) => headers.find(([n]) => n === name)?.[1],
  };
}

/** Sends `request` (a whole HTTP message) and resolves with the reply once the server closes. */
export function rawExchange(port: number, request: string | Buffer, timeoutMs = 10_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete reply within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(parseReply(Buffer.concat(chunks)));
    });
    socket.write(request);
  });
}

/** A GET of `target` sent exactly as given, with `Connection: close`. */
export function rawGet(port: number, target: string | Buffer, headers: Record<string, string> = {}): Promise<RawReply> {
  const lines = Object.entries({ Host: "localhost", Connection: "close", ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
  const start = Buffer.concat([Buffer.from("GET "), Buffer.isBuffer(target) ? target : Buffer.from(target, "utf8")]);
  return rawExchange(port, Buffer.concat([start, Buffer.from(` HTTP/1.1\r\n${lines.join("")}\r\n`, "latin1")]));
}
