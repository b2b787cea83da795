import { join } from "node:path";
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { UPLOADS_CACHE } from "../../server/releases/uploads.ts";
import { cacheDir, type ReleaseRecord } from "../../server/releases/store.ts";
import { studioConfig } from "../../server/studio/config.ts";
import { storeUpload } from "../../server/studio/content/uploads.ts";
import { createImagePool } from "../../server/studio/images/pool.ts";
import { createRenditions } from "../../server/studio/images/renditions.ts";
import type { Sandbox } from "../../tests/support/releases.ts";

/**
 * The first publication after N pictures are uploaded in the studio (issue
 * 52): an article that shows them all, published alone. The pictures go
 * through what the studio does with an upload, in this process: the image
 * pool cleans each (storeUpload), then draws its published copies in the
 * background (createRenditions), whose end is awaited before publishing, as
 * a studio left alone for that long would have. Once more as before: the
 * same number of new pictures, their copies left to the release.
 */

/** A photograph-like picture of a web size (blurred noise in a tint of its own): ~0.8 s of a release's encoding on the 2-core machine, the 33 s for 40. */
function photo(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 1920, height: 1280, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .blur(6)
    .tint({ r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

type Run = { seconds: number; record: ReleaseRecord };
export type UploadsBench = {
  sandbox: Sandbox;
  /** The academy article (file name) the pictures are shown in. */
  article: string;
  pictures: number;
  rounds: number;
  /** The ordinary publication's median in the same run (one article's title), seconds. */
  ordinary: number;
  /** Publishes with these arguments: the command's seconds and the release's record. */
  publish: (args: string[]) => Promise<Run>;
};

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const s = (seconds: number) => `${seconds.toFixed(2)} s`;

export async function measureUploads(bench: UploadsBench): Promise<string[]> {
  const { sandbox, pictures } = bench;
  const pool = createImagePool(studioConfig().images);
  const renditions = createRenditions({
    pool,
    contentDir: sandbox.contentDir,
    out: join(cacheDir(sandbox.releasesDir, "images"), UPLOADS_CACHE),
    warn: (message, fields) => console.error(`  ${message} ${JSON.stringify(fields)}`),
  });
  const path = join(sandbox.contentDir, "academy", bench.article);
  const original = readFileSync(path, "utf8");
  let seed = 1;

  /** N new pictures uploaded one after another, shown in the article, which is then published alone. */
  async function round(ahead: boolean, label: string) {
    const bytes = await Promise.all(Array.from({ length: pictures }, () => photo(seed++)));
    const started = performance.now();
    const files: string[] = [];
    for (const [i, picture] of bytes.entries()) {
      const stored = await storeUpload(sandbox.contentDir, picture, { uploadedAt: Date.now(), alt: `Фотография ${i + 1}` }, { pool, owner: "bench" });
      files.push(stored.file);
      // Once the upload is answered, as receiveUpload does.
      if (ahead) renditions.draw(stored.file);
    }
    const uploaded = (performance.now() - started) / 1000;
    await renditions.idle();
    const drawn = (performance.now() - started) / 1000;
    const images = files.map((file, i) => `![Фотография ${i + 1}](/uploads/${file})`).join("\n\n");
    writeFileSync(path, `${original.trimEnd()}\n\n${images}\n`);
    const run = await bench.publish(["--message", `${pictures} фотографий`, `--entry=academy/${bench.article}`]);
    const encoded = run.record.uploads?.encoded ?? Number.NaN;
    const published = run.record.uploads?.published ?? Number.NaN;
    console.error(
      `  ${label}: uploads ${s(uploaded)}, copies drawn by ${s(drawn)}; publication ${s(run.record.seconds)} (command ${s(run.seconds)}), copies encoded by it ${encoded} of ${published}; steps ${JSON.stringify(run.record.steps)}`,
    );
    return { own: run.record.seconds, command: run.seconds, encoded, published, uploaded, drawn, rendered: `${run.record.pages.rendered} of ${run.record.pages.rendered + run.record.pages.reused}`, steps: run.record.steps };
  }

  try {
    const ahead = [];
    for (let i = 1; i <= bench.rounds; i++) ahead.push(await round(true, `${pictures} uploads, copies drawn at upload, round ${i}`));
    const before = await round(false, `${pictures} uploads, copies left to the release (as before)`);
    const own = median(ahead.map((r) => r.own));
    const middle = ahead[ahead.map((r) => r.own).indexOf(own)] ?? before;
    const ratio = (seconds: number) => `${(seconds / bench.ordinary).toFixed(2)} ×`;
    return [
      `| demo site: first publication after ${pictures} uploads (copies drawn at upload) | ${s(own)} (command ${s(median(ahead.map((r) => r.command)))}) | ${middle.rendered} | median of ${bench.rounds}; **${ratio(own)} the one-article publication's ${s(bench.ordinary)}** (median, same run); copies encoded by the release ${middle.encoded} of ${middle.published}; ${pictures} uploads answered in ${s(median(ahead.map((r) => r.uploaded)))}, their copies all drawn by ${s(median(ahead.map((r) => r.drawn)))}; steps of that round: ${JSON.stringify(middle.steps)} |`,
      `| demo site: first publication after ${pictures} uploads, copies drawn by the release (as before) | ${s(before.own)} (command ${s(before.command)}) | ${before.rendered} | one round; ${ratio(before.own)} the one-article publication; copies encoded by the release ${before.encoded} of ${before.published}; steps: ${JSON.stringify(before.steps)} |`,
    ];
  } finally {
    renditions.stop();
    pool.stop();
    writeFileSync(path, original);
  }
}
