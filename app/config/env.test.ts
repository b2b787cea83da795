import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("has working local defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SITE_ORIGIN).toBe("http://localhost:3000");
    expect(env.PUBLIC_METRIKA_ID).toBeUndefined();
  });
  it("normalises the origin", () => {
    expect(parseEnv({ SITE_ORIGIN: "https://orientir.agency/" }).SITE_ORIGIN).toBe("https://orientir.agency");
  });
  it("names every invalid variable", () => {
    expect(() => parseEnv({ PORT: "abc", SITE_ORIGIN: "https://x.ru/path" })).toThrow(/PORT[\s\S]*SITE_ORIGIN/);
    expect(() => parseEnv({ PUBLIC_METRIKA_ID: "12ab" })).toThrow(/PUBLIC_METRIKA_ID/);
  });
});
