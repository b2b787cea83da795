import type SharpModule from "sharp";

/**
 * The work an upload needs, done in the image pool's child (worker.ts), never
 * in the server: its size read from the header, its cost judged before any
 * pixel is decoded, then the picture decoded whole and encoded again without
 * its metadata (no GPS, no camera: only the pixels, turned upright first,
 * since the orientation tag goes too), in its own format at a quality no eye
 * tells from the upload; PNG stays lossless. The original as uploaded is never
 * written anywhere.
 */

export type Format = "jpg" | "png" | "webp" | "avif";

/** At most this many points on each side. */
export const MAX_SIDE = 6000;

export type CleanJob = { kind: "clean"; bytes: Uint8Array; format: Format; limits: CostLimits };
/** Why the child refused an upload; the Russian words are the server's (uploads.ts). */
export type CleanRefusal = "type" | "broken" | "side" | "cost";
export type CleanAnswer = { width: number; height: number; bytes: Uint8Array; cost: number } | { refused: CleanRefusal };

type Sharp = typeof SharpModule;

const SHARP_FORMAT: Record<Format, string> = { jpg: "jpeg", png: "png", webp: "webp", avif: "heif" };

/** Resident memory of the child with sharp loaded, before any picture, in MB (measured: 69). */
export const CHILD_BASE_MB = 70;

/**
 * Encoder settings per format, best first, each with what it costs per
 * megapixel: CPU in milliseconds (one libvips thread, decoding included) and
 * resident memory in MB (AVIF's decoder and encoder hold whole frames; so do
 * mozjpeg's progressive passes). Measured on a photograph-like picture, which
 * costs AVIF three times a flat one (docs/decisions/035). A picture takes the
 * best setting within both limits; one that fits none is refused.
 */
export const ENCODINGS: Record<Format, ReadonlyArray<{ options: Record<string, unknown>; msPerMegapixel: number; mbPerMegapixel: number }>> = {
  jpg: [
    { options: { quality: 92, mozjpeg: true }, msPerMegapixel: 240, mbPerMegapixel: 10 },
    { options: { quality: 92 }, msPerMegapixel: 30, mbPerMegapixel: 8 },
  ],
  png: [
    { options: { compressionLevel: 9 }, msPerMegapixel: 120, mbPerMegapixel: 6 },
    { options: { compressionLevel: 6 }, msPerMegapixel: 80, mbPerMegapixel: 6 },
  ],
  webp: [
    { options: { quality: 92 }, msPerMegapixel: 230, mbPerMegapixel: 19 },
    { options: { quality: 92, effort: 1 }, msPerMegapixel: 130, mbPerMegapixel: 14 },
  ],
  avif: [
    { options: { quality: 80 }, msPerMegapixel: 3_700, mbPerMegapixel: 41 },
    { options: { quality: 80, effort: 2 }, msPerMegapixel: 1_250, mbPerMegapixel: 41 },
    { options: { quality: 80, effort: 0 }, msPerMegapixel: 320, mbPerMegapixel: 41 },
  ],
};

/** The limits a job is judged by: estimated CPU milliseconds, and the child's memory in MB. */
export type CostLimits = { maxCost: number; memoryMb: number };

/**
 * The best encoder setting for a picture of this size within the limits, with its
 * estimated CPU (milliseconds) and memory (MB); null when it fits none.
 */
export function encodingFor(format: Format, width: number, height: number, limits: CostLimits): { options: Record<string, unknown>; cost: number; memoryMb: number } | null {
  const megapixels = (width * height) / 1_000_000;
  for (const setting of ENCODINGS[format]) {
    const cost = Math.round(megapixels * setting.msPerMegapixel);
    const memoryMb = Math.round(CHILD_BASE_MB + megapixels * setting.mbPerMegapixel);
    if (cost <= limits.maxCost && memoryMb <= limits.memoryMb) return { options: setting.options, cost, memoryMb };
  }
  return null;
}

/** Checks an upload and encodes it again without its metadata; a refusal names its reason. */
export async function clean(sharp: Sharp, job: CleanJob): Promise<CleanAnswer> {
  const input = { limitInputPixels: MAX_SIDE * MAX_SIDE, failOn: "truncated" } as const;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(job.bytes, input).metadata();
    if (meta.format !== SHARP_FORMAT[job.format]) return { refused: "type" };
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (error) {
    return { refused: /pixel limit/i.test((error as Error).message) ? "side" : "broken" };
  }
  if (width < 1 || height < 1) return { refused: "broken" };
  if (width > MAX_SIDE || height > MAX_SIDE) return { refused: "side" };
  const encoding = encodingFor(job.format, width, height, job.limits);
  if (!encoding) return { refused: "cost" };
  try {
    // Decoded whole with `failOn: "truncated"`: a file cut short after a valid header is refused here.
    const image = sharp(job.bytes, input).rotate();
    const encoded = { jpg: () => image.jpeg(encoding.options), png: () => image.png(encoding.options), webp: () => image.webp(encoding.options), avif: () => image.avif(encoding.options) };
    const bytes = await encoded[job.format]().toBuffer();
    return { width, height, bytes, cost: encoding.cost };
  } catch {
    return { refused: "broken" };
  }
}
