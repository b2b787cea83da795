import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { env } from "../app/config/env.server.ts";
import { BUILD_DIR, CLIENT_DIR, CONTENT_DIR } from "../app/config/paths.server.ts";
import { loadRouteRules } from "../app/lib/route-rules.server.ts";
import { createApp } from "./app.ts";
import { parseRedirectTable } from "./redirect-table.ts";
import { loadStaticFiles } from "./static-files.ts";

/** Production server: `npm start`. */
const SHUTDOWN_DEADLINE_MS = 8_000;

const build = (await import(pathToFileURL(join(BUILD_DIR, "server", "index.js")).href)) as ServerBuild;
let shuttingDown = false;

const handle = createApp({
  build,
  origin: env.SITE_ORIGIN,
  files: loadStaticFiles(CLIENT_DIR),
  redirects: parseRedirectTable(readFileSync(join(CONTENT_DIR, "redirects.csv"), "utf8")),
  routeRules: loadRouteRules(),
  isShuttingDown: () => shuttingDown,
});

const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, (req, res) => {
  void handle(req, res);
});

server.listen(env.PORT, env.HOST, () => {
  console.log(`Serving ${env.SITE_ORIGIN} on http://localhost:${env.PORT}/`);
});

/**
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish (keep-alive
 * clients get `Connection: close`), exit within 10 s whatever happens.
 */
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal}: finishing in-flight requests`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, SHUTDOWN_DEADLINE_MS).unref();
}

process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
