import {
  hasHiddenControls,
  isNeeded,
  MEDIA_LIMITS,
  MEDIA_TEXT_MESSAGE,
  type MediaPlaces,
  type MediaRefused,
  type MediaReplaced,
  neededMessage,
  oneLine,
} from "#core/studio/media-api.ts";
import { TRASH_DAYS } from "#core/studio/trash-api.ts";
import { clock } from "../../clock.ts";
import { keepPicture } from "../content/media-trash.ts";
import { mediaPlaces } from "../content/media-places.ts";
import { plural } from "#core/lib/format.ts";
import { adoptDescription, describeMedia, mediaAbout, mediaUses } from "../content/media.ts";
import { EntryInvalid } from "../content/check.ts";
import { removeUpload, replaceUpload } from "../content/service.ts";
import { authorOf } from "../publishing.ts";
import { contentPlace } from "./content.ts";
import { auditUpload, receiveUpload } from "./receive-upload.ts";
import { field, HttpError, MESSAGES } from "../http.ts";
import type { Context } from "../context.ts";
import type { ApiRoute } from "../router.ts";

/**
 * «Медиа»: the library of uploaded images (uploading itself stays at POST
 * /content/uploads, which stamps the time it came). Describing an image and
 * deleting one that nothing uses are audited like every content change.
 * A request names one image exactly, `<hash>.<ext>` as it is on disk (its
 * own sidecar beside it), or is answered 404 and changes nothing: another
 * extension of the same hash is another (absent) file, not this one.
 */
export const MEDIA_MESSAGES = {
  notFound: "Такого изображения в\u00a0«Медиа» нет",
  alt: "Опишите, что на\u00a0изображении: без этого его не\u00a0поймут те, кто его не\u00a0видит",
  altLong: `Не\u00a0длиннее ${MEDIA_LIMITS.alt} знаков`,
  captionLong: `Не\u00a0длиннее ${MEDIA_LIMITS.caption} знаков`,
  focal: "Точку фокуса выберите на\u00a0самом изображении",
  deleted: `Изображение перенесено в\u00a0«Корзину»: там его можно восстановить в\u00a0течение ${TRASH_DAYS}\u00a0дней`,
  saved: "Описание сохранено. На\u00a0сайте оно появится со\u00a0следующей публикацией",
  same: "Это тот же файл: выберите другое изображение",
  checkAlt: "Описание перенесено с\u00a0прежнего файла: проверьте, подходит\u00a0ли оно новому изображению.",
  replaced: (entries: number) =>
    entries === 0
      ? "Файл заменён. Изображение пока нигде не\u00a0используется."
      : `Файл заменён в\u00a0${entries}\u00a0${plural(entries, ["записи", "записях", "записях"])}: опубликуйте ${plural(entries, ["её", "их", "их"])}, чтобы новое изображение появилось на\u00a0сайте. Прежний файл остаётся в\u00a0«Медиа», пока его показывают прежние версии ${plural(entries, ["записи", "записей", "записей"])}.`,
} as const;

/** The image a request names (`:file`), for an editor: exactly one of «Медиа»'s (mediaAbout), or 404 whatever the name holds. */
export async function mediaTarget(ctx: Context) {
  const session = await ctx.requireUser();
  const file = ctx.params.file;
  const { contentDir } = ctx.services.config;
  const about = file ? mediaAbout(contentDir, file) : null;
  if (!file || !about) throw new HttpError(404, MEDIA_MESSAGES.notFound);
  return { session, file, contentDir, about };
}

/** A description's text as «Медиа» keeps it: one line (oneLine), or its field's error. */
export function describedText(body: Record<string, unknown>, name: "alt" | "caption", errors: Record<string, string>): string {
  const text = oneLine(field(body, name, 10_000));
  if (hasHiddenControls(text)) errors[name] = MEDIA_TEXT_MESSAGE;
  return text;
}

const unit = (value: unknown) => typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1;

