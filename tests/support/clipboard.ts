/**
 * What Word, Google Docs and a web page put on the clipboard as text/html when a passage is
 * copied in Chrome (Windows Word 16, Google Docs, a site's article): each source's own markup,
 * its styles inline and in a style sheet, its wrappers and its empty paragraphs, shortened to a
 * few blocks but not tidied. Each comes with the Markdown a paste of it must make: the bold,
 * italic, headings, lists, links and tables the source showed, nothing else.
 */

const WORD_SPAN = "<span lang=RU style='mso-ansi-language:RU'>";
const wordBullet = (glyph: string, font: string) =>
  `<![if !supportLists]><span lang=RU style='font-family:${font};mso-fareast-font-family:${font};mso-bidi-font-family:${font};mso-ansi-language:RU'><span style='mso-list:Ignore'>${glyph}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>`;
const wordNumber = (n: number) =>
  `<![if !supportLists]><span lang=RU style='mso-bidi-font-family:Calibri;mso-bidi-theme-font:minor-latin;mso-ansi-language:RU'><span style='mso-list:Ignore'>${n}.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>`;
const wordCell = (inner: string) =>
  `\r\n  <td width=301 valign=top style='width:225.65pt;border:solid windowtext 1.0pt;mso-border-alt:solid windowtext .5pt;padding:0cm 5.4pt 0cm 5.4pt'>\r\n  <p class=MsoNormal style='margin-bottom:0cm;line-height:normal'>${inner}</p>\r\n  </td>`;

export const WORD = {
  html: [
    `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">`,
    `<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=ProgId content=Word.Document><meta name=Generator content="Microsoft Word 15"><meta name=Originator content="Microsoft Word 15">`,
    `<link rel=File-List href="file:///C:/Users/marina/AppData/Local/Temp/msohtmlclip1/01/clip_filelist.xml"><!--[if gte mso 9]><xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]-->`,
    `<style><!-- /* Font Definitions */ @font-face {font-family:"Cambria Math"; panose-1:2 4 5 3 5 4 6 3 2 4;} p.MsoNormal, li.MsoNormal, div.MsoNormal {mso-style-unhide:no; margin-top:0cm; margin-right:0cm; margin-bottom:8.0pt; margin-left:0cm; line-height:107%; font-size:11.0pt; font-family:"Calibri",sans-serif;} h1 {mso-style-link:"Заголовок 1 Знак"; font-size:16.0pt; font-weight:normal;} p.MsoListParagraphCxSpFirst {margin-left:36.0pt; mso-add-space:auto;} @list l0:level1 {mso-level-number-format:bullet; mso-level-text:\\F0B7; font-family:Symbol;} @list l1:level1 {mso-level-tab-stop:none; mso-level-number-position:left; text-indent:-18.0pt;} --></style></head>`,
    `<body lang=RU link="#0563C1" vlink="#954F72" style='tab-interval:35.4pt;word-wrap:break-word'><!--StartFragment-->`,
    `<h1><span lang=RU style='mso-ansi-language:RU'>Отчёт за квартал<o:p></o:p></span></h1>\r\n`,
    `<p class=MsoNormal>${WORD_SPAN}Мы </span><b>${WORD_SPAN}удвоили</span></b>${WORD_SPAN} число заявок и </span><i style='mso-bidi-font-style:normal'>${WORD_SPAN}снизили</span></i>${WORD_SPAN} их\r\nцену. Обычный текст с </span><span lang=RU style='mso-bidi-font-weight:bold;mso-bidi-font-style:italic;mso-ansi-language:RU'>подписью</span>${WORD_SPAN}, подробности в </span><a href="https://example.com/otchet"><span lang=RU style='mso-ansi-language:RU'>отчёте</span></a>${WORD_SPAN}.<o:p></o:p></span></p>\r\n`,
    `<p class=MsoNormal><span lang=RU style='mso-ansi-language:RU'><o:p>&nbsp;</o:p></span></p>\r\n`,
    `<h2><span lang=RU style='mso-ansi-language:RU'>Что сделали<o:p></o:p></span></h2>\r\n`,
    `<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'>${wordBullet("·", "Symbol")}${WORD_SPAN}Настроили аналитику<o:p></o:p></span></p>\r\n`,
    `<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level2 lfo1'>${wordBullet("o", '"Courier New"')}${WORD_SPAN}цели в Метрике<o:p></o:p></span></p>\r\n`,
    `<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'>${wordBullet("·", "Symbol")}<b>${WORD_SPAN}Запустили</span></b>${WORD_SPAN} рекламу<o:p></o:p></span></p>\r\n`,
    `<p class=MsoNormal>${WORD_SPAN}Что дальше:<o:p></o:p></span></p>\r\n`,
    `<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'>${wordNumber(1)}${WORD_SPAN}Собрать брифы<o:p></o:p></span></p>\r\n`,
    `<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'>${wordNumber(2)}${WORD_SPAN}Обновить сайт<o:p></o:p></span></p>\r\n`,
    `<p class=MsoNormal><span lang=RU style='mso-ansi-language:RU'><o:p>&nbsp;</o:p></span></p>\r\n`,
    `<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 style='border-collapse:collapse;border:none;mso-border-alt:solid windowtext .5pt;mso-yfti-tbllook:1184;mso-padding-alt:0cm 5.4pt 0cm 5.4pt'>\r\n <tr style='mso-yfti-irow:0;mso-yfti-firstrow:yes'>`,
    wordCell(`<b>${WORD_SPAN}Канал<o:p></o:p></span></b>`),
    wordCell(`<b>${WORD_SPAN}Заявки<o:p></o:p></span></b>`),
    `\r\n </tr>\r\n <tr style='mso-yfti-irow:1;mso-yfti-lastrow:yes'>`,
    wordCell(`${WORD_SPAN}Директ<o:p></o:p></span>`),
    wordCell(`<span lang=EN-US style='mso-ansi-language:EN-US'>120<o:p></o:p></span>`),
    `\r\n </tr>\r\n</table>\r\n<!--EndFragment--></body></html>`,
  ].join(""),
  markdown: [
    "## Отчёт за квартал",
    "Мы **удвоили** число заявок и _снизили_ их цену. Обычный текст с подписью, подробности в [отчёте](https://example.com/otchet).",
    "## Что сделали",
    "- Настроили аналитику\n  - цели в Метрике\n- **Запустили** рекламу",
    "Что дальше:",
    "1. Собрать брифы\n2. Обновить сайт",
    "| **Канал** | **Заявки** |\n| --- | --- |\n| Директ | 120 |",
  ].join("\n\n"),
};

