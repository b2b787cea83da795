import { data } from "react-router";

/**
 * The two 404s of the spec. Both carry the requested path in their data; the
 * visitor sees the Russian 404 page, the message goes to logs.
 */
export type NotFoundData = { message: string; path: string };

function requestPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** A route matched, but its validate rule failed (unknown slug or card). */
export function validateFailed(request: Request) {
  const path = requestPath(request);
  return data<NotFoundData>({ message: `Page Not Found: ${path}`, path }, { status: 404 });
}

/** No route matched. */
export function noRouteMatched(request: Request) {
  const path = requestPath(request);
  return data<NotFoundData>({ message: `Page not found: ${path}`, path }, { status: 404 });
}

/** Throws the validate-rule 404 unless the value exists. */
export function requireEntry<T>(value: T | undefined, request: Request): T {
  if (value === undefined) throw validateFailed(request);
  return value;
}
