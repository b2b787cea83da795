import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { flatAvif, photoAvif, smallPng } from "../../../tests/support/images.ts";
import { encodingFor } from "./clean.ts";
import { createImagePool, type ImagePool, type PoolOptions } from "./pool.ts";

/**
 * The studio's image pool (decision 035): uploads decoded and encoded in a
 * child process, in turn between people, within a cost, a time and a memory
 * limit, each refusal an answer rather than a stalled server. Limits are
 * injected, short, instead of waiting for the real ones.
 */
const DEFAULTS: PoolOptions = { jobs: 1, timeoutMs: 60_000, waitMs: 60_000, maxCost: 5_000, memoryMb: 600 };

let pools: ImagePool[] = [];
function pool(options: Partial<PoolOptions> = {}): ImagePool {
  const started = createImagePool({ ...DEFAULTS, ...options });
  pools.push(started);
  return started;
}
afterEach(() => {
  for (const started of pools) started.stop();
  pools = [];
});

let huge: Buffer;
let photo: Buffer;
beforeAll(async () => {
  [huge, photo] = await Promise.all([flatAvif(6000), photoAvif(3000)]);
}, 120_000);

describe("what an upload may cost", () => {
  it("takes the best encoder setting within the limits, a cheaper one for a larger picture, none past them", () => {
    const limits = { maxCost: 5_000, memoryMb: 600 };
    expect(encodingFor("avif", 800, 600, limits)?.options).toEqual({ quality: 80 });
    expect(encodingFor("avif", 2000, 1500, limits)?.options).toEqual({ quality: 80, effort: 2 });
    expect(encodingFor("avif", 3000, 3000, limits)?.options).toEqual({ quality: 80, effort: 0 });
    expect(encodingFor("avif", 6000, 6000, limits)).toBeNull();
    expect(encodingFor("jpg", 3000, 2000, limits)?.options).toEqual({ quality: 92, mozjpeg: true });
    // The largest JPEG, PNG and WebP allowed are taken.
    for (const format of ["jpg", "png", "webp"] as const) expect(encodingFor(format, 6000, 6000, limits), format).not.toBeNull();
    expect(encodingFor("webp", 6000, 6000, { ...limits, memoryMb: 300 })).toBeNull();
  });
});

describe("the image pool", () => {
  it("encodes an upload again without its metadata, in a child that ends when idle", async () => {
    const tagged = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#336699" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Камера Марины", Make: "Телефон" } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const images = pool({ idleMs: 100 });
    const answer = await images.run("marina", { kind: "clean", bytes: tagged, format: "jpg" });
    if ("refused" in answer) throw new Error(`refused: ${answer.refused}`);
    expect([answer.width, answer.height]).toEqual([300, 200]);
    const meta = await sharp(answer.bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(images.children()).toBe(1);
    await vi.waitFor(() => expect(images.children()).toBe(0), { timeout: 5_000 });
  });

  it("answers another person's job second, not after all of one person's", async () => {
    const images = pool();
    const order: string[] = [];
    const bytes = await Promise.all([10, 20, 30, 40, 50, 60].map((r) => smallPng(r)));
    const clean = async (owner: string, image: Buffer, label: string) => {
      expect(await images.run(owner, { kind: "clean", bytes: image, format: "png" })).toMatchObject({ width: 64 });
      order.push(label);
    };
    await Promise.all([...bytes.slice(0, 5).map((image, i) => clean("marina", image, `marina ${i + 1}`)), clean("pavel", bytes[5] as Buffer, "pavel 1")]);
    expect(order).toEqual(["marina 1", "pavel 1", "marina 2", "marina 3", "marina 4", "marina 5"]);
  });

  it("refuses from its header a picture heavier than its child may hold, before decoding it", async () => {
    const images = pool();
    expect(await images.run("marina", { kind: "clean", bytes: huge, format: "avif" })).toEqual({ refused: "cost" });
    // 36 megapixels decoded would take the child past 800 MB; their header, nothing.
    expect(images.peakMb()).toBeLessThan(150);
    expect(await pool({ maxCost: 100 }).run("marina", { kind: "clean", bytes: photo, format: "avif" })).toEqual({ refused: "cost" });
  });

  it("encodes a photograph-like picture of 3000 × 3000 within its memory limit", { timeout: 120_000 }, async () => {
    const images = pool();
    expect(await images.run("marina", { kind: "clean", bytes: photo, format: "avif" })).toMatchObject({ width: 3000, height: 3000 });
    expect(images.peakMb()).toBeGreaterThan(100);
    expect(images.peakMb()).toBeLessThan(DEFAULTS.memoryMb);
  });

  it("stops a job past its time limit, and the next job runs in a fresh child", { timeout: 60_000 }, async () => {
    // A second: the photograph's encoding takes several, while the small picture's few milliseconds of
    // work still finish in the child, which runs below everything else (at load 7, 300 ms were too few).
    const images = pool({ timeoutMs: 1_000 });
    expect(await images.run("marina", { kind: "clean", bytes: photo, format: "avif" })).toEqual({ refused: "slow" });
    expect(await images.run("marina", { kind: "clean", bytes: await smallPng(), format: "png" })).toMatchObject({ width: 64, height: 48 });
  });

  it("stops a child past its memory limit, and answers a job that waited too long for its turn", { timeout: 60_000 }, async () => {
    // The child is read as heavier than allowed as soon as it works.
    const images = pool({ waitMs: 1, residentMb: () => 10_000 });
    const [heavy, waiting] = await Promise.all([images.run("marina", { kind: "clean", bytes: photo, format: "avif" }), images.run("pavel", { kind: "clean", bytes: await smallPng(), format: "png" })]);
    expect(heavy).toEqual({ refused: "memory" });
    expect(waiting).toEqual({ refused: "busy" });
    expect(images.children()).toBe(0);
  });
});
