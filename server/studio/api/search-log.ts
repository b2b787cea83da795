import { createStore } from "../../leads/store.ts";
import type { ApiRoute } from "../router.ts";

/**
 * «Поиск по сайту» (editors and admins): what visitors searched in a week, most searched first
 * or only what found nothing, with the results followed from each (core/search/log.ts). `week`:
 * a week's Monday in ms, as the view lists them; another value shows the latest week.
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
];
