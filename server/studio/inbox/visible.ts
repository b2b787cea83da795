import type { FormKind } from "#core/forms/kinds.ts";
import type { Status } from "#core/studio/inbox.ts";
import type { Db, Row } from "../../leads/db.ts";
import type { CampaignColumns } from "../../leads/submission-store.ts";

/**
 * A submission as the inbox's methods find it: only among the kinds the caller may see, so one
 * of another kind does not exist for them (null, as for an id nobody stored).
 */
export type SubmissionRow = Row &
  CampaignColumns & {
  id: string;
  number: number | null;
  form: string;
  created_at: number;
  status: string;
  owner_id: number | null;
  data: string;
  page: string;
  utm: string;
  referrer: string | null;
  landing: string | null;
  ip: string;
  consent: string;
  loss_reason: string | null;
  loss_note: string | null;
};

export const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** What the list's row and a submission's page both start with, read the same way from either row. */
export function headOf(row: Pick<SubmissionRow, "id" | "number" | "form" | "created_at" | "status" | "owner_id">) {
  return {
    id: row.id,
    number: num(row.number),
    kind: row.form as FormKind,
    createdAt: Number(row.created_at),
    status: row.status as Status,
    ownerId: num(row.owner_id),
  };
}

/** The kinds as SQL's `IN` list for a statement whose own parameters come first. */
export function kindsIn(kinds: readonly FormKind[], first: number): string {
  return kinds.length === 0 ? "(NULL)" : `(${kinds.map((_, i) => `$${first + i}`).join(", ")})`;
}

export async function visible(tx: Db, id: string, kinds: readonly FormKind[]): Promise<SubmissionRow | null> {
  const [row] = await tx.query<SubmissionRow>(`SELECT * FROM submissions WHERE id = $1 AND form IN ${kindsIn(kinds, 2)}`, [id, ...kinds]);
  return row ?? null;
}
