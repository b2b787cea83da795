import { counted } from "#core/lib/format.ts";
import type { Db, Row } from "./db.ts";
import { inMoscow } from "#core/lib/moscow-time.ts";

/**
 * What a deletion cannot reach, and until when: the answer to a person's request says it (152-FZ
 * asks for the deletion to be confirmed; docs/inbox.md, «What a deletion leaves»). Sentences for
 * the studio, in Russian.
 */
/** Copies of the store are kept this long at most (docs/deploy.md, «Backups»). */
export const BACKUP_DAYS = 30;
const DAY_MS = 86_400_000;

const date = (ms: number) => inMoscow(ms, "date");

export async function whatRemains(db: Db, now: number): Promise<string[]> {
  const backups = `В\u00a0резервных копиях базы данные остаются до\u00a0${date(now + BACKUP_DAYS * DAY_MS)}: копии хранятся не\u00a0дольше ${BACKUP_DAYS}\u00a0дней.`;
  if (db.backend !== "postgres") return [backups];
  const [settings] = await db.query<Row & { seconds: string; archive: string }>(
    "SELECT (SELECT setting FROM pg_settings WHERE name = 'checkpoint_timeout') AS seconds, current_setting('archive_mode') AS archive",
  );
  const minutes = Math.max(1, Math.ceil(Number(settings?.seconds ?? 300) / 60));
  const wal =
    `В\u00a0журнале изменений PostgreSQL (pg_wal) удалённые записи остаются, пока его файлы не\u00a0перезаписаны: ` +
    `после следующей контрольной точки (не\u00a0позже чем через ${counted(minutes, ["минуту", "минуты", "минут"])}) они серверу не\u00a0нужны и\u00a0затираются новыми изменениями.`;
  const archive = settings?.archive === "on" || settings?.archive === "always" ? ["В\u00a0архиве журнала изменений они хранятся столько, сколько хранится архив."] : [];
  return [wal, ...archive, backups];
}
