import { existsSync } from "node:fs";
import { join } from "node:path";
import { isFormKind, numberLabel } from "#core/forms/kinds.ts";
import { COLLECTION_CATALOG, isCollectionName, isEditableType, SINGLE, typeInfo } from "#core/content/catalog.ts";
import type { AuditEntry } from "#core/studio/api.ts";
import { pages } from "#core/studio/paths.ts";
import { readRecord } from "../../releases/store.ts";
import { readEntry, validSlug } from "../content/files.ts";
import { titleOf } from "../content/files.ts";
import { inMoscow } from "#core/lib/moscow-time.ts";

/**
 * The journal names what each action was about in words, with a link to it:
 * an entry by its title (its editor, or its history once deleted), a
 * publication by its message, a request by its number as the inbox names it
 * («Заявка №\u00a04», «Отклик №\u00a03»: its page; never the person's name), a
 * person by their login. Never an id or a file path.
 */
type Place = { contentDir: string; releasesDir: string };
export type TargetOf = (entry: AuditEntry) => AuditEntry["about"];

/** A submission's kind and number, for entries written before they kept them (looked up by the caller). */
export type SubmissionNumbers = ReadonlyMap<string, { kind: string; number: number | null }>;


export function auditTargets(place: Place, numbers: SubmissionNumbers = new Map()): TargetOf {
  const seen = new Map<string, AuditEntry["about"]>();
  const once = (key: string, make: () => AuditEntry["about"]) => {
    if (!seen.has(key)) seen.set(key, make());
    return seen.get(key) ?? null;
  };
  return (entry) => {
    const target = entry.target;
    if (!target) return null;
    const [group] = entry.action.split(".");
    if (group === "content" && target.startsWith("uploads/")) return { label: `Изображение ${target.slice("uploads/".length)}`, href: null };
    if (group === "content") return once(`entry:${target}`, () => entryAbout(place, target));
    if (entry.action === "release.publish" || entry.action === "release.rollback") return once(`release:${target}`, () => releaseAbout(place, target));
    if (entry.action.startsWith("release.schedule")) {
      const message = typeof entry.details.message === "string" ? entry.details.message : null;
      return { label: message ? `Запланированная публикация «${message}»` : "Запланированная публикация", href: pages.releases };
    }
    if (group === "inbox") return { label: submissionLabel(entry, numbers.get(target)), href: `${pages.inbox}${encodeURIComponent(target)}/` };
    if (group === "user" || group === "session" || group === "two-factor") return { label: target, href: group === "session" ? null : pages.users };
    return { label: target, href: null };
  };
}

/** The number the entry kept when it was written (it outlives an erasure), else the submission's own. */
function submissionLabel(entry: AuditEntry, stored: { kind: string; number: number | null } | undefined): string {
  const kind = typeof entry.details.kind === "string" ? entry.details.kind : stored?.kind;
  const number = typeof entry.details.number === "number" ? entry.details.number : (stored?.number ?? null);
  return isFormKind(kind) ? numberLabel(kind, number) : "Заявка";
}

function entryAbout(place: Place, target: string): AuditEntry["about"] {
  const [type = "", slug = SINGLE] = target.split("/");
  if (!isEditableType(type) || !validSlug(type, slug)) return { label: target, href: null };
  if (!isCollectionName(type)) return { label: typeInfo(type).title, href: `${pages.content}${type}/` };
  const one = COLLECTION_CATALOG[type].one;
  const kind = one.charAt(0).toUpperCase() + one.slice(1);
  const stored = readEntry(place.contentDir, type, slug);
  // A deleted entry is still found in its history.
  if (!stored) return { label: `${kind}: ${slug} (запись удалена)`, href: `${pages.content}history/${type}/${slug}/` };
  return { label: `${kind}: ${titleOf(stored.values, slug)}`, href: `${pages.content}${type}/${slug}/` };
}

function releaseAbout(place: Place, id: string): AuditEntry["about"] {
  if (!/^[\w.-]{1,100}$/.test(id) || !existsSync(join(place.releasesDir, id, "release.json"))) return { label: "Публикация (больше не хранится)", href: null };
  const record = readRecord(place.releasesDir, id);
  return { label: `Публикация «${record.message}» от ${inMoscow(record.createdAt, "dayMonthTime")}`, href: `${pages.releases}${id}/` };
}
