import { createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import { eventually } from "./eventually.ts";

/**
 * A local CRM endpoint: checks each delivery's signature itself (HMAC-SHA256
 * over "<t>.<body>" with the shared secret), answers with the status the test
 * chooses, and de-duplicates accepted deliveries by submission id, as a real
 * receiver must under at-least-once delivery.
 */
export type Delivery = {
  id: string;
  event: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
  status: number;
  headers: Record<string, string | string[] | undefined>;
};

export type WebhookReceiver = {
  url: string;
  secret: string;
  /** Every request, in arrival order. */
  requests: Delivery[];
  /** Accepted deliveries, one per submission id (later duplicates dropped). */
  accepted: Map<string, Delivery>;
  /** Duplicate deliveries of an id already accepted. */
  duplicates: number;
  /** Status for a request: by submission id and how many times that id arrived (1-based). */
  respond: (id: string, attempt: number) => number;
  waitFor(ids: readonly string[], timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

function verify(secret: string, header: string | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${body}`).digest();
  const fresh = Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
  return fresh && timingSafeEqual(expected, Buffer.from(match[2] as string, "hex"));
}

export async function startWebhookReceiver(secret = "test-webhook-secret-0123456789"): Promise<WebhookReceiver> {
  const seen = new Map<string, number>();
  const receiver: WebhookReceiver = {
    url: "",
    secret,
    requests: [],
    accepted: new Map(),
    duplicates: 0,
    respond: () => 200,
    async waitFor(ids, timeoutMs = 20_000) {
      await eventually(() => ids.every((id) => receiver.accepted.has(id)), timeoutMs, `${ids.length} ids delivered to the webhook receiver`, 50);
    },
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw);
      } catch {
        // Recorded as is; the assertions will show it.
      }
      const id = String(req.headers["x-lead-id"] ?? body.id ?? "");
      const attempt = (seen.get(id) ?? 0) + 1;
      seen.set(id, attempt);
      const signatureValid = verify(secret, req.headers["x-lead-signature"] as string | undefined, raw);
      const status = signatureValid ? receiver.respond(id, attempt) : 401;
      const delivery: Delivery = { id, event: String(body.event ?? ""), body, signatureValid, status, headers: req.headers };
      receiver.requests.push(delivery);
      if (status >= 200 && status < 300) {
        if (receiver.accepted.has(id)) receiver.duplicates++;
        else receiver.accepted.set(id, delivery);
      }
      res.statusCode = status;
      if (status >= 300 && status < 400) res.setHeader("Location", "/elsewhere");
      res.end();
    });
  });
  server.keepAliveTimeout = 1_000;
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  receiver.url = `http://127.0.0.1:${port}/hooks/leads`;
  receiver.close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, "close");
  };
  return receiver;
}
