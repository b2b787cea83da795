import { describe, expect, it } from "vitest";
import { runtimeConfig, parseEnv } from "#core/config/env.server.ts";
import { parseRuntimeConfig } from "#core/lib/runtime-config.ts";
import { injectIntoHead, runtimeConfigTag } from "./runtime-config.ts";

const TAG = runtimeConfigTag({ metrikaId: "123" }) ?? "";

describe("runtime configuration in HTML", () => {
  it("is a meta tag the browser parses back, and nothing without a value", () => {
    expect(TAG).toBe('<meta name="runtime-config" content="{&quot;metrikaId&quot;:&quot;123&quot;}">');
    const content = TAG.match(/content="([^"]*)"/)?.[1]?.replace(/&quot;/g, '"');
    expect(parseRuntimeConfig(content)).toEqual({ metrikaId: "123" });
    expect(runtimeConfigTag(runtimeConfig(parseEnv({})))).toBeNull();
    expect(runtimeConfig(parseEnv({ PUBLIC_METRIKA_ID: "42" }))).toEqual({ metrikaId: "42" });
  });

  it("goes right before </head>", () => {
    expect(injectIntoHead("<html><head><title>x</title></head><body></body></html>", TAG)).toBe(
      `<html><head><title>x</title>${TAG}</head><body></body></html>`,
    );
    expect(injectIntoHead("<p>no head</p>", TAG)).toBe("<p>no head</p>");
  });
});
