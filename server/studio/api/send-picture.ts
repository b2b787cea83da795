import type { Context } from "../context.ts";

/** An uploaded image (in «Медиа» or its «Корзина») as the studio shows it: of a checked type only, never sniffed into anything else, never a page of its own. */
export function sendPicture(ctx: Context, upload: { bytes: Buffer; type: string }, cache = "private, max-age=3600"): void {
  ctx.res.statusCode = 200;
  ctx.res.setHeader("Content-Type", upload.type);
  ctx.res.setHeader("Content-Length", String(upload.bytes.length));
  ctx.res.setHeader("Content-Disposition", "inline");
  ctx.res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  ctx.res.setHeader("Cache-Control", cache);
  ctx.res.end(upload.bytes);
}
