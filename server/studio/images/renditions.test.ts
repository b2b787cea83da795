import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readUploads } from "#core/content/uploads.server.ts";
import { encodeUploads, renditionsOf } from "../../releases/uploads.ts";
import { storeUpload } from "../content/uploads.ts";
import { BACKGROUND, createImagePool, type ImagePool, type PoolOptions } from "./pool.ts";
import { createRenditions } from "./renditions.ts";

/**
 * An upload's published copies drawn in the image pool once it is stored
 * (issue 52): the release that shows it finds every one in the cache and
 * encodes nothing, but the Open Graph picture of a focal point moved since;
 * a person's upload goes before the copies still waiting, and a copy runs at
 * most half of a person's wait; one the pool gives up on is said once,
 * without the uploader.
 */
const DEFAULTS: PoolOptions = { jobs: 1, timeoutMs: 60_000, waitMs: 60_000, maxCost: 5_000, memoryMb: 600 };

let dir: string;
let pools: ImagePool[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "renditions-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  for (const pool of pools) pool.stop();
  pools = [];
});

function pool(options: Partial<PoolOptions> = {}): ImagePool {
  const started = createImagePool({ ...DEFAULTS, ...options });
  pools.push(started);
  return started;
}

/** A small photograph-like picture, different for each `seed`. */
const picture = (width: number, height: number, seed: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: seed % 256, g: 90, b: 160 }, noise: { type: "gaussian", mean: 120, sigma: 30 } } })
    .jpeg()
    .toBuffer();

describe("an upload's copies drawn ahead of its release", () => {
  it("draws every copy a release publishes, so the release encodes none; a moved focal point costs one picture", { timeout: 30_000 }, async () => {
    const contentDir = join(dir, "content");
    const images = join(dir, "releases", ".cache", "images");
    const work = { pool: pool(), owner: "7" };
    const stored = await storeUpload(contentDir, await picture(1000, 600, 1), { uploadedAt: 0 }, work);
    const warnings: unknown[] = [];
    const renditions = createRenditions({ pool: work.pool, contentDir, out: join(images, "uploads"), warn: (...said) => warnings.push(said) });
    renditions.draw(stored.file);
    await renditions.idle();
    const hash = stored.file.slice(0, 24);
    const described = readUploads(contentDir);
    const expected = renditionsOf(hash, described[hash] as NonNullable<(typeof described)[string]>).map((copy) => copy.file);
    // 480, 960 and 1000 wide in both formats, and the Open Graph picture at the middle.
    expect(expected).toHaveLength(7);
    expect(readdirSync(join(images, "uploads")).sort()).toEqual([...expected].sort());
    expect((await sharp(join(images, "uploads", `${hash}-og-50-50.jpg`)).metadata()).width).toBe(1200);
    expect(warnings).toEqual([]);

    const release = await encodeUploads(contentDir, images, [hash], described);
    expect(release.encoded).toBe(0);
    expect(release.files.size).toBe(7);

    // The focal point moved in «Медиа» after the upload: the release draws that one picture again.
    const sidecar = join(contentDir, "uploads", `${hash}.json`);
    writeFileSync(sidecar, JSON.stringify({ ...JSON.parse(readFileSync(sidecar, "utf8")), focal: { x: 0.2, y: 0.7 } }));
    const moved = await encodeUploads(contentDir, images, [hash], readUploads(contentDir));
    expect(moved.encoded).toBe(1);
    expect(existsSync(join(images, "uploads", `${hash}-og-20-70.jpg`))).toBe(true);
  });

  it("gives a person's upload the next turn before copies still waiting", { timeout: 30_000 }, async () => {
    const images = pool();
    const contentDir = join(dir, "turns");
    const first = await storeUpload(contentDir, await picture(900, 600, 2), { uploadedAt: 0 }, { pool: images, owner: "7" });
    const source = join(contentDir, "uploads", first.file);
    const order: string[] = [];
    const copies = renditionsOf(first.file.slice(0, 24), { width: 900, height: 600, alt: "", focal: { x: 0.5, y: 0.5 }, format: "jpg" });
    const out = join(dir, "turns-cache");
    const background = copies.map((rendition) =>
      images.run(BACKGROUND, { kind: "rendition", source, rendition, out }).then(() => order.push(rendition.file)),
    );
    const person = images.run("8", { kind: "clean", bytes: await picture(200, 100, 3), format: "jpg" }).then(() => order.push("upload"));
    await Promise.all([...background, person]);
    // The first copy had the free child; the upload came next, before the six copies that waited.
    expect(order.indexOf("upload")).toBe(1);
  });

  it("stops a copy past half a person's wait, says so without the uploader, and leaves the rest of that picture to its release", { timeout: 30_000 }, async () => {
    const contentDir = join(dir, "slow");
    const stored = await storeUpload(contentDir, await picture(1600, 1000, 4), { uploadedAt: 0 }, { pool: pool(), owner: "7" });
    const warnings: Array<[string, Record<string, unknown>]> = [];
    const out = join(dir, "slow-cache");
    // A person would wait 20 ms here: a copy may take 10.
    const renditions = createRenditions({ pool: pool({ waitMs: 20 }), contentDir, out, warn: (message, fields) => warnings.push([message, fields]) });
    renditions.draw(stored.file);
    await renditions.idle();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[1]).toEqual({ upload: stored.file.slice(0, 24), copy: `${stored.file.slice(0, 24)}-og-50-50.jpg`, reason: "slow" });
    expect(readdirSync(out)).toEqual([]);
  });
});
