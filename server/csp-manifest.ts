import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { inlineScriptHashes } from "./csp.ts";

/**
 * build/csp-hashes.json: for every prerendered HTML file of the client build
 * (by URL path), the CSP hashes of its inline scripts. Written right after
 * the build (scripts/csp-hashes.ts); the server sends them with each page, and
 * a CDN serving the files itself can send the same policy from this file.
 */
export type CspManifest = { pages: Record<string, string[]> };

export const CSP_MANIFEST_NAME = "csp-hashes.json";

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.isFile() && entry.name.endsWith(".html")) yield path;
  }
}

export function computeCspManifest(clientDir: string): CspManifest {
  const pages: Record<string, string[]> = {};
  for (const file of htmlFiles(clientDir)) {
    pages[`/${relative(clientDir, file).split(sep).join("/")}`] = inlineScriptHashes(readFileSync(file, "utf8"));
  }
  return { pages };
}

export function writeCspManifest(buildDir: string, manifest: CspManifest): string {
  const file = join(buildDir, CSP_MANIFEST_NAME);
  writeFileSync(file, `${JSON.stringify(manifest, null, 1)}\n`);
  return file;
}

/** The hashes by URL path; empty when the build has none (the server then refuses to start with pages). */
export function loadCspManifest(buildDir: string): Map<string, string[]> {
  const file = join(buildDir, CSP_MANIFEST_NAME);
  if (!existsSync(file)) return new Map();
  const manifest = JSON.parse(readFileSync(file, "utf8")) as CspManifest;
  return new Map(Object.entries(manifest.pages));
}
