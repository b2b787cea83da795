import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * The folder of the code build whose bytes decide what a release renders: the
 * site's server build (which holds the client manifest, every asset's hashed
 * name) bundled with the server and the release maker.
 */
const RENDERING_CODE = ["runtime"];

/**
 * The code build's id, a hash of the code that renders pages. The same
 * sources build to the same id, so a rebuild without changes does not make
 * the next release render everything.
 */
export function codeIdentity(buildDir: string): string {
  const hash = createHash("sha256");
  for (const folder of RENDERING_CODE) {
    const dir = join(buildDir, folder);
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(relative(buildDir, file).split(sep).join("/")).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("base64url").slice(0, 16);
}

/** Writes build/code.json ({id}); releases record it and a server compares it with the live release's. */
export function writeCodeIdentity(buildDir: string): string {
  const id = codeIdentity(buildDir);
  writeFileSync(join(buildDir, "code.json"), `${JSON.stringify({ id })}\n`);
  return id;
}
