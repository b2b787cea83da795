import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { flatAvif, photoAvif, smallPng } from "../../../tests/support/images.ts";
import { createImagePool, type ImagePool, type PoolOptions } from "../images/pool.ts";
import { storeUpload, UPLOAD_MESSAGES, UploadRefused } from "./uploads.ts";

/**
 * What an editor reads at the upload field when the image pool (decision 035)
 * gives up on a picture: too heavy, too slow, or a queue too long. Limits are
 * injected, short, instead of waiting for the real ones.
 */
const DEFAULTS: PoolOptions = { jobs: 1, timeoutMs: 60_000, waitMs: 60_000, maxCost: 5_000, memoryMb: 600 };

let contentDir: string;
let huge: Buffer;
let photo: Buffer;
let pools: ImagePool[] = [];
beforeAll(async () => {
  contentDir = mkdtempSync(join(tmpdir(), "uploads-"));
  [huge, photo] = await Promise.all([flatAvif(6000), photoAvif(3000)]);
}, 120_000);
afterAll(() => rmSync(contentDir, { recursive: true, force: true }));
afterEach(() => {
  for (const pool of pools) pool.stop();
  pools = [];
});

function work(owner: string, options: Partial<PoolOptions> = {}) {
  const pool = createImagePool({ ...DEFAULTS, ...options });
  pools.push(pool);
  return { pool, owner };
}

const about = { uploadedAt: Date.UTC(2026, 10, 29) };

/** The refusal a store ends with: its message and status. */
async function refusal(stored: Promise<unknown>): Promise<{ message: string; status: number }> {
  const error = await stored.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof UploadRefused)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { message: error.message, status: error.status };
}

describe("uploads refused by the image pool", () => {
  it("refuses the issue's 6000 × 6000 AVIF as too heavy, in Russian, from its header alone", async () => {
    expect(await refusal(storeUpload(contentDir, huge, about, work("marina")))).toEqual({ message: UPLOAD_MESSAGES.costly, status: 422 });
  });

  it("refuses an upload past the time limit in Russian, tells the next in line to come back, and stores the one after", { timeout: 60_000 }, async () => {
    const marina = work("marina", { timeoutMs: 300, waitMs: 1 });
    const [slow, waiting] = await Promise.all([refusal(storeUpload(contentDir, photo, about, marina)), refusal(storeUpload(contentDir, await smallPng(), about, { ...marina, owner: "pavel" }))]);
    expect(slow).toEqual({ message: UPLOAD_MESSAGES.slow, status: 422 });
    expect(waiting).toEqual({ message: UPLOAD_MESSAGES.busy, status: 503 });
    const stored = await storeUpload(contentDir, await smallPng(), about, marina);
    expect(stored).toMatchObject({ width: 64, height: 48, stored: "new" });
    expect(existsSync(join(contentDir, "uploads", stored.file))).toBe(true);
  });
});
