import { ENTRY_STATE_LABELS, type EntryLife } from "#core/studio/content-api.ts";
import { formatDateTime } from "../lib/format.ts";

/** An entry's own state in words (decision 030), with its planned publication if any: lists and the editor. */
export function lifeLabel(life: EntryLife): string {
  const planned = life.scheduledAt !== null ? `; запланировано на ${formatDateTime(life.scheduledAt)}` : "";
  return `${ENTRY_STATE_LABELS[life.state]}${planned}`;
}
