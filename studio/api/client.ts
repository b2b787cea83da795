import { redirect } from "react-router";
import type { ApiError } from "#core/studio/api.ts";
import { pages, signInHref, STUDIO_API, STUDIO_BASE } from "#core/studio/paths.ts";

/**
 * The one way the studio's pages talk to its server: JSON in, JSON out,
 * cookies of our own origin only. A refusal becomes an ApiFailure carrying
 * the server's Russian message and its field errors.
 */
export class ApiFailure extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  /** The whole answer (a conflict's other version, a refusal's problems). */
  readonly data: Record<string, unknown>;
  constructor(status: number, message: string, errors: Record<string, string> = {}, data: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.data = data;
  }
}

const OFFLINE = "Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.";

/** `keepalive`: the request outlives the page (a draft saved as the tab closes). */
export async function api<T>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown, options: { keepalive?: boolean } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(STUDIO_API + path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      keepalive: options.keepalive ?? false,
    });
  } catch {
    throw new ApiFailure(0, OFFLINE);
  }
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const error = (data ?? {}) as Partial<ApiError>;
    throw new ApiFailure(res.status, error.message ?? `Сервер ответил ошибкой ${res.status}`, error.errors, (data ?? {}) as Record<string, unknown>);
  }
  return data as T;
}

/** A router path (without /studio) for a full studio address. */
export function routerPath(full: string): string {
  return full.startsWith(`${STUDIO_BASE}/`) ? full.slice(STUDIO_BASE.length) : "/";
}

/** Where a signed-out visitor of `request`'s page is sent: the sign-in page, then back. */
export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(routerPath(signInHref(url.pathname + url.search)));
}

/**
 * Runs a loader's or action's work; a 401 (signed out, session over) sends the visitor to sign
 * in, and an admin who must set up a second factor first (403 naming it) goes to the profile.
 */
export async function signedIn<T>(request: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) throw signInRedirect(request);
    if (error instanceof ApiFailure && error.status === 403 && error.errors.secondFactor) throw redirect(pages.profile);
    throw error;
  }
}
