import { describe, expect, it } from "vitest";
import { blocksOf, mergeEntry, mergeSequence } from "./merge.ts";
import { formModel } from "./model.ts";

const model = formModel("articles");
const article = {
  slug: "skvoznaya-analitika",
  title: "Сквозная аналитика для B2B",
  description: "Как связать рекламу, заявки и сделки в одном отчёте и перестать спорить о бюджете.",
  author: "anna-sokolova",
  category: "analytics",
  tags: ["analytics", "b2b"],
  published: "2026-11-20",
  body: "Первый абзац о том, зачем это нужно.\n\n## Как устроено\n\nВторой абзац о данных.\n\nТретий абзац о выводах.\n",
};

describe("a save over a colleague's newer version, merged three ways", () => {
  it("keeps both people's fields and both people's paragraphs, asking nothing (the story of issue 52)", () => {
    // Oleg: a new title and a sentence added to the second paragraph. Marina: a new description and a paragraph of her own at the end.
    const theirs = { ...article, title: "Сквозная аналитика в B2B: с чего начать", body: article.body.replace("Второй абзац о данных.", "Второй абзац о данных. Олег дописал предложение.") };
    const mine = { ...article, description: "Марина переписала описание статьи, чтобы в нём было больше пятидесяти знаков.", body: `${article.body}\nАбзац Марины в конце.\n` };
    const merge = mergeEntry(model, article, mine, theirs);
    expect(merge.clashes).toEqual([]);
    expect(merge.values.title).toBe(theirs.title);
    expect(merge.values.description).toBe(mine.description);
    expect(merge.values.body).toBe("Первый абзац о том, зачем это нужно.\n\n## Как устроено\n\nВторой абзац о данных. Олег дописал предложение.\n\nТретий абзац о выводах.\n\nАбзац Марины в конце.\n");
    expect(merge.taken).toEqual(["Заголовок страницы", "Текст статьи"]);
  });

  it("keeps a paragraph added right after one the other person changed, and two paragraphs added at one place", () => {
    const theirs = { ...article, body: article.body.replace("Третий абзац о выводах.", "Третий абзац о выводах, переписанный.") };
    const mine = { ...article, body: `${article.body}\nМой новый абзац.\n` };
    expect(mergeEntry(model, article, mine, theirs).values.body).toBe(
      "Первый абзац о том, зачем это нужно.\n\n## Как устроено\n\nВторой абзац о данных.\n\nТретий абзац о выводах, переписанный.\n\nМой новый абзац.\n",
    );
    const both = mergeEntry(model, article, { ...article, body: `${article.body}\nМой абзац.\n` }, { ...article, body: `${article.body}\nИх абзац.\n` });
    expect(both.clashes).toEqual([]);
    expect(String(both.values.body).endsWith("Третий абзац о выводах.\n\nИх абзац.\n\nМой абзац.\n")).toBe(true);
  });

  it("leaves only the paragraph both changed as a clash, with all three versions of it, and settles it as chosen", () => {
    const theirs = { ...article, title: "Их заголовок", body: article.body.replace("Второй абзац о данных.", "Второй абзац об источниках данных.") };
    const mine = { ...article, body: article.body.replace("Второй абзац о данных.", "Второй абзац о данных и отчётах.").replace("Первый абзац", "Мой первый абзац") };
    const merge = mergeEntry(model, article, mine, theirs);
    expect(merge.clashes).toMatchObject([
      { label: "Текст статьи", kind: "blocks", base: "Второй абзац о данных.", mine: "Второй абзац о данных и отчётах.", theirs: "Второй абзац об источниках данных.", editable: true },
    ]);
    const body = (choice: Parameters<typeof merge.resolve>[0]) => String(merge.resolve(choice).body);
    expect(body([{ pick: "theirs" }])).toContain("Мой первый абзац о том, зачем это нужно.\n\n## Как устроено\n\nВторой абзац об источниках данных.\n\nТретий");
    expect(body([{ pick: "both" }])).toContain("Второй абзац об источниках данных.\n\nВторой абзац о данных и отчётах.\n\nТретий");
    expect(body([{ pick: "edit", text: "Второй абзац об источниках данных и отчётах." }])).toContain("\n\nВторой абзац об источниках данных и отчётах.\n\nТретий");
    expect(merge.resolve([{ pick: "mine" }]).title).toBe("Их заголовок");
  });

  it("asks about a short field both changed differently, and takes an identical change once", () => {
    const merge = mergeEntry(model, article, { ...article, title: "Мой заголовок", category: "seo" }, { ...article, title: "Их заголовок", category: "seo" });
    expect(merge.clashes).toMatchObject([{ label: "Заголовок страницы", kind: "value", base: article.title, mine: "Мой заголовок", theirs: "Их заголовок", editable: true }]);
    expect(merge.values.category).toBe("seo");
    expect(merge.resolve([{ pick: "theirs" }]).title).toBe("Их заголовок");
    expect(merge.resolve([{ pick: "edit", text: "Общий заголовок" }]).title).toBe("Общий заголовок");
  });

  it("merges tags as a set: what either added stays, what either removed goes", () => {
    const merge = mergeEntry(model, article, { ...article, tags: ["analytics", "seo"] }, { ...article, tags: ["b2b", "crm"] });
    expect(merge.clashes).toEqual([]);
    expect(merge.values.tags).toEqual(["crm", "seo"]);
  });

  it("merges a list of groups by item: one changed by each side, one added by each", () => {
    const stage = (title: string) => ({ title, text: `Что делаем на этапе «${title}»` });
    const base = [stage("Аудит"), stage("Стратегия"), stage("Запуск")];
    const theirs = [stage("Аудит рекламы"), stage("Стратегия"), stage("Запуск"), stage("Отчёт")];
    const mine = [stage("Аудит"), stage("Стратегия"), stage("Запуск и тесты")];
    const segments = mergeSequence(base, mine, theirs, (s) => JSON.stringify(s));
    expect(segments.flatMap((s) => ("ok" in s ? s.ok : [])).map((s) => s.title)).toEqual(["Аудит рекламы", "Стратегия", "Запуск и тесты", "Отчёт"]);
  });

  it("merges a landing's blocks: different blocks changed by each, and one block's different fields, both kept", () => {
    const landings = formModel("landings");
    const hero = { kind: "hero", title: "Покажем, где реклама теряет деньги", button: "Получить аудит" };
    const steps = { kind: "steps", title: "Как проходит аудит", items: [{ title: "Доступ" }, { title: "Проверка" }] };
    const form = { kind: "form", form: "project", title: "Заявка на аудит" };
    const landing = { slug: "ads-audit", title: "Аудит рекламы", description: article.description, blocks: [hero, steps, form], variants: [], hidden: false };
    // Oleg renames the steps and the hero's button; Marina rewrites the hero's title and the form's heading.
    const theirs = { ...landing, blocks: [{ ...hero, button: "Хочу аудит" }, { ...steps, title: "Пять дней до отчёта" }, form] };
    const mine = { ...landing, blocks: [{ ...hero, title: "Найдём потери бюджета за пять дней" }, steps, { ...form, title: "Оставьте заявку" }] };
    const merge = mergeEntry(landings, landing, mine, theirs);
    expect(merge.clashes).toEqual([]);
    expect(merge.values.blocks).toEqual([
      { kind: "hero", title: "Найдём потери бюджета за пять дней", button: "Хочу аудит" },
      { ...steps, title: "Пять дней до отчёта" },
      { ...form, title: "Оставьте заявку" },
    ]);
    expect(merge.taken).toEqual(["Блоки"]);
  });

  it("asks only about the field of a block both changed differently, named by the block", () => {
    const landings = formModel("landings");
    const hero = { kind: "hero", title: "Покажем, где реклама теряет деньги", button: "Получить аудит" };
    const landing = { slug: "ads-audit", title: "Аудит рекламы", description: article.description, blocks: [hero], variants: [], hidden: false };
    const theirs = { ...landing, blocks: [{ ...hero, title: "Заголовок Олега", button: "Хочу аудит" }] };
    const mine = { ...landing, blocks: [{ ...hero, title: "Заголовок Марины" }] };
    const merge = mergeEntry(landings, landing, mine, theirs);
    expect(merge.clashes.map((c) => [c.label, c.mine, c.theirs])).toEqual([["Блоки › №\u00a01, Первый экран › Заголовок", "Заголовок Марины", "Заголовок Олега"]]);
    expect(merge.values.blocks).toEqual([{ kind: "hero", title: "Заголовок Марины", button: "Хочу аудит" }]);
    expect(merge.resolve([{ pick: "theirs" }]).blocks).toEqual([{ kind: "hero", title: "Заголовок Олега", button: "Хочу аудит" }]);
  });

  it("without the starting version, shows every differing field whole and merges nothing by itself", () => {
    const merge = mergeEntry(model, null, { ...article, body: `${article.body}\nМой абзац.\n` }, { ...article, title: "Их заголовок" });
    expect(merge.clashes.map((c) => [c.label, c.kind])).toEqual([
      ["Заголовок страницы", "value"],
      ["Текст статьи", "value"],
    ]);
    expect(merge.resolve([{ pick: "theirs" }, { pick: "mine" }])).toMatchObject({ title: "Их заголовок", body: `${article.body}\nМой абзац.\n` });
  });

  it("keeps a fenced code block with blank lines inside as one block", () => {
    expect(blocksOf("Текст.\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nЕщё.")).toEqual(["Текст.", "```js\nconst a = 1;\n\nconst b = 2;\n```", "Ещё."]);
  });
});
