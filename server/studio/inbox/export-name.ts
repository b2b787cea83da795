import type { FormKind } from "#core/forms/kinds.ts";
import type { Status } from "#core/studio/inbox.ts";

/**
 * The name of an exported file: the day it was made (Moscow) and what it
 * holds, in Latin letters so every program and mail client keeps it:
 * `zayavki-2026-11-28-proekty-novye-s-2026-11-01-po-2026-11-27.xlsx`. A search
 * is named only as «poisk»: its words may be a person's name or e-mail.
 */
const KIND_SLUGS: Record<FormKind, string> = { project: "proekty", job: "otkliki", subscribe: "podpiski", event: "registracii" };
const STATUS_SLUGS: Record<Status, string> = { new: "novye", "in-progress": "v-rabote", done: "obrabotannye", spam: "spam" };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function exportFileName(query: URLSearchParams, now: number, extension: "csv" | "xlsx"): string {
  const today = new Date(now + 3 * 3_600_000).toISOString().slice(0, 10);
  // A stage of one kind comes as «project:new».
  const [stageKind, stage] = (query.get("status") ?? "").includes(":") ? (query.get("status") ?? "").split(":", 2) : [null, query.get("status")];
  const kind = (query.get("kind") || stageKind) as FormKind | null;
  const status = (stage || null) as Status | null;
  const [from, to] = [query.get("from"), query.get("to")];
  const parts = [
    "zayavki",
    today,
    kind && Object.hasOwn(KIND_SLUGS, kind) ? KIND_SLUGS[kind] : null,
    status && Object.hasOwn(STATUS_SLUGS, status) ? STATUS_SLUGS[status] : null,
    from && DAY.test(from) ? `s-${from}` : null,
    to && DAY.test(to) ? `po-${to}` : null,
    query.get("q")?.trim() ? "poisk" : null,
  ];
  return `${parts.filter(Boolean).join("-")}.${extension}`;
}
