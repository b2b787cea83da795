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

describe("request lines", () => {
  it("are the JSON object an info line would be, with any path quoted safely", () => {
    const chunks: string[] = [];
    const log = createLogger({ level: "info", write: (chunk) => chunks.push(chunk) });
    const path = '/a"b\\c\u0001д/';
    log.request({ id: "r-1", method: "GET", path, status: 404, ms: 1.25, aborted: false });
    log.request({ id: "r-2", method: "POST", path: "/contacts/", status: 200, ms: 0, aborted: true });
    log.flush();
    const lines = chunks.join("").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ time: lines[0].time, level: "info", msg: "request", id: "r-1", method: "GET", path, status: 404, ms: 1.25 });
    expect(lines[1]).toMatchObject({ id: "r-2", method: "POST", status: 200, ms: 0, aborted: true });
    expect(Date.parse(lines[0].time)).not.toBeNaN();
  });

  it("keep their order around a line longer than the buffer", () => {
    const chunks: string[] = [];
    const log = createLogger({ level: "info", write: (chunk) => chunks.push(chunk) });
    log.request({ id: "r-1", method: "GET", path: "/", status: 200, ms: 1, aborted: false });
    log.error("failed", { detail: "я".repeat(40_000) });
    log.request({ id: "r-2", method: "GET", path: "/", status: 200, ms: 1, aborted: false });
    log.flush();
    const lines = chunks.join("").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines.map((l) => l.id ?? l.msg)).toEqual(["r-1", "failed", "r-2"]);
    expect(lines[1].detail).toHaveLength(40_000);
  });

  it("are left out above the info level", () => {
    const chunks: string[] = [];
    const log = createLogger({ level: "warn", write: (chunk) => chunks.push(chunk) });
    log.request({ id: "r-1", method: "GET", path: "/", status: 200, ms: 1, aborted: false });
    log.flush();
    expect(chunks).toEqual([]);
  });
});

describe("loggablePath", () => {
  it("drops the query and bounds the length", () => {
    expect(loggablePath("/search/?q=ivan@example.com")).toBe("/search/");
    expect(loggablePath(`/${"a".repeat(500)}`)).toHaveLength(201);
  });
});
