import { acquireLock, currentRelease, isReleaseId, listReleases, readRecord, type ReleaseRecord, setCurrentRelease } from "./store.ts";
import { PublishRefused } from "./record.ts";

/**
 * Points `current` back at a kept release: its files are served as they were,
 * byte for byte, by every server within seconds. Without an id, the release
 * made before the live one. Only a release rendered by the running code can
 * come back (another code's pages name assets this build does not have).
 */
export async function rollback(root: string, code: string, id?: string): Promise<{ from: string | null; to: ReleaseRecord }> {
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
    if (target.id !== live) setCurrentRelease(root, target.id);
    return { from: live, to: readRecord(root, target.id) };
  } finally {
    unlock();
  }
}
