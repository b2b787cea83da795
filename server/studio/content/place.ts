import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REDIRECTS_FILE } from "../../releases/tables.ts";

/** Where the studio's content lives: the content folder (git) and the releases folder every server shares. */
export type ContentPlace = { contentDir: string; releasesDir: string; /** The public origin: links written with it lead to the site too. */ origin?: string | undefined };

/** The redirect table as saved (CSV), or null where there is none. */
export function readRedirects(place: ContentPlace): string | null {
  try {
    return readFileSync(join(place.contentDir, REDIRECTS_FILE), "utf8");
  } catch {
    return null;
  }
}