const DOCS_TEXT = "font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;";
const docsSpan = (text: string, weight = 400, italic = false) => `<span style="${DOCS_TEXT}font-weight:${weight};font-style:${italic ? "italic" : "normal"};">${text}</span>`;
const DOCS_P = `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"`;
const docsItem = (text: string, level: number, type: string) =>
  `<li dir="ltr" style="list-style-type:${type};${DOCS_TEXT}font-weight:400;font-style:normal;" aria-level="${level}">${DOCS_P} role="presentation">${docsSpan(text)}</p></li>`;
const DOCS_LIST = `style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"`;
const docsCell = (text: string, weight = 400) =>
  `<td style="border-left:solid #000000 1pt;border-right:solid #000000 1pt;border-bottom:solid #000000 1pt;border-top:solid #000000 1pt;vertical-align:top;padding:5pt 5pt 5pt 5pt;overflow:hidden;overflow-wrap:break-word;"><p dir="ltr" style="line-height:1.2;margin-top:0pt;margin-bottom:0pt;">${docsSpan(text, weight)}</p></td>`;

export const GOOGLE_DOCS = {
  html: [
    `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5e3c2a1b-7fff-4c1d-9a2e-5b0d2c6f81aa">`,
    `<h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Итоги квартала</span></h1>`,
    `${DOCS_P}>${docsSpan("Это ")}${docsSpan("важно", 700)}${docsSpan(", а это ")}${docsSpan("пояснение", 400, true)}${docsSpan(", см. ")}<a href="https://example.com/otchet" style="text-decoration:none;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#1155cc;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:underline;-webkit-text-decoration-skip:none;text-decoration-skip-ink:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">отчёт</span></a>${docsSpan(".")}</p>`,
    `<br><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Что изменилось</span></h2>`,
    `<ul ${DOCS_LIST}>${docsItem("Заявки выросли на 30 %", 1, "disc")}<ul ${DOCS_LIST}>${docsItem("из поиска", 2, "circle")}</ul>${docsItem("Стоимость заявки упала", 1, "disc")}</ul>`,
    `<br><ol ${DOCS_LIST}>${docsItem("Первый шаг", 1, "decimal")}${docsItem("Второй шаг", 1, "decimal")}</ol><br>`,
    `<div dir="ltr" style="margin-left:0pt;" align="left"><table style="border:none;border-collapse:collapse;"><colgroup><col width="200" /><col width="200" /></colgroup><tbody>`,
    `<tr style="height:0pt">${docsCell("Канал", 700)}${docsCell("Заявки", 700)}</tr><tr style="height:0pt">${docsCell("Директ")}${docsCell("120")}</tr>`,
    `</tbody></table></div></b><br class="Apple-interchange-newline">`,
  ].join(""),
  markdown: [
    "## Итоги квартала",
    "Это **важно**, а это _пояснение_, см. [отчёт](https://example.com/otchet).",
    "## Что изменилось",
    "- Заявки выросли на 30 %\n  - из поиска\n- Стоимость заявки упала",
    "1. Первый шаг\n2. Второй шаг",
    "| **Канал** | **Заявки** |\n| --- | --- |\n| Директ | 120 |",
  ].join("\n\n"),
};

