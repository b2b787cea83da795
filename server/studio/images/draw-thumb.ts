import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import type SharpModule from "sharp";

/**
 * A picture's small copy for the studio's grids («Медиа», the pickers): a
 * WebP at most `side` pixels a side (MEDIA_THUMB_WIDTH, sent by thumbs.ts) (twice a card's width on most
 * screens), a few kilobytes where the original is megabytes. Drawn in the
 * image pool's child only (worker.ts), like every other picture work
 * (decision 035); written under a name of its own, then renamed, so a
 * reader never sees half a file. The child loads this and sharp alone
 * (no core module: each one more is time a child takes to start).
 */
const THUMB_WEBP = { quality: 60, effort: 4 } as const;

export async function drawThumb(sharp: typeof SharpModule, source: string, target: string, side: number): Promise<boolean> {
  if (existsSync(target)) return false;
  const body = await sharp(source, { limitInputPixels: 6000 * 6000 })
    .autoOrient()
    .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
    .webp(THUMB_WEBP)
    .toBuffer();
  const partial = `${target}.${process.pid}-${randomBytes(4).toString("hex")}.partial`;
  await writeFile(partial, body);
  await rename(partial, target);
  return true;
}
