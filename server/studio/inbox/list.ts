import { INBOX_PAGE_SIZE, type InboxItem, type InboxPage, type Stages } from "#core/studio/inbox.ts";
import type { Db, Row } from "../../leads/db.ts";
import type { InboxFilter } from "./filter.ts";
import { ownerGroups, paramsFrom, readOwners, readStages, stageGroups } from "./pipeline.ts";
import { whereOf } from "./query.ts";
import { summaryOf } from "./summary.ts";
import { headOf } from "./visible.ts";
import { type CampaignColumns, campaignOf } from "../../leads/submission-store.ts";

/**
 * The inbox's list: how many submissions a filter holds, and a page of them in the order asked
 * for, each read whole only once it is known to be on the page.
 */
type ListRow = Row &
  CampaignColumns & {
  id: string;
  number: number | null;
  owner_id: number | null;
  owner_name: string | null;
  form: string;
  created_at: number;
  status: string;
  data: string;
  page: string;
  utm_source: string | null;
  has_file: unknown;
  undelivered: unknown;
};

export function inboxList(db: Db) {
  async function count(filter: InboxFilter): Promise<number> {
    const where = whereOf(filter, db.backend);
    const [counted] = await db.query<Row & { n: number }>(`SELECT COUNT(*) AS n FROM submissions s ${where.sql}`, where.params);
    return Number(counted?.n ?? 0);
  }

  return {
    /** How many submissions the filter holds. */
    count,

    /** A page of the list, newest first, with the total for the pager. */
    async list(filter: InboxFilter, page: number): Promise<Omit<InboxPage, "kinds" | "me" | "stages" | "landings"> & { stages: Stages }> {
      const where = whereOf(filter, db.backend);
      const [total, stages, owners] = [await count(filter), await readStages(db), await readOwners(db)];
      const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
      const current = Math.min(page, pages);
      const more = paramsFrom(where.params.length + 1);
      const offset = (current - 1) * INBOX_PAGE_SIZE;
      const groups =
        filter.sort === "stage" ? stageGroups(stages, filter.kinds, more.add) : filter.sort === "owner" ? await ownerGroups(db, more.add) : [];
      let pageIds: string;
      let order: string;
      if (groups.length > 0) {
        // By stage or by owner: each group's newest (up to the end of this page) read in date order
        // from an index, then only those few sorted, instead of ranking every row of the list.
        const and = where.sql ? `${where.sql} AND` : "WHERE";
        const union = groups
          .map((group, i) => `SELECT * FROM (SELECT s.id, s.created_at, ${i} AS grp FROM submissions s ${and} ${group}
               ORDER BY s.created_at DESC, s.id DESC LIMIT ${offset + INBOX_PAGE_SIZE}) AS g${i}`)
          .join(" UNION ALL ");
        pageIds = `SELECT r.id, r.grp FROM (${union}) AS r ORDER BY r.grp, r.created_at DESC, r.id DESC LIMIT ${INBOX_PAGE_SIZE} OFFSET ${offset}`;
        order = "page.grp, s.created_at DESC, s.id DESC";
      } else {
        const dates = filter.sort === "old" ? "s.created_at, s.id" : "s.created_at DESC, s.id DESC";
        // The page's ids first, from the indexes alone; only its 50 rows are read whole (a deep page
        // or a broad search would otherwise sort thousands of rows with their JSON).
        pageIds = `SELECT s.id FROM submissions s ${where.sql} ORDER BY ${dates} LIMIT ${INBOX_PAGE_SIZE} OFFSET ${offset}`;
        order = dates;
      }
      const rows = await db.query<ListRow>(
        `SELECT s.id, s.number, s.form, s.created_at, s.status, s.owner_id, u.name AS owner_name, s.data, s.page, s.utm_source, s.campaign_landing, s.campaign_variant, s.campaign_label,
           EXISTS (SELECT 1 FROM files f WHERE f.submission_id = s.id) AS has_file,
           EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = s.id AND o.status = 'dead') AS undelivered
         FROM (${pageIds}) AS page
         JOIN submissions s ON s.id = page.id
         LEFT JOIN studio_users u ON u.id = s.owner_id
         ORDER BY ${order}`,
        [...where.params, ...more.params],
      );
      const items: InboxItem[] = rows.map((row) => {
        const head = headOf(row);
        return {
          ...head,
          ownerName: row.owner_name,
          ...summaryOf(head.kind, JSON.parse(row.data) as Record<string, unknown>),
          page: row.page,
          utmSource: row.utm_source,
          campaign: campaignOf(row),
          hasFile: Boolean(row.has_file),
          undelivered: Boolean(row.undelivered),
        };
      });
      return { items, total, page: current, pages, stages, owners };
    },
  };
}
