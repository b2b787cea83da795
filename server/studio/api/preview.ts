import { URL_MAX } from "#core/content/limits.ts";
import { canonicalPathname } from "#core/lib/url.ts";
import { withRenderedMarkdown } from "#core/content/present.server.ts";
import { EntryInvalid, renderEntryMarkdown, validateEntry } from "../content/check.ts";
import type { Context } from "../context.ts";
import { applyPreviewHeaders } from "../headers.ts";
import { HttpError, MESSAGES } from "../http.ts";
import { overlayEntry } from "../preview.ts";
import type { ApiRoute } from "../router.ts";

export const PREVIEW_MESSAGES = {
  path: "Укажите адрес страницы сайта, например /academy/",
  notPage: "Такой страницы на\u00a0сайте нет (или она не\u00a0готова к\u00a0показу: проверьте поля)",
  gone: "Просмотр устарел: откройте его заново",
  unavailable: "Просмотр пока недоступен: сайт ещё загружается",
} as const;

/** A page address of the site: a path that ends with a slash, nothing else. */
const PAGE_PATH = /^\/(?:[a-z0-9-]+\/){0,4}$/;

function previews(ctx: Context) {
  const service = ctx.services.previews;
  if (!service?.available()) throw new HttpError(503, PREVIEW_MESSAGES.unavailable);
  return service;
}

/** Previews of site pages as the next publication would render them (content:edit). */
export const previewRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/preview",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const body = await ctx.body();
      const raw = typeof body.path === "string" && body.path.length <= URL_MAX ? body.path.trim() : "";
      const path = raw.startsWith("/") ? canonicalPathname(raw) : "";
      if (!PAGE_PATH.test(path)) throw new HttpError(422, MESSAGES.invalid, { path: PREVIEW_MESSAGES.path });
      // An entry as the editor holds it, unsaved: the page shows it in place of the saved one.
      let change;
      if (body.entry !== undefined) {
        if (typeof body.entry !== "object" || body.entry === null || Array.isArray(body.entry)) throw new HttpError(400, MESSAGES.invalid);
        const given = body.entry as { type?: unknown; slug?: unknown; values?: unknown };
        const payload = { type: String(given.type ?? ""), slug: String(given.slug ?? ""), values: given.values };
        const rendered = await renderEntryMarkdown(payload, ctx.services.config.contentDir, session.user.login);
        try {
          change = withRenderedMarkdown(rendered, () => overlayEntry(validateEntry(payload)));
        } catch (error) {
          if (error instanceof EntryInvalid) throw new HttpError(422, error.message, error.errors);
          throw error;
        }
      }
      let token: string;
      try {
        token = await previews(ctx).render(session.user.id, path, change);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(422, PREVIEW_MESSAGES.notPage, { path: PREVIEW_MESSAGES.notPage });
      }
      ctx.send(201, { url: `/studio/api/preview/${token}` });
    },
  },
  {
    method: "GET",
    path: "/preview/:token",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const html = previews(ctx).html(session.user.id, ctx.params.token ?? "");
      if (html === null) throw new HttpError(404, PREVIEW_MESSAGES.gone);
      applyPreviewHeaders(ctx.res);
      ctx.res.statusCode = 200;
      ctx.res.end(ctx.req.method === "HEAD" ? undefined : html);
    },
  },
];
