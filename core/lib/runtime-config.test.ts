import { describe, expect, it } from "vitest";
import { parseRuntimeConfig } from "./runtime-config.ts";

describe("parseRuntimeConfig", () => {
  it("reads the counter id", () => {
    expect(parseRuntimeConfig('{"metrikaId":"12345"}')).toEqual({ metrikaId: "12345" });
  });
  it("falls back to no counter on anything else", () => {
    expect(parseRuntimeConfig(null)).toEqual({ metrikaId: null });
    expect(parseRuntimeConfig("not json")).toEqual({ metrikaId: null });
    expect(parseRuntimeConfig('{"metrikaId":"12a"}')).toEqual({ metrikaId: null });
    expect(parseRuntimeConfig('{"metrikaId":12345}')).toEqual({ metrikaId: null });
  });
});
