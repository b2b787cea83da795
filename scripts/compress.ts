/**
 * Writes .br and .gz next to every compressible file of the code build (the
 * client assets and the studio's app), at maximum quality, so the server
 * never compresses static responses itself. Releases compress their own files.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { CLIENT_DIR, STUDIO_DIR } from "#core/config/folders.server.ts";
import { isCompressible } from "../server/mime.ts";

export function compressCodeAssets(): void {
  for (const dir of [CLIENT_DIR, STUDIO_DIR]) {
    let count = 0;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !isCompressible(extname(entry.name))) continue;
      const file = join(entry.parentPath, entry.name);
      const body = readFileSync(file);
      if (body.length <= 512) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      count += 1;
    }
    console.log(`compressed ${count} files in ${dir}`);
  }
}
