import { clock } from "../../clock.ts";
import type { PublishJob } from "../../releases/job.ts";
import { PublishRefused } from "../../releases/record.ts";
import type { Scheduled } from "../../releases/schedule.ts";
import { isLivePage } from "../../releases/live-pages.ts";
import { isReleaseId, type ReleaseRecord } from "../../releases/store.ts";
import type { Context } from "../context.ts";
import { HttpError, MESSAGES } from "../http.ts";
import { type EditableType, isCollectionName, isEditableType, entryPath, hasOwnPage } from "#core/content/catalog.ts";
import { fieldLabel } from "#core/content/labels.ts";
import { URL_MAX } from "#core/content/limits.ts";
import type { RollbackRecord } from "../../releases/rollback.ts";
import { neededWith } from "../content/dependencies.ts";
import { deletionsWith } from "../content/deletion-publication.ts";
import { renamesWith } from "../content/rename-publication.ts";
import { entryFiles, validSlug } from "../content/files.ts";
import { entriesMissingPictures } from "../content/pictures.ts";
import { can } from "../permissions.ts";
import { PublishingError, type Selection } from "../publishing.ts";
import type { ApiRoute } from "../router.ts";
import type { PublishJobView, ReleaseDiff, ReleasesPage, ReleaseSummary, RollbackView, ScheduledView } from "#core/studio/api.ts";
import { entryTitles, referenceOptions } from "../content/entry-reads.ts";

export const RELEASE_MESSAGES = {
  message: "Напишите в\u00a0двух словах, что меняется",
  messageLong: "Не длиннее 200 знаков",
  notFound: "Такой публикации нет среди сохранённых",
  missingPicture: (title: string, fields: string[]) =>
    `«${title}» не\u00a0опубликовать: ${fields.length > 1 ? "в\u00a0полях" : "в\u00a0поле"} ${fields.join(", ")} изображение, которого нет в\u00a0«Медиа». Выберите другое или верните его из\u00a0«Корзины»`,
  at: "Укажите дату и\u00a0время публикации",
  atPast: "Это время уже прошло: выберите время хотя бы на\u00a0минуту позже",
  atFar: "Публикацию можно запланировать не\u00a0больше чем на\u00a0год вперёд",
  notPending: "Эта публикация уже не\u00a0ждёт своего времени",
  entries: "Выберите, что опубликовать: хотя бы одну запись",
  badEntry: "Такой записи в\u00a0студии нет",
  allForbidden: "Публиковать разом всё сохранённое может только администратор",
  renameNow: "Запись с\u00a0новым адресом публикуется сразу, не\u00a0по\u00a0плану: со\u00a0старого адреса нужно перенаправление",
  needed: "Выбранное публикуется только вместе с\u00a0этим: опубликовать всё одной публикацией?",
  withdrawPage: "У этой записи нет своей страницы на\u00a0сайте",
  notLive: "Этой записи нет на\u00a0сайте: снимать нечего",
  redirectNotPage: "Перенаправить можно только на\u00a0страницу, которая есть на\u00a0сайте, например /services/",
  redirectSelf: "Нельзя перенаправить страницу на\u00a0неё саму: укажите другую",
} as const;

const YEAR_MS = 366 * 24 * 3_600_000;
/** A moment with its offset, or a Moscow wall-clock time as a date-time field sends it. */
const LOCAL_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

const summary = (r: ReleaseRecord): ReleaseSummary => ({
  id: r.id,
  createdAt: r.createdAt,
  author: r.author.replace(/\s*<[^>]*>$/, ""),
  message: r.message,
  changed: r.changed,
  entries: r.entries ?? "all",
  withdrawn: r.withdrawn ?? [],
  full: r.full,
  pages: r.pages,
  seconds: r.seconds,
});

const jobView = (job: PublishJob): PublishJobView => ({
  id: job.id,
  startedAt: job.startedAt,
  state: job.state,
  progress: job.progress,
  ...(job.record ? { release: summary(job.record) } : {}),
  ...(job.error ? { error: job.error } : {}),
});

const scheduledView = (s: Scheduled): ScheduledView => ({
  id: s.id,
  at: s.at,
  message: s.message,
  entries: s.entries === undefined || s.entries === "all" ? "all" : (s.keys ?? s.entries),
  by: s.by,
  state: s.state,
  ...(s.release ? { release: s.release } : {}),
  ...(s.error ? { error: s.error } : {}),
});

function message(body: Record<string, unknown>): string {
  const value = typeof body.message === "string" ? body.message.trim().replace(/\s+/g, " ") : "";
  if (!value) throw new HttpError(422, MESSAGES.invalid, { message: RELEASE_MESSAGES.message });
  if (value.length > 200) throw new HttpError(422, MESSAGES.invalid, { message: RELEASE_MESSAGES.messageLong });
  return value;
}

