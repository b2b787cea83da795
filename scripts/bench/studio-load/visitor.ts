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
// Set by the messages, between requests (declared wide: the loop below would see them as never set).
let phase = null as VisitorReport | null;
/** A phase that has ended, reported once the request it started last has its answer: a stall across the end is counted whole. */
let ended = null as VisitorReport | null;
let running = true;

process.on("message", (message: { start?: boolean; end?: boolean; quit?: boolean }) => {
  if (message.start) phase = empty();
  if (message.end) {
    ended = phase ?? empty();
    phase = null;
  }
  if (message.quit) running = false;
});
// The benchmark gone (failed, interrupted): nobody is left to report to.
process.on("disconnect", () => (running = false));

for (let round = 0; running; round++) {
  for (const address of PUBLIC_ADDRESSES) {
    // A request belongs to the phase it started in.
    const current = phase;
    const started = performance.now();
    let status = 0;
    try {
      status = await get(target(address, round));
    } catch {
      // Counted below as an unexpected answer; the loop goes on.
    }
    if (current) {
      current.times[address].push(performance.now() - started);
      if (status !== EXPECTED[address]) current.unexpected++;
    }
    if (ended) {
      process.send?.(ended);
      ended = null;
    }
  }
}
agent.destroy();
process.disconnect?.();
