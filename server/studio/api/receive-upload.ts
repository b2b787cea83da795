import { originalName } from "#core/studio/media-api.ts";
import { clock } from "../../clock.ts";
import { BUSY_RETRY_SECONDS, type StoredUpload, storeUpload, type UploadAbout, UPLOAD_MESSAGES, UploadRefused } from "../content/uploads.ts";
import type { Context } from "../context.ts";
import { HttpError, readRaw, UPLOAD_BODY_LIMIT } from "../http.ts";

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "application/octet-stream", "image/svg+xml"];

/**
 * An image sent as a request's body, checked by its bytes and kept in the
 * content (server/studio/content/uploads.ts): the one way both a new upload
 * and a replacing file in «Медиа» come in. A refusal is a 4xx with its
 * Russian reason; a pool too busy to take it in time, 503 with Retry-After.
 * The image pool's queue is fair between people: the uploader is the owner.
 * Once the upload is answered, its published copies are drawn in that pool
 * behind people's uploads (images/renditions.ts), so that the release that
 * first shows it has nothing left to encode; a replacing file has taken the
 * old one's focal point by then.
 */
export async function receiveUpload(ctx: Context, about: Omit<UploadAbout, "uploadedAt"> = {}): Promise<StoredUpload> {
  const session = await ctx.requireUser();
  const { type, bytes } = await readRaw(ctx.req, UPLOAD_BODY_LIMIT, IMAGE_TYPES, UPLOAD_MESSAGES.type);
  if (type === "image/svg+xml") throw new HttpError(415, UPLOAD_MESSAGES.svg);
  // The name it had on the uploader's computer (`?name=`): «Медиа» shows it and finds the picture by it.
  const name = originalName(ctx.url.searchParams.get("name"));
  try {
    const work = { pool: ctx.services.images, owner: String(session.user.id) };
    const stored = await storeUpload(ctx.services.config.contentDir, bytes, { ...about, ...(name ? { name } : {}), uploadedAt: clock.now() }, work);
    ctx.res.once("close", () => {
      // Its small copy first: «Медиа» shows it next.
      ctx.services.thumbs.draw(stored.file);
      ctx.services.renditions.draw(stored.file);
    });
    return stored;
  } catch (error) {
    if (error instanceof UploadRefused) {
      throw new HttpError(error.status, error.message, undefined, error.status === 503 ? { "Retry-After": String(BUSY_RETRY_SECONDS) } : {});
    }
    throw error;
  }
}

/**
 * The journal's line for an upload, saying what happened to the content:
 * `stored` "new" (the picture and its sidecar written), "restored" (the
 * picture was there, its missing sidecar written again) or "kept" (the same
 * picture was already there: nothing written).
 */
export function auditUpload(ctx: Context, actor: { id: number; login: string }, stored: StoredUpload): Promise<void> {
  return ctx.services.audit.write({
    action: "content.upload",
    actor,
    target: `uploads/${stored.file}`,
    details: { width: stored.width, height: stored.height, stored: stored.stored },
    ip: ctx.client.ip,
  });
}
