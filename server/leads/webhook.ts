import { createHmac } from "node:crypto";

/**
 * One webhook attempt. The CRM gets JSON signed with HMAC-SHA256:
 * `X-Lead-Signature: t=<unix seconds>,v1=<hex of HMAC(secret, "<t>.<body>")>`
 * (the timestamp lets it refuse replays). Only a 2xx within 15 s counts;
 * redirects are not followed and count as failures.
 */
export const WEBHOOK_TIMEOUT_MS = 15_000;

export function signature(secret: string, body: string, timestamp: number): string {
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

export class DeliveryError extends Error {
  override name = "DeliveryError";
  /** What failed, for a person: "timeout", or the socket's code (ECONNREFUSED, ENOTFOUND…) when there was one. */
  reason?: string;
}

/** One call of the webhook; its HTTP status (a redirect is not followed). Throws DeliveryError when no answer came. */
export async function callWebhook(
  target: { url: string; secret: string },
  body: string,
  headers: Record<string, string>,
  now = Date.now(),
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<number> {
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "site-leads/1",
        "X-Lead-Signature": signature(target.secret, body, Math.floor(now / 1000)),
        ...headers,
      },
      body,
    });
  } catch (error) {
    // fetch says only "fetch failed"; the socket's code (ECONNREFUSED, ENOTFOUND…) is in its cause, and tells what to fix.
    const code = ((error as Error).cause as { code?: unknown } | undefined)?.code;
    const timedOut = (error as Error).name === "TimeoutError";
    const reason = timedOut ? `no answer within ${timeoutMs / 1000} s` : `${(error as Error).message}${typeof code === "string" ? ` (${code})` : ""}`;
    const failure = new DeliveryError(`webhook: ${reason}`);
    failure.reason = timedOut ? "timeout" : typeof code === "string" ? code : "failed";
    throw failure;
  }
  // The body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

export async function postWebhook(
  target: { url: string; secret: string },
  body: string,
  headers: Record<string, string>,
  now = Date.now(),
): Promise<void> {
  const status = await callWebhook(target, body, headers, now);
  if (status < 200 || status > 299) throw new DeliveryError(`webhook: HTTP ${status}`);
}
