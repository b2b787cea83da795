import { FORM_KINDS, type FormKind } from "#core/forms/kinds.ts";
import { emailKey, wordsOf } from "../../leads/search-keys.ts";
import { FILTER_FIELD_MESSAGES } from "#core/studio/filter-checks.ts";
import { isSort, isStatus, type Sort, type Status } from "#core/studio/inbox.ts";
import { moscowDayStart } from "../api/audit.ts";
import { SLUG_PATTERN } from "#core/content/fields.ts";
import { type VariantKey, variantKey } from "#core/landings/variants.ts";
import { HttpError } from "../http.ts";

/**
 * The inbox's filters, read from a query string and checked: the kinds the
 * caller may see (never more, whatever is asked), status, Moscow days, the
 * source page, the UTM source, and a search turned into word prefixes
 * (search-keys.ts says what is indexed). Anything malformed is a 400 with a
 * Russian message at the field it is about (the page shows it there and keeps
 * its list); nothing unchecked reaches SQL.
 */
export type InboxFilter = {
  kinds: readonly FormKind[];
  status?: Status;
  from?: number;
  to?: number;
  source?: string;
  utmSource?: string;
  /** Sent from this landing's form (its slug), and from this variant of its headline test. */
  landing?: string;
  variant?: VariantKey;
  /** Every one must be the start of a word of the submission (its name's, its e-mail, its phone's digits). */
  prefixes?: string[];
  /** Its kind's number («№ 1042»); with `prefixes` too, either finds it (digits may be a number or a phone's start). */
  number?: number;
  /** A user's id; null: nobody is responsible. */
  owner?: number | null;
  sort?: Sort;
};

export const FILTER_MESSAGES = {
  bad: "Фильтр заявок задан неверно",
  dates: FILTER_FIELD_MESSAGES.dates,
  short: "Для поиска введите хотя бы 2\u00a0буквы или 3\u00a0цифры",
  date: FILTER_FIELD_MESSAGES.date,
  text: "Слишком длинно или с\u00a0непечатными символами",
  choice: "Выберите значение из\u00a0списка",
} as const;

/** A filter's value is wrong: 400 with the message at its field, so the page keeps its list and says which. */
const wrong = (field: string, message: string) => new HttpError(400, FILTER_MESSAGES.bad, { [field]: message });

const DAY_MS = 86_400_000;
const MAX_TEXT = 300;
const PHONE_LIKE = /^\+?[\d\s()\-.]+$/;
/** The start of an e-mail without its "@" yet: one Latin token with a dot, dash, plus or underscore in it. */
const EMAIL_START = /^[a-z0-9][a-z0-9._%+-]*[._%+-][a-z0-9._%+-]*$/i;

/** Printable text without control characters (PostgreSQL refuses NUL; none of them belongs in a filter). */
function text(value: string | null, field: string, max = MAX_TEXT): string {
  const trimmed = (value ?? "").trim();
  if (trimmed.length > max || /[\u0000-\u001f\u007f]/.test(trimmed)) throw wrong(field, FILTER_MESSAGES.text);
  return trimmed;
}

/**
 * A search as word prefixes: an e-mail (it has "@", or looks like the start of one) as itself,
 * lower-case; a phone as its digits,
 * with the Russian 8 or a missing 7 read as +7 (as the forms store it); anything else as
 * the words of a name.
 */
export function searchPrefixes(query: string): string[] {
  return searchOf(query).prefixes ?? [];
}

/** «№ 1042» or «№1042»: a number only; bare digits (up to 7) may be a number or a phone's start. */
const NUMBER = /^№\s*(\d{1,7})$/;
const BARE_NUMBER = /^\d{1,7}$/;

/** A search as a number, word prefixes, or both. */
export function searchOf(query: string): Pick<InboxFilter, "number" | "prefixes"> {
  const numbered = NUMBER.exec(query);
  if (numbered) return { number: Number(numbered[1]) };
  if (BARE_NUMBER.test(query)) return query.length >= 3 ? { number: Number(query), prefixes: words(query) } : { number: Number(query) };
  return { prefixes: words(query) };
}

