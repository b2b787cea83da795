import type { IncomingMessage, ServerResponse } from "node:http";
import type { Permission } from "#core/studio/roles.ts";
import type { AuditLog } from "./audit.ts";
import type { DraftStore } from "./content/drafts.ts";
import type { ImagePool } from "./images/pool.ts";
import type { Renditions } from "./images/renditions.ts";
import type { Thumbs } from "./images/thumbs.ts";
import type { TrashStore } from "./content/trash.ts";
import type { Auth, Client } from "./auth.ts";
import type { PersonalData } from "./inbox/personal-data.ts";
import type { InboxStore } from "./inbox/store.ts";
import type { StudioConfig } from "./config.ts";
import { HttpError, JSON_BODY_LIMIT, MESSAGES, readJson, sendJson } from "./http.ts";
import { assertPermission } from "./permissions.ts";
import type { ActiveSession, SessionStore } from "./sessions.ts";
import type { Previews } from "./preview.ts";
import type { Publishing } from "./publishing.ts";
import type { UserStore } from "./users.ts";
import type { Settings } from "../settings/settings.ts";
import type { TwoFactorStore } from "./two-factor/store.ts";

/** What a studio API handler works with: the request, who is asking, and the studio's stores. */
export type StudioServices = {
  config: StudioConfig;
  auth: Auth;
  users: UserStore;
  sessions: SessionStore;
  audit: AuditLog;
  drafts: DraftStore;
  /** «Корзина»: deleted entries kept for 30 days. */
  trash: TrashStore;
  /** Publishing the content («Публикации»); none where the studio runs without releases (its own tests). */
  publishing: Publishing | null;
  /** Site pages as the next publication would render them. */
  previews: Previews | null;
  /** Where uploads are decoded and encoded: a child process, never the server's threads (decision 035). */
  images: ImagePool;
  /** An upload's published copies, drawn in that pool once it is stored, ahead of the release that shows it. */
  renditions: Renditions;
  /** The small copies «Медиа» and the pickers show, drawn in that pool and kept on disk. */
  thumbs: Thumbs;
  inbox: InboxStore;
  personalData: PersonalData;
  /** «Настройки» (server/settings/settings.ts). */
  settings: Settings;
  /** Each account's second factor and whether admins must have one. */
  twoFactor: TwoFactorStore;
};

export type Context = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Path parameters of the route (`:login`), decoded. */
  params: Record<string, string>;
  client: Client;
  services: StudioServices;
  /** The request's session, or null (looked up once). */
  session(): Promise<ActiveSession | null>;
  /** The signed-in session, or 401. A handler gets its session here: the route's access was checked before it runs. */
  requireUser(): Promise<ActiveSession>;
  /** The signed-in session whose role has `permission`: 401 signed out, 403 without it (what `dispatch` checks a route's access with). */
  requirePermission(permission: Permission): Promise<ActiveSession>;
  /** The JSON object sent (415, 411, 413, 400 otherwise); `limitBytes` for the content editor's larger bodies. */
  body(limitBytes?: number): Promise<Record<string, unknown>>;
  send(status: number, body?: unknown, headers?: Record<string, string>): void;
};

export function createContext(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: Record<string, string>,
  client: Client,
  services: StudioServices,
): Context {
  let found: Promise<ActiveSession | null> | undefined;
  const session = () => (found ??= services.auth.current(req));
  const requireUser = async () => {
    const active = await session();
    if (!active) throw new HttpError(401, MESSAGES.signedOut);
    return active;
  };
  return {
    req,
    res,
    url,
    params,
    client,
    services,
    session,
    requireUser,
    async requirePermission(permission) {
      const active = await requireUser();
      assertPermission(active.user.role, permission);
      return active;
    },
    body: (limitBytes = Math.min(JSON_BODY_LIMIT, services.config.bodyLimitBytes)) => readJson(req, limitBytes),
    send(status, body, headers = {}) {
      if (body === undefined) {
        res.statusCode = status;
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.end();
        return;
      }
      sendJson(res, status, body, headers);
    },
  };
}
