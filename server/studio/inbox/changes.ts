import type { FormKind } from "#core/forms/kinds.ts";
import type { BulkResult, Status } from "#core/studio/inbox.ts";
import type { Db } from "../../leads/db.ts";
import type { AuditLog } from "../audit.ts";
import { createAssign } from "./assign.ts";
import { readLossReasons, readOwners, readStages, rowNumber } from "./pipeline.ts";
import { type By, bulkLoss, createStageMoves, type LossInput, lossFor, stageOf } from "./stage-moves.ts";
import { visible } from "./visible.ts";

/** The team's work on submissions: a stage, an owner, or both for several at once. */
export function inboxChanges(db: Db, audit: AuditLog, notify?: () => void) {
  const moveStage = createStageMoves(audit);
  const assign = createAssign(audit, notify);

  return {
    /**
     * A new stage, kept in the submission's history with who set it. Null when not visible;
     * "unknown" when its kind has no such stage; unchanged when the same.
     */
    async setStatus(id: string, kinds: readonly FormKind[], status: Status, by: By, now = Date.now(), input: LossInput = {}): Promise<Status | "unknown" | "reason" | null> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, id, kinds);
        if (!row) return null;
        const stage = stageOf(await readStages(tx), row.form, status);
        if (!stage) return "unknown";
        const loss = lossFor(stage, (await readLossReasons(tx))[row.form as FormKind], input);
        if (loss === "reason") return "reason";
        await moveStage(tx, row, status, loss, by, now);
        return status;
      });
    },

    /** A new owner (null: nobody). Null when not visible; "ineligible" when that user may not work on its kind. */
    async setOwner(id: string, kinds: readonly FormKind[], owner: number | null, by: By, now = Date.now()): Promise<"set" | "ineligible" | null> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, id, kinds);
        if (!row) return null;
        if (owner !== null && !(await readOwners(tx)).some((o) => o.id === owner && o.kinds.includes(row.form as FormKind))) return "ineligible";
        await assign(tx, row, owner, by, now);
        return "set";
      });
    },

    /**
     * Several submissions to one stage and/or one owner, in one transaction. Those of a kind
     * without that stage (or that owner) are left as they were and named in `skipped`.
     */
    async bulk(ids: readonly string[], kinds: readonly FormKind[], change: { stage?: Status; owner?: number | null } & LossInput, by: By, now = Date.now()): Promise<BulkResult> {
      return db.transaction(async (tx) => {
        const stages = await readStages(tx);
        const reasons = await readLossReasons(tx);
        const owners = change.owner === undefined ? [] : await readOwners(tx);
        let changed = 0;
        const skipped: string[] = [];
        for (const id of ids) {
          const row = await visible(tx, id, kinds);
          if (!row) continue;
          const kind = row.form as FormKind;
          // A kind without the stage, or whose reasons for a loss do not include the one given, is left.
          const loss = change.stage === undefined ? null : bulkLoss(stages, reasons, kind, change.stage, change);
          const ownerFits = change.owner === undefined || change.owner === null || owners.some((o) => o.id === change.owner && o.kinds.includes(kind));
          if (loss === "unknown" || loss === "reason" || !ownerFits) {
            skipped.push(rowNumber(row));
            continue;
          }
          if (change.stage !== undefined) await moveStage(tx, row, change.stage, loss, by, now);
          if (change.owner !== undefined) await assign(tx, row, change.owner, by, now);
          changed++;
        }
        await audit.write({ action: "inbox.bulk", actor: by.actor, details: { ids, stage: change.stage, owner: change.owner, ...(change.reason ? { reason: change.reason } : {}), changed, skipped: skipped.length }, ip: by.ip, at: now }, tx);
        return { changed, skipped };
      });
    },
  };
}
