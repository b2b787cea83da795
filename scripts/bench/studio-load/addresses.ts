/**
 * What the visitor of `bench:studio-load` asks for: a page from the
 * release's files, a list, a search rendered on request, a 404.
 */
export const PUBLIC_ADDRESSES = ["/services/", "/academy/", "/search/", "404"] as const;
export type PublicAddress = (typeof PUBLIC_ADDRESSES)[number];

/** A phase's times per address (ms), and the answers with another status than expected. */
export type VisitorReport = { times: Record<PublicAddress, number[]>; unexpected: number };

// Several queries in turn: one repeated could be answered from a cache no real visitor shares.
const QUERIES = ["seo", "аналитика", "контекстная реклама", "crm"];

export const EXPECTED: Record<PublicAddress, number> = { "/services/": 200, "/academy/": 200, "/search/": 200, "404": 404 };

/** The path asked for in the visitor's `round`-th round. */
export function target(address: PublicAddress, round: number): string {
  if (address === "/search/") return `/search/?q=${encodeURIComponent(QUERIES[round % QUERIES.length] as string)}`;
  if (address === "404") return "/studio-load-no-such-page/";
  return address;
}
