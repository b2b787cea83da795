import type { TestProject } from "vitest/node";
import { beginRun, endRun } from "./run.ts";
import { freePort, startServer, stopServer } from "./server.ts";

/** One production server for every site test; the build must exist (`npm test` builds first). */
export default async function setup(project: TestProject) {
  // Before anything starts: the test processes inherit the run's folder from this one.
  beginRun();
  const port = await freePort();
  // Every test request comes from one address, standing for many visitors:
  // the rate limit stays on but cannot trip here (tests/http/limits.test.ts trips it).
  const server = await startServer(port, { RATE_LIMIT_BURST: "1000000" });
  project.provide("baseUrl", `http://127.0.0.1:${port}`);
  return async () => {
    await stopServer(server);
    const killed = endRun();
    if (killed.length > 0) console.warn(`Серверы тестов, оставшиеся после прогона, остановлены: ${killed.join(", ")}`);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