/** `at` as sent: with an offset, or Moscow time (UTC+3 all year) without one. */
export function parseMoment(value: unknown, now = Date.now()): number {
  // A moment is 25 characters with its offset: a longer string is not one.
  const text = typeof value === "string" && value.length <= 40 ? value.trim() : "";
  const ms = LOCAL_MOMENT.test(text) ? Date.parse(`${text}+03:00`) : /[+-]\d{2}:\d{2}$|Z$/.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(ms)) throw new HttpError(422, MESSAGES.invalid, { at: RELEASE_MESSAGES.at });
  if (ms < now + 60_000) throw new HttpError(422, MESSAGES.invalid, { at: RELEASE_MESSAGES.atPast });
  if (ms > now + YEAR_MS) throw new HttpError(422, MESSAGES.invalid, { at: RELEASE_MESSAGES.atFar });
  return ms;
}

const rollbackView = (r: RollbackRecord): RollbackView => ({ at: r.at, from: r.from, to: r.to, author: r.author.replace(/\s*<[^>]*>$/, ""), message: r.message });

/** An entry's key ("articles/slug") → its content files; anything else is a refusal. */
function filesOf(key: unknown): string[] {
  const [type = "", slug = "", ...rest] = typeof key === "string" ? key.split("/") : [];
  if (rest.length > 0 || !isEditableType(type) || !validSlug(type, slug)) throw new HttpError(422, MESSAGES.invalid, { entries: RELEASE_MESSAGES.badEntry });
  return entryFiles(type, slug);
}

/**
 * What a request asks to publish (decision 030): chosen entries, with what
 * they cannot appear without once the person has been told (409 with the
 * list until `withNeeded`), or everything saved (content:publish-all).
 */
async function selectionOf(ctx: Context, body: Record<string, unknown>, role: Parameters<typeof can>[0], planned = false): Promise<Selection | null> {
  if (body.all === true) {
    if (!can(role, "content:publish-all")) throw new HttpError(403, RELEASE_MESSAGES.allForbidden);
    return "all";
  }
  const keys = Array.isArray(body.entries) ? [...new Set(body.entries)] : [];
  if (keys.length === 0 || keys.length > 500) throw new HttpError(422, MESSAGES.invalid, { entries: RELEASE_MESSAGES.entries });
  for (const key of keys) filesOf(key);
  const place = { contentDir: ctx.services.config.contentDir, releasesDir: ctx.services.config.releasesDir, origin: ctx.services.config.origin };
  // A renamed entry goes with its old page's removal, the 301 and the pages that named it (decision 031).
  const renames = renamesWith(place, keys as string[]);
  // A plan keeps files only: a rename's removal and 301 would not go with it.
  if (planned && renames.withdraw.length > 0) throw new HttpError(422, MESSAGES.invalid, { entries: RELEASE_MESSAGES.renameNow });
  const going = renames.needed.filter((n) => !n.withdrawn).map((n) => n.key);
  const renamedAway = new Set(renames.needed.filter((n) => n.withdrawn).map((n) => n.key));
  // A deleted entry goes with the redirects that lead from its address and to it.
  const deleted = deletionsWith(place, (keys as string[]).filter((key) => !renamedAway.has(key)));
  const needed = [...renames.needed.map(({ withdrawn: _withdrawn, ...n }) => n), ...neededWith(place, [...(keys as string[]), ...going]), ...deleted];
  if (needed.length > 0 && body.withNeeded !== true) {
    ctx.send(409, { ok: false, message: RELEASE_MESSAGES.needed, needed });
    return null;
  }
  const all = [...(keys as string[]), ...needed.filter((n) => !renamedAway.has(n.key)).map((n) => n.key)];
  // A picture gone from «Медиа» would leave its page without it: refused, named at the entry's field.
  const [missing] = entriesMissingPictures(place.contentDir, all);
  if (missing) {
    const type = missing.key.split("/")[0] as EditableType;
    const fields = Object.keys(missing.fields).map((path) => `«${fieldLabel(type, path)}»`);
    throw new HttpError(422, RELEASE_MESSAGES.missingPicture(missing.title, fields), missing.fields);
  }
  return { keys: all, files: all.flatMap(filesOf), withdraw: renames.withdraw, redirects: renames.redirects };
}

function releaseId(ctx: Context): string {
  const id = ctx.params.id ?? "";
  if (!isReleaseId(id)) throw new HttpError(404, RELEASE_MESSAGES.notFound);
  return id;
}

/** Refusals of the release machinery as answers. */
async function answering<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PublishingError) throw new HttpError(error.status, error.message);
    if (error instanceof PublishRefused) throw new HttpError(409, error.message);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new HttpError(404, RELEASE_MESSAGES.notFound);
    throw error;
  }
}

function publishing(ctx: Context) {
  const service = ctx.services.publishing;
  if (!service) throw new HttpError(404, RELEASE_MESSAGES.notFound);
  return service;
}

