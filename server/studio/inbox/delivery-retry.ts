import type { FormKind } from "#core/forms/kinds.ts";
import type { Db } from "../../leads/db.ts";
import { createOutboxStore } from "../../leads/outbox-store.ts";
import type { AuditLog } from "../audit.ts";
import type { By } from "./stage-moves.ts";
import { num, visible } from "./visible.ts";

export function inboxDeliveryRetry(db: Db, audit: AuditLog) {
  const outbox = createOutboxStore(db);
  return {
    /**
     * Puts a dead-lettered delivery of a visible submission back in the queue with a fresh
     * schedule (the outbox's own retry, as `npm run outbox -- retry` does); the server's worker
     * takes it within a second. "missing" when there is no such dead delivery.
     */
    async retryDelivery(id: string, deliveryId: number, kinds: readonly FormKind[], by: By, now = Date.now()): Promise<"queued" | "missing"> {
      const row = await visible(db, id, kinds);
      const item = row ? await outbox.item(deliveryId) : null;
      if (!row || !item || item.submissionId !== id || item.status !== "dead") return "missing";
      return db.transaction(async (tx) => {
        if (!(await outbox.retry(deliveryId, now, tx))) return "missing";
        await audit.write({ action: "inbox.retry", actor: by.actor, target: id, details: { kind: row.form, number: num(row.number), delivery: deliveryId, channel: item.channel }, ip: by.ip, at: now }, tx);
        return "queued";
      });
    },
  };
}
