import { readdirSync } from "node:fs";
import { isCollectionName } from "#core/content/catalog.ts";
import { ICON_DIR } from "#core/images/icons.ts";
import type { IconList, UsedValues } from "#core/studio/content-api.ts";
import { usedValues } from "../content/entry-reads.ts";
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
      const body: UsedValues = { values: usedValues(contentPlace(ctx).contentDir, type, field) };
      ctx.send(200, body);
    },
  },
];
