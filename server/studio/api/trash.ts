import { COLLECTION_CATALOG, type CollectionName, entryPath, hasOwnPage, isCollectionName } from "#core/content/catalog.ts";
import { TRASH_KEEP_MS, type TrashItem, type TrashList, type TrashRestored } from "#core/studio/trash-api.ts";
import { clock } from "../../clock.ts";
import { EntryInvalid } from "../content/check.ts";
import { readEntry, validSlug } from "../content/files.ts";
import { type Kept, restoreEntry } from "../content/service.ts";
import { type ContentPlace } from "../content/place.ts";
import { titleOf } from "../content/files.ts";
import type { Trashed } from "../content/trash.ts";
import { hidePurgedHistory } from "../content/versions.ts";
import { listPictures, purgePicture, restorePicture, trashedBytes } from "../content/media-trash.ts";
import { checkedPicture } from "../content/uploads.ts";
import type { Context } from "../context.ts";
import { sendPicture } from "./send-picture.ts";
import { HttpError } from "../http.ts";
import { can } from "../permissions.ts";
import { authorOf } from "../publishing.ts";
import type { ApiRoute } from "../router.ts";
import type { ActiveSession } from "../sessions.ts";

/**
 * «Корзина»: what was deleted in the studio, for 30 days (decision 030's
 * trash). Deleting an entry (POST /content/:type/:slug/delete) puts its files
 * here through `keepInTrash`; «Восстановить» (content:edit) writes them back
 * as a save would, «Удалить навсегда» is for admins (content:trash-purge).
 */
