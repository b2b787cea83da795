/**
 * `npm run bench:studio-load [-- --articles 5000] [--seconds 15] [--dir <checkout>…]`
 * (issue 54): what the studio's work does to the public site. One visitor
 * asks for the public addresses one after another (a page from the
 * release's files, a list, a search rendered on request, a 404) while the
 * studio is idle, while three and then ten simulated editors loop over its
 * heaviest reads and save every few seconds, and while four 6000² JPEG
 * photographs are uploaded to «Медиа» again and again; during the uploads a
 * sign-in and public files nobody asked for yet are timed too.
 *
 * Each checkout (this one by default; `--dir` repeatable, each with its own
 * build and release) gets a copy of its content (with N synthetic articles
 * if asked, published first: minutes at 5,000), a data folder and accounts
 * of its own, and its production server started as `npm start` does. Only
 * HTTP to the address the server listens on, so a studio in the site's
 * process and one in a process of its own are measured alike; CPU and
 * memory are the server's process and every process under it.
 *
 * Prints Markdown tables for docs/benchmarks.md, with the machine, the date
 * and the load average.
 */
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { PUBLIC_ADDRESSES, type VisitorReport } from "./studio-load/addresses.ts";
import { type Answer, call, publicFile, signIn } from "./studio-load/client.ts";
import { newTally, runEditor, type StudioTally } from "./studio-load/editor.ts";
import { treeCpuSeconds, treeRssMb } from "./studio-load/processes.ts";
import { addEditor, prepareSite, type Site } from "./studio-load/site.ts";
import { type PhaseResult, printReport, type UploadExtras } from "./studio-load/report.ts";
import { makePhotos, SIDE, unaskedFiles, uploadLoop } from "./studio-load/uploads.ts";

const { values } = parseArgs({ options: { articles: { type: "string", default: "0" }, seconds: { type: "string", default: "15" }, dir: { type: "string", multiple: true } } });
const articles = Number(values.articles);
const seconds = Number(values.seconds);
const checkouts = (values.dir ?? ["."]).map((dir) => resolve(dir));
const EDITORS = 10;
const UPLOADS = 4;
const PASSWORD = "Нагрузочная проверка студии 2026";
const SIGN_IN_EVERY_MS = 2500;
const FILE_EVERY_MS = 500;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** `what`, again and again `pause` ms apart from a second into the phase (the uploads under way) until it ends. */
async function repeat(until: () => boolean, pause: number, what: () => Promise<void>): Promise<void> {
  await sleep(1000);
  while (!until()) {
    await what();
    await sleep(pause);
  }
}
const fail = (message: string): never => {
  throw new Error(message);
};
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const results: PhaseResult[] = [];
const extras: UploadExtras[] = [];

async function visitorReport(visitor: ChildProcess): Promise<VisitorReport> {
  const answer = once(visitor, "message");
  visitor.send({ end: true });
  return (await answer)[0] as VisitorReport;
}

/**
 * One phase: the visitor's times from its start to its end, the work
 * started at its start and told to stop at its end, then waited for (a
 * request still running must not fall into the next phase), and a second of
 * quiet.
 */
async function phase(site: Site, visitor: ChildProcess, name: string, work: (until: () => boolean, tally: StudioTally) => Promise<unknown>[]): Promise<PhaseResult> {
  log(`${site.checkout}: ${name}`);
  const pid = site.server.servingPid;
  const tally = newTally();
  const end = Date.now() + seconds * 1000;
  const until = () => Date.now() >= end;
  visitor.send({ start: true });
  const cpuBefore = treeCpuSeconds(pid);
  const loops = work(until, tally);
  await sleep(seconds * 1000);
  const cpuSeconds = treeCpuSeconds(pid) - cpuBefore;
  const rssMb = treeRssMb(pid);
  const load = loadavg()[0] ?? 0;
  const studio = { done: tally.done, failed: tally.failed, times: [...tally.times], failures: tally.failures, byKind: new Map([...tally.byKind].map(([kind, times]) => [kind, [...times]])) };
  const result: PhaseResult = {
    checkout: site.checkout,
    name,
    // After a request the phase started that is still waiting for its answer, if any.
    visitor: await visitorReport(visitor),
    studio,
    cpuSeconds,
    rssMb,
    load,
    drained: { times: [], failed: 0 },
  };
  await Promise.all(loops);
  result.drained = { times: tally.times, failed: tally.failed };
  alive(site, `in the phase "${name}"`);
  await sleep(1000);
  results.push(result);
  return result;
}

