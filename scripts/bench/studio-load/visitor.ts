/**
 * The visitor of `bench:studio-load`, run as a process of its own (fork):
 * the editors' JSON and the uploads in the benchmark's process never hold
 * up this clock. It asks for the public addresses one after another, without
 * pause, over one kept-alive connection as a browser would, and keeps each
 * answer's time (to its last byte) for the phase the parent names.
 *
 * Messages: { start: true } opens a phase; { end: true } closes it and is
 * answered with its times per address; { quit: true } ends the process.
 */
import { Agent, request } from "node:http";
import { EXPECTED, PUBLIC_ADDRESSES, target, type VisitorReport } from "./addresses.ts";

const base = new URL(process.argv[2] ?? "");
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, agent, headers: { Accept: "text/html", "Accept-Encoding": "br, gzip", "User-Agent": "studio-load visitor" } }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const empty = (): VisitorReport => ({ times: { "/services/": [], "/academy/": [], "/search/": [], "404": [] }, unexpected: 0 });
// Set by the messages, between requests (declared wide: the loop below would see it as never set).
let phase = null as VisitorReport | null;
let running = true;

process.on("message", (message: { start?: boolean; end?: boolean; quit?: boolean }) => {
  if (message.start) phase = empty();
  if (message.end) {
    process.send?.(phase ?? empty());
    phase = null;
  }
  if (message.quit) running = false;
});
// The benchmark gone (failed, interrupted): nobody is left to report to.
process.on("disconnect", () => (running = false));

for (let round = 0; running; round++) {
  for (const address of PUBLIC_ADDRESSES) {
    const started = performance.now();
    let status = 0;
    try {
      status = await get(target(address, round));
    } catch {
      // Counted below as an unexpected answer; the loop goes on.
    }
    const ms = performance.now() - started;
    if (!phase) continue;
    phase.times[address].push(ms);
    if (status !== EXPECTED[address]) phase.unexpected++;
  }
}
agent.destroy();
process.disconnect?.();