export const TRASH_MESSAGES = {
  notFound: "Этой записи в\u00a0«Корзине» уже нет: её восстановили или удалили навсегда",
  badId: "Запись в\u00a0«Корзине» указана неверно",
  badSlug: "Адрес записи задан неверно: латинские буквы в\u00a0нижнем регистре, цифры и\u00a0дефисы",
  unknownType: "Такого раздела в\u00a0студии нет",
  restored: (title: string, where: string) => `Запись «${title}» восстановлена: ${where}. На\u00a0сайте она появится после публикации.`,
  purged: (title: string) => `Запись «${title}» удалена навсегда.`,
  noPicture: "Этого изображения в\u00a0«Корзине» уже нет: его восстановили или удалили навсегда",
  pictureRestored: (alt: string) => `Изображение${alt ? ` «${alt}»` : ""} снова в\u00a0«Медиа».`,
  picturePurged: "Изображение удалено навсегда.",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const place = (ctx: Context): ContentPlace => ({ contentDir: ctx.services.config.contentDir, releasesDir: ctx.services.config.releasesDir });

/** Puts a deleted entry's files in the trash (called by the delete, before its files are removed). */
export async function keepInTrash(ctx: Context, session: ActiveSession, entry: Kept & { type: CollectionName; slug: string; everPublished: boolean }): Promise<void> {
  const values = readEntry(place(ctx).contentDir, entry.type, entry.slug)?.values ?? {};
  await ctx.services.trash.put({
    type: entry.type,
    slug: entry.slug,
    title: titleOf(values, entry.slug),
    files: entry.files,
    deletedBy: { login: session.user.login, name: session.user.name },
    deletedAt: clock.now(),
    wasPublished: entry.everPublished,
    redirected: entry.redirected,
  });
}

function describe(item: Trashed, now: number): TrashItem {
  const type = isCollectionName(item.type) ? item.type : null;
  return {
    id: item.id,
    type: item.type,
    section: type ? COLLECTION_CATALOG[type].title : item.type,
    slug: item.slug,
    title: item.title,
    path: type && hasOwnPage(type) && validSlug(type, item.slug) ? entryPath(type, item.slug) : null,
    deletedBy: item.deletedBy,
    deletedAt: item.deletedAt,
    daysLeft: Math.max(1, Math.ceil((item.deletedAt + TRASH_KEEP_MS - now) / DAY_MS)),
    wasPublished: item.wasPublished,
  };
}

async function trashedParam(ctx: Context): Promise<Trashed> {
  const id = Number(ctx.params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(400, TRASH_MESSAGES.badId);
  const item = await ctx.services.trash.get(id);
  if (!item) throw new HttpError(404, TRASH_MESSAGES.notFound);
  return item;
}

export const trashRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/trash",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const type = ctx.url.searchParams.get("type") || null;
      if (type !== null && !isCollectionName(type)) throw new HttpError(404, TRASH_MESSAGES.unknownType);
      const now = clock.now();
      const items = await ctx.services.trash.list(type, now);
      // Images are shown in the whole trash, not in one section's.
      const pictures = type === null ? await listPictures(ctx.services.config.releasesDir, now) : [];
      const body: TrashList = { items: items.map((item) => describe(item, now)), pictures, type, canPurge: can(session.user.role, "content:trash-purge") };
      ctx.send(200, body);
    },
  },
  {
    method: "POST",
    path: "/trash/:id/restore",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const item = await trashedParam(ctx);
      const body = await ctx.body();
      const wanted = body.slug === undefined || body.slug === null || body.slug === "" ? item.slug : body.slug;
      if (typeof wanted !== "string" || !isCollectionName(item.type) || !validSlug(item.type, wanted)) {
        return ctx.send(422, { ok: false, message: TRASH_MESSAGES.badSlug, errors: { slug: TRASH_MESSAGES.badSlug } });
      }
      let restored;
      try {
        restored = await restoreEntry(place(ctx), { type: item.type, slug: wanted, from: item.slug, files: item.files, by: authorOf(session.user) });
      } catch (error) {
        if (!(error instanceof EntryInvalid)) throw error;
        return ctx.send(422, { ok: false, message: error.message, errors: error.errors, problems: error.problems, taken: Boolean(error.errors.slug) });
      }
      // The files are back before the row goes: a failure here leaves a copy in the trash, never nothing.
      await ctx.services.trash.remove(item.id);
      await ctx.services.audit.write({
        action: "content.trash-restore",
        actor: session.user,
        target: `${item.type}/${restored.slug}`,
        details: { title: item.title, ...(restored.slug !== item.slug ? { from: item.slug } : {}) },
        ip: ctx.client.ip,
      });
      const where = hasOwnPage(item.type) ? `адрес ${entryPath(item.type, restored.slug)}` : `запись ${restored.slug}`;
      const result: TrashRestored = { ok: true, message: TRASH_MESSAGES.restored(item.title, where), type: item.type, slug: restored.slug };
      ctx.send(200, result);
    },
  },
  {
    method: "POST",
    path: "/trash/:id/purge",
    access: "content:trash-purge",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const item = await trashedParam(ctx);
      // Its history goes first: a failure leaves the row for another try, never a purge that history undoes.
      if (isCollectionName(item.type) && validSlug(item.type, item.slug)) {
        await hidePurgedHistory(place(ctx), item.type, item.slug, readEntry(place(ctx).contentDir, item.type, item.slug) !== null);
      }
      if (!(await ctx.services.trash.remove(item.id))) throw new HttpError(404, TRASH_MESSAGES.notFound);
      await ctx.services.audit.write({ action: "content.trash-purge", actor: session.user, target: `${item.type}/${item.slug}`, details: { title: item.title }, ip: ctx.client.ip });
      ctx.send(200, { ok: true, message: TRASH_MESSAGES.purged(item.title) });
    },
  },
  {
    method: "GET",
    path: "/trash/pictures/:file",
    access: "content:edit",
    async handle(ctx) {
      const file = ctx.params.file ?? "";
      const bytes = await trashedBytes(ctx.services.config.releasesDir, file);
      const picture = bytes ? checkedPicture(file, bytes) : null;
      if (!picture) throw new HttpError(404, TRASH_MESSAGES.noPicture);
      sendPicture(ctx, picture);
    },
  },
  {
    method: "POST",
    path: "/trash/pictures/:file/restore",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const file = ctx.params.file ?? "";
      const restored = await restorePicture(ctx.services.config.contentDir, ctx.services.config.releasesDir, file);
      if (!restored) throw new HttpError(404, TRASH_MESSAGES.noPicture);
      // Its copies were drawn at its upload, but the cache may have lost them since: drawn again where missing.
      ctx.res.once("close", () => ctx.services.renditions.draw(file));
      await ctx.services.audit.write({ action: "media.trash-restore", actor: session.user, target: `uploads/${file}`, details: {}, ip: ctx.client.ip });
      ctx.send(200, { ok: true, message: TRASH_MESSAGES.pictureRestored(restored.alt) });
    },
  },
  {
    method: "POST",
    path: "/trash/pictures/:file/purge",
    access: "content:trash-purge",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const file = ctx.params.file ?? "";
      if (!(await purgePicture(ctx.services.config.releasesDir, file, ctx.services.config.contentDir))) throw new HttpError(404, TRASH_MESSAGES.noPicture);
      await ctx.services.audit.write({ action: "media.trash-purge", actor: session.user, target: `uploads/${file}`, details: {}, ip: ctx.client.ip });
      ctx.send(200, { ok: true, message: TRASH_MESSAGES.picturePurged });
    },
  },
];
