import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionsOf, type Role, ROLES } from "#core/studio/roles.ts";
import { API_ROUTES } from "../../server/studio/api/index.ts";
import { MESSAGES } from "../../server/studio/http.ts";
import { asBuilt } from "../support/typography.ts";
import type { Access, ApiRoute } from "../../server/studio/router.ts";
import { type ContentServer, startContentServer } from "../support/content.ts";
import { CORPUS_BACKENDS } from "../support/forms-server.ts";
import { addUser, call, signIn } from "../support/studio.ts";

/**
 * Who may call what, walked from the route table itself (server/studio/api/index.ts): every
 * route, signed out and as each role, over HTTP against the built server. A route answers 401
 * signed out unless it is public, 403 to a role without its permission, and to whom it admits
 * anything but a refusal of access (a 404 for the made-up entity, a 4xx for the empty body);
 * never a 5xx. A new route is walked as soon as it is in the table.
 */
const ROLE_NAMES = Object.keys(ROLES) as Role[];

/** Harmless values for the paths' parameters: nothing they name exists. */
const PARAMS: Record<string, string> = {
  type: "articles",
  slug: "no-such-entry",
  commit: "0".repeat(40),
  file: "0123456789abcdef01234567.png",
  id: "00000000-0000-4000-8000-000000000000",
  delivery: "1",
  kind: "project",
  login: "no-such-user",
  token: "no-such-preview",
};

const target = (route: ApiRoute) => `/studio/api${route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(PARAMS[name] ?? "x"))}`;
const bodyOf = (route: ApiRoute) => (route.method === "GET" || route.method === "DELETE" ? undefined : {});
const name = (route: ApiRoute) => `${route.method} ${route.path}`;

/** What `role` (null: signed out) must get from a route. */
function expected(access: Access, role: Role | null): 401 | 403 | "admitted" {
  if (access === "public") return "admitted";
  if (role === null) return 401;
  return access === "signed-in" || permissionsOf(role).includes(access) ? "admitted" : 403;
}

/** The sections' rules, so that a route moved to a wider access than its section's is a failing test, not a quiet change. */
const SECTIONS: Array<[RegExp, readonly Access[]]> = [
  [/^\/session$/, ["public", "signed-in"]],
  [/^\/profile\//, ["signed-in"]],
  [/^\/users(\/|$)/, ["users:manage"]],
  [/^\/audit$/, ["audit:read"]],
  [/^\/(content|media|trash|preview)(\/|$)/, ["content:edit", "content:trash-purge"]],
  [/^\/(releases|schedules)(\/|$)/, ["content:publish"]],
  [/^\/inbox(\/|$)/, ["leads:read", "leads:export", "leads:work", "leads:stages"]],
  [/^\/personal-data\//, ["personal-data:requests", "personal-data:retention"]],
  [/^\/settings(\/|$)/, ["settings:manage"]],
  [/^\/search-log(?:\/results)?$/, ["content:edit"]],
  [/^\/landings\/:slug\/results$/, ["content:edit"]],
];

it("gives every route of the table an access its section allows, public only to signing in and out", () => {
  const outside = API_ROUTES.filter((route) => !SECTIONS.some(([path, allowed]) => path.test(route.path) && allowed.includes(route.access)));
  expect(outside.map((route) => `${name(route)}: ${route.access}`)).toEqual([]);
  expect(API_ROUTES.filter((route) => route.access === "public").map(name)).toEqual(["POST /session", "DELETE /session"]);
});

describe.each(CORPUS_BACKENDS)("every route of the studio's API on %s", (backend) => {
  let env: ContentServer;
  const cookies = new Map<Role, string>();
  beforeAll(async () => {
    env = await startContentServer(backend);
    for (const role of ROLE_NAMES) {
      const password = `Walks every route as ${role} 2026`;
      await addUser(env.server, `walk.${role}`, role, password);
      cookies.set(role, await signIn(env.server, `walk.${role}`, password));
    }
  }, 240_000);
  afterAll(() => env?.dispose());

  it("refuses every write from another site (403), whoever is signed in", async () => {
    const failures: string[] = [];
    for (const route of API_ROUTES.filter((r) => r.method !== "GET")) {
      const res = await call(env.server, route.method, target(route), { cookie: cookies.get("admin"), body: bodyOf(route), headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
      const body = (await res.json()) as { ok?: boolean; message?: string };
      if (res.status !== 403 || body.message !== asBuilt(MESSAGES.crossSite)) failures.push(`${res.status} ${name(route)}: ${body.message}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers 401 signed out, 403 to a role without the route's permission, never a 5xx", { timeout: 120_000 }, async () => {
    // Signing out (a public route) ends the walker's session: public routes come last.
    const routes = [...API_ROUTES.filter((r) => r.access !== "public"), ...API_ROUTES.filter((r) => r.access === "public")];
    const failures: string[] = [];
    let sent = 0;
    async function walk(role: Role | null) {
      const who = role ?? "signed out";
      for (const route of routes) {
        const res = await call(env.server, route.method, target(route), { cookie: role ? cookies.get(role) : null, body: bodyOf(route) });
        const text = await res.text();
        sent++;
        const want = expected(route.access, role);
        if (res.status >= 500) failures.push(`${who} ${name(route)}: ${res.status} ${text.slice(0, 120)}`);
        else if (want === "admitted") {
          if (res.status === 401 || res.status === 403) failures.push(`${who} ${name(route)}: ${res.status}, admitted by ${route.access}`);
        } else {
          const message = asBuilt(want === 401 ? MESSAGES.signedOut : MESSAGES.forbidden);
          if (res.status !== want || text !== JSON.stringify({ ok: false, message })) failures.push(`${who} ${name(route)}: ${res.status} ${text.slice(0, 120)}, ${want} wanted`);
        }
      }
    }
    await Promise.all([null, ...ROLE_NAMES].map(walk));
    expect(failures).toEqual([]);
    expect(sent).toBe(API_ROUTES.length * (ROLE_NAMES.length + 1));
  });
});
