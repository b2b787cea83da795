import { once } from "node:events";
import { Agent, get as httpGet } from "node:http";
import { describe, expect, it } from "vitest";
import { freePort, startServer } from "../support/server.ts";

type Reply = { status: number; connection: string | undefined };

function request(port: number, path: string, agent: Agent | false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpGet({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const PATHS = ["/services/", "/search/?q=seo", "/no-such-page/", "/services", "/services/_.data", "/favicon.svg"];

describe("SIGTERM during load", () => {
  it("stops being ready, closes keep-alive connections, fails no request and exits within 10 s", async () => {
    const port = await freePort();
    const server = await startServer(port, { RATE_LIMIT_BURST: "1000000", SHUTDOWN_DRAIN_MS: "1000" });
    const failures: string[] = [];
    let served = 0;
    let balancerStopped = false;
    /** Replies each visitor has had: the signal comes once every one of them is being served. */
    const servedBy = new Map<string, number>();
    let loaded: () => void = () => {};
    const underLoad = new Promise<void>((resolve) => (loaded = resolve));
    const count = (visitor: string) => {
      served += 1;
      servedBy.set(visitor, (servedBy.get(visitor) ?? 0) + 1);
      if (served > 100 && servedBy.size === 20) loaded();
    };

    // Visitors on keep-alive connections: each stops once the server says `Connection: close`.
    const keepAlive = Array.from({ length: 16 }, async (_, worker) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; ; i += 1) {
        try {
          const reply = await request(port, PATHS[(worker + i) % PATHS.length] ?? "/", agent);
          count(`keep-alive ${worker}`);
          if (reply.status >= 500) failures.push(`status ${reply.status}`);
          if (reply.connection === "close") return true;
        } catch (error) {
          failures.push(String(error));
          return false;
        } finally {
          if (i > 100_000) agent.destroy();
        }
      }
    });
    // A balancer: new connections until its readiness probe sees 503.
    const fresh = Array.from({ length: 4 }, async (_, worker) => {
      for (let i = 0; !balancerStopped; i += 1) {
        try {
          const reply = await request(port, PATHS[(worker + i) % PATHS.length] ?? "/", false);
          count(`fresh ${worker}`);
          if (reply.status >= 500) failures.push(`status ${reply.status}`);
        } catch (error) {
          failures.push(String(error));
          return;
        }
      }
    });
    // The probe asks again as soon as it has its answer: a balancer's interval only spaces what this does.
    const probe = (async () => {
      while (!balancerStopped) {
        const reply = await request(port, "/readyz", false).catch(() => ({ status: 0 }));
        if (reply.status !== 200) balancerStopped = true;
        if (reply.status !== 503) expect(reply.status).toBe(200);
      }
    })();

    await underLoad;
    const servedBeforeSignal = served;
    const signalled = Date.now();
    server.kill("SIGTERM");
    const toldToClose = await Promise.all(keepAlive);
    await Promise.all([...fresh, probe]);
    await once(server, "exit");

    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.exitCode).toBe(0);
    expect(servedBeforeSignal).toBeGreaterThan(100);
    expect(failures).toEqual([]);
    expect(toldToClose.every(Boolean)).toBe(true);
  });
});
