import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Author, commitPublished, hasCommit, headCommit, publishedHead } from "./history.ts";
import { differencesFrom, ensurePublished, matchesRelease, materialize, publishedDir, writePublishedState } from "./published.ts";
import { acquireLock, currentRelease, isReleaseId, listReleases, readRecord, type ReleaseRecord, setCurrentRelease } from "./store.ts";
import { PublishRefused } from "./record.ts";

/** A rollback as the history lists it (`rollbacks.json` in the releases folder). */
export type RollbackRecord = { at: string; from: string | null; to: string; author: string; message: string; commit: string | null };

const LOG = "rollbacks.json";
/** Rollbacks kept for the history: as many as releases are, and then some. */
const KEEP = 100;

export function listRollbacks(root: string): RollbackRecord[] {
  const file = join(root, LOG);
  if (!existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, "utf8")) as RollbackRecord[];
  } catch {
    return [];
  }
}

function record(root: string, entry: RollbackRecord): void {
  const list = [...listRollbacks(root), entry].slice(-KEEP);
  const temporary = join(root, `.${LOG}.${process.pid}`);
  writeFileSync(temporary, JSON.stringify(list, null, 1));
  renameSync(temporary, join(root, LOG));
}

/**
 * Points `current` back at a kept release: its files are served as they were,
 * byte for byte, by every server within seconds. Without an id, the release
 * made before the live one. Only a release rendered by the running code can
 * come back (another code's pages name assets this build does not have).
 *
 * Only what is on the site moves (decision 030): the published content
 * becomes the release's again, committed on the site's line in the content
 * repository, so the next publication starts from it; saved work in the
 * content folder stays as it is, unpublished.
 */
export async function rollback(
  root: string,
  code: string,
  id: string | undefined,
  by: { contentDir: string; author: Author; now?: Date },
): Promise<{ from: string | null; to: ReleaseRecord }> {
  const unlock = await acquireLock(root, 120_000);
  if (!unlock) throw new PublishRefused("Идёт публикация: откатить можно, когда она закончится.");
  try {
    const live = currentRelease(root);
    const kept = listReleases(root);
    let target: ReleaseRecord | undefined;
    if (id !== undefined) {
      if (!isReleaseId(id)) throw new PublishRefused(`«${id}» не похоже на номер публикации.`);
      target = kept.find((r) => r.id === id);
      if (!target) throw new PublishRefused(`Публикации ${id} нет среди сохранённых (npm run publish -- --list).`);
    } else {
      const older = kept.filter((r) => live !== null && r.id < live);
      target = older.at(-1);
      if (!target) throw new PublishRefused("Откатывать некуда: более ранних публикаций не сохранилось.");
    }
    if (target.code !== code) throw new PublishRefused(`Публикация ${target.id} сделана другой версией кода; опубликуйте содержимое заново.`);
    if (target.id === live) return { from: live, to: readRecord(root, target.id) };
    // The published folder as it is now, first (a site published before this folder existed).
    await ensurePublished(root, by.contentDir, live);
    const message = `Откат к публикации ${target.id} «${target.message}»`;
    const dir = publishedDir(root);
    // The release's own commit; else (a release copied from another repository) the last saved
    // commit, if it holds exactly what the release was made from.
    const recorded = target.commit !== null && (await hasCommit(by.contentDir, target.commit)) ? target.commit : null;
    const head = recorded ? null : await headCommit(by.contentDir);
    if (recorded) await materialize(dir, by.contentDir, recorded);
    else if (head) await materialize(dir, by.contentDir, head);
    const known = recorded !== null || (head !== null && matchesRelease(root, target.id));
    setCurrentRelease(root, target.id);
    let commit: string | null = null;
    if (recorded) commit = await commitPublished(by.contentDir, { base: null, tree: recorded, author: by.author, message, action: "rollback" });
    else if (known) {
      const base = (await publishedHead(by.contentDir)) ?? head;
      commit = await commitPublished(by.contentDir, { base, changes: await differencesFrom(dir, by.contentDir, base), author: by.author, message, action: "rollback" });
    }
    // Without the release's commit the folder is made again from what is known at the next publication.
    writePublishedState(root, known ? { release: target.id, commit } : { release: null, commit: null });
    record(root, { at: (by.now ?? new Date()).toISOString(), from: live, to: target.id, author: `${by.author.name} <${by.author.email}>`, message, commit });
    return { from: live, to: readRecord(root, target.id) };
  } finally {
    unlock();
  }
}
