import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isReleaseId, listReleases, newReleaseId } from "./store.ts";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function keep(root: string, id: string): void {
  mkdirSync(join(root, id), { recursive: true });
  writeFileSync(join(root, id, "release.json"), JSON.stringify({ id }));
}

describe("release ids", () => {
  it("sort in the order releases were made, even within one second", () => {
    const second = Date.parse("2026-11-25T22:30:12.000Z");
    // Random suffixes must never decide the order: many pairs 1 ms apart.
    for (let i = 0; i < 200; i++) {
      const first = newReleaseId(new Date(second + i));
      const next = newReleaseId(new Date(second + i + 1));
      expect(first < next).toBe(true);
    }
    expect(newReleaseId(new Date(second + 345))).toMatch(/^20261125-223012345-[0-9a-f]{6}$/);
  });

  it("keeps ids of kept releases made before milliseconds valid, before a new one of the same second", () => {
    const root = mkdtempSync(join(tmpdir(), "release-ids-"));
    roots.push(root);
    const old = "20261125-223012-ffffff";
    const made = newReleaseId(new Date("2026-11-25T22:30:12.001Z"));
    const later = newReleaseId(new Date("2026-11-25T22:30:12.002Z"));
    expect([old, made, later].every(isReleaseId)).toBe(true);
    for (const id of [later, old, made]) keep(root, id);
    expect(listReleases(root).map((r) => r.id)).toEqual([old, made, later]);
    expect(isReleaseId("20261125-2230121-ffffff")).toBe(false);
    expect(isReleaseId("../20261125-223012-ffffff")).toBe(false);
  });
});
