import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseEnv } from "#core/config/env.server.ts";
import { type PipelineOptions, createPipeline } from "../../server/pipeline.ts";
import { createHttpServer } from "../../server/http-server.ts";
import { createLogger } from "../../server/log.ts";
import type { LiveRelease } from "../../server/releases/live.ts";
import { wireServer, type WiringOverrides } from "../../server/wiring.ts";

export type LogLine = Record<string, unknown> & { level: string; msg: string };

/**
 * The production request handler and HTTP server in this process, on a free
 * port, with its log lines recorded. For tests that need many requests fast,
 * a tuned configuration, or to read the logs.
 */
export async function startInProcess(
  env: Record<string, string> = {},
  overrides: WiringOverrides = {},
  /** Serves a changed copy of the live release (a broken table, say). */
  alterRelease?: (release: LiveRelease) => LiveRelease,
) {
  const variables = { LOG_LEVEL: "info", ...env };
  const config = parseEnv(variables);
  const lines: LogLine[] = [];
  const log = createLogger({
    level: config.LOG_LEVEL,
    write: (chunk) => {
      for (const line of chunk.split("\n")) if (line) lines.push(JSON.parse(line) as LogLine);
    },
  });
  // A release made at start is made by a child process: with these variables, not this process's.
  const loaded = await wireServer(config, { log, ...overrides }, { PATH: process.env.PATH, HOME: process.env.HOME, ...variables });
  const site = alterRelease ? { ...loaded, handle: createPipeline({ ...loaded, releases: altered(loaded.releases, alterRelease) }) } : loaded;
  const server: Server = createHttpServer(site, config);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    site,
    port,
    url: `http://127.0.0.1:${port}`,
    lines,
    /** Log lines written so far (request lines are buffered: flushed here). */
    async logs(): Promise<LogLine[]> {
      await new Promise((resolve) => setImmediate(resolve));
      log.flush();
      return lines;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The live release through `alter`, made once per release (the server works out a view of each). */
function altered(releases: PipelineOptions["releases"], alter: (release: LiveRelease) => LiveRelease): PipelineOptions["releases"] {
  const made = new WeakMap<LiveRelease, LiveRelease>();
  return {
    current() {
      const live = releases.current();
      let copy = made.get(live);
      if (!copy) made.set(live, (copy = alter(live)));
      return copy;
    },
  };
}
