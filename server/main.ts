import { Server as NetServer } from "node:net";
import { env } from "#core/config/env.server.ts";
import { BUILD_DIR, CONTENT_DIR, RUNTIME_DIR, SHIPPED_CONTENT_DIR } from "#core/config/paths.server.ts";
import { paths } from "#core/lib/paths.ts";
import { createHttpServer } from "./http-server.ts";
import { leadsConfig } from "./leads/config.ts";
import { createFormGuard } from "./leads/guard.ts";
import { startLeads } from "./leads/service.ts";
import { addMissingDocuments, seedContent } from "./releases/history.ts";
import { readCodeId } from "./releases/serving.ts";
import { siteOf } from "./releases/site-config.ts";
import { cacheDir, releasesRoot } from "./releases/store.ts";
import { DOCUMENT_CATALOG } from "#core/content/catalog.ts";
import { loadSite } from "./site.ts";
import { studioConfig } from "./studio/config.ts";
import { createStudio } from "./studio/index.ts";

/* The production server, started through index.ts (which fixes NODE_ENV first). */

const SHUTDOWN_DEADLINE_MS = 8_000;
/** Rendered before listening: loading content on the first request cost a visitor ~2.5 s. */
const WARM_UP = [paths.search("warm-up"), "/warm-up/not-found/"];

let shuttingDown = false;
// A content folder of its own (a volume) starts as the content shipped with the code, under git.
if (CONTENT_DIR !== SHIPPED_CONTENT_DIR && seedContent(CONTENT_DIR, SHIPPED_CONTENT_DIR)) {
  console.log(JSON.stringify({ level: "info", msg: "content folder created", dir: CONTENT_DIR }));
}
if (CONTENT_DIR !== SHIPPED_CONTENT_DIR) {
  const added = addMissingDocuments(CONTENT_DIR, SHIPPED_CONTENT_DIR, Object.values(DOCUMENT_CATALOG).map((d) => d.file));
  if (added.length > 0) console.log(JSON.stringify({ level: "info", msg: "content documents added", files: added }));
}
// Forms: storage (migrations run now, idempotently), delivery, abuse guard.
// Pages do not wait long for a database that is down: forms answer 503 until it is back.
const leads = await startLeads();
await Promise.race([leads.ready, new Promise((resolve) => setTimeout(resolve, 5_000))]);
// The studio shares the leads' store (its tables come with the same migrations); STUDIO=off: none.
const studio = env.STUDIO
  ? createStudio({
      db: leads.db,
      ready: leads.ready,
      mailQueued: leads.mailQueued,
      config: studioConfig(env),
      rateLimit: { perMinute: env.RATE_LIMIT_PER_MINUTE, burst: env.RATE_LIMIT_BURST },
      publishing: { root: releasesRoot(env), contentDir: CONTENT_DIR, runtimeDir: RUNTIME_DIR, code: readCodeId(BUILD_DIR) },
      onError: (message, error) => site.log.error(message, { error }),
    })
  : undefined;
const site = await loadSite(env, { isShuttingDown: () => shuttingDown, leads: leads.service, guard: createFormGuard(leadsConfig()), studio });
const { log } = site;
studio?.previews.attach({
  build: site.build,
  site: siteOf(env),
  headTag: site.headTag ?? null,
  contentDir: CONTENT_DIR,
  imagesCache: cacheDir(releasesRoot(env), "images"),
  live: () => site.releases.current(),
});
site.readiness.register("database", leads.check);
const server = createHttpServer(site, env);
await site.handle.warmUp(WARM_UP);

server.listen(env.PORT, env.HOST, () => {
  log.info("listening", { origin: env.SITE_ORIGIN, port: env.PORT });
});

/**
 * SIGTERM/SIGINT: drain, stop accepting, let in-flight requests finish, exit
 * within 10 s whatever happens. During the drain /readyz answers 503 (the
 * balancer stops sending) and every response carries `Connection: close`.
 * Then only the listening socket is closed: http.Server's own close() would
 * also drop keep-alive connections it deems idle even when the client's next
 * request is already on the wire; those end on their own.
 */
function exit() {
  log.flush();
  process.exit(0);
}

function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info("shutting down", { signal, drainMs: env.SHUTDOWN_DRAIN_MS });
  setTimeout(() => {
    NetServer.prototype.close.call(server, exit);
    server.closeIdleConnections();
  }, env.SHUTDOWN_DRAIN_MS).unref();
  setTimeout(() => {
    log.warn("shutdown deadline: closing remaining connections");
    server.closeAllConnections();
    exit();
  }, SHUTDOWN_DEADLINE_MS).unref();
}

process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
