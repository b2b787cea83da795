import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { Role } from "#core/studio/roles.ts";
import { createContext, type StudioServices } from "./context.ts";
import { HttpError, MESSAGES } from "./http.ts";
import { type Access, type ApiRoute, createRouter, dispatch } from "./router.ts";
import type { ActiveSession } from "./sessions.ts";

const noop = async () => {};

describe("createRouter", () => {
  const match = createRouter([
    { method: "GET", path: "/users", access: "users:manage", handle: noop },
    { method: "POST", path: "/users", access: "users:manage", handle: noop },
    { method: "DELETE", path: "/users/:login", access: "users:manage", handle: noop },
    { method: "PUT", path: "/users/:login/password", access: "users:manage", handle: noop },
  ]);

  it("matches method and path, with decoded parameters of one segment", () => {
    expect(match("DELETE", "/users/anna")).toMatchObject({ params: { login: "anna" } });
    expect(match("PUT", "/users/%D0%B0/password")).toMatchObject({ params: { login: "а" } });
    expect(match("DELETE", "/users/a/b")).toBeNull();
  });

  it("lists the allowed methods of a known path, and knows nothing else", () => {
    expect(match("PATCH", "/users")).toEqual({ allow: ["GET", "POST"] });
    expect(match("GET", "/nothing")).toBeNull();
    expect(match("DELETE", "/users/%E0%A4%A")).toBeNull();
  });

  it("has no route without its access: the type requires it", () => {
    // @ts-expect-error -- a route that says nobody's access does not compile
    const route: ApiRoute = { method: "GET", path: "/forgotten", handle: noop };
    expect(route.path).toBe("/forgotten");
  });
});

describe("dispatch", () => {
  /** A request's context whose store knows the session of `role` (none: signed out), counting the look-ups. */
  function contextOf(role: Role | null) {
    const lookups = { count: 0 };
    const session: ActiveSession | null = role ? { idHash: "h", createdAt: 0, twoFactor: false, adminsTwoFactor: false, user: { id: 1, login: "anna", name: "Анна", role, passwordHash: "" } } : null;
    const services = { auth: { current: async () => (lookups.count++, session) } } as unknown as StudioServices;
    const ctx = createContext({} as IncomingMessage, {} as ServerResponse, new URL("http://localhost/studio/api/x"), {}, { ip: "127.0.0.1", addressKey: "127.0.0.1" }, services);
    return { ctx, lookups };
  }
  /** A route whose handler must not run. */
  const guarded = (access: Access): ApiRoute => ({
    method: "POST",
    path: "/x",
    access,
    handle: () => {
      throw new Error("the handler ran");
    },
  });
  async function refusal(access: Access, role: Role | null): Promise<HttpError> {
    const error = await dispatch(guarded(access), contextOf(role).ctx).catch((e: unknown) => e);
    if (!(error instanceof HttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return error;
  }

  it("refuses the signed-out with 401 and a role without the permission with 403, before the handler runs", async () => {
    expect(await refusal("users:manage", null)).toMatchObject({ status: 401, message: MESSAGES.signedOut });
    expect(await refusal("signed-in", null)).toMatchObject({ status: 401, message: MESSAGES.signedOut });
    expect(await refusal("users:manage", "editor")).toMatchObject({ status: 403, message: MESSAGES.forbidden });
    expect(await refusal("content:edit", "sales")).toMatchObject({ status: 403, message: MESSAGES.forbidden });
    expect(await refusal("content:trash-purge", "editor")).toMatchObject({ status: 403, message: MESSAGES.forbidden });
  });

  it("runs the handler for whom the route admits, the session looked up once", async () => {
    const ran: string[] = [];
    const route = (access: Access): ApiRoute => ({
      method: "GET",
      path: "/x",
      access,
      handle: async (ctx) => {
        if (access !== "public") ran.push(`${access} ${(await ctx.requireUser()).user.role}`);
        else ran.push(`public ${String(await ctx.session())}`);
      },
    });
    const admin = contextOf("admin");
    await dispatch(route("users:manage"), admin.ctx);
    expect(admin.lookups.count).toBe(1);
    await dispatch(route("signed-in"), contextOf("hr").ctx);
    await dispatch(route("leads:jobs"), contextOf("hr").ctx);
    const stranger = contextOf(null);
    await dispatch(route("public"), stranger.ctx);
    expect(ran).toEqual(["users:manage admin", "signed-in hr", "leads:jobs hr", "public null"]);
  });
});
