import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { content } from "#core/content/index.server.ts";
import { releaseFile } from "../../server/releases/files.ts";
import { liveRelease, MAIN_RELEASES } from "../../tests/support/releases.ts";
import { pageTemplates } from "../../tests/support/templates.ts";

/** The templates the performance budgets are held on (issue "Performance, accessibility and search-engine budgets"). */
export function benchTemplates(): Array<{ name: string; path: string }> {
  const all = new Map(pageTemplates().map((t) => [t.name, t]));
  const pick = (name: string) => {
    const template = all.get(name);
    if (!template) throw new Error(`no template ${name}`);
    return template;
  };
  // An article whose body holds highlighted code.
  const withCode = content().articles.find((a) => a.body.includes("<pre"));
  if (!withCode) throw new Error("no article with code");
  return [
    pick("home"),
    pick("services"),
    pick("service"),
    pick("service-seo"),
    pick("projects"),
    pick("case"),
    { name: "article with code", path: `/academy/${withCode.slug}/` },
    pick("position"),
    pick("events"),
    pick("search"),
    // A marketer's landing: the site's blocks and a form, its headline test's А.
    pick("landing"),
  ];
}

/** The zero-JS copy of a page: every script element and module preload removed, nothing else touched. */
export function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "").replace(/<link rel="modulepreload"[^>]*>/gi, "");
}

/**
 * A copy of the live release (data/releases, made by `npm run publish`): its own releases
 * folder `workDir/name`, whose live release is the same files hard-linked, except the given
 * pages' HTML, written anew (never through a link) as `change` makes it, compressed as the
 * server sends it. A second server started with `RELEASES_DIR` set to the folder serves it.
 * The ETags stay the live release's: nothing in a benchmark revalidates.
 */
export function releaseCopy(workDir: string, name: string, paths: readonly string[], change: (html: string) => string): string {
  const id = liveRelease(MAIN_RELEASES);
  if (!id) throw new Error(`no release in ${MAIN_RELEASES}: run \`npm run publish\``);
  const root = join(workDir, name);
  mkdirSync(root, { recursive: true });
  execFileSync("cp", ["-al", join(MAIN_RELEASES, id), join(root, id)]);
  cpSync(join(MAIN_RELEASES, "current"), join(root, "current"));
  for (const path of paths) {
    const file = releaseFile(join(root, id, "files"), `${path}index.html`);
    if (!existsSync(file)) continue; // rendered on request (the 404 page): not part of the bench
    const changed = Buffer.from(change(readFileSync(file, "utf8")));
    for (const variant of [file, `${file}.br`, `${file}.gz`]) rmSync(variant, { force: true });
    writeFileSync(file, changed);
    writeFileSync(`${file}.br`, brotliCompressSync(changed, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(changed, { level: 9 }));
  }
  return root;
}

/** The zero-JS copy of the live release: the given pages without scripts (releaseCopy). */
export function zeroJsReleases(workDir: string, paths: readonly string[]): string {
  return releaseCopy(workDir, "zero-js-releases", paths, stripScripts);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
