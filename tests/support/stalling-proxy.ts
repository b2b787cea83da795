import { once } from "node:events";
import { type Server, createServer } from "node:http";

/**
 * An HTTP relay to the site that can hold a page's HTML at a chosen point, as a
 * slow network or a busy parser would: what arrives before the stall is all the
 * browser has until the test lets the rest go. Everything else passes through unchanged.
 */
export type StallingProxy = {
  origin: string;
  /** The next HTML response stops right after the first `marker` until `release()`; `reached` once it has stopped there. */
  stallAfter(marker: string): Stall;
  close(): Promise<void>;
};

export type Stall = { reached: Promise<void>; release(): void };

const HOP_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);

export async function startStallingProxy(target: string): Promise<StallingProxy> {
  let stall: { marker: string; reached: () => void; released: Promise<void> } | undefined;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(target + (req.url ?? "/"), {
        headers: { accept: req.headers.accept ?? "*/*", "accept-encoding": "identity" },
        redirect: "manual",
      });
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name)) headers[name] = value;
      });
      res.writeHead(upstream.status, headers);
      const body = Buffer.from(await upstream.arrayBuffer());
      const cut = stall && headers["content-type"]?.startsWith("text/html") ? body.indexOf(stall.marker) : -1;
      if (!stall || cut < 0) return res.end(body);
      const { marker, reached, released } = stall;
      stall = undefined;
      const end = cut + Buffer.byteLength(marker);
      res.write(body.subarray(0, end));
      reached();
      await released;
      res.end(body.subarray(end));
    })().catch(() => res.destroy());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    stallAfter(marker) {
      let reached: () => void = () => {};
      let release: () => void = () => {};
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      stall = { marker, reached, released };
      return { reached: reachedPromise, release };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
