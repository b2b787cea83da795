import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { explainDeliveryError } from "#core/studio/delivery-errors.ts";
import { postWebhook } from "./webhook.ts";

/** A loopback port nothing listens on: taken, then closed. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe("a webhook that cannot be reached", () => {
  it("records why (the socket's code, not only «fetch failed»), which the studio says in Russian", async () => {
    const port = await closedPort();
    const failure = await postWebhook({ url: `http://127.0.0.1:${port}/crm`, secret: "s" }, "{}", {}).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toBe("webhook: fetch failed (ECONNREFUSED)");
    expect(explainDeliveryError(failure)).toMatch(/^Сервер CRM не\u00a0принял соединение/);
  });
});
