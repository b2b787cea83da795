import type { Db, Row } from "../../leads/db.ts";
import type { PersonalDataDeletion, PersonalDataReport, RetentionInfo } from "#core/studio/inbox.ts";
import type { PersonalDataCopy } from "#core/studio/personal-data.ts";
import type { AuditLog } from "../audit.ts";
import { copyHeld } from "../personal-data/copy.ts";
import { eraseHeld } from "../personal-data/erase.ts";
import { findHeld } from "../personal-data/find.ts";
import { ALL_FOUND, type Chosen, type Subject } from "../personal-data/scope.ts";
import type { By } from "./store.ts";

/**
 * Requests of a person under 152-FZ: what is held about an e-mail or a phone across the kinds
 * of submission the caller sees, a copy of it, and its deletion everywhere, each in a module of
 * its own (server/studio/personal-data/: the scope every statement is narrowed by, finding,
 * copying, erasing); and the retention job's last run and next deletion.
 */
const DAY_MS = 86_400_000;

export function createPersonalData(db: Db, audit: AuditLog) {
  return {
    find: (subject: Subject, chosen: Chosen = ALL_FOUND): Promise<PersonalDataReport> => findHeld(db, subject, chosen),

    /** Everything held, as one JSON document for the person (CV files included, in Base64). */
    copy: (subject: Subject, now = Date.now(), chosen: Chosen = ALL_FOUND, agency = "Ориентир"): Promise<PersonalDataCopy> => copyHeld(db, subject, chosen, { now, agency }),

    /** Deletes everything held (as chosen) with its audit entry, then wipes its bytes (erase.ts). */
    erase: (subject: Subject, by: By, now = Date.now(), chosen: Chosen = ALL_FOUND): Promise<PersonalDataDeletion> => eraseHeld(db, audit, subject, by, now, chosen),

    /** The retention job's last run and when it next deletes something (the oldest submission it deletes, plus the days kept). */
    async retention(days: number, now = Date.now()): Promise<RetentionInfo> {
      const [last] = await db.query<Row & { at: number; submissions: number; subscriptions: number }>(
        "SELECT at, submissions, subscriptions FROM retention_runs ORDER BY at DESC, id DESC LIMIT 1",
      );
      // What `npm run retention` spares: the request of an active subscription (the record of its consent).
      const [oldest] = await db.query<Row & { at: number | null }>(
        "SELECT MIN(created_at) AS at FROM submissions WHERE id NOT IN (SELECT submission_id FROM subscriptions WHERE status = 'active')",
      );
      return {
        days,
        lastRun: last ? { at: Number(last.at), submissions: Number(last.submissions), subscriptions: Number(last.subscriptions) } : null,
        nextDeletion: oldest?.at === null || oldest?.at === undefined ? null : Number(oldest.at) + days * DAY_MS,
        now,
      };
    },
  };
}

export type PersonalData = ReturnType<typeof createPersonalData>;
