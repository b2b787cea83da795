import { VARIANT_LETTERS } from "#core/landings/variants.ts";
import { pages } from "#core/studio/paths.ts";
import { type InboxCampaign, KINDS, type Owner, type Stage, type VisibleStages, stageLabel, STATUSES } from "#core/studio/inbox.ts";
import type { FormKind } from "#core/forms/kinds.ts";

/** Pieces the inbox's pages share. */

/** What a submission page's action did; `at` tells which of its forms spoke last; `errors` by field. */
export type Result = { ok: boolean; message: string; at: number; errors?: Record<string, string> };

/** The router path of a submission's page. */
export const itemPath = (id: string) => `${pages.inbox}${id}/`;

/**
 * A stage as a word, tinted by its place (the word carries the meaning, the tint only helps):
 * the kind's first stage, one that ends the work, or one in between. Without the stages at
 * hand (personal-data requests) the label of the default stages.
 */
export function StatusBadge({ status, stages, kind }: { status: string; stages?: VisibleStages; kind?: FormKind }) {
  const list: Stage[] = (stages && kind ? stages[kind] : undefined) ?? [];
  const stage = list.find((s) => s.key === status);
  const tone = status === "new" || (stage && stage === list[0]) ? "new" : stage?.outcome === "won" ? "won" : stage?.closed || status === "spam" ? "closed" : "open";
  const label = stages && kind ? stageLabel(stages, kind, status) : (STATUSES[status] ?? status);
  return <span className={`s-badge s-badge--${tone}`}>{label}</span>;
}

/** The stages of several kinds as one list of choices: a key shared by kinds shows each kind's label once. */
export function stageOptions(stages: VisibleStages, kinds: readonly FormKind[]): Array<{ value: string; label: string }> {
  const labels = new Map<string, string[]>();
  for (const kind of kinds) {
    for (const stage of stages[kind] ?? []) {
      const list = labels.get(stage.key) ?? [];
      if (!list.includes(stage.label)) list.push(stage.label);
      labels.set(stage.key, list);
    }
  }
  return [...labels.entries()].map(([value, list]) => ({ value, label: list.join(" / ") }));
}

/**
 * The stages a filter offers, kinds kept apart: one kind's as their keys; several kinds' as
 * «kind:key» in a group per kind (the server reads it as that kind's stage), so a request's
 * «Новая» is never a subscription's.
 */
export function stageFilterGroups(stages: VisibleStages, kinds: readonly FormKind[]): Array<{ label: string | null; options: Array<{ value: string; label: string }> }> {
  if (kinds.length === 1) {
    const kind = kinds[0] as FormKind;
    return [{ label: null, options: (stages[kind] ?? []).map((stage) => ({ value: stage.key, label: stage.label })) }];
  }
  return kinds.map((kind) => ({ label: KINDS[kind].label, options: (stages[kind] ?? []).map((stage) => ({ value: `${kind}:${stage.key}`, label: stage.label })) }));
}

/** Owners as choices, by name. */
export function ownerOptions(owners: readonly Owner[]): Array<{ value: string; label: string }> {
  return owners.map((owner) => ({ value: String(owner.id), label: owner.name || owner.login }));
}

/** 1536 → «1,5 КБ» */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}\u00a0байт`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "КБ"] : [bytes / 1024 / 1024, "МБ"];
  return `${String(Math.round(value * 10) / 10).replace(".", ",")}\u00a0${unit}`;
}

/** «Лендинг /lp/audit/, вариант Б, метка spring-promo»: where a request came from when a landing's form sent it. */
export function campaignText(campaign: InboxCampaign): string {
  const parts = [`Лендинг /lp/${campaign.landing}/`];
  if (campaign.variant) parts.push(`вариант ${VARIANT_LETTERS[campaign.variant]}`);
  if (campaign.label) parts.push(`метка ${campaign.label}`);
  return parts.join(", ");
}
