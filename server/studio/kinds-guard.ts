import { FORM_KINDS, type FormKind } from "#core/forms/kinds.ts";
import type { Db, Row } from "../leads/db.ts";
import { HttpError, MESSAGES } from "./http.ts";

/**
 * A request that names a submission of a kind the caller's role does not see (an HR account and a
 * project request or a subscription, a sales account and an application) is refused outright, 403,
 * whatever it asks to do with it: the roles table says which kinds a role sees (core/studio/inbox.ts
 * `kindsFor`). Ids that name nothing pass: the route answers those itself (404).
 */
export async function refuseOtherKinds(db: Db, ids: readonly string[], kinds: readonly FormKind[]): Promise<void> {
  if (ids.length === 0 || FORM_KINDS.every((kind) => kinds.includes(kind))) return;
  const seen = kinds.length === 0 ? "" : ` AND form NOT IN (${kinds.map((_, i) => `$${ids.length + i + 1}`).join(", ")})`;
  const [other] = await db.query<Row & { x: number }>(`SELECT 1 AS x FROM submissions WHERE id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")})${seen} LIMIT 1`, [...ids, ...kinds]);
  if (other) throw new HttpError(403, MESSAGES.forbidden);
}
