import type { FormKind } from "#core/forms/kinds.ts";
import type { Loss, LossReasons, Stage, Stages, Status } from "#core/studio/inbox.ts";
import type { Db, Row } from "../../leads/db.ts";
import type { AuditLog } from "../audit.ts";

/**
 * A submission moved to another stage: the row, its history line (with the reason of a loss)
 * and the audit entry, in the caller's transaction. A lost stage takes a reason from its kind's
 * list and, if wanted, a note; the note is the team's words about a person, so the journal says
 * only that there is one (as with comments).
 */
export type Actor = { id: number; login: string };
export type By = { actor: Actor; ip: string };
export type MovableRow = Row & { id: string; form: string; number: number | null; status: string };

/** What a caller asks a lost stage to carry: a reason's label and a note, both as typed. */
export type LossInput = { reason?: string; note?: string };

/** The loss a move to `stage` carries; "reason" when it needs a reason from the list and has none. */
export function lossFor(stage: Stage, reasons: readonly string[], input: LossInput): Loss | null | "reason" {
  if (stage.outcome !== "lost") return null;
  const reason = (input.reason ?? "").trim();
  if (!reasons.includes(reason)) return "reason";
  const note = (input.note ?? "").trim();
  return { reason, note: note === "" ? null : note };
}

/** The stage of a kind by key, or undefined. */
export const stageOf = (stages: Stages, kind: string, key: string) => stages[kind as FormKind]?.find((stage) => stage.key === key);

export function createStageMoves(audit: AuditLog) {
  return async function moveStage(tx: Db, row: MovableRow, status: Status, loss: Loss | null, by: By, now: number): Promise<void> {
    if (row.status === status) return;
    await tx.query("UPDATE submissions SET status = $2, touched_at = $3, loss_reason = $4, loss_note = $5 WHERE id = $1", [row.id, status, now, loss?.reason ?? null, loss?.note ?? null]);
    await tx.query(
      "INSERT INTO submission_status_history (submission_id, at, actor_id, actor_login, from_status, to_status, reason, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
      [row.id, now, by.actor.id, by.actor.login, row.status, status, loss?.reason ?? null, loss?.note ?? null],
    );
    const details = { kind: row.form, number: row.number === null ? null : Number(row.number), from: row.status, to: status, ...(loss ? { reason: loss.reason, note: loss.note !== null } : {}) };
    await audit.write({ action: "inbox.status", actor: by.actor, target: row.id, details, ip: by.ip, at: now }, tx);
    row.status = status;
  };
}

/** A loss for each kind of a bulk change: the same reason must be in the kind's list. */
export function bulkLoss(stages: Stages, reasons: LossReasons, kind: FormKind, key: string, input: LossInput): Loss | null | "reason" | "unknown" {
  const stage = stageOf(stages, kind, key);
  if (!stage) return "unknown";
  return lossFor(stage, reasons[kind], input);
}
