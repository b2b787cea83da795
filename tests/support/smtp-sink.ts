import { once } from "node:events";
import { createServer, type Socket } from "node:net";
import { eventually } from "./eventually.ts";

/**
 * A local SMTP server that accepts every message and keeps it, decoded
 * enough for assertions (headers, text, attachments). Plain SMTP without
 * TLS, as a mail relay on loopback would be.
 */
export type ReceivedMail = {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  raw: string;
};

export type SmtpSink = {
  url: string;
  messages: ReceivedMail[];
  /** A reply refusing this recipient (a bounce: `550 5.1.1 <a@b>: …`), or nothing to accept it. */
  refuse: (recipient: string) => string | undefined;
  /** Waits until `count` messages match, or fails after `timeoutMs`. */
  waitFor(match: (m: ReceivedMail) => boolean, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  const e = (encoding ?? "").toLowerCase();
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (e === "quoted-printable") {
    const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1");
  }
  return Buffer.from(body, "utf8");
}

type Part = { headers: Map<string, string>; body: string };

function parts(entity: Part): Part[] {
  const type = entity.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [entity];
  return entity.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk) => {
      const trimmed = chunk.replace(/^\r\n/, "");
      const split = trimmed.indexOf("\r\n\r\n");
      return parts({ headers: parseHeaders(trimmed.slice(0, split)), body: trimmed.slice(split + 4).replace(/\r\n$/, "") });
    });
}

function parseMessage(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const headers = parseHeaders(raw.slice(0, split));
  const leaves = parts({ headers, body: raw.slice(split + 4) });
  const textPart = leaves.find((p) => /^text\/plain/i.test(p.headers.get("content-type") ?? "text/plain") && !/attachment/i.test(p.headers.get("content-disposition") ?? ""));
  return {
    from,
    to,
    headers,
    subject: decodeWords(headers.get("subject") ?? ""),
    messageId: headers.get("message-id") ?? "",
    text: textPart ? decodeBody(textPart.body, textPart.headers.get("content-transfer-encoding")).toString("utf8") : "",
    attachments: leaves
      .filter((p) => /attachment/i.test(p.headers.get("content-disposition") ?? ""))
      .map((p) => ({
        filename: decodeWords(/filename="?([^";]+)"?/i.exec(p.headers.get("content-disposition") ?? "")?.[1] ?? ""),
        contentType: (p.headers.get("content-type") ?? "").split(";")[0] ?? "",
        content: decodeBody(p.body, p.headers.get("content-transfer-encoding")),
      })),
    raw,
  };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let buffer = "";
    let inData = false;
    let from = "";
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink ESMTP ready");
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          const raw = Buffer.from(buffer.slice(0, end).replace(/\r\n\.\./g, "\r\n."), "latin1").toString("utf8");
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(parseMessage(raw, from, to));
          reply("250 2.0.0 queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-sink\r\n250-8BITMIME\r\n250 SIZE 20000000\r\n");
        else if (verb === "HELO") reply("250 sink");
        else if (verb === "MAIL") {
          from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          to = [];
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          const recipient = /<([^>]*)>/.exec(line)?.[1] ?? "";
          const refusal = sink.refuse(recipient);
          if (refusal) reply(refusal);
          else {
            to.push(recipient);
            reply("250 2.1.5 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: () => undefined,
    async waitFor(match, count = 1, timeoutMs = 20_000) {
      return eventually(
        () => {
          const found = messages.filter(match);
          return found.length >= count && found;
        },
        timeoutMs,
        `${count} expected messages in the SMTP sink (${messages.length} received so far)`,
        50,
      );
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
  return sink;
}
