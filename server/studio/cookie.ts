import type { IncomingMessage } from "node:http";
import { STUDIO_BASE } from "#core/studio/paths.ts";

/**
 * The session cookie: only a random id, `HttpOnly` (no script reads it),
 * `SameSite=Strict` (no other site's page sends it), `Path=/studio` (the
 * public pages never see it), `Secure` except on a local http origin.
 * No Max-Age: it ends with the browser; the server ends it sooner (sessions.ts).
 */
export const SESSION_COOKIE = "studio_session";

export function sessionCookie(id: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; Path=${STUDIO_BASE}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=${STUDIO_BASE}; HttpOnly; SameSite=Strict; Max-Age=0${secure ? "; Secure" : ""}`;
}

/** The session id the request carries, if it looks like one of ours. */
export function sessionIdFrom(req: IncomingMessage): string | null {
  return idCookie(req, SESSION_COOKIE);
}

/**
 * The second step of a sign-in (a password was right, a code is due): its id, alike in every
 * way but its name and a life of minutes; `null` clears it.
 */
export const SECOND_STEP_COOKIE = "studio_second_step";

export function secondStepCookie(id: string | null, secure: boolean, maxAgeSeconds = 300): string {
  return `${SECOND_STEP_COOKIE}=${id ?? ""}; Path=${STUDIO_BASE}; HttpOnly; SameSite=Strict; Max-Age=${id ? maxAgeSeconds : 0}${secure ? "; Secure" : ""}`;
}

export function secondStepIdFrom(req: IncomingMessage): string | null {
  return idCookie(req, SECOND_STEP_COOKIE);
}

function idCookie(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}
