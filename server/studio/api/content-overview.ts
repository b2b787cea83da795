import type { ContentFigures } from "#core/studio/content-api.ts";
import { lastChanges } from "../../releases/history-reads.ts";
import { unpublished } from "../content/entry-reads.ts";
import { authorOf } from "../publishing.ts";
import type { ApiRoute } from "../router.ts";
import { contentPlace } from "./content.ts";

/**
 * The figures the studio's first page shows those who edit: what is saved
 * and not on the site (all, and what this person saved last), what is
 * planned, and the last publication.
 */
export const contentOverviewRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/content/overview",
    access: "content:edit",
    async handle(ctx) {
      const session = await ctx.requireUser();
      const place = contentPlace(ctx);
      const changes = unpublished(place);
      const savers = await lastChanges(place.contentDir);
      const me = authorOf(session.user).email;
      const service = ctx.services.publishing;
      const pending = (service?.scheduled() ?? []).filter((s) => s.state === "pending").sort((a, b) => a.at - b.at);
      const { releases } = service?.history() ?? { releases: [] };
      const last = releases[0];
      const body: ContentFigures = {
        unpublished: changes.length,
        mine: changes.filter((c) => savers.get(c.path)?.email === me).length,
        scheduled: pending.length,
        nextAt: pending[0]?.at ?? null,
        last: last ? { message: last.message, at: Date.parse(last.createdAt), author: last.author.replace(/\s*<[^>]*>$/, "") } : null,
      };
      ctx.send(200, body);
    },
  },
];
