import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { content } from "#core/content/index.server.ts";
import { TEXT_ON_DISK_CHARS, textsApart, withTextsFrom } from "./texts.ts";

describe("an entry's long texts kept apart for the serving processes", () => {
  const dir = mkdtempSync(join(tmpdir(), "texts-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const whole = content();
  const apart = textsApart(whole);
  const file = join(dir, "texts.bin");
  writeFileSync(file, apart.texts);
  const served = JSON.stringify(apart.content);

  it("leaves in the served content no text as long as an article's body, and every short field as it was", () => {
    const article = whole.articles[0];
    expect(article && article.body.length).toBeGreaterThan(TEXT_ON_DISK_CHARS);
    expect(served).not.toContain(article?.body.slice(0, 200));
    expect(served).toContain(JSON.stringify(article?.title));
    // An article is mostly its body: a fraction of the articles stays in memory.
    expect(JSON.stringify(apart.content.articles).length).toBeLessThan(JSON.stringify(whole.articles).length / 5);
  });

  it("gives every entry its texts back, read from the file, the same to the byte", () => {
    const loaded = withTextsFrom(JSON.parse(served) as typeof whole, file);
    expect(JSON.stringify(loaded)).toBe(JSON.stringify(whole));
    expect(loaded.articles[1]?.body).toBe(whole.articles[1]?.body);
    expect({ ...loaded.services[0] }).toEqual({ ...whole.services[0] });
  });
});
