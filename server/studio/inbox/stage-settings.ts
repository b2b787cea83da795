import type { FormKind } from "#core/forms/kinds.ts";
import type { LossReasons, StageInput, Stages } from "#core/studio/inbox.ts";
import type { Db, Row } from "../../leads/db.ts";
import type { AuditLog } from "../audit.ts";
import { readLossReasons, readStages, writeLossReasons, writeStages } from "./pipeline.ts";
import type { By } from "./stage-moves.ts";

/** Each kind's stages and reasons for a loss, as the settings screen reads and replaces them. */
export function inboxStageSettings(db: Db, audit: AuditLog) {
  return {
    /** Each kind's stages. */
    stages: (): Promise<Stages> => readStages(db),

    /** Each kind's reasons for a loss. */
    lossReasons: (): Promise<LossReasons> => readLossReasons(db),

    /**
     * A kind's stages replaced (renamed, added, reordered). A stage left out that submissions
     * are in is refused: "in-use" with its key, so nobody's submission loses its stage.
     */
    async saveStages(kind: FormKind, stages: readonly StageInput[], by: By, now = Date.now(), reasons?: readonly string[]): Promise<{ saved: true } | { saved: false; inUse: string }> {
      return db.transaction(async (tx) => {
        const keep = new Set(stages.map((stage) => stage.key));
        const used = await tx.query<Row & { status: string }>("SELECT DISTINCT status FROM submissions WHERE form = $1", [kind]);
        const lost = used.find((row) => !keep.has(row.status));
        if (lost) return { saved: false as const, inUse: lost.status };
        await writeStages(tx, kind, stages);
        if (reasons) await writeLossReasons(tx, kind, reasons);
        const details = { kind, stages: stages.map((stage) => `${stage.key}:${stage.outcome}`), ...(reasons ? { reasons } : {}) };
        await audit.write({ action: "inbox.stages", actor: by.actor, details, ip: by.ip, at: now }, tx);
        return { saved: true as const };
      });
    },
  };
}
