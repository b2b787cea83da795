import { describe, expect, it } from "vitest";
import { MARKDOWN_MAX_CHARS, MARKDOWN_TOO_LONG } from "#core/content/fields.ts";
import { WARM_UP_CODE } from "#core/content/highlight.server.ts";
import { MARKDOWN_MESSAGES, renderMarkdown } from "#core/content/markdown.server.ts";
import { longestStall } from "../../../tests/support/stall.ts";
import { renderOffThread, TIME_LIMIT_MS } from "./markdown-off-thread.ts";

const contentDir = "content";
/** 50,000 characters that take marked half a minute on its own (decision 025). */
const hostile = "_*a".repeat(MARKDOWN_MAX_CHARS / 3);

// The workers yield to everything else (nice 10) and are held to CPU time, not wall time: beside a
// loaded machine's other work a hostile text's second of CPU can take ten of wall time.
describe("Markdown rendered off the main thread", { timeout: 90_000 }, () => {
  it("renders a text as the site would, links kept", async () => {
    const source = "## Итоги\n\nСм. [услуги](/services/) и\u00a0`код`.";
    const rendered = await renderOffThread({ source, contentDir });
    expect(rendered).toEqual({ html: renderMarkdown(source) });
    expect(rendered).toEqual({ html: expect.stringContaining('<a href="/services/">услуги</a>') as unknown });
  });

  it("refuses a hostile text within the time limit, the main thread free meanwhile, and renders the next text", async () => {
    // The limit is the worker's CPU time, so it is the CPU the process spent that is bounded,
    // whatever the machine's load makes of the wall time (decision 025, addendum).
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const { result, stallMs } = await longestStall(renderOffThread({ source: hostile, contentDir }));
    const cpu = process.cpuUsage(cpuBefore);
    // The same timer in a window as long with nothing rendered: what the machine's load costs it now.
    const span = performance.now() - started;
    const { stallMs: quietMs } = await longestStall(new Promise((resolve) => setTimeout(resolve, span)));
    expect(result).toEqual({ error: MARKDOWN_MESSAGES.tooComplex });
    // The limit, one scan past it and the answer: 1.1–1.7 s of the process's CPU (more on a loaded
    // machine, whose caches the other work thrashes), against the half a minute the text takes alone.
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(TIME_LIMIT_MS * 2);
    expect(stallMs - quietMs, `longest stall ${Math.round(stallMs)} ms while rendering, ${Math.round(quietMs)} ms without`).toBeLessThan(250);
    expect(await renderOffThread({ source: "Текст", contentDir })).toEqual({ html: "<p>Текст</p>" });
  });

  it("does not count compiling a fresh worker's code grammars in a text's time", async () => {
    // The hostile text ends the worker: the next one starts with no grammar compiled.
    expect(await renderOffThread({ source: hostile, contentDir })).toEqual({ error: MARKDOWN_MESSAGES.tooComplex });
    // Typical lines of each language: compiling their grammars takes 1.5–2 s of CPU, more than the
    // text's backstop (3 × 0.5 s of CPU); the text itself is given 0.5 s, which a machine
    // running the whole suite beside it needs (at 0.2 s it was once refused there as too slow).
    const blocks = Object.entries(WARM_UP_CODE).map(([lang, code]) => `\`\`\`${lang}\n${code}\`\`\``);
    const rendered = await renderOffThread({ source: blocks.join("\n\n"), contentDir }, 500);
    expect(rendered).toEqual({ html: expect.stringContaining('data-lang="python"') as unknown });
    expect(rendered).toEqual({ html: expect.stringContaining('data-lang="css"') as unknown });
  });

  // Counted in texts, not in wall time: beside the rest of the suite a second of one hostile text's
  // CPU can take anything from one to ten seconds of wall time, so a wait measured against another
  // moment's was a measure of the machine's load.
  it("takes people's texts in turn: one editor's six hostile previews keep another's text waiting one text at most", async () => {
    let answered = 0;
    const hostiles = Array.from({ length: 6 }, () =>
      renderOffThread({ source: hostile, contentDir }, TIME_LIMIT_MS, "marina").then((answer) => {
        answered += 1;
        return answer;
      }),
    );
    const ordinary = await renderOffThread({ source: "Обычный текст", contentDir }, TIME_LIMIT_MS, "oleg");
    const answeredBefore = answered;
    expect(ordinary).toEqual({ html: "<p>Обычный текст</p>" });
    // Two workers take marina's first two texts, and her third may take the first turn after them;
    // in one queue the ordinary text came after all six (at least five answered before it).
    expect(answeredBefore, "hostile previews answered before the ordinary text").toBeLessThanOrEqual(3);
    for (const answer of await Promise.all(hostiles)) expect(answer).toEqual({ error: MARKDOWN_MESSAGES.tooComplex });
  });

  it("refuses a text over the size limit without rendering it", async () => {
    expect(await renderOffThread({ source: "а".repeat(MARKDOWN_MAX_CHARS + 1), contentDir })).toEqual({ error: MARKDOWN_TOO_LONG });
  });

  it.each(["/\\evil.example", "//evil.example", "</\t/evil.example>"])("refuses a link to %j in Russian", async (href) => {
    const result = await renderOffThread({ source: `[здесь](${href})`, contentDir });
    expect(result).toEqual({ error: expect.stringMatching(/^Ссылка «.*» не\u00a0годится/) as unknown });
  });
});
