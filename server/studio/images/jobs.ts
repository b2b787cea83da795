import type { Rendition } from "../../releases/draw-rendition.ts";
import type { CleanAnswer, CleanJob } from "./clean.ts";

/**
 * The kinds of work the image pool's child does (worker.ts), one message
 * each: an upload checked and cleaned (clean.ts), which someone waits for;
 * and one published copy of a stored upload drawn into the releases' images
 * cache (renditions.ts), which nobody waits for: the next release finds it
 * there instead of drawing it (server/releases/draw-rendition.ts, drawRendition);
 * and a picture's small copy for the studio's grids (thumbs.ts).
 */
export type RenditionJob = { kind: "rendition"; source: string; rendition: Rendition; out: string };
/** Drawn now, or found there already; the child's refusal when sharp failed on it. */
export type RenditionAnswer = { drawn: boolean } | { refused: "broken" };

/** A picture's small copy for the studio's grids (draw-thumb.ts) into `target`, at upload or when first asked. */
export type ThumbJob = { kind: "thumb"; source: string; target: string; side: number };

/** What the child is sent. */
export type ImageJob = CleanJob | RenditionJob | ThumbJob;
/** What the pool is given: the child's limits are the pool's own. */
export type PoolJob = Omit<CleanJob, "limits"> | RenditionJob | ThumbJob;
/** What the child answers to a job of that kind. */
export type AnswerTo<J extends PoolJob> = J extends { kind: "clean" } ? CleanAnswer : RenditionAnswer;
