import { type EditableType, isCollectionName, isEditableType } from "#core/content/catalog.ts";
import type { PresenceResult, PreviewResult, UploadResult } from "#core/studio/content-api.ts";
import { markdownImage } from "#core/studio/media-api.ts";
import { STUDIO_API } from "#core/studio/paths.ts";
import { entryFiles, entryHash, validSlug } from "../content/files.ts";
import { renderOffThread } from "../content/markdown-off-thread.ts";
import { mediaAbout } from "../content/media.ts";
import { readUpload } from "../content/uploads.ts";
import { saversOf } from "../content/versions.ts";
import type { Context } from "../context.ts";
import { sendPicture } from "./send-picture.ts";
import { CONTENT_BODY_LIMIT, HttpError } from "../http.ts";
import type { ApiRoute } from "../router.ts";
import { auditUpload, receiveUpload } from "./receive-upload.ts";
import { CONTENT_MESSAGES, contentPlace, NEW_DRAFT } from "./content.ts";

/**
 * What the editor does while a person works: drafts saved as they type,
 * the heartbeat that tells others the entry is open, the live preview of
 * Markdown through the site's own renderer, and image uploads.
 */
export const UPLOADS_PATH = "/content/uploads";

function draftKey(ctx: Context): { type: string; slug: string } {
  const type = ctx.params.type ?? "";
  const slug = ctx.params.slug ?? "";
  if (!isEditableType(type)) throw new HttpError(404, CONTENT_MESSAGES.unknownType);
  if (!(validSlug(type, slug) || (slug === NEW_DRAFT && isCollectionName(type)))) throw new HttpError(400, CONTENT_MESSAGES.badSlug);
  return { type, slug };
}

export const contentLiveRoutes: ApiRoute[] = [
  {
    method: "PUT",
    path: "/content/:type/:slug/draft",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const { type, slug } = draftKey(ctx);
      const body = await ctx.body(CONTENT_BODY_LIMIT);
      const values = body.values;
      const baseHash = body.baseHash;
      if (typeof values !== "object" || values === null || Array.isArray(values)) throw new HttpError(400, CONTENT_MESSAGES.badRequest);
      if (baseHash !== null && (typeof baseHash !== "string" || baseHash.length > 100)) throw new HttpError(400, CONTENT_MESSAGES.badRequest);
      await ctx.services.drafts.put(type, slug, session.user.id, values, baseHash);
      ctx.send(200, { ok: true, savedAt: Date.now() });
    },
  },
  {
    method: "DELETE",
    path: "/content/:type/:slug/draft",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const { type, slug } = draftKey(ctx);
      await ctx.services.drafts.remove(type, slug, session.user.id);
      ctx.send(204);
    },
  },
  {
    method: "GET",
    path: "/content/:type/:slug/draft",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const { type, slug } = draftKey(ctx);
      ctx.send(200, { draft: await ctx.services.drafts.get(type, slug, session.user.id) });
    },
  },
  {
    method: "POST",
    path: "/content/:type/:slug/presence",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const { type, slug } = draftKey(ctx);
      const body = await ctx.body();
      if (body.leave === true) {
        await ctx.services.drafts.leave(type, slug, session.user.id);
        return ctx.send(200, { editors: [] });
      }
      const editors = await ctx.services.drafts.beat(type, slug, session.user.id);
      // The version the editor started from: when the file is another one now, a colleague saved
      // (or deleted) it meanwhile, and the editor says so within a beat (issue 52).
      const baseHash = typeof body.baseHash === "string" && body.baseHash.length <= 100 ? body.baseHash : null;
      const result: PresenceResult = { editors };
      if (baseHash !== null && slug !== NEW_DRAFT) {
        const place = contentPlace(ctx);
        const hash = entryHash(place.contentDir, type as EditableType, slug);
        // Who saved it last on the saved line: the same kept log «Ждут публикации» names savers from.
        if (hash !== baseHash) result.saved = { hash, by: (await saversOf(place))(entryFiles(type as EditableType, slug)) };
      }
      ctx.send(200, result);
    },
  },
  {
    method: "POST",
    path: "/content/preview",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const body = await ctx.body(CONTENT_BODY_LIMIT);
      if (typeof body.markdown !== "string") throw new HttpError(400, CONTENT_MESSAGES.badRequest);
      const nested = body.nestedUnder;
      if (nested !== undefined && nested !== null && !(typeof nested === "number" && Number.isInteger(nested) && nested >= 1 && nested <= 5)) {
        throw new HttpError(400, CONTENT_MESSAGES.badRequest);
      }
      // Off the main thread, within the time limit, links strict: the text as its save would be checked (decision 025).
      const rendered = await renderOffThread({
        source: body.markdown.trim(),
        contentDir: ctx.services.config.contentDir,
        uploadsBase: `${STUDIO_API}${UPLOADS_PATH}/`,
        ...(typeof nested === "number" ? { nestedUnder: nested } : {}),
      }, undefined, session.user.login);
      if ("error" in rendered) return ctx.send(422, { ok: false, message: rendered.error });
      const result: PreviewResult = { html: rendered.html };
      ctx.send(200, result);
    },
  },
  {
    method: "POST",
    path: UPLOADS_PATH,
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const stored = await receiveUpload(ctx);
      await auditUpload(ctx, session.user, stored);
      // The same picture uploaded again keeps the description «Медиа» has for it.
      const alt = mediaAbout(ctx.services.config.contentDir, stored.file)?.alt ?? "";
      const result: UploadResult = { file: stored.file, width: stored.width, height: stored.height, alt, markdown: markdownImage(alt, `/uploads/${stored.file}`) };
      ctx.send(201, result);
    },
  },
  {
    method: "GET",
    path: `${UPLOADS_PATH}/:file`,
    access: "content:edit",
    async handle(ctx) {
      const upload = readUpload(ctx.services.config.contentDir, ctx.params.file ?? "");
      if (!upload) throw new HttpError(404, CONTENT_MESSAGES.notFound);
      sendPicture(ctx, upload);
    },
  },
];
