import type { FormKind } from "#core/forms/kinds.ts";
import type { Db, Row } from "../../leads/db.ts";
import { type ExportRow, readExportRows } from "./export-rows.ts";
import type { InboxFilter } from "./filter.ts";
import { kindsIn, num } from "./visible.ts";

/** What other screens take from the inbox: the journal's names of submissions, a CV's bytes, the export's rows. */
export function inboxLookups(db: Db) {
  return {
    /** Kind and number of each id still stored (the journal names older entries by them); at most a page of ids. */
    async numbers(ids: readonly string[]): Promise<Map<string, { kind: string; number: number | null }>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db.query<Row & { id: string; form: string; number: number | null }>(
        `SELECT id, form, number FROM submissions WHERE id IN (${unique.map((_, i) => `$${i + 1}`).join(", ")})`,
        unique,
      );
      return new Map(rows.map((row) => [row.id, { kind: row.form, number: num(row.number) }]));
    },

    /** A visible submission's CV with its bytes, or null. */
    async file(id: string, kinds: readonly FormKind[]): Promise<{ kind: FormKind; number: number | null; name: string; type: string; content: Uint8Array } | null> {
      const [row] = await db.query<Row & { form: string; number: number | null; name: string; type: string; content: Uint8Array }>(
        `SELECT s.form, s.number, f.name, f.type, f.content FROM files f JOIN submissions s ON s.id = f.submission_id
         WHERE s.id = $1 AND s.form IN ${kindsIn(kinds, 2)}`,
        [id, ...kinds],
      );
      return row ? { kind: row.form as FormKind, number: num(row.number), name: row.name, type: row.type, content: row.content } : null;
    },

    /** The filter's submissions for an export file with the team's work on them, a batch at a time (export-rows.ts). */
    exportRows(filter: InboxFilter, batch = 500): AsyncGenerator<ExportRow[]> {
      return readExportRows(db, filter, batch);
    },
  };
}
