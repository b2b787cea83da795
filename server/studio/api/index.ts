import type { ApiRoute } from "../router.ts";
import { auditRoutes } from "./audit.ts";
import { inboxRoutes } from "./inbox.ts";
import { personalDataRoutes } from "./personal-data.ts";
import { previewRoutes } from "./preview.ts";
import { contentLiveRoutes } from "./content-live.ts";
import { contentRoutes } from "./content.ts";
import { contentHistoryRoutes } from "./content-history.ts";
import { contentOverviewRoutes } from "./content-overview.ts";
import { contentChoicesRoutes } from "./content-choices.ts";
import { mediaRoutes } from "./media.ts";
import { mediaLibraryRoutes } from "./media-library.ts";
import { profileRoutes } from "./profile.ts";
import { releaseRoutes } from "./releases.ts";
import { sessionRoutes } from "./session.ts";
import { settingsRoutes } from "./settings.ts";
import { searchLogRoutes } from "./search-log.ts";
import { landingRoutes } from "./landings.ts";
import { trashRoutes } from "./trash.ts";
import { twoFactorRoutes } from "./two-factor.ts";
import { userRoutes } from "./users.ts";

/** Every route of the studio's API (/studio/api/…). A new section adds its list here. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...sessionRoutes,
  ...profileRoutes,
  ...twoFactorRoutes,
  ...userRoutes,
  ...auditRoutes,
  ...contentLiveRoutes,
  ...contentOverviewRoutes,
  ...contentChoicesRoutes,
  ...mediaLibraryRoutes,
  ...mediaRoutes,
  ...contentHistoryRoutes,
  ...contentRoutes,
  ...trashRoutes,
  ...releaseRoutes,
  ...previewRoutes,
  ...inboxRoutes,
  ...personalDataRoutes,
  ...settingsRoutes,
  ...searchLogRoutes,
  ...landingRoutes,
];
