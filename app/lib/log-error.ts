import { isRouteErrorResponse } from "react-router";
import { noteErrorShown } from "../runtime/errors.ts";

/**
 * Logs an error the visitor sees as the error page: 404s as warnings with the
 * spec's "Page not found: <path>" message, anything else as an error.
 */
export function logRouteError(error: unknown): void {
  noteErrorShown(error);
  if (isRouteErrorResponse(error) && error.status === 404) {
    const message = (error.data as { message?: string } | null)?.message ?? `Page not found: ${window.location.pathname}`;
    console.warn(message);
    return;
  }
  console.error(error);
}
