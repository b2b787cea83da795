import { readdirSync } from "node:fs";
import { isCollectionName } from "#core/content/catalog.ts";
import { ICON_DIR } from "#core/images/icons.ts";
import type { IconList, UsedValues } from "#core/studio/content-api.ts";
import { listSlugs, readEntry } from "../content/files.ts";
import { HttpError } from "../http.ts";
import type { ApiRoute } from "../router.ts";
import { CONTENT_MESSAGES, contentPlace } from "./content.ts";

/** A top-level field's key as the schemas name them; any other is refused before reading a file. */
const FIELD_KEY = /^[a-zA-Z][a-zA-Z0-9]{0,39}$/;

/**
 * What the entry form offers to pick instead of typing a code: the site's
 * icons, and the values a list field (tags) already has in other entries of
 * its collection, most used first.
 */
export const contentChoicesRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "/content/icons",
    access: "content:edit",
    async handle(ctx) {
      const icons = readdirSync(ICON_DIR)
        .filter((file) => file.endsWith(".svg"))
        .map((file) => file.slice(0, -4))
        .sort();
      const body: IconList = { icons };
      ctx.send(200, body);
    },
  },
  {
    method: "GET",
    // Named by the query, not the path: a path under /content/<type>/ could be an entry's own.
    path: "/content/used-values",
    access: "content:edit",
    async handle(ctx) {
      const type = ctx.url.searchParams.get("type") ?? "";
      const field = ctx.url.searchParams.get("field") ?? "";
      if (!isCollectionName(type)) throw new HttpError(404, CONTENT_MESSAGES.unknownType);
      if (!FIELD_KEY.test(field)) throw new HttpError(404, CONTENT_MESSAGES.unknownType);
      const counts = new Map<string, number>();
      const { contentDir } = contentPlace(ctx);
      for (const slug of listSlugs(contentDir, type)) {
        const value = readEntry(contentDir, type, slug)?.values[field];
        if (!Array.isArray(value)) continue;
        for (const item of value) if (typeof item === "string" && item) counts.set(item, (counts.get(item) ?? 0) + 1);
      }
      const body: UsedValues = { values: [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)) };
      ctx.send(200, body);
    },
  },
];