export const mediaRoutes: ApiRoute[] = [
  {
    method: "PUT",
    path: "/media/:file",
    access: "content:edit",
    async handle(ctx) {
      const { session, file, contentDir } = await mediaTarget(ctx);
      const body = await ctx.body();
      const errors: Record<string, string> = {};
      const alt = describedText(body, "alt", errors);
      const caption = describedText(body, "caption", errors);
      const focal = body.focal === undefined ? { x: 0.5, y: 0.5 } : (body.focal as { x?: unknown; y?: unknown } | null);
      if (!alt) errors.alt = MEDIA_MESSAGES.alt;
      else if (alt.length > MEDIA_LIMITS.alt) errors.alt = MEDIA_MESSAGES.altLong;
      if (caption.length > MEDIA_LIMITS.caption) errors.caption = MEDIA_MESSAGES.captionLong;
      if (typeof focal !== "object" || focal === null || !unit(focal.x) || !unit(focal.y)) errors.focal = MEDIA_MESSAGES.focal;
      if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalid, errors);
      const point = focal as { x: number; y: number };
      if (!describeMedia(contentDir, file, { alt, caption, focal: { x: point.x, y: point.y } })) throw new HttpError(404, MEDIA_MESSAGES.notFound);
      await ctx.services.audit.write({ action: "media.describe", actor: session.user, target: `uploads/${file}`, details: {}, ip: ctx.client.ip });
      // A new focal point makes a new Open Graph crop: drawn now, not by the next publication.
      ctx.res.once("close", () => ctx.services.renditions.draw(file));
      ctx.send(200, { ok: true, message: MEDIA_MESSAGES.saved });
    },
  },
  {
    method: "POST",
    path: "/media/:file/replace",
    access: "content:edit",
    async handle(ctx) {
      const { session, file, contentDir, about } = await mediaTarget(ctx);
      // The new file takes the old one's description, caption and focal point: the same place in the same texts.
      // Written for the old picture, the description may not fit the new one: «Медиа» asks to check it.
      const stored = await receiveUpload(ctx, { ...about, ...(about.alt ? { checkAlt: true } : {}) });
      if (stored.file === file) throw new HttpError(422, MEDIA_MESSAGES.same);
      // Already in «Медиа»: it takes them too unless it was described for itself.
      const adopted = stored.stored === "kept" && adoptDescription(contentDir, stored.file, about);
      const uses = mediaUses(contentDir, [file]).get(file) ?? [];
      let rewritten: string[];
      try {
        rewritten = (await replaceUpload(contentPlace(ctx), { from: file, to: stored.file, by: authorOf(session.user) })).files;
      } catch (error) {
        // A site check refusing a swap of one image for another is unlikely, but it is said, not thrown.
        // The new file stays in «Медиа» (as if uploaded there): the journal says so, and no more.
        if (stored.stored !== "kept") await auditUpload(ctx, session.user, stored);
        if (error instanceof EntryInvalid) throw new HttpError(422, error.message);
        throw error;
      }
      await ctx.services.audit.write({
        action: "media.replace",
        actor: session.user,
        target: `uploads/${file}`,
        details: { by: stored.file, stored: stored.stored, ...(adopted ? { description: "adopted" } : {}), entries: uses.length, files: rewritten },
        ip: ctx.client.ip,
      });
      const check = about.alt && !(stored.stored === "kept" && !adopted) ? ` ${MEDIA_MESSAGES.checkAlt}` : "";
      const body: MediaReplaced = { file: stored.file, entries: uses, message: `${MEDIA_MESSAGES.replaced(uses.length)}${check}` };
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    path: "/media/:file/places",
    access: "content:edit",
    async handle(ctx) {
      const { file } = await mediaTarget(ctx);
      const body: MediaPlaces = await mediaPlaces(placesFrom(ctx), file);
      ctx.send(200, body);
    },
  },
  {
    method: "DELETE",
    path: "/media/:file",
    access: "content:edit",
    async handle(ctx) {
      const { session, file, contentDir } = await mediaTarget(ctx);
      const { releasesDir } = ctx.services.config;
      const places = await mediaPlaces(placesFrom(ctx), file);
      if (isNeeded(places)) return refuse(ctx, places);
      const by = { login: session.user.login, name: session.user.name };
      const refused = await removeUpload(contentPlace(ctx), file, (kept) => keepPicture(contentDir, releasesDir, kept, by, clock.now()));
      if (refused === "gone") throw new HttpError(404, MEDIA_MESSAGES.notFound);
      // Taken up by a save or a publication since the places were read.
      if (refused) return refuse(ctx, { ...places, [refused.live ? "live" : "entries"]: refused.uses });
      // Written once the file and its own sidecar are in «Корзина»: the journal names only what was there.
      await ctx.services.audit.write({ action: "media.delete", actor: session.user, target: `uploads/${file}`, details: { trash: true }, ip: ctx.client.ip });
      ctx.send(200, { ok: true, message: MEDIA_MESSAGES.deleted });
    },
  },
];

const placesFrom = (ctx: Context) => ({ ...contentPlace(ctx), drafts: ctx.services.drafts, trash: ctx.services.trash });

function refuse(ctx: Context, places: MediaPlaces) {
  const body: MediaRefused = { ok: false, message: neededMessage(places), places };
  ctx.send(409, body);
}
