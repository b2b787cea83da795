import { describe, expect, it } from "vitest";
import { analysePage, analyseRecord, type AnalysedDoc, type Field } from "./analyse.ts";

const html = (main: string) =>
  `<html><head><title>T</title><script>var x = 1</script></head><body><header><nav>Меню Услуги</nav></header>${main}<footer>Подвал &copy; 2026</footer></body></html>`;

/** The doc's blocks as [field, text], the way a reader would list them. */
const parts = (doc: AnalysedDoc): Array<[Field, string]> => doc.blocks.map((b) => [b.field, b.text]);
const words = (doc: AnalysedDoc, field: Field) => doc.blocks.filter((b) => b.field === field).flatMap((b) => b.terms.map((t) => doc.terms[t]));

describe("analysing a prerendered page", () => {
  const page = analysePage({
    url: "/services/seo/",
    kind: "service",
    html: html(
      '<main><header><nav aria-label="Хлебные крошки"><ol><li>Главная</li><li aria-current="page">SEO</li></ol></nav>' +
        "<h1>SEO для&nbsp;ритейла</h1><p>Выводим сайты в топ.</p><ul><li>Москва</li></ul></header>" +
        "<section><h2>Стоимость</h2><p>От 90 000 ₽<script>alert(1)</script> в месяц &amp; аудит.</p></section>" +
        '<details><summary>Сколько ждать?</summary><p>Три месяца.</p></details><svg><title>иконка</title></svg>' +
        '<form><label>Имя</label><input name="n"><button>Отправить</button></form></main>',
    ),
  });

  it("labels each block by the part of the page it is: breadcrumb name, title, lead, headings, body", () => {
    expect(parts(page)).toEqual([
      ["name", "SEO"],
      ["kind", "Услуга Услуги"],
      ["title", "SEO для ритейла"],
      ["lead", "Выводим сайты в топ."],
      ["body", "Москва"],
      ["heading", "Стоимость"],
      ["body", "От 90 000 ₽ в месяц & аудит."],
      ["heading", "Сколько ждать?"],
      ["body", "Три месяца."],
    ]);
  });

  it("leaves out what is not content: the site's header and footer, navigation, scripts, pictures and forms", () => {
    const all = page.blocks.map((b) => b.text).join(" ");
    for (const absent of ["Меню", "Подвал", "Главная", "alert", "иконка", "Имя", "Отправить"]) expect(all).not.toContain(absent);
  });

  it("keeps each distinct term once, blocks pointing to them in order", () => {
    expect(words(page, "title")).toEqual(["seo", "ритейл"]);
    expect(new Set(page.terms).size).toBe(page.terms.length);
  });

  it("gives the same analysis, hash included, for the same page, and another hash for another page", () => {
    const again = analysePage({ url: "/services/seo/", kind: "service", html: html("<main><h1>SEO для ритейла</h1></main>") });
    const same = analysePage({ url: "/services/seo/", kind: "service", html: html("<main><h1>SEO для ритейла</h1></main>") });
    expect(JSON.parse(JSON.stringify(again))).toEqual(same);
    expect(analysePage({ url: "/services/seo/", kind: "service", html: html("<main><h1>SEO для банков</h1></main>") }).hash).not.toBe(again.hash);
  });

  it("takes a case's client as another name", () => {
    const doc = analysePage({ url: "/projects/cases/x/", kind: "case", names: ["Медлиния"], html: html("<main><h1>Записи на МРТ подешевели</h1></main>") });
    expect(words(doc, "name")).toEqual(["медлин"]);
  });

  it("fails loudly for a page without <main> or without a heading rather than indexing the wrong text", () => {
    expect(() => analysePage({ html: "<body><mainframe></mainframe></body>", kind: "page", url: "/x/" })).toThrow("/x/ has no <main>");
    expect(() => analysePage({ html: html("<main><p>текст</p></main>"), kind: "page", url: "/y/" })).toThrow("/y/ has no <h1>");
  });
});

describe("analysing a custom record", () => {
  it("makes the title and lead its head and each further text a block of body", () => {
    const doc = analyseRecord({ url: "/events/#event-x", kind: "event", title: "Вебинар о RFM", lead: "Сегментация базы.", body: ["3 декабря", undefined, "Москва"] });
    expect(parts(doc)).toEqual([
      ["kind", "Событие События"],
      ["title", "Вебинар о RFM"],
      ["lead", "Сегментация базы."],
      ["body", "3 декабря"],
      ["body", "Москва"],
    ]);
  });
});
