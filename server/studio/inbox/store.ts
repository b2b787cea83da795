import type { Db } from "../../leads/db.ts";
import type { AuditLog } from "../audit.ts";
import { inboxChanges } from "./changes.ts";
import { inboxComments } from "./comments.ts";
import { inboxDeliveryRetry } from "./delivery-retry.ts";
import { inboxDetail } from "./detail.ts";
import { inboxList } from "./list.ts";
import { inboxLookups } from "./lookups.ts";
import { inboxStageSettings } from "./stage-settings.ts";

/**
 * The inbox's reads and writes over the leads' store, the same SQL on both
 * backends. Every method takes the kinds the caller may see and never
 * returns or changes a submission of another kind: for the caller it does
 * not exist. Changes are written with their audit entry in one transaction.
 * Each concern is a module of its own over the same store: the list (list.ts), one
 * submission (detail.ts), stages and owners (changes.ts), comments (comments.ts), the
 * pipeline's settings (stage-settings.ts), a delivery's retry (delivery-retry.ts), and what
 * other screens look up (lookups.ts).
 */
export type { Actor, By } from "./stage-moves.ts";
export { requestTerms, summaryOf } from "./summary.ts";

/** `notify`: assignment letters are delivered (mail is configured); called after one is queued, to wake the outbox. */
export function createInboxStore(db: Db, audit: AuditLog, notify?: () => void) {
  return {
    /** The store underneath (the overview reads it: overview.ts). */
    db,
    ...inboxList(db),
    ...inboxDetail(db),
    ...inboxChanges(db, audit, notify),
    ...inboxComments(db, audit),
    ...inboxStageSettings(db, audit),
    ...inboxDeliveryRetry(db, audit),
    ...inboxLookups(db),
  };
}

export type InboxStore = ReturnType<typeof createInboxStore>;
