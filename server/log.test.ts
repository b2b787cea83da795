import { describe, expect, it } from "vitest";
import { createLogger, loggablePath } from "./log.ts";

describe("createLogger", () => {
  it("writes one JSON object per line, batched, above its level", async () => {
    const chunks: string[] = [];
    const log = createLogger({ level: "warn", write: (chunk) => chunks.push(chunk) });
    log.info("hidden");
    log.warn("slow", { ms: 12 });
    log.error("failed", { error: new Error("boom") });
    expect(chunks).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(1);
    const lines = chunks.join("").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ["warn", "slow"],
      ["error", "failed"],
    ]);
    expect(lines[0].ms).toBe(12);
    expect(lines[1].error.message).toBe("boom");
    expect(lines[1].error.stack).toMatch(/log\.test\.ts/);
    expect(Date.parse(lines[0].time)).not.toBeNaN();
  });
});

describe("loggablePath", () => {
  it("drops the query and bounds the length", () => {
    expect(loggablePath("/search/?q=ivan@example.com")).toBe("/search/");
    expect(loggablePath(`/${"a".repeat(500)}`)).toHaveLength(201);
  });
});
