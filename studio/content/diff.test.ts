import { describe, expect, it } from "vitest";
import { entryDiff, textParts } from "./diff.ts";
import { formModel } from "./model.ts";

describe("an entry's difference as people read it", () => {
  const model = formModel("articles");

  it("names changed fields by their labels and leaves unchanged ones out", () => {
    const before = { slug: "a", title: "Старый заголовок", description: "Описание", tags: ["seo"], body: "Текст" };
    const after = { ...before, title: "Новый заголовок", tags: ["seo", "analytics"] };
    const changes = entryDiff(model, before, after);
    expect(changes.map((c) => c.label)).toEqual(["Заголовок страницы", "Теги"]);
    expect(changes[1]).toMatchObject({ kind: "value", before: "seo", after: "seo, analytics" });
  });

  it("marks the changed words of a text only", () => {
    const parts = textParts("Мы настроили сквозную аналитику за две недели.", "Мы настроили сквозную аналитику за три недели.");
    expect(parts.filter((p) => p.op === "removed").map((p) => p.text)).toEqual(["две"]);
    expect(parts.filter((p) => p.op === "added").map((p) => p.text)).toEqual(["три"]);
  });

  it("takes a changed Russian word as a whole, even when it shares letters with the new one", () => {
    const parts = textParts("мы провели стратегическую работу", "мы провели сложную работу");
    expect(parts.filter((p) => p.op !== "same")).toEqual([
      { op: "removed", text: "стратегическую" },
      { op: "added", text: "сложную" },
    ]);
  });

  it("folds a long unchanged run between two changes, keeping context on each side", () => {
    const middle = Array.from({ length: 200 }, (_, i) => `слово${i}`).join(" ");
    const parts = textParts(`Один ${middle} конец.`, `Два ${middle} финал.`);
    const gap = parts.find((p) => p.op === "gap");
    expect(gap?.text.length).toBeGreaterThan(500);
    const shown = parts.filter((p) => p.op !== "gap").map((p) => p.text).join("");
    expect(shown.length).toBeLessThan(400);
    expect(shown).toContain("слово0");
    expect(shown).toContain("слово199");
  });

  it("shows dates in Russian and choices by their labels", () => {
    const changes = entryDiff(model, { published: "2026-11-25" }, { published: "2026-12-01" });
    expect(changes).toEqual([{ label: "Дата публикации", kind: "value", before: "25 ноября 2026", after: "1 декабря 2026" }]);
  });
});
