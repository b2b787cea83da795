import type { IncomingMessage, ServerResponse } from "node:http";
import { clock } from "./clock.ts";
import { plain } from "./respond.ts";

/**
 * Readiness: whether this replica should get traffic. Dependencies register a
 * check (the forms' database, in server/index.ts); `/readyz` answers 200 only
 * while every check passes and the server is not shutting down. `/healthz`
 * only says the process is alive and serving, so an orchestrator restarts it
 * when it is not, and never because a dependency is down.
 */
export type ReadinessCheck = () => unknown;
export type ReadinessReport = { ready: boolean; checks: Record<string, "ok" | "failed" | "timed out"> };
export type Readiness = {
  register(name: string, check: ReadinessCheck): void;
  run(): Promise<ReadinessReport>;
};

export type ReadinessOptions = {
  /** A check slower than this counts as failed. */
  timeoutMs?: number;
  /** Results are reused this long, so a flood of probes cannot flood the database. */
  cacheMs?: number;
  /** The time the cache goes by: the server's (server/clock.ts), or a test's own. */
  now?: () => number;
  onFailure?: (name: string, error: unknown) => void;
};

const TIMED_OUT = Symbol("timed out");

export function createReadiness({ timeoutMs = 2_000, cacheMs = 1_000, now = clock.now, onFailure }: ReadinessOptions = {}): Readiness {
  const checks = new Map<string, ReadinessCheck>();
  let cached: { at: number; report: Promise<ReadinessReport> } | null = null;

  async function runOne(name: string, check: ReadinessCheck): Promise<"ok" | "failed" | "timed out"> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
    });
    try {
      const outcome = await Promise.race([Promise.resolve().then(check), timeout]);
      if (outcome !== TIMED_OUT) return "ok";
      onFailure?.(name, new Error(`readiness check timed out after ${timeoutMs} ms`));
      return "timed out";
    } catch (error) {
      onFailure?.(name, error);
      return "failed";
    } finally {
      clearTimeout(timer);
    }
  }

  async function runAll(): Promise<ReadinessReport> {
    const entries = await Promise.all([...checks].map(async ([name, check]) => [name, await runOne(name, check)] as const));
    return { ready: entries.every(([, state]) => state === "ok"), checks: Object.fromEntries(entries) };
  }

  return {
    register(name, check) {
      if (checks.has(name)) throw new Error(`readiness check "${name}" is registered twice`);
      checks.set(name, check);
      cached = null;
    },
    run() {
      const at = now();
      if (!cached || at - cached.at >= cacheMs) cached = { at, report: runAll() };
      return cached.report;
    },
  };
}

/**
 * `/healthz` (alive) and `/readyz` (every check passes and the server is not shutting down), in
 * JSON, never cached; probes come every few seconds from every balancer, so server/pipeline.ts neither
 * logs nor limits them.
 */
export async function answerHealth(req: IncomingMessage, res: ServerResponse, target: "/healthz" | "/readyz", readiness: Readiness, isShuttingDown: () => boolean): Promise<void> {
  res.setHeader("Content-Type", "application/json");
  res.setHeader("Cache-Control", "no-store");
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    return plain(res, 405, "Method Not Allowed");
  }
  let status = 200;
  let body: object = { status: "ok" };
  if (target === "/readyz") {
    const report = isShuttingDown() ? null : await readiness.run();
    status = report?.ready ? 200 : 503;
    body = report ? { status: report.ready ? "ready" : "not ready", checks: report.checks } : { status: "shutting down" };
  }
  res.statusCode = status;
  res.end(req.method === "HEAD" ? undefined : JSON.stringify(body));
}
