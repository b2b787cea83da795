import { type Answer, call, type Studio } from "./client.ts";

/**
 * A simulated editor of `bench:studio-load`: the studio's heaviest reads
 * one after another without pause (the articles' list with its reference
 * choices, the overview, what waits for publication, «Медиа» with where
 * each image is used, an article with its history, the tags in use), a
 * draft as the form saves it while typing, and every few seconds the
 * article saved for real (a commit in the content's repository).
 */
export type StudioTally = { done: number; failed: number; times: number[]; failures: string[]; byKind: Map<string, number[]> };

export const newTally = (): StudioTally => ({ done: 0, failed: 0, times: [], failures: [], byKind: new Map() });

/** Counts an answer under `kind`: the request with the editor's own article left out, so a phase's slow requests can be told apart. */
export function count(tally: StudioTally, what: string, answer: Answer, kind = what): Answer {
  const ok = answer.status >= 200 && answer.status < 300;
  tally.done++;
  tally.times.push(answer.ms);
  const times = tally.byKind.get(kind) ?? [];
  times.push(answer.ms);
  tally.byKind.set(kind, times);
  if (!ok) {
    tally.failed++;
    if (tally.failures.length < 5) tally.failures.push(`${what}: ${answer.status}`);
  }
  return answer;
}

const SAVE_EVERY_MS = 4000;
const MARK = "\n\nПравка для проверки нагрузки.";

type Entry = { values: Record<string, unknown>; hash: string };

/** Loops until `until()` says the phase is over; the article `slug` is this editor's own, so saves never conflict. */
export async function runEditor(studio: Studio, cookie: string, slug: string, until: () => boolean, tally: StudioTally): Promise<void> {
  const entryPath = `/content/articles/${slug}`;
  const entryKind = "/content/articles/…";
  // Editors start their saves at different moments, as people would.
  let nextSave = Date.now() + Math.random() * SAVE_EVERY_MS;
  const reads = ["/content", "/content/overview", "/content/articles", "/content/changes", "/media", `${entryPath}/history`, "/content/used-values?type=articles&field=tags"];
  while (!until()) {
    for (const path of reads) {
      if (until()) return;
      count(tally, `GET ${path}`, await call(studio, cookie, "GET", path), `GET ${path.replace(entryPath, entryKind)}`);
    }
    if (until()) return;
    const opened = count(tally, `GET ${entryPath}`, await call(studio, cookie, "GET", entryPath, { parse: true }), `GET ${entryKind}`);
    if (opened.status !== 200) continue;
    const entry = opened.json as Entry;
    const body = String(entry.values.body ?? "");
    const values = { ...entry.values, body: body.endsWith(MARK) ? body.slice(0, -MARK.length) : body + MARK };
    count(tally, `PUT ${entryPath}/draft`, await call(studio, cookie, "PUT", `${entryPath}/draft`, { body: { values, baseHash: entry.hash } }), `PUT ${entryKind}/draft`);
    if (Date.now() < nextSave || until()) continue;
    nextSave = Date.now() + SAVE_EVERY_MS;
    count(tally, `PUT ${entryPath}`, await call(studio, cookie, "PUT", entryPath, { body: { values, baseHash: entry.hash } }), `PUT ${entryKind}`);
  }
}
