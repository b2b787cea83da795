import { FORM_KINDS, type FormKind } from "#core/forms/kinds.ts";
import type { SqlValue } from "../../leads/db.ts";

/**
 * Whose records a person's request is about, and which of them: the e-mail or the phone as the
 * store keys them (server/leads/search-keys.ts: the e-mail lower-case, the phone's digits), the
 * kinds the caller's role sees (an HR account: applications only), and what the caller ticked.
 * Every statement of a request (find, copy, erase) is narrowed here and nowhere else.
 */
export type Subject = { by: "email"; key: string } | { by: "phone"; key: string };

/**
 * Which records: the kinds the role sees, the submissions ticked by id (null: all found; one phone
 * may be two people), and whether the subscriptions go too (only for a role that sees them).
 */
export type Chosen = { kinds: readonly FormKind[]; submissions: readonly string[] | null; subscriptions: boolean };
export const ALL_FOUND: Chosen = { kinds: FORM_KINDS, submissions: null, subscriptions: true };

export type Where = { sql: string; params: SqlValue[] };

/** The subject's submissions (as chosen), for a statement on `submissions` (its columns under `alias`). */
export function matching(subject: Subject, chosen: Chosen = ALL_FOUND, alias = ""): Where {
  const params: SqlValue[] = [subject.key];
  const list = (values: readonly string[]) => (values.length === 0 ? "(NULL)" : `(${values.map((value) => (params.push(value), `$${params.length}`)).join(", ")})`);
  const key = `${alias}${subject.by === "email" ? "email_key" : "phone_key"} = $1`;
  const kinds = chosen.kinds.length === FORM_KINDS.length ? "" : ` AND ${alias}form IN ${list(chosen.kinds)}`;
  const ids = chosen.submissions === null ? "" : ` AND ${alias}id IN ${list(chosen.submissions)}`;
  return { sql: `${key}${kinds}${ids}`, params };
}

/** The rows of another table that belong to the subject's (chosen) submissions. */
export function belonging(subject: Subject, chosen: Chosen = ALL_FOUND): Where {
  const m = matching(subject, chosen);
  return { sql: `submission_id IN (SELECT id FROM submissions WHERE ${m.sql})`, params: m.params };
}

/**
 * Subscriptions of the e-mail, or tied to the person's (chosen) submissions (a phone's project
 * request with the newsletter box); none when left out, or for a role that does not see them.
 */
export function subscriptionsOf(subject: Subject, chosen: Chosen = ALL_FOUND): Where {
  if (!chosen.subscriptions || !chosen.kinds.includes("subscribe")) return { sql: "FALSE", params: [] };
  const m = matching(subject, chosen);
  return { sql: `${subject.by === "email" ? "email = $1 OR " : ""}submission_id IN (SELECT id FROM submissions WHERE ${m.sql})`, params: m.params };
}
