/**
 * The studio's API as its own pages call it, for `bench:studio-load`: the
 * site's origin in `Origin` and `Sec-Fetch-Site` (writes from elsewhere are
 * refused), JSON, the session cookie. Only HTTP to the address the server
 * listens on: the same calls reach a studio in the site's process or in one
 * of its own.
 */
export type Studio = { url: string; origin: string };

/** `status` 0: no answer (the connection refused or cut, as the server does to a socket silent for REQUEST_TIMEOUT_MS). */
export type Answer = { status: number; ms: number; json: unknown };

/** A request's answer read to its last byte and timed; a failure to answer is an answer too (status 0), not an exception. */
async function timed(url: string, init: RequestInit, parse = false): Promise<Answer & { res: Response | null }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { redirect: "manual", ...init });
    const bytes = await res.arrayBuffer();
    const ms = performance.now() - started;
    return { status: res.status, ms, json: parse && res.status < 300 ? JSON.parse(Buffer.from(bytes).toString("utf8")) : null, res };
  } catch {
    return { status: 0, ms: performance.now() - started, json: null, res: null };
  }
}

const SESSION_COOKIE = "studio_session";

/** One call, its body parsed only when asked (the editors' reads throw theirs away). */
export function call(studio: Studio, cookie: string, method: string, path: string, options: { body?: unknown; parse?: boolean } = {}): Promise<Answer> {
  return timed(
    `${studio.url}/studio/api${path}`,
    {
      method,
      headers: {
        Accept: "application/json",
        Origin: studio.origin,
        "Sec-Fetch-Site": "same-origin",
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    options.parse,
  );
}

/** Signs in: the cookie to send afterwards (null if refused or unanswered) and how long the sign-in took (the password's hashing is most of it). */
export async function signIn(studio: Studio, login: string, password: string): Promise<{ cookie: string | null; ms: number; status: number }> {
  const { res, ms, status } = await timed(`${studio.url}/studio/api/session`, {
    method: "POST",
    headers: { Accept: "application/json", Origin: studio.origin, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" },
    body: JSON.stringify({ login, password }),
  });
  const pair = res
    ?.headers.getSetCookie()
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    ?.split(";")[0];
  return { cookie: status === 200 && pair && pair !== `${SESSION_COOKIE}=` ? pair : null, ms, status };
}

/** Sends an image as the editor's upload does (its bytes as the body, its type in Content-Type). */
export function upload(studio: Studio, cookie: string, bytes: Buffer, type: string): Promise<Answer> {
  return timed(`${studio.url}/studio/api/content/uploads`, {
    method: "POST",
    headers: { Accept: "application/json", Origin: studio.origin, "Sec-Fetch-Site": "same-origin", "Content-Type": type, Cookie: cookie },
    body: new Uint8Array(bytes),
  });
}

/** A public file as a browser asks for it (compressed where it can be). */
export function publicFile(url: string): Promise<Answer> {
  return timed(url, { headers: { "Accept-Encoding": "br, gzip" } });
}