/** Throws if the server has exited: its figures would be a dead server's. */
function alive(site: Site, when: string): void {
  const { exitCode, signalCode } = site.server.process;
  if (exitCode !== null || signalCode !== null) throw new Error(`the server exited (${exitCode ?? signalCode}) ${when}`);
}

async function measure(checkout: string, photos: Buffer[]): Promise<void> {
  const site = await prepareSite(checkout, articles);
  const visitor = fork(resolve(import.meta.dirname, "studio-load/visitor.ts"), [site.server.url], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  try {
    log(`${checkout}: accounts`);
    const logins = Array.from({ length: EDITORS }, (_, i) => `load-editor-${i + 1}`);
    for (const login of [...logins, "load-sign-in"]) await addEditor(site, login, PASSWORD);
    const sessions = [];
    for (const login of logins) sessions.push(await signIn(site.studio, login, PASSWORD));
    const cookies = sessions.map((s, i) => s.cookie ?? fail(`sign-in of ${logins[i]} answered ${s.status}`));
    const list = await call(site.studio, cookies[0] as string, "GET", "/content/articles", { parse: true });
    const slugs = (list.json as { entries: Array<{ slug: string }> }).entries.map((entry) => entry.slug).filter((slug) => !slug.startsWith("synthetic-"));
    if (slugs.length < EDITORS) throw new Error(`only ${slugs.length} articles to edit, ${EDITORS} editors`);
    // Warm-up: the studio's first reads parse the content, the server's first pages compile.
    log(`${checkout}: warm-up`);
    const warm = Date.now() + 3000;
    await runEditor(site.studio, cookies[0] as string, slugs[0] as string, () => Date.now() >= warm, newTally());
    await sleep(2000);
    alive(site, "during the warm-up");
    const files = unaskedFiles(site.sandbox.releasesDir, ["/", ...PUBLIC_ADDRESSES]).map((path) => site.studio.url + path);
    const filesAlone: Answer[] = [];
    for (const url of files.splice(0, 6)) filesAlone.push(await publicFile(url));

    await phase(site, visitor, "alone", () => []);
    const editors = (n: number) => (until: () => boolean, tally: StudioTally) =>
      cookies.slice(0, n).map((cookie, i) => runEditor(site.studio, cookie, slugs[i] as string, until, tally));
    await phase(site, visitor, "3 editors", editors(3));
    await phase(site, visitor, `${EDITORS} editors`, editors(EDITORS));

    const signInDuring: Answer[] = [];
    const filesDuring: Answer[] = [];
    await phase(site, visitor, `${UPLOADS} uploads of ${SIDE}² JPEG`, (until, tally) => [
      ...photos.map((bytes, i) => uploadLoop(site.studio, cookies[i] as string, bytes, until, tally)),
      repeat(until, SIGN_IN_EVERY_MS, async () => void signInDuring.push({ ...(await signIn(site.studio, "load-sign-in", PASSWORD)), json: null })),
      repeat(until, FILE_EVERY_MS, async () => void (files.length > 0 && filesDuring.push(await publicFile(files.shift() as string)))),
    ]);
    const uploads = results.at(-1) as PhaseResult;
    extras.push({ checkout: site.checkout, signInAlone: sessions.map((s) => ({ ...s, json: null })), signInDuring, filesAlone, filesDuring, uploads: uploads.drained });
  } catch (error) {
    // The server's own account of it, before its folder goes.
    const lines = readFileSync(join(site.sandbox.dir, "site.log"), "utf8").trimEnd().split("\n");
    console.error(`the server's last log lines:\n${lines.slice(-25).join("\n")}`);
    throw error;
  } finally {
    if (visitor.exitCode === null && visitor.signalCode === null) {
      const exited = once(visitor, "exit");
      visitor.send({ quit: true });
      await exited;
    }
    await site.server.stop();
    rmSync(site.sandbox.dir, { recursive: true, force: true });
  }
}

const startLoad = loadavg()[0] ?? 0;
const startedAt = new Date();
log(`${UPLOADS} photographs of ${SIDE}×${SIDE} (JPEG)`);
const photos = await makePhotos(UPLOADS);
const failed: string[] = [];
for (const checkout of checkouts) {
  // One checkout failing leaves the others' figures to print.
  await measure(checkout, photos).catch((error: unknown) => {
    console.error(error);
    failed.push(checkout);
  });
}

printReport({ startedAt, startLoad, articles, seconds, checkouts, results, extras, signInEveryMs: SIGN_IN_EVERY_MS, fileEveryMs: FILE_EVERY_MS });
if (failed.length > 0) {
  console.error(`failed: ${failed.join(", ")}`);
  process.exitCode = 1;
}
