import sharp from "sharp";
import { drawRendition } from "../../releases/draw-rendition.ts";
import { clean } from "./clean.ts";
import { drawThumb } from "./draw-thumb.ts";
import type { ImageJob, RenditionAnswer } from "./jobs.ts";

/**
 * The image pool's child (pool.ts forks it, one job at a time, of either
 * kind: jobs.ts): the only process where the studio decodes and encodes
 * images, so their threads and memory are its own, not the server's. libvips
 * works on one thread and keeps no cache of decoded pictures between jobs;
 * the child ends with its parent.
 */
sharp.concurrency(1);
sharp.cache(false);

process.on("message", (message) => {
  const job = message as ImageJob;
  const work =
    job.kind === "clean"
      ? clean(sharp, job)
      : (job.kind === "thumb" ? drawThumb(sharp, job.source, job.target, job.side) : drawRendition(sharp, job.source, job.rendition, job.out)).then((drawn): RenditionAnswer => ({ drawn }));
  void work.then(
    (answer) => process.send?.(answer),
    // Both kinds call it so: a picture sharp could not read or write.
    () => process.send?.({ refused: "broken" }),
  );
});
// The server gone (stopped, crashed), nothing is left for this child to do.
process.on("disconnect", () => process.exit(0));

// Loaded: a job's time limit counts from here (pool.ts), not from the child's start.
process.send?.({ ready: true });
