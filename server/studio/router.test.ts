import { describe, expect, it } from "vitest";
import { createRouter } from "./router.ts";

const noop = async () => {};

describe("createRouter", () => {
  const match = createRouter([
    { method: "GET", path: "/users", handle: noop },
    { method: "POST", path: "/users", handle: noop },
    { method: "DELETE", path: "/users/:login", handle: noop },
    { method: "PUT", path: "/users/:login/password", handle: noop },
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
});