/** Chrome writes the computed style of each copied element inline: this much on every block. */
const PAGE_TEXT =
  "box-sizing: border-box; color: rgb(20, 22, 26); font-family: Onest, system-ui, sans-serif; font-size: 18px; font-style: normal; font-variant-ligatures: normal; font-variant-caps: normal; letter-spacing: normal; orphans: 2; text-indent: 0px; text-transform: none; widows: 2; word-spacing: 0px; -webkit-text-stroke-width: 0px; white-space: normal; text-decoration-thickness: initial; text-decoration-style: initial; text-decoration-color: initial;";

export const WEB_PAGE = {
  html: [
    `<meta charset='utf-8'><h1 class="article__title" style="${PAGE_TEXT} margin: 0px 0px 24px; font-weight: 800; line-height: 1.1;">Кейс: рост заявок</h1>`,
    `<p class="article__lead" style="${PAGE_TEXT} margin: 0px; font-weight: 400;">Агентство помогло клиенту <strong style="box-sizing: border-box; font-weight: bolder;">удвоить</strong> заявки за <em style="box-sizing: border-box;">три месяца</em>. <span class="badge" style="box-sizing: border-box; padding: 2px 8px; border-radius: 999px; background: rgb(235, 235, 254); color: rgb(37, 40, 196); font-size: 14px;">Новое</span> Подробнее — в <a href="https://example.com/blog/keis" class="link" style="box-sizing: border-box; color: rgb(58, 61, 240); text-decoration: underline;">разборе кейса</a>.</p>`,
    `<figure class="article__figure" style="${PAGE_TEXT} margin: 24px 0px;"><img src="https://example.com/images/grafik.png" alt="График заявок" width="640" height="360" style="box-sizing: border-box; max-width: 100%; height: auto;"><figcaption style="box-sizing: border-box; font-size: 14px;"></figcaption></figure>`,
    `<h3 id="chto-sdelali" style="${PAGE_TEXT} margin: 40px 0px 12px; font-weight: 700; font-size: 24px;">Что сделали</h3>`,
    `<ul class="checklist" style="${PAGE_TEXT} margin: 0px; padding-inline-start: 24px; font-weight: 400;"><li style="box-sizing: border-box;">Настроили <span class="accent" style="box-sizing: border-box; font-weight: 600;">сквозную аналитику</span></li><li style="box-sizing: border-box; margin-top: 8px;">Перезапустили <b style="box-sizing: border-box;">рекламу</b> в <i style="box-sizing: border-box;">Директе</i></li></ul>`,
    `<div class="table-wrap" style="${PAGE_TEXT} overflow-x: auto; font-weight: 400;"><table class="data" style="box-sizing: border-box; border-collapse: collapse; font-size: 16px;"><thead style="box-sizing: border-box;"><tr style="box-sizing: border-box;"><th scope="col" style="box-sizing: border-box; padding: 8px 12px; text-align: start; font-weight: 600;">Канал</th><th scope="col" style="box-sizing: border-box; padding: 8px 12px; text-align: start; font-weight: 600;">Заявки</th></tr></thead>`,
    `<tbody style="box-sizing: border-box;"><tr style="box-sizing: border-box;"><td style="box-sizing: border-box; padding: 8px 12px; border-bottom: 1px solid rgb(221, 224, 230);">Директ</td><td style="box-sizing: border-box; padding: 8px 12px; border-bottom: 1px solid rgb(221, 224, 230);">120</td></tr><tr style="box-sizing: border-box;"><td style="box-sizing: border-box; padding: 8px 12px;">SEO</td><td style="box-sizing: border-box; padding: 8px 12px;">45</td></tr></tbody></table></div>`,
  ].join(""),
  markdown: [
    "## Кейс: рост заявок",
    "Агентство помогло клиенту **удвоить** заявки за _три месяца_. Новое Подробнее — в [разборе кейса](https://example.com/blog/keis).",
    "### Что сделали",
    "- Настроили **сквозную аналитику**\n- Перезапустили **рекламу** в _Директе_",
    "| Канал | Заявки |\n| --- | --- |\n| Директ | 120 |\n| SEO | 45 |",
  ].join("\n\n"),
};
