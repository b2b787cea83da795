import sharp from "sharp";

/**
 * Pictures the image pool's tests upload, drawn by sharp (nothing
 * downloaded). Noise costs an encoder what a photograph does; a flat colour
 * far less (docs/decisions/035).
 */

/** The upload at 6000: a few hundred bytes of AVIF for a picture of that side. */
export const flatAvif = (side: number, r = 200) =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r, g: 80, b: 40 } } }).avif({ effort: 0 }).toBuffer();

/** A photograph-like AVIF: at 3000 × 3000, seconds of CPU to encode again, within the child's memory. */
export const photoAvif = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 50 } } }).avif({ effort: 0 }).toBuffer();

/** A small PNG: milliseconds of work. */
export const smallPng = (r = 30) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 120, b: 200 } } }).png().toBuffer();
