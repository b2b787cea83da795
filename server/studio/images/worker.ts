import sharp from "sharp";
import { clean, type CleanAnswer, type CleanJob } from "./clean.ts";

/**
 * The image pool's child (pool.ts forks it, one job at a time): the only
 * process where the studio decodes and encodes images, so their threads and
 * memory are its own, not the server's. libvips works on one thread and keeps
 * no cache of decoded pictures between jobs; the child ends with its parent.
 */
sharp.concurrency(1);
sharp.cache(false);

process.on("message", (message) => {
  void clean(sharp, message as CleanJob).then(
    (answer) => process.send?.(answer),
    () => process.send?.({ refused: "broken" } satisfies CleanAnswer),
  );
});
// The server gone (stopped, crashed), nothing is left for this child to do.
process.on("disconnect", () => process.exit(0));

// Loaded: a job's time limit counts from here (pool.ts), not from the child's start.
process.send?.({ ready: true });
