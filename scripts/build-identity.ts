import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { buildMetaPath, LATEST_BUILD_PATH, type BuildMeta } from "../app/lib/build-identity.ts";

/** URL paths of the pages the build prerendered (`/a/` for `a/index.html`), sorted. */
export function prerenderedPaths(clientDir: string): string[] {
  return readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => {
      const dir = relative(clientDir, entry.parentPath).split(sep).join("/");
      return dir ? `/${dir}/` : "/";
    })
    .sort();
}

/** Writes builds/latest.json ({id, timestamp}) and builds/meta/<id>.json (everything). */
export function writeBuildIdentity(clientDir: string, meta: BuildMeta): void {
  const latest = join(clientDir, LATEST_BUILD_PATH);
  const metaFile = join(clientDir, buildMetaPath(meta.id));
  mkdirSync(join(metaFile, ".."), { recursive: true });
  writeFileSync(latest, JSON.stringify({ id: meta.id, timestamp: meta.timestamp }));
  writeFileSync(metaFile, JSON.stringify(meta));
}
