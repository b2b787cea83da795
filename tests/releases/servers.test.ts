import type { ChildProcess } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, get as httpGet } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { liveRelease, makeSandbox, runPublish, type Sandbox } from "../support/releases.ts";
import { startOnFreePort, stopServer } from "../support/server.ts";

const servers: ChildProcess[] = [];
async function serve(env: Record<string, string>): Promise<string> {
  const { child, port } = await startOnFreePort(env);
  servers.push(child);
  return `http://127.0.0.1:${port}`;
}
afterAll(async () => {
  await Promise.all(servers.map(stopServer));
});

/** A response's bytes as sent (fetch would decompress them). */
function bytesOf(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

const releaseOf = async (url: string) => (await fetch(`${url}/`)).headers.get("x-release-id");

function retitle(sandbox: Sandbox, slug: string, title: string) {
  const file = join(sandbox.contentDir, "academy", `${slug}.md`);
  writeFileSync(file, readFileSync(file, "utf8").replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`));
}

describe("one code build, any origin", () => {
  // Its server makes a whole release at start, images drawn anew (no cache): about 35 s alone, over a
  // minute beside test:full's sweeps of every page.
  it("renders canonical links, og:url, the sitemap, robots.txt and the feed with the origin it runs with", { timeout: 180_000 }, async () => {
    const origin = "https://staging.orientir.example";
    const sandbox = makeSandbox({ seedReleases: false });
    const url = await serve({ ...sandbox.env, SITE_ORIGIN: origin });
    const home = await (await fetch(`${url}/services/`)).text();
    expect(home).toContain(`<link rel="canonical" href="${origin}/services/"/>`);
    expect(home).toContain(`<meta property="og:url" content="${origin}/services/"/>`);
    expect(home).not.toContain("localhost:3000");
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${origin}/academy/</loc>`);
    expect(sitemap).not.toContain("localhost");
    expect(await (await fetch(`${url}/robots.txt`)).text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const feed = await (await fetch(`${url}/academy/rss.xml`)).text();
    expect(feed).toContain(`${origin}/academy/`);
    expect(feed).not.toContain("localhost");
  });
});

describe("several servers sharing the releases folder", () => {
  it("all serve a new release within a second of the publication, without a restart", async () => {
    const sandbox = makeSandbox();
    const [a, b] = [await serve(sandbox.env), await serve(sandbox.env)] as [string, string];
    const before = liveRelease(sandbox.releasesDir);
    expect(await releaseOf(a)).toBe(before);
    expect(await releaseOf(b)).toBe(before);
    const article = content().articles[1] as { slug: string };
    retitle(sandbox, article.slug, "Заголовок, который увидят оба сервера");
    const run = await runPublish(sandbox);
    expect(run.code, run.output).toBe(0);
    const after = liveRelease(sandbox.releasesDir);
    // Counted from the command's end, a little after the release became current: each server's switch, asked every 20 ms.
    const published = performance.now();
    const switched = await Promise.all(
      [a, b].map(async (url) => {
        await expect.poll(() => releaseOf(url), { timeout: 10_000, interval: 20 }).toBe(after);
        return performance.now() - published;
      }),
    );
    console.log(`both servers switched in ${switched.map((ms) => `${Math.round(ms)} ms`).join(" and ")}`);
    for (const ms of switched) expect(ms).toBeLessThan(1_000);
    for (const url of [a, b]) expect(await (await fetch(`${url}/academy/${article.slug}/`)).text()).toContain("Заголовок, который увидят оба сервера");
  });
});

describe("a release's files, read from its folder", () => {
  it("answer with the release's bytes in every encoding, and a file gone from the disk answers 503, not a crash", async () => {
    const sandbox = makeSandbox();
    // No memory cache: every answer below is read from the disk.
    const url = await serve({ ...sandbox.env, FILE_CACHE_MB: "0" });
    const page = join(sandbox.releasesDir, liveRelease(sandbox.releasesDir) as string, "files", "services", "index.html");
    const bytes = readFileSync(page);
    for (const [encoding, decode] of [["br", brotliDecompressSync], ["gzip", gunzipSync], ["identity", (b: Buffer) => b]] as const) {
      const res = await bytesOf(`${url}/services/`, { "accept-encoding": encoding });
      expect(res.status).toBe(200);
      expect(res.headers["content-length"]).toBe(String(res.body.length));
      expect(decode(res.body).equals(bytes), encoding).toBe(true);
    }
    const head = await fetch(`${url}/services/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
    const again = await fetch(`${url}/services/`, { headers: { "if-none-match": head.headers.get("etag") as string } });
    expect(again.status).toBe(304);

    for (const variant of ["", ".br", ".gz"]) rmSync(page + variant);
    const gone = await fetch(`${url}/services/`);
    expect(gone.status).toBe(503);
    expect(gone.headers.get("retry-after")).toBe("1");
    expect(gone.headers.get("content-security-policy")).toBeTruthy();
    expect(await gone.text()).toContain("Повторите запрос");
    expect((await fetch(`${url}/projects/`)).status).toBe(200);
  });
});