function words(query: string): string[] {
  if (query.includes("@") || EMAIL_START.test(query)) {
    const key = emailKey(query) ?? "";
    if (key.length < 3) throw wrong("q", FILTER_MESSAGES.short);
    return [key];
  }
  if (PHONE_LIKE.test(query)) {
    let digits = query.replace(/\D/g, "");
    if (digits.length < 3) throw wrong("q", FILTER_MESSAGES.short);
    if (!query.startsWith("+")) {
      if (digits.startsWith("8")) digits = `7${digits.slice(1)}`;
      else if (/^[349]/.test(digits)) digits = `7${digits}`;
    }
    return [digits.slice(0, 15)];
  }
  const words = wordsOf(query).filter((word) => word.length >= 2);
  if (words.length === 0) throw wrong("q", FILTER_MESSAGES.short);
  return [...new Set(words)].slice(0, 4);
}

/** The filter of a query string for a caller (`me`, for «мои») who may see `allowed` kinds. */
export function parseFilter(query: URLSearchParams, allowed: readonly FormKind[], me?: number): InboxFilter {
  const filter: InboxFilter = { kinds: allowed };
  const kind = text(query.get("kind"), "kind");
  if (kind) {
    if (!(FORM_KINDS as readonly string[]).includes(kind)) throw wrong("kind", FILTER_MESSAGES.choice);
    // A kind the role may not see shows nothing, as if there were none: the list never says what exists.
    filter.kinds = allowed.filter((k) => k === kind);
  }
  const status = text(query.get("status"), "status");
  if (status) {
    // «project:rejected»: a stage of one kind (the list's choices keep kinds apart: subscriptions'
    // «new» is not a request's); a bare key is that stage in every kind that has it.
    const [stageKind, key] = status.includes(":") ? status.split(":", 2) : [null, status];
    if (!isStatus(key) || (stageKind !== null && !(FORM_KINDS as readonly string[]).includes(stageKind))) throw wrong("status", FILTER_MESSAGES.choice);
    if (stageKind !== null) filter.kinds = filter.kinds.filter((k) => k === stageKind);
    filter.status = key;
  }
  for (const name of ["from", "to"] as const) {
    const value = text(query.get(name), name);
    if (!value) continue;
    const start = moscowDayStart(value);
    if (start === null) throw wrong(name, FILTER_MESSAGES.date);
    // Both days are included: "to" runs to the end of its day.
    filter[name] = name === "to" ? start + DAY_MS : start;
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.to <= filter.from) throw wrong("to", FILTER_MESSAGES.dates);
  const source = text(query.get("source"), "source");
  if (source) filter.source = source;
  const landing = text(query.get("landing"), "landing", 100);
  if (landing) {
    if (!SLUG_PATTERN.test(landing)) throw wrong("landing", FILTER_MESSAGES.choice);
    filter.landing = landing;
  }
  const variant = text(query.get("variant"), "variant");
  if (variant) {
    const key = variantKey(variant);
    if (key === null) throw wrong("variant", FILTER_MESSAGES.choice);
    filter.variant = key;
  }
  const utm = text(query.get("utm"), "utm", 200);
  if (utm) filter.utmSource = utm;
  const q = text(query.get("q"), "q", 200);
  if (q) Object.assign(filter, searchOf(q));
  const owner = text(query.get("owner"), "owner");
  if (owner === "me") filter.owner = me ?? -1;
  else if (owner === "none") filter.owner = null;
  else if (/^\d{1,15}$/.test(owner)) filter.owner = Number(owner);
  else if (owner) throw wrong("owner", FILTER_MESSAGES.choice);
  const sort = text(query.get("sort"), "sort");
  if (sort) {
    if (!isSort(sort)) throw wrong("sort", FILTER_MESSAGES.choice);
    filter.sort = sort;
  }
  return filter;
}

/** The page number of a query string (1 when absent). */
export function parsePage(query: URLSearchParams): number {
  const page = query.get("page") ?? "1";
  if (!/^\d{1,6}$/.test(page) || Number(page) < 1) throw new HttpError(400, FILTER_MESSAGES.bad);
  return Number(page);
}

/** What an audit entry may say about a filter: everything but the search's words, which may be someone's name or e-mail. */
export function describeFilter(filter: InboxFilter): Record<string, unknown> {
  const { prefixes, number, ...rest } = filter;
  return { ...rest, search: prefixes !== undefined || number !== undefined };
}
