import type { Db } from "./db.ts";
import { normalizePhone } from "#core/forms/phone.ts";

/**
 * What a submission is found by in the studio's inbox and in personal-data
 * requests, computed once when it is stored (and by migration 4 for older
 * ones), so no search parses JSON or lower-cases a column at query time:
 * - `emailKey`: the e-mail, trimmed and lower-case (exact match, 152-FZ requests);
 * - `phoneKey`: the phone's digits as the forms normalise it ("79123456789");
 * - `words`: the name's and the company's words lower-case (ё as е), the e-mail key
 *   and the phone key, each indexed for prefix search (submission_words); the team's
 *   comments add theirs when written (`commentWords`). All go with the submission when
 *   it is erased (the table's rows are deleted with it: wipe.ts).
 */
export type SearchKeys = { emailKey: string | null; phoneKey: string | null; utmSource: string | null; words: string[] };

/** Words longer than this are cut: nobody types more to find one. */
const WORD_MAX = 60;
const WORDS_MAX = 12;

/** Lower-case as a Russian reader compares: «Ёлкина» finds «елкина», «ЕЛКИНА», «Ёлкина». */
export function foldText(text: string): string {
  return text.normalize("NFKC").toLocaleLowerCase("ru").replace(/ё/g, "е");
}

/** The words of a name or a query: letters and digits, split at anything else. */
export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "")
    .map((word) => word.slice(0, WORD_MAX));
}

export function emailKey(email: string): string | null {
  const key = email.trim().toLowerCase();
  return key === "" ? null : key.slice(0, 254);
}

/** The digits of a phone as the forms store it (E.164 without "+"); null when it cannot be a phone. */
export function phoneKey(phone: string): string | null {
  const normalized = normalizePhone(phone);
  return normalized ? normalized.slice(1) : null;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function searchKeys(data: Record<string, unknown>, utm: Record<string, string>): SearchKeys {
  const email = emailKey(text(data.email));
  const phone = phoneKey(text(data.phone));
  const words = new Set(wordsOf(text(data.name)).slice(0, WORDS_MAX));
  for (const word of wordsOf(text(data.company)).slice(0, WORDS_MAX)) words.add(word);
  if (email) words.add(email);
  if (phone) words.add(phone);
  const source = text(utm.utm_source).trim().slice(0, 200);
  return { emailKey: email, phoneKey: phone, utmSource: source === "" ? null : source, words: [...words] };
}

/** A submission's search keys and words (the row exists; its words do not yet). */
export async function writeSearchKeys(tx: Db, id: string, keys: SearchKeys): Promise<void> {
  await tx.query("UPDATE submissions SET email_key = $2, phone_key = $3, utm_source = $4 WHERE id = $1", [id, keys.emailKey, keys.phoneKey, keys.utmSource]);
  if (keys.words.length === 0) return;
  const values = keys.words.map((_, i) => `($1, $${i + 2})`).join(", ");
  await tx.query(`INSERT INTO submission_words (submission_id, word) VALUES ${values}`, [id, ...keys.words]);
}

/** Words of a comment worth finding it by (two letters or more, each once): at most COMMENT_WORDS_MAX. */
const COMMENT_WORDS_MAX = 300;
export function commentWords(body: string): string[] {
  return [...new Set(wordsOf(body).filter((word) => word.length >= 2))].slice(0, COMMENT_WORDS_MAX);
}

/** More words of a submission (a comment's), those it has already left as they are. */
export async function addSearchWords(tx: Db, id: string, words: readonly string[]): Promise<void> {
  // A few hundred at most: in slices, well inside either backend's limit on parameters.
  for (let i = 0; i < words.length; i += 100) {
    const slice = words.slice(i, i + 100);
    const values = slice.map((_, j) => `($1, $${j + 2})`).join(", ");
    await tx.query(`INSERT INTO submission_words (submission_id, word) VALUES ${values} ON CONFLICT DO NOTHING`, [id, ...slice]);
  }
}

/**
 * Where a submission came from, for the inbox's overview: its utm_source, else the site the
 * visit came from, else the visit's first page, else the page of the form. Stored with it
 * (and by migration 6, as utm_source or the form's page, for what came before).
 */
export function sourceOf(s: { utm: Record<string, string>; visit: { referrer: string | null; landing: string | null }; page: string }): string {
  const utm = text(s.utm.utm_source).trim().slice(0, 200);
  return utm || s.visit.referrer || s.visit.landing || s.page;
}
