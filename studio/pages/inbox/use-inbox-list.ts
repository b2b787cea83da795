import { useSearchParams } from "react-router";
import { FILTER_NAMES, type InboxPage } from "#core/studio/inbox.ts";
import { pages } from "#core/studio/paths.ts";
import type { FilterErrors } from "../../lib/filter-errors.ts";
import { useSession } from "../../shell/session.ts";

/** The filters and the page number of an address, as the API takes them. */
export function filterQuery(search: URLSearchParams, withPage = true): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of [...FILTER_NAMES, ...(withPage ? ["page"] : [])]) {
    const value = search.get(name)?.trim();
    if (value) query.set(name, value);
  }
  return query;
}

/** What the inbox's views share: the filter shown (less what the server refused), addresses of pages and «Мои», and who may act. */
export function useInboxList(data: Pick<InboxPage, "kinds" | "owners"> & { filterErrors: FilterErrors }) {
  const [params] = useSearchParams();
  const { can } = useSession();
  const filters = filterQuery(params, false);
  // What the list shows: the filter less the values the server refused.
  for (const name of Object.keys(data.filterErrors)) for (const dropped of name === "from" || name === "to" ? ["from", "to"] : [name]) filters.delete(dropped);
  const pageHref = (n: number) => {
    const next = new URLSearchParams(filters);
    next.set("page", String(n));
    return `${pages.inbox}?${next}`;
  };
  const mine = new URLSearchParams(filters);
  mine.set("owner", "me");
  mine.delete("page");
  return {
    params,
    can,
    filters,
    pageHref,
    mineHref: `${pages.inbox}?${mine}`,
    work: can("leads:work"),
    visibleOwners: data.owners.filter((owner) => owner.kinds.some((kind) => data.kinds.includes(kind))),
  };
}
