/** Picks the best encoding the client accepts: brotli, then gzip, else none. */
export type Encoding = "br" | "gzip" | null;

/** Browsers send a handful of distinct values: each is parsed once (bounded, against crafted ones). */
const seen = new Map<string, Encoding>();
const SEEN_KEPT = 64;

export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return null;
  let encoding = seen.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parse(acceptEncoding);
    if (seen.size >= SEEN_KEPT) seen.clear();
    seen.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parse(acceptEncoding: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? (accepted.has("*") ? (accepted.get("*") ?? 0) : 0);
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}
