import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { STUDIO_DIR } from "#core/config/folders.server.ts";
import type { Db } from "../leads/db.ts";
import type { Logger } from "../log.ts";
import { API_ROUTES } from "./api/index.ts";
import { createAuditLog } from "./audit.ts";
import { createAuth } from "./auth.ts";
import { createDraftStore } from "./content/drafts.ts";
import { createImagePool } from "./images/pool.ts";
import { createRenditions } from "./images/renditions.ts";
import { createThumbs, thumbsDir } from "./images/thumbs.ts";
import { UPLOADS_CACHE } from "../releases/uploads.ts";
import { cacheDir } from "../releases/store.ts";
import { readAhead } from "./content/entry-reads.ts";
import { upkeepHistory } from "../releases/history.ts";
import { createTrashStore } from "./content/trash.ts";
import type { StudioConfig } from "./config.ts";
import { loadStudioFiles } from "./files.ts";
import { createStudioHandler } from "./handler.ts";
import { isStudioTarget } from "#core/studio/paths.ts";
import { createPersonalData } from "./inbox/personal-data.ts";
import { createInboxStore } from "./inbox/store.ts";
import { studioCsp } from "./headers.ts";
import { dummyHash } from "./passwords.ts";
import { purgePictures } from "./content/media-trash.ts";
import { createPreviews, type Previews } from "./preview.ts";
import { createPublishing, type PublishingOptions } from "./publishing.ts";
import { createSessionStore } from "./sessions.ts";
import { createThrottle } from "./throttle.ts";
import { createUserStore } from "./users.ts";
import { startRetentionDaily } from "./retention-daily.ts";
import type { Settings } from "../settings/settings.ts";
import { createChallenges } from "./two-factor/challenges.ts";
import { createTwoFactorStore } from "./two-factor/store.ts";

/**
 * The studio, assembled: its stores on the leads' database, the API, the
 * browser app's files. server/main.ts creates it (unless STUDIO=off) and
 * server/pipeline.ts hands it every request for /studio and below.
 */
export type Studio = {
  owns(target: string): boolean;
  /** Previews of site pages, once the server has loaded the site (server/main.ts attaches it). */
  previews: Previews;
  handle(req: IncomingMessage, res: ServerResponse, log: Logger, id: string): Promise<void>;
  stop(): void;
};

/** Expired sessions and old sign-in attempts are deleted this often. */
const PRUNE_EVERY_MS = 15 * 60_000;
const UPKEEP_EVERY_MS = 10 * 60_000;

export function createStudio(options: {
  db: Db;
  /** Resolves once the store's migrations have run. */
  ready: Promise<void>;
  config: StudioConfig;
  /** «Настройки»: the leads service's reader of the values set here (server/settings/settings.ts). */
  settings: Settings;
  rateLimit: { perMinute: number; burst: number };
  filesDir?: string;
  /** The dev server: the styles Vite inserts as `<style>` elements are allowed by the CSP. */
  viteStyles?: boolean;
  /** Where releases are made and kept; without it «Публикации» is not offered. */
  publishing?: PublishingOptions;
  onError?: (message: string, error: unknown) => void;
  /** Something left undone that a later step makes up for (an upload's copies not drawn ahead of its release). */
  onWarning?: (message: string, fields: Record<string, unknown>) => void;
  /** With mail configured: an owner gets a letter on assignment (through the outbox), and this wakes it. */
  mailQueued?: () => void;
}): Studio {
  const { db, config } = options;
  const audit = createAuditLog(db);
  const sessions = createSessionStore(db, config.session);
  const throttle = createThrottle(db, config.signIn);
  const users = createUserStore(db, audit, sessions);
  const twoFactor = createTwoFactorStore(db, audit, config.twoFactorKey);
  const challenges = createChallenges(db);
  const auth = createAuth({ users, sessions, throttle, audit, config, twoFactor, challenges });
  const onError = options.onError ?? (() => {});
  const publishing = options.publishing ? createPublishing(options.publishing, audit, onError) : null;
  const previews = createPreviews();
  const drafts = createDraftStore(db);
  const trash = createTrashStore(db, audit);
  // No child until the first upload: the pool starts its children on demand and ends them when idle.
  const images = createImagePool(config.images);
  // An upload's published copies, drawn in that pool behind people's uploads, into the cache releases share.
  const renditions = createRenditions({
    pool: images,
    contentDir: config.contentDir,
    out: join(cacheDir(config.releasesDir, "images"), UPLOADS_CACHE),
    warn: options.onWarning ?? (() => {}),
  });
  // The small copies of «Медиа»'s grids, beside the published ones (never in the content).
  const thumbs = createThumbs({ pool: images, contentDir: config.contentDir, dir: thumbsDir(config.releasesDir) });
  let ready = false;
  void options.ready.then(() => (ready = true));
  // The dummy hash is made before the first sign-in needs it: that one would otherwise take twice as long.
  void dummyHash();
  // And the content is read ahead before the first person needs it (readAhead).
  let stopped = false;
  if (options.publishing) {
    void readAhead({ contentDir: config.contentDir, releasesDir: config.releasesDir }, () => stopped).catch((error: unknown) => onError("studio: reading the content ahead failed", error));
  }
  const handle = createStudioHandler({
    services: {
      config,
      auth,
      users,
      sessions,
      audit,
      drafts,
      trash,
      publishing,
      previews,
      images,
      renditions,
      thumbs,
      inbox: createInboxStore(db, audit, options.mailQueued),
      personalData: createPersonalData(db, audit),
      settings: options.settings,
      twoFactor,
    },
    routes: API_ROUTES,
    files: loadStudioFiles(options.filesDir ?? STUDIO_DIR),
    csp: studioCsp(config.origin.startsWith("https:"), options.viteStyles),
    isReady: () => ready,
    rateLimit: options.rateLimit,
  });
  const pruning = setInterval(() => {
    if (!ready) return;
    Promise.all([sessions.prune(), throttle.prune(), challenges.prune(), drafts.prune(), trash.purge(), purgePictures(config.releasesDir, audit)]).catch((error: unknown) => options.onError?.("studio: pruning failed", error));
  }, PRUNE_EVERY_MS);
  pruning.unref();
  const retention = startRetentionDaily({ db, settings: options.settings, audit, at: config.retentionDailyAt, ready: () => ready, onError });
  // Entries' histories are read from git: its repository kept packed and indexed as saves and
  // publications add commits (upkeepHistory; also once after a start, in readAhead).
  const upkeep = setInterval(() => {
    if (options.publishing) upkeepHistory(config.contentDir).catch((error: unknown) => onError("studio: keeping the history's repository failed", error));
  }, UPKEEP_EVERY_MS);
  upkeep.unref();
  return {
    owns: isStudioTarget,
    previews,
    handle,
    stop: () => {
      stopped = true;
      clearInterval(pruning);
      clearInterval(upkeep);
      retention.stop();
      publishing?.stop();
      renditions.stop();
      images.stop();
    },
  };
}
