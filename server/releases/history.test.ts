import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addMissingDocuments } from "./history.ts";

describe("a content folder made by an older version", () => {
  it("gets the documents it lacks from the shipped content, and keeps its own", () => {
    const seed = mkdtempSync(join(tmpdir(), "seed-"));
    const dir = mkdtempSync(join(tmpdir(), "volume-"));
    writeFileSync(join(seed, "navigation.yaml"), "main: []\n");
    writeFileSync(join(seed, "pages.yaml"), "shipped\n");
    writeFileSync(join(dir, "pages.yaml"), "edited by the agency\n");
    expect(addMissingDocuments(dir, seed, ["navigation.yaml", "pages.yaml", "absent.yaml"])).toEqual(["navigation.yaml"]);
    expect(readFileSync(join(dir, "navigation.yaml"), "utf8")).toBe("main: []\n");
    expect(readFileSync(join(dir, "pages.yaml"), "utf8")).toBe("edited by the agency\n");
    expect(addMissingDocuments(dir, seed, ["navigation.yaml"])).toEqual([]);
  });
});
