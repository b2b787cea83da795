import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { RuntimeConfig } from "../app/config/env.server.ts";
import { RUNTIME_CONFIG_META } from "../app/runtime/runtime-config.ts";
import type { StaticFile } from "./static-files.ts";

/**
 * Public runtime configuration reaches the browser as a meta tag the server
 * adds to every HTML response: prerendered pages once at start-up, rendered
 * pages as they stream. A restart picks up a new value; a rebuild is never
 * needed. Not an inline script: nothing for the Content-Security-Policy to allow.
 */
export function runtimeConfigTag(config: RuntimeConfig): string | null {
  if (Object.values(config).every((value) => value === null)) return null;
  const json = JSON.stringify(config).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<meta name="${RUNTIME_CONFIG_META}" content="${json}">`;
}

const HEAD_END = "</head>";

export function injectIntoHead(html: string, tag: string): string {
  const at = html.indexOf(HEAD_END);
  return at === -1 ? html : html.slice(0, at) + tag + html.slice(at);
}

/** Rewrites every prerendered page in memory (with fresh compressed variants and ETag). */
export function injectIntoPages(files: Map<string, StaticFile>, tag: string): void {
  for (const [path, file] of files) {
    if (!path.endsWith(".html")) continue;
    const body = Buffer.from(injectIntoHead(file.body.toString("utf8"), tag));
    // Quality 9, not the build's 11: this runs at every start, for every page.
    files.set(path, {
      ...file,
      body,
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(body, { level: 9 }),
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`,
    });
  }
}

/** Adds the tag to a streamed HTML response: holds the stream only until `</head>` has passed. */
export function injectIntoStream(tag: string): Transform {
  // Bytes, not strings: a chunk may end inside a multi-byte character, and
  // the ASCII "</head>" can never sit inside one.
  let pending = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      pending = Buffer.concat([pending, chunk]);
      const at = pending.indexOf(HEAD_END);
      if (at === -1) return callback();
      done = true;
      const out = Buffer.concat([pending.subarray(0, at), Buffer.from(tag), pending.subarray(at)]);
      pending = Buffer.alloc(0);
      callback(null, out);
    },
    flush(callback) {
      callback(null, pending.length > 0 ? pending : undefined);
    },
  });
}
