import { LOGGED_QUERY_MAX } from "#core/search/log.ts";
import { createStore } from "../../leads/store.ts";
import { HttpError, MESSAGES } from "../http.ts";
import type { ApiRoute } from "../router.ts";

export const SEARCH_PREVIEW_MESSAGES = {
  query: "Напишите запрос, как его вводят посетители",
  unavailable: "Результаты пока недоступны: сайт ещё загружается",
} as const;

/**
 * «Поиск по сайту» (editors and admins): what visitors searched in a week, most searched first
 * or only what found nothing, with the results followed from each (core/search/log.ts). `week`:
 * a week's Monday in ms, as the view lists them; another value shows the latest week. A query's
 * results now and after the next publication: server/studio/search-preview.ts.
 */
export const searchLogRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/search-log",
    access: "content:edit",
    async handle(ctx) {
      const q = ctx.url.searchParams;
      const week = /^\d{1,15}$/.test(q.get("week") ?? "") ? Number(q.get("week")) : null;
      ctx.send(200, await createStore(ctx.services.inbox.db).searchLog.week(week, q.get("empty") === "1"));
    },
  },
  {
    method: "GET",
    path: "/search-log/results",
    access: "content:edit",
    async handle(ctx) {
      const query = (ctx.url.searchParams.get("q") ?? "").trim();
      if (!/[\p{L}\p{N}]/u.test(query) || query.length > LOGGED_QUERY_MAX) throw new HttpError(422, MESSAGES.invalid, { q: SEARCH_PREVIEW_MESSAGES.query });
      const previews = ctx.services.previews;
      if (!previews?.available()) throw new HttpError(503, SEARCH_PREVIEW_MESSAGES.unavailable);
      ctx.send(200, await previews.search(query));
    },
  },
];