const actorOf = (ctx: Context, session: Awaited<ReturnType<Context["requireUser"]>>) => ({
  id: session.user.id,
  login: session.user.login,
  name: session.user.name,
});

/** «Публикации»: publish, follow, look back, roll back, plan ahead (content:publish). */
export const releaseRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/releases",
    access: "content:publish",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const service = publishing(ctx);
      const { live, releases, rollbacks } = service.history();
      const job = service.job();
      const page: ReleasesPage = {
        live,
        releases: releases.map(summary),
        rollbacks: rollbacks.map(rollbackView),
        job: job ? jobView(job) : null,
        scheduled: service.scheduled().map(scheduledView),
        canPublishAll: can(session.user.role, "content:publish-all"),
        titles: {},
      };
      const keys = [...page.releases.flatMap((r) => r.changed), ...page.scheduled.flatMap((s) => (s.entries === "all" ? [] : s.entries))];
      page.titles = entryTitles({ contentDir: ctx.services.config.contentDir, releasesDir: ctx.services.config.releasesDir }, keys);
      ctx.send(200, page);
    },
  },
  {
    method: "POST",
    path: "/releases",
    access: "content:publish",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const body = await ctx.body();
      const text = message(body);
      const chosen = await selectionOf(ctx, body, session.user.role);
      if (!chosen) return;
      const job = await answering(() => publishing(ctx).publish(actorOf(ctx, session), text, chosen));
      ctx.send(202, jobView(job));
    },
  },
  {
    method: "GET",
    path: "/releases/job",
    access: "content:publish",
    async handle(ctx) {
      const job = publishing(ctx).job();
      if (!job) throw new HttpError(404, RELEASE_MESSAGES.notFound);
      ctx.send(200, jobView(job));
    },
  },
  {
    method: "GET",
    path: "/releases/:id/diff",
    access: "content:publish",
    async handle(ctx) {
      const id = releaseId(ctx);
      const changes = await answering(() => publishing(ctx).diff(id));
      const body: ReleaseDiff = { ...changes, options: referenceOptions({ contentDir: ctx.services.config.contentDir, releasesDir: ctx.services.config.releasesDir }) };
      ctx.send(200, body);
    },
  },
  {
    method: "POST",
    path: "/releases/:id/rollback",
    access: "content:publish",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const id = releaseId(ctx);
      const release = await answering(() => publishing(ctx).rollback(actorOf(ctx, session), id));
      ctx.send(200, summary(release));
    },
  },
  {
    method: "POST",
    path: "/schedules",
    access: "content:publish",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const body = await ctx.body();
      const text = message(body);
      const at = parseMoment(body.at, clock.now());
      const chosen = await selectionOf(ctx, body, session.user.role, true);
      if (!chosen) return;
      const entry = await publishing(ctx).schedule(actorOf(ctx, session), at, text, chosen);
      ctx.send(201, scheduledView(entry));
    },
  },
  {
    // «Снять с публикации»: the entry leaves the site (410, or a 301 to a page chosen now); its saved version stays.
    method: "POST",
    path: "/releases/withdraw",
    access: "content:publish",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const body = await ctx.body();
      const [path] = filesOf(body.entry);
      const [type = "", slug = ""] = String(body.entry).split("/");
      if (!isCollectionName(type) || !hasOwnPage(type) || !path) throw new HttpError(422, MESSAGES.invalid, { entry: RELEASE_MESSAGES.withdrawPage });
      const to = typeof body.redirect === "string" && body.redirect.trim() !== "" ? body.redirect.trim() : null;
      const from = entryPath(type, slug);
      // Only to a page the site has now: `//evil.example/` would become `/evil.example/`, a 404.
      if (to !== null && (to.length > URL_MAX || !/^\/[^\s,]*$/.test(to) || !isLivePage(ctx.services.config.releasesDir, to))) {
        throw new HttpError(422, MESSAGES.invalid, { redirect: RELEASE_MESSAGES.redirectNotPage });
      }
      if (to !== null && to.replace(/[?#].*$/s, "") === from) throw new HttpError(422, MESSAGES.invalid, { redirect: RELEASE_MESSAGES.redirectSelf });
      const text = message({ message: body.message ?? `Снято с\u00a0публикации: ${slug}` });
      const chosen: Selection = { keys: [], files: [], withdraw: [path], ...(to ? { redirects: [{ from, to }] } : {}) };
      const job = await answering(() => publishing(ctx).publish(actorOf(ctx, session), text, chosen));
      ctx.send(202, jobView(job));
    },
  },
  {
    method: "DELETE",
    path: "/schedules/:id",
    access: "content:publish",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const id = ctx.params.id ?? "";
      if (!(await publishing(ctx).cancel(actorOf(ctx, session), id))) throw new HttpError(409, RELEASE_MESSAGES.notPending);
      ctx.send(204);
    },
  },
];
