import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { UPLOAD_NAME, UPLOADS_FOLDER } from "#core/content/uploads.server.ts";
import { MEDIA_THUMB_WIDTH } from "#core/studio/media-api.ts";
import { cacheDir } from "../../releases/store.ts";
import { BACKGROUND, type ImagePool } from "./pool.ts";

/** Where the small copies are kept, under the releases' folder. */
export const thumbsDir = (releasesDir: string) => join(cacheDir(releasesDir, "images"), "studio-thumbs");

/** A picture's small copy. */
export const thumbPath = (releasesDir: string, file: string) => join(thumbsDir(releasesDir), `${file}.webp`);

/**
 * The small copies of «Медиа»'s pictures (draw-thumb.ts) that its grid and
 * the pickers show instead of the originals: drawn in the image pool
 * (decision 035) behind people's uploads once a picture is stored, or, for a
 * picture from before (or whose copy was not drawn then), when first asked,
 * in the asker's turn of the pool's fair queue; kept on disk beside the
 * releases' images cache, never in the content. A copy is named by the
 * picture's own name, whose bytes never change; it goes when the picture
 * leaves «Корзина» for good (server/studio/content/media-trash.ts).
 */
export type Thumbs = {
  /** Queues the copy of a picture just stored (nobody waits for it). */
  draw(file: string): void;
  /** The copy's bytes, drawn now in `owner`'s turn if need be; a refusal of the pool ("busy": ask again later), or null when there is no such picture. */
  get(file: string, owner: string): Promise<Buffer | { refused: string } | null>;
};

export function createThumbs(options: { pool: ImagePool; contentDir: string; dir: string }): Thumbs {
  const target = (file: string) => join(options.dir, `${file}.webp`);
  const source = (file: string) => join(options.contentDir, UPLOADS_FOLDER, file);
  /** Copies being drawn: two asks for one picture (the grid and a picker) wait for the same job. */
  const drawing = new Map<string, Promise<{ refused: string } | null>>();

  function drawNow(file: string, owner: string): Promise<{ refused: string } | null> {
    let job = drawing.get(file);
    if (!job) {
      job = mkdir(options.dir, { recursive: true })
        .then(() => options.pool.run(owner, { kind: "thumb", source: source(file), target: target(file), side: MEDIA_THUMB_WIDTH }))
        .then((answer) => ("refused" in answer ? { refused: answer.refused } : null))
        .finally(() => drawing.delete(file));
      drawing.set(file, job);
    }
    return job;
  }

  return {
    draw(file) {
      if (UPLOAD_NAME.test(file) && !existsSync(target(file))) void drawNow(file, BACKGROUND);
    },
    async get(file, owner) {
      if (!UPLOAD_NAME.test(file) || !existsSync(source(file))) return null;
      try {
        return await readFile(target(file));
      } catch {
        // Not drawn yet: drawn now (below).
      }
      const refused = await drawNow(file, owner);
      if (refused) return refused;
      try {
        return await readFile(target(file));
      } catch {
        return { refused: "crash" };
      }
    },
  };
}
