import { describe, expect, it } from "vitest";
import { bindShortWords, jsxTextValue, typographSource, uiTypography } from "./ui-typography.ts";

const visible = (text: string | null) => (text ?? "").replace(/\u00a0/g, "␣");

describe("bindShortWords", () => {
  it("binds words of one or two letters to the next word", () => {
    expect(visible(bindShortWords("О компании"))).toBe("О␣компании");
    expect(visible(bindShortWords("Услуги по отраслям"))).toBe("Услуги по␣отраслям");
    expect(visible(bindShortWords("Вопросы и ответы"))).toBe("Вопросы и␣ответы");
    expect(visible(bindShortWords("HR и маркетинг"))).toBe("HR␣и␣маркетинг");
  });
  it("binds a particle to the word before it, as typograf does for content", () => {
    expect(visible(bindShortWords("Что мы бы сделали"))).toBe("Что мы␣бы сделали");
  });
  it("only ever turns a space into U+00A0", () => {
    for (const text of ['"в кавычках" -- и тире...', "R&D и маркетинг", "a &nbsp; в тексте", "  в  начале  ", "(c) в 2026"]) {
      const bound = bindShortWords(text);
      expect(bound.length).toBe(text.length);
      expect(bound.replace(/\u00a0/g, " ")).toBe(text.replace(/\u00a0/g, " "));
    }
  });
  it("leaves text without Cyrillic alone (English messages are fixed texts)", () => {
    expect(bindShortWords("Navigating to an external URL is not allowed")).toBe(
      "Navigating to an external URL is not allowed",
    );
  });
});

describe("jsxTextValue", () => {
  it("renders JSX text the way React receives it", () => {
    expect(jsxTextValue("\n    Мы\n    делаем и то ")).toBe("Мы делаем и то ");
    expect(jsxTextValue(" и текст\n  ")).toBe(" и текст");
    expect(jsxTextValue("\n   \n")).toBe("");
  });
});

describe("typographSource", () => {
  it("typographs JSX text, attributes, strings and template parts", () => {
    const out = typographSource(
      [
        "const LABELS = { about: 'О компании' };",
        "const when = `Редакция от ${date}`;",
        'export const A = () => <p title="Всё о нас">',
        "  Мы\n  делаем и то\n</p>;",
      ].join("\n"),
      "a.tsx",
    );
    expect(visible(out)).toBe(
      [
        "const LABELS = { about: 'О␣компании' };",
        "const when = `Редакция от␣${date}`;",
        'export const A = () => <p title="Всё о␣нас">{"Мы␣делаем и␣то"}',
        "",
        "",
        "</p>;",
      ].join("\n"),
    );
  });
  it("reads JSX text's entities as React does, and leaves text with an entity it does not know as written", () => {
    expect(visible(typographSource("const x = <p>Нигде: ни в&nbsp;записях &laquo;Ок&raquo;</p>;", "a.tsx"))).toBe('const x = <p>{"Нигде: ни␣в␣записях «Ок»"}</p>;');
    expect(typographSource("const x = <p>Текст в &unknown; виде</p>;", "a.tsx")).toBeNull();
  });
  it("keeps the line count, so later lines keep their numbers", () => {
    const code = "const x = <p>\n  Мы и\n  вы\n</p>;\nconst y = 1;";
    expect(typographSource(code, "a.tsx")?.split("\n")).toHaveLength(code.split("\n").length);
  });
  it("skips keys, imports, regular expressions and .no-typografy elements", () => {
    const code = [
      'import x from "./в а";',
      'const map = { "в ключе": 1 };',
      'const re = new RegExp("[а-я ]в ");',
      'const c = <code className="no-typografy">и так</code>;',
    ].join("\n");
    expect(typographSource(code, "a.tsx")).toBeNull();
  });
  it("runs on the app's modules only", () => {
    const plugin = uiTypography();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform("const a = 'О нас';", "/site/app/ui/a.ts")?.code).toContain("О\u00a0нас");
    expect(transform("const a = 'О нас';", "/site/node_modules/x/a.ts")).toBeNull();
    expect(transform("const a = 'О нас';", "/site/app/ui/a.test.ts")).toBeNull();
  });
});
