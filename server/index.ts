import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { Server as NetServer } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { env, runtimeConfig } from "../app/config/env.server.ts";
import { BUILD_DIR, CLIENT_DIR, CONTENT_DIR } from "../app/config/paths.server.ts";
import { paths } from "../app/lib/paths.ts";
import { loadRouteRules } from "../app/lib/route-rules.server.ts";
import { createApp } from "./app.ts";
import { leadsConfig } from "./leads/config.ts";
import { createFormGuard } from "./leads/guard.ts";
import { startLeads } from "./leads/service.ts";
import { parseRedirectTable } from "./redirect-table.ts";
import { injectIntoPages, runtimeConfigTag } from "./runtime-config.ts";
import { loadStaticFiles } from "./static-files.ts";

/** Production server: `npm start`. */
const SHUTDOWN_DEADLINE_MS = 8_000;

const build = (await import(pathToFileURL(join(BUILD_DIR, "server", "index.js")).href)) as ServerBuild;
let shuttingDown = false;

const files = loadStaticFiles(CLIENT_DIR);
const headTag = runtimeConfigTag(runtimeConfig());
if (headTag) injectIntoPages(files, headTag);

// Forms: storage (migrations run now, idempotently), delivery, abuse guard.
// Pages do not wait long for a database that is down: forms answer 503 until it is back.
const leads = await startLeads();
await Promise.race([leads.ready, new Promise((resolve) => setTimeout(resolve, 5_000))]);

const handle = createApp({
  build,
  origin: env.SITE_ORIGIN,
  files,
  headTag,
  redirects: parseRedirectTable(readFileSync(join(CONTENT_DIR, "redirects.csv"), "utf8")),
  routeRules: loadRouteRules(),
  guard: createFormGuard(leadsConfig()),
  isShuttingDown: () => shuttingDown,
});

const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 5_000 }, (req, res) => {
  void handle(req, res);
});

/**
 * The first server render loads the content (validation, highlighting): seconds of
 * synchronous work that would hold up the first visitor, and any signal arriving
 * meanwhile, so the shutdown deadline could not start on time. It happens here,
 * before the server listens.
 */
const warmUp = await createRequestHandler(build, "production")(new Request(new URL(paths.search(), env.SITE_ORIGIN)));
await warmUp.text();
if (warmUp.status !== 200) throw new Error(`Start-up render of ${paths.search()} answered ${warmUp.status}`);

server.listen(env.PORT, env.HOST, () => {
  console.log(`Serving ${env.SITE_ORIGIN} on http://localhost:${env.PORT}/`);
});

/**
 * SIGTERM/SIGINT: drain, stop accepting, let in-flight requests finish, exit
 * within 10 s whatever happens. During the drain every response carries
 * `Connection: close`. Then only the listening socket is closed: http.Server's
 * own close() would also drop keep-alive connections it deems idle even when
 * the client's next request is already on the wire; those end on their own.
 */
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal}: draining for ${env.SHUTDOWN_DRAIN_MS} ms, then finishing in-flight requests`);
  setTimeout(() => {
    NetServer.prototype.close.call(server, () => process.exit(0));
    server.closeIdleConnections();
  }, env.SHUTDOWN_DRAIN_MS).unref();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, SHUTDOWN_DEADLINE_MS).unref();
}

process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
