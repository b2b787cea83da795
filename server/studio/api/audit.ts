import { HttpError } from "../http.ts";
import type { ApiRoute } from "../router.ts";
import { auditTargets } from "./audit-targets.ts";
import type { AuditFilter } from "../audit.ts";
import type { AuditPage } from "#core/studio/api.ts";
import { AUDIT_ACTIONS, isAuditAction } from "#core/studio/audit-actions.ts";
import { FILTER_FIELD_MESSAGES } from "#core/studio/filter-checks.ts";
import { LOGIN_PATTERN, normalizeLogin } from "#core/studio/rules.ts";

/** «Журнал»: the audit log, filtered by who, what and dates (Moscow days), newest first, paged. */
export const AUDIT_MESSAGES = {
  badFilter: "Фильтр журнала задан неверно",
  action: "Выберите действие из\u00a0списка",
  ...FILTER_FIELD_MESSAGES,
} as const;

/** A filter's value is wrong: 400 with the message at its field, so the page keeps its list and says which. */
const wrong = (field: string, message: string) => new HttpError(400, AUDIT_MESSAGES.badFilter, { [field]: message });

/** Moscow has kept UTC+3 all year since 2014. */
const MOSCOW_OFFSET = "+03:00";

/** "2026-11-21" → the first millisecond of that day in Moscow; null when not a date. */
export function moscowDayStart(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00${MOSCOW_OFFSET}`);
  return Number.isNaN(ms) || new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10) !== value ? null : ms;
}

const DAY_MS = 86_400_000;

export const auditRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/audit",
    access: "audit:read",
    async handle(ctx) {
      const q = ctx.url.searchParams;
      const filter: AuditFilter = {};
      const actor = normalizeLogin(q.get("actor") ?? "");
      const action = q.get("action") ?? "";
      const from = q.get("from") ?? "";
      const to = q.get("to") ?? "";
      const page = q.get("page") ?? "1";
      if (actor && !LOGIN_PATTERN.test(actor)) throw wrong("actor", AUDIT_MESSAGES.actor);
      if (action && !isAuditAction(action)) throw wrong("action", AUDIT_MESSAGES.action);
      if (!/^\d{1,6}$/.test(page)) throw new HttpError(400, AUDIT_MESSAGES.badFilter);
      if (actor) filter.actor = actor;
      if (action && isAuditAction(action)) filter.action = action;
      if (from) {
        const start = moscowDayStart(from);
        if (start === null) throw wrong("from", AUDIT_MESSAGES.date);
        filter.from = start;
      }
      if (to) {
        const start = moscowDayStart(to);
        if (start === null) throw wrong("to", AUDIT_MESSAGES.date);
        // The whole of the last day is included.
        filter.to = start + DAY_MS;
      }
      if (filter.from !== undefined && filter.to !== undefined && filter.to <= filter.from) throw wrong("to", AUDIT_MESSAGES.dates);
      const result = await ctx.services.audit.list(filter, Number(page));
      // Entries written before they kept the request's number find it in the store (while the request is there).
      const older = result.entries.filter((entry) => entry.action.startsWith("inbox.") && entry.target && typeof entry.details.number !== "number");
      const numbers = await ctx.services.inbox.numbers(older.map((entry) => entry.target as string));
      const about = auditTargets({ contentDir: ctx.services.config.contentDir, releasesDir: ctx.services.config.releasesDir }, numbers);
      // People by name: the journal says «Марина Контентова», not «marina».
      const names = new Map((await ctx.services.users.list()).map((user) => [user.login, user.name]));
      const body: AuditPage = {
        ...result,
        entries: result.entries.map((entry) => ({ ...entry, actorName: entry.actorLogin === null ? null : (names.get(entry.actorLogin) ?? null), about: about(entry) })),
        actions: { ...AUDIT_ACTIONS },
      };
      ctx.send(200, body);
    },
  },
];
