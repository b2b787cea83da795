import { createHmac } from "node:crypto";
import { request as httpsRequest } from "node:https";
import { publicOnlyLookup } from "./webhook-target.ts";

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

/**
 * `publicOnly`: an address set in «Настройки» (and not LEADS_WEBHOOK_ALLOW_LOCAL): already checked to
 * be https to a public host, it is called over a connection that may reach public addresses only
 * (webhook-target.ts, publicOnlyLookup). Otherwise (the operator's address from the environment)
 * through fetch.
 */
export type WebhookTarget = { url: string; secret: string; publicOnly?: boolean };

/** One call of the webhook; its HTTP status (a redirect is not followed). Throws DeliveryError when no answer came. */
export async function callWebhook(target: WebhookTarget, body: string, extra: Record<string, string>, now = Date.now(), timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<number> {
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "User-Agent": "site-leads/1",
    "X-Lead-Signature": signature(target.secret, body, Math.floor(now / 1000)),
    ...extra,
  };
  const signal = AbortSignal.timeout(timeoutMs);
  if (target.publicOnly) {
    return postPublicOnly(target.url, headers, body, signal).catch((error: unknown) => {
      throw deliveryError(error, signal.aborted, timeoutMs);
    });
  }
  let response: Response;
  try {
    response = await fetch(target.url, { method: "POST", redirect: "manual", signal, headers, body });
  } catch (error) {
    throw deliveryError(error, signal.aborted, timeoutMs);
  }
  // The body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

/** A POST over https whose connection may reach public addresses only; its status. */
function postPublicOnly(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) }, lookup: publicOnlyLookup, signal }, (response) => {
      // The body is not needed; reading it to the end frees the connection.
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

function deliveryError(error: unknown, timedOut: boolean, timeoutMs: number): DeliveryError {
  // fetch says only "fetch failed"; the socket's code (ECONNREFUSED, ENOTFOUND…) is in its cause, and tells what to fix.
  const code = (error as NodeJS.ErrnoException).code ?? ((error as Error).cause as { code?: unknown } | undefined)?.code;
  const reason = timedOut ? `no answer within ${timeoutMs / 1000} s` : `${(error as Error).message}${typeof code === "string" ? ` (${code})` : ""}`;
  const failure = new DeliveryError(`webhook: ${reason}`);
  failure.reason = timedOut ? "timeout" : typeof code === "string" ? code : "failed";
  return failure;
}

export async function postWebhook(
  target: WebhookTarget,
  body: string,
  headers: Record<string, string>,
  now = Date.now(),
): Promise<void> {
  const status = await callWebhook(target, body, headers, now);
  if (status < 200 || status > 299) throw new DeliveryError(`webhook: HTTP ${status}`);
}
