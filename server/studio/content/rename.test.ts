import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntryInvalid } from "./check.ts";
import { atAddress, followRename } from "./rename.ts";

/** A copy of the demo content, with a link to the case in an article and one in a case's «Задача». */
let dir: string;
const ARTICLE = "academy/analytics-attribution-models.md";
const CASE_TASK = "projects/cases/avtopark-crm.md";

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "rename-test-"));
  cpSync("content", dir, { recursive: true, filter: (source) => !source.includes("/uploads/") });
  const article = readFileSync(join(dir, ARTICLE), "utf8");
  writeFileSync(join(dir, ARTICLE), `${article.trimEnd()}\n\nСм. [кейс](/projects/cases/sever-market-seo/#итоги) и \`/projects/cases/sever-market-seo/\`.\n`);
  const kase = readFileSync(join(dir, CASE_TASK), "utf8");
  writeFileSync(join(dir, CASE_TASK), kase.replace("task: |\n", "task: |\n  Как в [другом кейсе](http://localhost:3000/projects/cases/sever-market-seo).\n\n"));
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("renaming follows references", () => {
  it("lists the services, the review and the links by title and field", () => {
    const { references } = followRename(dir, "cases", "sever-market-seo", "sever-market-2026", ["http://localhost:3000"]);
    const lines = references.map((r) => `${r.type}/${r.slug} ${r.field} ${r.kind}`).sort();
    expect(lines).toEqual([
      "articles/analytics-attribution-models Текст статьи link",
      "cases/avtopark-crm Задача link",
      "reviews/sever-market Кейс field",
      "services/seo Кейсы field",
      "services/web-analytics Кейсы field",
    ]);
  });

  it("rewrites only the slug and the link targets, byte for byte elsewhere", () => {
    const { writes } = followRename(dir, "cases", "sever-market-seo", "sever-market-2026", ["http://localhost:3000"]);
    expect([...writes.keys()].sort()).toEqual([ARTICLE, CASE_TASK, "projects/reviews/sever-market.md", "redirects.csv", "services/seo.md", "services/web-analytics.md"].sort());
    // Old addresses that led to the case lead to its new address (the table's other rows untouched).
    const table = readFileSync(join(dir, "redirects.csv"), "utf8");
    expect(writes.get("redirects.csv")).toBe(table.replaceAll(",/projects/cases/sever-market-seo/\n", ",/projects/cases/sever-market-2026/\n"));
    expect(writes.get("redirects.csv")).not.toBe(table);
    for (const path of [ARTICLE, "projects/reviews/sever-market.md", "services/seo.md", "services/web-analytics.md"]) {
      const before = readFileSync(join(dir, path), "utf8");
      expect(writes.get(path)).toBe(before.replace(/(?<!`)\/projects\/cases\/sever-market-seo\/#|(?<=case: |  - )sever-market-seo$/gm, (found) => found.replace("sever-market-seo", "sever-market-2026")));
    }
    expect(writes.get(ARTICLE)).toContain("`/projects/cases/sever-market-seo/`");
    expect(writes.get(CASE_TASK)).toContain("(http://localhost:3000/projects/cases/sever-market-2026)");
  });

  it("finds nothing for an entry nobody names", () => {
    expect(followRename(dir, "cases", "no-such-case", "other", [])).toEqual({ references: [], writes: new Map() });
  });

  it("says a rename's remaining site refusal at the address field", () => {
    const said = atAddress(new EntryInvalid("С этим изменением сайт не опубликовать", {}, ["Услуга «SEO», поле «Кейсы»: нет такого кейса"]));
    expect((said as EntryInvalid).errors).toEqual({ slug: "С\u00a0новым адресом сайт не\u00a0опубликовать: Услуга «SEO», поле «Кейсы»: нет такого кейса" });
    const fields = new EntryInvalid("Проверьте поля", { title: "Обязательное поле" });
    expect(atAddress(fields)).toBe(fields);
  });
});
