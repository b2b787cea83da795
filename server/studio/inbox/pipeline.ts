import { FORM_KINDS, type FormKind, numberLabel } from "#core/forms/kinds.ts";
import { DEFAULT_LOSS_REASONS, DEFAULT_STAGES, isOutcome, KINDS, type LossReasons, type Owner, type Stage, type StageInput, type Stages } from "#core/studio/inbox.ts";
import { isRole, permissionsOf } from "#core/studio/roles.ts";
import type { Db, Row, SqlValue } from "../../leads/db.ts";

/**
 * The inbox as a pipeline: each kind's stages (admins edit them), who may own
 * a submission, and the SQL pieces the list's orders and the overview are made
 * of. Shared by the inbox's store (store.ts) and its overview (overview.ts).
 */
type StageRow = Row & { form: string; key: string; label: string; position: number; outcome: string };

/** Each kind's stages in order (a kind without rows yet has its defaults: a store never left without stages). */
export async function readStages(db: Db): Promise<Stages> {
  const rows = await db.query<StageRow>("SELECT form, key, label, position, outcome FROM inbox_stages ORDER BY form, position");
  const stages = Object.fromEntries(FORM_KINDS.map((kind) => [kind, [] as Stage[]])) as Stages;
  for (const row of rows) {
    if (!(FORM_KINDS as readonly string[]).includes(row.form)) continue;
    const outcome = isOutcome(row.outcome) ? row.outcome : "open";
    stages[row.form as FormKind].push({ key: row.key, label: row.label, position: Number(row.position), outcome, closed: outcome !== "open" });
  }
  for (const kind of FORM_KINDS) {
    if (stages[kind].length === 0) stages[kind] = DEFAULT_STAGES[kind].map((stage, position) => ({ ...stage, position, closed: stage.outcome !== "open" }));
  }
  return stages;
}

/** Each kind's reasons for a loss, in the team's order (a kind without rows has its defaults). */
export async function readLossReasons(db: Db): Promise<LossReasons> {
  const rows = await db.query<Row & { form: string; label: string }>("SELECT form, label FROM inbox_loss_reasons ORDER BY form, position");
  const reasons = Object.fromEntries(FORM_KINDS.map((kind) => [kind, [] as string[]])) as LossReasons;
  for (const row of rows) if ((FORM_KINDS as readonly string[]).includes(row.form)) reasons[row.form as FormKind].push(row.label);
  for (const kind of FORM_KINDS) if (reasons[kind].length === 0) reasons[kind] = [...DEFAULT_LOSS_REASONS[kind]];
  return reasons;
}

/** A kind's reasons replaced whole in the caller's transaction (losses keep the words they were given). */
export async function writeLossReasons(tx: Db, kind: FormKind, reasons: readonly string[]): Promise<void> {
  await tx.query("DELETE FROM inbox_loss_reasons WHERE form = $1", [kind]);
  for (const [position, label] of reasons.entries()) await tx.query("INSERT INTO inbox_loss_reasons (form, position, label) VALUES ($1, $2, $3)", [kind, position, label]);
}

/** A kind's stages, replaced whole in the caller's transaction (the settings screen sends them all). */
export async function writeStages(tx: Db, kind: FormKind, stages: readonly StageInput[]): Promise<void> {
  await tx.query("DELETE FROM inbox_stages WHERE form = $1", [kind]);
  for (const [position, stage] of stages.entries()) {
    // `closed` is still written for a server of before that reads it.
    await tx.query("INSERT INTO inbox_stages (form, key, label, position, closed, outcome) VALUES ($1, $2, $3, $4, $5, $6)", [
      kind,
      stage.key,
      stage.label,
      position,
      stage.outcome === "open" ? 0 : 1,
      stage.outcome,
    ]);
  }
}

/** Whether a user of `role` may own submissions of `kind`: they see the kind and may work on it. */
export function ownsKinds(role: string): FormKind[] {
  if (!isRole(role)) return [];
  const permissions = permissionsOf(role);
  if (!permissions.includes("leads:work")) return [];
  return FORM_KINDS.filter((kind) => permissions.includes(KINDS[kind].permission));
}

/** Everyone who may own a submission of some kind, by name (a blocked account may not). */
export async function readOwners(db: Db): Promise<Owner[]> {
  const rows = await db.query<Row & { id: number; login: string; name: string; role: string }>(
    "SELECT id, login, name, role FROM studio_users WHERE blocked_at IS NULL ORDER BY name, login",
  );
  return rows.map((row) => ({ id: Number(row.id), login: row.login, name: row.name, kinds: ownsKinds(row.role) })).filter((owner) => owner.kinds.length > 0);
}

/** SQL parameters numbered from `first`, as a statement's own come first. */
export function paramsFrom(first: number) {
  const params: SqlValue[] = [];
  return {
    params,
    add(value: SqlValue): string {
      params.push(value);
      return `$${first + params.length - 1}`;
    },
  };
}

/**
 * The list's orders «по этапу» and «по ответственному» as groups in order, each a condition a
 * page is read from by an index in date order (see `list.ts`): every (kind, stage) pair by the
 * stage's place in its kind, or nobody then every account by name. Every submission is in one:
 * a stage in use cannot be dropped, and an owner's account removed leaves nobody.
 */
export function stageGroups(stages: Stages, kinds: readonly FormKind[], add: (value: SqlValue) => string): string[] {
  const pairs = kinds.flatMap((kind) => stages[kind].map((stage) => ({ kind, stage })));
  pairs.sort((a, b) => a.stage.position - b.stage.position || FORM_KINDS.indexOf(a.kind) - FORM_KINDS.indexOf(b.kind));
  return pairs.map(({ kind, stage }) => `s.form = ${add(kind)} AND s.status = ${add(stage.key)}`);
}

export async function ownerGroups(db: Db, add: (value: SqlValue) => string): Promise<string[]> {
  const users = await db.query<Row & { id: number }>("SELECT id FROM studio_users ORDER BY name, login");
  return ["s.owner_id IS NULL", ...users.map((user) => `s.owner_id = ${add(Number(user.id))}`)];
}

/** Submissions of the caller's kinds in a stage that is (or is not) `closed`, or in their kind's first stage. */
export function stagesWhere(stages: Stages, kinds: readonly FormKind[], pick: "open" | "first", add: (value: SqlValue) => string): string {
  const parts = kinds.flatMap((kind) => {
    const keys = pick === "first" ? stages[kind].slice(0, 1).map((s) => s.key) : stages[kind].filter((s) => !s.closed).map((s) => s.key);
    return keys.length > 0 ? [`(s.form = ${add(kind)} AND s.status IN (${keys.map((key) => add(key)).join(", ")}))`] : [];
  });
  return parts.length > 0 ? `(${parts.join(" OR ")})` : "1 = 0";
}

/** «Заявка № 1042» for a row, for messages that list what was left unchanged. */
export const rowNumber = (row: { form: string; number: number | null }) => numberLabel(row.form as FormKind, row.number === null ? null : Number(row.number));
