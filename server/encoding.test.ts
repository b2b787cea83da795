import { describe, expect, it } from "vitest";
import { negotiateEncoding } from "./encoding.ts";

describe("negotiateEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", null],
    [undefined, null],
    ["*", "br"],
  ] as const)("%s → %s", (header, expected) => expect(negotiateEncoding(header)).toBe(expected));
});
