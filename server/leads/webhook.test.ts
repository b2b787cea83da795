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

describe("a webhook set in «Настройки» whose name now points inward (DNS rebinding)", () => {
  it("is not connected to: the connection's own lookup refuses a private address, and the studio says why in Russian", async () => {
    let connections = 0;
    const listener = createServer(() => connections++);
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const { port } = listener.address() as { port: number };
    // "localhost" passed the check in the past as a public name would; now it resolves to loopback.
    const failure = await postWebhook({ url: `https://localhost:${port}/crm`, secret: "s", publicOnly: true }, "{}", {}).then(
      () => null,
      (error: Error & { reason?: string }) => error,
    );
    listener.close();
    expect(failure?.reason).toBe("EPRIVATEADDRESS");
    expect(connections).toBe(0);
    expect(explainDeliveryError(failure?.message ?? null)).toMatch(/^Адрес CRM ведёт во\u00a0внутреннюю сеть/);
  });
});
