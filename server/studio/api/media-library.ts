import {
  MEDIA_FILTERS,
  MEDIA_LIMITS,
  MEDIA_PAGE_MAX,
  MEDIA_PAGE_SIZE,
  MEDIA_QUERY_MAX,
  MEDIA_TYPES,
  type MediaAltOffered,
  type MediaFilter,
  type MediaList,
  type MediaQuery,
  type MediaType,
} from "#core/studio/media-api.ts";
import { describeMedia, offerDescription } from "../content/media.ts";
import { mediaPage, oneMedia } from "../content/media-list.ts";
import { BUSY_RETRY_SECONDS } from "../content/uploads.ts";
import type { Context } from "../context.ts";
import { HttpError, MESSAGES } from "../http.ts";
import type { ApiRoute } from "../router.ts";
import { describedText, MEDIA_MESSAGES, mediaTarget } from "./media.ts";
import { sendPicture } from "./send-picture.ts";

/**
 * «Медиа» at scale: the library a page at a time with its filters, one
 * picture alone (an image field shows what it holds), each picture's small
 * copy (images/thumbs.ts), several described at once, and the alt text typed
 * in a text offered as a picture's description. Every description written
 * here is journaled as one edited in «Медиа» is (media.describe).
 */
export const LIBRARY_MESSAGES = {
  filter: "Такого отбора в\u00a0«Медиа» нет",
  type: "Такого типа изображений в\u00a0«Медиа» нет",
  page: "Номер страницы — целое число от\u00a01",
  unusedInPicker: "Отбор «не используется» показывает, где используется каждое изображение: попросите его вместе с\u00a0этим",
  many: `За\u00a0раз можно описать не\u00a0больше ${MEDIA_PAGE_SIZE} изображений`,
  none: "Выберите изображения, которые нужно описать",
  thumbBusy: "Студия сейчас обрабатывает другие изображения: уменьшенная копия появится через минуту",
  thumbFailed: "Уменьшенную копию изображения нарисовать не\u00a0удалось",
  savedMany: (count: number) => `Описания сохранены (${count}). На\u00a0сайте они появятся со\u00a0следующей публикацией`,
} as const;

/** GET /media's query, bounded: a search up to MEDIA_QUERY_MAX, a known filter and type, a page number; anything else is a 400 in Russian. */
function mediaQuery(ctx: Context): MediaQuery {
  const params = ctx.url.searchParams;
  const filter = params.get("filter") || null;
  const type = params.get("type") || null;
  const page = params.get("page") ?? "1";
  if (filter !== null && !(MEDIA_FILTERS as readonly string[]).includes(filter)) throw new HttpError(400, LIBRARY_MESSAGES.filter);
  if (type !== null && !(MEDIA_TYPES as readonly string[]).includes(type)) throw new HttpError(400, LIBRARY_MESSAGES.type);
  if (!/^\d{1,6}$/.test(page) || Number(page) < 1) throw new HttpError(400, LIBRARY_MESSAGES.page);
  return { q: (params.get("q") ?? "").slice(0, MEDIA_QUERY_MAX), filter: filter as MediaFilter | null, type: type as MediaType | null, page: Math.min(Number(page), MEDIA_PAGE_MAX) };
}

export const mediaLibraryRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/media",
    access: "content:edit",
    async handle(ctx) {
      const query = mediaQuery(ctx);
      const withUses = ctx.url.searchParams.get("uses") !== "0";
      if (!withUses && query.filter === "unused") throw new HttpError(400, LIBRARY_MESSAGES.unusedInPicker);
      const body: MediaList = mediaPage(ctx.services.config.contentDir, query, withUses);
      // The page's small copies not drawn yet (pictures from before them) are queued now, in order, behind
      // people's uploads: the grid's requests for them wait for those jobs, not for a turn of their own.
      for (const item of body.items) ctx.services.thumbs.draw(item.file);
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    path: "/media/:file",
    access: "content:edit",
    async handle(ctx) {
      const item = oneMedia(ctx.services.config.contentDir, ctx.params.file ?? "");
      if (!item) throw new HttpError(404, MEDIA_MESSAGES.notFound);
      ctx.send(200, item);
    },
  },
  {
    method: "GET",
    path: "/media/:file/thumb",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const thumb = await ctx.services.thumbs.get(ctx.params.file ?? "", String(session.user.id));
      if (!thumb) throw new HttpError(404, MEDIA_MESSAGES.notFound);
      if (!Buffer.isBuffer(thumb)) {
        const busy = thumb.refused === "busy";
        throw new HttpError(busy ? 503 : 422, busy ? LIBRARY_MESSAGES.thumbBusy : LIBRARY_MESSAGES.thumbFailed, undefined, busy ? { "Retry-After": String(BUSY_RETRY_SECONDS) } : {});
      }
      // A picture's bytes never change under its name, nor its copy under its address (mediaThumbPath).
      sendPicture(ctx, { bytes: thumb, type: "image/webp" }, "private, max-age=31536000, immutable");
    },
  },
  {
    method: "POST",
    path: "/media/describe",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const body = await ctx.body();
      const list = body.items;
      if (!Array.isArray(list)) throw new HttpError(400, MESSAGES.badJson);
      if (list.length === 0) throw new HttpError(422, LIBRARY_MESSAGES.none);
      if (list.length > MEDIA_PAGE_SIZE) throw new HttpError(422, LIBRARY_MESSAGES.many);
      const { contentDir } = ctx.services.config;
      const errors: Record<string, string> = {};
      const described = list.map((one: unknown, i) => {
        if (typeof one !== "object" || one === null || typeof (one as { file?: unknown }).file !== "string") throw new HttpError(400, MESSAGES.badJson);
        const file = (one as { file: string }).file;
        if (!oneMedia(contentDir, file)) throw new HttpError(404, MEDIA_MESSAGES.notFound);
        const own: Record<string, string> = {};
        const alt = describedText(one as Record<string, unknown>, "alt", own);
        if (own.alt) errors[`items.${i}.alt`] = own.alt;
        else if (!alt) errors[`items.${i}.alt`] = MEDIA_MESSAGES.alt;
        else if (alt.length > MEDIA_LIMITS.alt) errors[`items.${i}.alt`] = MEDIA_MESSAGES.altLong;
        return { file, alt };
      });
      if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalid, errors);
      for (const { file, alt } of described) {
        if (!describeMedia(contentDir, file, { alt })) continue;
        await ctx.services.audit.write({ action: "media.describe", actor: session.user, target: `uploads/${file}`, details: { many: described.length }, ip: ctx.client.ip });
      }
      ctx.send(200, { ok: true, message: LIBRARY_MESSAGES.savedMany(described.length) });
    },
  },
  {
    method: "POST",
    path: "/media/:file/alt",
    access: "content:edit",
    async handle(ctx) {
      const { session, file, contentDir } = await mediaTarget(ctx);
      const errors: Record<string, string> = {};
      const alt = describedText(await ctx.body(), "alt", errors);
      if (errors.alt || !alt || alt.length > MEDIA_LIMITS.alt) return ctx.send(200, { taken: false } satisfies MediaAltOffered);
      const taken = offerDescription(contentDir, file, alt);
      if (taken) await ctx.services.audit.write({ action: "media.describe", actor: session.user, target: `uploads/${file}`, details: { from: "text" }, ip: ctx.client.ip });
      ctx.send(200, { taken } satisfies MediaAltOffered);
    },
  },
];
