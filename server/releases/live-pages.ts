import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReleaseState } from "./record.ts";
import { currentRelease, releaseDir } from "./store.ts";

/**
 * Whether `target` (a site path, maybe with a query or a fragment) is a page of
 * the live release: what a redirect the studio writes may point to. An address
 * that is not a page (a typo, `/evil.example/` made of `//evil.example/`) would
 * send visitors and search engines from a real page to a 404.
 */
export function isLivePage(releasesRoot: string, target: string): boolean {
  const id = currentRelease(releasesRoot);
  if (!id) return false;
  const path = target.replace(/[?#].*$/s, "");
  let state: ReleaseState;
  try {
    state = JSON.parse(readFileSync(join(releaseDir(releasesRoot, id), "state.json"), "utf8")) as ReleaseState;
  } catch {
    return false;
  }
  return Object.hasOwn(state.pages, path);
}
