import { pages } from "#core/studio/paths.ts";
import { type Status, STATUSES } from "#core/studio/inbox.ts";

/** Pieces the inbox's pages share. */

/** The router path of a submission's page. */
export const itemPath = (id: string) => `${pages.inbox}${id}/`;

/** A status as a word, tinted by its kind of state (the word carries the meaning, the tint only helps). */
export function StatusBadge({ status }: { status: Status }) {
  return <span className={`s-badge s-badge--${status}`}>{STATUSES[status]}</span>;
}

/** 1536 → «1,5 КБ» */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}\u00a0байт`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "КБ"] : [bytes / 1024 / 1024, "МБ"];
  return `${String(Math.round(value * 10) / 10).replace(".", ",")}\u00a0${unit}`;
}
